package fake

import (
	"fmt"
	"slices"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
)

// Observation is what the invariants inspect: the state of every DC at one
// moment, and the planner passes since the previous observation.
type Observation struct {
	Now time.Time
	// Stable is true when the world is at rest: the pod model is idle (no
	// deployer pod running, every RC's status equal to its spec) and, on
	// the store as it is, the DC controller and the deployer controller
	// plan nothing (dcplan.Plan.IsEmpty) for every DC and every RC a
	// relist queues (those carrying the config-name annotation) or that
	// is queued (an RC without it, by its pod's change, SPEC 4.7), nor the
	// seed deployer-pod controller for their pods. A DC whose snapshot does not
	// build or is invalid is never at rest (the planners plan nothing for
	// it because they cannot read it).
	Stable bool
	// Configs are the DCs, sorted by namespace and name.
	Configs []ConfigState
	// Passes are the planner passes (controllers and user operations)
	// since the previous observation, in order.
	Passes []Pass
	// Transitions are the same passes as the invariants judge them: each
	// successful write with the live world of its DC just before it.
	Transitions []Transition
	// Unrecorded counts the passes with writes since the previous
	// observation that a quiet Sim (Options.Quiet) kept out of Passes
	// and Transitions: their Transition invariants cannot be checked,
	// and CheckInvariants says so (ErrUncheckedPasses).
	Unrecorded int
	// Settings are the planners' settings (Invariant.Applies).
	Settings dcplan.Settings
}

// ConfigState is one DC with its RCs and their pods, as stored: the live
// world of one DC that the invariants judge.
type ConfigState struct {
	Config dcplan.Config
	// Deployments are the RCs that name the DC, by version ascending
	// (dcplan.CompareDeployments).
	Deployments []dcplan.Deployment
	// Pods are the pods related to them, by name.
	Pods []dcplan.Pod
	// Err is set when the DC's objects could not be read (they failed to
	// decode): the Decodes invariant fails, so nothing passes vacuously.
	Err error
	// SplitBrain is set by the simulator while a second controller
	// instance (the Dual fault: two leaders at once) has created an RC or
	// a deployer pod of the DC, or written one of its RCs, since the world
	// was last at rest: no
	// planner can keep one rollout in flight then, so OneRolloutInFlight,
	// OneDeployerPod and NoCreateWhileInFlight do not judge it until the
	// world comes to rest (where NothingInFlightAtRest does).
	SplitBrain bool
	// RetryRace is set by the simulator once a DC controller pass created
	// an RC beside an older one that its cache read as ended and that the
	// live world held in flight again (a user's oc rollout retry the pass
	// could not see, SPEC 6m.2.3.7; upstream's controller races so too),
	// until the world is at rest: the next pass that reads the retry
	// cancels the older rollout (SPEC 3.4), but until then two run, so
	// OneRolloutInFlight, OneDeployerPod and NoCreateWhileInFlight do not
	// judge the DC. A pass that read the older RC in flight, or did not
	// read it at all (its own create it has not seen, which Modern waits
	// for: Snapshot.Unobserved), sets no mark.
	RetryRace bool
	// ByLabel is true when the DC's controller takes for its own every RC
	// its openshift.io/deployment-config.name label selects, whoever
	// controls it, as the seed-era controller does (SeedConfigController:
	// it lists by label and claims nothing, SPEC 7 row 2, 3.11); false
	// for the modern claim (SPEC 3.3: orphans and the RCs the DC
	// controls). The invariants judge the RCs it takes. WithSettings sets
	// it, and so do CheckState and CheckTransition.
	ByLabel bool
	// Switches are the behaviour switches the DC is planned with, for the
	// State and Rest invariants whose promise differs by preset (SPEC
	// 12): the paused mode, AwaitUnknownPhase. WithSettings sets them,
	// and so do CheckState and CheckTransition; the zero value is
	// Modern's.
	Switches dcplan.Switches
}

// WithSettings returns c as the invariants judge it for a DC planned with
// st: ByLabel set when st runs the seed-era DC controller, and Switches
// st's.
func (c ConfigState) WithSettings(st dcplan.Settings) ConfigState {
	c.ByLabel = st.SeedConfigController
	c.Switches = st.Switches
	return c
}

// Snapshot is the snapshot of c a controller pass would plan from, at
// Epoch with settings st.
func (c ConfigState) Snapshot(st dcplan.Settings) dcplan.Snapshot {
	return dcplan.Snapshot{Now: Epoch, Config: c.Config, Deployments: c.Deployments, Pods: c.Pods, Settings: st}
}

// Deployment returns the RC of c named name.
func (c ConfigState) Deployment(name string) (dcplan.Deployment, bool) {
	for _, d := range c.Deployments {
		if d.Name == name {
			return d, true
		}
	}
	return dcplan.Deployment{}, false
}

// Pod returns the pod of c named name, and whether there is one.
func (c ConfigState) Pod(name string) (dcplan.Pod, bool) {
	for _, p := range c.Pods {
		if p.Name == name {
			return p, true
		}
	}
	return dcplan.Pod{}, false
}

// State returns the state of DC ns/name, and whether it exists.
func (o Observation) State(ns, name string) (ConfigState, bool) {
	for _, c := range o.Configs {
		if c.Config.Namespace == ns && c.Config.Name == name {
			return c, true
		}
	}
	return ConfigState{}, false
}

// Observe returns the current Observation and starts a new pass log. A DC
// whose objects fail to decode is kept, with its error (ConfigState.Err),
// so that CheckInvariants fails rather than skipping it. The
// observation shares memory with the World's decode cache: treat it as
// read-only.
func (s *Sim) Observe() Observation {
	o := Observation{Now: s.now, Passes: s.passes, Transitions: s.transitions, Unrecorded: s.unrecorded,
		Stable: s.Stable(), Settings: s.opts.Settings}
	if o.Stable {
		clear(s.splitBrain)
		clear(s.retryRace)
	}
	s.passes, s.transitions, s.unrecorded = nil, nil, 0
	for _, ns := range s.world.nsList {
		for _, dc := range s.world.Configs(ns) {
			snap, err := s.world.snapshotAt(s.world.seq, ns, dc, s.now, s.opts.Settings)
			if err != nil {
				o.Stable = false
				o.Configs = append(o.Configs, ConfigState{Config: dcplan.Config{Namespace: ns, Name: dc}, Err: err})
				continue
			}
			o.Configs = append(o.Configs, ConfigState{
				SplitBrain:  s.splitBrain[ns+"/"+dc],
				RetryRace:   s.retryRace[ns+"/"+dc],
				Config:      snap.Config,
				Deployments: slices.SortedFunc(slices.Values(snap.Deployments), dcplan.CompareDeployments),
				Pods:        snap.Pods,
			})
		}
	}
	return o
}

// planless reports whether no controller plans anything for the DC of
// snap, any of its RCs the deployer's queue may hold or (the seed
// deployer-pod controller) their pods. An RC without the config-name
// annotation is in that queue only while queued reports it: a relist
// does not queue it, only a change of one of its pods (SPEC 4.7), so
// nothing asks the deployer about it otherwise.
func planless(snap dcplan.Snapshot, queued func(rc string) bool) bool {
	if !reconcile.Config(snap).IsEmpty() {
		return false
	}
	for _, d := range snap.Deployments {
		if d.ConfigName == "" && !d.EmptyConfigName && !queued(d.Name) {
			continue
		}
		if !phase.Step(snap, d.Name).IsEmpty() {
			return false
		}
	}
	for _, p := range snap.Pods { // the seed deployer-pod controller's (SPEC 7 row 29)
		if !phase.DeployerPod(snap, p.Name).IsEmpty() {
			return false
		}
	}
	return true
}

// Stable reports whether the world is at rest (see Observation.Stable).
// A world with a DC no planner can read (unreadable) is not at rest.
func (s *Sim) Stable() bool {
	rest, _ := s.rest()
	return rest
}

// rest is Stable, and when the world is not at rest because of a DC whose
// snapshot does not build or is invalid (dcplan.Snapshot.ValidateConfig:
// the planners would plan nothing for it, which is no rest), an error
// wrapping ErrUnreadable and the cause, naming the DC.
func (s *Sim) rest() (bool, error) {
	if !s.model.idle() {
		return false, nil
	}
	var dcs []item
	for _, ns := range s.world.nsList {
		for _, dc := range s.world.Configs(ns) {
			dcs = append(dcs, item{KindConfig, ns, dc})
		}
	}
	var unreadable error
	rest := s.processAhead(dcs, func(it item) bool {
		snap, err := s.world.snapshotAt(s.world.seq, it.ns, it.name, s.now, s.opts.Settings)
		if err == nil {
			err = snap.ValidateConfig()
		}
		if err != nil {
			unreadable = fmt.Errorf("%w: dc %s/%s: %w", ErrUnreadable, it.ns, it.name, err)
			return false
		}
		return planless(snap, func(rc string) bool {
			x := item{KindRC, it.ns, rc}
			return s.rcq.holds(x) || slices.Contains(s.dups, x) // a duplicated notification queues it again
		})
	})
	return rest, unreadable
}
