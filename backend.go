package dcplan

import (
	"context"
	"fmt"
)

// Backend is the one interface of the library: the writes a Plan asks for.
// Implementations classify their errors so that IsConflict, IsNotFound and
// IsAlreadyExists answer for them (wrap ErrConflict, ErrNotFound,
// ErrAlreadyExists). The fake package has an in-memory Backend; the
// examples/kube module has one for client-go.
type Backend interface {
	AdoptRC(ctx context.Context, a Adopt) error
	ReleaseRC(ctx context.Context, a Release) error
	UpdateConfig(ctx context.Context, a ConfigUpdate) error
	CreatePod(ctx context.Context, a CreatePod) error
	SetPodOwner(ctx context.Context, a SetPodOwner) error
	SetPodDeadline(ctx context.Context, a SetPodDeadline) error
	DeletePod(ctx context.Context, a DeletePod) error
	CreateRC(ctx context.Context, a CreateRC) error
	CancelRC(ctx context.Context, a Cancel) error
	ScaleRC(ctx context.Context, a Scale) error
	TransitionRC(ctx context.Context, a Transition) error
	DeleteRC(ctx context.Context, a DeleteRC) error
	UpdateStatus(ctx context.Context, a StatusUpdate) error
	RecordEvent(ctx context.Context, e Event) error
}

// Apply applies p to b in contract order (see Plan) and reports how many
// actions succeeded. It stops at the first error and returns it wrapped
// with the action that failed; the caller then plans again from a fresh
// Snapshot. Apply checks ctx before each action.
func Apply(ctx context.Context, b Backend, p Plan) (applied int, err error) {
	step := func(what string, f func() error) bool {
		if err != nil {
			return false
		}
		if cerr := ctx.Err(); cerr != nil {
			err = cerr
			return false
		}
		if ferr := f(); ferr != nil {
			err = fmt.Errorf("dcplan: apply %s: %w", what, ferr)
			return false
		}
		applied++
		return true
	}
	for _, a := range p.Adopt {
		step("adopt rc/"+a.RC, func() error { return b.AdoptRC(ctx, a) })
	}
	for _, a := range p.Release {
		step("release rc/"+a.RC, func() error { return b.ReleaseRC(ctx, a) })
	}
	for _, a := range p.UpdateConfig {
		step("update-dc dc/"+a.Config, func() error { return b.UpdateConfig(ctx, a) })
	}
	for _, a := range p.CreatePods {
		step("create-pod pod/"+a.Pod.Name, func() error { return b.CreatePod(ctx, a) })
	}
	for _, a := range p.SetPodOwners {
		step("set-pod-owner pod/"+a.Pod, func() error { return b.SetPodOwner(ctx, a) })
	}
	for _, a := range p.SetPodDeadlines {
		step("set-pod-deadline pod/"+a.Pod, func() error { return b.SetPodDeadline(ctx, a) })
	}
	for _, a := range p.DeletePods {
		step("delete-pod pod/"+a.Pod, func() error { return b.DeletePod(ctx, a) })
	}
	for _, a := range p.CreateRCs {
		step("create-rc rc/"+a.Deployment.Name, func() error { return b.CreateRC(ctx, a) })
	}
	for _, a := range p.Cancels {
		step("cancel rc/"+a.RC, func() error { return b.CancelRC(ctx, a) })
	}
	for _, a := range p.Scales {
		step("scale rc/"+a.RC, func() error { return b.ScaleRC(ctx, a) })
	}
	for _, a := range p.Transitions {
		step("transition rc/"+a.RC, func() error { return b.TransitionRC(ctx, a) })
	}
	for _, a := range p.DeleteRCs {
		step("delete-rc rc/"+a.RC, func() error { return b.DeleteRC(ctx, a) })
	}
	if p.Status != nil {
		s := *p.Status
		step("status dc/"+s.Config, func() error { return b.UpdateStatus(ctx, s) })
	}
	for _, e := range p.Events {
		step("event "+e.Reason, func() error { return b.RecordEvent(ctx, e) })
	}
	return applied, err
}
