package fake

import (
	"context"
	"errors"
	"fmt"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

var _ dcplan.Backend = (*Backend)(nil)

// Backend applies plans to one namespace of a World with Kubernetes
// semantics. Every write goes through the codec (decode, change typed
// fields, encode) and bumps the resource version. The rules, for every
// method:
//
//  1. Update or delete of a missing object: an error wrapping
//     dcplan.ErrNotFound.
//  2. Create of a taken name: an error wrapping dcplan.ErrAlreadyExists.
//  3. An action whose precondition no longer holds (the From phase,
//     replicas or paused value, the cancelled state, the status seen, the
//     UID it names): an error wrapping dcplan.ErrConflict, and no write.
//
// The NotFound-is-success answers that SPEC gives adapters for Release,
// DeleteRC and pod cleanup are an adapter's business (the simulator's
// adapter applies them); Backend reports NotFound like the API server.
type Backend struct {
	World     *World
	Namespace string
}

// Backend returns the dcplan.Backend of namespace ns of w.
func (w *World) Backend(ns string) *Backend { return &Backend{World: w, Namespace: ns} }

// refused turns the failed precondition err of a write to object k ns/name
// (an action's Check) into the Backend's error: ErrUnchanged for
// dcplan.ErrNoop, else err named after the object.
func refused(k Kind, ns, name string, err error) error {
	if errors.Is(err, dcplan.ErrNoop) {
		return ErrUnchanged
	}
	return fmt.Errorf("fake: %s %s/%s: %w", k, ns, name, err)
}

// AdoptRC sets the DC as controller owner of an orphan RC. Preconditions:
// the RC's UID is a.RCUID and it has no controller.
func (b *Backend) AdoptRC(_ context.Context, a dcplan.Adopt) error {
	return b.World.UpdateDeployment(b.Namespace, a.RC, func(d *dcplan.Deployment) error {
		if err := a.Check(d); err != nil {
			return refused(KindRC, b.Namespace, a.RC, err)
		}
		a.ApplyTo(d)
		return nil
	})
}

// ReleaseRC removes the DC's controller reference from an RC. Precondition:
// the RC's UID is a.RCUID. An RC whose controller is not the DC is left
// alone (the strategic-merge patch deletes nothing).
func (b *Backend) ReleaseRC(_ context.Context, a dcplan.Release) error {
	return b.World.UpdateDeployment(b.Namespace, a.RC, func(d *dcplan.Deployment) error {
		if err := a.Check(d); err != nil {
			return refused(KindRC, b.Namespace, a.RC, err)
		}
		a.ApplyTo(d)
		return nil
	})
}

// UpdateConfig writes the DC spec fields a names. Preconditions: the
// replicas, paused value and template hash a saw. The write bumps
// metadata.generation.
func (b *Backend) UpdateConfig(_ context.Context, a dcplan.ConfigUpdate) error {
	return b.World.UpdateConfig(b.Namespace, a.Config, func(c *dcplan.Config) error {
		if err := a.Check(c); err != nil {
			return refused(KindConfig, b.Namespace, a.Config, err)
		}
		a.ApplyTo(c) // the World bumps metadata.generation on a spec change
		return nil
	})
}

// CreatePod creates the deployer pod a describes, encoded by
// wire.EncodePod, with phase Pending as the API server reports a pod
// that is not yet scheduled.
func (b *Backend) CreatePod(_ context.Context, a dcplan.CreatePod) error {
	if o := b.World.lookup(KindPod, b.Namespace, a.Pod.Name); o != nil && o.current().exists() {
		return alreadyExists(KindPod, b.Namespace, a.Pod.Name)
	}
	data, err := wire.EncodePod(a.Pod, b.deployerTemplate(a.Pod.RC))
	if err != nil {
		return fmt.Errorf("fake: create pod %s/%s: %w", b.Namespace, a.Pod.Name, err)
	}
	p, err := wire.DecodePod(data)
	if err != nil {
		return fmt.Errorf("fake: create pod %s/%s: %w", b.Namespace, a.Pod.Name, err)
	}
	p.Namespace = b.Namespace
	p.Phase = dcplan.PodPending
	return b.World.CreatePodObject(p)
}

// SetPodOwner adds the RC as owner of a pod, unless an owner with that UID
// is already there.
func (b *Backend) SetPodOwner(_ context.Context, a dcplan.SetPodOwner) error {
	return b.World.UpdatePod(b.Namespace, a.Pod, func(p *dcplan.Pod) error {
		if err := a.Check(p); err != nil {
			return refused(KindPod, b.Namespace, a.Pod, err)
		}
		a.ApplyTo(p)
		return nil
	})
}

// SetPodDeadline sets a pod's activeDeadlineSeconds. Precondition: the
// deadline a saw.
func (b *Backend) SetPodDeadline(_ context.Context, a dcplan.SetPodDeadline) error {
	return b.World.UpdatePod(b.Namespace, a.Pod, func(p *dcplan.Pod) error {
		if err := a.Check(p); err != nil {
			return refused(KindPod, b.Namespace, a.Pod, err)
		}
		a.ApplyTo(p)
		return nil
	})
}

// DeletePod deletes a pod.
func (b *Backend) DeletePod(_ context.Context, a dcplan.DeletePod) error {
	return b.World.Delete(KindPod, b.Namespace, a.Pod)
}

// CreateRC creates the RC a carries, stamping UID, resource version and
// creation time.
func (b *Backend) CreateRC(_ context.Context, a dcplan.CreateRC) error {
	d := a.Deployment
	if d.Encoded != nil {
		// The RC upstream creates, rendered from the DC it encodes.
		full, err := wire.NewDeployment(*d.Encoded)
		if err != nil {
			return fmt.Errorf("fake: create rc %s/%s: %w", b.Namespace, d.Name, err)
		}
		d = full
	}
	d.Namespace = b.Namespace
	d.UID, d.CreationTime = "", b.World.Now
	return b.World.CreateDeployment(d)
}

// CancelRC sets cancelled=true and the status reason. Preconditions: the
// RC is in phase a.Phase and not cancelled yet.
func (b *Backend) CancelRC(_ context.Context, a dcplan.Cancel) error {
	return b.World.UpdateDeployment(b.Namespace, a.RC, func(d *dcplan.Deployment) error {
		if err := a.Check(d); err != nil {
			return refused(KindRC, b.Namespace, a.RC, err)
		}
		a.ApplyTo(d)
		return nil
	})
}

// ScaleRC sets spec.replicas (and, with SyncAnnotation, the
// openshift.io/deployment.replicas annotation). Precondition: spec.replicas
// is a.From.
func (b *Backend) ScaleRC(_ context.Context, a dcplan.Scale) error {
	return b.World.UpdateDeployment(b.Namespace, a.RC, func(d *dcplan.Deployment) error {
		if err := a.Check(d); err != nil {
			return refused(KindRC, b.Namespace, a.RC, err)
		}
		a.ApplyTo(d)
		return nil
	})
}

// TransitionRC moves an RC to a new phase with the annotation changes a
// carries. Preconditions: the RC is in phase a.From, and, with ScaleToZero,
// has a.ReplicasFrom replicas.
func (b *Backend) TransitionRC(_ context.Context, a dcplan.Transition) error {
	return b.World.UpdateDeployment(b.Namespace, a.RC, func(d *dcplan.Deployment) error {
		if err := a.Check(d); err != nil {
			return refused(KindRC, b.Namespace, a.RC, err)
		}
		a.ApplyTo(d)
		return nil
	})
}

// DeleteRC deletes an RC. Precondition: it has a.Replicas replicas (so a
// history cleanup never deletes an RC scaled up since it was planned).
func (b *Backend) DeleteRC(_ context.Context, a dcplan.DeleteRC) error {
	o := b.World.lookup(KindRC, b.Namespace, a.RC)
	if o == nil || !o.current().exists() {
		return notFound(KindRC, b.Namespace, a.RC)
	}
	if err := a.Check(b.World.value(o, o.current()).(*dcplan.Deployment)); err != nil {
		return refused(KindRC, b.Namespace, a.RC, err)
	}
	b.World.remove(o)
	return nil
}

// UpdateStatus writes the DC status. Precondition: the status is still
// a.From (the resource-version check of an UpdateStatus call).
func (b *Backend) UpdateStatus(_ context.Context, a dcplan.StatusUpdate) error {
	return b.World.UpdateConfig(b.Namespace, a.Config, func(c *dcplan.Config) error {
		if err := a.Check(c); err != nil {
			return refused(KindConfig, b.Namespace, a.Config, err)
		}
		c.Status = a.To.Clone()
		return nil
	})
}

// RecordEvent appends e to the World's event log with the World's time.
func (b *Backend) RecordEvent(_ context.Context, e dcplan.Event) error {
	b.World.record(e)
	return nil
}

func (w *World) record(e dcplan.Event) {
	w.events = append(w.events, Recorded{Time: w.Now, Event: e})
	if w.keepEvents > 0 && len(w.events) > 2*w.keepEvents {
		w.events = append(w.events[:0], w.events[len(w.events)-w.keepEvents:]...)
	}
}

func phaseText(p dcplan.Phase) string {
	if p == dcplan.PhaseUnknown {
		return `""`
	}
	return p.String()
}

// strategyFromRaw returns the typed strategy of c with spec.strategy

// Apply applies p to namespace ns of w with dcplan.Apply and Kubernetes
// semantics (see Backend).
func Apply(ctx context.Context, w *World, ns string, p dcplan.Plan) (applied int, err error) {
	return dcplan.Apply(ctx, w.Backend(ns), p)
}

// deployerTemplate is the pod template a deployer pod for rc copies its
// template fields from: the RC's own, or, for an RC the world does not
// hold, none.
func (b *Backend) deployerTemplate(rc string) dcplan.Template {
	d, ok := b.World.Deployment(b.Namespace, rc)
	if !ok {
		return dcplan.Template{}
	}
	return d.Template
}
