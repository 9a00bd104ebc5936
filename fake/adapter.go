package fake

import (
	"context"
	"errors"
	"fmt"

	"github.com/dcplan/dcplan"
)

// errCrash is what the adapter returns when the crash fault stops a plan.
var errCrash = errors.New("fake: controller crashed")

func isCrash(err error) bool { return errors.Is(err, errCrash) }

// adapter is the simulator's dcplan.Backend: a thin adapter over the
// World's Backend that injects write conflicts and crashes, and treats
// NotFound as success where SPEC tells adapters to (Release 3.3.1, RC
// delete 3.7.5, deployer pod cleanup 4.6).
type adapter struct {
	sim        *Sim
	b          *Backend
	crashAfter int // actions until the crash; -1 for none
	done       int
	// createErr is the error of a failed CreateRC, for the next pass.
	createErr  error
	createName string
}

var _ dcplan.Backend = (*adapter)(nil)

// write runs one action through the faults.
func (a *adapter) write(what string, f func() error) error {
	if a.crashAfter >= 0 && a.done >= a.crashAfter {
		a.sim.fault("crash", 0, "crash before %s", what)
		return errCrash
	}
	a.done++
	if a.sim.chance(a.sim.Faults.Conflict) {
		a.sim.fault("conflict", 0, "conflict on %s", what)
		return fmt.Errorf("fake: injected: %w", dcplan.ErrConflict)
	}
	return f()
}

func ignoreNotFound(err error) error {
	if dcplan.IsNotFound(err) {
		return nil
	}
	return err
}

func (a *adapter) AdoptRC(ctx context.Context, x dcplan.Adopt) error {
	return a.write("adopt rc/"+x.RC, func() error { return a.b.AdoptRC(ctx, x) })
}

func (a *adapter) ReleaseRC(ctx context.Context, x dcplan.Release) error {
	return a.write("release rc/"+x.RC, func() error { return ignoreNotFound(a.b.ReleaseRC(ctx, x)) })
}

func (a *adapter) UpdateConfig(ctx context.Context, x dcplan.ConfigUpdate) error {
	return a.write("update-dc dc/"+x.Config, func() error { return a.b.UpdateConfig(ctx, x) })
}

func (a *adapter) CreatePod(ctx context.Context, x dcplan.CreatePod) error {
	return a.write("create-pod pod/"+x.Pod.Name, func() error { return a.b.CreatePod(ctx, x) })
}

func (a *adapter) SetPodOwner(ctx context.Context, x dcplan.SetPodOwner) error {
	return a.write("set-pod-owner pod/"+x.Pod, func() error { return ignoreNotFound(a.b.SetPodOwner(ctx, x)) })
}

func (a *adapter) SetPodDeadline(ctx context.Context, x dcplan.SetPodDeadline) error {
	return a.write("set-pod-deadline pod/"+x.Pod, func() error { return ignoreNotFound(a.b.SetPodDeadline(ctx, x)) })
}

func (a *adapter) DeletePod(ctx context.Context, x dcplan.DeletePod) error {
	return a.write("delete-pod pod/"+x.Pod, func() error { return ignoreNotFound(a.b.DeletePod(ctx, x)) })
}

func (a *adapter) CreateRC(ctx context.Context, x dcplan.CreateRC) error {
	err := a.write("create-rc rc/"+x.Deployment.Name, func() error { return a.b.CreateRC(ctx, x) })
	if err != nil && !isCrash(err) {
		a.createErr, a.createName = err, x.Deployment.Name
	}
	return err
}

func (a *adapter) CancelRC(ctx context.Context, x dcplan.Cancel) error {
	return a.write("cancel rc/"+x.RC, func() error { return a.b.CancelRC(ctx, x) })
}

func (a *adapter) ScaleRC(ctx context.Context, x dcplan.Scale) error {
	return a.write("scale rc/"+x.RC, func() error { return a.b.ScaleRC(ctx, x) })
}

func (a *adapter) TransitionRC(ctx context.Context, x dcplan.Transition) error {
	return a.write("transition rc/"+x.RC, func() error { return a.b.TransitionRC(ctx, x) })
}

func (a *adapter) DeleteRC(ctx context.Context, x dcplan.DeleteRC) error {
	return a.write("delete-rc rc/"+x.RC, func() error { return ignoreNotFound(a.b.DeleteRC(ctx, x)) })
}

func (a *adapter) UpdateStatus(ctx context.Context, x dcplan.StatusUpdate) error {
	return a.write("status dc/"+x.Config, func() error { return a.b.UpdateStatus(ctx, x) })
}

func (a *adapter) RecordEvent(ctx context.Context, e dcplan.Event) error {
	return a.b.RecordEvent(ctx, e)
}

// apiErrorText renders err the way the Kubernetes API reports it, for the
// texts planners copy into messages and conditions (SPEC 3.2.12).
func apiErrorText(resource, name string, err error) string {
	switch {
	case dcplan.IsAlreadyExists(err):
		return fmt.Sprintf("%s %q already exists", resource, name)
	case dcplan.IsNotFound(err):
		return fmt.Sprintf("%s %q not found", resource, name)
	case dcplan.IsConflict(err):
		return fmt.Sprintf("Operation cannot be fulfilled on %s %q: the object has been modified; please apply your changes to the latest version and try again", resource, name)
	}
	return err.Error()
}
