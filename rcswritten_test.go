package dcplan_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
)

// TestRCsWritten: every action that writes an RC names it, in plan order;
// the DC's writes, pod writes and events name none.
func TestRCsWritten(t *testing.T) {
	p := dcplan.Plan{
		Adopt:        []dcplan.Adopt{{RC: "adopted"}},
		Release:      []dcplan.Release{{RC: "released"}},
		UpdateConfig: []dcplan.ConfigUpdate{{Config: "web"}},
		CreatePods:   []dcplan.CreatePod{{Pod: dcplan.DeployerPod{Name: "created-deploy", RC: "created"}}},
		DeletePods:   []dcplan.DeletePod{{Pod: "old-deploy", RC: "old"}},
		CreateRCs:    []dcplan.CreateRC{{Deployment: dcplan.Deployment{Name: "created"}}},
		Cancels:      []dcplan.Cancel{{RC: "cancelled"}},
		Scales:       []dcplan.Scale{{RC: "scaled"}},
		Transitions:  []dcplan.Transition{{RC: "moved"}},
		DeleteRCs:    []dcplan.DeleteRC{{RC: "deleted"}, {RC: "pruned"}},
		Status:       &dcplan.StatusUpdate{Config: "web"},
		Events:       []dcplan.Event{{Object: dcplan.ObjectRef{Kind: "ReplicationController", Name: "evented"}}},
	}
	want := []string{"adopted", "released", "created", "cancelled", "scaled", "moved", "deleted", "pruned"}
	if d := cmp.Diff(want, slices.Collect(p.RCsWritten())); d != "" {
		t.Errorf("RCsWritten() mismatch (-want +got):\n%s", d)
	}
	// WritesRC: every RC the plan writes, and no other (the pod of a
	// write, the object of an event or the DC are not RC writes).
	for _, rc := range want {
		if !p.WritesRC(rc) {
			t.Errorf("WritesRC(%q) = false, want true", rc)
		}
	}
	for _, rc := range []string{"old", "evented", "web", ""} {
		if p.WritesRC(rc) {
			t.Errorf("WritesRC(%q) = true, want false", rc)
		}
	}
	for rc := range p.RCsWritten() {
		if rc != "adopted" {
			t.Fatalf("RCsWritten() went on after its consumer stopped, at %q", rc)
		}
		break
	}
	// A consumer may stop at any RC, in any kind of action (range-over-func
	// contract: after yield returns false, no more calls).
	for stop := range want {
		var got []string
		for rc := range p.RCsWritten() {
			got = append(got, rc)
			if len(got) == stop+1 {
				break
			}
		}
		if d := cmp.Diff(want[:stop+1], got); d != "" {
			t.Errorf("RCsWritten() stopped after %d names mismatch (-want +got):\n%s", stop+1, d)
		}
	}
	if got := slices.Collect(dcplan.Plan{}.RCsWritten()); got != nil {
		t.Errorf("RCsWritten() of the empty plan = %q, want none", got)
	}
}
