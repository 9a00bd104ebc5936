package wire_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestSeedCancelAndDeleteOptions: the oldest seed's cancel goes once
// (Cancel.Once, the CancelWithoutRetry switch, SPEC 3.11), the
// controller's other cancels get upstream's conflict retry (four
// attempts); the replica-sync seeds' history delete goes without options
// (DeleteRC.WithoutOptions, SPEC 7 row 11), the others with Background
// propagation.
func TestSeedCancelAndDeleteOptions(t *testing.T) {
	s := fixtureWorld(t, dcplan.Origin10)
	for _, tt := range []struct {
		name     string
		plan     dcplan.Plan
		attempts int
		delete   wire.DeleteOptions
	}{
		{"cancel once", dcplan.Plan{Cancels: []dcplan.Cancel{{Rule: "3.4.3", RC: "frontend-3", Version: 3, Phase: dcplan.PhaseRunning, Reason: "newer deployment was found running", Once: true}}}, 1, wire.DeleteOptions{}},
		{"cancel retried", dcplan.Plan{Cancels: []dcplan.Cancel{{Rule: "3.4.3", RC: "frontend-3", Version: 3, Phase: dcplan.PhaseRunning, Reason: "newer deployment was found running"}}}, 4, wire.DeleteOptions{}},
		{"delete without options", dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{Rule: "7.11", RC: "frontend-1", Version: 1, WithoutOptions: true}}}, 1, wire.DeleteOptions{}},
		{"delete in the background", dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "frontend-1", Version: 1}}}, 1, wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			reqs, err := wire.Requests(s, tt.plan)
			if err != nil {
				t.Fatal(err)
			}
			if len(reqs) != 1 {
				t.Fatalf("requests %v, want one", reqs)
			}
			if q := reqs[0]; q.Attempts != tt.attempts || q.Delete != tt.delete {
				t.Errorf("%s: attempts %d, delete options %+v; want %d, %+v", q, q.Attempts, q.Delete, tt.attempts, tt.delete)
			}
		})
	}
}
