package wire_test

import (
	"context"
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestRunPassWithoutPlannerOrClient: a nil planner, or a nil client for a
// plan with requests, is ErrNoPass, not a nil dereference; a plan at rest
// needs no client.
func TestRunPassWithoutPlannerOrClient(t *testing.T) {
	s := dcplan.Snapshot{Config: dcplan.Config{Namespace: "ns", Name: "web"}}
	if _, err := wire.RunPass(context.Background(), nil, s, nil); !errors.Is(err, wire.ErrNoPass) {
		t.Errorf("RunPass(nil planner) error = %v, want ErrNoPass", err)
	}
	writes := func(dcplan.Snapshot) dcplan.Plan {
		return dcplan.Plan{DeletePods: []dcplan.DeletePod{{Rule: "4.6", Pod: "web-1-deploy", RC: "web-1"}}}
	}
	if _, err := wire.RunPass(context.Background(), nil, s, writes); !errors.Is(err, wire.ErrNoPass) {
		t.Errorf("RunPass(nil client, a plan that writes) error = %v, want ErrNoPass", err)
	}
	rest := func(dcplan.Snapshot) dcplan.Plan { return dcplan.Plan{} }
	if _, err := wire.RunPass(context.Background(), nil, s, rest); err != nil {
		t.Errorf("RunPass(nil client, a plan at rest) error = %v, want nil", err)
	}
}
