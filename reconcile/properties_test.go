package reconcile_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/dcplan/dcplan/reconcile"
)

// checkPlan checks the shape of one Config plan's status write: it
// starts from the status seen, never lowers latestVersion, and is absent
// when nothing changed (SPEC 3.9's write rule). The safety properties of
// the plan's writes are the simulator's invariants, which the callers
// judge on the live world (fake.CheckPass), not written again here.
func checkPlan(t *rapid.T, s dcplan.Snapshot, p dcplan.Plan) {
	st := p.Status
	if st == nil {
		return
	}
	if st.To.LatestVersion < st.From.LatestVersion {
		t.Fatalf("lowers latestVersion %d -> %d", st.From.LatestVersion, st.To.LatestVersion)
	}
	if d := cmp.Diff(s.Config.Status, st.From); d != "" {
		t.Fatalf("status From is not the status seen (-seen +From):\n%s", d)
	}
	if st.From.Equal(st.To) {
		t.Fatalf("status write without a change:\n%s", dcplan.Describe(p))
	}
}

// genSnapshot draws from gen.Snapshot and, half the time, turns the
// draw into a world after a rollout: a history of 2 to 6 RCs,
// status.latestVersion is the newest RC,
// every older RC is terminal (the newest one usually too), no create
// failure is pending, a history limit is usually set, and sometimes the
// status is already the computed one. gen.Snapshot alone nearly always
// has an RC in flight, so scaling, history cleanup and the no-write rule
// would be reached by a handful of draws only (TestGeneratorReaches checks
// that they are reached).
func genSnapshot() *rapid.Generator[dcplan.Snapshot] {
	return rapid.Custom(func(t *rapid.T) dcplan.Snapshot {
		s := gen.Snapshot().Draw(t, "snapshot")
		if rapid.Bool().Draw(t, "asGenerated") {
			return s
		}
		s.Outcome = dcplan.Outcome{}
		// A history of 2 to 6 rollouts: fill in the versions the draw lacks.
		for v := dcplan.Version(rapid.IntRange(2, 6).Draw(t, "history")); v > 0; v-- {
			if !slices.ContainsFunc(s.Deployments, func(d dcplan.Deployment) bool { return d.Version == v }) {
				s.Deployments = append(s.Deployments, gen.Deployment(s.Config, v).Draw(t, "rc"))
			}
		}
		top := dcplan.Version(0)
		for _, d := range s.Deployments {
			top = max(top, d.Version)
		}
		if top > 0 {
			s.Config.Status.LatestVersion = top
		}
		for i := range s.Deployments {
			d := &s.Deployments[i]
			if d.Phase.Terminal() || (d.Version == top && rapid.IntRange(0, 3).Draw(t, "latestInFlight") == 0) {
				continue
			}
			d.Phase = rapid.SampledFrom([]dcplan.Phase{dcplan.PhaseComplete, dcplan.PhaseFailed}).Draw(t, "terminal")
		}
		for i := range s.Deployments {
			if d := &s.Deployments[i]; d.Version < top && rapid.IntRange(0, 3).Draw(t, "scaledDown") > 0 {
				d.Replicas, d.StatusReplicas, d.ReadyReplicas, d.AvailableReplicas = 0, 0, 0, 0
			}
		}
		if rapid.IntRange(0, 3).Draw(t, "limited") > 0 {
			s.Config.HasRevisionHistoryLimit = true
			s.Config.RevisionHistoryLimit = int32(rapid.IntRange(0, 1).Draw(t, "limit"))
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("genSnapshot made an invalid snapshot: %v", err)
		}
		if rapid.Bool().Draw(t, "settled") {
			if p := reconcile.Config(s); p.Status != nil && p.Status.To.LatestVersion == s.Config.Status.LatestVersion {
				s.Config.Status = p.Status.To
			}
		}
		return s
	})
}

// TestGeneratorReaches checks that genSnapshot reaches the plans the
// safety properties are about, and snapshots with pods (for
// TestConfigIgnoresPods), so that they are not vacuous. It uses 500
// fixed examples (Generator.Example), so it is deterministic.
func TestGeneratorReaches(t *testing.T) {
	const draws = 500
	seen := map[string]int{}
	for i := range draws {
		s := genSnapshot().Example(i)
		if len(s.Pods) > 0 {
			seen["pods"]++ // TestConfigIgnoresPods
		}
		p := reconcile.Config(s)
		for kind, n := range map[string]int{
			"create": len(p.CreateRCs), "cancel": len(p.Cancels), "scale": len(p.Scales),
			"delete": len(p.DeleteRCs), "adopt": len(p.Adopt), "release": len(p.Release),
		} {
			if n > 0 {
				seen[kind]++
			}
		}
		if p.Status == nil {
			seen["no status"]++
		}
	}
	for _, kind := range []string{"create", "cancel", "scale", "delete", "adopt", "release", "no status", "pods"} {
		if seen[kind] < 5 {
			t.Errorf("genSnapshot reached %q in %d of %d draws, want at least 5", kind, seen[kind], draws)
		}
	}
	t.Logf("plans reached in %d draws: %v", draws, seen)
}

// shuffled returns a copy of s with its RCs and pods permuted.
func shuffled(t *rapid.T, s dcplan.Snapshot) dcplan.Snapshot {
	out := s.Clone()
	out.Deployments = gen.Reorder(out.Deployments).Draw(t, "rcOrder")
	out.Pods = rapid.Permutation(out.Pods).Draw(t, "podOrder")
	if len(out.Deployments) == 0 {
		out.Deployments = s.Deployments
	}
	if len(out.Pods) == 0 {
		out.Pods = s.Pods
	}
	return out
}

func TestConfigProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSnapshot().Draw(t, "snapshot")
		before := s.Clone()
		p := reconcile.Config(s)
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("Config() modified its input (-before +after):\n%s", d)
		}
		checkPlan(t, s, p)
		// The simulator's invariants, on this one pass.
		if err := fake.CheckPass(s, p, fake.PassConfig, "dc-controller"); err != nil {
			t.Fatalf("Config() breaks an invariant: %v\n%s", err, dcplan.Describe(p))
		}
		if d := cmp.Diff(p, reconcile.Config(shuffled(t, s))); d != "" {
			t.Fatalf("Config() depends on input order (-sorted +shuffled):\n%s", d)
		}
	})
}

func TestAllProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSnapshot().Draw(t, "snapshot")
		before := s.Clone()
		p := reconcile.All(s)
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("All() modified its input (-before +after):\n%s", d)
		}
		if d := cmp.Diff(p, reconcile.All(shuffled(t, s))); d != "" {
			t.Fatalf("All() depends on input order (-sorted +shuffled):\n%s", d)
		}
		// The DC controller's part of All is Config's.
		c := reconcile.Config(s)
		if d := cmp.Diff(c.CreateRCs, p.CreateRCs); d != "" {
			t.Fatalf("All() creates differ from Config() (-config +all):\n%s", d)
		}
		// One write per RC per pass (SPEC 13: a second write carries the
		// version read and meets Conflict): the deployer half writes no RC
		// the DC half adopts, releases, cancels, scales, creates or deletes.
		written := map[string]bool{}
		for rc := range c.RCsWritten() {
			written[rc] = true
		}
		for _, x := range p.Transitions {
			if written[x.RC] {
				t.Fatalf("All() writes rc/%s twice: the DC half's write and the transition %s->%s:\n%s", x.RC, x.From, x.To, dcplan.Describe(p))
			}
		}
	})
}

// Aliasing: the plan owns its slices; editing it leaves the snapshot alone.
func TestConfigPlanDoesNotAlias(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		before := s.Clone()
		p := reconcile.Config(s)
		if p.Status != nil {
			for i := range p.Status.From.Conditions {
				p.Status.From.Conditions[i].Message = "scribbled"
			}
			for i := range p.Status.From.Details.Causes {
				p.Status.From.Details.Causes[i].Image = "scribbled"
			}
		}
		for i := range p.CreateRCs {
			d := &p.CreateRCs[i].Deployment
			for j := range d.Encoded.Template.Containers {
				d.Encoded.Template.Containers[j].Image = "scribbled"
			}
			for j := range d.Encoded.Status.Conditions {
				d.Encoded.Status.Conditions[j].Message = "scribbled"
			}
		}
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("editing the plan changed the snapshot (-before +after):\n%s", d)
		}
	})
}

// Convergence: applying the latest-independent part of a plan (scales,
// deletes, status) to a snapshot whose rollout is over reaches the empty
// plan within a few passes. The snapshot has no triggers and its status
// names its newest RC, so that most draws plan scales, deletes or a
// status rather than a rollout; the test fails when fewer than a third
// of the draws apply a pass, or it would prove nothing.
func TestConfigReconcileConverges(t *testing.T) {
	draws, applied := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		draws++
		s := gen.Snapshot().Draw(t, "snapshot")
		s.Config.Paused, s.Config.Deleting, s.Config.Triggers = false, false, nil
		s.Outcome, s.Recheck = dcplan.Outcome{}, dcplan.Recheck{}
		newest := dcplan.Version(0)
		for i := range s.Deployments {
			if !s.Deployments[i].Phase.Terminal() {
				s.Deployments[i].Phase = dcplan.PhaseFailed
			}
			newest = max(newest, s.Deployments[i].Version)
		}
		s.Config.Status.LatestVersion = newest
		for pass := 0; pass < 12; pass++ {
			p := reconcile.Config(s)
			if p.IsEmpty() || len(p.CreateRCs) > 0 || p.Wait != dcplan.WaitNone || p.Message != "" || len(p.Adopt)+len(p.Release)+len(p.UpdateConfig) > 0 {
				return // converged, or needs a world beyond scaling and status
			}
			if pass == 0 {
				applied++
			}
			s = applyReconcile(s, p)
		}
		t.Fatalf("no fixed point after 12 passes:\n%s", dcplan.Describe(reconcile.Config(s)))
	})
	t.Logf("%d of %d draws applied a pass", applied, draws)
	if applied*3 < draws {
		t.Errorf("%d of %d draws applied a pass: the generator no longer reaches convergence", applied, draws)
	}
}

// applyReconcile applies scales, deletes and the status write to s.
func applyReconcile(s dcplan.Snapshot, p dcplan.Plan) dcplan.Snapshot {
	out := s.Clone()
	for _, sc := range p.Scales {
		for i := range out.Deployments {
			if out.Deployments[i].Name == sc.RC {
				out.Deployments[i].Replicas = sc.To
				if sc.SyncAnnotation {
					out.Deployments[i].SyncedReplicas, out.Deployments[i].HasSyncedReplicas = sc.To, true
				}
			}
		}
	}
	for _, del := range p.DeleteRCs {
		for i := range out.Deployments {
			if out.Deployments[i].Name == del.RC {
				out.Deployments = append(out.Deployments[:i], out.Deployments[i+1:]...)
				break
			}
		}
	}
	if p.Status != nil {
		out.Config.Status = p.Status.To.Clone()
	}
	return out
}
