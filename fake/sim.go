package fake

import (
	"context"
	"errors"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// Options configure a Sim.
type Options struct {
	// Seed fixes every random draw of the run.
	Seed uint64
	// Start is the virtual time the run starts at; Epoch when zero.
	Start time.Time
	// Settings are the planners' settings: the switches (start from a
	// preset, dcplan.Modern.Settings()), the deployer image and service
	// account, the injected environment.
	Settings dcplan.Settings
	// Faults are switched on from the first step.
	Faults Faults
	// Model drives the deployer pods and the replication manager;
	// DefaultPodModel when it is the zero PodModel, else as written (a
	// model with only FailRate set has zero durations: see PodModel).
	Model PodModel
	// Tick is the clock advance of one Run step; 10s when zero or
	// negative (a clock that stood still or went back would stall every
	// timed wait).
	Tick time.Duration
	// Resync is how often every object is queued again, as an informer
	// resync does (but an RC without the config-name annotation, which
	// the deployer's informer drops, SPEC 4.7); 2 minutes when zero,
	// negative for never.
	Resync time.Duration
	// Quiet turns off the trace and the pass log, for benchmarks and very
	// large worlds, and with them the record of passes the Transition
	// invariants judge: a quiet Sim's Observations have no Passes or
	// Transitions, only the count of writing passes left out
	// (Observation.Unrecorded), which CheckInvariants reports as
	// ErrUncheckedPasses rather than passing them unchecked.
	Quiet bool
	// MaxLag overrides the World's MaxLag (default: Faults.StaleReads,
	// at least 4, so the knob can be raised later); zero or negative
	// means the default.
	MaxLag int
	// GracefulPodDeletion models graceful termination of pods, off by
	// default (so that seeds, traces and figures stay as they were): a
	// pod a node runs, deleted by a controller, a user, the DeletePod
	// fault or the garbage collector, is marked deleting with its grace
	// period and stays, its phase unchanged, until the pod model's
	// kubelet stops it and removes it (World.GracefulPodDeletion,
	// Server.SetGracefulPodDeletion, PodModel). Off, a deleted pod goes
	// at once.
	GracefulPodDeletion bool
}

// Sim is a deterministic simulator of the two rollout controllers over a
// World: a virtual clock, work queues fed by watch notifications, the DC
// controller (reconcile.Config) and the deployer controller (phase.Step)
// sending their plans' requests to the World (wire.RunPass over
// World.Client, failures fed back through Snapshot.Outcome), a model of
// deployer pods and of the replication manager, and seeded fault
// injection. All randomness is
// drawn from one math/rand/v2 generator seeded from Options.Seed: the same
// options give the same trace, byte for byte.
type Sim struct {
	opts  Options
	world *World
	rng   *rand.Rand
	now   time.Time
	start time.Time
	// Faults may be changed between steps.
	Faults Faults

	dcq, rcq queue
	// podq is the seed-era deployer-pod controller's work queue (only
	// with SeedPodController): deployer pods, whose phase it copies into
	// their RCs (phase.DeployerPod, SPEC 7 row 29).
	podq queue
	dups []item // duplicated notifications, delivered next step
	// aheadObjs is the scratch list of objects to decode ahead.
	aheadObjs  []*object
	lastWait   map[item]dcplan.WaitReason
	lastResync time.Time
	model      podModel
	trace      traceLog
	passes     []Pass
	// transitions are the passes as the invariants judge them (not when
	// Quiet).
	transitions []Transition
	// unrecorded counts the writing passes Quiet kept out of
	// transitions since the last Observe.
	unrecorded int
	// expect are the controllers' expectations for their creates: per DC,
	// the RCs the DC controller created that its cache has not shown yet;
	// per RC, the deployer pods the deployer created.
	expect map[expectKey][]string
	// expectGone are the controllers' expectations for their deletes:
	// per DC, the RCs the DC controller deleted that its cache still
	// shows; per RC, the pods the deployer deleted.
	expectGone map[expectKey][]gone
	// expectWritten are the deployer's expectations for its writes of
	// an RC: per RC, the resource versions its writes replaced.
	expectWritten map[expectKey][]string
	// splitBrain holds the DCs (ns/name) a second controller instance
	// created an RC or a pod for, or wrote an RC of, since the world was
	// last at rest (splitsBrain).
	splitBrain map[string]bool
	// retryRace holds the DCs (ns/name) a DC controller pass created an
	// RC for beside an older rollout a user's retry had put back in
	// flight unseen (racesRetry), since the world was last at rest.
	retryRace map[string]bool
	// cacheSeq is, per controller instance, the store version its cache
	// last read: caches never go back in time.
	cacheSeq map[cacheKey]uint64
	// relisted is the store version of the last restart's relist: every
	// cache reads at least it afterwards, one no pass had read before
	// included.
	relisted uint64
	faults   []FaultRecord
	// squatPending is a squat drawn this step that found no RC without
	// its deployer pod: Step tries it again after the DC controller's
	// pass.
	squatPending bool
	// injecting is the fault (edit, user) whose random operation runs.
	injecting string
	// held are the DCs the DeleteConfig fault holds, by ns/name.
	held   map[string]heldDelete
	steps  int
	inPass bool
}

// NewSim returns a simulator over an empty World. Options it cannot use
// as given take their defaults (see Options: a negative Tick or MaxLag).
func NewSim(opts Options) *Sim {
	if opts.Start.IsZero() {
		opts.Start = Epoch
	}
	if opts.Tick <= 0 {
		opts.Tick = 10 * time.Second
	}
	if opts.Resync == 0 {
		opts.Resync = 2 * time.Minute
	}
	if opts.MaxLag <= 0 {
		opts.MaxLag = max(4, opts.Faults.StaleReads)
	}
	opts.Settings = opts.Settings.Clone() // the caller's Environment stays the caller's
	s := &Sim{
		opts:       opts,
		world:      NewWorld(opts.Start),
		rng:        rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15)),
		now:        opts.Start,
		start:      opts.Start,
		Faults:     opts.Faults,
		dcq:        newQueue(),
		rcq:        newQueue(),
		podq:       newQueue(),
		lastWait:   map[item]dcplan.WaitReason{},
		splitBrain: map[string]bool{},
		retryRace:  map[string]bool{},
		lastResync: opts.Start,
	}
	s.model = newPodModel(opts.Model)
	s.world.MaxLag = opts.MaxLag
	s.world.GracefulPodDeletion = opts.GracefulPodDeletion
	s.world.Watch = s.watch
	s.trace.quiet = opts.Quiet
	return s
}

// World returns the simulated store.
func (s *Sim) World() *World { return s.world }

// Now returns the virtual clock.
func (s *Sim) Now() time.Time { return s.now }

// Steps returns how many steps have run.
func (s *Sim) Steps() int { return s.steps }

// Trace returns the trace so far: one line per controller pass that
// planned something (its Describe lines indented below it), per fault, per
// user operation and per deployer-pod or replica event, each prefixed with
// the virtual time since the start.
func (s *Sim) Trace() string { return s.trace.String() }

// Settings returns the planners' settings: a copy, which the caller may
// change.
func (s *Sim) Settings() dcplan.Settings { return s.opts.Settings.Clone() }

// AddConfig creates a DC in the World and queues it.
func (s *Sim) AddConfig(c dcplan.Config) error {
	if err := s.world.CreateConfig(c); err != nil {
		return err
	}
	s.dcq.add(item{KindConfig, c.Namespace, c.Name})
	s.trace.add(s.offset(), "create dc/%s/%s replicas=%d", c.Namespace, c.Name, c.Replicas)
	return nil
}

// watch turns a store change into work-queue adds, the way the two
// controllers' informers do (SPEC 3.2 enqueueing, 4.7), subject to the lost
// and duplicated notification faults.
func (s *Sim) watch(ch Change) {
	s.model.observe(s, ch)
	switch ch.Kind {
	case KindConfig:
		s.notify(item{KindConfig, ch.Namespace, ch.Name})
	case KindRC:
		if !ch.Created && ch.Config != "" {
			s.notify(item{KindConfig, ch.Namespace, ch.Config})
		}
		if !ch.Deleted && ch.annotated { // the annotation's presence, not its value (SPEC 4.7, 5.12)
			s.notify(item{KindRC, ch.Namespace, ch.Name})
		}
	case KindPod:
		if !ch.Created && ch.RC != "" {
			s.notify(item{KindRC, ch.Namespace, ch.RC})
		}
		if !ch.Deleted && s.seedPodControlled(ch.Name, ch.RC) {
			s.notify(item{KindPod, ch.Namespace, ch.Name})
		}
	}
}

func (s *Sim) notify(it item) {
	if s.chance(s.Faults.LoseNotify) {
		s.fault("lose", 0, "lost-notification %s", it)
		return
	}
	if s.chance(s.Faults.DuplicateNotify) {
		s.fault("dup", 0, "duplicate-notification %s", it)
		s.dups = append(s.dups, it)
	}
	s.queueFor(it).add(it)
}

func (s *Sim) queueFor(it item) *queue {
	switch it.kind {
	case KindConfig:
		return &s.dcq
	case KindPod:
		return &s.podq
	}
	return &s.rcq
}

func (s *Sim) chance(p float64) bool { return p > 0 && s.rng.Float64() < p }

// Resync queues every DC and every RC that carries the config-name
// annotation, as an informer resync does (SPEC 4.7: the deployer's
// informer drops the others); the next Step runs one pass over all of
// them.
func (s *Sim) Resync() { s.resyncAll() }

// resyncAll queues every DC and every RC that carries the config-name
// annotation, as a relist does (SPEC 4.7).
func (s *Sim) resyncAll() {
	for _, ns := range s.world.nsList {
		sp := s.world.spaces[ns]
		for _, dc := range sp.configList {
			if dc.current().exists() {
				s.dcq.add(item{KindConfig, ns, dc.name})
			}
			for _, rc := range sp.rcsOf[dc.name] {
				if rc.current().exists() && rc.annotated {
					s.rcq.add(item{KindRC, ns, rc.name})
				}
				if pod := dcplan.DeployerPodName(rc.name); s.seedPodControlled(pod, rc.name) && sp.pods[pod] != nil && sp.pods[pod].current().exists() {
					s.podq.add(item{KindPod, ns, pod})
				}
			}
		}
	}
}

// Step injects this step's random faults (see Faults), then runs one pass
// of the controllers over the items queued so far: the DC controller for
// each queued DC, then the deployer controller for each queued RC, then,
// with SeedPodController, the seed deployer-pod controller for each queued
// deployer pod, each planning from its (possibly lagging) cache and
// applying the plan. An item queued during one controller's pass is run
// in the same Step when its controller's pass comes later (an RC the DC
// controller creates or changes gets its deployer controller pass; a
// deployer pod the deployer creates, with SeedPodController, its seed
// deployer-pod controller pass); an item queued for a controller whose
// pass has begun waits for the next Step. A squat drawn this step that
// found no RC without its deployer pod waits for the DC controller's
// pass: it takes the deployer pod name of an RC the pass created, before
// the deployer controller runs over it (see Faults.Squat).
func (s *Sim) Step() {
	s.steps++
	s.releaseHeld()
	s.injectFaults()
	for _, it := range s.dups {
		s.queueFor(it).add(it)
	}
	s.dups = nil
	if s.opts.Resync > 0 && s.now.Sub(s.lastResync) >= s.opts.Resync {
		s.lastResync = s.now
		s.resyncAll()
	}
	s.dcq.promote(s.now)
	s.rcq.promote(s.now)
	s.podq.promote(s.now)
	for _, it := range s.dcq.take() {
		s.process(it)
	}
	if s.squatPending {
		s.squatPending = false
		s.squat()
	}
	for _, it := range s.rcq.take() {
		s.process(it)
	}
	for _, it := range s.podq.take() {
		s.process(it)
	}
}

// process runs one controller pass over it, and, with the Dual fault, a
// second instance's pass right after.
func (s *Sim) process(it item) {
	s.processAs(it, "")
	if s.chance(s.Faults.Dual) {
		s.fault("dual", 0, "second-controller %s", it)
		s.processAs(it, "#2")
	}
}

func (s *Sim) processAs(it item, instance string) {
	// The write the informer of the item's kind has seen (the lag
	// applied: the World caps the drawn one at MaxLag, which StaleReads
	// raised after NewSim may exceed, and at the writes made).
	seq := s.informerSeq(cacheKey{kind: it.kind, instance: instance})
	lag := int(s.world.seq - seq)
	q := s.queueFor(it)
	requeues := q.counts(instance)
	var (
		snap    dcplan.Snapshot
		err     error
		planner wire.Planner
		p       = Pass{Namespace: it.ns, Lag: lag}
	)
	switch it.kind {
	case KindConfig:
		sp := s.world.spaces[it.ns]
		err = ErrNoConfig
		if sp != nil {
			err = s.world.snapshotOf(&snap, seq, sp, sp.configs[it.name], it.ns, it.name, s.now, s.opts.Settings)
		}
		if err != nil {
			delete(requeues, it)
			return // a deleted DC is dropped silently
		}
		// Its RCs come from an informer of their own, which lags the DC
		// informer on its own: a pass may read a DC write and miss an RC
		// write made before it, or the other way round. The RC cache is
		// read whether or not the DC is there at its write (a DC deleted
		// or made since), and filtered by the DC the DC cache shows.
		if rcSeq := s.informerSeq(cacheKey{kind: KindConfig, instance: instance, pods: true}); rcSeq != seq {
			s.world.readRCs(&snap, rcSeq, sp, it.name)
			lag = max(lag, int(s.world.seq-rcSeq))
			p.Lag = lag
		}
		snap.Requeues = requeues[it]
		planner = reconcile.Config
		p.Actor, p.Kind, p.Config = "dc-controller"+instance, PassConfig, it.name
		// The DC controller waits for the RCs it created that its cache
		// does not show yet (Snapshot.Unobserved, SPEC 3.2.8): the
		// expectations of a controller, which Modern honours.
		snap.Unobserved = s.unobserved(expectKey{it, instance}, snap.Deployments)
		snap.Undeleted = s.undeleted(expectKey{it, instance}, snap.Deployments)
	case KindPod:
		sp := s.world.spaces[it.ns]
		var rc string
		if snap, rc, p.Config = s.podControllerSnapshot(sp, seq, it); rc == "" {
			delete(requeues, it)
			return // the pod is gone, or no deployer pod
		}
		snap.Requeues = requeues[it]
		pod := it.name
		planner = func(s dcplan.Snapshot) dcplan.Plan { return phase.DeployerPod(s, pod) }
		p.Actor, p.Kind, p.RC = "deployer-pod"+instance, PassDeployer, rc
	default:
		sp := s.world.spaces[it.ns]
		d := s.rcAt(sp, seq, it)
		if d == nil {
			delete(requeues, it)
			return // the worker skips keys whose RC is gone
		}
		err = s.world.snapshotOf(&snap, seq, sp, sp.configs[d.ConfigName], it.ns, d.ConfigName, s.now, s.opts.Settings)
		if err != nil {
			// The DC is not in the cache: the deployer reads the RC
			// and its pods all the same (SPEC 4.1).
			snap = dcplan.Snapshot{Now: s.now, Settings: s.opts.Settings, Deployments: []dcplan.Deployment{*d},
				Pods: s.world.appendPods(nil, sp, seq, it.name)}
		}
		snap.Requeues = requeues[it]
		// Its pods come from an informer of their own, which lags the
		// RCs' by a lag of its own: a pass may read an RC write made
		// after a pod write it does not see yet (oc rollout retry's pod
		// delete before its RC reset, SPEC 4.2.expect.retry).
		if podSeq := s.informerSeq(cacheKey{kind: KindRC, instance: instance, pods: true}); podSeq != seq {
			// A pass that read either cache stale is a stale one (the
			// invariants do not judge its view against the live world).
			lag = max(lag, int(s.world.seq-podSeq))
			p.Lag = lag
			snap.Pods = s.world.podsOf(sp, podSeq, snap.Deployments)
		}
		// The deployer waits for the deployer pod it created that its
		// cache does not show yet (SPEC 4.2.expect), as the DC
		// controller does for its RCs.
		snap.Unobserved = s.unobservedPods(expectKey{it, instance}, snap.Pods)
		// And for the pods it deleted that its cache still lists: the
		// old rollout's pod, which would fail the RC's retried rollout
		// (SPEC 4.2.expect.delete).
		snap.Undeleted = s.undeletedPods(expectKey{it, instance}, snap.Pods)
		// And for its own writes of the RC: a cache that still shows the
		// version a write replaced predates it (SPEC 4.2.expect).
		if s.unwritten(expectKey{it, instance}, d) {
			snap.Unobserved = append(snap.Unobserved, d.Name)
		}
		rc := it.name
		planner = func(s dcplan.Snapshot) dcplan.Plan { return phase.Step(s, rc) }
		// The pass is recorded, and judged, with the live world of the
		// DC the RC is filed under (filedUnder).
		p.Actor, p.Kind, p.Config, p.RC = "deployer"+instance, PassDeployer, filedUnder(d), it.name
	}
	pass, aerr := s.run(snap, planner, passInfo{actor: p.Actor, kind: p.Kind, ns: it.ns, dc: p.Config, rc: p.RC, lag: lag})
	plan := pass.Plan
	switch it.kind {
	case KindConfig:
		s.expectCreates(expectKey{it, instance}, pass, wire.ResourceRCs)
		s.expectDeletes(expectKey{it, instance}, pass, wire.ResourceRCs)
	case KindRC:
		s.expectCreates(expectKey{it, instance}, pass, wire.ResourcePods)
		s.expectDeletes(expectKey{it, instance}, pass, wire.ResourcePods)
		s.expectWrites(expectKey{it, instance}, pass, snap)
	}
	if !s.opts.Quiet {
		p.Seen, p.Plan = snap, plan
	}
	if plan.Wait != dcplan.WaitNone {
		s.lastWait[it] = plan.Wait
	} else {
		delete(s.lastWait, it)
	}
	p.setApplied(pass)
	p.Err = aerr
	s.record(&p)
	switch {
	case aerr != nil && isCrash(aerr):
		s.restart()
	case RateLimited(plan, aerr):
		// As upstream's handleErr: requeue while the count read before
		// the pass is below MaxRetryCount, so the last pass sees it equal.
		if requeues[it] < dcplan.MaxRetryCount {
			requeues[it]++
			q.add(it)
		} else {
			delete(requeues, it)
			s.trace.add(s.offset(), "drop %s after %d requeues", it, dcplan.MaxRetryCount)
		}
	default:
		// Forget: the handler returned nil (or a fatal error). A plan
		// that waits for the world to change comes back without a
		// requeue counted, as an AddAfter does (examples/kube: its
		// expectations' TTL); one with a deadline comes back then.
		delete(requeues, it)
		switch {
		case recheckWanted(plan):
			q.add(it)
		case plan.RecheckAfter > 0:
			q.addAfter(it, s.now.Add(plan.RecheckAfter))
		}
	}
}

// seedPodControlled reports whether the seed deployer-pod controller
// passes over the pod named pod of RC rc: with SeedPodController, when it
// is rc's deployer pod.
func (s *Sim) seedPodControlled(pod, rc string) bool {
	return s.opts.Settings.SeedPodController && rc != "" && pod == dcplan.DeployerPodName(rc)
}

// podControllerSnapshot is what the seed deployer-pod controller reads
// for the deployer pod of item it, as the cache at seq has it: the pod's
// DC with its RCs and pods; the RC and its pods when the DC is gone; the
// RC's pods when the RC is gone too (the controller then deletes them,
// SPEC 7 row 29). It also returns the pod's RC and DC names; rc is ""
// when there is no such pod, or it is not the deployer pod of its RC.
func (s *Sim) podControllerSnapshot(sp *namespace, seq uint64, it item) (snap dcplan.Snapshot, rc, dc string) {
	if sp == nil || sp.pods[it.name] == nil {
		return dcplan.Snapshot{}, "", ""
	}
	o := sp.pods[it.name]
	v := o.at(seq)
	if v == nil {
		return dcplan.Snapshot{}, "", ""
	}
	rc = s.world.value(o, v).(*dcplan.Pod).DeploymentName
	if !s.seedPodControlled(it.name, rc) {
		return dcplan.Snapshot{}, "", ""
	}
	d := s.rcAt(sp, seq, item{KindRC, it.ns, rc})
	if d != nil && s.world.snapshotOf(&snap, seq, sp, sp.configs[d.ConfigName], it.ns, d.ConfigName, s.now, s.opts.Settings) == nil {
		return snap, rc, d.ConfigName
	}
	snap = dcplan.Snapshot{Now: s.now, Settings: s.opts.Settings, Pods: s.world.appendPods(nil, sp, seq, rc)}
	if d != nil {
		snap.Deployments, dc = []dcplan.Deployment{*d}, filedUnder(d)
	}
	return snap, rc, dc
}

// filedUnder names the DC whose live world a pass over RC d is recorded,
// and judged, with: the one its config-name annotation names, else (an
// RC without it, which its pods' changes queue, SPEC 4.7) its
// deployment-config label's or its controller's; "" for none.
func filedUnder(d *dcplan.Deployment) string {
	if owners := rcOwners(d); len(owners) > 0 {
		return owners[0]
	}
	return ""
}

// rcAt reads an RC of namespace sp as the cache at seq has it (read-only;
// nil when there is none).
func (s *Sim) rcAt(sp *namespace, seq uint64, it item) *dcplan.Deployment {
	if sp == nil {
		return nil
	}
	o := sp.rcs[it.name]
	if o == nil {
		return nil
	}
	v := o.at(seq)
	if v == nil {
		return nil
	}
	if d := s.world.lastSnapRC(it.ns, it.name, seq); d != nil {
		return d
	}
	return s.world.value(o, v).(*dcplan.Deployment)
}

// RateLimited reports whether upstream's work queue requeues an item
// with rate limiting after a pass (AddRateLimited, which raises its
// requeue count, Snapshot.Requeues, while the count is below
// dcplan.MaxRetryCount): when the pass itself failed (passErr, an
// adapter's own failure such as wire.ErrProtocol; a controller crash is
// no pass result and restarts the queue instead) or its last plan
// returned an error that is not fatal (Plan.Message, with Plan.Error
// other than dcplan.ErrorFatal). After any other pass the queue forgets
// the item (Forget: the count drops to 0): a pass that returned nil, a
// plan that only waits included (its recheck is an AddAfter, which counts
// no requeue), or a fatal error (SPEC 1.7, 3.2, 4.3.pending.1, 11a.4;
// examples/kube's queue policy). The simulator and package explore both
// count the deployer's requeues, which decide willBeDropped, by it.
func RateLimited(p dcplan.Plan, passErr error) bool {
	return passErr != nil || p.Message != "" && p.Error != dcplan.ErrorFatal
}

// recheckWanted reports whether the simulator passes over an item again
// after a pass whose plan neither failed nor carries an error: it waits
// for its cache or for another controller (a plan that waits with an
// error is requeued by RateLimited instead). The item is queued for the
// next step, standing in for an AddAfter: no requeue is counted.
func recheckWanted(p dcplan.Plan) bool {
	switch p.Wait {
	case dcplan.WaitCancellation, dcplan.WaitDeployer, dcplan.WaitStaleCache, dcplan.WaitConfigDecode, dcplan.WaitRetry:
		return p.Message == ""
	}
	return false
}

// restart models a controller crash: queues and requeue counts are lost,
// then the informers relist and every object is queued (but an RC
// without the config-name annotation, SPEC 4.7).
func (s *Sim) restart() {
	s.dcq.reset()
	s.rcq.reset()
	s.podq.reset()
	// The informers relist: every instance's cache starts from the store
	// as it is now, those no pass has read yet too (noOlder).
	s.relisted = s.world.seq
	s.trace.add(s.offset(), "restart controllers")
	s.resyncAll()
}

// run runs one pass of planner over snap through the fault-injecting
// client (see simClient) with wire.RunPass: the requests of the plan go to
// the World with Kubernetes semantics, and failed requests come back to the
// planner through Snapshot.Outcome within the pass. A pass at rest sends
// nothing and draws nothing.
func (s *Sim) run(snap dcplan.Snapshot, planner wire.Planner, who passInfo) (wire.Pass, error) {
	first := planner(snap)
	if !first.HasWrites() && len(first.Events) == 0 {
		return wire.Pass{Snapshot: snap, Plan: first}, nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := &simClient{sim: s, srv: s.world.Client(), crashAfter: -1, cancel: cancel}
	if s.opts.Quiet {
		s.unrecorded++
	} else {
		before := s.live(who.ns, who.dc)
		c.srv.quiet = false
		c.ns, c.dc = who.ns, who.dc
		c.rec = &Transition{Actor: who.actor, Kind: who.kind, Target: who.rc, Stale: who.lag > 0 && !sameView(snap, before),
			StaleConfig: snap.Config.ResourceVersion != before.Config.ResourceVersion, Before: before}
	}
	// The crash point is drawn among the plan's writes (events go
	// through without it, simClient.Do); a pass that ends before it (a
	// failure stopped it, or its plan changed) crashes after its last
	// request, so that every plan that writes crashes at Faults.Crash.
	if n := first.Actions() - len(first.Events); n > 0 && s.chance(s.Faults.Crash) {
		c.crashAfter = s.rng.IntN(n)
	}
	s.inPass = true
	pass, err := wire.RunPass(ctx, c, snap, planner)
	s.inPass = false
	if c.crashAfter >= 0 && !c.crashed {
		s.fault("crash", 0, "crash after the pass's requests")
		c.crashed = true
		c.faulted()
	}
	if c.crashed {
		err = errCrash
	}
	if t := c.rec; t != nil {
		t.Faulted = t.Faulted || err != nil
		t.Unsettled = unsettled(pass.Plan)
		t.After = s.live(who.ns, who.dc)
		key := who.ns + "/" + who.dc
		if strings.HasSuffix(who.actor, "#2") && slices.ContainsFunc(t.Writes, splitsBrain) {
			s.splitBrain[key] = true
			t.SplitBrain = true
		}
		if who.kind == PassConfig && slices.ContainsFunc(t.Writes, func(w LiveWrite) bool {
			return racesRetry(w, snap, s.opts.Settings.AwaitUnknownPhase)
		}) {
			s.retryRace[key] = true
		}
		t.Before.SplitBrain, t.After.SplitBrain = s.splitBrain[key], s.splitBrain[key]
		t.Before.RetryRace, t.After.RetryRace = s.retryRace[key], s.retryRace[key]
		s.transitions = append(s.transitions, *t)
	}
	return pass, err
}

// racesRetry reports whether w, a write of a DC controller pass that
// planned from read, creates an RC while the live world holds another of
// the DC's RCs in flight that read showed ended (see
// ConfigState.RetryRace).
func racesRetry(w LiveWrite, read dcplan.Snapshot, await bool) bool {
	if w.Request.Verb != wire.VerbCreate || !w.rcIsRC() {
		return false
	}
	for _, x := range w.Live.claimed() {
		if !awaited(x, await) {
			continue
		}
		// x was read, so it is not the RC the write creates.
		i := slices.IndexFunc(read.Deployments, func(d dcplan.Deployment) bool { return d.Name == x.Name })
		if i >= 0 && !awaited(read.Deployments[i], await) {
			return true
		}
	}
	return false
}

// splitsBrain reports whether w, a write of a second controller
// instance (the Dual fault), takes the DC out of the leader's hands until
// the world comes to rest: a create (an RC, a deployer pod), or a write
// of an RC (a phase moved from that instance's own stale view, which
// knows nothing of the leader's creates: it fails an RC whose deployer
// pod the leader created and its cache does not show, SPEC 4.2.expect).
func splitsBrain(w LiveWrite) bool {
	r := &w.Request
	return r.Verb == wire.VerbCreate ||
		r.Resource == wire.ResourceRCs && (r.Verb == wire.VerbUpdate || r.Verb == wire.VerbPatch)
}

// cacheKey names one controller instance's cache: the kind of object its
// work queue holds, and the instance ("" or "#2", the Dual fault's).
type cacheKey struct {
	kind     Kind
	instance string
	pods     bool // the controller's second informer: the deployer's pods, the DC controller's RCs
}

// sameView reports whether a pass that read lagging caches read of DC
// live's objects what the live world holds all the same: the DC, every RC
// and every pod at the resourceVersion live has, none missing and none
// more (the writes it missed were to other objects). Such a pass read the
// live world and is judged as one (Transition.Stale false).
func sameView(snap dcplan.Snapshot, live ConfigState) bool {
	rc := func(d dcplan.Deployment) (string, string) { return d.Name, d.ResourceVersion }
	pod := func(p dcplan.Pod) (string, string) { return p.Name, p.ResourceVersion }
	return snap.Config.ResourceVersion == live.Config.ResourceVersion && snap.Config.UID == live.Config.UID &&
		len(snap.Deployments) == len(live.Deployments) && len(snap.Pods) == len(live.Pods) &&
		maps.Equal(versionsOf(snap.Deployments, rc), versionsOf(live.Deployments, rc)) &&
		maps.Equal(versionsOf(snap.Pods, pod), versionsOf(live.Pods, pod))
}

// versionsOf maps each object of objs to its resourceVersion, by name.
func versionsOf[T any](objs []T, of func(T) (name, rv string)) map[string]string {
	m := make(map[string]string, len(objs))
	for _, o := range objs {
		name, rv := of(o)
		m[name] = rv
	}
	return m
}

// informerSeq draws the write informer ck of a controller instance has
// seen: a lag in [0, Faults.StaleReads] drawn for it alone (a
// controller's first informer, of its item's kind, and its second, the
// deployer's pods or the DC controller's RCs, lag apart), and never going
// back in time.
func (s *Sim) informerSeq(ck cacheKey) uint64 {
	seq := s.world.seq
	if s.Faults.StaleReads > 0 {
		seq = s.world.lagged(s.rng.IntN(s.Faults.StaleReads + 1))
	}
	// Recorded without a lag too (Stabilize turns the faults off): a
	// cache that read the live world is never behind it afterwards.
	return s.noOlder(ck, seq)
}

// noOlder returns seq, the write cache ck was drawn to read, raised to
// the last write it read and to the last restart's relist (caches never
// go back in time), and records it as the write ck read last.
func (s *Sim) noOlder(ck cacheKey, seq uint64) uint64 {
	seq = max(seq, s.cacheSeq[ck], s.relisted)
	if s.cacheSeq == nil {
		s.cacheSeq = map[cacheKey]uint64{}
	}
	s.cacheSeq[ck] = seq
	return seq
}

// passInfo names a pass for its Transition: who planned, over which DC,
// and the lag of the cache it read.
type passInfo struct {
	actor  string
	kind   PassKind
	ns, dc string
	rc     string // the RC of a deployer pass
	lag    int
}

// live is the live world of DC ns/dc (a DC that is not there has an
// empty Config).
func (s *Sim) live(ns, dc string) ConfigState {
	snap, err := s.world.snapshotAt(s.world.seq, ns, dc, s.now, s.opts.Settings)
	if err != nil {
		if errors.Is(err, ErrNoConfig) {
			return ConfigState{}
		}
		return ConfigState{Config: dcplan.Config{Namespace: ns, Name: dc}, Err: err}
	}
	return stateOf(snap)
}

// Advance moves the clock by d in steps of at most Options.Tick, running
// the pod model (deployer pods, hook pods, the replication manager) at each
// step. It does not run the controllers.
func (s *Sim) Advance(d time.Duration) {
	end := s.now.Add(d)
	for s.now.Before(end) {
		next := s.now.Add(s.opts.Tick)
		if next.After(end) {
			next = end
		}
		s.setNow(next)
		s.model.run(s)
	}
}

// AdvanceTo moves the clock to t (if later) and runs the pod model there.
func (s *Sim) AdvanceTo(t time.Time) {
	if t.After(s.now) {
		s.Advance(t.Sub(s.now))
	}
}

func (s *Sim) setNow(t time.Time) {
	s.now = t
	s.world.Now = t
}

// Run runs n steps of Advance(Tick) followed by Step.
func (s *Sim) Run(n int) {
	for range n {
		s.Advance(s.opts.Tick)
		s.Step()
	}
}

func (s *Sim) offset() time.Duration { return s.now.Sub(s.start) }
