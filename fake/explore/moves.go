package explore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// Actor says who makes a move.
type Actor uint8

// The actors.
const (
	// ActorConfig is a pass of the DC controller (reconcile.Config).
	ActorConfig Actor = iota + 1
	// ActorDeployer is a pass of the deployer controller over one RC
	// (phase.Step).
	ActorDeployer
	// ActorPodController is a pass of the seed-era deployer-pod
	// controller over one pod (phase.DeployerPod; SeedPodController only).
	ActorPodController
	// ActorKubelet moves a deployer pod along (running, succeeded,
	// failed, vanished; failed from Pending too; the server creates it
	// Pending, as the API server's pod strategy does); a deployer pod that succeeds has
	// scaled its RC to the desired replicas and the older ones to 0. It
	// also stands for the deployer pod's process creating its pre hook
	// pod <rc>-hook-pre, Running (To "created", within Options.Hooks),
	// and moves a hook pod along (succeeded, failed, vanished).
	ActorKubelet
	// ActorUser is an oc command or an edit of the DC.
	ActorUser
	// ActorClock moves the clock one second past the New-phase timeout
	// of an RC still New (SPEC 4.3.new.3; within Options.Clock), and so
	// past every earlier one: one move for each distinct timeout, Target
	// its span ("601s"). Every pass plans at fake.Epoch, so the move ages the
	// world instead: each timestamp it holds goes back by the span.
	ActorClock
)

// String names the actor.
func (a Actor) String() string {
	switch a {
	case ActorConfig:
		return "dc-controller"
	case ActorDeployer:
		return "deployer"
	case ActorKubelet:
		return "kubelet"
	case ActorPodController:
		return "pod-controller"
	case ActorUser:
		return "user"
	case ActorClock:
		return "clock"
	}
	return "actor?"
}

// controller reports whether a is a controller whose passes can fault.
func (a Actor) controller() bool {
	return a == ActorConfig || a == ActorDeployer || a == ActorPodController
}

// Fault is what goes wrong in a pass.
type Fault uint8

// The faults of a pass.
const (
	FaultNone Fault = iota
	// FaultConflict answers Conflict to the At-th write request (0-based).
	FaultConflict
	// FaultCrash stops the controller after At write requests.
	FaultCrash
)

// Move is one transition: an actor, its target and its fault.
type Move struct {
	Actor Actor
	// Target is the RC of a deployer pass, the pod of a kubelet move, and
	// the operation of a user move (cancel, retry, latest, pause, resume,
	// undo, scale=N, edit, delete).
	Target string
	// To is the pod's next phase for a kubelet move ("vanish" deletes it,
	// "created" creates hook pod Target).
	To string
	// Fault and At describe a fault of a controller pass.
	Fault Fault
	At    int
	// Stale names an object ("<resource>/<name>") the pass reads as it was
	// before the last move that changed the world or the controllers'
	// expectations (state.next).
	Stale string
}

// String describes m in one line, as traces print it.
func (m Move) String() string {
	var s string
	switch m.Actor {
	case ActorConfig:
		s = "dc-controller pass"
	case ActorDeployer:
		s = "deployer pass rc/" + m.Target
	case ActorPodController:
		s = "pod-controller pass pod/" + m.Target
	case ActorKubelet:
		s = "kubelet pod/" + m.Target + " -> " + m.To
		if m.To == "created" {
			s = "deployer process creates hook pod/" + m.Target + " (Running)"
		}
	case ActorUser:
		s = "user " + m.Target
	case ActorClock:
		s = "clock +" + m.Target
	}
	switch m.Fault {
	case FaultConflict:
		s += fmt.Sprintf(" (conflict on write %d)", m.At+1)
	case FaultCrash:
		s += fmt.Sprintf(" (crash after %d writes)", m.At)
	}
	if m.Stale != "" {
		s += " (stale read of " + m.Stale + ")"
	}
	return s
}

// faultFree reports whether m is a controller or kubelet move without a
// fault: the moves left once faults, user actions and clock moves stop.
func (m Move) faultFree() bool {
	return m.Actor != ActorUser && m.Actor != ActorClock && m.Fault == FaultNone && m.Stale == "" && m.To != "vanish"
}

// Step is what one move did.
type Step struct {
	Move Move
	// Before and After are the world before and after the move.
	Before, After Objects
	// Seen is the snapshot the pass planned from first (for controller
	// passes and oc commands), and Pass what RunPass returned.
	Seen dcplan.Snapshot
	Pass wire.Pass
	// Writes are the write requests the server executed, in order.
	Writes []fake.Write
	// Attempted is the number of write requests sent (faulted ones
	// included).
	Attempted int
	// Err is the pass's error other than a crash (ErrProtocol, say).
	Err error
	// Expect are the controllers' expectations after the move, as keys
	// ("<resource>/<name>", sorted): the RCs the DC controller created
	// and the deployer pods the deployer created that their caches have
	// not shown them yet (Snapshot.Unobserved), as the simulator keeps
	// them. A deployer whose preset ignores expectations keeps none.
	// Keys with a leading '-' (deletedKey) are the RCs the DC controller
	// and the pods the deployer deleted in this move, which a stale read
	// of the next may still show (Snapshot.Undeleted, SPEC 3.7.expect,
	// 4.2.expect.delete); a preset that ignores expectations keeps none.
	Expect []string
	// Requeue is the deployer's requeue count after the pass, abstracted
	// (see nextRequeue); Passes is how many passes of the work queue the
	// move stands for.
	Requeue, Passes int
	// recalled marks a step given from another node's outcome of the
	// same move (see recall): it has no Before, Seen, Pass or Writes.
	recalled bool
	// collected marks a step whose writes made the server change objects
	// its log does not name (the garbage collector's deletes and owner
	// reference removals): its After is not the replay of its Writes.
	collected bool
}

// collected makes o, the replay of a pass's log over the world before
// it, what srv, the server the pass wrote to, holds: the server's
// garbage collector deletes, marks or releases the dependents of an
// object a write deleted (or left without owners or finalizers) at
// once, and logs none of it. It reports whether anything changed. The
// collector adds no object, so the objects of o are all it looks at.
func collected(o Objects, srv *fake.Server) bool {
	changed := false
	for k, b := range o {
		res, name := split(k)
		sb, ok := srv.Object(res, Namespace, name)
		switch {
		case !ok:
			delete(o, k)
		case !bytes.Equal(sb, b):
			o[k] = intern(sb)
		default:
			continue
		}
		changed = true
	}
	return changed
}

// client is a wire.Client over a fake.Server that fails one write with a
// Conflict or crashes the controller after some writes.
type client struct {
	*fake.Server
	n          int
	conflictAt int
	crashAfter int
	cancel     func()
}

// Do sends r, unless the fault says otherwise.
func (c *client) Do(ctx context.Context, r wire.Request) (wire.Written, error) {
	if r.Verb == wire.VerbEvent {
		return c.Server.Do(ctx, r)
	}
	i := c.n
	c.n++
	if i == c.conflictAt {
		return wire.Written{}, &wire.StatusError{Reason: dcplan.StatusConflict, Code: 409,
			Message: fmt.Sprintf("Operation cannot be fulfilled on %s %q: the object has been modified; please apply your changes to the latest version and try again", r.Resource, r.Name)}
	}
	w, err := c.Server.Do(ctx, r)
	if c.crashAfter > 0 && c.n >= c.crashAfter {
		c.cancel()
	}
	return w, err
}

// view is the world a pass reads: o, with the object stale as it was in
// prev.
func view(o, prev Objects, stale string) Objects {
	if stale == "" {
		return o
	}
	v := o.clone()
	if b, ok := prev[stale]; ok {
		v[stale] = b
	} else {
		delete(v, stale)
	}
	return v
}

// planner returns the planner of a controller or user move, nil for a user
// operation refused on s.
func planner(m Move, s dcplan.Snapshot) wire.Planner {
	switch m.Actor {
	case ActorConfig:
		return reconcile.Config
	case ActorDeployer:
		return func(s dcplan.Snapshot) dcplan.Plan { return phase.Step(s, m.Target) }
	case ActorPodController:
		return func(s dcplan.Snapshot) dcplan.Plan { return phase.DeployerPod(s, m.Target) }
	}
	op := func(s dcplan.Snapshot) (p dcplan.Plan, err error) {
		switch m.Target {
		case "cancel":
			p, _, err = cancel.Cancel(s)
		case "retry":
			p, _, err = cancel.Retry(s)
		case "latest":
			p, _, err = reconcile.RolloutLatest(s, false, dcplan.DryRunNone)
		case "pause":
			p, err = reconcile.Pause(s)
		case "resume":
			p, err = reconcile.Resume(s)
		case "undo":
			p, _, err = history.Undo(s, 0, dcplan.DryRunNone)
		default:
			panic("explore: unknown user operation " + m.Target)
		}
		return p, err
	}
	p, err := op(s)
	if err != nil || p.IsEmpty() {
		return nil
	}
	// The command plans again after a failed request, from the snapshot
	// with its Outcome (wire.RunPass), as the simulator's commands do: an
	// error that answers the failure comes with the plan of the requests
	// already sent (oc rollout latest's failed fallback update, say), and
	// that plan goes on; if it refuses with nothing to send, it goes on
	// with the plan it first made.
	return func(x dcplan.Snapshot) dcplan.Plan {
		if len(x.Outcome.Failures) == 0 {
			return p
		}
		q, err := op(x)
		if err != nil && q.Actions() == 0 {
			return p
		}
		return q
	}
}

// errRefused is apply's answer for a move that does nothing in o.
var errRefused = errors.New("explore: move refused")

// apply makes move m on o (prev is the world before the last move, for
// stale reads; rq the deployer's requeue count of m's RC; base, when not
// nil, returns a server holding o that apply clones rather than building
// one).
func apply(o, prev Objects, m Move, st dcplan.Settings, rq int, expect []string, base func() *fake.Server) (Step, error) {
	step := Step{Move: m, Before: o, Passes: 1, Expect: expect}
	switch m.Actor {
	case ActorKubelet:
		next := o.clone()
		if m.To == "created" {
			if !createHook(next, m.Target) {
				return step, errRefused
			}
			step.After = next
			return step, nil
		}
		if !kubelet(next, m) {
			return step, errRefused
		}
		normalize(next)
		step.After = next
		return step, nil
	case ActorClock:
		d, ok := clockSpanOf(m)
		if !ok {
			return step, errRefused
		}
		step.After = aged(o, d)
		return step, nil
	case ActorUser:
		if directEdit(m.Target) {
			next := o.clone()
			if !userEdit(next, m.Target) {
				return step, errRefused
			}
			step.After = next
			return step, nil
		}
	}
	w, err := Decode(view(o, prev, m.Stale))
	if err != nil {
		return step, err
	}
	if w.Config.Name == "" {
		return step, errRefused
	}
	s := w.Snapshot(st)
	s.Settings.DeployerImage = "deployer:latest"
	if m.Actor == ActorDeployer {
		s.Requeues = rq
	}
	s.Unobserved, step.Expect = expectations(m, expect, w, o)
	if !st.IgnoreExpectations {
		s.Undeleted = undeleted(m, expect, w)
	}
	plan := planner(m, s)
	if plan == nil {
		return step, errRefused
	}
	step.Seen = s
	if m.Fault == FaultNone {
		// A pass whose plan is empty sends nothing (RunPass would plan
		// the same): no server needed.
		if p := plan(s); p.IsEmpty() {
			step.Pass = wire.Pass{Snapshot: s, Plan: p}
			step.After = o
			return step, nil
		}
	}
	var srv *fake.Server
	if base != nil {
		srv = base().Clone()
	} else {
		srv = o.server()
	}
	ctx, cancelCtx := context.WithCancel(context.Background())
	defer cancelCtx()
	c := &client{Server: srv, conflictAt: -1, cancel: cancelCtx}
	switch m.Fault {
	case FaultConflict:
		c.conflictAt = m.At
	case FaultCrash:
		c.crashAfter = m.At
	}
	pass, err := wire.RunPass(ctx, c, s, plan)
	step.Pass, step.Attempted = pass, c.n
	if err != nil && !errors.Is(err, context.Canceled) {
		step.Err = err
	}
	step.Writes = srv.Log()
	settle(&step, o, rq, st, srv)
	return step, nil
}

// settle completes step from its Writes: the controllers' expectations
// (the RCs a DC controller pass created, and the pods a deployer pass
// created, join them), the world after and the deployer's requeue count
// (fake.RateLimited).
// srv, when not nil, is the server the writes were made on: the world
// after is then what it holds, the garbage collector's work on the
// objects the writes did not name (a pruned RC's deployer pods, say)
// included, which its log leaves out (step.collected records it).
func settle(step *Step, o Objects, rq int, st dcplan.Settings, srv *fake.Server) {
	m := step.Move
	if res := expected(m, st); res != "" {
		for _, lw := range step.Writes {
			r := lw.Request
			if lw.Err != nil || r.Verb != wire.VerbCreate || r.Resource != res || r.Subresource != "" {
				continue
			}
			if k := key(res, r.Name); r.Name != "" && !slices.Contains(step.Expect, k) {
				step.Expect = append(slices.Clone(step.Expect), k)
				slices.Sort(step.Expect)
			}
		}
	}
	if res := expected(m, st); res != "" && !st.IgnoreExpectations {
		for _, lw := range step.Writes {
			r := lw.Request
			if lw.Err != nil || r.Verb != wire.VerbDelete || r.Resource != res || r.Subresource != "" || r.Name == "" {
				continue
			}
			if k := deletedKey(res, r.Name); !slices.Contains(step.Expect, k) {
				step.Expect = append(slices.Clone(step.Expect), k)
				slices.Sort(step.Expect)
			}
		}
	}
	next := replay(o, step.Writes)
	if srv != nil {
		step.collected = collected(next, srv)
	}
	normalize(next)
	step.After = next
	if m.Actor == ActorDeployer {
		switch {
		case m.Fault == FaultCrash:
			step.Requeue = 0
		case fake.RateLimited(step.Pass.Plan, step.Err):
			// Requeued as the simulator requeues it: a retried error
			// (a fatal one is forgotten) or a failed pass. Any other pass
			// forgets the count, one that only waits included.
			step.Requeue, step.Passes = nextRequeue(rq)
		}
	}
}

// crashed is the move m, a crash after m.At writes, derived from free,
// the same pass without a fault, when free's run had no failure: the
// passes are one deterministic run until the crash, so the crashed one
// made free's first m.At write attempts, and with no failure before them
// it planned once, as free did. ok is false when free failed somewhere
// (the crashed run may have planned differently), or when the server's
// collector changed objects free's writes did not name (its log does not
// say after which write): apply must run it.
func crashed(free Step, m Move, rq int, expect []string, st dcplan.Settings) (step Step, ok bool) {
	if free.recalled || free.collected || free.Err != nil || m.At > len(free.Writes) || len(free.Pass.Snapshot.Outcome.Failures) > 0 {
		return Step{}, false
	}
	for _, err := range free.Pass.Errs {
		if err != nil {
			return Step{}, false
		}
	}
	step = Step{Move: m, Before: free.Before, Seen: free.Seen, Pass: free.Pass, Writes: free.Writes[:m.At:m.At],
		Attempted: m.At, Passes: 1, Expect: expect}
	if m.Actor == ActorConfig || m.Actor == ActorDeployer {
		w, err := Decode(free.Before)
		if err != nil {
			return Step{}, false
		}
		_, step.Expect = expectations(m, expect, w, free.Before)
	}
	settle(&step, free.Before, rq, st, nil)
	return step, true
}

// nextRequeue is the requeue count after a pass that requeued at rq, and
// how many passes that takes. The planners tell requeue counts apart only
// at 13 (WillBeDropped) and 15 (MaxRetryCount), so counts 1 to 12 are one
// state, represented by 1: from it the next distinct count, 13, is 12
// passes away (the passes in between leave the world as it is).
func nextRequeue(rq int) (int, int) {
	switch {
	case rq == 0:
		return 1, 1
	case rq < dcplan.WillBeDroppedRequeues:
		return dcplan.WillBeDroppedRequeues, dcplan.WillBeDroppedRequeues - 1
	}
	return min(rq+1, dcplan.MaxRetryCount), 1
}

// expected is the resource whose creates the pass m expects to see in
// its cache: RCs for a DC controller pass, pods for a deployer pass ("" for
// other moves, and for a deployer whose preset ignores expectations:
// its planner never reads them, and keeping them would only split states
// that behave alike).
func expected(m Move, st dcplan.Settings) string {
	switch {
	case m.Actor == ActorConfig:
		return wire.ResourceRCs
	case m.Actor == ActorDeployer && !st.IgnoreExpectations:
		return wire.ResourcePods
	}
	return ""
}

// expectations returns, for move m reading w (its view of o, the live
// world), the expectations of its controller that it is given
// (Snapshot.Unobserved: the names of the objects it created that w does
// not show, as the simulator computes them) and all of expect left once
// it has read w: its controller forgets those gone from o (the informer
// delivers their delete), and the DC controller those w shows (the
// deployer's are forgotten by hideable). The DC controller's are
// the RCs; the deployer's of RC r, the pod <r>-deploy (each deployer pass
// is of one RC, as the simulator keeps expectations per RC).
func expectations(m Move, expect []string, w World, o Objects) (unobserved, left []string) {
	var res, only string
	switch m.Actor {
	case ActorConfig:
		res = wire.ResourceRCs
	case ActorDeployer:
		res, only = wire.ResourcePods, dcplan.DeployerPodName(m.Target)
	default:
		return nil, expect
	}
	for _, k := range expect {
		r, n := split(k)
		if r != res || only != "" && n != only {
			left = append(left, k)
			continue
		}
		if shows(w, r, n) {
			if m.Actor == ActorDeployer {
				// Kept until no view can hide the pod (hideable): a
				// pass that merely observes a create leaves the state
				// as it was, as the informer, not a pass, delivers it.
				left = append(left, k)
			}
			continue // observed
		}
		if _, stored := o[k]; !stored {
			continue // gone: its delete lowers it
		}
		unobserved = append(unobserved, n)
		left = append(left, k)
	}
	return unobserved, left
}

// undeleted returns, for move m reading w, the objects its controller
// deleted in the move before that w still shows (Snapshot.Undeleted: a
// stale read of one, as the earlier world holds it): RC names for the DC
// controller, deployer and hook pod names for the deployer. Such an
// object is the one deleted, not another of its name: hideable keeps a
// delete's expectation only while the world lacks the name.
func undeleted(m Move, expect []string, w World) []string {
	var res string
	switch m.Actor {
	case ActorConfig:
		res = wire.ResourceRCs
	case ActorDeployer:
		res = wire.ResourcePods
	default:
		return nil
	}
	var out []string
	for _, k := range expect {
		rest, ok := strings.CutPrefix(k, "-")
		if !ok {
			continue
		}
		if r, n := split(rest); r == res && shows(w, r, n) {
			out = append(out, n)
		}
	}
	return out
}

// hideable returns expect without the expectations that no view of the
// world after a move can need: a delete's once prev, what a stale read
// reads (nil: no stale read left), no longer holds the object or after
// holds one of its name again; and the deployer's creates of pods gone
// from after (their delete lowers them) and of pods that prev holds too. Every view then shows
// the pod, as the simulator's deployer observes its create once its
// informer delivers it; keeping them would only split states that
// behave alike, and count passes that merely observe a create.
func hideable(expect []string, after, prev Objects) []string {
	drop := func(k string) bool {
		if rest, ok := strings.CutPrefix(k, "-"); ok {
			// A delete's: needed while a stale read may show the object
			// deleted, which the earlier world holds and the world does
			// not (a name made again is another object).
			_, old := prev[rest]
			_, now := after[rest]
			return !old || now
		}
		if r, _ := split(k); r != wire.ResourcePods {
			return false
		}
		if _, ok := after[k]; !ok {
			return true
		}
		_, old := prev[k]
		return prev == nil || old
	}
	if !slices.ContainsFunc(expect, drop) {
		return expect
	}
	return slices.DeleteFunc(slices.Clone(expect), drop)
}

// shows reports whether w holds the object of resource named n.
func shows(w World, resource, n string) bool {
	if resource == wire.ResourceRCs {
		_, ok := w.Deployment(n)
		return ok
	}
	_, ok := findPod(w, n)
	return ok
}

// kubelet moves pod m.Target to m.To in o; false when it cannot.
func kubelet(o Objects, m Move) bool {
	k := key(wire.ResourcePods, m.Target)
	w, err := Decode(Objects{k: o[k]})
	if err != nil || len(w.Pods) != 1 {
		return false
	}
	p := w.Pods[0]
	from := p.Phase
	terminal := from == dcplan.PodSucceeded || from == dcplan.PodFailed
	if terminal {
		return false
	}
	switch m.To {
	case "vanish":
		delete(o, k)
		return true
	case "Running":
		if from != dcplan.PodPending {
			return false
		}
	case "Succeeded":
		if from != dcplan.PodRunning {
			return false
		}
	case "Failed":
		// From Pending too: the kubelet refuses a pod at admission, or
		// its activeDeadlineSeconds passes before it starts.
	}
	edit(o, k, "status.phase="+m.To, func(pm map[string]any) bool {
		sub(pm, "status")["phase"] = m.To
		return true
	})
	if m.To == "Succeeded" && isHook(p) {
		return true // a hook pod's success scales nothing
	}
	if m.To == "Succeeded" {
		deployed(o, p.DeploymentName)
	}
	return true
}

// hookSuffix is the suffix of the one hook pod the explorer models: the
// pre hook the deployer image runs before scaling (SPEC 1.2).
const hookSuffix = "-hook-pre"

// isHook reports whether p is a hook pod: labelled for an RC, not under
// the RC's deployer pod name.
func isHook(p dcplan.Pod) bool {
	rc := p.DeployerFor
	if rc == "" {
		rc = p.DeploymentName
	}
	return rc != "" && p.Name != dcplan.DeployerPodName(rc)
}

// hookFor reports whether the deployer pod of the RC that hook pod name
// is for may create it now: the deployer pod is Running and the hook pod
// does not exist (SPEC 1.2: the deployer image creates <rc>-hook-pre,
// labelled openshift.io/deployer-pod-for.name=<rc>).
func hookFor(w World, name string) bool {
	rc, ok := strings.CutSuffix(name, hookSuffix)
	if !ok {
		return false
	}
	p, ok := findPod(w, dcplan.DeployerPodName(rc))
	if !ok || p.Phase != dcplan.PodRunning {
		return false
	}
	_, exists := findPod(w, name)
	return !exists
}

// createHook adds hook pod name to o, as the deployer image creates it
// while its deployer pod runs: Running, in the DC's namespace, with the
// label openshift.io/deployer-pod-for.name and the annotation
// openshift.io/deployment.name naming the RC, and no owner reference: the
// deployer controller adds it (SPEC 4.6; fake's pod model, which drives
// no controller of its own, sets one at once); false when the deployer
// pod is not Running.
func createHook(o Objects, name string) bool {
	w, err := Decode(o)
	if err != nil || !hookFor(w, name) {
		return false
	}
	o[key(wire.ResourcePods, name)] = hookPod(name)
	return true
}

// hookPods caches the stored form of each hook pod.
var hookPods sync.Map

// hookPod is the stored JSON of hook pod name.
func hookPod(name string) []byte {
	if b, ok := hookPods.Load(name); ok {
		return b.([]byte)
	}
	rc := strings.TrimSuffix(name, hookSuffix)
	b, err := wire.EncodePodObject(dcplan.Pod{Namespace: Namespace, Name: name, UID: "uid-" + name,
		DeployerFor: rc, DeploymentName: rc, Phase: dcplan.PodRunning, CreationTime: fake.Epoch, StartTime: fake.Epoch})
	if err != nil {
		panic(err)
	}
	k := key(wire.ResourcePods, name)
	o := Objects{k: b}.stored()
	normalize(o)
	hookPods.Store(name, o[k])
	return o[k]
}

// deployed is the deployer pod's work on success: rc gets the replicas of
// its encoded config, every other RC of the DC none.
func deployed(o Objects, rc string) {
	w, err := Decode(o)
	if err != nil {
		return
	}
	for _, d := range w.Deployments {
		want := dcplan.Replicas(0)
		if d.Name == rc && d.Encoded != nil {
			want = d.Encoded.Replicas
			if d.HasDesiredReplicas {
				want = d.DesiredReplicas
			}
		}
		if d.Replicas == want {
			continue
		}
		edit(o, key(wire.ResourceRCs, d.Name), "spec.replicas="+itoa(int(want)), func(m map[string]any) bool {
			sub(m, "spec")["replicas"] = int64(want)
			return true
		})
	}
}

// directEdit reports whether the user operation op is one write the user
// makes by hand (an edit, `oc scale`, `oc delete`), which userEdit makes,
// rather than a command that plans.
func directEdit(op string) bool {
	return op == "edit" || op == "delete" || strings.HasPrefix(op, "scale=")
}

// userEdit is `oc scale dc`, an edit of the DC's template (the image
// toggles between fake.Images[0] and [1]), or `oc delete dc` (heldDelete).
func userEdit(o Objects, op string) bool {
	k := key(wire.ResourceConfigs, Name)
	if op == "delete" {
		b, ok := o[k]
		if !ok {
			return false
		}
		nb := derive(b, "delete "+k, func() []byte { return heldDelete(b) })
		if nb == nil {
			return false
		}
		o[k] = nb
		return true
	}
	return edit(o, k, op, func(m map[string]any) bool {
		spec := sub(m, "spec")
		if op == "edit" {
			cs, _ := sub(sub(spec, "template"), "spec")["containers"].([]any)
			if len(cs) == 0 {
				return false
			}
			c, _ := cs[0].(map[string]any)
			if c["image"] == fake.Images[0] {
				c["image"] = fake.Images[1]
			} else {
				c["image"] = fake.Images[0]
			}
		} else {
			n := op[len("scale="):]
			if fmt.Sprint(spec["replicas"]) == n {
				return false
			}
			var v int64
			fmt.Sscan(n, &v)
			spec["replicas"] = v
		}
		bumpGeneration(m)
		return true
	})
}

// holdFinalizer is the finalizer a user's delete finds on the DC: someone
// else's, never released within a trace.
const holdFinalizer = "example.com/hold"

// heldDelete is the DC stored as b after a user adds holdFinalizer and
// deletes it, both through the fake server (the delete only marks the DC,
// SPEC 3.2.4): its new bytes (interned), nil for a DC being deleted
// already.
func heldDelete(b []byte) []byte {
	srv, err := seeded(wire.ResourceConfigs, b)
	if err != nil {
		panic(fmt.Sprintf("explore: delete: %v", err))
	}
	srv = srv.Clone()
	if c, err := decodeConfig(b); err != nil || c.Deleting {
		return nil
	}
	ctx := context.Background()
	for _, r := range []wire.Request{
		{Verb: wire.VerbPatch, Resource: wire.ResourceConfigs, Namespace: Namespace, Name: Name,
			PatchType: "application/merge-patch+json", Patch: []byte(`{"metadata":{"finalizers":["` + holdFinalizer + `"]}}`)},
		{Verb: wire.VerbDelete, Resource: wire.ResourceConfigs, Namespace: Namespace, Name: Name,
			Delete: wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground}},
	} {
		if _, err := srv.Do(ctx, r); err != nil {
			panic(fmt.Sprintf("explore: delete: %s: %v", r, err))
		}
	}
	after, ok := srv.Object(wire.ResourceConfigs, Namespace, Name)
	if !ok {
		panic("explore: delete: the held DC is gone")
	}
	return intern(after)
}
