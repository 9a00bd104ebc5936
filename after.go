package dcplan

import (
	"slices"
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
//     paused, template, triggers, strategy, and status.latestVersion when
//     it is one above the stored one (the only status field the DC update
//     strategy keeps from the client). Metadata.generation goes up by one
//     when a flagged spec field or latestVersion changes, as the API
//     server does.
//  3. CreatePod appends a pod: the name, namespace, the
//     openshift.io/deployment.name annotation and
//     openshift.io/deployer-pod-for.name label of the DeployerPod, an
//     owner reference to the RC (v1 ReplicationController), its
//     activeDeadlineSeconds, CreationTime = s.Now and phase Pending (the
//     API server's pod strategy sets it on create).
//     SetPodOwner appends an owner reference to the RC (v1
//     ReplicationController); SetPodDeadline sets activeDeadlineSeconds;
//     DeletePod removes the pod, and the pods it owns as DeleteRC's
//     garbage collection does (a pod's delete without a propagation
//     policy is Background).
//  4. CreateRC appends CreateRC.Deployment, created at s.Now in whole
//     seconds, as the API server stamps creationTimestamp (the
//     deployer's New-phase timeout counts from it); no UID.
//  5. Cancel sets Cancelled and Reason (the cancel request, SPEC 5.14;
//     Transition.ClearCancel clears it). Scale sets Replicas = To, and with
//     SyncAnnotation SyncedReplicas = To. Transition applies, in this
//     order: ClearCancel (Cancelled false, Reason ""), SetReason, Phase =
//     To (PhaseSpelling ""), DeployerPod and the three deployer timestamps when non-empty,
//     SyncDesired (SyncedReplicas = DesiredReplicas, HasSyncedReplicas =
//     HasDesiredReplicas, when the desired annotation is present), CommitDesired (SyncedReplicas = DesiredReplicas, HasSyncedReplicas =
//     HasDesiredReplicas, then the desired count removed), ScaleToZero.
//  6. DeleteRC removes the RC, and the pods its UID owns (and theirs)
//     that no other owner still holds (an owner of another kind than
//     DC, RC or pod counts as held; those pods lose the reference instead), which the garbage collector deletes after the RC's delete with
//     Background propagation (SPEC 3.7, 7 row 29). A DeleteRC
//     WithoutOptions orphans them instead, as the server's default for a
//     v1 RC does: they stay, without their references to the RC (SPEC 7
//     row 11).
//  7. Status replaces Config.Status.
//  8. Events change nothing, and neither does Instantiate: what the
//     instantiate endpoint stores is the server's decision
//     (reconcile.Instantiate plans it).
//
// After never modifies s or p, and the result shares no memory with them.
// It changes the typed fields only: each object's Raw stays as it was
// read, so a caller that sends requests for the result re-encodes it
// first (wire.Reencoded), as wire.Requests sends objects as read.
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
			a.ApplyTo(d)
		}
	}
	for _, a := range p.Release {
		if d := rc(a.RC); d != nil {
			a.ApplyTo(d)
		}
	}
	for _, a := range p.UpdateConfig {
		if a.Config != out.Config.Name {
			continue
		}
		v := out.Config.Status.LatestVersion
		changed := a.ApplyTo(&out.Config)
		if a.SetLatestVersion && a.LatestVersionTo != v+1 {
			out.Config.Status.LatestVersion = v // the server keeps only one above the stored one
		}
		if changed || out.Config.Status.LatestVersion != v {
			out.Config.Generation++ // as the API server does for a spec or latestVersion change
		}
	}
	for _, a := range p.CreatePods {
		if pod(a.Pod.Name) == nil {
			out.Pods = append(out.Pods, a.Pod.Created(s.Now))
		}
	}
	for _, a := range p.SetPodOwners {
		if o := pod(a.Pod); o != nil {
			a.ApplyTo(o)
		}
	}
	for _, a := range p.SetPodDeadlines {
		if o := pod(a.Pod); o != nil {
			a.ApplyTo(o)
		}
	}
	for _, a := range p.DeletePods {
		uid := ""
		if o := pod(a.Pod); o != nil {
			uid = o.UID
		}
		out.Pods = slices.DeleteFunc(out.Pods, func(o Pod) bool { return o.Name == a.Pod })
		out.Pods = out.collect(out.Pods, uid) // a pod's delete collects its dependents
	}
	for _, a := range p.CreateRCs {
		if rc(a.Deployment.Name) == nil {
			out.Deployments = append(out.Deployments, a.Created(s.Now))
		}
	}
	for _, a := range p.Cancels {
		if d := rc(a.RC); d != nil {
			a.ApplyTo(d)
		}
	}
	for _, a := range p.Scales {
		if d := rc(a.RC); d != nil {
			a.ApplyTo(d)
		}
	}
	for _, a := range p.Transitions {
		if d := rc(a.RC); d != nil {
			a.ApplyTo(d)
		}
	}
	for _, a := range p.DeleteRCs {
		uid := ""
		if d := rc(a.RC); d != nil {
			uid = d.UID
		}
		out.Deployments = slices.DeleteFunc(out.Deployments, func(d Deployment) bool { return d.Name == a.RC })
		if a.WithoutOptions {
			orphan(out.Pods, uid) // a v1 RC's default propagation
		} else {
			out.Pods = out.collect(out.Pods, uid)
		}
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

// collect returns pods as the garbage collector leaves them once the
// object uid is gone (a delete with Background propagation): a pod that
// names uid among its owners loses that reference, and is deleted when
// none of the owners it names may still exist (holds); the
// dependents of a deleted pod go the same way. A uid of "" owns nothing.
func (s *Snapshot) collect(pods []Pod, uid string) []Pod {
	if uid == "" {
		return pods
	}
	for i := range pods {
		owners := pods[i].Owners
		if !slices.ContainsFunc(owners, func(o OwnerRef) bool { return o.UID == uid }) {
			continue
		}
		owners = slices.DeleteFunc(slices.Clone(owners), func(o OwnerRef) bool { return o.UID == uid })
		if slices.ContainsFunc(owners, func(o OwnerRef) bool { return s.holds(o, pods) }) {
			pods[i].Owners = owners
			continue
		}
		dep := pods[i].UID
		pods = slices.Delete(pods, i, i+1)
		return s.collect(s.collect(pods, uid), dep)
	}
	return pods
}

// orphan removes the references to the object uid from the owners of
// pods, as the garbage collector does for the dependents of an object
// deleted with the Orphan policy. A uid of "" owns nothing.
func orphan(pods []Pod, uid string) {
	if uid == "" {
		return
	}
	for i := range pods {
		if slices.ContainsFunc(pods[i].Owners, func(o OwnerRef) bool { return o.UID == uid }) {
			pods[i].Owners = slices.DeleteFunc(slices.Clone(pods[i].Owners), func(o OwnerRef) bool { return o.UID == uid })
		}
	}
}

// holds reports whether the owner o may still exist: the DC of s, one of
// its RCs or one of pods, by uid; or an object of another kind, which a
// snapshot does not hold and so cannot say is gone.
func (s *Snapshot) holds(o OwnerRef, pods []Pod) bool {
	switch o.Kind {
	case "DeploymentConfig", "ReplicationController", "Pod":
	default:
		return true
	}
	uid := o.UID
	if uid == "" {
		return false
	}
	return s.Config.UID == uid || slices.ContainsFunc(s.Deployments, func(d Deployment) bool { return d.UID == uid }) ||
		slices.ContainsFunc(pods, func(p Pod) bool { return p.UID == uid })
}
