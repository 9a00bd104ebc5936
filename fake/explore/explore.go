package explore

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// Violation is a property that failed, with the shortest trace to it.
type Violation struct {
	// Property is the property's name, Err what it found.
	Property string
	Err      error
	// Trace is the moves from the initial world, the last one the
	// violating move (none for a state property of an initial world).
	Initial Objects
	Trace   []Move
}

// Result is what an exploration found.
type Result struct {
	// States and Transitions count the distinct states reached and the
	// moves made.
	States, Transitions int
	// Violations holds the first violation of each property, found on a
	// shortest trace.
	Violations []Violation
	// Moves counts the moves made by each actor; Faulted those of them
	// with a fault (a Conflict or a crash).
	Moves, Faulted map[Actor]int
	// Ops counts the user moves made, by operation (Move.Target:
	// "latest", "scale=1", "delete", ...).
	Ops map[string]int
	// Hooks counts the distinct states holding a hook pod, by its phase
	// ("Running", "Succeeded", "Failed"), and under "cancelled" those
	// whose hook pod belongs to a cancelled RC: the hook-pod states the
	// invariants judged (OneDeployerPod leaves hook pods out,
	// NoPodsAfterCancel wants them deleted).
	Hooks map[string]int
	// Truncated is true when MaxStates stopped the search.
	Truncated bool
	// Options are the options explored, their zero fields given their
	// defaults (Versions 3, ...): the bounds to report.
	Options Options
}

// node is one state of the search.
type node struct {
	state
	users   int
	hooks   int
	faults  int
	stale   int
	clock   int
	parent  int
	move    Move
	initial Objects
	// edges are the fault-free moves out of the node (liveness);
	// expanded is true once its moves were made, and objs and prev are
	// then dropped: only the search's bookkeeping is kept of an expanded
	// node (its budgets, parent, move, edges and bound).
	edges    []edge
	expanded bool
	// bound is Bound of the node's world (liveness).
	bound int
}

// edge is a fault-free move to another node, standing for passes passes
// of its actor's work queue.
type edge struct {
	to     int
	passes int
	move   Move
}

// search is the state of one exploration.
type search struct {
	opts Options
	// properties are fake.Invariants, then Options.Properties.
	properties []fake.Invariant
	nodes      []*node
	seen       map[hash][]int
	res        Result
	found      map[string]bool
	// base is a server holding the world of the node being expanded.
	base *fake.Server
	// recall holds the outcomes of the moves made (see recalls).
	recall recall
}

// Explore searches every world reachable from the initial worlds of o
// breadth-first, checks fake.Invariants and Options.Properties on every
// state and move (and the Rest ones at every fixed point), that a
// controller pass that changes nothing writes nothing (idempotence), that
// the same snapshot gives the same requests (determinism) and liveness.
// Options it refuses (Options.Validate) are an error wrapping
// ErrInvalidOptions, before anything is explored.
func Explore(o Options) (Result, error) {
	if err := o.Validate(); err != nil {
		return Result{}, err
	}
	return explore(o).res, nil
}

// explore is Explore for valid options, returning the whole search.
func explore(o Options) *search {
	o = o.defaults()
	s := &search{opts: o, properties: slices.Concat(fake.Invariants, o.Properties), seen: map[hash][]int{}, found: map[string]bool{}, res: Result{Moves: map[Actor]int{}, Faulted: map[Actor]int{}, Ops: map[string]int{}, Hooks: map[string]int{}, Options: o}}
	initial := o.Initial
	if initial == nil {
		initial = Initial(o)
	}
	for _, w := range initial {
		// Stored and normalized, as every move leaves a world: a given
		// world's RC statuses would otherwise lag their specs until the
		// first move set them, with no new resourceVersion.
		w = w.stored()
		normalize(w)
		s.add(&node{state: state{objs: w}, parent: -1, initial: w})
	}
	for i := 0; i < len(s.nodes) && !s.res.Truncated; i++ {
		if checkExpand != nil {
			checkExpand(s, i)
		}
		s.expand(i)
	}
	s.liveness()
	s.res.States = len(s.nodes)
	return s
}

// Initial returns the initial worlds of o: the DC at latestVersion 1 with
// no RC yet, for every replica count and history limit.
func Initial(o Options) []Objects {
	o = o.defaults()
	var out []Objects
	for _, lim := range o.Limits {
		for _, r := range o.Replicas {
			cfg := fake.NewConfig(Namespace, Name, dcplan.Replicas(r))
			cfg.UID, cfg.ResourceVersion = "uid-"+Name, "1"
			cfg.HasRevisionHistoryLimit = lim >= 0
			cfg.RevisionHistoryLimit = int32(max(lim, 0))
			// The first rollout is requested: the seeds' DC controller
			// has no trigger of its own (their trigger controllers are
			// not modelled), and the modern one creates web-1 from here.
			cfg.Status.LatestVersion = 1
			b, err := wire.EncodeConfig(cfg)
			if err != nil {
				panic(err)
			}
			out = append(out, Objects{key(wire.ResourceConfigs, Name): b})
		}
	}
	return out
}

// hashOf is the identity of n.
func (s *search) hashOf(n *node) hash {
	var b bytes.Buffer
	n.objs.canonical(&b)
	if s.mayReadStale(n) {
		b.WriteString("prev\n")
		n.prev.canonical(&b)
	}
	fmt.Fprintf(&b, "expect %v\n", n.expect)
	if len(n.queued) > 0 {
		fmt.Fprintf(&b, "queued %v\n", n.queued)
	}
	for _, k := range sortedKeys(n.rq) {
		if n.rq[k] > 0 {
			fmt.Fprintf(&b, "rq %s %d\n", k, n.rq[k])
		}
	}
	return sha256.Sum256(b.Bytes())
}

// fits reports whether node n may make move m within the budgets of a
// trace: each kind of perturbation m is (a user move, a faulted pass, a
// stale read, a hook pod, a clock move; a faulted oc command is two)
// within its own,
// and the kinds the trace then mixes within Options.Kinds.
func (s *search) fits(n *node, m Move) bool {
	next := *n
	next.count(m)
	o := &s.opts
	return next.users <= o.Users && next.faults <= o.Faults && next.stale <= o.Stale && next.hooks <= o.Hooks &&
		next.clock <= o.Clock && (o.Kinds == 0 || next.kinds() <= o.Kinds)
}

// mayReadStale reports whether a controller pass out of n may still read
// an object stale (the earlier world then belongs to n's identity).
func (s *search) mayReadStale(n *node) bool {
	return n.prev != nil && s.fits(n, Move{Actor: ActorConfig, Stale: "any"})
}

// state is what the moves out of a node read besides the move: the world,
// the earlier world a stale read reads (nil when no stale read may
// follow), the deployer's requeue counts by RC, the controllers'
// expectations and the RCs without the config-name annotation that the
// deployer's queue holds (queued). The search and Replay both step it
// with next, so that a replayed trace reads what the search's moves read.
type state struct {
	objs, prev Objects
	rq         map[string]int
	expect     []string
	// queued are the RCs without the openshift.io/deployment-config.name
	// annotation that a change of one of their pods queued and no
	// deployer pass has taken since, sorted (see queuedRCs), and no
	// controller's crash has emptied (the restart drops them, with the
	// requeue counts). A deployer pass over such an RC is a move only
	// while it is queued; every other RC is queued by each relist (SPEC
	// 4.7).
	queued []string
}

// next is the state after move m, which made step out of c; staleLeft
// reports whether a stale read may still follow (the earlier world is
// dropped otherwise). A move that changes neither the world nor the
// expectations leaves the state as it was, its earlier world included
// (the move is a self-loop); a clock move changes nothing but time, so
// the earlier world ages with the world and the stale reads stay; any
// other move makes the world before it the earlier world.
func (c state) next(m Move, step Step, staleLeft bool) state {
	n := state{objs: step.After, prev: c.objs, rq: c.rq, expect: step.Expect,
		queued: queuedRCs(c.queued, m, step, c.objs)}
	if d, ok := clockSpanOf(m); ok && m.Actor == ActorClock {
		n.prev = aged(c.prev, d)
	} else if sameWorld(c.objs, step.After) && slices.Equal(c.expect, step.Expect) {
		n.objs, n.prev = c.objs, c.prev
	}
	if m.Actor == ActorDeployer && step.Requeue != c.rq[m.Target] {
		n.rq = maps.Clone(c.rq)
		if n.rq == nil {
			n.rq = map[string]int{}
		}
		n.rq[m.Target] = step.Requeue
	}
	if m.Fault == FaultCrash && m.Actor.controller() {
		// The controllers run in one process, which the crash restarts
		// (an oc command that crashes restarts nothing): the deployer's
		// queue and its rate limiter's counts go with it.
		// The relist queues every annotated RC again (any pass over one
		// is a move at any time) and none without the annotation, whose
		// pods' adds queue nothing (SPEC 4.7).
		n.rq, n.queued = nil, nil
	}
	if !staleLeft {
		n.prev = nil // no stale read is left to read it
	}
	n.expect = hideable(n.expect, n.objs, n.prev)
	return n
}

// count adds the perturbations of m to the node's budgets used.
func (n *node) count(m Move) {
	if m.Actor == ActorUser {
		n.users++
	}
	if m.To == "created" {
		n.hooks++
	}
	if m.Fault != FaultNone {
		n.faults++
	}
	if m.Stale != "" {
		n.stale++
	}
	if m.Actor == ActorClock {
		n.clock++
	}
}

// kinds is how many kinds of perturbation the trace to n mixes.
func (n *node) kinds() int {
	k := 0
	for _, used := range [...]int{n.users, n.faults, n.stale, n.hooks, n.clock} {
		if used > 0 {
			k++
		}
	}
	return k
}

// add adds n unless its world was seen with no more of each budget used
// (that node can make every move n can), checks the state properties on a
// new one, and returns its index. When the search already holds
// Options.MaxStates states it adds nothing new: it marks the result
// Truncated and returns -1.
func (s *search) add(n *node) int {
	h := s.hashOf(n)
	for _, j := range s.seen[h] {
		if m := s.nodes[j]; m.users <= n.users && m.faults <= n.faults && m.stale <= n.stale && m.hooks <= n.hooks && m.clock <= n.clock {
			return j
		}
	}
	if s.opts.MaxStates > 0 && len(s.nodes) >= s.opts.MaxStates {
		s.res.Truncated = true
		return -1
	}
	i := len(s.nodes)
	s.seen[h] = append(s.seen[h], i)
	s.nodes = append(s.nodes, n)
	w, err := Decode(n.objs)
	if err != nil {
		s.violate("Decodes", err, i, nil)
		return i
	}
	n.bound = Bound(w)
	s.countHooks(w)
	s.checkState(i, w, false)
	return i
}

// countHooks counts the hook pods of w in Result.Hooks.
func (s *search) countHooks(w World) {
	for _, p := range w.Pods {
		if !isHook(p) {
			continue
		}
		s.res.Hooks[p.Phase.String()]++
		if d, ok := w.Deployment(p.DeployerFor); ok && d.Cancelled {
			s.res.Hooks["cancelled"]++
		}
	}
}

// checkState runs the State invariants (and the Rest ones when rest) of
// fake.Invariants that apply to the preset, and of Options.Properties, on
// w, the world of node i.
func (s *search) checkState(i int, w World, rest bool) {
	w = w.WithSettings(s.opts.Settings)
	for _, inv := range s.properties {
		f := inv.State
		if rest {
			f = inv.Rest
		}
		if f == nil || !inv.Applies(s.opts.Settings) {
			continue
		}
		if err := f(w); err != nil {
			s.violate(inv.Name, err, i, nil)
		}
	}
}

// violate records the first violation of a property: at node i, or on
// the move m out of it.
func (s *search) violate(prop string, err error, i int, m *Move) {
	if s.found[prop] {
		return
	}
	s.found[prop] = true
	trace, initial := s.trace(i)
	if m != nil {
		trace = append(trace, *m)
	}
	s.res.Violations = append(s.res.Violations, Violation{Property: prop, Err: err, Initial: initial, Trace: trace})
}

// trace returns the moves from an initial world to node i.
func (s *search) trace(i int) ([]Move, Objects) {
	var moves []Move
	for ; s.nodes[i].parent >= 0; i = s.nodes[i].parent {
		moves = append(moves, s.nodes[i].move)
	}
	slices.Reverse(moves)
	return moves, s.nodes[i].initial
}

// moves lists the moves out of n (faulted variants come later, from the
// fault-free run of each pass).
func (s *search) moves(n *node, w World) []Move {
	var ms []Move
	ms = append(ms, Move{Actor: ActorConfig})
	for _, d := range w.Deployments {
		if !annotated(&d) && !slices.Contains(n.queued, d.Name) {
			continue // nothing queued it (SPEC 4.7)
		}
		ms = append(ms, Move{Actor: ActorDeployer, Target: d.Name})
	}
	if s.opts.Settings.SeedPodController {
		for _, p := range w.Pods {
			ms = append(ms, Move{Actor: ActorPodController, Target: p.Name})
		}
	}
	for _, p := range w.Pods {
		// No move to Pending: the server creates every pod Pending.
		for _, to := range []string{"Running", "Succeeded", "Failed", "vanish"} {
			ms = append(ms, Move{Actor: ActorKubelet, Target: p.Name, To: to})
		}
	}
	if s.fits(n, Move{Actor: ActorKubelet, To: "created"}) {
		for _, d := range w.Deployments {
			if h := d.Name + hookSuffix; hookFor(w, h) {
				ms = append(ms, Move{Actor: ActorKubelet, Target: h, To: "created"})
			}
		}
	}
	if s.fits(n, Move{Actor: ActorClock}) {
		for _, d := range clockSpans(w) {
			ms = append(ms, clockMove(d))
		}
	}
	if s.fits(n, Move{Actor: ActorUser}) {
		room := int(w.Config.Status.LatestVersion) < s.opts.Versions
		for _, op := range s.opts.Ops {
			switch op {
			case "latest", "edit", "undo":
				if !room {
					continue
				}
			case "scale":
				for _, r := range s.opts.Replicas {
					if r != int(w.Config.Replicas) {
						ms = append(ms, Move{Actor: ActorUser, Target: "scale=" + itoa(r)})
					}
				}
				continue
			}
			ms = append(ms, Move{Actor: ActorUser, Target: op})
		}
	}
	return ms
}

// expand makes every move out of node i, checks the Rest invariants if
// it is a fixed point (no fault-free move leaves it), and drops its world.
func (s *search) expand(i int) {
	n := s.nodes[i]
	n.expanded = true
	s.base = nil // built on the first pass out of n, cloned for each
	defer func() { s.base, n.objs, n.prev = nil, nil, nil }()
	w, err := Decode(n.objs)
	if err != nil {
		return
	}
	defer func() {
		// A fixed point, unless MaxStates cut the moves out of it short.
		if len(n.edges) == 0 && !s.res.Truncated {
			s.checkState(i, w, true)
		}
	}()
	for _, m := range s.moves(n, w) {
		step, ok := s.move(i, m)
		// Faults hit the controllers' passes and the oc commands that send
		// requests (an edit or `oc scale` is one direct write, not faulted).
		if !ok || !m.Actor.controller() && (m.Actor != ActorUser || !s.opts.UserFaults) {
			continue
		}
		if s.fits(n, Move{Actor: m.Actor, Fault: FaultConflict}) {
			for at := 0; at < step.Attempted; at++ {
				s.move(i, Move{Actor: m.Actor, Target: m.Target, Fault: FaultConflict, At: at})
				if at > 0 {
					s.crash(i, Move{Actor: m.Actor, Target: m.Target, Fault: FaultCrash, At: at}, step)
				}
			}
		}
		if m.Actor.controller() && s.mayReadStale(n) {
			for _, k := range staleKeys(n.objs, n.prev) {
				s.move(i, Move{Actor: m.Actor, Target: m.Target, Stale: k})
			}
		}
	}
}

// staleKeys are the objects whose previous value differs from the current
// (resource versions aside).
func staleKeys(o, prev Objects) []string {
	var ks []string
	for _, k := range o.Keys() {
		if _, ok := prev[k]; ok && !sameWorld(Objects{k: o[k]}, Objects{k: prev[k]}) || !ok {
			ks = append(ks, k)
		}
	}
	for _, k := range prev.Keys() {
		if _, ok := o[k]; !ok {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	return ks
}

// move makes m out of node i (or recalls it), checks it, and adds the
// node it reaches.
func (s *search) move(i int, m Move) (Step, bool) {
	k, r, ok := s.recalled(i, m)
	if ok {
		return r.step, s.took(i, m, r.step, r.err)
	}
	return s.makeMove(i, m, k)
}

// makeMove is move for a move not recalled: it runs m (apply), records
// its outcome under k when the search keeps outcomes like it, and takes
// it.
func (s *search) makeMove(i int, m Move, k hash) (Step, bool) {
	n := s.nodes[i]
	base := func() *fake.Server {
		if s.base == nil {
			s.base = n.objs.server()
		}
		return s.base
	}
	step, err := apply(n.objs, n.prev, m, s.opts.Settings, n.rq[m.Target], n.expect, base)
	if s.recalls(m) {
		s.recall.put(k, step, err)
	}
	return step, s.took(i, m, step, err)
}

// crash makes m, a crash after m.At writes, out of node i, derived from
// free, the same pass without a fault, when it can be (see crashed), and
// by running it otherwise.
func (s *search) crash(i int, m Move, free Step) {
	n := s.nodes[i]
	k, r, ok := s.recalled(i, m)
	if ok {
		s.took(i, m, r.step, r.err)
		return
	}
	if step, ok := crashed(free, m, n.rq[m.Target], n.expect, s.opts.Settings); ok {
		if checkDerivedCrash != nil {
			checkDerivedCrash(s, i, m, step)
		}
		if s.recalls(m) {
			s.recall.put(k, step, nil)
		}
		s.took(i, m, step, nil)
		return
	}
	s.makeMove(i, m, k)
}

// recalled looks up the outcome of m out of node i when the search keeps
// outcomes like it (recalls): k is m's key to record the outcome under
// once made, and ok whether one was recorded (r is then what apply
// answered).
func (s *search) recalled(i int, m Move) (k hash, r made, ok bool) {
	if !s.recalls(m) {
		return k, r, false
	}
	n := s.nodes[i]
	k = s.recall.moveKey(n, m)
	if r, ok = s.recall.get(k, n.objs); ok && checkRecalled != nil {
		checkRecalled(s, i, m, r.step, r.err)
	}
	return k, r, ok
}

// checkRecalled, set by a test, is given every move the search recalls
// rather than makes (node i, the move, the recalled step and error) to
// compare with a run.
var checkRecalled func(s *search, i int, m Move, recalled Step, err error)

// checkExpand, set by a test, is given every node the search expands
// (node i, its state still held) before it is expanded.
var checkExpand func(s *search, i int)

// checkDerivedCrash, set by a test, is given every crash the search
// derives (node i, the move, the derived step) to compare with a run.
var checkDerivedCrash func(s *search, i int, m Move, derived Step)

// took records the move m out of node i that made step (err from apply):
// it checks the move and adds the node it reaches; false when the move was
// refused or did not decode.
func (s *search) took(i int, m Move, step Step, err error) bool {
	n := s.nodes[i]
	if errors.Is(err, errRefused) {
		return false
	}
	s.res.Transitions++
	s.res.Moves[m.Actor]++
	if m.Actor == ActorUser {
		s.res.Ops[m.Target]++
	}
	if m.Fault != FaultNone {
		s.res.Faulted[m.Actor]++
	}
	if err != nil {
		s.violate("Decodes", err, i, &m)
		return false
	}
	if step.Err != nil {
		s.violate(propPassSucceeds, step.Err, i, &m)
	}
	if !step.recalled {
		s.check(i, m, step) // a recalled move was judged where it was made
	}
	next := &node{users: n.users, hooks: n.hooks, faults: n.faults, stale: n.stale, clock: n.clock, parent: i, move: m, initial: n.initial}
	next.count(m)
	next.state = n.state.next(m, step, s.fits(next, Move{Actor: ActorConfig, Stale: "any"}))
	j := s.add(next)
	if m.faultFree() && j != i && j >= 0 {
		n.edges = append(n.edges, edge{to: j, passes: step.Passes, move: m})
	}
	return true
}

// check judges one move: the transition properties, idempotence and
// determinism.
func (s *search) check(i int, m Move, step Step) {
	before, err1 := Decode(step.Before)
	after, err2 := Decode(step.After)
	if err := errors.Join(err1, err2); err != nil {
		s.violate("Decodes", err, i, &m)
		return
	}
	ws, err := writes(step.Before, step.Writes)
	if err != nil {
		s.violate("Decodes", err, i, &m)
		return
	}
	t := transition(m, step, before, after, ws).WithSettings(s.opts.Settings)
	for _, inv := range s.properties {
		if inv.Transition == nil || !inv.Applies(s.opts.Settings) {
			continue
		}
		if err := inv.Transition(t); err != nil {
			s.violate(inv.Name, err, i, &m)
		}
	}
	if !m.Actor.controller() || m.Fault != FaultNone || m.Stale != "" {
		return
	}
	if len(t.Writes) > 0 && sameWorld(step.Before, step.After) {
		s.violate(propIdempotent, fmt.Errorf("%s wrote %d requests that changed nothing: %s", m, len(t.Writes), describeWrites(t.Writes)), i, &m)
	}
	if err := deterministic(step.Pass, m); err != nil {
		s.violate(propDeterministic, err, i, &m)
	}
}

// sameWorld reports whether a and b are one state of the world: the same
// objects, equal but for their resource versions.
func sameWorld(a, b Objects) bool {
	if len(a) != len(b) {
		return false
	}
	for k, x := range a {
		y, ok := b[k]
		if !ok {
			return false
		}
		if len(x) == len(y) && (len(x) == 0 || &x[0] == &y[0]) {
			continue // the same bytes, shared
		}
		if blobOf(x).digest != blobOf(y).digest {
			return false
		}
	}
	return true
}

// describeWrites names the requests of ws.
func describeWrites(ws []fake.LiveWrite) string {
	var parts []string
	for _, w := range ws {
		r := w.Request
		res := r.Resource
		if r.Subresource != "" {
			res += "/" + r.Subresource
		}
		parts = append(parts, fmt.Sprintf("%s %s/%s", r.Verb, res, r.Name))
	}
	return strings.Join(parts, ", ")
}

// deterministic plans the last snapshot of pass with its RCs and pods in
// reverse order and compares the requests with those the pass rendered:
// its last plan's, as rendered (Pass.Requests holds them as sent, moved
// to the versions the pass's own writes left).
func deterministic(pass wire.Pass, m Move) error {
	s := pass.Snapshot
	p := planner(m, s)
	if p == nil {
		return nil
	}
	want, err := wire.Requests(s, pass.Plan)
	if err != nil {
		return err
	}
	r := s
	r.Deployments = slices.Clone(s.Deployments)
	r.Pods = slices.Clone(s.Pods)
	slices.Reverse(r.Deployments)
	slices.Reverse(r.Pods)
	for _, x := range []dcplan.Snapshot{r} {
		got, err := wire.Requests(x, p(x))
		if err != nil {
			return err
		}
		if len(got) != len(want) {
			return fmt.Errorf("%d requests, then %d", len(want), len(got))
		}
		for i := range got {
			g, w := got[i], want[i]
			g.Action, w.Action = dcplan.ActionRef{}, dcplan.ActionRef{}
			if !reflect.DeepEqual(g, w) {
				return fmt.Errorf("request %d differs: %s, then %s", i, w, g)
			}
		}
	}
	return nil
}

// sortedKeys returns the keys of m, sorted.
func sortedKeys(m map[string]int) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
