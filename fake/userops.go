package fake

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// userOp runs a client-side operation: the command reads the live DC, its
// RCs and pods (oc GETs, never a lagging cache), plans, and its writes go
// through the same adapter as the controllers' (conflict and crash faults
// included). A refusal is traced and returned.
func (s *Sim) userOp(op, ns, dc string, plan func(dcplan.Snapshot) (dcplan.Plan, string, error)) error {
	snap, err := s.world.snapshotAt(s.world.seq, ns, dc, s.now, s.opts.Settings)
	if err != nil {
		return err
	}
	if s.injecting == "user" {
		s.fault("user", 0, "user:%s dc/%s/%s", op, ns, dc)
	}
	_, report, err := plan(snap)
	if err != nil {
		s.trace.add(s.offset(), "user:%s dc/%s/%s refused: %s", op, ns, dc, oneLine(err.Error()))
		return err
	}
	// What oc prints once its writes succeed; a pass that fails says so
	// after its plan (applied k/n), and oc prints the error instead.
	s.trace.add(s.offset(), "user:%s dc/%s/%s: %s", op, ns, dc, oneLine(report))
	result, aerr := s.run(snap, func(snap dcplan.Snapshot) dcplan.Plan {
		p, _, _ := plan(snap)
		return p
	}, passInfo{actor: "user:" + op, kind: PassUser, ns: ns, dc: dc})
	if _, _, opErr := plan(result.Snapshot); aerr == nil && opErr != nil {
		aerr = opErr // a failed request the command reports (e.g. instantiate refused)
	} else if aerr == nil {
		// A command whose planner does not read the outcome (oc rollback,
		// undo) fails with the failed request, as wire.RunOperation says.
		aerr = result.Failed()
	}
	pass := Pass{Actor: "user:" + op, Kind: PassUser, Namespace: ns, Config: dc, Seen: snap, Plan: result.Plan, Err: aerr}
	pass.setApplied(result)
	s.trace.block(dcplan.Describe(pass.Plan))
	if !s.opts.Quiet {
		s.passes = append(s.passes, pass)
	}
	if aerr != nil {
		s.trace.add(s.offset(), "  applied %d/%d: %v (oc prints this error, not the report before the plan)", pass.Applied, pass.Plan.Actions(), aerr)
	}
	return aerr
}

func oneLine(s string) string {
	return strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", " | ")
}

// Cancel runs `oc rollout cancel` (cancel.Cancel) against the DC.
func (s *Sim) Cancel(ns, dc string) error {
	return s.userOp("cancel", ns, dc, func(snap dcplan.Snapshot) (dcplan.Plan, string, error) {
		p, r, err := cancel.Cancel(snap)
		return p, r.String(), err
	})
}

// Retry runs `oc rollout retry` (cancel.Retry) against the DC.
func (s *Sim) Retry(ns, dc string) error {
	return s.userOp("retry", ns, dc, func(snap dcplan.Snapshot) (dcplan.Plan, string, error) {
		p, r, err := cancel.Retry(snap)
		return p, r.String(), err
	})
}

// RolloutLatest runs `oc rollout latest` (reconcile.RolloutLatest).
func (s *Sim) RolloutLatest(ns, dc string) error {
	return s.userOp("latest", ns, dc, func(snap dcplan.Snapshot) (dcplan.Plan, string, error) {
		p, r, err := reconcile.RolloutLatest(snap, false, dcplan.DryRunNone)
		return p, r.Text, err
	})
}

// Rollback runs `oc rollback` to revision to (0: the last complete one
// before the latest) with history.Rollback.
func (s *Sim) Rollback(ns, dc string, to dcplan.Version) error {
	return s.userOp("rollback", ns, dc, func(snap dcplan.Snapshot) (dcplan.Plan, string, error) {
		target, err := history.RollbackTarget(snap, to)
		if err != nil {
			return dcplan.Plan{}, "", err
		}
		p, cfg, warnings, err := history.Rollback(snap, to, history.RollbackOptions{})
		if err != nil {
			return p, "", err
		}
		text := history.RolledBackMessage(cfg, target.Name, s.opts.Settings.Switches)
		if len(warnings) > 0 {
			text += " (" + strings.Join(warnings, "; ") + ")"
		}
		return p, text, nil
	})
}

// Pause runs `oc rollout pause` (reconcile.Pause).
func (s *Sim) Pause(ns, dc string) error {
	return s.userOp("pause", ns, dc, func(snap dcplan.Snapshot) (dcplan.Plan, string, error) {
		p, err := reconcile.Pause(snap)
		return p, "paused", err
	})
}

// Resume runs `oc rollout resume` (reconcile.Resume).
func (s *Sim) Resume(ns, dc string) error {
	return s.userOp("resume", ns, dc, func(snap dcplan.Snapshot) (dcplan.Plan, string, error) {
		p, err := reconcile.Resume(snap)
		return p, "resumed", err
	})
}

// Edit changes a DC the way `oc edit` does: f changes a copy of the live
// DC and the store writes it (bumping metadata.generation when the spec
// changed). what describes the edit in the trace.
func (s *Sim) Edit(ns, dc, what string, f func(*dcplan.Config)) error {
	err := s.world.UpdateConfig(ns, dc, func(c *dcplan.Config) error {
		f(c)
		return nil
	})
	if err == nil {
		if s.injecting == "edit" {
			s.fault("edit", 0, "user:edit dc/%s/%s %s", ns, dc, what)
		}
		s.trace.add(s.offset(), "user:edit dc/%s/%s %s", ns, dc, what)
	}
	return err
}

// SetImage edits the DC's template: every container gets image.
func (s *Sim) SetImage(ns, dc, image string) error {
	return s.Edit(ns, dc, "image="+image, func(c *dcplan.Config) {
		cs := make([]dcplan.Container, len(c.Template.Containers))
		for i, x := range c.Template.Containers {
			cs[i] = dcplan.Container{Name: x.Name, Image: image}
		}
		c.Template.Containers = cs
	})
}

// SetImageTrigger gives the DC an automatic ImageChange trigger over all
// its containers (on), as `oc set triggers --from-image` does, or removes
// its ImageChange triggers (off); its other triggers stay. The trigger
// follows ImageStreamTag app:latest, and its lastTriggeredImage is the
// first container's image as the DC holds it, padding included: the
// world of SPEC 3.5.5, where a padded image and an image trigger roll out
// without end unless the images are compared trimmed (UntrimmedImages
// off).
func (s *Sim) SetImageTrigger(ns, dc string, on bool) error {
	what := "image-trigger=off"
	if on {
		what = "image-trigger=on"
	}
	return s.Edit(ns, dc, what, func(c *dcplan.Config) {
		triggers := make([]dcplan.Trigger, 0, len(c.Triggers)+1)
		for _, tr := range c.Triggers {
			if tr.Type != dcplan.TriggerImageChange {
				triggers = append(triggers, tr)
			}
		}
		if on && len(c.Template.Containers) > 0 {
			names := make([]string, len(c.Template.Containers))
			for i, x := range c.Template.Containers {
				names[i] = x.Name
			}
			triggers = append(triggers, dcplan.Trigger{Type: dcplan.TriggerImageChange, Automatic: true,
				ContainerNames: names, FromKind: "ImageStreamTag", FromName: "app:latest",
				LastTriggeredImage: c.Template.Containers[0].Image})
		}
		c.Triggers = triggers
	})
}

// ScaleRC sets an RC's spec.replicas by hand (`oc scale rc`), the external
// scaling fault.
func (s *Sim) ScaleRC(ns, rc string, n dcplan.Replicas) error {
	from := dcplan.Replicas(-1)
	err := s.world.UpdateDeployment(ns, rc, func(d *dcplan.Deployment) error {
		if d.Replicas == n {
			return ErrUnchanged
		}
		from, d.Replicas = d.Replicas, n
		return nil
	})
	if err == nil && from >= 0 {
		s.fault("scale", 0, "scale rc/%s/%s replicas %d->%d", ns, rc, from, n)
	}
	return err
}

// DeleteDeployerPod deletes the deployer pod of an RC (eviction, an
// admin), the deleted-pod fault. With Options.GracefulPodDeletion it
// sends the delete to the World's server without options, as `oc delete
// pod` does: a running pod is marked and stops within its grace period.
func (s *Sim) DeleteDeployerPod(ns, rc string) error {
	name := dcplan.DeployerPodName(rc)
	if s.opts.GracefulPodDeletion {
		if _, ok := s.world.Pod(ns, name); !ok {
			return notFound(KindPod, ns, name)
		}
		if _, err := s.world.Client().Do(context.Background(), wire.Request{Verb: wire.VerbDelete,
			Resource: wire.ResourcePods, Namespace: ns, Name: name}); err != nil {
			return fmt.Errorf("fake: delete pod %s/%s: %w", ns, name, err)
		}
	} else if err := s.world.Delete(KindPod, ns, name); err != nil {
		return err
	}
	s.fault("deletepod", 0, "delete pod/%s/%s", ns, name)
	return nil
}

// Squat creates an unrelated running pod under the deployer pod name of
// an RC, the squatting fault (SPEC 4.3.new.6).
func (s *Sim) Squat(ns, rc string) error {
	name := dcplan.DeployerPodName(rc)
	err := s.world.CreatePodObject(dcplan.Pod{
		Namespace: ns, Name: name, DeploymentName: "squatter", Phase: dcplan.PodRunning, StartTime: s.now,
	})
	if err == nil {
		s.fault("squat", 0, "squat pod/%s/%s", ns, name)
	}
	return err
}

// squat makes the Squat fault's squat on a random New RC without its
// deployer pod, and reports whether there was one.
func (s *Sim) squat() bool {
	ns, rc, ok := s.pickRC(func(d dcplan.Deployment) bool {
		_, ok := s.world.Pod(d.Namespace, dcplan.DeployerPodName(d.Name))
		return !ok && d.Phase == dcplan.PhaseNew
	})
	if ok {
		_ = s.Squat(ns, rc)
	}
	return ok
}

// JumpClock moves the clock by d (negative: backwards) without running the
// pod model: a clock jump.
func (s *Sim) JumpClock(d time.Duration) {
	s.setNow(s.now.Add(d))
	s.fault("clock", d, "clock-jump %s", d)
}

// injectFaults draws this step's random faults (see Faults).
func (s *Sim) injectFaults() {
	f := s.Faults
	if !f.Any() {
		return
	}
	if s.chance(f.ClockJump) {
		if s.rng.IntN(4) == 0 {
			s.JumpClock(-time.Duration(1+s.rng.IntN(60)) * time.Second)
		} else {
			s.JumpClock(time.Duration(1+s.rng.IntN(7200)) * time.Second)
		}
	}
	if s.chance(f.DeletePod) {
		if ns, rc, ok := s.pickRC(func(d dcplan.Deployment) bool {
			_, ok := s.world.Pod(d.Namespace, dcplan.DeployerPodName(d.Name))
			return ok && !d.Phase.Terminal()
		}); ok {
			_ = s.DeleteDeployerPod(ns, rc)
		}
	}
	if s.chance(f.Squat) && !s.squat() {
		s.squatPending = true // for an RC this step's DC pass creates (Step)
	}
	if s.chance(f.Scale) {
		if ns, rc, ok := s.pickRC(func(dcplan.Deployment) bool { return true }); ok {
			_ = s.ScaleRC(ns, rc, dcplan.Replicas(s.rng.IntN(4)))
		}
	}
	if s.chance(f.Edit) {
		if ns, dc, ok := s.pickDC(); ok {
			s.injecting = "edit"
			s.randomEdit(ns, dc)
			s.injecting = ""
		}
	}
	if s.chance(f.User) {
		if ns, dc, ok := s.pickDC(); ok {
			s.injecting = "user"
			s.randomUserOp(ns, dc)
			s.injecting = ""
		}
	}
	if s.chance(f.DeleteConfig) {
		if ns, dc, ok := s.pickDC(); ok {
			s.randomDelete(ns, dc)
		}
	}
}

// randomEdit makes one of the DC edits of the Edit fault.
func (s *Sim) randomEdit(ns, dc string) {
	switch s.rng.IntN(5) {
	case 0:
		_ = s.SetImage(ns, dc, Images[s.rng.IntN(3)])
	case 1:
		n := dcplan.Replicas(s.rng.IntN(4))
		_ = s.Edit(ns, dc, fmt.Sprintf("replicas=%d", n), func(c *dcplan.Config) { c.Replicas = n })
	case 2:
		_ = s.Edit(ns, dc, "paused=toggle", func(c *dcplan.Config) { c.Paused = !c.Paused })
	case 3:
		_ = s.Edit(ns, dc, "test=toggle", func(c *dcplan.Config) { c.Test = !c.Test })
	default:
		n := int32(s.rng.IntN(4))
		if s.rng.IntN(4) == 0 {
			_ = s.Edit(ns, dc, "revisionHistoryLimit=unset", func(c *dcplan.Config) {
				c.HasRevisionHistoryLimit, c.RevisionHistoryLimit = false, 0
			})
			return
		}
		_ = s.Edit(ns, dc, fmt.Sprintf("revisionHistoryLimit=%d", n), func(c *dcplan.Config) {
			c.HasRevisionHistoryLimit, c.RevisionHistoryLimit = true, n
		})
	}
}

// randomUserOp runs one of the user operations of the User fault.
func (s *Sim) randomUserOp(ns, dc string) {
	switch s.rng.IntN(6) {
	case 0, 1:
		_ = s.Cancel(ns, dc)
	case 2:
		_ = s.Retry(ns, dc)
	case 3:
		_ = s.RolloutLatest(ns, dc)
	case 4:
		_ = s.Rollback(ns, dc, 0)
	default:
		if c, ok := s.world.Config(ns, dc); ok && c.Paused {
			_ = s.Resume(ns, dc)
		} else {
			_ = s.Pause(ns, dc)
		}
	}
}

// pickDC draws a DC uniformly.
func (s *Sim) pickDC() (ns, dc string, ok bool) {
	var all [][2]string
	for _, ns := range s.world.nsList {
		for _, dc := range s.world.Configs(ns) {
			all = append(all, [2]string{ns, dc})
		}
	}
	if len(all) == 0 {
		return "", "", false
	}
	x := all[s.rng.IntN(len(all))]
	return x[0], x[1], true
}

// pickRC draws uniformly among the RCs that pass keep.
func (s *Sim) pickRC(keep func(dcplan.Deployment) bool) (ns, rc string, ok bool) {
	var all [][2]string
	for _, ns := range s.world.nsList {
		for _, name := range s.world.Names(KindRC, ns) {
			if d, found := s.world.Deployment(ns, name); found && keep(d) {
				all = append(all, [2]string{ns, name})
			}
		}
	}
	if len(all) == 0 {
		return "", "", false
	}
	x := all[s.rng.IntN(len(all))]
	return x[0], x[1], true
}
