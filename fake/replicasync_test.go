package fake_test

import (
	"context"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// TestReplicaSyncPassNoConflict: the seed's replica-sync pass (SPEC 3.11,
// Origin10 and Origin13) updates the DC's spec.replicas and then its
// status. The status write carries the version the update left (the seed
// sent the object the update returned), so on a server the pass sends
// every write once, none meets Conflict, and the DC ends synced with its
// status written (issue 35 item 4). Rendered with the version read, the
// status write always met Conflict and cost the pass. The version comes
// from the update's answer (wire.Written): the pass reads nothing back.
func TestReplicaSyncPassNoConflict(t *testing.T) {
	for _, preset := range []dcplan.Preset{dcplan.Origin10, dcplan.Origin13} {
		t.Run(preset.String(), func(t *testing.T) {
			s, err := scenario.ParseState([]string{
				"now 2026-11-30T10:00:00Z",
				"settings profile=" + preset.String(),
				"dc web gen=2 replicas=3 strategy=Recreate triggers=ConfigChange image=app:1 latest=2 observed=2",
				"rc web-1 phase=Complete replicas=1 synced=3",
				"rc web-2 phase=Complete replicas=5 synced=3 status=5/5/5",
			})
			if err != nil {
				t.Fatal(err)
			}
			s.Config.ResourceVersion = "10"
			for i := range s.Deployments {
				s.Deployments[i].ResourceVersion = string(rune('a' + i))
			}
			srv := fake.NewServer(s.Now)
			storeSnapshot(t, srv, s)
			read, err := srv.Snapshot(s.Config.Namespace, s.Config.Name, s.Now, s.Settings)
			if err != nil {
				t.Fatal(err)
			}
			c := &counting{Server: srv}
			pass, err := wire.RunPass(context.Background(), c, read, reconcile.Config)
			if err != nil {
				t.Fatal(err)
			}
			if c.gets != 0 {
				t.Errorf("the pass read %d objects back; the update's answer carries the version", c.gets)
			}
			if len(pass.Plan.UpdateConfig) != 1 || pass.Plan.Status == nil {
				t.Fatalf("the pass does not sync the DC and write its status:\n%s", dcplan.Describe(pass.Plan))
			}
			if len(pass.Snapshot.Outcome.Failures) > 0 {
				t.Errorf("the pass met failures %+v:\n%s", pass.Snapshot.Outcome.Failures, dcplan.Describe(pass.Plan))
			}
			writes := 0
			for _, w := range srv.Log() {
				writes++
				if w.Err != nil {
					t.Errorf("%s %s: %v", w.Request.Method(), w.Request.Path(), w.Err)
				}
			}
			want := 0
			for _, r := range pass.Requests {
				if r.Verb != wire.VerbEvent {
					want++
				}
			}
			if writes != want {
				t.Errorf("the server got %d writes, the plan has %d", writes, want)
			}
			after, err := srv.Snapshot(s.Config.Namespace, s.Config.Name, s.Now, s.Settings)
			if err != nil {
				t.Fatal(err)
			}
			if got := after.Config; got.Replicas != 5 || got.Status.Replicas != 5 || got.Status.ObservedGeneration != got.Generation {
				t.Errorf("DC after the pass: replicas %d, status.replicas %d, observedGeneration %d of generation %d; want 5, 5, and the generation",
					got.Replicas, got.Status.Replicas, got.Status.ObservedGeneration, got.Generation)
			}
			if p := reconcile.Config(after); !p.IsEmpty() {
				t.Errorf("the next pass is not at rest:\n%s", dcplan.Describe(p))
			}
		})
	}
}
