package reconcile_test

import (
	"errors"
	"testing"

	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/dcplan/dcplan/reconcile"
)

// oc rollout latest never starts a rollout while the latest one is in
// flight, never lowers latestVersion, plans nothing on a dry run, and leaves
// its input alone (SPEC 6.4; issue "User operations", rapid properties).
func TestRolloutLatestProperties(t *testing.T) {
	var started, refusedInFlight, failedRequest int
	prop := func(t *rapid.T) {
		s := genSnapshot().Draw(t, "snapshot")
		// The answer to a request this pass sent: the instantiate, or the
		// fallback PUT of the DC after a NotFound or Forbidden one.
		failed := rapid.SampledFrom([]dcplan.StatusReason{"", "", dcplan.StatusNotFound, dcplan.StatusForbidden,
			dcplan.StatusInternalError, dcplan.StatusBadRequest}).Draw(t, "instantiateAnswer")
		if failed != "" {
			s.Outcome = dcplan.Outcome{Failures: []dcplan.Failure{{Action: dcplan.ActionInstantiate, Name: s.Config.Name, Reason: failed, Code: 400, Message: "refused"}}}
			if fallback := failed == dcplan.StatusNotFound || failed == dcplan.StatusForbidden; fallback && rapid.Bool().Draw(t, "putFails") {
				s.Outcome.Failures = append(s.Outcome.Failures, dcplan.Failure{Action: dcplan.ActionUpdateConfig, Name: s.Config.Name, Reason: dcplan.StatusConflict, Code: 409, Message: "conflict"})
			}
		}
		again := rapid.Bool().Draw(t, "again")
		mode := dcplan.DryRun(rapid.SampledFrom([]int{0, 0, 0, 1, 2}).Draw(t, "dryRun"))
		// A dry run writes nothing, except a server dry run with
		// OcServerDryRunWrites (SPEC 13.2).
		dryRun := mode == dcplan.DryRunClient || (mode == dcplan.DryRunServer && !s.Settings.OcServerDryRunWrites)
		before := s.Clone()
		p, report, err := reconcile.RolloutLatest(s, again, mode)
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("RolloutLatest() modified its input (-before +after):\n%s", d)
		}
		latestName := dcplan.DeploymentName(s.Config.Name, s.Config.Status.LatestVersion)
		latest, exists := s.Deployment(latestName)
		inFlight := exists && !latest.Phase.Terminal()
		if err != nil {
			// A refusal plans nothing; a request the server refused
			// leaves the plan of the requests sent (the failed one last).
			if sent := requestsSent(p); errors.Is(err, reconcile.ErrRefused) && !p.IsEmpty() ||
				!errors.Is(err, reconcile.ErrRefused) && len(s.Outcome.Failures) > 0 && sent != len(s.Outcome.Failures) {
				t.Fatalf("RolloutLatest() failed with %v after %d failed requests but planned:\n%s", err, len(s.Outcome.Failures), dcplan.Describe(p))
			}
			if len(s.Outcome.Failures) > 0 && !errors.Is(err, reconcile.ErrRefused) {
				failedRequest++
			}
			if inFlight && !s.Config.Paused {
				refusedInFlight++
			}
			return
		}
		if last := len(s.Outcome.Failures); !dryRun && last > 0 &&
			(last == 2 || failed != dcplan.StatusNotFound && failed != dcplan.StatusForbidden) {
			t.Fatalf("RolloutLatest() succeeded although its last request failed (%+v):\n%s", s.Outcome.Failures[last-1], dcplan.Describe(p))
		}
		if inFlight && s.Config.Status.LatestVersion > 0 {
			t.Fatalf("RolloutLatest() accepted while %s is %s:\n%s", latestName, latest.Phase, dcplan.Describe(p))
		}
		if dryRun && !p.IsEmpty() {
			t.Fatalf("RolloutLatest(dryRun) planned:\n%s", dcplan.Describe(p))
		}
		if p.Status != nil {
			t.Fatalf("RolloutLatest() writes the status itself (the server does, SPEC 6m.3):\n%s", dcplan.Describe(p))
		}
		asks := len(p.Instantiate) == 1 && p.Instantiate[0].Force ||
			len(p.UpdateConfig) == 1 && p.UpdateConfig[0].SetLatestVersion && p.UpdateConfig[0].LatestVersionTo == s.Config.Status.LatestVersion+1
		if !dryRun && (!asks || report.Revision != s.Config.Status.LatestVersion+1) {
			t.Fatalf("RolloutLatest() did not ask for version %d (report %+v):\n%s", s.Config.Status.LatestVersion+1, report, dcplan.Describe(p))
		}
		if p.HasWrites() && (len(p.CreateRCs) > 0 || len(p.DeleteRCs) > 0 || len(p.Scales) > 0 || len(p.Cancels) > 0) {
			t.Fatalf("RolloutLatest() writes RCs itself:\n%s", dcplan.Describe(p))
		}
		if !dryRun {
			started++
		}
	}
	gen.CheckReaching(t, prop, func() bool { return started > 0 && refusedInFlight > 0 && failedRequest > 0 })
	if started == 0 || refusedInFlight == 0 || failedRequest == 0 {
		t.Errorf("generator never reached a case: started %d, refused while in flight %d, failed request %d", started, refusedInFlight, failedRequest)
	}
}

// requestsSent counts the requests a RolloutLatest plan stands for: its
// instantiate and its DC write.
func requestsSent(p dcplan.Plan) int { return len(p.Instantiate) + len(p.UpdateConfig) }
