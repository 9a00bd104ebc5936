package reconcile_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/reconcile"
)

// ours returns the RCs the DC controller may act on: labelled for the DC
// and not owned by another controller (orphans are adopted).
func ours(s dcplan.Snapshot) []dcplan.Deployment {
	var out []dcplan.Deployment
	for _, d := range s.Deployments {
		if d.ConfigLabel == s.Config.Name && (!d.HasController || d.Controller.UID == s.Config.UID) {
			out = append(out, d)
		}
	}
	return out
}

// checkPlan checks the safety properties of one Config plan.
func checkPlan(t *rapid.T, s dcplan.Snapshot, p dcplan.Plan) {
	rcs := ours(s)
	latestName := dcplan.DeploymentName(s.Config.Name, s.Config.Status.LatestVersion)
	latestInFlight := false
	for _, d := range rcs {
		if d.Name == latestName && !d.Phase.Terminal() {
			latestInFlight = true
		}
	}
	// A plan never both creates an RC and leaves an older one in flight.
	if len(p.CreateRCs) > 0 {
		for _, d := range rcs {
			if !d.Phase.Terminal() {
				t.Fatalf("creates %s while %s is %v:\n%s", p.CreateRCs[0].Deployment.Name, d.Name, d.Phase, dcplan.Describe(p))
			}
		}
	}
	// Never scales an RC while the latest rollout is in flight.
	if latestInFlight && len(p.Scales) > 0 {
		t.Fatalf("scales while %s is in flight:\n%s", latestName, dcplan.Describe(p))
	}
	// Never deletes the active or latest RC, or one with replicas != 0.
	active, hasActive := history.Active(rcs)
	for _, del := range p.DeleteRCs {
		if del.Replicas != 0 || del.RC == latestName || (hasActive && del.RC == active.Name) {
			t.Fatalf("deletes %s (replicas %d; latest %s; active %s):\n%s", del.RC, del.Replicas, latestName, active.Name, dcplan.Describe(p))
		}
	}
	if st := p.Status; st != nil {
		// Never lowers latestVersion, and starts from the status seen.
		if st.To.LatestVersion < st.From.LatestVersion {
			t.Fatalf("lowers latestVersion %d -> %d", st.From.LatestVersion, st.To.LatestVersion)
		}
		if d := cmp.Diff(s.Config.Status, st.From); d != "" {
			t.Fatalf("status From is not the status seen (-seen +From):\n%s", d)
		}
		// The status patch is absent when the status is unchanged.
		if conditions.Equal(st.From, st.To) {
			t.Fatalf("status write without a change:\n%s", dcplan.Describe(p))
		}
	}
}

// shuffled returns a copy of s with its RCs and pods permuted.
func shuffled(t *rapid.T, s dcplan.Snapshot) dcplan.Snapshot {
	out := s.Clone()
	out.Deployments = rapid.Permutation(out.Deployments).Draw(t, "rcOrder")
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
		s := fake.GenSnapshot().Draw(t, "snapshot")
		before := s.Clone()
		p := reconcile.Config(s)
		if d := cmp.Diff(before, s); d != "" {
			t.Fatalf("Config() modified its input (-before +after):\n%s", d)
		}
		checkPlan(t, s, p)
		if d := cmp.Diff(p, reconcile.Config(shuffled(t, s))); d != "" {
			t.Fatalf("Config() depends on input order (-sorted +shuffled):\n%s", d)
		}
	})
}

func TestAllProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := fake.GenSnapshot().Draw(t, "snapshot")
		before := s.Clone()
		p := reconcile.All(s)
		if d := cmp.Diff(before, s); d != "" {
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
	})
}

// Aliasing: the plan owns its slices; editing it leaves the snapshot alone.
func TestConfigPlanDoesNotAlias(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := fake.GenSnapshot().Draw(t, "snapshot")
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
		if d := cmp.Diff(before, s); d != "" {
			t.Fatalf("editing the plan changed the snapshot (-before +after):\n%s", d)
		}
	})
}

// Convergence: applying the latest-independent part of a plan (scales,
// deletes, status) to a snapshot whose rollout is over reaches the empty
// plan within a few passes.
func TestConfigReconcileConverges(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := fake.GenSnapshot().Draw(t, "snapshot")
		s.Config.Paused, s.Config.Deleting = false, false
		s.LastCreate, s.Recheck = dcplan.CreateResult{}, dcplan.Recheck{}
		for i := range s.Deployments {
			if !s.Deployments[i].Phase.Terminal() {
				s.Deployments[i].Phase = dcplan.PhaseFailed
			}
		}
		for pass := 0; pass < 12; pass++ {
			p := reconcile.Config(s)
			if p.IsEmpty() || len(p.CreateRCs) > 0 || p.Wait != dcplan.WaitNone || p.Message != "" || len(p.Adopt)+len(p.Release)+len(p.UpdateConfig) > 0 {
				return // converged, or needs a world beyond scaling and status
			}
			s = applyReconcile(s, p)
		}
		t.Fatalf("no fixed point after 12 passes:\n%s", dcplan.Describe(reconcile.Config(s)))
	})
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
