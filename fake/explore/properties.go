package explore

import (
	"fmt"
	"strings"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// Property is one safety property, judged on the live world: the server's
// objects as they are at a state, or just before each write of a
// transition — never the planner's (possibly stale) view. Exactly one of
// State and Transition is set.
type Property struct {
	// Name is the property's name, as violations print it.
	Name string
	// Rule is the SPEC rule it holds.
	Rule string
	// State judges one reachable world.
	State func(w World) error
	// Transition judges one move.
	Transition func(t Transition) error
}

// Transition is one move as the properties see it.
type Transition struct {
	Move Move
	// Before and After are the worlds before and after the move.
	Before, After World
	// Writes are the successful writes of the move, in order.
	Writes []Write
}

// Write is one successful write request with the live world just before
// it.
type Write struct {
	Request wire.Request
	// Before and After are the object the request named, before and after
	// (nil when absent).
	Before, After []byte
	// Live is the world the server held just before the write.
	Live Objects
}

// World decodes the live world of w.
func (w Write) World() (World, error) { return Decode(w.Live) }

// writes pairs the successful writes of a server log with the live world
// before each, replaying the log over before.
func writes(before Objects, log []fake.Write) []Write {
	live := before.clone()
	var out []Write
	for _, lw := range log {
		if lw.Err != nil {
			continue
		}
		r := lw.Request
		res, name := r.Resource, r.Name
		if name == "" && r.Verb == wire.VerbCreate {
			name = nameOf(lw.After)
		}
		out = append(out, Write{Request: r, Before: lw.Before, After: lw.After, Live: live})
		next := live.clone()
		k := key(res, name)
		if lw.After == nil {
			delete(next, k)
		} else {
			next[k] = lw.After
		}
		live = next
	}
	return out
}

// nameOf is metadata.name of a stored object.
func nameOf(b []byte) string {
	w, err := Decode(Objects{key(wire.ResourcePods, "x"): b})
	if err == nil && len(w.Pods) == 1 {
		return w.Pods[0].Name
	}
	return ""
}

// Properties are every safety property, in the order they are checked.
var Properties = []Property{
	{Name: "Decodes", Rule: "13", State: Decodes},
	{Name: "OneDeployerPod", Rule: "4.3.new.4", State: OneDeployerPod},
	{Name: "OneRolloutInFlight", Rule: "3.4", State: OneRolloutInFlight},
	{Name: "LatestVersionMonotonic", Rule: "3.2.10", Transition: LatestVersionMonotonic},
	{Name: "NoDeleteLive", Rule: "3.7.5", Transition: NoDeleteLive},
	{Name: "OnlyClaimedRCs", Rule: "3.3", Transition: OnlyClaimedRCs},
	{Name: "CreatedRCMatchesConfig", Rule: "3.8", Transition: CreatedRCMatchesConfig},
	{Name: "PhaseMoves", Rule: "2.1", Transition: PhaseMoves},
	{Name: "ReplicasAfterReconcile", Rule: "3.6", Transition: ReplicasAfterReconcile},
	{Name: "HistoryLimit", Rule: "3.7.3", Transition: HistoryLimit},
}

// HistoryLimit holds when no delete of an RC leaves fewer prunable RCs
// than spec.revisionHistoryLimit: at the moment of the delete, more RCs
// than the limit are prunable (older than the active one; without an
// active one, every RC but the latest).
func HistoryLimit(t Transition) error {
	for _, wr := range t.Writes {
		if wr.Request.Verb != wire.VerbDelete || wr.Request.Resource != wire.ResourceRCs {
			continue
		}
		live, err := wr.World()
		if err != nil {
			return err
		}
		cfg := live.Config
		if !cfg.HasRevisionHistoryLimit {
			return fmt.Errorf("deleted rc/%s without a revisionHistoryLimit", wr.Request.Name)
		}
		var active dcplan.Version
		for _, d := range live.Deployments {
			if d.Phase == dcplan.PhaseComplete {
				active = max(active, d.Version)
			}
		}
		prunable := 0
		for _, d := range live.Deployments {
			if active > 0 && d.Version < active || active == 0 && d.Version != cfg.Status.LatestVersion {
				prunable++
			}
		}
		if prunable <= int(cfg.RevisionHistoryLimit) {
			return fmt.Errorf("deleted rc/%s with %d prunable RCs, limit %d", wr.Request.Name, prunable, cfg.RevisionHistoryLimit)
		}
	}
	return nil
}

// AtRest holds at a fixed point (no controller pass or kubelet move
// changes the world): no rollout is left in flight.
func AtRest(w World) error {
	for _, d := range w.Deployments {
		if !d.Phase.Terminal() {
			return fmt.Errorf("at rest with rc/%s %v", d.Name, d.Phase)
		}
	}
	return nil
}

// ReplicasAfterReconcile holds when a fault-free DC controller pass that
// wrote something, and found the latest RC terminal, leaves the replicas
// where SPEC 3.6 puts them: the DC's replicas on the active RC (the newest
// Complete one), none on any other (none at all for a test DC). A pass
// that bumped latestVersion, or a paused DC, is not judged.
func ReplicasAfterReconcile(t Transition) error {
	m, a := t.Move, t.After
	if m.Actor != ActorConfig || m.Fault != FaultNone || m.Stale != "" || len(t.Writes) == 0 || !a.HasConfig ||
		a.Config.Paused || a.Config.Status.LatestVersion != t.Before.Config.Status.LatestVersion {
		return nil
	}
	var latest *dcplan.Deployment
	var active dcplan.Version
	for i, d := range a.Deployments {
		if d.Version == a.Config.Status.LatestVersion {
			latest = &a.Deployments[i]
		}
		if d.Phase == dcplan.PhaseComplete {
			active = max(active, d.Version)
		}
	}
	if latest == nil || !latest.Phase.Terminal() {
		return nil
	}
	for _, d := range a.Deployments {
		want := dcplan.Replicas(0)
		if d.Version == active && !a.Config.Test {
			want = a.Config.Replicas
		}
		if d.Replicas != want {
			return fmt.Errorf("after reconcile rc/%s has %d replicas, want %d", d.Name, d.Replicas, want)
		}
	}
	return nil
}

// Decodes holds when the world validates: a property never passes because
// the world could not be read.
func Decodes(w World) error {
	if !w.HasConfig {
		return fmt.Errorf("no deployment config")
	}
	return w.Snapshot(dcplan.Modern.Settings()).Validate()
}

// OneDeployerPod holds when at most one deployer pod of the DC is not
// terminal.
func OneDeployerPod(w World) error {
	var live []string
	for _, p := range w.Pods {
		if p.DeployerFor == "" && p.DeploymentName == "" {
			continue
		}
		if p.Phase != dcplan.PodSucceeded && p.Phase != dcplan.PodFailed {
			live = append(live, p.Name)
		}
	}
	if len(live) > 1 {
		return fmt.Errorf("%d deployer pods running: %s", len(live), strings.Join(live, ", "))
	}
	return nil
}

// OneRolloutInFlight holds when at most one RC is not terminal (a missing
// phase counts as New).
func OneRolloutInFlight(w World) error {
	var live []string
	for _, d := range w.Deployments {
		if !d.Phase.Terminal() {
			live = append(live, d.Name)
		}
	}
	if len(live) > 1 {
		return fmt.Errorf("%d rollouts in flight: %s", len(live), strings.Join(live, ", "))
	}
	return nil
}

// LatestVersionMonotonic holds when status.latestVersion never goes down
// and never goes negative.
func LatestVersionMonotonic(t Transition) error {
	a, b := t.Before.Config.Status.LatestVersion, t.After.Config.Status.LatestVersion
	if t.Before.HasConfig && t.After.HasConfig && b < a || b < 0 {
		return fmt.Errorf("latestVersion %d -> %d", a, b)
	}
	return nil
}

// NoDeleteLive holds when no write deletes the active RC (the newest
// Complete one), the latest RC (the one status.latestVersion names, or the
// newest), or an RC with replicas.
func NoDeleteLive(t Transition) error {
	for _, wr := range t.Writes {
		if wr.Request.Verb != wire.VerbDelete || wr.Request.Resource != wire.ResourceRCs {
			continue
		}
		live, err := wr.World()
		if err != nil {
			return err
		}
		d, ok := live.Deployment(wr.Request.Name)
		if !ok {
			continue
		}
		var newest, active dcplan.Version
		for _, x := range live.Deployments {
			newest = max(newest, x.Version)
			if x.Phase == dcplan.PhaseComplete {
				active = max(active, x.Version)
			}
		}
		switch {
		case d.Version == live.Config.Status.LatestVersion:
			return fmt.Errorf("deleted rc/%s, the latest (latestVersion %d)", d.Name, d.Version)
		case d.Version == newest:
			return fmt.Errorf("deleted rc/%s, the newest", d.Name)
		case d.Version == active:
			return fmt.Errorf("deleted rc/%s, the active one", d.Name)
		case d.Replicas > 0:
			return fmt.Errorf("deleted rc/%s with %d replicas", d.Name, d.Replicas)
		}
	}
	return nil
}

// OnlyClaimedRCs holds when every write to an existing RC, other than the
// adoption itself, is to an RC the DC controls.
func OnlyClaimedRCs(t Transition) error {
	for _, wr := range t.Writes {
		r := wr.Request
		if r.Resource != wire.ResourceRCs || r.Verb == wire.VerbCreate || r.Action.Kind == dcplan.ActionAdopt {
			continue
		}
		live, err := wr.World()
		if err != nil {
			return err
		}
		d, ok := live.Deployment(r.Name)
		if !ok {
			continue
		}
		if !d.HasController || d.Controller.UID != live.Config.UID {
			return fmt.Errorf("%s rc/%s, which the DC does not control", r.Verb, r.Name)
		}
	}
	return nil
}

// CreatedRCMatchesConfig holds when every RC created carries the DC as it
// is at that moment: the version status.latestVersion names and, in its
// encoded config, the DC's template. A pass that read the DC itself stale
// is not judged: no controller that plans from a cache can do better
// without a live read of the DC before each create (an RC built from an
// older DC is then superseded, SPEC 3.4, which OneRolloutInFlight and
// liveness judge).
func CreatedRCMatchesConfig(t Transition) error {
	if t.Move.Stale == key(wire.ResourceConfigs, Name) {
		return nil
	}
	for _, wr := range t.Writes {
		if wr.Request.Verb != wire.VerbCreate || wr.Request.Resource != wire.ResourceRCs {
			continue
		}
		live, err := wr.World()
		if err != nil {
			return err
		}
		d, err := decodeRC(wr.After)
		if err != nil {
			return err
		}
		cfg := live.Config
		switch {
		case d.Version != cfg.Status.LatestVersion:
			return fmt.Errorf("created rc/%s (version %d) while latestVersion is %d", d.Name, d.Version, cfg.Status.LatestVersion)
		case d.Encoded == nil:
			return fmt.Errorf("created rc/%s without an encoded config", d.Name)
		case d.Encoded.Template.Hash != cfg.Template.Hash:
			return fmt.Errorf("created rc/%s with a template that is not the DC's", d.Name)
		}
	}
	return nil
}

// Spec21 is SPEC 2.1 written out as data, independent of phase.Table:
// Spec21[from][to] is true when an RC may move from phase from to phase
// to. Self-moves are no moves and are not listed.
var Spec21 = map[dcplan.Phase]map[dcplan.Phase]bool{
	dcplan.PhaseNew:     {dcplan.PhasePending: true, dcplan.PhaseRunning: true, dcplan.PhaseComplete: true, dcplan.PhaseFailed: true},
	dcplan.PhasePending: {dcplan.PhaseRunning: true, dcplan.PhaseComplete: true, dcplan.PhaseFailed: true},
	dcplan.PhaseRunning: {dcplan.PhaseComplete: true, dcplan.PhaseFailed: true},
}

// PhaseMoves holds when every phase change written to an RC is one SPEC
// 2.1 allows, or `oc rollout retry` moving Failed to New (SPEC 6.2); a
// created RC starts New.
func PhaseMoves(t Transition) error {
	for _, wr := range t.Writes {
		if wr.Request.Resource != wire.ResourceRCs || wr.After == nil {
			continue
		}
		after, err := decodeRC(wr.After)
		if err != nil {
			return err
		}
		if wr.Before == nil {
			if after.Phase != dcplan.PhaseNew {
				return fmt.Errorf("created rc/%s in phase %v", after.Name, after.Phase)
			}
			continue
		}
		before, err := decodeRC(wr.Before)
		if err != nil {
			return err
		}
		from, to := before.Phase, after.Phase
		if from == dcplan.PhaseUnknown {
			from = dcplan.PhaseNew
		}
		if from == to || Spec21[from][to] {
			continue
		}
		if t.Move.Actor == ActorUser && t.Move.Target == "retry" && from == dcplan.PhaseFailed && to == dcplan.PhaseNew {
			continue
		}
		return fmt.Errorf("rc/%s moved %v -> %v", after.Name, before.Phase, after.Phase)
	}
	return nil
}
