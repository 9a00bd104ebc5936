package reconcile_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/dcplan/dcplan/reconcile"
)

// bytesSource hands out fuzz bytes, then zeros.
type bytesSource struct{ b []byte }

func (r *bytesSource) next() int {
	if len(r.b) == 0 {
		return 0
	}
	v := int(r.b[0])
	r.b = r.b[1:]
	return v
}

func (r *bytesSource) small(n int) int { return r.next() % n }

// snapshotFrom builds an arbitrary, possibly invalid, snapshot from data:
// negative counts, duplicate versions, unknown phases and strategies,
// foreign owners, orphans, failed creates and rechecks all occur.
func snapshotFrom(data []byte) dcplan.Snapshot {
	r := &bytesSource{b: data}
	images := []string{"registry.example/app:1", "registry.example/app:2", " ", ""}
	cfg := dcplan.Config{
		Namespace: "ns", Name: "web", UID: "dc-uid", Generation: int64(r.small(4)),
		Replicas: dcplan.Replicas(r.small(6) - 1), Test: r.small(5) == 0, Paused: r.small(4) == 0, Deleting: r.small(8) == 0,
		Strategy: dcplan.Strategy{Type: dcplan.StrategyType(r.small(5)), HasParams: r.small(6) != 0},
		Template: fake.TemplateOf(images[r.small(len(images))]),
		Status:   dcplan.ConfigStatus{LatestVersion: dcplan.Version(r.small(7) - 1), ObservedGeneration: int64(r.small(3))},
	}
	if r.small(2) == 0 {
		cfg.HasRevisionHistoryLimit, cfg.RevisionHistoryLimit = true, int32(r.small(4)-1)
	}
	for n := r.small(4); n > 0; n-- {
		cfg.Triggers = append(cfg.Triggers, dcplan.Trigger{
			Type: dcplan.TriggerType(r.small(4)), Automatic: r.small(2) == 0, FromName: "app:latest",
			LastTriggeredImage: images[r.small(len(images))],
		})
	}
	s := dcplan.Snapshot{Now: now, Config: cfg, Settings: dcplan.Settings{Switches: dcplan.Preset(r.small(5)).Switches()}}
	for n := r.small(7); n > 0; n-- {
		v := dcplan.Version(r.small(8) - 1)
		d := dcplan.Deployment{
			Namespace: "ns", Name: dcplan.DeploymentName("web", v), UID: "uid", Version: v,
			ConfigLabel: []string{"web", "other", ""}[r.small(3)], ConfigName: "web",
			Phase: dcplan.Phase(r.small(7)), Cancelled: r.small(4) == 0, Replicas: dcplan.Replicas(r.small(5) - 1),
			StatusReplicas: dcplan.Replicas(r.small(5)), AvailableReplicas: dcplan.Replicas(r.small(5)),
			HasSyncedReplicas: r.small(2) == 0, SyncedReplicas: dcplan.Replicas(r.small(4)),
			HasDesiredReplicas: r.small(2) == 0, DesiredReplicas: dcplan.Replicas(r.small(4)),
			Template: fake.TemplateOf(images[r.small(len(images))]),
		}
		switch r.small(3) {
		case 0:
			d.HasController, d.Controller = true, dcplan.OwnerRef{UID: "dc-uid", Controller: true}
		case 1:
			d.HasController, d.Controller = true, dcplan.OwnerRef{UID: "foreign", Controller: true}
		}
		if r.small(4) != 0 {
			d.Encoded = new(cfg)
		}
		s.Deployments = append(s.Deployments, d)
	}
	if r.small(3) == 0 {
		s.Recheck = dcplan.Recheck{Done: true, UID: []string{"dc-uid", "other"}[r.small(2)], Err: []string{"", "boom"}[r.small(2)]}
	}
	if r.small(3) == 0 {
		for n := r.small(4); n > 0; n-- {
			f := dcplan.Failure{Action: dcplan.ActionKind(1 + r.small(int(dcplan.ActionStatus))), Message: "boom",
				Name: []string{"web", "web-1", "web-2", "web-3", ""}[r.small(5)]}
			if r.small(2) == 0 {
				f.Reason = []dcplan.StatusReason{dcplan.StatusAlreadyExists, dcplan.StatusNotFound, dcplan.StatusConflict}[r.small(3)]
			}
			s.Outcome.Failures = append(s.Outcome.Failures, f)
		}
		s.Outcome.LiveErr = []string{"", "gone"}[r.small(2)]
		if r.small(2) == 0 {
			s.Outcome.Live = &dcplan.Deployment{}
		}
	}
	return s
}

// FuzzConfig: no input makes Config, All or the user operations panic or
// modify their snapshot, each plans the same when asked again, an
// invalid snapshot always gives the empty plan (Config, All) or the
// Validate error and the empty plan (the user operations), a user
// operation writes nothing but the DC, and on a valid one Config's plan
// keeps the simulator's safety invariants (fake.CheckPass: the
// Transition invariants of its effect), as TestConfigProperties judges
// them. The fuzzer's bytes drive drawConfigCase: arbitrary snapshots
// (snapshotFrom, mostly invalid) and valid ones from the shared
// generators, with history to prune and replicas to place.
func FuzzConfig(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
	f.Add([]byte{0, 3, 1, 1, 1, 1, 0, 0, 3, 1, 0, 2, 4, 1, 4, 0, 2, 2, 1, 1, 0, 0, 1, 1, 0, 2})
	f.Fuzz(rapid.MakeFuzz(func(t *rapid.T) {
		configCase(t, drawConfigCase(t), rapid.IntRange(0, 5).Draw(t, "flags"))
	}))
}

// drawConfigCase draws the snapshot of one case of FuzzConfig and
// TestPlanIsTotal: a quarter from genSnapshot (valid, after a rollout:
// history cleanup, scaling, the no-write rule), a quarter from
// gen.Snapshot (valid, often in flight), the rest from snapshotFrom
// (arbitrary bytes, mostly invalid).
func drawConfigCase(t *rapid.T) dcplan.Snapshot {
	switch rapid.IntRange(0, 3).Draw(t, "source") {
	case 0:
		return genSnapshot().Draw(t, "history")
	case 1:
		return gen.Snapshot().Draw(t, "valid")
	}
	return snapshotFrom(rapid.SliceOfN(rapid.Byte(), 0, 160).Draw(t, "data"))
}

// fataler is what configCase needs of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// configCase is one case of FuzzConfig and TestPlanIsTotal: s planned by
// Config, All and the user operations, whose flags n picks. None may
// modify s or plan differently when asked again. A user operation that
// refuses plans nothing, and one that plans never deletes or cancels: it
// writes the DC alone (SPEC 6.3, 6.4, 6m.3, 6m.7). It reports whether s is
// valid.
func configCase(t fataler, s dcplan.Snapshot, n int) bool {
	t.Helper()
	before := s.Clone()
	p := reconcile.Config(s)
	a := reconcile.All(s)
	ip, ierr := reconcile.Instantiate(s, true, n%2 == 0)
	pp, perr := reconcile.Pause(s)
	rp, rerr := reconcile.Resume(s)
	lp, _, lerr := reconcile.RolloutLatest(s, n%3 == 0, dcplan.DryRun(n%3))
	dp, _, derr := reconcile.DeployLatest(s)
	if d := mutation.Diff(before, s); d != "" {
		t.Fatalf("a planner modified the snapshot:\n%s", d)
	}
	if d := cmp.Diff(p, reconcile.Config(s)); d != "" {
		t.Fatalf("Config() plans differently for the same snapshot (-first +second):\n%s", d)
	}
	if d := cmp.Diff(a, reconcile.All(s)); d != "" {
		t.Fatalf("All() plans differently for the same snapshot (-first +second):\n%s", d)
	}
	if again, err := reconcile.Instantiate(s, true, n%2 == 0); errString(err) != errString(ierr) || !cmp.Equal(ip, again) {
		t.Fatalf("Instantiate() answers differently for the same snapshot: %v, then %v:\n%s", ierr, err, cmp.Diff(ip, again))
	}
	if again, _, err := reconcile.RolloutLatest(s, n%3 == 0, dcplan.DryRun(n%3)); errString(err) != errString(lerr) || !cmp.Equal(lp, again) {
		t.Fatalf("RolloutLatest() answers differently for the same snapshot: %v, then %v:\n%s", lerr, err, cmp.Diff(lp, again))
	}
	ops := []struct {
		name string
		plan dcplan.Plan
		err  error
	}{{"Instantiate", ip, ierr}, {"Pause", pp, perr}, {"Resume", rp, rerr}, {"RolloutLatest", lp, lerr}, {"DeployLatest", dp, derr}}
	for _, op := range ops {
		if op.err != nil && !op.plan.IsEmpty() {
			t.Fatalf("%s() refused (%v) with a plan:\n%s", op.name, op.err, dcplan.Describe(op.plan))
		}
		if len(op.plan.DeleteRCs)+len(op.plan.DeletePods)+len(op.plan.Cancels)+len(op.plan.CreateRCs)+len(op.plan.CreatePods) > 0 {
			t.Fatalf("%s() plans more than the DC's write:\n%s", op.name, dcplan.Describe(op.plan))
		}
	}
	if err := s.Validate(); err != nil {
		for _, op := range ops {
			if !errors.Is(op.err, dcplan.ErrInvalidSnapshot) && !errors.Is(op.err, dcplan.ErrInvalidSettings) {
				t.Fatalf("%s() on an invalid snapshot (%v) returned %v, want the Validate error", op.name, err, op.err)
			}
		}
		if d := cmp.Diff(dcplan.Plan{}, p); d != "" {
			t.Fatalf("Config() of an invalid snapshot mismatch (-want +got):\n%s", d)
		}
		if d := cmp.Diff(dcplan.Plan{}, a); d != "" {
			t.Fatalf("All() of an invalid snapshot mismatch (-want +got):\n%s", d)
		}
		return false
	}
	// The simulator's safety invariants on the pass's effect; the
	// seed-era controller keeps other promises (SPEC 7), as in
	// TestConfigProperties.
	if !s.Settings.SeedConfigController {
		if err := fake.CheckPass(s, p, fake.PassConfig, "dc-controller"); err != nil {
			t.Fatalf("Config() breaks an invariant: %v\n%s", err, dcplan.Describe(p))
		}
	}
	return true
}

// errString is err's text, "" for no error.
func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestPlanIsTotal runs Config, All and the user operations on thousands
// of arbitrary snapshots, most of them invalid: each must refuse invalid
// input with the validation error and the empty plan (SPEC 13.1, issue 33
// item 2: validation runs first); for valid input, the plan must keep the
// safety invariants. FuzzConfig searches the same space without bound;
// this test keeps a fixed share of it in every test run (configCase).
func TestPlanIsTotal(t *testing.T) {
	var invalid, planned int
	rapid.Check(t, func(t *rapid.T) {
		s := drawConfigCase(t)
		switch {
		case !configCase(t, s, rapid.IntRange(0, 5).Draw(t, "flags")):
			invalid++
		case !reconcile.Config(s).IsEmpty():
			planned++
		}
	})
	if invalid == 0 || planned == 0 {
		t.Errorf("drew %d invalid snapshots and %d valid ones with work to do; both must occur", invalid, planned)
	}
}
