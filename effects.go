package dcplan

import (
	"bytes"
	"slices"
	"time"
)

// The methods in this file are the typed effect of each write action: what
// a backend changes in the object the action names. Snapshot.After and the
// fake backend both apply actions through them, so the meaning of an action
// is written once. Preconditions (the From fields) are the caller's
// business: these methods only write.

// ApplyTo makes the DC named by a the controller owner of d (SPEC 3.3.2).
func (a Adopt) ApplyTo(d *Deployment) {
	d.Controller = OwnerRef{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig",
		Name: a.Config, UID: a.ConfigUID, Controller: true, BlockOwnerDeletion: true}
	d.HasController = true
}

// ApplyTo removes d's controller reference when it points at the DC a
// releases for (SPEC 3.3.1); any other owner is left alone.
func (a Release) ApplyTo(d *Deployment) {
	if d.HasController && d.Controller.UID == a.ConfigUID {
		d.Controller, d.HasController = OwnerRef{}, false
	}
}

// ApplyTo marks d cancelled with a's reason (SPEC 2.3).
func (a Cancel) ApplyTo(d *Deployment) {
	d.Cancelled, d.Reason = true, a.Reason
}

// ApplyTo sets d's spec.replicas, and with SyncAnnotation its
// openshift.io/deployment.replicas annotation too (SPEC 3.6, 3.11).
func (a Scale) ApplyTo(d *Deployment) {
	d.Replicas = a.To
	if a.SyncAnnotation {
		d.SyncedReplicas, d.HasSyncedReplicas = a.To, true
	}
}

// ApplyTo writes the phase and annotation changes of a into d, in the order
// the Transition documents: ClearCancel, SetReason, phase, deployer pod
// name and timestamps, SyncDesired, CommitDesired, ScaleToZero (SPEC 4.4,
// 6.2).
func (a Transition) ApplyTo(d *Deployment) {
	if a.ClearCancel {
		d.Cancelled, d.Reason = false, ""
	}
	if a.SetReason {
		d.Reason = a.Reason
	}
	d.Phase, d.PhaseSpelling = a.To, "" // the annotation now holds To's spelling
	if a.DeployerPod != "" {
		d.DeployerPodName = a.DeployerPod
	}
	if !a.CreatedAt.IsZero() {
		d.CreatedAt = a.CreatedAt
	}
	if !a.StartedAt.IsZero() {
		d.StartedAt = a.StartedAt
	}
	if a.Completed || !a.CompletedAt.IsZero() {
		d.CompletedAt = a.CompletedAt
	}
	if !a.RetriedAt.IsZero() {
		d.RetriedAt = a.RetriedAt
	}
	if a.RetriedPod != "" {
		d.RetriedPod = a.RetriedPod
	}
	if a.SyncDesired && (d.HasDesiredReplicas || d.UnreadDesiredReplicas) {
		// The annotation's text is copied as it stands: a count reads
		// back as that count, any other text as no count.
		d.SyncedReplicas, d.HasSyncedReplicas = d.DesiredReplicas, d.HasDesiredReplicas
	}
	if a.CommitDesired {
		d.SyncedReplicas, d.HasSyncedReplicas = d.DesiredReplicas, d.HasDesiredReplicas
		d.DesiredReplicas, d.HasDesiredReplicas, d.UnreadDesiredReplicas = 0, false, false
	}
	if a.ScaleToZero {
		d.Replicas = 0
	}
}

// ApplyTo adds the RC as an owner of p (SPEC 4.6).
func (a SetPodOwner) ApplyTo(p *Pod) {
	p.Owners = append(slices.Clip(p.Owners), rcOwner(a.RC, a.RCUID))
}

// ApplyTo sets p's spec.activeDeadlineSeconds (SPEC 2.3).
func (a SetPodDeadline) ApplyTo(p *Pod) {
	p.ActiveDeadlineSeconds, p.HasActiveDeadline = a.To, true
}

// ApplyTo writes the flagged spec fields of a into c and reports whether
// any of them changed (the API server then bumps metadata.generation; that
// is the caller's business).
func (a ConfigUpdate) ApplyTo(c *Config) (changed bool) {
	if a.SetReplicas && c.Replicas != a.ReplicasTo {
		c.Replicas, changed = a.ReplicasTo, true
	}
	if a.SetSelector && !slices.Equal(c.Selector, a.Selector) {
		c.Selector, changed = slices.Clone(a.Selector), true
	}
	if a.SetPaused && c.Paused != a.PausedTo {
		c.Paused, changed = a.PausedTo, true
	}
	if a.SetTemplate && (c.Template.Hash != a.Template.Hash || !slices.Equal(c.Template.Containers, a.Template.Containers) ||
		!bytes.Equal(c.Template.Raw, a.Template.Raw)) {
		c.Template, changed = a.Template.Clone(), true
	}
	if a.SetTriggers && !slices.EqualFunc(c.Triggers, a.Triggers, Trigger.Equal) {
		c.Triggers, changed = cloneEach(a.Triggers, Trigger.Clone), true
	}
	if a.SetStrategy && !a.Strategy.Equal(&c.Strategy) {
		c.Strategy, changed = a.Strategy.Clone(), true
	}
	if a.SetLatestVersion {
		c.Status.LatestVersion = a.LatestVersionTo // status: no generation bump
	}
	return changed
}

// Created returns the pod a backend holds right after creating dp at now:
// created at now in whole seconds, as an API server stamps
// creationTimestamp, and Pending, as the pod strategy sets status.phase on
// create; no UID; owned by the RC unless dp is Unowned (the Origin
// deployer pod).
func (dp DeployerPod) Created(now time.Time) Pod {
	p := Pod{
		Namespace:             dp.Namespace,
		Name:                  dp.Name,
		CreationTime:          now.Truncate(time.Second),
		Phase:                 PodPending,
		DeploymentName:        lookup(dp.Annotations, AnnotationDeploymentName),
		DeployerFor:           lookup(dp.Labels, LabelDeployerPodFor),
		ActiveDeadlineSeconds: dp.ActiveDeadlineSeconds,
		HasActiveDeadline:     true,
	}
	if !dp.Unowned {
		p.Owners = []OwnerRef{rcOwner(dp.RC, dp.RCUID)}
	}
	return p
}

// Created returns the RC a backend holds right after the create a asks
// for at now: a's Deployment created at now in whole seconds, as an API
// server stamps creationTimestamp whatever the body says (the New-phase
// timeout counts from it, SPEC 4.3.new.3); no UID.
func (a CreateRC) Created(now time.Time) Deployment {
	d := a.Deployment.Clone()
	d.CreationTime = now.Truncate(time.Second)
	return d
}

func rcOwner(name, uid string) OwnerRef {
	return OwnerRef{APIVersion: "v1", Kind: "ReplicationController", Name: name, UID: uid}
}

func lookup(kvs []KeyValue, key string) string {
	for _, e := range kvs {
		if e.Key == key {
			return e.Value
		}
	}
	return ""
}
