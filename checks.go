package dcplan

import (
	"errors"
	"fmt"
	"slices"
)

// The preconditions of the writes: what the object an action names must
// still look like for the action to apply, as the snapshot it was planned
// from saw it (the From fields). An adapter reads the live object, calls
// Check, and on success applies the action (ApplyTo) and writes the object
// back under its resource version. A failed Check wraps ErrConflict: the
// adapter stops applying the plan and plans again from a fresh snapshot
// (see the adapter contract of package reconcile). ErrNoop means the
// effect is already there: write nothing and count the action as applied.
// Package fake's Backend is such an adapter.

// ErrNoop reports that an action's effect is already in place.
var ErrNoop = errors.New("dcplan: nothing to write")

func conflictf(format string, args ...any) error {
	return fmt.Errorf(format+": %w", append(args, ErrConflict)...)
}

// phaseWord names a phase in a precondition error ("" for the unknown one).
func phaseWord(p Phase) string {
	if p == PhaseUnknown {
		return `""`
	}
	return p.String()
}

// Check reports whether RC d may be adopted: its UID is a.RCUID and it has
// no controller.
func (a Adopt) Check(d *Deployment) error {
	if d.UID != a.RCUID {
		return conflictf("uid %s is not %s", d.UID, a.RCUID)
	}
	if d.HasController {
		return conflictf("already has a controller")
	}
	return nil
}

// Check reports whether RC d may be released: its UID is a.RCUID. When
// its controller is not the DC any more there is nothing to release
// (ErrNoop: the strategic-merge patch upstream sends deletes nothing).
func (a Release) Check(d *Deployment) error {
	if d.UID != a.RCUID {
		return conflictf("uid %s is not %s", d.UID, a.RCUID)
	}
	if !d.HasController || d.Controller.UID != a.ConfigUID {
		return ErrNoop
	}
	return nil
}

// Check reports whether DC c still has the replicas, paused value and
// template the update was planned against (each only when a sets it).
func (a ConfigUpdate) Check(c *Config) error {
	if a.SetReplicas && c.Replicas != a.ReplicasFrom {
		return conflictf("replicas are %d, not %d", c.Replicas, a.ReplicasFrom)
	}
	if a.SetPaused && c.Paused != a.PausedFrom {
		return conflictf("paused is %t, not %t", c.Paused, a.PausedFrom)
	}
	if a.SetTemplate && a.TemplateFrom != "" && c.Template.Hash != a.TemplateFrom {
		return conflictf("template changed")
	}
	if a.SetLatestVersion && c.Status.LatestVersion != a.LatestVersionFrom {
		return conflictf("latestVersion is %d, not %d", c.Status.LatestVersion, a.LatestVersionFrom)
	}
	return nil
}

// Check reports ErrNoop when pod p already has an owner with the RC's UID.
func (a SetPodOwner) Check(p *Pod) error {
	if slices.ContainsFunc(p.Owners, func(o OwnerRef) bool { return o.UID == a.RCUID }) {
		return ErrNoop
	}
	return nil
}

// Check reports whether pod p still has the activeDeadlineSeconds a saw.
func (a SetPodDeadline) Check(p *Pod) error {
	if p.HasActiveDeadline != a.HadDeadline || (a.HadDeadline && p.ActiveDeadlineSeconds != a.From) {
		return conflictf("deadline changed")
	}
	return nil
}

// Check reports whether RC d is still in phase a.Phase and not cancelled.
func (a Cancel) Check(d *Deployment) error {
	if d.Phase != a.Phase {
		return conflictf("phase is %s, not %s", phaseWord(d.Phase), phaseWord(a.Phase))
	}
	if d.Cancelled {
		return conflictf("already cancelled")
	}
	return nil
}

// Check reports whether RC d still has a.From replicas.
func (a Scale) Check(d *Deployment) error {
	if d.Replicas != a.From {
		return conflictf("replicas are %d, not %d", d.Replicas, a.From)
	}
	return nil
}

// Check reports whether RC d is still in phase a.From and, when a scales
// it to zero, still has a.ReplicasFrom replicas.
func (a Transition) Check(d *Deployment) error {
	if d.Phase != a.From {
		return conflictf("phase is %s, not %s", phaseWord(d.Phase), phaseWord(a.From))
	}
	if a.ScaleToZero && d.Replicas != a.ReplicasFrom {
		return conflictf("replicas are %d, not %d", d.Replicas, a.ReplicasFrom)
	}
	return nil
}

// Check reports whether RC d still has a.Replicas replicas, so that
// history cleanup never deletes an RC scaled up since it was planned.
func (a DeleteRC) Check(d *Deployment) error {
	if d.Replicas != a.Replicas {
		return conflictf("replicas are %d, not %d", d.Replicas, a.Replicas)
	}
	return nil
}

// Check reports whether DC c's status is still a.From (the resource-version
// check of an UpdateStatus call).
func (a StatusUpdate) Check(c *Config) error {
	if !c.Status.Equal(a.From) {
		return conflictf("status changed")
	}
	return nil
}
