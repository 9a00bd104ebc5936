package wire_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// TestRunPassPrunesWhatThePassJustWrote: SPEC 3.6.4 and 3.7 run the
// history cleanup on the list the pass has just updated ("History cleanup
// on the updated list"; the 3.7 probe: "reconcile scales v2 to 0, then
// ... delete v1 and v2 (v2 is already 0 in the updated list)"). Modern's
// delete carries the RC's resourceVersion as read (3.7.5.unchanged), so
// when the same pass has scaled (or adopted) that RC, its own write moved
// the version and the server refuses the delete with Conflict: the RC
// stays, ReplicationControllerCleanupFailed is recorded, and
// Snapshot.After(plan) says the RC is gone while the server holds it.
func TestRunPassPrunesWhatThePassJustWrote(t *testing.T) {
	for _, tc := range []struct {
		name, pruned string
		lines        []string
	}{
		{"scaled to zero, then pruned", "web-2", []string{
			"dc web gen=2 replicas=3 strategy=Recreate triggers=ConfigChange image=app:1 latest=3 observed=2 limit=0",
			"rc web-1 phase=Complete",
			"rc web-2 phase=Complete replicas=3 status=3/3/3",
			"rc web-3 phase=Complete status=3/3/3"}},
		{"adopted, then pruned", "web-1", []string{
			"dc web gen=2 replicas=3 strategy=Recreate triggers=ConfigChange image=app:1 latest=2 observed=2 limit=0",
			"rc web-1 phase=Complete owner=none",
			"rc web-2 phase=Complete replicas=3 status=3/3/3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, s := storedState(t, append([]string{"now 2026-11-30T10:00:00Z"}, tc.lines...))
			if s.Settings.UnconditionalDeletes {
				t.Fatal("want Modern's conditioned deletes")
			}
			p, err := wire.RunPass(t.Context(), srv, s, reconcile.Config)
			if err != nil {
				t.Fatal(err)
			}
			if f := p.Failed(); f != nil || len(p.Snapshot.Outcome.Failures) > 0 {
				t.Errorf("pass failed: %v (outcome %+v)", f, p.Snapshot.Outcome.Failures)
			}
			for _, e := range srv.Events() {
				if e.Reason == "ReplicationControllerCleanupFailed" {
					t.Errorf("event %s: %s", e.Reason, e.Message)
				}
			}
			if _, ok := srv.Object(wire.ResourceRCs, "ns", tc.pruned); ok {
				t.Errorf("%s is still on the server; Snapshot.After(plan) has it deleted", tc.pruned)
			}
		})
	}
}

// storedState stores the scenario state on a fake.Server, every object
// given a resourceVersion, and reads the snapshot back as a controller's
// cache would.
func storedState(t *testing.T, lines []string) (*fake.Server, dcplan.Snapshot) {
	t.Helper()
	s, err := scenario.ParseState(lines)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := fake.ServerOf(s)
	if err != nil {
		t.Fatal(err)
	}
	read, err := srv.Snapshot(s.Config.Namespace, s.Config.Name, s.Now, s.Settings)
	if err != nil {
		t.Fatal(err)
	}
	return srv, read
}
