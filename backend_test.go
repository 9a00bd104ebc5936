package dcplan_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
)

// recorder is a Backend that records the calls it gets and fails the one
// whose description starts with failOn.
type recorder struct {
	calls  []string
	failOn string
	err    error
}

func (r *recorder) do(what string) error {
	if r.failOn != "" && strings.HasPrefix(what, r.failOn) {
		return r.err
	}
	r.calls = append(r.calls, what)
	return nil
}

func (r *recorder) AdoptRC(_ context.Context, a dcplan.Adopt) error { return r.do("adopt " + a.RC) }
func (r *recorder) ReleaseRC(_ context.Context, a dcplan.Release) error {
	return r.do("release " + a.RC)
}
func (r *recorder) UpdateConfig(_ context.Context, a dcplan.ConfigUpdate) error {
	return r.do("update-dc " + a.Config)
}
func (r *recorder) CreatePod(_ context.Context, a dcplan.CreatePod) error {
	return r.do("create-pod " + a.Pod.Name)
}
func (r *recorder) SetPodOwner(_ context.Context, a dcplan.SetPodOwner) error {
	return r.do("set-pod-owner " + a.Pod)
}
func (r *recorder) SetPodDeadline(_ context.Context, a dcplan.SetPodDeadline) error {
	return r.do("set-pod-deadline " + a.Pod)
}
func (r *recorder) DeletePod(_ context.Context, a dcplan.DeletePod) error {
	return r.do("delete-pod " + a.Pod)
}
func (r *recorder) CreateRC(_ context.Context, a dcplan.CreateRC) error {
	return r.do("create-rc " + a.Deployment.Name)
}
func (r *recorder) CancelRC(_ context.Context, a dcplan.Cancel) error { return r.do("cancel " + a.RC) }
func (r *recorder) ScaleRC(_ context.Context, a dcplan.Scale) error   { return r.do("scale " + a.RC) }
func (r *recorder) TransitionRC(_ context.Context, a dcplan.Transition) error {
	return r.do("transition " + a.RC)
}
func (r *recorder) DeleteRC(_ context.Context, a dcplan.DeleteRC) error {
	return r.do("delete-rc " + a.RC)
}
func (r *recorder) UpdateStatus(_ context.Context, a dcplan.StatusUpdate) error {
	return r.do("status " + a.Config)
}
func (r *recorder) RecordEvent(_ context.Context, e dcplan.Event) error {
	return r.do("event " + e.Reason)
}

var contractOrder = []string{
	"adopt web-1", "release web-0", "update-dc web", "create-pod web-3-deploy", "set-pod-owner web-2-deploy",
	"set-pod-deadline web-2-hook-pre", "delete-pod web-2-deploy", "create-rc web-4", "cancel web-2", "scale web-1",
	"transition web-3", "delete-rc web-0", "status web", "event DeploymentCreated",
}

func TestApplyFollowsContractOrder(t *testing.T) {
	r := &recorder{}
	n, err := dcplan.Apply(context.Background(), r, fullPlan())
	if err != nil {
		t.Fatalf("Apply() error = %v", err)
	}
	if n != len(contractOrder) {
		t.Errorf("Apply() applied %d, want %d", n, len(contractOrder))
	}
	if d := cmp.Diff(contractOrder, r.calls); d != "" {
		t.Errorf("Apply() order mismatch (-want +got):\n%s", d)
	}
}

func TestApplyStopsAtFirstError(t *testing.T) {
	conflict := fmt.Errorf("rc web-2: resource version 7 is stale: %w", dcplan.ErrConflict)
	r := &recorder{failOn: "cancel", err: conflict}
	n, err := dcplan.Apply(context.Background(), r, fullPlan())
	if n != 8 {
		t.Errorf("Apply() applied %d actions before the failure, want 8", n)
	}
	if !dcplan.IsConflict(err) || dcplan.IsNotFound(err) || dcplan.IsAlreadyExists(err) {
		t.Errorf("Apply() error %v is not classified as a conflict only", err)
	}
	if want := "dcplan: apply cancel rc/web-2: rc web-2: resource version 7 is stale: dcplan: conflict"; err.Error() != want {
		t.Errorf("Apply() error = %q, want %q", err, want)
	}
	if d := cmp.Diff(contractOrder[:8], r.calls); d != "" {
		t.Errorf("Apply() applied (-want +got):\n%s", d)
	}
}

func TestApplyHonoursContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := &recorder{}
	n, err := dcplan.Apply(ctx, r, fullPlan())
	if n != 0 || !errors.Is(err, context.Canceled) || len(r.calls) != 0 {
		t.Errorf("Apply(cancelled ctx) = %d, %v, calls %v; want 0, context.Canceled, none", n, err, r.calls)
	}
}

func TestApplyEmptyPlan(t *testing.T) {
	n, err := dcplan.Apply(context.Background(), &recorder{}, dcplan.Plan{Wait: dcplan.WaitDeployer})
	if n != 0 || err != nil {
		t.Errorf("Apply(wait-only plan) = %d, %v; want 0, nil", n, err)
	}
}

func TestErrorClasses(t *testing.T) {
	tests := []struct {
		name                        string
		err                         error
		conflict, notFound, already bool
	}{
		{"conflict", fmt.Errorf("x: %w", dcplan.ErrConflict), true, false, false},
		{"not found", fmt.Errorf("x: %w", dcplan.ErrNotFound), false, true, false},
		{"already exists", fmt.Errorf("x: %w", dcplan.ErrAlreadyExists), false, false, true},
		{"plain", errors.New("boom"), false, false, false},
		{"nil", nil, false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := [3]bool{dcplan.IsConflict(tt.err), dcplan.IsNotFound(tt.err), dcplan.IsAlreadyExists(tt.err)}
			if want := [3]bool{tt.conflict, tt.notFound, tt.already}; got != want {
				t.Errorf("classes of %v = %v, want %v", tt.err, got, want)
			}
		})
	}
}
