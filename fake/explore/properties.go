package explore

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// The properties the explorer checks are fake.Invariants, the one list
// the simulator and the planners' property tests run too: the State ones
// on every reachable world, the Transition ones on every move (each
// successful write with the live world just before it), the Rest ones at
// every fixed point; then a caller's own (Options.Properties), judged the
// same way. The explorer adds the checks only a search can make:
// Idempotent, Deterministic, PassSucceeds and Liveness (see Explore).

// The names of the checks only a search makes (Violation.Property).
const (
	propIdempotent    = "Idempotent"
	propDeterministic = "Deterministic"
	propPassSucceeds  = "PassSucceeds"
	propLiveness      = "Liveness"
)

// builtinProperty reports whether name is the name of a property the
// explorer checks of its own: one of fake.Invariants or a search check.
func builtinProperty(name string) bool {
	switch name {
	case propIdempotent, propDeterministic, propPassSucceeds, propLiveness:
		return true
	}
	return slices.ContainsFunc(fake.Invariants, func(inv fake.Invariant) bool { return inv.Name == name })
}

// writes pairs the successful writes of a server log with the live world
// of the DC before each, replaying the log over before.
func writes(before Objects, log []fake.Write) ([]fake.LiveWrite, error) {
	live := before
	var out []fake.LiveWrite
	for _, lw := range log {
		if lw.Err != nil {
			continue
		}
		w, err := Decode(live)
		if err != nil {
			return nil, err
		}
		r := lw.Request
		out = append(out, fake.LiveWrite{Request: r, Before: lw.Before, After: lw.After, Live: w})
		live = replay(live, []fake.Write{lw})
	}
	return out, nil
}

// replay returns o with the successful writes of log applied: the world
// the server holds after them (no write touches an object other than the
// one it names).
func replay(o Objects, log []fake.Write) Objects {
	next, cloned := o, false
	for _, lw := range log {
		if lw.Err != nil {
			continue
		}
		if !cloned {
			next, cloned = o.clone(), true
		}
		r := lw.Request
		name := r.Name
		if r.Verb == wire.VerbCreate && r.Subresource == "" {
			name = nameOf(lw.After)
		}
		k := key(r.Resource, name)
		if lw.After == nil {
			delete(next, k)
		} else {
			next[k] = intern(lw.After)
		}
	}
	return next
}

// nameOf is metadata.name of a stored object (cached).
func nameOf(b []byte) string {
	bl := blobOf(b)
	bl.nameOnce.Do(func() {
		var m struct {
			Metadata struct{ Name string }
		}
		if err := json.Unmarshal(b, &m); err != nil {
			panic(fmt.Sprintf("explore: stored object: %v", err))
		}
		bl.name = m.Metadata.Name
	})
	return bl.name
}

// transition is move m of step as the invariants judge it.
func transition(m Move, step Step, before, after World, ws []fake.LiveWrite) fake.Transition {
	t := fake.Transition{Before: before, After: after, Writes: ws, DecodeRC: decodeRC, DecodeConfig: decodeConfig,
		Faulted: m.Fault != FaultNone || step.Err != nil, Stale: m.Stale != "", StaleConfig: m.Stale == key(wire.ResourceConfigs, Name)}
	p := step.Pass.Plan
	t.Unsettled = p.Wait != dcplan.WaitNone || p.Message != "" || p.Error != dcplan.ErrorNone
	switch m.Actor {
	case ActorConfig:
		t.Actor, t.Kind = "dc-controller", fake.PassConfig
	case ActorDeployer:
		t.Actor, t.Kind, t.Target = "deployer", fake.PassDeployer, m.Target
	case ActorPodController:
		t.Actor, t.Kind = "pod-controller", fake.PassDeployer
	case ActorUser:
		t.Actor, t.Kind = "user:"+m.Target, fake.PassUser
	default:
		t.Actor = m.Actor.String()
	}
	return t
}
