package dcplan

import (
	"bytes"
	"slices"
	"time"
)

// After returns the snapshot a backend would hold once p is applied to the
// world s describes, at the level of the typed fields. It is the model the
// scenario runner's apply command and the simulators use; it is not a wire
// codec (Raw fields are carried unchanged, and the typed fields win).
//
// The plan's fields are applied in contract order (see Plan). Each action
// finds its target by name; an action whose target is missing is skipped,
// and so is a create whose name is taken. Preconditions (From fields, UIDs)
// are not checked: After models a backend that accepts every write.
//
//  1. Adopt sets the RC's controller reference to the DC
//     (apps.openshift.io/v1 DeploymentConfig <Config> <ConfigUID>,
//     controller and blockOwnerDeletion). Release clears the controller
//     reference when its UID is ConfigUID.
//  2. ConfigUpdate writes the spec fields it flags: replicas, selector,
//     paused, template, triggers. SetStrategy carries JSON only and changes no
//     typed field. Metadata.generation goes up by one when a flagged
//     field changes, as the API server does.
//  3. CreatePod appends a pod: the name, namespace, the
//     openshift.io/deployment.name annotation and
//     openshift.io/deployer-pod-for.name label of the DeployerPod, an
//     owner reference to the RC (v1 ReplicationController), its
//     activeDeadlineSeconds, CreationTime = s.Now and no phase.
//     SetPodOwner appends an owner reference to the RC (v1
//     ReplicationController); SetPodDeadline sets activeDeadlineSeconds;
//     DeletePod removes the pod.
//  4. CreateRC appends CreateRC.Deployment.
//  5. Cancel sets Cancelled and Reason. Scale sets Replicas = To, and with
//     SyncAnnotation SyncedReplicas = To. Transition applies, in this
//     order: ClearCancel (Cancelled false, Reason ""), SetReason, Phase =
//     To, DeployerPod and the three deployer timestamps when non-empty,
//     CommitDesired (SyncedReplicas = DesiredReplicas, HasSyncedReplicas =
//     HasDesiredReplicas, then the desired count removed), ScaleToZero.
//  6. DeleteRC removes the RC.
//  7. Status replaces Config.Status.
//  8. Events change nothing.
//
// After never modifies s or p, and the result shares no memory with them.
func (s Snapshot) After(p Plan) Snapshot {
	out := s.Clone()
	rc := func(name string) *Deployment {
		for i := range out.Deployments {
			if out.Deployments[i].Name == name {
				return &out.Deployments[i]
			}
		}
		return nil
	}
	pod := func(name string) *Pod {
		for i := range out.Pods {
			if out.Pods[i].Name == name {
				return &out.Pods[i]
			}
		}
		return nil
	}
	for _, a := range p.Adopt {
		if d := rc(a.RC); d != nil {
			d.Controller = OwnerRef{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig",
				Name: a.Config, UID: a.ConfigUID, Controller: true, BlockOwnerDeletion: true}
			d.HasController = true
		}
	}
	for _, a := range p.Release {
		if d := rc(a.RC); d != nil && d.HasController && d.Controller.UID == a.ConfigUID {
			d.Controller, d.HasController = OwnerRef{}, false
		}
	}
	for _, a := range p.UpdateConfig {
		if a.Config == out.Config.Name {
			out.Config = updateConfig(out.Config, a)
		}
	}
	for _, a := range p.CreatePods {
		if pod(a.Pod.Name) == nil {
			out.Pods = append(out.Pods, createdPod(a.Pod, s.Now))
		}
	}
	for _, a := range p.SetPodOwners {
		if o := pod(a.Pod); o != nil {
			o.Owners = append(o.Owners, rcOwner(a.RC, a.RCUID))
		}
	}
	for _, a := range p.SetPodDeadlines {
		if o := pod(a.Pod); o != nil {
			o.ActiveDeadlineSeconds, o.HasActiveDeadline = a.To, true
		}
	}
	for _, a := range p.DeletePods {
		out.Pods = slices.DeleteFunc(out.Pods, func(o Pod) bool { return o.Name == a.Pod })
	}
	for _, a := range p.CreateRCs {
		if rc(a.Deployment.Name) == nil {
			out.Deployments = append(out.Deployments, a.Deployment.Clone())
		}
	}
	for _, a := range p.Cancels {
		if d := rc(a.RC); d != nil {
			d.Cancelled, d.Reason = true, a.Reason
		}
	}
	for _, a := range p.Scales {
		if d := rc(a.RC); d != nil {
			d.Replicas = a.To
			if a.SyncAnnotation {
				d.SyncedReplicas, d.HasSyncedReplicas = a.To, true
			}
		}
	}
	for _, a := range p.Transitions {
		if d := rc(a.RC); d != nil {
			transition(d, a)
		}
	}
	for _, a := range p.DeleteRCs {
		out.Deployments = slices.DeleteFunc(out.Deployments, func(d Deployment) bool { return d.Name == a.RC })
	}
	if p.Status != nil && p.Status.Config == out.Config.Name {
		out.Config.Status = p.Status.To.Clone()
	}
	if len(out.Deployments) == 0 {
		out.Deployments = nil
	}
	if len(out.Pods) == 0 {
		out.Pods = nil
	}
	return out
}

// updateConfig applies the flagged spec writes of a to c (a clone).
func updateConfig(c Config, a ConfigUpdate) Config {
	changed := false
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
	if a.SetTriggers && !slices.EqualFunc(c.Triggers, a.Triggers, triggerEqual) {
		c.Triggers, changed = cloneEach(a.Triggers, Trigger.Clone), true
	}
	if changed {
		c.Generation++
	}
	return c
}

func triggerEqual(a, b Trigger) bool {
	return a.Type == b.Type && a.Automatic == b.Automatic && slices.Equal(a.ContainerNames, b.ContainerNames) &&
		a.FromKind == b.FromKind && a.FromNamespace == b.FromNamespace && a.FromName == b.FromName &&
		a.LastTriggeredImage == b.LastTriggeredImage
}

// createdPod is the pod a backend holds right after creating dp: no UID,
// no phase, created now.
func createdPod(dp DeployerPod, now time.Time) Pod {
	return Pod{
		Namespace:             dp.Namespace,
		Name:                  dp.Name,
		CreationTime:          now,
		DeploymentName:        lookup(dp.Annotations, AnnotationDeploymentName),
		DeployerFor:           lookup(dp.Labels, LabelDeployerPodFor),
		Owners:                []OwnerRef{rcOwner(dp.RC, dp.RCUID)},
		ActiveDeadlineSeconds: dp.ActiveDeadlineSeconds,
		HasActiveDeadline:     true,
	}
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

// transition applies one Transition to d in the documented order.
func transition(d *Deployment, a Transition) {
	if a.ClearCancel {
		d.Cancelled, d.Reason = false, ""
	}
	if a.SetReason {
		d.Reason = a.Reason
	}
	d.Phase = a.To
	if a.DeployerPod != "" {
		d.DeployerPodName = a.DeployerPod
	}
	if !a.CreatedAt.IsZero() {
		d.CreatedAt = a.CreatedAt
	}
	if !a.StartedAt.IsZero() {
		d.StartedAt = a.StartedAt
	}
	if !a.CompletedAt.IsZero() {
		d.CompletedAt = a.CompletedAt
	}
	if a.CommitDesired {
		d.SyncedReplicas, d.HasSyncedReplicas = d.DesiredReplicas, d.HasDesiredReplicas
		d.DesiredReplicas, d.HasDesiredReplicas = 0, false
	}
	if a.ScaleToZero {
		d.Replicas = 0
	}
}
