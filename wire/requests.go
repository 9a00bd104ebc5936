package wire

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
	"github.com/dcplan/dcplan/internal/jsonvalue"
)

// Requests returns the API requests upstream sends for plan p, planned
// from snapshot s, in the order it sends them (SPEC 13), with the plan's
// events among them where upstream records them (Event.After, SPEC 13.1).
// The order is the plan's contract order (see dcplan.Plan): events placed
// at the start first; then each action's request followed by the events
// placed after that action; the events placed at the end last.
//
// Each action renders as upstream's request:
//
//  1. Adopt, Release: strategic-merge patches of the RC's owner
//     references with the RC's uid as precondition, as Kubernetes'
//     controller-ref manager builds them; one group (SPEC 3.3). A release
//     tolerates NotFound and Invalid. A Live claim (of the live RC a
//     create found already existing, SPEC 3.2.12) comes right after the
//     create of its RC, as upstream sends it.
//  2. Instantiate: POST to deploymentconfigs/instantiate of a
//     DeploymentRequest {name, latest, force}. ConfigUpdate: PUT of the
//     DC as read with the spec changes (and the latestVersion it sets;
//     triggers copied from an RC's encoded DC, TriggersRC, as that DC's
//     own elements with the typed changes over them);
//     with Patch (oc rollout pause, resume) a strategic-merge patch of
//     the changed fields alone (SPEC 6m.7.5).
//  3. CreatePod: POST of the deployer pod (no metadata.namespace in the
//     body, SPEC 13), its template fields copied from its RC's pod
//     template. SetPodOwner: strategic-merge patch adding the RC as owner,
//     one group (SPEC 4.6). SetPodDeadline: PUT of the pod as read with
//     spec.activeDeadlineSeconds. DeletePod: DELETE tolerating NotFound,
//     one group (SPEC 4.6, 6m.2.3.6); gracePeriodSeconds 0 for oc retry
//     (which does not tolerate NotFound), and with StopOnFailure each
//     delete stands alone (the seed-era retry aborts, SPEC 6.2.5).
//  4. CreateRC: POST of the new RC, rendered from the DC it encodes.
//  5. Cancel, Scale, Transition: PUT of the RC as read with the change (a
//     Transition that records the deployer pod this plan creates names it
//     in CreatedAtOf: its created-at is the pod's creationTimestamp);
//     the controller's cancel and scale updates are retried on Conflict
//     as upstream's retry.RetryOnConflict does (4 attempts). An oc cancel
//     (ByUser) is sent once and its cancels form one group (SPEC 6.1,
//     6m.1.3.5). With Patch (today's oc cancel and retry) the change is a
//     strategic-merge patch of the fields it changes, keys sorted as oc
//     sends them, a removed annotation as null (SPEC 6m.1.3.5, 6m.2.3.7).
//  6. DeleteRC: DELETE with propagationPolicy Background tolerating
//     NotFound, one group (SPEC 3.7.5).
//  7. Status: PUT to deploymentconfigs/status of the DC as read with the
//     new status, as upstream's typed status serialises; after a
//     ConfigUpdate (PUT) of the same DC, of the DC as that update
//     returns it, marked Rebase (SPEC 3.11).
//
// A write of an object the snapshot holds (an RC update, the DC status)
// sends the object as read, its Raw, with the action's changes and
// nothing else, as upstream's controllers send their cached copy: every
// member the action does not change is copied as read, and the body's
// keys come in Kubernetes order. The typed fields are the planners' view
// of Raw; a caller that edits them re-encodes the snapshot first
// (Reencoded), or the body carries the object as it was read. An object
// without Raw (built in code) is sent as its typed fields encode it.
//
// Every body carries the object's kind and apiVersion, as upstream's typed
// clients write them (also for an object read without them, from a typed
// list). An update's body carries the resourceVersion read: the server
// answers Conflict when the object changed since. The error, for an action whose
// object s does not hold, is a *dcplan.FieldError wrapping
// dcplan.ErrInvalidSnapshot; a valid plan of s never gets one.
func Requests(s dcplan.Snapshot, p dcplan.Plan) ([]Request, error) {
	if p.Actions() == 0 {
		return nil, nil // nothing to send: a plan at rest costs nothing here
	}
	r := renderer{s: s, p: p, out: make([]Request, 0, p.Actions())}
	defer r.releaseReads()
	return r.all()
}

// renderer turns one plan into requests.
type renderer struct {
	// s and p are held as values, not pointers to Requests' arguments,
	// which would move them to the heap on every call.
	s     dcplan.Snapshot
	p     dcplan.Plan
	out   []Request
	group int
	err   error
	// dc is the snapshot's DC as read, read once for every write that
	// sends it (the status, the new RC's encoded DC); others are the
	// other DCs read (see readConfig).
	dc     written
	hasDC  bool
	others []written
}

// readConfig returns c as read: the snapshot's DC read once (c holds its
// Raw), or c read anew. Requests releases what it read (releaseReads).
func (r *renderer) readConfig(c *dcplan.Config) written {
	if r.hasDC && c.Raw != nil && bytes.Equal(c.Raw, r.s.Config.Raw) {
		return r.dc
	}
	w := readConfig(*c)
	if !r.hasDC && c.Raw != nil && bytes.Equal(c.Raw, r.s.Config.Raw) {
		r.dc, r.hasDC = w, true
	} else {
		r.others = append(r.others, w)
	}
	return w
}

// releaseReads gives back what the renderer read.
func (r *renderer) releaseReads() {
	if r.hasDC {
		r.dc.release()
	}
	for _, w := range r.others {
		w.release()
	}
}

func (r *renderer) all() ([]Request, error) {
	p := r.p
	r.events(dcplan.AtStart())
	late := countFunc(p.Adopt, func(a dcplan.Adopt) bool { return a.Live }) +
		countFunc(p.Release, func(a dcplan.Release) bool { return a.Live })
	claims := r.newGroup(len(p.Adopt)+len(p.Release)-late > 1)
	r.claims(claims, "")
	for i, a := range p.Instantiate {
		r.config(a.Config)
		r.add(dcplan.ActionInstantiate, i, Request{Verb: VerbCreate, Resource: ResourceConfigs, Subresource: SubresourceInstantiate,
			Namespace: r.ns(), Name: a.Config, Attempts: 1,
			Body: jsonOf(`{"kind":"DeploymentRequest","apiVersion":"apps.openshift.io/v1","name":`, a.Config,
				`,"latest":`+strconv.FormatBool(a.Latest)+`,"force":`+strconv.FormatBool(a.Force)+`}`)})
	}
	for i, a := range p.UpdateConfig {
		r.config(a.Config)
		r.add(dcplan.ActionUpdateConfig, i, r.updateConfig(a))
	}
	for i, a := range p.CreatePods {
		r.add(dcplan.ActionCreatePod, i, r.createPod(a))
	}
	owners := r.newGroup(len(p.SetPodOwners) > 1)
	for i, a := range p.SetPodOwners {
		r.add(dcplan.ActionSetPodOwner, i, r.setPodOwner(a, owners))
	}
	for i, a := range p.SetPodDeadlines {
		r.add(dcplan.ActionSetPodDeadline, i, r.setPodDeadline(a))
	}
	cleanup := r.newGroup(len(p.DeletePods) > 1 && !slices.ContainsFunc(p.DeletePods, func(a dcplan.DeletePod) bool { return a.StopOnFailure }))
	for i, a := range p.DeletePods {
		r.add(dcplan.ActionDeletePod, i, r.deletePod(a, cleanup))
	}
	for i, a := range p.CreateRCs {
		r.add(dcplan.ActionCreateRC, i, r.createRC(a))
		if late > 0 {
			r.claims(r.newGroup(late > 1), a.Deployment.Name)
		}
	}
	users := r.newGroup(countFunc(p.Cancels, func(a dcplan.Cancel) bool { return a.ByUser }) > 1)
	for i, a := range p.Cancels {
		edit := rcEdit{cancel: &p.Cancels[i]}
		var q Request
		if a.ByUser {
			q = r.writeRC(a.RC, a.Patch, edit)
			q.Group = users // oc sends each once and tries them all
		} else {
			q = r.controllerWrite(a.RC, a.Reclaim, edit)
			if a.Once { // the oldest seed: no conflict retry
				q.Attempts = 1
			}
		}
		r.add(dcplan.ActionCancel, i, q)
	}
	for i, a := range p.Scales {
		r.add(dcplan.ActionScale, i, r.controllerWrite(a.RC, a.Reclaim, rcEdit{scale: &p.Scales[i]}))
	}
	for i, a := range p.Transitions {
		q := r.writeRC(a.RC, a.Patch, rcEdit{transition: &p.Transitions[i]})
		if !a.CreatedAt.IsZero() && slices.ContainsFunc(p.CreatePods, func(c dcplan.CreatePod) bool { return c.Pod.Name == a.DeployerPod }) {
			q.CreatedAtOf = a.DeployerPod // the server's stamp, once the pod exists
		}
		r.add(dcplan.ActionTransition, i, q)
	}
	deletes := r.newGroup(len(p.DeleteRCs) > 1)
	for i, a := range p.DeleteRCs {
		opts := DeleteOptions{PropagationPolicy: PropagationBackground}
		if a.WithoutOptions { // SPEC 7 row 11: the server's default
			opts = DeleteOptions{}
		}
		if a.IfUnchanged { // SPEC 3.7.5.unchanged
			d := r.rc(a.RC)
			if d == nil {
				r.fail(kindRC, a.RC, "metadata.name")
				continue
			}
			opts.Preconditions = Preconditions{UID: d.UID, ResourceVersion: d.ResourceVersion}
		}
		r.add(dcplan.ActionDeleteRC, i, Request{Verb: VerbDelete, Resource: ResourceRCs, Namespace: r.ns(), Name: a.RC,
			Delete: opts, Attempts: 1, Tolerate: []dcplan.StatusReason{dcplan.StatusNotFound}, Group: deletes,
			Rebase: a.IfUnchanged && writesRCFirst(&p, a.RC)})
	}
	if p.Status != nil {
		r.config(p.Status.Config)
		r.add(dcplan.ActionStatus, 0, r.status(p.Status))
	}
	r.events(dcplan.ActionRef{})
	return r.out, r.err
}

// claims adds the plan's claims (adoptions, then releases) in group:
// with created "", those not marked Live; else the Live claims of the RC
// named created, which the plan creates.
func (r *renderer) claims(group int, created string) {
	pick := func(live bool, rc string) bool {
		return created == "" && !live || live && rc == created
	}
	for i, a := range r.p.Adopt {
		if pick(a.Live, a.RC) {
			r.add(dcplan.ActionAdopt, i, r.adopt(a, group))
		}
	}
	for i, a := range r.p.Release {
		if pick(a.Live, a.RC) {
			r.add(dcplan.ActionRelease, i, r.release(a, group))
		}
	}
}

// newGroup returns a new group id when several requests will share it, 0
// otherwise (a lone request is its own group).
func (r *renderer) newGroup(several bool) int {
	if !several {
		return 0
	}
	r.group++
	return r.group
}

// add appends the request of action (kind, i) and the events placed right
// after it.
func (r *renderer) add(kind dcplan.ActionKind, i int, q Request) {
	if r.err != nil {
		return
	}
	q.Action = dcplan.ActionRef{Kind: kind, Index: i}
	r.out = append(r.out, q)
	r.events(q.Action)
}

// events appends the plan's events placed at at, in plan order. The end
// (the zero ActionRef) also takes every event whose action the plan lacks.
func (r *renderer) events(at dcplan.ActionRef) {
	if r.err != nil {
		return
	}
	end := at == dcplan.ActionRef{}
	for _, e := range r.p.Events {
		if e.After == at || end && !r.placeable(e.After) {
			r.out = append(r.out, Request{Verb: VerbEvent, Namespace: e.Object.Namespace, Name: e.Object.Name, Attempts: 1,
				Event: &Event{Object: e.Object, Type: e.Type.String(), Reason: e.Reason, Message: e.Message, Time: r.s.Now}})
		}
	}
}

// placeable reports whether an event placed at at finds its place: the
// start, or an action the plan holds (the end takes the others).
func (r *renderer) placeable(at dcplan.ActionRef) bool {
	if at == dcplan.AtStart() {
		return true
	}
	if at.Kind == dcplan.ActionNone || at.Index < 0 {
		return false
	}
	n := r.p.Counts()
	return int(at.Kind) < len(n) && at.Index < n[at.Kind]
}

// ns is the namespace of the plan's objects (see snapshotNS).
func (r *renderer) ns() string { return snapshotNS(&r.s) }

// snapshotNS is the namespace of the objects of s: the DC's, or for a
// deployer pass (which holds no DC) or a DC without one (a hand-built
// object, which counts as in any namespace) the RCs'. Every request
// naming the DC goes there.
func snapshotNS(s *dcplan.Snapshot) string {
	if s.Config.Namespace != "" {
		return s.Config.Namespace
	}
	for _, d := range s.Deployments {
		return d.Namespace
	}
	return ""
}

// podNS is the namespace of the pod named name: its own when the
// snapshot holds it (a seed-era pod controller may plan for the pods of an
// RC that is gone, with no DC), else the snapshot's (ns).
func (r *renderer) podNS(name string) string {
	if p := r.pod(name); p != nil && p.Namespace != "" {
		return p.Namespace
	}
	return r.ns()
}

// rcNS is the namespace of the RC d: its own, or for an RC without one
// (a hand-built object, which counts as in any namespace) the
// snapshot's, as the claims and deletes of that RC use.
func (r *renderer) rcNS(d *dcplan.Deployment) string {
	if d.Namespace != "" {
		return d.Namespace
	}
	return r.ns()
}

func (r *renderer) fail(kind, name, field string) {
	if r.err == nil {
		r.err = &dcplan.FieldError{Kind: kind, Name: name, Field: field,
			Problem: "the plan names an object the snapshot does not hold", Err: dcplan.ErrInvalidSnapshot}
	}
}

// config fails the plan when the DC named name is not the snapshot's: a
// snapshot without a DC (Config.Name empty) holds none.
func (r *renderer) config(name string) {
	if name == "" || name != r.s.Config.Name {
		r.fail(kindConfig, name, "metadata.name")
	}
}

// rc returns the RC named name of the snapshot.
func (r *renderer) rc(name string) *dcplan.Deployment {
	for i := range r.s.Deployments {
		if r.s.Deployments[i].Name == name {
			return &r.s.Deployments[i]
		}
	}
	if o := r.s.Outcome.Live; o != nil && o.Name == name {
		return o
	}
	return nil
}

// pod returns the pod named name of the snapshot.
func (r *renderer) pod(name string) *dcplan.Pod {
	for i := range r.s.Pods {
		if r.s.Pods[i].Name == name {
			return &r.s.Pods[i]
		}
	}
	return nil
}

// adopt renders the adoption patch with upstream's bytes: its
// controller-ref manager fills a template that spans lines, indented with
// tabs, which the server reads as the compact form (SPEC 3.3.2, 13).
func (r *renderer) adopt(a dcplan.Adopt, group int) Request {
	patch := jsonOf("{\"metadata\":{\n\t\t\t\"ownerReferences\":[{\"apiVersion\":\""+apiVersionApps+"\",\"kind\":\""+kindConfig+"\",\"name\":", a.Config,
		",\"uid\":", a.ConfigUID, ",\"controller\":true,\"blockOwnerDeletion\":true}],\n\t\t\t\"uid\":", a.RCUID, "\n\t\t\t}\n\t\t}")
	return Request{Verb: VerbPatch, Resource: ResourceRCs, Namespace: r.ns(), Name: a.RC,
		PatchType: PatchStrategicMerge, Patch: patch, Attempts: 1, Group: group}
}

func (r *renderer) release(a dcplan.Release, group int) Request {
	patch := jsonOf(`{"metadata":{"ownerReferences":[{"$patch":"delete","uid":`, a.ConfigUID, `}],"uid":`, a.RCUID, `}}`)
	return Request{Verb: VerbPatch, Resource: ResourceRCs, Namespace: r.ns(), Name: a.RC,
		PatchType: PatchStrategicMerge, Patch: patch, Attempts: 1, Group: group,
		Tolerate: []dcplan.StatusReason{dcplan.StatusNotFound, dcplan.StatusInvalid}}
}

func (r *renderer) updateConfig(a dcplan.ConfigUpdate) Request {
	c := r.s.Config.Clone()
	a.ApplyTo(&c)
	after := configTree(c)
	if a.SetTriggers && a.TriggersRC != "" {
		r.revisionTriggers(after, a)
	}
	if a.Patch {
		return Request{Verb: VerbPatch, Resource: ResourceConfigs, Namespace: r.ns(), Name: c.Name,
			PatchType: PatchStrategicMerge, Patch: canonical(patchOf(configTree(r.s.Config), after)), Attempts: 1,
			FieldManager: FieldManagerRollout}
	}
	return Request{Verb: VerbUpdate, Resource: ResourceConfigs, Namespace: r.ns(), Name: c.Name,
		Body: renderOrdered(typed(asReadWith(r.s.Config, after), kindConfig, apiVersionApps), orderDC), Attempts: 1}
}

// asReadWith returns the tree of the DC c as read (its Raw) with the
// changes that turn its typed view into after: what a write of c sends,
// every member the action does not change as read, also where a caller
// edited c's typed fields without re-encoding them (see Requests). A DC
// without Raw (built in code) is after itself.
func asReadWith(c dcplan.Config, after map[string]any) map[string]any {
	if c.Raw == nil {
		return after
	}
	m := objectOf(c.Raw)
	applyDiff(m, configTree(c), after)
	return m
}

// applyDiff makes in m the changes that turn the tree before into after:
// a member before holds and after does not is removed, an object member
// both hold as objects (and m too) changes inside, any other member that
// after holds with another value, or alone, takes that value.
func applyDiff(m, before, after map[string]any) {
	for k := range before {
		if _, ok := after[k]; !ok {
			delete(m, k)
		}
	}
	for k, a := range after {
		b, had := before[k]
		bm, bIsMap := b.(map[string]any)
		am, aIsMap := a.(map[string]any)
		cur, curIsMap := m[k].(map[string]any)
		switch {
		case had && bIsMap && aIsMap && curIsMap:
			applyDiff(cur, bm, am)
		case !had || !jsonvalue.Equal(b, a):
			m[k] = a
		}
	}
}

// revisionTriggers writes the triggers of a, taken from the encoded DC
// of the RC a.TriggersRC (a rollback with --change-triggers), into the DC
// tree after over that DC's own trigger elements (putRevisionTriggers).
// An RC the snapshot does not hold fails the plan; an encoded DC without
// Raw (built in code) is its typed fields alone, and so are its
// triggers.
func (r *renderer) revisionTriggers(after map[string]any, a dcplan.ConfigUpdate) {
	d := r.rc(a.TriggersRC)
	if d == nil {
		r.fail(kindRC, a.TriggersRC, "metadata.name")
		return
	}
	var rev []byte
	if d.Encoded != nil {
		rev = rawMember(rawMember(d.Encoded.Raw, "spec"), "triggers")
	}
	withChild(after, "spec", func(spec map[string]any) { putRevisionTriggers(spec, a.Triggers, rev) })
}

func (r *renderer) createPod(a dcplan.CreatePod) Request {
	pod := a.Pod
	ns := pod.Namespace
	if ns == "" {
		ns = r.ns()
	}
	pod.Namespace = "" // upstream's body carries none (SPEC 13)
	var tpl dcplan.Template
	if d := r.rc(pod.RC); d != nil {
		tpl = d.Template
		if tpl.Raw == nil { // an RC this plan's snapshot has only in typed form
			if enc := d.Encoded; enc != nil {
				tpl = enc.Template
			}
		}
	}
	body, err := EncodePod(pod, tpl)
	if err != nil && r.err == nil {
		r.err = err
	}
	return Request{Verb: VerbCreate, Resource: ResourcePods, Namespace: ns, Name: pod.Name, Body: body, Attempts: 1}
}

func (r *renderer) setPodOwner(a dcplan.SetPodOwner, group int) Request {
	patch := jsonOf(`{"metadata":{"ownerReferences":[{"apiVersion":"v1","kind":"`+kindRC+`","name":`, a.RC,
		`,"uid":`, a.RCUID, `}]}}`)
	return Request{Verb: VerbPatch, Resource: ResourcePods, Namespace: r.podNS(a.Pod), Name: a.Pod,
		PatchType: PatchStrategicMerge, Patch: patch, Attempts: 1, Group: group}
}

func (r *renderer) setPodDeadline(a dcplan.SetPodDeadline) Request {
	po := r.pod(a.Pod)
	if po == nil {
		r.fail(kindPod, a.Pod, "metadata.name")
		return Request{}
	}
	w, ok := readWritten(po.Raw)
	if !ok { // a pod built in code: its typed fields
		w = mustRead(canonical(typed(podTree(*po), kindPod, apiVersionCore)))
	}
	defer w.release()
	cs := typedChanges(make(changes, 0, 3), kindPod, apiVersionCore).
		set(strconv.AppendInt(nil, a.To, 10), "spec", "activeDeadlineSeconds")
	return Request{Verb: VerbUpdate, Resource: ResourcePods, Namespace: r.podNS(po.Name), Name: po.Name,
		Body: w.render(orderPod, cs), Attempts: 1}
}

func (r *renderer) deletePod(a dcplan.DeletePod, group int) Request {
	q := Request{Verb: VerbDelete, Resource: ResourcePods, Namespace: r.podNS(a.Pod), Name: a.Pod, Attempts: 1,
		Tolerate: []dcplan.StatusReason{dcplan.StatusNotFound}, Group: group}
	if a.GracePeriodZero {
		// oc retry: a NotFound delete is a failure (SPEC 6.2.5, 6m.2.3.6).
		q.Delete = DeleteOptions{GracePeriodSeconds: 0, HasGracePeriod: true}
		q.Tolerate = nil
	}
	return q
}

// createRC renders the POST of the new RC: the RC NewDeployment builds
// from the DC it encodes, or for an RC without one the RC's own typed
// fields.
func (r *renderer) createRC(a dcplan.CreateRC) Request {
	d := a.Deployment
	ns := d.Namespace
	var body []byte
	if enc := d.Encoded; enc != nil {
		var err error
		if body, err = newDeploymentBody(*enc, r.readConfig(enc)); err != nil && r.err == nil {
			r.err = err
		}
		ns = enc.Namespace
	} else {
		w := readDeployment(d)
		cs := make(changes, 0, 8)
		cs = typedChanges(cs, kindRC, apiVersionCore)
		body = w.render(orderRC, cs)
		w.release()
	}
	if ns == "" {
		ns = r.ns()
	}
	return Request{Verb: VerbCreate, Resource: ResourceRCs, Namespace: ns, Name: d.Name, Body: body, Attempts: 1}
}

// An rcEdit is the action of an RC write: one of a cancel, a scale or a
// transition.
type rcEdit struct {
	cancel     *dcplan.Cancel
	scale      *dcplan.Scale
	transition *dcplan.Transition
	// adopt, when set, is an adoption the write carries too: the update
	// of an orphan the plan adopts first (see controllerWrite).
	adopt *dcplan.Adopt
}

// changes returns cs with the changes of the action, made to the RC as
// read (w).
func (e rcEdit) changes(w written, cs changes) changes {
	if a := e.adopt; a != nil {
		// The adoption patch merges by uid (ownerReferences'
		// patchMergeKey): an owner with the DC's uid (a non-controller
		// reference, as a hand edit leaves it) takes the patch's members
		// in place; else the controller reference goes after the owners
		// the RC has, as Adopt.ApplyTo and the encoder put it.
		var refs [6]change
		ref := typedChanges(refs[:0], kindConfig, apiVersionApps)
		if a.Config != "" {
			ref = ref.setString(a.Config, "name")
		}
		if a.ConfigUID != "" {
			ref = ref.setString(a.ConfigUID, "uid")
		}
		ref = ref.set([]byte("true"), "controller").set([]byte("true"), "blockOwnerDeletion")
		owners := w.node("metadata", "ownerReferences")
		list, merged := make([]byte, 1, 160+len(w.atFrom(owners))), false
		list[0] = '['
		var inPlace [4]int32
		for _, j := range w.elems(owners, inPlace[:0]) {
			if len(list) > 1 {
				list = append(list, ',')
			}
			if uid, ok := w.textAt(j, "uid"); ok && !merged && a.ConfigUID != "" && uid == a.ConfigUID {
				list, merged = w.value(list, j, orderOwnerRef, ref, all(ref), 0), true
				continue
			}
			list = w.value(list, j, orderOwnerRef, nil, 0, 0)
		}
		if !merged {
			if len(list) > 1 {
				list = append(list, ',')
			}
			list = appendNew(list, orderOwnerRef, ref, all(ref), 0)
		}
		cs = cs.set(append(list, ']'), "metadata", "ownerReferences")
	}
	switch {
	case e.cancel != nil:
		return cs.setAnnotation(dcplan.AnnotationCancelled, dcplan.CancelledValue).
			setAnnotation(dcplan.AnnotationStatusReason, e.cancel.Reason)
	case e.scale != nil:
		cs = cs.set(strconv.AppendInt(nil, int64(e.scale.To), 10), "spec", "replicas")
		if e.scale.SyncAnnotation {
			cs = cs.setAnnotation(dcplan.AnnotationReplicas, strconv.Itoa(int(e.scale.To)))
		}
		return cs
	case e.transition != nil:
		return transition(*e.transition, w, cs)
	}
	return cs
}

// writeRC renders the write of RC name changed by edit: the PUT of the
// RC as read, or with patch the strategic-merge patch of what edit
// changes. Either is sent once; the caller sets Attempts for a retried
// update.
func (r *renderer) writeRC(name string, patch bool, edit rcEdit) Request {
	d := r.rc(name)
	if d == nil {
		r.fail(kindRC, name, "metadata.name")
		return Request{}
	}
	return r.writeDeployment(d, patch, edit)
}

// writeDeployment is writeRC for the RC d: d.Raw, the RC as read, with
// edit's changes (and the kind and apiVersion every body carries,
// typed), keys in Kubernetes order; every other member as read.
func (r *renderer) writeDeployment(d *dcplan.Deployment, patch bool, edit rcEdit) Request {
	w := readDeployment(*d)
	defer w.release()
	cs := make(changes, 0, 8)
	cs = edit.changes(w, cs)
	if patch {
		return Request{Verb: VerbPatch, Resource: ResourceRCs, Namespace: r.rcNS(d), Name: d.Name,
			PatchType: PatchStrategicMerge, Patch: w.patch(cs), Attempts: 1}
	}
	cs = typedChanges(cs, kindRC, apiVersionCore)
	return Request{Verb: VerbUpdate, Resource: ResourceRCs, Namespace: r.rcNS(d), Name: d.Name,
		Body: w.render(orderRC, cs), Attempts: 1}
}

// readDeployment reads the RC d as a write sends it: d.Raw, as read; an
// RC without one (built in code), or whose Raw is no JSON object, as its
// typed fields encode it.
func readDeployment(d dcplan.Deployment) written {
	if w, ok := readWritten(d.Raw); ok {
		return w
	}
	return mustRead(canonical(typed(deploymentTree(d), kindRC, apiVersionCore)))
}

// readConfig is readDeployment for the DC c.
func readConfig(c dcplan.Config) written {
	if w, ok := readWritten(c.Raw); ok {
		return w
	}
	return mustRead(canonical(typed(configTree(c), kindConfig, apiVersionApps)))
}

// mustRead reads raw, an object the codec rendered in canonical form, as
// it stands: where a string held invalid UTF-8, the rendering keeps the
// \ufffd that jsontree.AppendString (as encoding/json) writes for it,
// which putting raw in canonical form again would read as the character.
func mustRead(raw []byte) written {
	w, ok := readBody(raw)
	if !ok {
		panic("wire: an object the codec rendered does not read back")
	}
	return w
}

// typedChanges sets the kind and apiVersion of a body, as upstream's
// typed clients set them on every body they send (their versioning
// encoder writes the client's group version), whatever the object as
// read says: the items of a typed list carry neither, and a DC read from
// the legacy API says v1.
func typedChanges(cs changes, kind, apiVersion string) changes {
	return cs.setString(kind, "kind").setString(apiVersion, "apiVersion")
}

// controllerWrite renders the DC controller's cancel or scale update of
// RC name, retried on Conflict as upstream's retry.RetryOnConflict (4
// attempts). For an orphan the plan adopts: with reclaim, each attempt
// sends the adoption patch again first (Before, SPEC 3.3.reclaim) and the
// update carries the RC as read, as upstream's cached copy; without
// (Modern), the update carries the RC as the adoption leaves it, owner
// reference included, marked Rebase, so that it does not conflict with
// the plan's own patch.
func (r *renderer) controllerWrite(name string, reclaim bool, edit rcEdit) Request {
	var q Request
	adopt := slices.IndexFunc(r.p.Adopt, func(a dcplan.Adopt) bool { return a.RC == name })
	switch d := r.rc(name); {
	case adopt >= 0 && reclaim:
		q = r.writeRC(name, false, edit)
		patch := r.adopt(r.p.Adopt[adopt], 0)
		patch.Action = dcplan.ActionRef{Kind: dcplan.ActionAdopt, Index: adopt}
		q.Before = []Request{patch}
	case adopt >= 0 && d != nil:
		edit.adopt = &r.p.Adopt[adopt] // the RC as the adoption leaves it
		q = r.writeDeployment(d, false, edit)
		q.Rebase = true
	default:
		q = r.writeRC(name, false, edit)
	}
	q.Attempts = 4
	return q
}

// typed sets the kind and apiVersion of the object tree m, as upstream's
// typed clients set them on every body they send (their versioning
// encoder writes the client's group version), whatever the object as read
// says: the items of a typed list carry neither, and a DC read from the
// legacy API says v1. It returns m.
func typed(m map[string]any, kind, apiVersion string) map[string]any {
	m["kind"], m["apiVersion"] = kind, apiVersion
	return m
}

// countFunc counts the elements of s for which f holds.
func countFunc[T any](s []T, f func(T) bool) int {
	n := 0
	for _, v := range s {
		if f(v) {
			n++
		}
	}
	return n
}

// transition lists a Transition's changes of an RC as read (w), as
// upstream's deployer makes them (SPEC 4.4): the working annotations, then
// the phase, then spec.replicas for a test DC.
func transition(a dcplan.Transition, w written, cs changes) changes {
	set := func(k, v string) { cs = cs.setAnnotation(k, v) }
	if a.ClearCancel {
		cs = cs.removeAnnotation(dcplan.AnnotationCancelled)
		cs = cs.removeAnnotation(dcplan.AnnotationStatusReason)
	}
	if a.SetReason {
		set(dcplan.AnnotationStatusReason, a.Reason)
	}
	if a.DeployerPod != "" {
		set(dcplan.AnnotationDeployerPodName, a.DeployerPod)
	}
	if a.RetriedPod != "" {
		set(dcplan.AnnotationRetriedPod, a.RetriedPod)
	}
	for _, t := range []struct {
		key    string
		at     time.Time
		always bool
	}{
		{dcplan.AnnotationDeployerCreatedAt, a.CreatedAt, false},
		{dcplan.AnnotationDeployerStartedAt, a.StartedAt, false},
		// A terminated container without finishedAt: the zero time's
		// text, as upstream writes it (SPEC 1.1, 2.2).
		{dcplan.AnnotationDeployerCompletedAt, a.CompletedAt, a.Completed},
		{dcplan.AnnotationRetriedAt, a.RetriedAt, false},
	} {
		if t.always || !t.at.IsZero() {
			set(t.key, FormatAnnotationTime(t.at))
		}
	}
	desired, hasDesired := w.text("metadata", "annotations", dcplan.AnnotationDesiredReplicas)
	if a.SyncDesired && hasDesired {
		// The seed deployer-pod controller copies the desired count and
		// keeps the desired annotation (SPEC 12, SeedReplicasAnnotation).
		set(dcplan.AnnotationReplicas, desired)
	}
	if a.CommitDesired {
		// The desired count moves into the replicas annotation, as the
		// annotation held it ("" when absent, SPEC 2.2, 13.1).
		set(dcplan.AnnotationReplicas, desired)
		cs = cs.removeAnnotation(dcplan.AnnotationDesiredReplicas)
	}
	set(dcplan.AnnotationPhase, a.To.String())
	if a.ScaleToZero {
		cs = cs.set([]byte("0"), "spec", "replicas")
	}
	return cs
}

// status renders the PUT to deploymentconfigs/status as upstream's typed
// status serialises it (omitempty fields left out, SPEC 13): the DC as
// read with the new status, or, after an update of the same DC in this plan (the seed's
// replica sync, SPEC 3.11), the DC as that update returns it (its spec
// changes applied, metadata.generation one up when the spec changed), a
// Rebase request: upstream sent the object the update returned, so the
// write carries the version the update left and cannot conflict with it.
func (r *renderer) status(u *dcplan.StatusUpdate) Request {
	c := &r.s.Config
	rebase := false
	var updated dcplan.Config
	for _, a := range r.p.UpdateConfig {
		if a.Patch || a.Config != c.Name {
			continue
		}
		if !rebase {
			updated, rebase = c.Clone(), true
		}
		if a.ApplyTo(&updated) {
			updated.Generation++ // the API server bumps it for a spec change
		}
	}
	if rebase {
		// The DC as the update returns it: as read, with the update's
		// changes (and the generation the server bumps).
		updated.Raw = canonical(asReadWith(*c, configTree(updated)))
		c = &updated
	}
	w := r.readConfig(c)
	cs := make(changes, 0, 8)
	cs = typedChanges(cs, kindConfig, apiVersionApps)
	status := jsontree.Scratch()
	read := readDetails{w, w.node("status", "details")}
	if u.RecordsDetails {
		read = readDetails{} // details built afresh, never the ones read
	}
	*status = appendConfigStatus((*status)[:0], u.To, read)
	cs = cs.set(*status, "status")
	body := w.render(orderDC, cs)
	jsontree.PutScratch(status)
	return Request{Verb: VerbUpdate, Resource: ResourceConfigs, Subresource: SubresourceStatus, Namespace: r.ns(),
		Name: u.Config, Body: body, Attempts: 1, Rebase: rebase}
}

// quoteJSON renders s as a JSON string, as encoding/json writes it.
func quoteJSON(s string) string { return string(jsontree.AppendString(nil, s)) }

// jsonOf renders a small JSON document in one allocation: parts alternate
// JSON text, written as it is, and string values, written quoted as
// encoding/json writes them (text, value, text, ..., text).
func jsonOf(parts ...string) []byte {
	n := 0
	for _, p := range parts {
		n += len(p) + 8
	}
	b := make([]byte, 0, n)
	for i, p := range parts {
		if i%2 == 0 {
			b = append(b, p...)
		} else {
			b = jsontree.AppendString(b, p)
		}
	}
	return b
}

// String renders a request on one line for logs and golden files:
// `<verb> <resource>[/<subresource>] <namespace>/<name>`, then the patch,
// the delete options or the event; bodies are left out (see Body).
func (r Request) String() string {
	if r.Verb == VerbEvent && r.Event != nil {
		e := r.Event
		return fmt.Sprintf("event %s/%s %s %s %q", e.Object.Kind, e.Object.Name, e.Type, e.Reason, e.Message)
	}
	res := r.Resource
	if r.Subresource != "" {
		res += "/" + r.Subresource
	}
	s := fmt.Sprintf("%s %s %s/%s", r.Verb, res, r.Namespace, r.Name)
	if r.Patch != nil {
		s += " " + r.PatchType + " " + string(r.Patch)
	}
	if r.FieldManager != "" {
		s += " fieldManager=" + r.FieldManager
	}
	if r.Delete.PropagationPolicy != "" {
		s += " propagationPolicy=" + r.Delete.PropagationPolicy
	}
	if r.Delete.HasGracePeriod {
		s += " gracePeriodSeconds=" + strconv.FormatInt(r.Delete.GracePeriodSeconds, 10)
	}
	if r.Attempts > 1 {
		s += " attempts=" + strconv.Itoa(r.Attempts)
	}
	if r.Group != 0 {
		s += " group=" + strconv.Itoa(r.Group)
	}
	return s
}

// writesRCFirst reports whether plan p writes the RC named rc before its
// deletes: an adoption, a cancel or a scale of it.
func writesRCFirst(p *dcplan.Plan, rc string) bool {
	return slices.ContainsFunc(p.Adopt, func(a dcplan.Adopt) bool { return a.RC == rc }) ||
		slices.ContainsFunc(p.Cancels, func(c dcplan.Cancel) bool { return c.RC == rc }) ||
		slices.ContainsFunc(p.Scales, func(s dcplan.Scale) bool { return s.RC == rc })
}
