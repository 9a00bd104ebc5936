package fake

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// Invariant is one safety property of the controllers, judged on the live
// world: the store's objects as they are at a step, or as they are just
// before the server applies each write of a pass — never the planner's
// (possibly stale) view. It is written once, here, and run by the
// simulator's tests (CheckInvariants after every step), the planners'
// property tests (PassTransition), and the exhaustive explorer
// (fake/explore, on every state and move). Exactly one of State, Rest and
// Transition is set.
type Invariant struct {
	// Name is the exported function's name.
	Name string
	// Rule is the SPEC rule the property follows from.
	Rule dcplan.Rule
	// State judges the live world of one DC at every step.
	State func(c ConfigState) error
	// Rest judges the world of one DC at rest only (no controller pass
	// and no pod would change it): each function's comment says why the
	// property cannot hold at every step.
	Rest func(c ConfigState) error
	// Transition judges one pass (its writes, each with the live world
	// just before it) or one step (the worlds before and after).
	Transition func(t Transition) error
}

// Invariants lists every invariant, in the order the checks run them.
// Every one holds for Modern; Applies tells which hold for Exact (all but
// NoCancelAtVersionZero, upstream's finding) and the seed-era presets
// (not OnlyClaimedRCs and CancelsOnlyOlder, nor with the switches of
// Origin10 and Origin13 the replica and paused ones).
var Invariants = []Invariant{
	{Name: "Decodes", Rule: "13", State: Decodes},
	{Name: "OneRolloutInFlight", Rule: "3.2.8", State: OneRolloutInFlight},
	{Name: "OneDeployerPod", Rule: "4.3.new.4", State: OneDeployerPod},
	{Name: "NothingInFlightAtRest", Rule: "11a.4", Rest: NothingInFlightAtRest},
	{Name: "ReplicasWhenStable", Rule: "3.6.2", Rest: ReplicasWhenStable},
	{Name: "StatusCaughtUp", Rule: "3.2.7", Rest: StatusCaughtUp},
	{Name: "HistoryPruned", Rule: "3.7", Rest: HistoryPruned},
	{Name: "NoPodsAfterCancel", Rule: "2.3", Rest: NoPodsAfterCancel},
	{Name: "StatusSumsAtRest", Rule: "3.9", Rest: StatusSumsAtRest},
	{Name: "LatestVersionMonotonic", Rule: "3.2.10", Transition: LatestVersionMonotonic},
	{Name: "NoCreateWhileInFlight", Rule: "3.4", Transition: NoCreateWhileInFlight},
	{Name: "CancelsOnlyOlder", Rule: "3.4", Transition: CancelsOnlyOlder},
	{Name: "NoCancelAtVersionZero", Rule: "3.2.7.zero", Transition: NoCancelAtVersionZero},
	{Name: "HistoryKeepsLive", Rule: "3.7.5", Transition: HistoryKeepsLive},
	{Name: "HistoryLimit", Rule: "3.7.3", Transition: HistoryLimit},
	{Name: "OnlyClaimedRCs", Rule: "3.3", Transition: OnlyClaimedRCs},
	{Name: "CreatedRCMatchesConfig", Rule: "3.8", Transition: CreatedRCMatchesConfig},
	{Name: "PhaseMoves", Rule: "2.1", Transition: PhaseMoves},
	{Name: "NoScaleDuringRollout", Rule: "3.6", Transition: NoScaleDuringRollout},
	{Name: "PausedNoRollout", Rule: "3.2.5", Transition: PausedNoRollout},
	{Name: "ReplicasAfterReconcile", Rule: "3.6", Transition: ReplicasAfterReconcile},
	{Name: "StatusOnlyWhileDeleting", Rule: "3.2.4", Transition: StatusOnlyWhileDeleting},
	{Name: "FailsForACause", Rule: "2.2", Transition: FailsForACause},
	{Name: "SupersedesInFlight", Rule: "3.4", Transition: SupersedesInFlight},
	{Name: "CancelDeletesPods", Rule: "2.3", Transition: CancelDeletesPods},
}

// Applies reports whether inv holds for a DC planned with st: every
// invariant holds for Modern; CancelAtVersionZero (Exact) leaves out
// NoCancelAtVersionZero, and the seed-era switches change what a few
// promise (SPEC 7, 12). With ReplicaSync the controller copies the
// RCs' replicas back into the DC, so the replicas at rest and after a
// reconcile follow the RCs rather than the DC; a paused mode other than
// PausedFirst scales (and, PausedIgnored, starts) rollouts of a paused DC.
// With SeedConfigController the seed-era DC controller selects its RCs by
// the openshift.io/deployment-config.name label and claims none (SPEC 7
// row 2, 3.11), so it writes RCs the DC does not control (OnlyClaimedRCs);
// and when the latest RC is missing it cancels every RC in flight, with
// no status-lag catch-up first (SPEC 3.11, 7 row 5), so it cancels an RC
// at or above a lagging status.latestVersion (CancelsOnlyOlder).
// IgnoreDeleting (the oldest seed) plans for a DC being deleted as for
// any other (StatusOnlyWhileDeleting). The seed-era status (SeedStatus,
// and SeedConfigController's RCs taken by label) is computed otherwise
// (SPEC 3.11), so StatusSumsAtRest judges neither.
func (inv Invariant) Applies(st dcplan.Settings) bool {
	switch inv.Name {
	case "OnlyClaimedRCs", "CancelsOnlyOlder":
		return !st.SeedConfigController
	case "NoCancelAtVersionZero":
		return !st.CancelAtVersionZero
	case "ReplicasWhenStable", "ReplicasAfterReconcile":
		return !st.ReplicaSync
	case "PausedNoRollout":
		return st.Paused == dcplan.PausedFirst
	case "StatusOnlyWhileDeleting":
		return !st.IgnoreDeleting
	case "StatusSumsAtRest":
		return !st.SeedStatus && !st.SeedConfigController
	}
	return true
}

// LiveWrite is one successful write request with the live world of its DC
// just before the server applied it.
type LiveWrite struct {
	// Request is the request as the server received it.
	Request wire.Request
	// Before and After are the object the request named, in wire form,
	// before and after (nil when absent).
	Before, After []byte
	// Live is the DC's world as the store held it just before the write.
	Live ConfigState
}

// Transition is one pass of a controller or a user command, or one step of
// a simulation, as the Transition invariants judge it.
type Transition struct {
	// Actor names who planned: "dc-controller", "deployer",
	// "user:<op>" ("user:retry", ...); "" for a whole step between two
	// observations, which has no writes of its own.
	Actor string
	// Kind is the kind of pass (0 for a step).
	Kind PassKind
	// Faulted is true when a fault hit a request of the pass (a
	// conflict, a server error, a crash): the pass stopped early.
	Faulted bool
	// Unsettled is true when the pass's last plan waited, or reported a
	// message or an error to the work queue: it did not reconcile.
	Unsettled bool
	// Stale is true when the pass planned from a view older than the live
	// world: one of its caches lagged, and the DC's objects it read are
	// not those the live world holds (a lag over writes to other objects
	// only is no stale read); StaleConfig when the DC it read is not the
	// live one.
	Stale, StaleConfig bool
	// SplitBrain is set on a pass of a second controller instance (the
	// simulator's Dual fault) that created an object or wrote an RC; Before and After
	// carry ConfigState.SplitBrain.
	SplitBrain bool
	// Target is the RC a deployer pass ("deployer") planned for, "" when
	// unknown; the invariants that judge what a pass did to its own RC
	// (CancelDeletesPods) skip a pass without one.
	Target string
	// Before and After are the DC's live world before the pass (or step)
	// and after it.
	Before, After ConfigState
	// Writes are the pass's successful writes, in order.
	Writes []LiveWrite
	// Settings are those the pass was planned with; CheckTransition
	// fills them from its argument.
	Settings dcplan.Settings
	// DecodeRC and DecodeConfig decode a stored RC and DC;
	// wire.DecodeDeployment and wire.DecodeConfig when nil (the explorer
	// passes cached ones).
	DecodeRC     func([]byte) (dcplan.Deployment, error)
	DecodeConfig func([]byte) (dcplan.Config, error)
}

// WithSettings returns t as the Transition invariants judge it for passes
// planned with st: Settings st, and Before, After and each write's Live
// as ConfigState.WithSettings has them (Writes copied, t's left alone).
// CheckTransition calls it; a caller that runs the invariants one by one
// calls it first.
func (t Transition) WithSettings(st dcplan.Settings) Transition {
	t.Settings = st
	t.Before, t.After = t.Before.WithSettings(st), t.After.WithSettings(st)
	if t.Writes != nil {
		ws := make([]LiveWrite, len(t.Writes))
		for i, w := range t.Writes {
			w.Live = w.Live.WithSettings(st)
			ws[i] = w
		}
		t.Writes = ws
	}
	return t
}

// config decodes one stored DC of t.
func (t Transition) config(b []byte) (dcplan.Config, error) {
	if t.DecodeConfig != nil {
		return t.DecodeConfig(b)
	}
	return wire.DecodeConfig(b)
}

// rc decodes one stored RC of t.
func (t Transition) rc(b []byte) (dcplan.Deployment, error) {
	if t.DecodeRC != nil {
		return t.DecodeRC(b)
	}
	return wire.DecodeDeployment(b)
}

// CheckState runs the State invariants that apply to st on the live world
// of one DC (as c.WithSettings(st) has it), and the Rest ones too when
// rest is true; it returns nil, or their failures joined, each prefixed
// with the invariant's name and rule.
func CheckState(c ConfigState, rest bool, st dcplan.Settings) error {
	var errs []error
	c = c.WithSettings(st)
	for _, inv := range Invariants {
		f := inv.State
		if rest && f == nil {
			f = inv.Rest
		}
		if f == nil || !inv.Applies(st) {
			continue
		}
		if err := f(c); err != nil {
			errs = append(errs, inv.failure(err))
		}
	}
	return errors.Join(errs...)
}

// CheckTransition runs the Transition invariants that apply to st on t
// (as t.WithSettings(st) has it).
func CheckTransition(t Transition, st dcplan.Settings) error {
	var errs []error
	t = t.WithSettings(st)
	for _, inv := range Invariants {
		if inv.Transition == nil || !inv.Applies(st) {
			continue
		}
		if err := inv.Transition(t); err != nil {
			errs = append(errs, inv.failure(err))
		}
	}
	return errors.Join(errs...)
}

// failure prefixes err with inv's name and rule.
func (inv Invariant) failure(err error) error {
	return fmt.Errorf("%s (SPEC %s): %w", inv.Name, inv.Rule, err)
}

// ErrUncheckedPasses is CheckInvariants' answer to an observation of a
// quiet Sim (Options.Quiet) in which passes wrote: the passes were not
// recorded, so their Transition invariants could not be checked.
var ErrUncheckedPasses = errors.New("fake: passes not recorded (Options.Quiet): their transition invariants were not checked")

// CheckInvariants runs every invariant on one step of a simulation: the
// State invariants (and, when next.Stable, the Rest ones) on every DC of
// next, the Transition invariants on every pass of next.Transitions and on
// the step from prev to next of each DC in both. It returns nil, or the
// failures joined, each prefixed with the invariant's name and rule. A DC
// whose snapshot failed to decode fails Decodes: no check passes because
// the world could not be read. Passes a quiet Sim did not record
// (next.Unrecorded) are not checked either: the error then also wraps
// ErrUncheckedPasses, so that a quiet run never passes for a checked one.
func CheckInvariants(prev, next Observation) error {
	var errs []error
	if next.Unrecorded > 0 {
		errs = append(errs, fmt.Errorf("%w: %d passes", ErrUncheckedPasses, next.Unrecorded))
	}
	for _, c := range next.Configs {
		if err := CheckState(c, next.Stable, next.Settings); err != nil {
			errs = append(errs, fmt.Errorf("dc %s: %w", dcKey(c.Config), err))
		}
		if before, ok := prev.State(c.Config.Namespace, c.Config.Name); ok {
			if err := CheckTransition(Transition{Before: before, After: c}, next.Settings); err != nil {
				errs = append(errs, fmt.Errorf("dc %s: %w", dcKey(c.Config), err))
			}
		}
	}
	for _, t := range next.Transitions {
		if err := CheckTransition(t, next.Settings); err != nil {
			errs = append(errs, fmt.Errorf("%s on dc %s: %w", t.Actor, dcKey(t.Before.Config), err))
		}
	}
	return errors.Join(errs...)
}

func dcKey(c dcplan.Config) string { return c.Namespace + "/" + c.Name }

// ownedBy reports whether the DC controller takes d for c's: d carries
// c's selector label and, unless byLabel (the seed-era controller, which
// claims nothing, SPEC 7 row 2), is controlled by c or is an orphan the
// modern claim adopts (SPEC 3.3: not while the orphan or the DC is being
// deleted).
func ownedBy(d dcplan.Deployment, c dcplan.Config, byLabel bool) bool {
	return d.ConfigLabel == c.Name && (byLabel || (!d.HasController && !d.Deleting && !c.Deleting) || d.Controller.UID == c.UID)
}

// claimed returns the RCs of c the DC's controller takes for its own
// (ConfigState.ByLabel).
func (c ConfigState) claimed() []dcplan.Deployment {
	var out []dcplan.Deployment
	for _, d := range c.Deployments {
		if ownedBy(d, c.Config, c.ByLabel) {
			out = append(out, d)
		}
	}
	return out
}

// versions returns, among the claimed RCs of c, the newest version and
// the active one (the newest Complete, 0 when none; SPEC 5.5), computed
// here rather than by package history, the code under test.
func (c ConfigState) versions() (newest, active dcplan.Version) {
	for _, d := range c.claimed() {
		newest = max(newest, d.Version)
		if d.Phase == dcplan.PhaseComplete && d.Version > 0 {
			active = max(active, d.Version)
		}
	}
	return newest, active
}

// latest tells of the claimed RCs of status.latestVersion (none at
// version 0, whatever RC a hand edit gave version 0, SPEC 5.6) whether
// there is one (exists), whether every one is terminal (ended) and
// whether one is (oneEnded). Two RCs may share the version (SPEC 13.1):
// the planner takes the first of its list for the latest rollout, an
// order an observer does not know, so a property that needs the latest
// rollout ended judges only when every one of them has (ended), and one
// that forbids a write during the rollout only when none has (oneEnded
// false).
func (c ConfigState) latest() (exists, ended, oneEnded bool) {
	if c.Config.Status.LatestVersion == 0 {
		return false, false, false
	}
	ended = true
	for _, d := range c.claimed() {
		if d.Version == c.Config.Status.LatestVersion {
			exists = true
			ended = ended && d.Phase.Terminal()
			oneEnded = oneEnded || d.Phase.Terminal()
		}
	}
	return exists, exists && ended, oneEnded
}

// rcIsRC reports whether w writes an RC (its main resource).
func (w LiveWrite) rcIsRC() bool {
	return w.Request.Resource == wire.ResourceRCs && w.Request.Subresource == ""
}

// rcEffect is what a write did to an existing RC, read from the object's
// bytes before and after it, never from the label the planner put on
// the request: a write labelled a cancel that also scales is a scale.
type rcEffect struct {
	scaled    bool // spec.replicas changed
	cancelled bool // the cancel annotation appeared
	adopted   bool // a controller reference appeared
}

// String names the effects, for messages: "scaled, cancelled".
func (e rcEffect) String() string {
	var out []string
	for _, f := range []struct {
		on   bool
		name string
	}{{e.scaled, "scaled"}, {e.cancelled, "cancelled"}, {e.adopted, "adopted"}} {
		if f.on {
			out = append(out, f.name)
		}
	}
	return strings.Join(out, ", ")
}

// effect decodes the RC before and after w; ok is false for a write that
// is not an update of an existing RC (a create, a delete, a status write).
func (t Transition) effect(w LiveWrite) (e rcEffect, ok bool, err error) {
	if !w.rcIsRC() || w.Before == nil || w.After == nil {
		return rcEffect{}, false, nil
	}
	before, err := t.rc(w.Before)
	if err != nil {
		return rcEffect{}, false, err
	}
	after, err := t.rc(w.After)
	if err != nil {
		return rcEffect{}, false, err
	}
	return rcEffect{
		scaled:    before.Replicas != after.Replicas,
		cancelled: !before.Cancelled && after.Cancelled,
		adopted:   !before.HasController && after.HasController,
	}, true, nil
}

// Decodes holds when the DC's world was read and validates (SPEC 13): no
// invariant passes because the world could not be read.
func Decodes(c ConfigState) error {
	if c.Err != nil {
		return c.Err
	}
	if c.Config.Name == "" {
		return errors.New("no deployment config")
	}
	s := c.Snapshot(dcplan.Settings{})
	return s.Validate()
}

// rollingOut reports whether d is a rollout in flight: New, Pending or
// Running. An RC without a phase (PhaseUnknown) is none: no deployer ever
// moves it, and it exists only by a hand edit (a hand-made RC with the
// DC's label, SPEC 13.1); whether the DC controller waits for it is a
// switch (AwaitUnknownPhase, see awaited), not a property of the world.
func rollingOut(d dcplan.Deployment) bool {
	return !d.Phase.Terminal() && d.Phase != dcplan.PhaseUnknown
}

// awaited reports whether the DC controller takes d for a rollout in
// flight, one it cancels and waits for before it creates another (SPEC
// 3.4): rollingOut, or without a phase where the controller counts a
// missing phase as in flight (await: AwaitUnknownPhase, Exact and the
// seeds, SPEC 3.4 note, 11a.7); Modern creates the new rollout beside
// such an RC (SPEC 3.4.unknown).
func awaited(d dcplan.Deployment, await bool) bool {
	return rollingOut(d) || await && d.Phase == dcplan.PhaseUnknown
}

// OneRolloutInFlight holds, at every step, when at most one RC claimed by
// the DC (SPEC 3.3) is a rollout in flight as its controller counts them
// (awaited: an RC without a phase too with AwaitUnknownPhase; SPEC 0 rule 2,
// 3.2.8, 3.4). Stale reads must not start a
// second rollout (issue 13, defect 3): Modern waits for its own creates
// (Snapshot.Unobserved). A DC in a split brain (ConfigState.SplitBrain)
// or after a retry race (ConfigState.RetryRace) is not judged.
func OneRolloutInFlight(c ConfigState) error {
	if c.SplitBrain || c.RetryRace {
		return nil
	}
	var live []string
	for _, d := range c.claimed() {
		if awaited(d, c.Switches.AwaitUnknownPhase) {
			live = append(live, d.Name)
		}
	}
	if len(live) > 1 {
		slices.Sort(live)
		return fmt.Errorf("%d rollouts in flight: %s", len(live), strings.Join(live, ", "))
	}
	return nil
}

// isDeployerPod reports whether p is a deployer pod: it bears the
// deployer pod name of the RC it is for (hook pods carry the same label
// and annotation under their own names, SPEC 1.2).
func isDeployerPod(p dcplan.Pod) bool {
	return p.DeployerFor != "" && p.Name == dcplan.DeployerPodName(p.DeployerFor) ||
		p.DeploymentName != "" && p.Name == dcplan.DeployerPodName(p.DeploymentName)
}

// OneDeployerPod holds, at every step, when at most one deployer pod of
// the DC's RCs is not terminal (SPEC 4.3.new.4: the deployer controller
// creates a deployer pod only for the one rollout in flight). The pod of
// an RC the DC does not claim (another DC's, SPEC 3.3: ignored entirely,
// so its rollout runs beside the DC's own, OneRolloutInFlight) is not
// counted; that of an RC gone from the store is. A DC in a split brain
// (ConfigState.SplitBrain) or after a retry race (ConfigState.RetryRace)
// is not judged.
func OneDeployerPod(c ConfigState) error {
	if c.SplitBrain || c.RetryRace {
		return nil
	}
	var live []string
	for _, p := range c.Pods {
		if isDeployerPod(p) && p.Phase != dcplan.PodSucceeded && p.Phase != dcplan.PodFailed && !c.unclaimedPod(p) {
			live = append(live, p.Name)
		}
	}
	if len(live) > 1 {
		slices.Sort(live)
		return fmt.Errorf("%d deployer pods running: %s", len(live), strings.Join(live, ", "))
	}
	return nil
}

// unclaimedPod reports whether p belongs to an RC of c, by its
// deployment-name annotation or else its deployer-pod-for label, that the
// DC's controller does not take for its own (ownedBy).
func (c ConfigState) unclaimedPod(p dcplan.Pod) bool {
	rc := p.DeploymentName
	if rc == "" {
		rc = p.DeployerFor
	}
	d, ok := c.Deployment(rc)
	return ok && !ownedBy(d, c.Config, c.ByLabel)
}

// NothingInFlightAtRest holds at rest when no claimed RC is a rollout in
// flight: New, Pending or Running (an RC without a phase is none, SPEC
// 13.1; SPEC 11a.4: once faults and users stop, every rollout ends). It is
// an at-rest property because a rollout is in flight for a while at every
// step in between.
func NothingInFlightAtRest(c ConfigState) error {
	for _, d := range c.claimed() {
		if rollingOut(d) {
			return fmt.Errorf("at rest with rc/%s %v", d.Name, d.Phase)
		}
	}
	return nil
}

// ReplicasWhenStable holds at rest when an unpaused DC, not being
// deleted (SPEC 3.2.4: its controller writes only its status), whose latest
// rollout exists and is terminal has its active RC (the newest Complete
// one) at spec.replicas (0 for a test DC) and every other RC at 0
// (SPEC 0 rule 3, 2.4, 3.6.2). It is an at-rest property: a user's `oc scale` or
// a rollout moves replicas at some step, and the controller's next pass
// puts them back, so between those steps the property is false without a
// fault (ReplicasAfterReconcile judges each reconciling pass instead).
func ReplicasWhenStable(c ConfigState) error {
	cfg := c.Config
	if _, ended, _ := c.latest(); cfg.Paused || cfg.Deleting || !ended {
		return nil
	}
	return c.replicasWhereReconcilePutsThem("")
}

// replicasWhereReconcilePutsThem checks SPEC 3.6's placement of replicas
// over the claimed RCs of c: the DC's replicas on the active RC (none for
// a test DC), none on any other. Two Complete RCs may share the active
// version (SPEC 13.1); the planner then scales the first in its list,
// whose order an observer does not know, so exactly one of them must
// carry the replicas and the others none. Errors are prefixed by prefix.
func (c ConfigState) replicasWhereReconcilePutsThem(prefix string) error {
	cfg := c.Config
	_, active := c.versions()
	want := cfg.Replicas
	if cfg.Test {
		want = 0
	}
	var errs []error
	var holders, twins []string
	for _, d := range c.claimed() {
		isActive := active > 0 && d.Version == active && d.Phase == dcplan.PhaseComplete
		switch {
		case isActive && d.Replicas == want && want > 0:
			holders = append(holders, d.Name)
		case isActive && d.Replicas == 0:
			twins = append(twins, d.Name)
		case isActive:
			errs = append(errs, fmt.Errorf("%src %s (%s) has %d replicas, want %d", prefix, d.Name, phaseText(d.Phase), d.Replicas, want))
		case d.Replicas != 0:
			errs = append(errs, fmt.Errorf("%src %s (%s) has %d replicas, want 0", prefix, d.Name, phaseText(d.Phase), d.Replicas))
		}
	}
	switch {
	case want > 0 && len(holders) == 0 && len(twins) > 0:
		errs = append(errs, fmt.Errorf("%src %s (Complete) has 0 replicas, want %d", prefix, twins[0], want))
	case len(holders) > 1:
		errs = append(errs, fmt.Errorf("%s%d RCs of the active version %d carry %d replicas (%s), want one", prefix, len(holders), active, want, strings.Join(holders, ", ")))
	}
	return errors.Join(errs...)
}

// StatusCaughtUp holds at rest when no claimed RC of a DC neither paused
// nor being deleted has a version above status.latestVersion (SPEC 3.2.7:
// a lagging status catches up; a paused DC and one being deleted stop at
// 3.2.5 and 3.2.4, before the catch-up, and keep the lag: a DC created
// again over the RCs of its predecessor adopts them at latestVersion 0).
// The seed-era controller (ByLabel) has no catch-up (SPEC 7 rows 1 and
// 5, 3.11): of the RCs it takes by label only those it created, which
// carry its uid and are named for a latestVersion it reached (SPEC 3.8),
// are judged; those of a predecessor of the same name (orphaned by
// --cascade=orphan, or still naming the old uid) keep their lag.
// It is an at-rest property: a status lag is a legitimate state in
// between (a crash between an RC create and the status write), which the
// next pass repairs.
func StatusCaughtUp(c ConfigState) error {
	if c.Config.Paused || c.Config.Deleting {
		return nil
	}
	for _, d := range c.claimed() {
		if c.ByLabel && (!d.HasController || d.Controller.UID != c.Config.UID) {
			continue
		}
		if d.Version > c.Config.Status.LatestVersion {
			return fmt.Errorf("rc %s has version %d above latestVersion %d", d.Name, d.Version, c.Config.Status.LatestVersion)
		}
	}
	return nil
}

// prunable returns the claimed RCs history cleanup may consider (SPEC
// 3.7.3), written here independently of package history: with an active
// RC, those older than it; without one, those whose version is not
// status.latestVersion.
func (c ConfigState) prunable() []dcplan.Deployment {
	_, active := c.versions()
	var out []dcplan.Deployment
	for _, d := range c.claimed() {
		if active > 0 && d.Version < active || active == 0 && d.Version != c.Config.Status.LatestVersion {
			out = append(out, d)
		}
	}
	return out
}

// HistoryPruned holds at rest when an unpaused DC, not being deleted
// (SPEC 3.2.4), with a
// revisionHistoryLimit and a terminal latest rollout keeps at most that
// many prunable RCs (SPEC 0 rule 10, 3.7). A paused DC gets its history
// cleaned too (SPEC 3.2.5; with the modern paused check, PausedFirst,
// whatever its latest RC: gone, without a phase or running, as the
// paused branch comes first) but is not scaled, so an old RC may keep
// replicas, and cleanup skips it but counts it (SPEC 3.7.5): of its
// oldest (prunable − limit) prunable RCs, none below status.latestVersion
// is left at 0 replicas (Modern's paused cleanup keeps the latest RC and
// newer ones, 3.7.5.paused; Exact's prunes them too). It is an at-rest property:
// cleanup runs once the rollout ends, so history exceeds the limit
// between the end of a rollout and the next DC controller pass.
func HistoryPruned(c ConfigState) error {
	cfg := c.Config
	// The modern paused branch (PausedFirst) cleans history before it
	// looks for the latest RC (SPEC 3.2.5): whether it exists, has no
	// phase or runs. The seeds' paused check comes after the cancel and
	// the latest (SPEC 3.11, 7 row 4), and the oldest seed has none.
	pausedFirst := cfg.Paused && c.Switches.Paused == dcplan.PausedFirst
	if _, ended, _ := c.latest(); cfg.Deleting || !cfg.HasRevisionHistoryLimit || !ended && !pausedFirst {
		return nil
	}
	prunable := c.prunable()
	n, limit := len(prunable), int(cfg.RevisionHistoryLimit)
	if !cfg.Paused {
		if n > limit {
			return fmt.Errorf("%d prunable rcs kept, limit %d", n, limit)
		}
		return nil
	}
	// Oldest first; of two RCs sharing a version at the boundary the
	// cleanup takes the first of its list, an order an observer does not
	// know (SPEC 13.1), so neither is judged.
	slices.SortStableFunc(prunable, func(a, b dcplan.Deployment) int { return cmp.Compare(a.Version, b.Version) })
	for _, d := range prunable[:max(0, n-limit)] {
		if n-limit < n && d.Version == prunable[n-limit].Version {
			break
		}
		if d.Replicas == 0 && d.Version < cfg.Status.LatestVersion {
			return fmt.Errorf("paused, rc %s kept at 0 replicas, one of the %d oldest of %d prunable rcs, limit %d", d.Name, n-limit, n, limit)
		}
	}
	return nil
}

// NoPodsAfterCancel holds at rest when no deployer or hook pod of a
// cancelled, failed rollout exists (SPEC 0 rule 9, 2.3): none labelled
// openshift.io/deployer-pod-for.name for it, the pods the deployer
// deletes (SPEC 4.6; the seed pod controllers' cleanup selects them
// alike). A pod that names the RC only by its deployment-name annotation
// (its label removed by hand) is deleted by no preset, upstream's
// deployer included, and is not judged. It is an at-rest
// property: the deployer controller deletes them on the pass after the
// cancel, and again when they appear late, so they exist in between.
func NoPodsAfterCancel(c ConfigState) error {
	var errs []error
	for _, d := range c.Deployments {
		if !d.Cancelled || d.Phase != dcplan.PhaseFailed {
			continue
		}
		for _, p := range c.Pods {
			if p.DeployerFor == d.Name {
				errs = append(errs, fmt.Errorf("pod %s of cancelled rc %s survives", p.Name, d.Name))
			}
		}
	}
	return errors.Join(errs...)
}

// LatestVersionMonotonic holds when status.latestVersion never decreases
// and never goes negative: from the world before a pass or step to the
// world after (the same DC, by uid), and across each write to the DC
// (SPEC 3.2.10; issue 13 defect 2, an overflow).
func LatestVersionMonotonic(t Transition) error {
	a, b := t.Before.Config, t.After.Config
	if a.Name != "" && b.Name != "" && a.UID == b.UID && b.Status.LatestVersion < a.Status.LatestVersion {
		return fmt.Errorf("latestVersion %d -> %d", a.Status.LatestVersion, b.Status.LatestVersion)
	}
	if b.Status.LatestVersion < 0 {
		return fmt.Errorf("latestVersion %d", b.Status.LatestVersion)
	}
	for _, w := range t.Writes {
		if w.Request.Resource != wire.ResourceConfigs || w.Before == nil || w.After == nil {
			continue
		}
		x, err1 := t.config(w.Before)
		y, err2 := t.config(w.After)
		if err := errors.Join(err1, err2); err != nil {
			return err
		}
		if y.Status.LatestVersion < x.Status.LatestVersion || y.Status.LatestVersion < 0 {
			return fmt.Errorf("%s wrote latestVersion %d -> %d", w.Request.Verb, x.Status.LatestVersion, y.Status.LatestVersion)
		}
	}
	return nil
}

// NoCreateWhileInFlight holds when, at the moment the server applies an RC
// create, no other RC claimed by the DC is a rollout in flight as its
// controller counts them (awaited: an RC without a phase too with
// AwaitUnknownPhase, SPEC 3.4 note, 11a.7)
// in the live store (SPEC 3.2.8, 3.4: older rollouts are cancelled and
// awaited first) — a
// pass that read a stale cache does not excuse it; two controller
// instances at once (ConfigState.SplitBrain) do, and so does a user's
// retry of an RC the pass read as ended (ConfigState.RetryRace).
func NoCreateWhileInFlight(t Transition) error {
	if t.SplitBrain || t.After.SplitBrain || t.After.RetryRace {
		return nil
	}
	return judgeCreates(t, func(d dcplan.Deployment, live ConfigState) error {
		for _, x := range live.claimed() {
			if x.Name != d.Name && awaited(x, t.Settings.AwaitUnknownPhase) {
				return fmt.Errorf("created rc/%s while rc/%s was %s", d.Name, x.Name, phaseText(x.Phase))
			}
		}
		return nil
	})
}

// judgeCreates runs judge on every RC a pass created, decoded from the
// stored object, with the DC's live world just before the create, and
// returns the first error (a stored RC that does not decode is one).
func judgeCreates(t Transition, judge func(d dcplan.Deployment, live ConfigState) error) error {
	for _, w := range t.Writes {
		if w.Request.Verb != wire.VerbCreate || !w.rcIsRC() || w.After == nil {
			continue // After nil: the collector took the RC at once (its owner is gone)
		}
		d, err := t.rc(w.After)
		if err != nil {
			return err
		}
		if err := judge(d, w.Live); err != nil {
			return err
		}
	}
	return nil
}

// CancelsOnlyOlder holds when a DC controller pass cancels only an RC
// older than the live DC's status.latestVersion (SPEC 3.4: a newer
// rollout supersedes the older ones in flight): never the latest, nor an
// RC above a lagging status (SPEC 3.2.7; issue 13's status-lag mutant
// cancels web-3 "superseded by version 2"). latestVersion never goes
// down, so a stale read does not excuse it. A DC whose status still says
// version 0 is NoCancelAtVersionZero's to judge.
func CancelsOnlyOlder(t Transition) error {
	return judgeCancels(t, func(d dcplan.Deployment, latest dcplan.Version) error {
		if latest > 0 && d.Version >= latest {
			return fmt.Errorf("cancelled rc/%s (version %d), not older than latestVersion %d", d.Name, d.Version, latest)
		}
		return nil
	})
}

// judgeCancels runs judge on every RC a DC controller pass cancelled (a
// write that set the cancel annotation, whatever its label), as the live
// store held it just before the cancel, with the live DC's
// status.latestVersion, and returns its first error.
func judgeCancels(t Transition, judge func(d dcplan.Deployment, latest dcplan.Version) error) error {
	if t.Kind != PassConfig {
		return nil
	}
	for _, w := range t.Writes {
		e, ok, err := t.effect(w)
		if err != nil {
			return err
		}
		if !ok || !e.cancelled {
			continue
		}
		if d, ok := w.Live.Deployment(w.Request.Name); ok {
			if err := judge(d, w.Live.Config.Status.LatestVersion); err != nil {
				return err
			}
		}
	}
	return nil
}

// NoCancelAtVersionZero holds when a DC controller pass cancels no RC of
// a DC whose live status.latestVersion is 0: an RC of version 1 or more
// is newer than that status, which the status-lag catch-up must follow
// first (SPEC 3.2.7.zero). Upstream (Exact, CancelAtVersionZero) cancels
// it as "superseded by version 0"; reconcile's property test found it.
func NoCancelAtVersionZero(t Transition) error {
	return judgeCancels(t, func(d dcplan.Deployment, latest dcplan.Version) error {
		if latest == 0 && d.Version > 0 {
			return fmt.Errorf("cancelled rc/%s (version %d) while latestVersion is 0", d.Name, d.Version)
		}
		return nil
	})
}

// HistoryKeepsLive holds when no delete removes the active RC (the newest
// Complete one), the latest (the one status.latestVersion names, or the
// newest when the status lags behind it), or an RC with replicas, as the live store holds them just
// before the delete (SPEC 0 rule 10, 3.7.3, 3.7.5; issue 13 defect 1).
// The replicas and active clauses are not judged for a pass that read a
// stale cache when the DELETE carries no precondition (upstream's own
// request, SPEC 3.7.5; UnconditionalDeletes): an RC someone scaled up,
// or whose rollout completed, after the cache's copy was taken is
// deleted by any cache-based controller — known findings (fake's
// TestSimStateMachine reaches them with the Scale fault and with a
// completion the cache had not seen), not properties a planner can keep.
// A delete conditioned on the RC's resourceVersion as read (Modern, SPEC
// 3.7.5.unchanged) succeeds only on the RC the pass read, so the
// replicas clause is judged for it, stale or not; the active clause
// still depends on other RCs than the one deleted. With PausedPrunesLatest (Exact: upstream's
// accident, SPEC 12) a paused DC's cleanup may delete the latest RC or a
// newer one (the switch's words: a paused latestVersion 0 DC deletes an
// RC of version 1), so neither clause is judged there for a paused DC, nor
// for a pass that read the DC stale (StaleConfig): it may have read it
// paused before a resume.
// With SeedConfigController the newest-above-a-lagging-status clause is
// not judged: the seed-era controller does not catch a lagging status up
// (SPEC 7 row 5, 3.11), and without an active RC every RC whose version
// is not status.latestVersion is prunable (SPEC 3.7.3), the newer ones too;
// nor, with an active RC above that status (a DC created again over its
// predecessor's RCs), the latest clause: every RC older than the active
// one is prunable (SPEC 3.7.3), the one status.latestVersion names among
// them.
func HistoryKeepsLive(t Transition) error {
	for _, w := range t.Writes {
		if w.Request.Verb != wire.VerbDelete || !w.rcIsRC() {
			continue
		}
		d, ok := w.Live.Deployment(w.Request.Name)
		if !ok {
			continue
		}
		newest, active := w.Live.versions()
		pausedPrunes := t.Settings.PausedPrunesLatest && (w.Live.Config.Paused || t.StaleConfig)
		seedLag := t.Settings.SeedConfigController && active > w.Live.Config.Status.LatestVersion
		switch {
		case d.Version == w.Live.Config.Status.LatestVersion && !pausedPrunes && !seedLag:
			return fmt.Errorf("deleted rc/%s, the latest (latestVersion %d)", d.Name, d.Version)
		case d.Version == newest && newest > w.Live.Config.Status.LatestVersion && !pausedPrunes && !t.Settings.SeedConfigController:
			return fmt.Errorf("deleted rc/%s, the newest, above latestVersion %d", d.Name, w.Live.Config.Status.LatestVersion)
		case active > 0 && d.Version == active && !t.Stale:
			return fmt.Errorf("deleted rc/%s, the active one", d.Name)
		case d.Replicas > 0 && (!t.Stale || w.Request.Delete.Preconditions.ResourceVersion != ""):
			return fmt.Errorf("deleted rc/%s with %d replicas", d.Name, d.Replicas)
		}
	}
	return nil
}

// HistoryLimit holds when no delete of an RC by a DC controller pass
// leaves fewer prunable RCs than spec.revisionHistoryLimit, and cleanup
// deletes oldest first: at the moment of the delete, the live DC has a
// limit, more RCs than it are prunable, and the deleted RC is prunable
// with fewer than (prunable − limit) prunable RCs older than it (SPEC 0
// rule 10, 3.7.3, 3.7.5: an older RC still scaled up is skipped but
// counted, so it may survive a younger one). A pass that read a stale cache is not judged: a
// limit raised since, or a rollout completed since (which makes its RC
// and older ones no longer prunable), is not visible to any cache-based
// controller (a delete's preconditions, when it has them, are on the RC
// it deletes, not on the DC or the other RCs).
func HistoryLimit(t Transition) error {
	if t.Kind != PassConfig || t.Stale {
		return nil
	}
	for _, w := range t.Writes {
		if w.Request.Verb != wire.VerbDelete || !w.rcIsRC() {
			continue
		}
		cfg := w.Live.Config
		if !cfg.HasRevisionHistoryLimit {
			return fmt.Errorf("deleted rc/%s without a revisionHistoryLimit", w.Request.Name)
		}
		prunable := w.Live.prunable()
		n, limit := len(prunable), int(cfg.RevisionHistoryLimit)
		if n <= limit {
			return fmt.Errorf("deleted rc/%s with %d prunable RCs, limit %d", w.Request.Name, n, limit)
		}
		i := slices.IndexFunc(prunable, func(d dcplan.Deployment) bool { return d.Name == w.Request.Name })
		if i < 0 {
			return fmt.Errorf("deleted rc/%s, which is not prunable", w.Request.Name)
		}
		older := 0
		for _, d := range prunable {
			if d.Version < prunable[i].Version {
				older++
			}
		}
		if older >= n-limit {
			return fmt.Errorf("deleted rc/%s (version %d) before %d older prunable RCs, limit %d of %d",
				w.Request.Name, prunable[i].Version, older, limit, n)
		}
	}
	return nil
}

// OnlyClaimedRCs holds when every write of a DC controller pass to an
// existing RC, other than the adoption itself (a write that gives the RC
// a controller reference), is to an RC the live DC
// controls, and every adoption is of an orphan the DC may adopt: one
// carrying its label, not being deleted, while the DC is not being
// deleted (SPEC 3.3). An adoption by a pass that read a stale cache is
// not judged: its patch's precondition is the RC's uid alone, so a label
// edited or a delete begun since the read is any cache-based
// controller's race. The deployer controller works on any RC it is
// queued for, with or without the config-name annotation (SPEC 4.7), and
// is not judged.
func OnlyClaimedRCs(t Transition) error {
	if t.Kind != PassConfig {
		return nil
	}
	for _, w := range t.Writes {
		r := w.Request
		if !w.rcIsRC() && !(r.Resource == wire.ResourceRCs && r.Subresource == wire.SubresourceStatus) ||
			r.Verb == wire.VerbCreate {
			continue
		}
		e, adoption, err := t.effect(w)
		if err != nil {
			return err
		}
		adoption = adoption && e.adopted
		if adoption && (t.Stale || t.StaleConfig) {
			continue
		}
		d, ok := w.Live.Deployment(r.Name)
		if !ok {
			continue
		}
		if adoption {
			if d.HasController || !ownedBy(d, w.Live.Config, false) {
				return fmt.Errorf("adopted rc/%s, which the DC may not adopt", r.Name)
			}
			continue
		}
		if !d.HasController || d.Controller.UID != w.Live.Config.UID {
			return fmt.Errorf("%s rc/%s, which the DC does not control", r.Verb, r.Name)
		}
	}
	return nil
}

// CreatedRCMatchesConfig holds when every RC created carries the DC as it
// is at that moment: the version status.latestVersion names, in its
// encoded config the DC's template, the DC's
// openshift.io/deployment-config.name label, a controller reference to
// the DC's uid, and 0 replicas (the deployer scales it) (SPEC 0 rule 6,
// 3.8). A pass that read the DC
// itself stale is not judged: no controller that plans from a cache can do
// better without a live read of the DC before each create (an RC built
// from an older DC is then superseded, SPEC 3.4, which OneRolloutInFlight
// and liveness judge).
func CreatedRCMatchesConfig(t Transition) error {
	if t.StaleConfig {
		return nil
	}
	return judgeCreates(t, func(d dcplan.Deployment, live ConfigState) error {
		cfg := live.Config
		switch {
		case d.Version != cfg.Status.LatestVersion:
			return fmt.Errorf("created rc/%s (version %d) while latestVersion is %d", d.Name, d.Version, cfg.Status.LatestVersion)
		case d.Encoded == nil:
			return fmt.Errorf("created rc/%s without an encoded config", d.Name)
		case d.Encoded.Template.Hash != cfg.Template.Hash:
			return fmt.Errorf("created rc/%s with a template that is not the DC's", d.Name)
		case d.ConfigLabel != cfg.Name:
			return fmt.Errorf("created rc/%s without the DC's label (%q)", d.Name, d.ConfigLabel)
		case !d.HasController || d.Controller.UID != cfg.UID:
			return fmt.Errorf("created rc/%s not controlled by the DC (uid %s)", d.Name, cfg.UID)
		case d.Replicas != 0:
			return fmt.Errorf("created rc/%s with %d replicas", d.Name, d.Replicas)
		}
		return nil
	})
}

// Spec21 is SPEC 2.1 written out as data, independent of phase.Table (the
// code under test): Spec21[from][to] is true when an RC may move from
// phase from to phase to. Self-moves are no moves and are not listed.
var Spec21 = map[dcplan.Phase]map[dcplan.Phase]bool{
	dcplan.PhaseNew:     {dcplan.PhasePending: true, dcplan.PhaseRunning: true, dcplan.PhaseComplete: true, dcplan.PhaseFailed: true},
	dcplan.PhasePending: {dcplan.PhaseRunning: true, dcplan.PhaseComplete: true, dcplan.PhaseFailed: true},
	dcplan.PhaseRunning: {dcplan.PhaseComplete: true, dcplan.PhaseFailed: true},
}

// PhaseMoves holds when every phase change written to an RC is one SPEC
// 2.1 (Spec21) allows, or `oc rollout retry` moving Failed to New (SPEC
// 6.2); a created RC starts New, its phase annotation written (SPEC 3.8:
// every era writes it, and an RC without one is no rollout to any
// deployer). A missing phase is no phase of the table (SPEC
// 2.1's row `"" or anything else`): nothing moves an RC from it, nor to
// it, and a write that leaves it missing is no move.
// With WriteAnyPhaseChange (the oldest seed, SPEC 7 row 28) a controller
// writes any phase change, even backwards or from a missing phase, but
// never back to New nor to none: no deployer pod phase gives them.
func PhaseMoves(t Transition) error {
	for _, w := range t.Writes {
		if w.Request.Resource != wire.ResourceRCs || w.After == nil {
			continue
		}
		after, err := t.rc(w.After)
		if err != nil {
			return err
		}
		if w.Before == nil {
			if after.Phase != dcplan.PhaseNew {
				return fmt.Errorf("created rc/%s in phase %q", after.Name, after.Phase.String())
			}
			continue
		}
		before, err := t.rc(w.Before)
		if err != nil {
			return err
		}
		from, to := before.Phase, after.Phase
		if from == to || Spec21[from][to] {
			continue
		}
		if t.Actor == "user:retry" && from == dcplan.PhaseFailed && to == dcplan.PhaseNew {
			continue
		}
		if t.Settings.WriteAnyPhaseChange && to != dcplan.PhaseNew && to != dcplan.PhaseUnknown && !strings.HasPrefix(t.Actor, "user:") {
			continue // rule 7.28
		}
		return fmt.Errorf("rc/%s moved %v -> %v", after.Name, before.Phase, after.Phase)
	}
	return nil
}

// NoScaleDuringRollout holds when a DC controller pass changes an RC's
// spec.replicas (whatever the request's label) only while, in the live store, the latest rollout exists and is terminal
// (SPEC 0 rule 2, 3.2.11, 3.6: the controller never competes with the
// deployer); of two RCs sharing latestVersion, one terminal suffices, as
// the planner may take it for the latest (SPEC 13.1). A pass that read a stale cache is not judged: a rollout
// requested or retried since (`oc rollout retry` moving the latest RC
// from Failed back to New) is not visible to any cache-based controller,
// and the scale's precondition is on the scaled RC, not on the latest —
// a known race of upstream's controller too, which TestSimStateMachine
// reaches.
func NoScaleDuringRollout(t Transition) error {
	if t.Kind != PassConfig || t.Stale {
		return nil
	}
	for _, w := range t.Writes {
		e, ok, err := t.effect(w)
		if err != nil {
			return err
		}
		if !ok || !e.scaled {
			continue
		}
		if exists, _, oneEnded := w.Live.latest(); !exists || !oneEnded {
			return fmt.Errorf("scaled rc/%s while the latest rollout (version %d) was in flight", w.Request.Name, w.Live.Config.Status.LatestVersion)
		}
	}
	return nil
}

// PausedNoRollout holds when a DC controller pass writes, while the live
// DC is paused, no RC create, no cancel, no scale (judged by what the
// write changed) and no latestVersion bump (SPEC 0 rule 4, 3.2.5). A pass that read the DC stale (unpaused)
// is not judged.
func PausedNoRollout(t Transition) error {
	if t.Kind != PassConfig || t.StaleConfig {
		return nil
	}
	for _, w := range t.Writes {
		if !w.Live.Config.Paused {
			continue
		}
		e, _, err := t.effect(w)
		if err != nil {
			return err
		}
		switch {
		case w.Request.Resource == wire.ResourceRCs && w.Request.Verb == wire.VerbCreate:
			return fmt.Errorf("paused, yet create %s/%s", w.Request.Resource, w.Request.Name)
		case e.cancelled || e.scaled:
			return fmt.Errorf("paused, yet %s %s/%s (%s)", w.Request.Verb, w.Request.Resource, w.Request.Name, e)
		case w.Request.Resource == wire.ResourceConfigs && w.After != nil:
			c, err := t.config(w.After)
			if err != nil {
				return err
			}
			if c.Status.LatestVersion != w.Live.Config.Status.LatestVersion {
				return fmt.Errorf("paused, yet latestVersion %d -> %d", w.Live.Config.Status.LatestVersion, c.Status.LatestVersion)
			}
		}
	}
	return nil
}

// ReplicasAfterReconcile holds when a fault-free DC controller pass that
// read the live world, settled (no wait, no message, no error), wrote
// something and found the latest RC terminal
// leaves the replicas where SPEC 3.6 puts them: the DC's replicas on the
// active RC (the newest Complete one), none on any other claimed RC (none
// at all for a test DC). A pass that bumped latestVersion, or over a
// paused DC or one being deleted (SPEC 3.2.2: only its status is
// written), is not judged; nor one with a claimed RC above latestVersion:
// the latest exists only when the newest RC is of latestVersion (SPEC
// 3.2.6), and the seed-era controller, which has no catch-up (SPEC 7 row
// 5), then creates rather than reconciles (SPEC 3.11; its create meets
// AlreadyExists as success, 7 row 12, when a DC created again over its
// predecessor's RCs lags behind them).
func ReplicasAfterReconcile(t Transition) error {
	a := t.After
	if t.Kind != PassConfig || t.Faulted || t.Unsettled || t.Stale || len(t.Writes) == 0 || a.Config.Name == "" ||
		a.Config.Paused || a.Config.Deleting || a.Config.Status.LatestVersion != t.Before.Config.Status.LatestVersion {
		return nil
	}
	if _, ended, _ := a.latest(); !ended {
		return nil
	}
	if newest, _ := a.versions(); newest > a.Config.Status.LatestVersion {
		return nil
	}
	return a.replicasWhereReconcilePutsThem("after reconcile ")
}

// StatusOnlyWhileDeleting holds when a DC controller pass over a DC being
// deleted writes nothing but the DC's status (SPEC 3.2.4: no claim, no
// cancel, no scale, no create, no cleanup). A deletionTimestamp is never
// taken back, so a DC the live world shows deleting before the pass was
// deleting in the view the pass read, unless that view was stale
// (StaleConfig): a pass that read the DC before its delete is not judged.
func StatusOnlyWhileDeleting(t Transition) error {
	if t.Kind != PassConfig || t.StaleConfig || !t.Before.Config.Deleting {
		return nil
	}
	for _, w := range t.Writes {
		r := w.Request
		if r.Verb == wire.VerbEvent {
			continue
		}
		if r.Resource != wire.ResourceConfigs || r.Subresource != wire.SubresourceStatus {
			return fmt.Errorf("wrote %s while the DC is being deleted", r)
		}
	}
	return nil
}

// FailsForACause holds when every RC a pass moves to Failed has a cause
// in the live world just before the write (SPEC 2.2, 2.3, 4.3): it is
// cancelled; its deployer pod is gone, Failed, or another RC's (a pod
// squatting its name); with the seed pod controller, that pod succeeded
// with a non-zero exit code (SPEC 7 row 29); or it is still New, where
// the strategy's timeout may fail it (SPEC 4.3.new.3; time is an input).
// The timeout fails a New RC beside its own deployer pod only with
// UnrelatedPodEffects (Exact and the seeds: the check comes before the
// pod, SPEC 10.4); otherwise (Modern, SPEC 11 item 4) a New RC whose
// related deployer pod is pending, running or succeeded has no cause to
// fail. A pass that read a stale cache is
// not judged: the pod it saw may have moved on since.
func FailsForACause(t Transition) error {
	if t.Stale {
		return nil
	}
	for _, w := range t.Writes {
		if !w.rcIsRC() || w.After == nil {
			continue
		}
		after, err := t.rc(w.After)
		if err != nil {
			return err
		}
		if after.Phase != dcplan.PhaseFailed {
			continue
		}
		before, ok := w.Live.Deployment(after.Name)
		if !ok || before.Phase == dcplan.PhaseFailed || before.Phase == dcplan.PhaseNew && t.Settings.UnrelatedPodEffects ||
			before.Cancelled || after.Cancelled {
			continue
		}
		name := before.DeployerPodName
		if name == "" {
			name = dcplan.DeployerPodName(before.Name)
		}
		p, ok := w.Live.Pod(name)
		switch {
		case !ok, p.Phase == dcplan.PodFailed, p.DeploymentName != before.Name:
			continue
		case p.Phase == dcplan.PodSucceeded && t.Settings.SeedPodController && exitedNonZero(p):
			continue
		}
		return fmt.Errorf("rc/%s failed (%v -> Failed) while its deployer pod %s is %v", after.Name, before.Phase, p.Name, p.Phase)
	}
	return nil
}

// exitedNonZero reports whether a container of p terminated with a
// non-zero exit code.
func exitedNonZero(p dcplan.Pod) bool {
	for _, c := range p.Containers {
		if c.Terminated && c.ExitCode != 0 {
			return true
		}
	}
	return false
}

// SupersedesInFlight holds when a fault-free DC controller pass that read
// the live world of an unpaused DC, not being deleted, whose
// status.latestVersion (above 0) names no claimed RC and no claimed RC is
// newer (no status lag to catch up first, SPEC 3.2.7), leaves no older
// claimed rollout in flight (New, Pending or Running) without the cancel annotation
// (SPEC 0 rule 2, 3.2.8, 3.4: older non-terminal RCs get cancelled, then
// the DC waits). It judges the world after the pass, so a pass that only
// waits is caught.
func SupersedesInFlight(t Transition) error {
	b := t.Before
	cfg := b.Config
	if t.Kind != PassConfig || t.Faulted || t.Stale || cfg.Name == "" || cfg.Paused || cfg.Deleting ||
		cfg.Status.LatestVersion == 0 || t.After.Config.UID != cfg.UID {
		return nil
	}
	if exists, _, _ := b.latest(); exists {
		return nil
	}
	if newest, _ := b.versions(); newest > cfg.Status.LatestVersion {
		return nil
	}
	for _, d := range t.After.claimed() {
		if rollingOut(d) && !d.Cancelled && d.Version < cfg.Status.LatestVersion {
			return fmt.Errorf("left rc/%s %v and not cancelled while latestVersion %d has no RC", d.Name, d.Phase, cfg.Status.LatestVersion)
		}
	}
	return nil
}

// StatusSumsAtRest holds at rest when the DC's status counters are those
// SPEC 3.9 computes from the RCs the DC controls (SPEC 0 rule 10):
// replicas, availableReplicas and readyReplicas are the sums of the RCs'
// status fields, unavailableReplicas is max(0, Σ spec.replicas −
// available), updatedReplicas is the latest RC's status.replicas (0 when
// there is none: none of latestVersion, or a newer RC above a lagging
// status, which a paused DC and one being deleted keep, SPEC 3.2.6; of
// two RCs sharing latestVersion, SPEC 13.1, the planner takes the first
// of its list, an order an observer does not know, so either one's
// count is accepted), and observedGeneration is metadata.generation once the
// latest rollout has ended, and, whatever the latest, for a DC paused or
// being deleted (SPEC 3.2.4, 3.2.5, 3.9). A DC at version 0 without a ConfigChange or
// ImageChange trigger computes from no RC at all (SPEC 3.2.1). Only the
// RCs the DC controls are counted (an orphan it cannot adopt, such as one
// being deleted, is not its). It is an at-rest property: a pod or a
// replica count moves the RCs' counters at some step, and the next pass
// writes the status.
func StatusSumsAtRest(c ConfigState) error {
	cfg := c.Config
	if cfg.Name == "" {
		return nil
	}
	triggered := slices.ContainsFunc(cfg.Triggers, func(tr dcplan.Trigger) bool {
		return tr.Type == dcplan.TriggerConfigChange || tr.Type == dcplan.TriggerImageChange
	})
	var replicas, available, ready, spec int64
	var latest []int64 // the status.replicas of each RC of latestVersion
	var newest dcplan.Version
	if cfg.Status.LatestVersion != 0 || triggered {
		for _, d := range c.claimed() {
			if !d.HasController || d.Controller.UID != cfg.UID {
				continue
			}
			replicas += int64(d.StatusReplicas)
			available += int64(d.AvailableReplicas)
			ready += int64(d.ReadyReplicas)
			spec += int64(d.Replicas)
			newest = max(newest, d.Version)
			if cfg.Status.LatestVersion > 0 && d.Version == cfg.Status.LatestVersion {
				latest = append(latest, int64(d.StatusReplicas))
			}
		}
	}
	if newest != cfg.Status.LatestVersion || len(latest) == 0 {
		latest = []int64{0} // no latest RC: none, or the newest is not of latestVersion (SPEC 3.2.6)
	}
	updated := latest[0]
	if slices.Contains(latest, int64(cfg.Status.UpdatedReplicas)) {
		updated = int64(cfg.Status.UpdatedReplicas) // one twin's (SPEC 13.1)
	}
	st := cfg.Status
	var errs []error
	for _, f := range []struct {
		name      string
		got, want int64
	}{
		{"replicas", int64(st.Replicas), replicas},
		{"availableReplicas", int64(st.AvailableReplicas), available},
		{"readyReplicas", int64(st.ReadyReplicas), ready},
		{"unavailableReplicas", int64(st.UnavailableReplicas), max(0, spec-available)},
		{"updatedReplicas", int64(st.UpdatedReplicas), updated},
	} {
		if f.got != f.want {
			errs = append(errs, fmt.Errorf("status.%s %d, want %d", f.name, f.got, f.want))
		}
	}
	if c.bumpsGeneration() && st.ObservedGeneration != cfg.Generation {
		errs = append(errs, fmt.Errorf("status.observedGeneration %d, want %d", st.ObservedGeneration, cfg.Generation))
	}
	return errors.Join(errs...)
}

// bumpsGeneration reports whether the DC controller's status write for
// c, at rest, sets observedGeneration to metadata.generation (SPEC 3.9:
// every branch but "latest exists and still running", 3.2.11): the
// latest rollout ended, or the DC is at version 0 (3.2.1, or a trigger
// that skips, 3.2.10), or it is being deleted (3.2.4, unless
// IgnoreDeleting plans it as any other, SPEC 7 row 3) or paused with
// the modern paused check first (3.2.5; the seeds' paused check comes
// after the running branch, SPEC 3.11, 7 row 4): those two branches
// return before 3.2.11, whatever the latest.
func (c ConfigState) bumpsGeneration() bool {
	cfg := c.Config
	if _, ended, _ := c.latest(); ended || cfg.Status.LatestVersion == 0 {
		return true
	}
	return cfg.Deleting && !c.Switches.IgnoreDeleting || cfg.Paused && c.Switches.Paused == dcplan.PausedFirst
}

// CancelDeletesPods holds when a deployer pass ("deployer", its Target
// known) that read the live world and met no fault, over a cancelled
// rollout in flight (New, Pending or Running before the pass), leaves
// none of that RC's deployer and hook pods (those labelled for it) that
// were pending or running before the pass as they were: each is gone or
// being deleted, or, with CancelByDeadline, has an active deadline of
// one second (SPEC 0 rule 9, 2.3, 4.3.new.1, 4.3.pending.3, 7 row 25).
// An RC without the config-name annotation is judged too: a change of
// its pods queues it, and the deployer's pass handles it as any (SPEC
// 4.7). Only a pass that found the RC's own
// deployer pod pending or running is judged: one whose deployer pod is gone fails the RC and leaves the
// hook pods to the Failed RC's cleanup on the next pass (4.3.failed;
// NoPodsAfterCancel judges the end), and one whose deployer pod
// succeeded is a cancel the rollout won (SPEC 2.3, 11.2). Nor is a New
// RC under NewCancelledFails, which the oldest deployer fails at once,
// its pods untouched (SPEC 7 row 21).
func CancelDeletesPods(t Transition) error {
	if t.Kind != PassDeployer || t.Target == "" || t.Faulted || t.Stale || !isDeployerActor(t.Actor) {
		return nil
	}
	d, ok := t.Before.Deployment(t.Target)
	if !ok || !d.Cancelled || !rollingOut(d) || d.Phase == dcplan.PhaseNew && t.Settings.NewCancelledFails {
		return nil
	}
	if !slices.ContainsFunc(t.Before.Pods, func(p dcplan.Pod) bool {
		return p.Name == dcplan.DeployerPodName(d.Name) && p.DeploymentName == d.Name && (p.Phase == dcplan.PodPending || p.Phase == dcplan.PodRunning)
	}) {
		return nil
	}
	var errs []error
	for _, p := range t.Before.Pods {
		if p.DeployerFor != d.Name || p.Deleting || p.Phase != dcplan.PodPending && p.Phase != dcplan.PodRunning {
			continue
		}
		after, ok := t.After.Pod(p.Name)
		switch {
		case !ok || after.UID != p.UID || after.Deleting:
		case t.Settings.CancelByDeadline && after.HasActiveDeadline && after.ActiveDeadlineSeconds <= 1:
		default:
			errs = append(errs, fmt.Errorf("left pod %s of cancelled rc/%s %v", p.Name, d.Name, after.Phase))
		}
	}
	return errors.Join(errs...)
}

// isDeployerActor reports whether actor is the deployer controller's
// ("deployer", or a second instance's "deployer#2"), not the seed-era
// deployer-pod controller's.
func isDeployerActor(actor string) bool {
	return actor == "deployer" || strings.HasPrefix(actor, "deployer#")
}
