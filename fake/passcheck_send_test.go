package fake_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestPassTransitionSendsThePass holds that PassTransition sends a plan
// as wire.RunPass does and records each write with the live world just
// before it: events are not writes; a write after an adoption carries the
// version the adoption left (Rebase), and a re-claim is sent before its
// update (SPEC 3.3.reclaim), each judged on the world the write before
// it left, and a snapshot read from no server gets the versions a read
// would have given it; After is the live world at the end; the pass stops at its first failure (Faulted), but for a failure its request tolerates (NotFound on a delete, SPEC 13.1), and a plan that
// waits is unsettled, and neither is judged as a reconcile (SPEC 3.6).
func TestPassTransitionSendsThePass(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	limited := c3
	limited.HasRevisionHistoryLimit, limited.RevisionHistoryLimit = true, 1
	snap := func(c dcplan.Config, p dcplan.Preset, rcs ...dcplan.Deployment) dcplan.Snapshot {
		s, err := wire.Reencoded(dcplan.Snapshot{Now: fake.Epoch, Config: c, Deployments: rcs, Settings: p.Settings()})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// web-3 completed; web-2, the active one before, still holds the replica.
	handOver := snap(limited, dcplan.Modern, rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, Complete, 0))
	// The orphan web-2 keeps a replica beside the active web-3.
	orphan := func(p dcplan.Preset) dcplan.Snapshot {
		return snap(c3, p, orphaned(rcOf(t, c3, 2, Complete, 1)), rcOf(t, c3, 3, Complete, 1))
	}
	// The same, read from no server: the objects carry no resourceVersion.
	unversioned := orphan(dcplan.Exact)
	unversioned.Config.ResourceVersion = ""
	for i := range unversioned.Deployments {
		unversioned.Deployments[i].ResourceVersion = ""
	}
	adopt := []dcplan.Adopt{{RC: "web-2", RCUID: "uid-web-2", Config: "web", ConfigUID: "uid-web"}}
	tests := []struct {
		name        string
		why         string
		s           dcplan.Snapshot
		plan        dcplan.Plan
		wantWrites  []string
		wantFaulted bool
		wantAfter   string // the RCs after the pass, "" for the snapshot's
		wantErr     string
	}{
		{name: "3.7.3 each delete on the world the one before left", why: "after web-1 goes, web-2 is the one prunable RC of limit 1",
			s:          snap(limited, dcplan.Modern, rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 0), rcOf(t, c3, 3, Complete, 1)),
			plan:       dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{RC: "web-1"}, {RC: "web-2"}}},
			wantWrites: []string{"delete web-1", "delete web-2"}, wantAfter: "web-3 1", wantErr: "HistoryLimit (SPEC 3.7.3): deleted rc/web-2 with 1 prunable RCs, limit 1"},
		{name: "events are no writes", why: "the event is recorded, not sent to the store", s: orphan(dcplan.Modern),
			plan:       dcplan.Plan{Adopt: adopt, Scales: []dcplan.Scale{{RC: "web-2", From: 1, To: 0}}, Events: []dcplan.Event{{Reason: "ReplicationControllerScaled", Message: "Scaled"}}},
			wantWrites: []string{"patch web-2", "update web-2"}},
		{name: "3.3 scale after the adoption", why: "the scale carries the version the adoption left: no conflict, and it is judged on the adopted RC", s: orphan(dcplan.Modern),
			plan:       dcplan.Plan{Adopt: adopt, Scales: []dcplan.Scale{{RC: "web-2", From: 1, To: 0}}},
			wantWrites: []string{"patch web-2", "update web-2"}},
		{name: "3.3.reclaim re-claim before the update", why: "Exact sends the adoption again before the update, which then conflicts; the re-claim is judged on the RC the first adoption left", s: orphan(dcplan.Exact),
			plan:       dcplan.Plan{Adopt: adopt, Scales: []dcplan.Scale{{RC: "web-2", From: 1, To: 0, Reclaim: true}}},
			wantWrites: []string{"patch web-2", "patch web-2"}, wantFaulted: true},
		{name: "3.3.reclaim without versions", why: "the snapshot's objects get the versions a read would have given: the update still conflicts after the adoption", s: unversioned,
			plan:       dcplan.Plan{Adopt: adopt, Scales: []dcplan.Scale{{RC: "web-2", From: 1, To: 0, Reclaim: true}}},
			wantWrites: []string{"patch web-2", "patch web-2"}, wantFaulted: true},
		{name: "3.6 a pass that reconciles", why: "web-3 scaled up, web-2 left with its replica", s: handOver,
			plan:       dcplan.Plan{Scales: []dcplan.Scale{{RC: "web-3", From: 0, To: 1}}},
			wantWrites: []string{"update web-3"}, wantAfter: "web-1 0, web-2 1, web-3 1", wantErr: "ReplicasAfterReconcile (SPEC 3.6): after reconcile rc web-2 (Complete) has 1 replicas, want 0"},
		{name: "3.6 a pass that waits", why: "the same writes from a plan that waits: it did not reconcile", s: handOver,
			plan:       dcplan.Plan{Scales: []dcplan.Scale{{RC: "web-3", From: 0, To: 1}}, Wait: dcplan.WaitDeployer},
			wantWrites: []string{"update web-3"}},
		{name: "a pass stops at its first failure", why: "after the DC's update, the create of web-2, which exists, fails (AlreadyExists): web-1 is never deleted", s: handOver,
			plan: dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{{Config: "web", SetReplicas: true, ReplicasFrom: limited.Replicas, ReplicasTo: 2}},
				CreateRCs: []dcplan.CreateRC{{Deployment: rcOf(t, c3, 2, New, 0)}}, DeleteRCs: []dcplan.DeleteRC{{RC: "web-1"}}},
			wantWrites: []string{"update web"}, wantAfter: "web-1 0, web-2 1, web-3 0", wantFaulted: true},
		{name: "13.1 a tolerated failure is no failure", why: "the second delete of web-1 meets NotFound, which a delete tolerates, as wire.RunPass does: web-2 is deleted too", s: handOver,
			plan:       dcplan.Plan{Scales: []dcplan.Scale{{RC: "web-3", From: 0, To: 1}}, DeleteRCs: []dcplan.DeleteRC{{RC: "web-1"}, {RC: "web-1"}, {RC: "web-2"}}},
			wantWrites: []string{"update web-3", "delete web-1", "delete web-2"}, wantAfter: "web-3 1",
			wantErr: "HistoryKeepsLive (SPEC 3.7.5): deleted rc/web-2 with 1 replicas"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr, err := fake.PassTransition(tt.s, tt.plan, fake.PassConfig, "dc-controller")
			if err != nil {
				t.Fatalf("PassTransition() error = %v", err)
			}
			var writes []string
			for _, w := range tr.Writes {
				writes = append(writes, fmt.Sprintf("%s %s", w.Request.Verb, w.Request.Name))
			}
			if d := cmp.Diff(tt.wantWrites, writes); d != "" {
				t.Errorf("writes mismatch (-want +got) (%s):\n%s", tt.why, d)
			}
			var after []string
			for _, d := range tr.After.Deployments {
				after = append(after, fmt.Sprintf("%s %d", d.Name, d.Replicas))
			}
			if tt.wantAfter != "" && strings.Join(after, ", ") != tt.wantAfter {
				t.Errorf("After = %s, want %s: the live world at the end of the pass (%s)", strings.Join(after, ", "), tt.wantAfter, tt.why)
			}
			if tr.Faulted != tt.wantFaulted {
				t.Errorf("Faulted = %v, want %v (%s)", tr.Faulted, tt.wantFaulted, tt.why)
			}
			check(t, fake.CheckTransition(tr, tt.s.Settings), tt.wantErr, tt.why)
		})
	}
}
