package wire_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// TestStatusAfterUpdateIsRebased: a DC status write after an update of
// the same DC (the seed's replica sync, SPEC 3.11) is the DC as that
// update returns it, spec.replicas synced and metadata.generation one up,
// marked Rebase; Rebased sets the version and leaves every other byte
// (issue 35 item 4). Without the update, the status write is the DC as
// read and no Rebase.
func TestStatusAfterUpdateIsRebased(t *testing.T) {
	s, err := scenario.ParseState([]string{
		"now 2026-11-30T10:00:00Z",
		"settings profile=Origin13",
		"dc web gen=2 replicas=3 strategy=Recreate triggers=ConfigChange image=app:1 latest=2 observed=2",
		"rc web-1 phase=Complete replicas=1 synced=3",
		"rc web-2 phase=Complete replicas=5 synced=3 status=5/5/5",
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Config.ResourceVersion = "10"
	p := reconcile.Config(s)
	reqs, err := wire.Requests(s, p)
	if err != nil {
		t.Fatal(err)
	}
	var status wire.Request
	for _, r := range reqs {
		switch {
		case r.Subresource == wire.SubresourceStatus:
			status = r
		case r.Rebase:
			t.Errorf("%s %s is marked Rebase; only the status write follows an earlier write of its object", r.Method(), r.Path())
		}
	}
	if !status.Rebase {
		t.Fatalf("the status write %s is not marked Rebase", status.Path())
	}
	var dc struct {
		Metadata struct {
			ResourceVersion string
			Generation      int64
		}
		Spec   struct{ Replicas int32 }
		Status struct{ ObservedGeneration int64 }
	}
	if err := json.Unmarshal(status.Body, &dc); err != nil {
		t.Fatal(err)
	}
	if dc.Metadata.ResourceVersion != "10" || dc.Metadata.Generation != 3 || dc.Spec.Replicas != 5 || dc.Status.ObservedGeneration != 3 {
		t.Errorf("status body: resourceVersion %q generation %d spec.replicas %d observedGeneration %d; want \"10\" (as read, until rebased), 3, 5, 3",
			dc.Metadata.ResourceVersion, dc.Metadata.Generation, dc.Spec.Replicas, dc.Status.ObservedGeneration)
	}
	same, err := status.Rebased("10")
	if err != nil {
		t.Fatal(err)
	}
	if string(same.Body) != string(status.Body) {
		t.Errorf("Rebased to the version it carries changed the body:\n%s\nwant\n%s", same.Body, status.Body)
	}
	moved, err := status.Rebased("11")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(moved.Body, &dc); err != nil || dc.Metadata.ResourceVersion != "11" {
		t.Errorf("Rebased(\"11\"): resourceVersion %q, err %v", dc.Metadata.ResourceVersion, err)
	}
	if _, err := (wire.Request{Body: []byte(`[1]`)}).Rebased("1"); !errors.Is(err, wire.ErrNotRebasable) {
		t.Errorf("Rebased of a non-object body: err %v, want ErrNotRebasable", err)
	}

	s.Deployments[1].Replicas = 3 // nothing to sync: the status write is the DC as read
	s.Deployments[1].SyncedReplicas = 3
	p = reconcile.Config(s)
	if len(p.UpdateConfig) != 0 || p.Status == nil {
		t.Fatalf("want a status write without a DC update:\n%s", dcplan.Describe(p))
	}
	if reqs, err = wire.Requests(s, p); err != nil {
		t.Fatal(err)
	}
	for _, r := range reqs {
		if r.Rebase {
			t.Errorf("%s %s is marked Rebase without an earlier write of its object", r.Method(), r.Path())
		}
	}
}
