package fake

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Faults are the simulator's fault knobs. Each is a probability in [0, 1]
// (per write, per plan, per notification or per step, as documented), or a
// bound; the zero value turns every fault off. All draws come from the
// simulator's seeded generator, so a seed and a Faults value fix the run.
type Faults struct {
	// Conflict is the chance that a write of a plan fails with a conflict
	// before reaching the store (another writer got there first): an
	// update, a patch, a delete with preconditions or an instantiate,
	// the writes the API server can answer Conflict; never a create.
	Conflict float64
	// ServerError is the chance that a write of a plan fails with an
	// InternalError (500) before reaching the store: the failure every
	// planner answers through Snapshot.Outcome with upstream's events,
	// conditions and error texts (SPEC 1.6, 1.7, 13).
	ServerError float64
	// StaleReads is the largest lag, in writes, of the cache a controller
	// pass reads; each pass draws a lag in [0, StaleReads], which the
	// World caps at its MaxLag (NewSim sets it to at least StaleReads; a
	// StaleReads raised afterwards is capped) and at the writes made. A
	// pass draws one for each of its controller's informers (the DC
	// controller's DCs and RCs, the deployer's RCs and pods), so it may
	// read one write and miss another made before it.
	StaleReads int
	// Crash is the chance, per plan that writes, that the controller
	// crashes after k of its write requests, k drawn below the number of
	// the plan's write actions (a pass that sends fewer crashes after its
	// last request). It restarts with empty queues, then relists every
	// object.
	Crash float64
	// LoseNotify and DuplicateNotify are the chances that a watch
	// notification is dropped or delivered a second time a step later.
	LoseNotify      float64
	DuplicateNotify float64
	// DeletePod is the chance, per step, that a running deployer pod is
	// deleted by someone else (eviction, an admin).
	DeletePod float64
	// Squat is the chance, per step, that an unrelated pod takes the
	// deployer pod name of an RC that has no deployer pod yet: one there
	// is at the start of the step, else one the step's DC controller
	// pass creates, before the deployer controller's pass over it (Step).
	Squat float64
	// Scale is the chance, per step, that someone scales a random RC by
	// hand.
	Scale float64
	// Edit is the chance, per step, that a user edits a DC: template
	// image, replicas, paused, test or revisionHistoryLimit.
	Edit float64
	// User is the chance, per step, of a user operation: cancel, retry,
	// rollout latest, rollback, or pause (resume when paused), at a
	// random DC.
	User float64
	// ClockJump is the chance, per step, that the clock jumps: forward by
	// up to two hours, or back by up to a minute.
	ClockJump float64
	// Dual is the chance, per work item, that a second controller
	// instance, with its own lagging cache, handles the same item too.
	Dual float64
	// DeleteConfig is the chance, per step, that a user deletes a random
	// DC (oc delete dc) and creates it again from its spec: held by
	// someone's finalizer for a few steps first (the DC being deleted,
	// SPEC 3.2.4), or gone at once with its RCs and pods collected, or
	// with --cascade=orphan, its RCs left for the new DC to adopt
	// (SPEC 3.3).
	DeleteConfig float64
	// Forbidden is the chance that a write of a plan is refused with 403
	// Forbidden, as RBAC refuses a service account or user lacking a
	// verb: the answer on which `oc rollout latest` falls back from the
	// instantiate endpoint to a PUT of the DC (SPEC 6m.3, 13). AllFaults
	// leaves it off, like DeleteConfig ("all,forbidden").
	Forbidden float64
	// Timeout is the chance that a write of a plan reaches the store but
	// its answer does not reach the controller: the write is applied and
	// the controller sees 504 Timeout, as the API server answers a
	// request that outlives its deadline while the write goes through.
	// AllFaults leaves it off, like DeleteConfig ("all,timeout").
	Timeout float64
}

// AllFaults returns Faults with every knob but DeleteConfig, Forbidden
// and Timeout on at a rate that keeps rollouts progressing: the setting
// of the deep tests and of `-faults all` in examples/rollout. The three
// are asked for by name ("all,deletedc", "all,forbidden", "all,timeout"):
// DeleteConfig replaces the DCs the other faults and the invariants'
// accounts follow.
func AllFaults() Faults {
	return Faults{
		Conflict: 0.05, ServerError: 0.02, StaleReads: 3, Crash: 0.02, LoseNotify: 0.05, DuplicateNotify: 0.05,
		DeletePod: 0.02, Squat: 0.02, Scale: 0.03, Edit: 0.05, User: 0.05, ClockJump: 0.02, Dual: 0.05,
	}
}

// deleteConfigRate, forbiddenRate and timeoutRate are the rates a bare
// "deletedc", "forbidden" and "timeout" give their knobs (see
// ParseFaults), which AllFaults leaves off.
const (
	deleteConfigRate = 0.01
	forbiddenRate    = 0.02
	timeoutRate      = 0.02
)

// Any reports whether some fault is on: some knob above zero (the
// simulator draws nothing for a knob at or below zero, or NaN).
func (f Faults) Any() bool {
	for _, name := range faultNames {
		if p, n := f.knob(name); p != nil && *p > 0 || n != nil && *n > 0 {
			return true
		}
	}
	return false
}

var faultNames = []string{"conflict", "servererror", "stale", "crash", "lose", "dup", "deletepod", "squat", "scale", "edit", "user", "clock", "dual", "deletedc", "forbidden", "timeout"}

func (f *Faults) knob(name string) (*float64, *int) {
	switch name {
	case "conflict":
		return &f.Conflict, nil
	case "servererror":
		return &f.ServerError, nil
	case "stale":
		return nil, &f.StaleReads
	case "crash":
		return &f.Crash, nil
	case "lose":
		return &f.LoseNotify, nil
	case "dup":
		return &f.DuplicateNotify, nil
	case "deletepod":
		return &f.DeletePod, nil
	case "squat":
		return &f.Squat, nil
	case "scale":
		return &f.Scale, nil
	case "edit":
		return &f.Edit, nil
	case "user":
		return &f.User, nil
	case "clock":
		return &f.ClockJump, nil
	case "dual":
		return &f.Dual, nil
	case "deletedc":
		return &f.DeleteConfig, nil
	case "forbidden":
		return &f.Forbidden, nil
	case "timeout":
		return &f.Timeout, nil
	}
	return nil, nil
}

// ParseFaults reads a fault setting: "" or "none" (no faults), "all"
// (AllFaults), or a comma-separated list of name=value pairs, starting
// from no faults, or from AllFaults when the first item is "all", e.g.
// "conflict=0.1,stale=2,user=0.05" or "all,deletedc"; "all" later in
// the list, or a name given twice, is an error. A name without a
// value takes its AllFaults rate (deletedc 0.01, forbidden and timeout
// 0.02). Names: conflict, servererror, stale, crash, lose, dup,
// deletepod, squat, scale, edit, user, clock, dual, deletedc, forbidden,
// timeout.
func ParseFaults(s string) (Faults, error) {
	s = strings.TrimSpace(s)
	switch s {
	case "", "none":
		return Faults{}, nil
	}
	var f Faults
	all := AllFaults()
	all.DeleteConfig, all.Forbidden, all.Timeout = deleteConfigRate, forbiddenRate, timeoutRate
	parts := strings.Split(s, ",")
	if strings.TrimSpace(parts[0]) == "all" {
		f, parts = AllFaults(), parts[1:]
	}
	var given []string
	for _, part := range parts {
		name, value, hasValue := strings.Cut(strings.TrimSpace(part), "=")
		p, n := f.knob(name)
		dp, dn := all.knob(name)
		switch {
		case name == "all":
			return Faults{}, fmt.Errorf("fake: fault list %q: \"all\" goes first, the faults it changes after it", s)
		case slices.Contains(given, name):
			return Faults{}, fmt.Errorf("fake: fault list %q: %s given twice", s, name)
		case p == nil && n == nil:
			return Faults{}, fmt.Errorf("fake: unknown fault %q (known: %s)", name, strings.Join(faultNames, ", "))
		case p != nil && !hasValue:
			*p = *dp
		case p != nil:
			x, err := strconv.ParseFloat(value, 64)
			if err != nil || !(x >= 0 && x <= 1) { // NaN is no probability
				return Faults{}, fmt.Errorf("fake: fault %s: want a probability in [0, 1], got %q", name, value)
			}
			*p = x
		case !hasValue:
			*n = *dn
		default:
			x, err := strconv.Atoi(value)
			if err != nil || x < 0 {
				return Faults{}, fmt.Errorf("fake: fault %s: want a count >= 0, got %q", name, value)
			}
			*n = x
		}
		given = append(given, name)
	}
	return f, nil
}

// String renders f in the form ParseFaults reads, as the simulator treats
// it: knobs at or below zero (or NaN) omitted, rates above 1 written as 1;
// "none" when every fault is off.
func (f Faults) String() string {
	var parts []string
	for _, name := range faultNames {
		p, n := f.knob(name)
		switch {
		case p != nil && *p > 0:
			parts = append(parts, name+"="+strconv.FormatFloat(min(*p, 1), 'g', -1, 64))
		case n != nil && *n > 0:
			parts = append(parts, name+"="+strconv.Itoa(*n))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ",")
}
