package fake

import (
	"errors"
	"fmt"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/phase"
)

// Invariant is one safety property of the controllers, checked between two
// consecutive observations of a simulation.
type Invariant struct {
	// Name is the exported function's name.
	Name string
	// Rule is the SPEC rule the property follows from.
	Rule dcplan.Rule
	// Check returns nil when the property holds from prev to next, or an
	// error naming the DC and the objects that break it.
	Check func(prev, next Observation) error
}

// Invariants lists every invariant, in the order CheckInvariants runs
// them. Some hold at every step; the others only when next.Stable (the
// world at rest), as each function's comment says. They assume the Modern
// or Exact profile (Origin scales paused DCs and syncs replicas back into
// the DC, SPEC 7).
var Invariants = []Invariant{
	{Name: "OneRolloutInFlight", Rule: "3.2.8", Check: OneRolloutInFlight},
	{Name: "NoCreateWhileInFlight", Rule: "3.4", Check: NoCreateWhileInFlight},
	{Name: "PhaseMoves", Rule: "2.1", Check: PhaseMoves},
	{Name: "LatestVersionMonotonic", Rule: "3.2.7", Check: LatestVersionMonotonic},
	{Name: "NoScaleDuringRollout", Rule: "3.6", Check: NoScaleDuringRollout},
	{Name: "ReplicasWhenStable", Rule: "3.6.2", Check: ReplicasWhenStable},
	{Name: "HistoryKeepsLive", Rule: "3.7", Check: HistoryKeepsLive},
	{Name: "NoPodsAfterCancel", Rule: "2.3", Check: NoPodsAfterCancel},
	{Name: "PausedNoRollout", Rule: "3.2.5", Check: PausedNoRollout},
}

// CheckInvariants runs every invariant and returns nil, or their failures
// joined, each prefixed with the invariant's name and rule.
func CheckInvariants(prev, next Observation) error {
	var errs []error
	for _, inv := range Invariants {
		if err := inv.Check(prev, next); err != nil {
			errs = append(errs, fmt.Errorf("%s (SPEC %s): %w", inv.Name, inv.Rule, err))
		}
	}
	return errors.Join(errs...)
}

func dcKey(c dcplan.Config) string { return c.Namespace + "/" + c.Name }

// inFlight reports whether an RC's rollout is still running: any phase but
// Complete and Failed, the unknown phase included (SPEC 3.4).
func inFlight(d dcplan.Deployment) bool { return !d.Phase.Terminal() }

// OneRolloutInFlight checks that, when the world is at rest, each DC has at most one
// RC of its own (claimed by it, SPEC 3.3) whose phase is not terminal (SPEC
// 0 rule 2, 3.2.8).
func OneRolloutInFlight(_, next Observation) error {
	if !next.Stable {
		return nil
	}
	var errs []error
	for _, c := range next.Configs {
		var running []string
		for _, d := range c.Deployments {
			if inFlight(d) && ownedBy(d, c.Config) {
				running = append(running, d.Name+"("+phaseText(d.Phase)+")")
			}
		}
		if len(running) > 1 {
			errs = append(errs, fmt.Errorf("dc %s: %d rollouts in flight: %v", dcKey(c.Config), len(running), running))
		}
	}
	return errors.Join(errs...)
}

// NoCreateWhileInFlight checks that, at every step, a new RC is created only by a DC
// controller pass that saw no other RC of the DC in flight (SPEC 3.2.8,
// 3.4: older rollouts are cancelled and awaited first).
func NoCreateWhileInFlight(_, next Observation) error {
	var errs []error
	for _, p := range next.Passes {
		if p.Kind != PassConfig {
			continue
		}
		for _, cr := range p.AppliedPlan().CreateRCs {
			for _, d := range p.Seen.Deployments {
				if d.Name != cr.Deployment.Name && inFlight(d) && ownedBy(d, p.Seen.Config) {
					errs = append(errs, fmt.Errorf("dc %s/%s: created %s while %s was %s",
						p.Namespace, p.Config, cr.Deployment.Name, d.Name, phaseText(d.Phase)))
				}
			}
		}
	}
	return errors.Join(errs...)
}

// ownedBy reports whether the DC controller claims d for c (SPEC 3.3): d
// carries c's selector label and is an orphan or controlled by c.
func ownedBy(d dcplan.Deployment, c dcplan.Config) bool {
	return d.ConfigLabel == c.Name && (!d.HasController || d.Controller.UID == c.UID)
}

// PhaseMoves checks that, at every step, every RC's phase moves only along phase.Table
// (SPEC 2.1), and Failed goes back to New only through a retry (SPEC 6.2):
// both for each applied Transition and between the two observations. One
// step may move an RC several times (the deployer fails it, then a user
// retries it): between the observations, the applied transitions are
// replayed from the earlier phase, and the later phase must be where they
// lead or one table move beyond.
func PhaseMoves(prev, next Observation) error {
	var errs []error
	applied := map[string][]dcplan.Transition{} // per RC, in pass order
	for _, p := range next.Passes {
		for _, t := range p.AppliedPlan().Transitions {
			key := p.Namespace + "/" + t.RC
			switch {
			case phase.CanTransition(t.From, t.To):
			case t.From == dcplan.PhaseFailed && t.To == dcplan.PhaseNew && p.Actor == "user:retry":
			default:
				errs = append(errs, fmt.Errorf("%s planned %s %s->%s", p.Actor, key, phaseText(t.From), phaseText(t.To)))
				continue
			}
			applied[key] = append(applied[key], t)
		}
	}
	for _, c := range next.Configs {
		before, ok := prev.State(c.Config.Namespace, c.Config.Name)
		if !ok {
			continue
		}
		for _, d := range c.Deployments {
			old, ok := findRC(before.Deployments, d.Name)
			if !ok || old.UID != d.UID {
				continue
			}
			key := d.Namespace + "/" + d.Name
			reached := old.Phase
			for _, t := range applied[key] {
				if t.From == reached {
					reached = t.To
				}
			}
			if reached == d.Phase || phase.CanTransition(reached, d.Phase) {
				continue
			}
			errs = append(errs, fmt.Errorf("rc %s moved %s->%s", key, phaseText(old.Phase), phaseText(d.Phase)))
		}
	}
	return errors.Join(errs...)
}

func findRC(rcs []dcplan.Deployment, name string) (dcplan.Deployment, bool) {
	for _, d := range rcs {
		if d.Name == name {
			return d, true
		}
	}
	return dcplan.Deployment{}, false
}

// LatestVersionMonotonic checks that, at every step, a DC's status.latestVersion never
// decreases; when the world is at rest, no RC of the DC has a version
// above it (SPEC 3.2.7: a lagging status catches up).
func LatestVersionMonotonic(prev, next Observation) error {
	var errs []error
	for _, c := range next.Configs {
		if before, ok := prev.State(c.Config.Namespace, c.Config.Name); ok && before.Config.UID == c.Config.UID &&
			c.Config.Status.LatestVersion < before.Config.Status.LatestVersion {
			errs = append(errs, fmt.Errorf("dc %s: latestVersion %d -> %d", dcKey(c.Config),
				before.Config.Status.LatestVersion, c.Config.Status.LatestVersion))
		}
		if !next.Stable {
			continue
		}
		for _, d := range c.Deployments {
			if ownedBy(d, c.Config) && d.Version > c.Config.Status.LatestVersion {
				errs = append(errs, fmt.Errorf("dc %s: rc %s has version %d above latestVersion %d",
					dcKey(c.Config), d.Name, d.Version, c.Config.Status.LatestVersion))
			}
		}
	}
	return errors.Join(errs...)
}

// NoScaleDuringRollout checks that, at every step, the DC controller scales RCs only
// from a snapshot whose latest rollout exists and is terminal (SPEC 0 rule
// 2, 3.2.11, 3.6: the controller never competes with the deployer).
func NoScaleDuringRollout(_, next Observation) error {
	var errs []error
	for _, p := range next.Passes {
		if p.Kind != PassConfig {
			continue
		}
		scales := p.AppliedPlan().Scales
		if len(scales) == 0 {
			continue
		}
		info := history.Latest(&p.Seen.Config, p.Seen.Deployments)
		if !info.Exists || !info.Candidate.Phase.Terminal() {
			errs = append(errs, fmt.Errorf("dc %s/%s: scaled %s while the latest rollout (version %d) was in flight",
				p.Namespace, p.Config, scales[0].RC, p.Seen.Config.Status.LatestVersion))
		}
	}
	return errors.Join(errs...)
}

// ReplicasWhenStable checks that, when the world is at rest, each unpaused DC whose
// latest rollout exists and is terminal has its active RC (the newest
// Complete one) at spec.replicas (0 for a test DC) and every other RC at 0
// (SPEC 0 rule 3, 2.4, 3.6.2).
func ReplicasWhenStable(_, next Observation) error {
	if !next.Stable {
		return nil
	}
	var errs []error
	for _, c := range next.Configs {
		cfg := c.Config
		info := history.Latest(&cfg, c.Deployments)
		if cfg.Paused || !info.Exists || !info.Candidate.Phase.Terminal() {
			continue
		}
		active := history.Active(c.Deployments)
		for _, d := range c.Deployments {
			if !ownedBy(d, cfg) {
				continue
			}
			want := dcplan.Replicas(0)
			if active != nil && d.Name == active.Name && !cfg.Test {
				want = cfg.Replicas
			}
			if d.Replicas != want {
				errs = append(errs, fmt.Errorf("dc %s: rc %s (%s) has %d replicas, want %d",
					dcKey(cfg), d.Name, phaseText(d.Phase), d.Replicas, want))
			}
		}
	}
	return errors.Join(errs...)
}

// HistoryKeepsLive checks that, at every step, history cleanup deletes neither the
// active RC, nor the latest (the RC of status.latestVersion, SPEC 3.7.3;
// the newest RC may be pruned when it is not that one), nor an RC with
// replicas; when the world is at
// rest, an unpaused DC with a revisionHistoryLimit and a terminal latest
// rollout keeps at most that many prunable RCs (SPEC 0 rule 10, 3.7).
func HistoryKeepsLive(_, next Observation) error {
	var errs []error
	for _, p := range next.Passes {
		if p.Kind != PassConfig {
			continue
		}
		active := history.Active(p.Seen.Deployments)
		applied := p.AppliedPlan()
		for _, del := range applied.DeleteRCs {
			d, ok := findRC(p.Seen.Deployments, del.RC)
			for _, sc := range applied.Scales {
				if sc.RC == d.Name {
					d.Replicas = sc.To // cleanup runs on the scaled list (SPEC 3.6.4)
				}
			}
			switch {
			case !ok:
			case active != nil && d.Name == active.Name:
				errs = append(errs, fmt.Errorf("dc %s/%s: deleted the active rc %s", p.Namespace, p.Config, d.Name))
			case d.Version == p.Seen.Config.Status.LatestVersion:
				errs = append(errs, fmt.Errorf("dc %s/%s: deleted the latest rc %s", p.Namespace, p.Config, d.Name))
			case d.Replicas != 0:
				errs = append(errs, fmt.Errorf("dc %s/%s: deleted rc %s with %d replicas", p.Namespace, p.Config, d.Name, d.Replicas))
			}
		}
	}
	if next.Stable {
		for _, c := range next.Configs {
			cfg := c.Config
			info := history.Latest(&cfg, c.Deployments)
			if cfg.Paused || !cfg.HasRevisionHistoryLimit || !info.Exists || !info.Candidate.Phase.Terminal() {
				continue
			}
			if n := history.CountPrunable(&cfg, c.Deployments); n > int(cfg.RevisionHistoryLimit) {
				errs = append(errs, fmt.Errorf("dc %s: %d prunable rcs kept, limit %d", dcKey(cfg), n, cfg.RevisionHistoryLimit))
			}
		}
	}
	return errors.Join(errs...)
}

// NoPodsAfterCancel checks that, when the world is at rest, no deployer or hook pod of
// a cancelled, failed rollout exists (SPEC 0 rule 9, 2.3: the deployer
// controller deletes them, and again when they appear late).
func NoPodsAfterCancel(_, next Observation) error {
	if !next.Stable {
		return nil
	}
	var errs []error
	for _, c := range next.Configs {
		for _, d := range c.Deployments {
			if !d.Cancelled || d.Phase != dcplan.PhaseFailed {
				continue
			}
			for _, p := range c.Pods {
				if p.DeployerFor == d.Name || (p.DeploymentName == d.Name && p.Name == dcplan.DeployerPodName(d.Name)) {
					errs = append(errs, fmt.Errorf("dc %s: pod %s of cancelled rc %s survives", dcKey(c.Config), p.Name, d.Name))
				}
			}
		}
	}
	return errors.Join(errs...)
}

// PausedNoRollout checks that, at every step, a DC controller pass over a paused DC
// creates no RC, cancels nothing, scales nothing and does not bump
// latestVersion (SPEC 0 rule 4, 3.2.5).
func PausedNoRollout(_, next Observation) error {
	var errs []error
	for _, p := range next.Passes {
		if p.Kind != PassConfig || !p.Seen.Config.Paused {
			continue
		}
		a := p.AppliedPlan()
		switch {
		case len(a.CreateRCs) > 0:
			errs = append(errs, fmt.Errorf("dc %s/%s: paused, yet created %s", p.Namespace, p.Config, a.CreateRCs[0].Deployment.Name))
		case len(a.Cancels) > 0:
			errs = append(errs, fmt.Errorf("dc %s/%s: paused, yet cancelled %s", p.Namespace, p.Config, a.Cancels[0].RC))
		case len(a.Scales) > 0:
			errs = append(errs, fmt.Errorf("dc %s/%s: paused, yet scaled %s", p.Namespace, p.Config, a.Scales[0].RC))
		case a.Status != nil && a.Status.To.LatestVersion != a.Status.From.LatestVersion:
			errs = append(errs, fmt.Errorf("dc %s/%s: paused, yet latestVersion %d -> %d", p.Namespace, p.Config,
				a.Status.From.LatestVersion, a.Status.To.LatestVersion))
		}
	}
	return errors.Join(errs...)
}
