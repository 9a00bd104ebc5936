package fake_test

import (
	"context"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
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
			srv, s := serverOf(t,
				"now 2026-11-30T10:00:00Z",
				"settings profile="+preset.String(),
				"dc web gen=2 replicas=3 strategy=Recreate triggers=ConfigChange image=app:1 latest=2 observed=2",
				"rc web-1 phase=Complete replicas=1 synced=3",
				"rc web-2 phase=Complete replicas=5 synced=3 status=5/5/5",
			)
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

// TestReplicaSyncUpdateFailed: when the seed's replica sync (SPEC 3.11)
// fails to update the DC, the seed returned that error (`return err`)
// before writing any RC or the status, and retried. The pass then ends
// after the update with the server's error, class retry, and the next
// pass learns the hand-scaled count. Before, the pass went on: it wrote
// the RCs and a status over the DC it never synced, and the next pass,
// reading dc.spec.replicas 3 and the annotation of web-2 at 5, scaled
// the user's RC back down.
func TestReplicaSyncUpdateFailed(t *testing.T) {
	for _, preset := range []dcplan.Preset{dcplan.Origin10, dcplan.Origin13} {
		t.Run(preset.String(), func(t *testing.T) {
			srv, s := serverOf(t,
				"now 2026-11-30T10:00:00Z",
				"settings profile="+preset.String(),
				"dc web gen=2 replicas=3 strategy=Recreate triggers=ConfigChange image=app:1 latest=2 observed=2",
				"rc web-1 phase=Complete replicas=0 synced=0",
				"rc web-2 phase=Complete replicas=5 synced=3 status=5/5/5",
			)
			boom := &wire.StatusError{Reason: dcplan.StatusInternalError, Code: 500, Message: "Internal error occurred: etcdserver: request timed out"}
			srv.Inject(fake.Fault{Verb: "update", Resource: wire.ResourceConfigs, Name: "web", Times: 1, Err: boom})
			read, err := srv.Snapshot(s.Config.Namespace, s.Config.Name, s.Now, s.Settings)
			if err != nil {
				t.Fatal(err)
			}
			pass, err := wire.RunPass(context.Background(), srv, read, reconcile.Config)
			if err != nil {
				t.Fatal(err)
			}
			if p := pass.Plan; p.Message != boom.Message || p.Error != dcplan.ErrorRetry || len(p.Scales) > 0 || p.Status != nil {
				t.Errorf("pass with the failed update: message %q (class %v), want the update's error %q, retry, and no scale or status:\n%s",
					p.Message, p.Error, boom.Message, dcplan.Describe(p))
			}
			if n := len(srv.Log()); n != 1 {
				t.Errorf("the server got %d writes, want the failed update alone", n)
			}
			read, err = srv.Snapshot(s.Config.Namespace, s.Config.Name, s.Now, s.Settings)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := wire.RunPass(context.Background(), srv, read, reconcile.Config); err != nil {
				t.Fatal(err)
			}
			after, err := srv.Snapshot(s.Config.Namespace, s.Config.Name, s.Now, s.Settings)
			if err != nil {
				t.Fatal(err)
			}
			if d, _ := after.Deployment("web-2"); d.Replicas != 5 || after.Config.Replicas != 5 {
				t.Errorf("after the retry: web-2 replicas %d, dc replicas %d; want the hand-scaled 5 in both", d.Replicas, after.Config.Replicas)
			}
		})
	}
}
