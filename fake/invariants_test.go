package fake_test

import (
	"errors"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

const (
	New, Pending, Running = dcplan.PhaseNew, dcplan.PhasePending, dcplan.PhaseRunning
	Complete, Failed      = dcplan.PhaseComplete, dcplan.PhaseFailed
)

// dc is the DC ns/web at latestVersion latest with the template of image.
func dc(t *testing.T, latest dcplan.Version, image string) dcplan.Config {
	t.Helper()
	c := fake.NewConfig("ns", "web", 1)
	c.UID, c.ResourceVersion = "uid-web", "1"
	c.Template = fake.TemplateOf(image)
	c.Status.LatestVersion = latest
	return c
}

// rcOf is the RC of c's version v, claimed by c, in phase ph with n
// replicas.
func rcOf(t *testing.T, c dcplan.Config, v dcplan.Version, ph dcplan.Phase, n dcplan.Replicas) dcplan.Deployment {
	t.Helper()
	c.Status.LatestVersion = v
	d, err := wire.NewDeployment(c)
	if err != nil {
		t.Fatal(err)
	}
	d.UID, d.ResourceVersion = "uid-"+d.Name, "1"
	d.Phase, d.Replicas = ph, n
	return d
}

func rcBytes(t *testing.T, d dcplan.Deployment) []byte {
	t.Helper()
	b, err := wire.EncodeDeployment(d)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func dcBytes(t *testing.T, c dcplan.Config) []byte {
	t.Helper()
	b, err := wire.EncodeConfig(c)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func state(c dcplan.Config, rcs ...dcplan.Deployment) fake.ConfigState {
	return fake.ConfigState{Config: c, Deployments: rcs}
}

// with is c changed by f (c is a value: the table's other rows keep it).
func with(c fake.ConfigState, f func(*fake.ConfigState)) fake.ConfigState {
	f(&c)
	return c
}

// withPods is c holding pods besides its own.
func withPods(c fake.ConfigState, pods ...dcplan.Pod) fake.ConfigState {
	c.Pods = append(slices.Clone(c.Pods), pods...)
	return c
}

func deployerPod(rc string, ph dcplan.PodPhase) dcplan.Pod {
	return dcplan.Pod{Namespace: "ns", Name: dcplan.DeployerPodName(rc), DeploymentName: rc, DeployerFor: rc, Phase: ph}
}

// editOf is a write to rc, as the live store in holds it, that f
// describes: the bytes before and after, which the invariants judge (the
// request carries no action label).
func editOf(t *testing.T, rc string, in fake.ConfigState, f func(*dcplan.Deployment)) fake.LiveWrite {
	t.Helper()
	d, ok := in.Deployment(rc)
	if !ok {
		t.Fatalf("no rc/%s in the live state", rc)
	}
	after := d
	f(&after)
	return fake.LiveWrite{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Name: rc},
		Before: rcBytes(t, d), After: rcBytes(t, after), Live: in}
}

// cancelOf is the write that sets rc's cancel annotation in the live
// store in.
func cancelOf(t *testing.T, rc string, in fake.ConfigState) fake.LiveWrite {
	t.Helper()
	return editOf(t, rc, in, func(d *dcplan.Deployment) { d.Cancelled = true })
}

// scaleOf is the write that scales rc to to in the live store in.
func scaleOf(t *testing.T, rc string, to dcplan.Replicas, in fake.ConfigState) fake.LiveWrite {
	t.Helper()
	return editOf(t, rc, in, func(d *dcplan.Deployment) { d.Replicas = to })
}

// twin renames d: another RC of the same DC and version (a restore by
// hand, SPEC 13.1).
func twin(d dcplan.Deployment) dcplan.Deployment {
	d.Name = d.Name + "-restored"
	return d
}

// TestStateInvariantsCatchViolations feeds each State and Rest invariant
// a world that breaks it and one that does not: an invariant that cannot
// fail is no invariant. Among the rules they hold: one rollout at a time
// (OneRolloutInFlight, SPEC 0 rule 2 and 3.2.8), the active RC owns the
// replicas at rest (ReplicasWhenStable, SPEC 0 rule 3 and 3.6.2), and a
// cancelled rollout leaves no pods behind (NoPodsAfterCancel, SPEC 0 rule
// 9 and 2.3).
func TestStateInvariantsCatchViolations(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	c2 := dc(t, 2, "app:1")
	limited := c3
	limited.HasRevisionHistoryLimit, limited.RevisionHistoryLimit = true, 1
	twoPods := state(c3, rcOf(t, c3, 2, Failed, 0), rcOf(t, c3, 3, Running, 0))
	twoPods.Pods = []dcplan.Pod{deployerPod("web-2", dcplan.PodRunning), deployerPod("web-3", dcplan.PodRunning)}
	donePod := twoPods
	donePod.Pods = []dcplan.Pod{deployerPod("web-2", dcplan.PodSucceeded), deployerPod("web-3", dcplan.PodRunning)}
	hookPod := twoPods
	hookPod.Pods = []dcplan.Pod{deployerPod("web-3", dcplan.PodRunning), {Namespace: "ns", Name: "web-3-hook-pre", DeploymentName: "web-3", Phase: dcplan.PodRunning}}
	cancelled := state(c2, rcOf(t, c2, 1, Complete, 1), rcOf(t, c2, 2, Failed, 0))
	cancelled.Deployments[1].Cancelled = true
	cancelled.Pods = []dcplan.Pod{deployerPod("web-2", dcplan.PodRunning)}
	// counted is at rest with its status as SPEC 3.9 computes it: web-2
	// runs 2 replicas, 1 available and ready.
	counted := state(c2, rcOf(t, c2, 1, Complete, 0), rcOf(t, c2, 2, Complete, 2))
	counted.Deployments[1].StatusReplicas, counted.Deployments[1].AvailableReplicas, counted.Deployments[1].ReadyReplicas = 2, 1, 1
	counted.Config.Status.Replicas, counted.Config.Status.UpdatedReplicas = 2, 2
	counted.Config.Status.AvailableReplicas, counted.Config.Status.ReadyReplicas, counted.Config.Status.UnavailableReplicas = 1, 1, 1
	counted.Config.Status.ObservedGeneration = counted.Config.Generation
	tests := []struct {
		name    string
		why     string
		inv     func(fake.ConfigState) error
		c       fake.ConfigState
		wantErr string
	}{
		{name: "13 unreadable", why: "a DC whose objects failed to decode is a failure, not a skip", inv: fake.Decodes,
			c: fake.ConfigState{Config: c3, Err: errors.New("rc web-2: bad annotation")}, wantErr: "bad annotation"},
		{name: "13 no config", why: "a world without its DC cannot be judged", inv: fake.Decodes, c: fake.ConfigState{}, wantErr: "no deployment config"},
		{name: "13 valid", why: "a DC and its RC", inv: fake.Decodes, c: state(c3, rcOf(t, c3, 3, Running, 0))},
		{name: "3.4 two in flight", why: "stale reads started two rollouts (issue 13 defect 3)", inv: fake.OneRolloutInFlight,
			c: state(c3, rcOf(t, c3, 2, Running, 0), rcOf(t, c3, 3, New, 0)), wantErr: "2 rollouts in flight: web-2, web-3"},
		{name: "3.4 split brain", why: "two controller instances at once (the Dual fault): not judged until rest", inv: fake.OneRolloutInFlight,
			c: with(state(c3, rcOf(t, c3, 2, Running, 0), rcOf(t, c3, 3, New, 0)), func(c *fake.ConfigState) { c.SplitBrain = true })},
		{name: "3.4 one in flight", why: "web-2 ended", inv: fake.OneRolloutInFlight, c: state(c3, rcOf(t, c3, 2, Failed, 0), rcOf(t, c3, 3, Running, 0))},
		{name: "3.3 orphan beside a DC being deleted", why: "3.3: no orphan is adopted while the DC is being deleted, so the orphan web-2 in flight is not the DC's second rollout",
			inv: fake.OneRolloutInFlight, c: with(state(c3, rcOf(t, c3, 2, Running, 0), rcOf(t, c3, 3, New, 0)), func(c *fake.ConfigState) {
				c.Config.Deleting = true
				c.Deployments[0].HasController, c.Deployments[0].Controller = false, dcplan.OwnerRef{}
			})},
		{name: "13.1 phase-less RC", why: "an RC without a phase (a hand edit) is no rollout: nothing moves it", inv: fake.OneRolloutInFlight,
			c: state(c3, rcOf(t, c3, 2, dcplan.PhaseUnknown, 0), rcOf(t, c3, 3, Running, 0))},
		{name: "4.3.new.4 two pods", why: "two deployer pods run at once", inv: fake.OneDeployerPod, c: twoPods, wantErr: "2 deployer pods running"},
		{name: "4.3.new.4 one done", why: "a succeeded deployer pod is not running", inv: fake.OneDeployerPod, c: donePod},
		{name: "4.3.new.4 hook pod", why: "a hook pod runs beside its deployer pod", inv: fake.OneDeployerPod, c: hookPod},
		{name: "11a.4 in flight at rest", why: "a rollout never ended", inv: fake.NothingInFlightAtRest,
			c: state(c3, rcOf(t, c3, 3, Running, 0)), wantErr: "at rest with rc/web-3 Running"},
		{name: "11a.4 phase-less at rest", why: "13.1: an RC without a phase is no rollout, and never ends", inv: fake.NothingInFlightAtRest,
			c: state(c3, rcOf(t, c3, 2, dcplan.PhaseUnknown, 0), rcOf(t, c3, 3, Complete, 0))},
		{name: "3.6.2 old scaled", why: "at rest, old RC still scaled up", inv: fake.ReplicasWhenStable,
			c: state(c2, rcOf(t, c2, 1, Complete, 1), rcOf(t, c2, 2, Complete, 1)), wantErr: "rc web-1 (Complete) has 1 replicas, want 0"},
		{name: "3.6.2 active scaled", why: "web-2 failed: the active web-1 keeps the replica", inv: fake.ReplicasWhenStable,
			c: state(c2, rcOf(t, c2, 1, Complete, 1), rcOf(t, c2, 2, Failed, 0))},
		{name: "13.1 twin active, one scaled", why: "issue 35 item 13: two Complete RCs share version 2; the planner scales the first of its list, the other stays at 0", inv: fake.ReplicasWhenStable,
			c: state(c2, rcOf(t, c2, 1, Complete, 0), twin(rcOf(t, c2, 2, Complete, 0)), rcOf(t, c2, 2, Complete, 1))},
		{name: "13.1 twin active, both scaled", why: "the DC's replicas twice over", inv: fake.ReplicasWhenStable,
			c: state(c2, twin(rcOf(t, c2, 2, Complete, 1)), rcOf(t, c2, 2, Complete, 1)), wantErr: "2 RCs of the active version 2 carry 1 replicas (web-2-restored, web-2), want one"},
		{name: "13.1 latest twin in flight", why: "issue 35 item 13: web-2-restored runs; the planner may take it for the latest, so replicas are not judged", inv: fake.ReplicasWhenStable,
			c: state(c2, rcOf(t, c2, 1, Complete, 1), rcOf(t, c2, 2, Complete, 0), twin(rcOf(t, c2, 2, Running, 0)))},
		{name: "13.1 twin active, none scaled", why: "neither RC of the active version runs the DC's replica", inv: fake.ReplicasWhenStable,
			c: state(c2, twin(rcOf(t, c2, 2, Complete, 0)), rcOf(t, c2, 2, Complete, 0)), wantErr: "rc web-2-restored (Complete) has 0 replicas, want 1"},
		{name: "3.2.7 status lags", why: "at rest with an RC above latestVersion", inv: fake.StatusCaughtUp,
			c: state(c2, rcOf(t, c3, 3, Complete, 1)), wantErr: "rc web-3 has version 3 above latestVersion 2"},
		{name: "7#5 seed, predecessor's RCs", why: "the seed-era controller takes by label the RCs a deleted DC of the same name left (orphaned, or still naming the old uid) and never raises latestVersion to them (7 rows 1, 5)",
			inv: fake.StatusCaughtUp, c: func() fake.ConfigState {
				orphan, old := rcOf(t, c3, 3, Complete, 1), rcOf(t, c3, 2, Complete, 0)
				orphan.HasController, orphan.Controller = false, dcplan.OwnerRef{}
				old.Controller.UID = "uid-old-web"
				c := state(dc(t, 0, "app:1"), old, orphan)
				c.ByLabel = true
				return c
			}()},
		{name: "7#5 seed, its own RC", why: "the seed-era controller creates RCs at latestVersion only (3.8): its own RC above it is a lag", inv: fake.StatusCaughtUp,
			c: with(state(c2, rcOf(t, c3, 3, Complete, 1)), func(c *fake.ConfigState) { c.ByLabel = true }), wantErr: "rc web-3 has version 3 above latestVersion 2"},
		{name: "3.7 history kept", why: "limit 1, two RCs older than the active web-3", inv: fake.HistoryPruned,
			c: state(limited, rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 0), rcOf(t, c3, 3, Complete, 1)), wantErr: "2 prunable rcs kept, limit 1"},
		{name: "3.7 history pruned", why: "limit 1, one older RC", inv: fake.HistoryPruned,
			c: state(limited, rcOf(t, c3, 2, Complete, 0), rcOf(t, c3, 3, Complete, 1))},
		{name: "2.3 pod after cancel", why: "the cancelled rollout keeps its deployer pod", inv: fake.NoPodsAfterCancel,
			c: cancelled, wantErr: "pod web-2-deploy of cancelled rc web-2 survives"},
		{name: "3.9 sums at rest", why: "the status is the RCs' sums, unavailable their spec less available", inv: fake.StatusSumsAtRest, c: counted},
		{name: "3.9 unavailable unclamped sum", why: "one of two replicas available: one unavailable", inv: fake.StatusSumsAtRest,
			c: with(counted, func(c *fake.ConfigState) { c.Config.Status.UnavailableReplicas = 0 }), wantErr: "status.unavailableReplicas 0, want 1"},
		{name: "3.9 updated of the latest", why: "updatedReplicas is the latest RC's status.replicas", inv: fake.StatusSumsAtRest,
			c: with(counted, func(c *fake.ConfigState) { c.Config.Status.UpdatedReplicas = 0 }), wantErr: "status.updatedReplicas 0, want 2"},
		{name: "3.9 generation not observed", why: "the latest rollout ended, so the pass bumps observedGeneration", inv: fake.StatusSumsAtRest,
			c: with(counted, func(c *fake.ConfigState) { c.Config.Generation = c.Config.Status.ObservedGeneration + 1 }), wantErr: "status.observedGeneration"},
	}
	caught := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.inv(tt.c)
			if tt.wantErr != "" && err != nil {
				caught[name(t, tt.inv)] = true
			}
			check(t, err, tt.wantErr, tt.why)
		})
	}
	for _, inv := range fake.Invariants {
		if (inv.State != nil || inv.Rest != nil) && !caught[inv.Name] {
			t.Errorf("%s: no case shows it catching a violation", inv.Name)
		}
	}
}

// name is the Invariants name of the function f.
func name(t *testing.T, f any) string {
	t.Helper()
	for _, inv := range fake.Invariants {
		for _, g := range []any{inv.State, inv.Rest, inv.Transition} {
			if fake.SameFunc(f, g) {
				return inv.Name
			}
		}
	}
	t.Fatalf("function not in fake.Invariants")
	return ""
}

// transitionCase is one row of a table of Transition invariant checks:
// the invariant, the transition it judges and a substring of the error it
// must give ("" for none).
type transitionCase struct {
	name    string
	why     string
	inv     func(fake.Transition) error
	t       fake.Transition
	wantErr string
}

// checkTransitionCases runs each case of tests as a subtest.
func checkTransitionCases(t *testing.T, tests []transitionCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, tt.inv(tt.t), tt.wantErr, tt.why)
		})
	}
}

func check(t *testing.T, err error, wantErr, why string) {
	t.Helper()
	got := ""
	if err != nil {
		got = err.Error()
	}
	if wantErr == "" && got != "" || wantErr != "" && !strings.Contains(got, wantErr) {
		t.Errorf("got %q, want %q (%s)", got, wantErr, why)
	}
}

// TestTransitionInvariantsCatchViolations does the same for the
// Transition invariants: each write is judged with the live world just
// before it.
func TestTransitionInvariantsCatchViolations(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	limited := c3
	limited.HasRevisionHistoryLimit, limited.RevisionHistoryLimit = true, 1
	live := state(limited, rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, Failed, 0))
	web := func(v dcplan.Version, ph dcplan.Phase, n dcplan.Replicas) []byte {
		return rcBytes(t, rcOf(t, c3, v, ph, n))
	}
	del := func(rc string, in fake.ConfigState) fake.LiveWrite {
		return fake.LiveWrite{Request: wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Name: rc}, Live: in}
	}
	update := func(rc string, before, after []byte, kind dcplan.ActionKind, in fake.ConfigState) fake.LiveWrite {
		return fake.LiveWrite{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Name: rc, Action: dcplan.ActionRef{Kind: kind}},
			Before: before, After: after, Live: in}
	}
	create := func(after []byte, in fake.ConfigState) fake.LiveWrite {
		return fake.LiveWrite{Request: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Action: dcplan.ActionRef{Kind: dcplan.ActionCreateRC}},
			After: after, Live: in}
	}
	edited := func(rc string, in fake.ConfigState, f func(*dcplan.Deployment)) fake.LiveWrite {
		return editOf(t, rc, in, f)
	}
	cancel := func(rc string, in fake.ConfigState) fake.LiveWrite { return cancelOf(t, rc, in) }
	scale := func(rc string, to dcplan.Replicas, in fake.ConfigState) fake.LiveWrite { return scaleOf(t, rc, to, in) }
	pass := func(ws ...fake.LiveWrite) fake.Transition {
		return fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: live, After: live, Writes: ws}
	}
	orphanRC := rcOf(t, c3, 1, Complete, 0)
	orphanRC.HasController, orphanRC.Controller = false, dcplan.OwnerRef{}
	orphan := state(c3, orphanRC)
	running := state(c3, rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, Running, 0))
	paused := running
	unlimited := running
	unlimited.Config.HasRevisionHistoryLimit = false
	paused.Config.Paused = true
	deleting := running
	deleting.Config.Deleting = true
	lagging := state(dc(t, 2, "app:1"), rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 0), rcOf(t, c3, 3, Complete, 1))
	lagging.Config.HasRevisionHistoryLimit = true
	c2 := dc(t, 2, "app:1")
	wrong := state(c3, rcOf(t, c3, 2, Complete, 0), rcOf(t, c3, 3, Failed, 1))
	// Exact's PausedPrunesLatest world (SPEC 12): paused, limit 0,
	// latestVersion 2, web-1..web-3 Complete; cleanup deletes web-2.
	prunesLatest := state(dc(t, 2, "app:1"), rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 0), rcOf(t, c3, 3, Complete, 1))
	prunesLatest.Config.Paused, prunesLatest.Config.HasRevisionHistoryLimit, prunesLatest.Config.RevisionHistoryLimit = true, true, 0
	// And at latestVersion 0: web-1 New, above it (an orphan adopted).
	prunesNewer := state(dc(t, 0, "app:1"), rcOf(t, c3, 1, New, 0))
	prunesNewer.Config.Paused, prunesNewer.Config.HasRevisionHistoryLimit, prunesNewer.Config.RevisionHistoryLimit = true, true, 0
	// superseding: latestVersion 3 has no RC while web-2 runs.
	superseding := state(c3, rcOf(t, c3, 1, Complete, 1), rcOf(t, c3, 2, Running, 0))
	supersededCancelled := state(c3, rcOf(t, c3, 1, Complete, 1), rcOf(t, c3, 2, Running, 0))
	supersededCancelled.Deployments[1].Cancelled = true
	lagBehind := state(dc(t, 1, "app:1"), rcOf(t, c3, 1, Complete, 1), rcOf(t, c3, 2, Running, 0))
	// cancelledRunning: web-3 cancelled while its deployer pod runs.
	cancelledRunning := state(c3, rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, Running, 0))
	cancelledRunning.Deployments[1].Cancelled = true
	cancelledRunning.Pods = []dcplan.Pod{deployerPod("web-3", dcplan.PodRunning)}
	withoutPods := func(c fake.ConfigState) fake.ConfigState { c.Pods = nil; return c }
	deadlined := cancelledRunning
	deadlined.Pods = []dcplan.Pod{deployerPod("web-3", dcplan.PodRunning)}
	deadlined.Pods[0].HasActiveDeadline, deadlined.Pods[0].ActiveDeadlineSeconds = true, 1
	cancelledSucceeded := cancelledRunning
	cancelledSucceeded.Pods = []dcplan.Pod{deployerPod("web-3", dcplan.PodSucceeded)}
	deployerPass := func(before, after fake.ConfigState, p dcplan.Preset) fake.Transition {
		return fake.Transition{Actor: "deployer", Kind: fake.PassDeployer, Target: "web-3", Before: before, After: after, Settings: p.Settings()}
	}
	planned := func(tr fake.Transition, p dcplan.Preset) fake.Transition {
		tr.Settings = p.Settings()
		return tr
	}
	statusBump := fake.LiveWrite{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Name: "web"},
		Before: dcBytes(t, c3), After: dcBytes(t, dc(t, 4, "app:1")), Live: paused}
	tests := []transitionCase{
		{name: "3.2.10 version down", why: "latestVersion must never decrease", inv: fake.LatestVersionMonotonic,
			t: fake.Transition{Before: state(c3), After: state(c2)}, wantErr: "latestVersion 3 -> 2"},
		{name: "3.2.10 version down in a write", why: "a status write that lowers latestVersion", inv: fake.LatestVersionMonotonic,
			t:       pass(fake.LiveWrite{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Name: "web"}, Before: dcBytes(t, c3), After: dcBytes(t, c2), Live: live}),
			wantErr: "update wrote latestVersion 3 -> 2"},
		{name: "3.2.10 overflow", why: "issue 13 defect 2: latestVersion wraps negative", inv: fake.LatestVersionMonotonic,
			t: fake.Transition{After: state(dc(t, -1<<63, "app:1"))}, wantErr: "latestVersion -9223372036854775808"},
		{name: "3.2.10 version up", why: "a bump is fine", inv: fake.LatestVersionMonotonic, t: fake.Transition{Before: state(c2), After: state(c3)}},
		{name: "3.4 create in flight", why: "created web-4 while web-3 runs in the live store", inv: fake.NoCreateWhileInFlight,
			t: pass(create(rcBytes(t, rcOf(t, dc(t, 4, "app:1"), 4, New, 0)), running)), wantErr: "created rc/web-4 while rc/web-3 was Running"},
		{name: "3.4 create at rest", why: "web-3 failed", inv: fake.NoCreateWhileInFlight, t: pass(create(rcBytes(t, rcOf(t, dc(t, 4, "app:1"), 4, New, 0)), live))},
		{name: "3.4 create beside a deleting orphan", why: "3.3.2: web-3, an orphan being deleted, is never adopted, so it is not the DC's in-flight RC", inv: fake.NoCreateWhileInFlight,
			t: pass(create(rcBytes(t, rcOf(t, dc(t, 4, "app:1"), 4, New, 0)), with(state(c3, rcOf(t, c3, 3, Running, 0)), func(c *fake.ConfigState) {
				c.Deployments[0].HasController, c.Deployments[0].Controller, c.Deployments[0].Deleting = false, dcplan.OwnerRef{}, true
			})))},
		{name: "3.4 create beside a phase-less RC", why: "13.1: Modern creates beside an RC without a phase (AwaitUnknownPhase false)", inv: fake.NoCreateWhileInFlight,
			t: pass(create(rcBytes(t, rcOf(t, dc(t, 4, "app:1"), 4, New, 0)), state(c3, rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, dcplan.PhaseUnknown, 0))))},
		{name: "3.4 cancel the newest", why: "issue 13's mutant: web-3 above a lagging latestVersion 2 cancelled as superseded", inv: fake.CancelsOnlyOlder,
			t:       pass(cancel("web-3", state(c2, rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, Running, 0)))),
			wantErr: "cancelled rc/web-3 (version 3), not older than latestVersion 2"},
		{name: "3.4 cancel an older one", why: "web-3 supersedes the running web-2", inv: fake.CancelsOnlyOlder,
			t: pass(cancel("web-2", state(c3, rcOf(t, c3, 2, Running, 0), rcOf(t, c3, 3, New, 0))))},
		{name: "3.2.7.zero cancel at version 0", why: "web-1 is newer than a status at version 0: catch up, do not supersede", inv: fake.NoCancelAtVersionZero,
			t:       pass(cancel("web-1", state(dc(t, 0, "app:1"), rcOf(t, c3, 1, Running, 0)))),
			wantErr: "cancelled rc/web-1 (version 1) while latestVersion is 0"},
		{name: "3.2.7.zero cancel above version 0", why: "an ordinary supersede is CancelsOnlyOlder's", inv: fake.NoCancelAtVersionZero,
			t: pass(cancel("web-2", state(c3, rcOf(t, c3, 2, Running, 0), rcOf(t, c3, 3, New, 0))))},
		{name: "3.7.5 delete old", why: "web-1 is older than the active web-2 and has no replicas", inv: fake.HistoryKeepsLive, t: pass(del("web-1", live))},
		{name: "3.7.5 delete active", why: "web-2 is the newest Complete RC", inv: fake.HistoryKeepsLive, t: pass(del("web-2", live)), wantErr: "deleted rc/web-2, the active one"},
		{name: "3.7.5 delete latest", why: "web-3 is the RC latestVersion names, even Failed", inv: fake.HistoryKeepsLive,
			t: pass(del("web-3", live)), wantErr: "deleted rc/web-3, the latest"},
		{name: "3.7.5 paused prunes latest (Exact)", why: "issue 35 item 13: Exact's PausedPrunesLatest deletes the RC latestVersion names of a paused DC", inv: fake.HistoryKeepsLive,
			t: planned(pass(del("web-2", prunesLatest)), dcplan.Exact)},
		{name: "3.7.5 paused prunes latest (Modern)", why: "Modern keeps the latest RC of a paused DC", inv: fake.HistoryKeepsLive,
			t: planned(pass(del("web-2", prunesLatest)), dcplan.Modern), wantErr: "deleted rc/web-2, the latest"},
		{name: "3.7.5 paused prunes newer (Exact)", why: "issue 35 item 13: Exact's paused cleanup deletes an RC above a latestVersion of 0 (no active RC)", inv: fake.HistoryKeepsLive,
			t: planned(pass(del("web-1", prunesNewer)), dcplan.Exact)},
		{name: "3.7.5 paused prunes newer (Modern)", why: "Modern keeps it", inv: fake.HistoryKeepsLive,
			t: planned(pass(del("web-1", prunesNewer)), dcplan.Modern), wantErr: "deleted rc/web-1, the newest, above latestVersion 0"},
		{name: "3.7.5 seed prunes a lagging latest", why: "7 rows 4, 5: a paused seed-era DC created again at latestVersion 1 over its predecessor's web-1 and the active web-2 prunes by the active RC (3.7.3), web-1 among the older ones, and never catches the status up",
			inv: fake.HistoryKeepsLive, t: func() fake.Transition {
				c1 := dc(t, 1, "app:1")
				c1.Paused, c1.HasRevisionHistoryLimit, c1.RevisionHistoryLimit = true, true, 0
				seed := state(c1, rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 1))
				seed.ByLabel = true
				return planned(pass(del("web-1", seed)), dcplan.Origin15)
			}()},
		{name: "3.7.5 delete newest above the status", why: "issue 13 defect 1: the status lags, web-3 is the real latest", inv: fake.HistoryKeepsLive,
			t: pass(del("web-3", lagging)), wantErr: "deleted rc/web-3, the newest, above latestVersion 2"},
		{name: "3.7.5 delete scaled", why: "an RC with replicas is never deleted", inv: fake.HistoryKeepsLive,
			t: pass(del("web-1", state(c3, rcOf(t, c3, 1, Complete, 1), rcOf(t, c3, 2, Complete, 1)))), wantErr: "deleted rc/web-1 with 1 replicas"},
		{name: "3.7.5 delete scaled after a stale read", why: "the DELETE has no precondition: a stale pass is not judged on replicas", inv: fake.HistoryKeepsLive,
			t: func() fake.Transition {
				tr := pass(del("web-1", state(c3, rcOf(t, c3, 1, Complete, 1), rcOf(t, c3, 2, Complete, 1))))
				tr.Stale = true
				return tr
			}()},
		{name: "3.7.5.unchanged delete scaled after a stale read, conditioned", why: "a delete conditioned on the resourceVersion read succeeds only on the RC as read: judged on replicas, stale or not", inv: fake.HistoryKeepsLive,
			t: func() fake.Transition {
				tr := pass(del("web-1", state(c3, rcOf(t, c3, 1, Complete, 1), rcOf(t, c3, 2, Complete, 1))))
				tr.Stale = true
				tr.Writes[0].Request.Delete.Preconditions = wire.Preconditions{UID: "rc-uid-1", ResourceVersion: "7"}
				return tr
			}(), wantErr: "deleted rc/web-1 with 1 replicas"},
		{name: "3.7.5 delete active after a stale read", why: "web-2 completed after the cache's copy: a stale pass is not judged on the active RC", inv: fake.HistoryKeepsLive,
			t: func() fake.Transition {
				tr := pass(del("web-2", live))
				tr.Stale = true
				return tr
			}()},
		{name: "3.7.3 stale pass over the limit", why: "a rollout completed since the cache's copy is not visible to the pass", inv: fake.HistoryLimit,
			t: func() fake.Transition {
				tr := pass(del("web-1", state(limited, rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 1))))
				tr.Stale = true
				return tr
			}()},
		{name: "3.7.3 delete within the limit", why: "one prunable RC, limit 1", inv: fake.HistoryLimit,
			t: pass(del("web-1", state(limited, rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 1)))), wantErr: "deleted rc/web-1 with 1 prunable RCs, limit 1"},
		{name: "3.7.3 delete without a limit", why: "no revisionHistoryLimit, nothing is pruned", inv: fake.HistoryLimit,
			t: pass(del("web-1", unlimited)), wantErr: "without a revisionHistoryLimit"},
		{name: "3.7.3 delete over the limit", why: "two prunable RCs, limit 1", inv: fake.HistoryLimit,
			t: pass(del("web-1", state(limited, rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 0), rcOf(t, c3, 3, Complete, 1))))},
		{name: "3.7.5 delete the newer first", why: "three prunable RCs, limit 1: cleanup deletes web-1 and web-2, oldest first, never web-3", inv: fake.HistoryLimit,
			t:       pass(del("web-3", state(limited, rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 0), rcOf(t, c3, 3, Complete, 0), rcOf(t, c3, 4, Complete, 1)))),
			wantErr: "deleted rc/web-3 (version 3) before 2 older prunable RCs, limit 1 of 3"},
		{name: "3.7.5 skip a scaled-up older RC", why: "web-1 still has a replica: skipped but counted, so web-2 goes while web-1 stays", inv: fake.HistoryLimit,
			t: pass(del("web-2", state(limited, rcOf(t, c3, 1, Complete, 1), rcOf(t, c3, 2, Complete, 0), rcOf(t, c3, 3, Complete, 0), rcOf(t, c3, 4, Complete, 1))))},
		{name: "3.7.3 delete the active RC", why: "the active RC is not prunable", inv: fake.HistoryLimit,
			t:       pass(del("web-4", state(limited, rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 0), rcOf(t, c3, 3, Complete, 0), rcOf(t, c3, 4, Complete, 1)))),
			wantErr: "deleted rc/web-4, which is not prunable"},
		{name: "3.3 write orphan", why: "an RC the DC does not control is not the controller's to write", inv: fake.OnlyClaimedRCs,
			t: pass(scale("web-1", 5, orphan)), wantErr: "update rc/web-1, which the DC does not control"},
		{name: "3.3 adopt orphan", why: "the adoption itself writes an orphan", inv: fake.OnlyClaimedRCs,
			t: pass(edited("web-1", orphan, func(d *dcplan.Deployment) {
				d.HasController, d.Controller = true, dcplan.OwnerRef{UID: c3.UID, APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: c3.Name, Controller: true}
			}))},
		{name: "3.8 created matches", why: "the RC of latestVersion with the DC's template", inv: fake.CreatedRCMatchesConfig, t: pass(create(web(3, New, 0), live))},
		{name: "3.8 created stale template", why: "an RC built from a stale read of the DC carries an old template", inv: fake.CreatedRCMatchesConfig,
			t: pass(create(rcBytes(t, rcOf(t, dc(t, 3, "app:0"), 3, New, 0)), live)), wantErr: "with a template that is not the DC's"},
		{name: "3.8 created wrong version", why: "two rollouts from a stale read: web-2 while latestVersion is 3", inv: fake.CreatedRCMatchesConfig,
			t: pass(create(web(2, New, 0), live)), wantErr: "(version 2) while latestVersion is 3"},
		{name: "3.8 stale DC", why: "a pass that read the DC stale is not judged", inv: fake.CreatedRCMatchesConfig,
			t: func() fake.Transition { tr := pass(create(web(2, New, 0), live)); tr.StaleConfig = true; return tr }()},
		{name: "2.1 running to complete", why: "allowed by SPEC 2.1", inv: fake.PhaseMoves,
			t: pass(update("web-3", web(3, Running, 0), web(3, Complete, 0), dcplan.ActionTransition, live))},
		{name: "2.1 complete to running", why: "terminal phases never move", inv: fake.PhaseMoves,
			t: pass(update("web-3", web(3, Complete, 0), web(3, Running, 0), dcplan.ActionTransition, live)), wantErr: "moved Complete -> Running"},
		{name: "2.1 created running", why: "a created RC starts New", inv: fake.PhaseMoves, t: pass(create(web(3, Running, 0), live)), wantErr: `created rc/web-3 in phase "Running"`},
		{name: "3.8 created without a phase", why: "a created RC carries phase New: one without is no rollout to any deployer, and no other invariant judges it",
			inv: fake.PhaseMoves, t: pass(create(web(3, dcplan.PhaseUnknown, 0), live)), wantErr: `created rc/web-3 in phase ""`},
		{name: "2.1 failed to new by a controller", why: "only oc rollout retry moves Failed to New", inv: fake.PhaseMoves,
			t: pass(update("web-3", web(3, Failed, 0), web(3, New, 0), dcplan.ActionTransition, live)), wantErr: "moved Failed -> New"},
		{name: "7.28 failed to running by the oldest seed", why: "with WriteAnyPhaseChange a controller writes any phase its pod gives, even backwards", inv: fake.PhaseMoves,
			t: planned(pass(update("web-3", web(3, Failed, 0), web(3, Running, 0), dcplan.ActionTransition, live)), dcplan.Origin10)},
		{name: "7.28 running to new by the oldest seed", why: "no deployer pod phase gives New, so not even the oldest seed writes it", inv: fake.PhaseMoves,
			t:       planned(pass(update("web-3", web(3, Running, 0), web(3, New, 0), dcplan.ActionTransition, live)), dcplan.Origin10),
			wantErr: "moved Running -> New"},
		{name: "3.4 superseded left running", why: "latestVersion 3 has no RC and the pass left web-2 running uncancelled", inv: fake.SupersedesInFlight,
			t:       fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: superseding, After: superseding},
			wantErr: "left rc/web-2 Running and not cancelled while latestVersion 3 has no RC"},
		{name: "3.4 superseded cancelled", why: "the pass cancelled web-2 and waits for it", inv: fake.SupersedesInFlight,
			t: fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: superseding, After: supersededCancelled}},
		{name: "3.4 superseded, status lag", why: "3.2.7: an RC above latestVersion is caught up first", inv: fake.SupersedesInFlight,
			t: fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: lagBehind, After: lagBehind}},
		{name: "3.4 superseded, faulted pass", why: "a pass a fault stopped is not judged", inv: fake.SupersedesInFlight,
			t: fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Faulted: true, Before: superseding, After: superseding}},
		{name: "2.3 cancel ignored", why: "the deployer's pass over the cancelled web-3 left its running deployer pod", inv: fake.CancelDeletesPods,
			t:       deployerPass(cancelledRunning, cancelledRunning, dcplan.Modern),
			wantErr: "left pod web-3-deploy of cancelled rc/web-3 Running"},
		{name: "2.3 cancel deletes", why: "4.3.pending.3: the pods are deleted", inv: fake.CancelDeletesPods,
			t: deployerPass(cancelledRunning, withoutPods(cancelledRunning), dcplan.Modern)},
		{name: "7.25 cancel by deadline", why: "the oldest deployer sets activeDeadlineSeconds 1 instead", inv: fake.CancelDeletesPods,
			t: deployerPass(cancelledRunning, deadlined, dcplan.Origin10)},
		{name: "2.3 cancel lost the race", why: "the deployer pod succeeded first: the rollout completes (11.2)", inv: fake.CancelDeletesPods,
			t: deployerPass(cancelledSucceeded, cancelledSucceeded, dcplan.Modern)},
		{name: "2.3 cancel of an RC without config-name", why: "4.7: a pod change queues an RC without the config-name annotation, and its pass deletes the pods as for any (4.3.pending.3)", inv: fake.CancelDeletesPods,
			t: deployerPass(with(cancelledRunning, func(c *fake.ConfigState) {
				c.Deployments = slices.Clone(c.Deployments)
				c.Deployments[1].ConfigName = ""
			}), cancelledRunning, dcplan.Modern),
			wantErr: "left pod web-3-deploy of cancelled rc/web-3 Running"},
		{name: "6.2 failed to new by retry", why: "oc rollout retry", inv: fake.PhaseMoves,
			t: fake.Transition{Actor: "user:retry", Kind: fake.PassUser, Writes: []fake.LiveWrite{update("web-3", web(3, Failed, 0), web(3, New, 0), dcplan.ActionTransition, live)}}},
		{name: "2.2 fails beside a running pod", why: "a deployer that fails web-3 while its pod runs, not cancelled", inv: fake.FailsForACause,
			t:       pass(update("web-3", web(3, Running, 0), web(3, Failed, 0), dcplan.ActionTransition, withPods(running, deployerPod("web-3", dcplan.PodRunning)))),
			wantErr: "rc/web-3 failed (Running -> Failed) while its deployer pod web-3-deploy is Running"},
		{name: "2.2 fails with its pod failed", why: "the pod's failure is the cause", inv: fake.FailsForACause,
			t: pass(update("web-3", web(3, Running, 0), web(3, Failed, 0), dcplan.ActionTransition, withPods(running, deployerPod("web-3", dcplan.PodFailed))))},
		{name: "2.2 fails with its pod gone", why: "4.3.pending.1: a missing deployer pod fails the rollout", inv: fake.FailsForACause,
			t: pass(update("web-3", web(3, Running, 0), web(3, Failed, 0), dcplan.ActionTransition, running))},
		{name: "3.6 scale in flight", why: "the controller scaled web-2 while web-3 runs", inv: fake.NoScaleDuringRollout,
			t: pass(scale("web-2", 5, running)), wantErr: "scaled rc/web-2 while the latest rollout (version 3) was in flight"},
		{name: "3.6 cancel that scales", why: "a write labelled a cancel that also scales web-2 to 0 while web-3 runs is a scale", inv: fake.NoScaleDuringRollout,
			t:       pass(edited("web-2", running, func(d *dcplan.Deployment) { d.Cancelled, d.Replicas = true, 0 })),
			wantErr: "scaled rc/web-2 while the latest rollout (version 3) was in flight"},
		{name: "3.2.5 paused scale", why: "a paused DC's RC got scaled", inv: fake.PausedNoRollout,
			t: pass(scale("web-2", 5, paused)), wantErr: "paused, yet update replicationcontrollers/web-2 (scaled)"},
		{name: "3.6 scale after a stale read", why: "a retry since the cache's copy is not visible: not judged", inv: fake.NoScaleDuringRollout,
			t: func() fake.Transition {
				tr := pass(scale("web-2", 5, running))
				tr.Stale = true
				return tr
			}()},
		{name: "3.6 scale at rest", why: "web-3 failed: scaling the active web-2 is the controller's job", inv: fake.NoScaleDuringRollout,
			t: pass(scale("web-2", 5, live))},
		{name: "13.1 scale beside an ended twin", why: "issue 35 item 13: web-3-restored, first in the planner's list (not the server's), is the latest and Complete; web-3 runs on", inv: fake.NoScaleDuringRollout,
			t: pass(scale("web-3", 5, state(c3, rcOf(t, c3, 3, Running, 0), twin(rcOf(t, c3, 3, Complete, 1)))))},
		{name: "13.1 scale while both twins run", why: "neither RC of latestVersion has ended", inv: fake.NoScaleDuringRollout,
			t:       pass(scale("web-2", 5, state(c3, rcOf(t, c3, 2, Complete, 1), twin(rcOf(t, c3, 3, Running, 0)), rcOf(t, c3, 3, New, 0)))),
			wantErr: "scaled rc/web-2 while the latest rollout (version 3) was in flight"},
		{name: "13.1 replicas beside a running twin", why: "issue 35 item 13: the planner may take either twin for the latest, so a pass is judged only once both ended", inv: fake.ReplicasAfterReconcile,
			t: fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: live, Writes: []fake.LiveWrite{del("web-1", live)},
				After: state(c3, rcOf(t, c3, 2, Complete, 1), twin(rcOf(t, c3, 3, Failed, 0)), rcOf(t, c3, 3, Running, 1))}},
		{name: "3.2.5 paused create", why: "a paused DC got a new RC", inv: fake.PausedNoRollout,
			t: pass(create(web(3, New, 0), paused)), wantErr: "paused, yet create"},
		{name: "3.2.5 paused bump", why: "a paused DC got a new latestVersion", inv: fake.PausedNoRollout,
			t: pass(statusBump), wantErr: "paused, yet latestVersion 3 -> 4"},
		{name: "3.2.4 scale while deleting", why: "a DC being deleted gets only its status written", inv: fake.StatusOnlyWhileDeleting,
			t: func() fake.Transition {
				tr := pass(scale("web-2", 5, deleting))
				tr.Before = deleting
				return tr
			}(),
			wantErr: "wrote update replicationcontrollers /web-2 while the DC is being deleted"},
		{name: "3.2.4 status while deleting", why: "the status write (and its events) is the branch's one write", inv: fake.StatusOnlyWhileDeleting,
			t: func() fake.Transition {
				tr := pass(fake.LiveWrite{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Name: "web"}, Live: deleting},
					fake.LiveWrite{Request: wire.Request{Verb: wire.VerbEvent, Name: "web"}, Live: deleting})
				tr.Before = deleting
				return tr
			}()},
		{name: "3.2.4 deleted after a stale read", why: "the pass read the DC before its delete: not judged", inv: fake.StatusOnlyWhileDeleting,
			t: func() fake.Transition {
				tr := pass(create(web(4, New, 0), deleting))
				tr.Before, tr.StaleConfig = deleting, true
				return tr
			}()},
		{name: "3.6 replicas on active", why: "the latest failed, the active web-2 holds the DC's replica", inv: fake.ReplicasAfterReconcile,
			t: pass(del("web-1", live))},
		{name: "3.6 replicas on the wrong RC", why: "scaling the latest (failed) RC instead of the active one", inv: fake.ReplicasAfterReconcile,
			t:       fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: live, After: wrong, Writes: []fake.LiveWrite{del("web-1", live)}},
			wantErr: "after reconcile rc web-3 (Failed) has 1 replicas, want 0\nafter reconcile rc web-2 (Complete) has 0 replicas, want 1"},
		{name: "3.11 seed create over a newer RC", why: "7 rows 5, 12: a test DC created again at latestVersion 1 over its predecessor's web-1 and web-2 (1 replica); the seed controller takes web-2 for its latest, plans web-1, meets AlreadyExists and writes only its status: no reconcile",
			inv: fake.ReplicasAfterReconcile, t: func() fake.Transition {
				old1, old2 := rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 1)
				old1.HasController, old1.Controller = false, dcplan.OwnerRef{}
				old2.HasController, old2.Controller = false, dcplan.OwnerRef{}
				c1 := dc(t, 1, "app:1")
				c1.Test = true
				seed := state(c1, old1, old2)
				seed.ByLabel = true
				w := fake.LiveWrite{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Name: "web"},
					Before: dcBytes(t, c1), After: dcBytes(t, c1), Live: seed}
				return fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: seed, After: seed, Writes: []fake.LiveWrite{w}}
			}()},
	}
	caught := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.inv(tt.t)
			if tt.wantErr != "" && err != nil {
				caught[name(t, tt.inv)] = true
			}
			check(t, err, tt.wantErr, tt.why)
		})
	}
	for _, inv := range fake.Invariants {
		if inv.Transition != nil && !caught[inv.Name] {
			t.Errorf("%s: no case shows it catching a violation", inv.Name)
		}
	}
}

// TestCheckInvariantsNeverVacuous holds that an observation whose DC
// failed to decode fails, that Rest invariants run only at rest, and that
// the step between two observations is judged.
func TestCheckInvariantsNeverVacuous(t *testing.T) {
	c2 := dc(t, 2, "app:1")
	inFlight := fake.Observation{Configs: []fake.ConfigState{state(c2, rcOf(t, c2, 1, Complete, 1), rcOf(t, c2, 2, Running, 0))}}
	atRest := inFlight
	atRest.Stable = true
	broken := fake.Observation{Configs: []fake.ConfigState{{Config: dcplan.Config{Namespace: "ns", Name: "web"}, Err: errors.New("decode rc/web-2: bad")}}}
	tests := []struct {
		name       string
		prev, next fake.Observation
		want       string
	}{
		{"in flight", fake.Observation{}, inFlight, ""},
		{"unreadable", fake.Observation{}, broken, "Decodes (SPEC 13): decode rc/web-2: bad"},
		{"at rest in flight", fake.Observation{}, atRest, "NothingInFlightAtRest (SPEC 11a.4): at rest with rc/web-2 Running"},
		{"version down", fake.Observation{Configs: []fake.ConfigState{state(dc(t, 3, "app:1"))}}, inFlight, "LatestVersionMonotonic (SPEC 3.2.10): latestVersion 3 -> 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, fake.CheckInvariants(tt.prev, tt.next), tt.want, tt.name)
		})
	}
}

func TestInvariantsAreListed(t *testing.T) {
	if len(fake.Invariants) < 17 {
		t.Errorf("len(Invariants) = %d, want at least 17", len(fake.Invariants))
	}
	for _, inv := range fake.Invariants {
		n := 0
		for _, f := range []bool{inv.State != nil, inv.Rest != nil, inv.Transition != nil} {
			if f {
				n++
			}
		}
		if inv.Name == "" || inv.Rule == "" || n != 1 {
			t.Errorf("incomplete invariant %s (rule %q, %d checks)", inv.Name, inv.Rule, n)
		}
		if inv.Transition != nil {
			if err := inv.Transition(fake.Transition{}); err != nil {
				t.Errorf("%s on an empty transition = %v, want nil", inv.Name, err)
			}
		}
	}
}

// TestCheckInvariantsReportsQuietPasses holds that passes a quiet Sim
// (Options.Quiet) did not record are reported, not passed unchecked: the
// observation counts them (Unrecorded) and CheckInvariants' error wraps
// ErrUncheckedPasses, where the same run not quiet checks clean; an
// observation of a quiet Sim in which no pass wrote checks clean.
func TestCheckInvariantsReportsQuietPasses(t *testing.T) {
	for _, quiet := range []bool{false, true} {
		s := fake.NewSim(fake.Options{Seed: 1, Quiet: quiet})
		prev := s.Observe()
		if err := fake.CheckInvariants(fake.Observation{}, prev); err != nil {
			t.Errorf("quiet %v, no pass yet: %v", quiet, err)
		}
		if err := s.AddConfig(fake.NewConfig("ns", "web", 1)); err != nil {
			t.Fatal(err)
		}
		s.Run(5)
		next := s.Observe()
		err := fake.CheckInvariants(prev, next)
		switch {
		case !quiet && err != nil:
			t.Errorf("not quiet: %v", err)
		case quiet && (next.Unrecorded == 0 || !errors.Is(err, fake.ErrUncheckedPasses)):
			t.Errorf("quiet: Unrecorded %d, error %v; want the passes counted and ErrUncheckedPasses", next.Unrecorded, err)
		}
		if again := s.Observe(); again.Unrecorded != 0 {
			t.Errorf("quiet %v: Observe right after Observe counts %d unrecorded passes", quiet, again.Unrecorded)
		}
	}
}

// TestPackageDocListsEveryInvariant: the package doc's list of the
// safety properties (State, Rest, Transition) names every entry of
// Invariants in its group, and nothing else: it calls itself the one
// list, and once missed two that were added later.
func TestPackageDocListsEveryInvariant(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{} // invariant -> the group the doc lists it in
	group := ""
	bracketed := regexp.MustCompile(`\[(\w+)\]`)
	for _, line := range strings.Split(string(doc), "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(line, "//"))
		for _, g := range []string{"State", "Rest", "Transition"} {
			if strings.HasPrefix(line, "- "+g+",") {
				group = g
			}
		}
		if strings.HasPrefix(line, "Who runs them") {
			group = ""
		}
		if group == "" {
			continue
		}
		for _, m := range bracketed.FindAllStringSubmatch(line, -1) {
			listed[m[1]] = group
		}
	}
	delete(listed, "LiveWrite") // named in the text, not invariants
	delete(listed, "Spec21")
	want := map[string]string{}
	for _, inv := range fake.Invariants {
		switch {
		case inv.State != nil:
			want[inv.Name] = "State"
		case inv.Rest != nil:
			want[inv.Name] = "Rest"
		default:
			want[inv.Name] = "Transition"
		}
	}
	if d := cmp.Diff(want, listed); d != "" {
		t.Errorf("fake/doc.go's invariant list against fake.Invariants (-want +got):\n%s", d)
	}
}
