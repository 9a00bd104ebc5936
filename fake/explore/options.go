package explore

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// Options are the bounds of an exploration.
type Options struct {
	// Settings are the planners' settings (a preset's).
	Settings dcplan.Settings
	// Versions bounds status.latestVersion: user moves that would start a
	// rollout past it are not made. 0 stands for the default, 3; it must
	// not be negative.
	Versions int
	// Replicas are the DC replica counts of the initial worlds and of
	// `oc scale`, each from 0 to math.MaxInt32 and given once (nil: the
	// default 0, 1, 2; an empty list is refused).
	Replicas []int
	// Limits are the revisionHistoryLimit values of the initial worlds,
	// each from 0 to math.MaxInt32, or -1 for none, and given once (nil:
	// the default none and 1; an empty list is refused).
	Limits []int
	// Users, Faults and Stale bound the user moves, the faulted passes and
	// the stale reads of one trace (0: none; Defaults has 1 of each).
	// None may be negative, nor may Hooks, Clock, Kinds or MaxStates.
	Users, Faults, Stale int
	// UserFaults, when true, faults the oc commands too (a Conflict on
	// any one of their requests, a crash after any prefix), within the
	// Faults budget (Defaults sets it).
	UserFaults bool
	// Ops are the user operations made, each once, from Operations (nil:
	// every one but "delete"; an empty list is refused: Users 0 makes
	// none).
	Ops []string
	// Initial, when set, replaces the initial worlds Initial builds (for a
	// search that starts mid-story).
	Initial []Objects
	// Hooks bounds the hook pods of one trace: while an RC's deployer pod
	// runs, its process may create the pre hook pod <rc>-hook-pre, which
	// the kubelet then moves along (succeeded, failed, vanished). 0: none;
	// Defaults has 1, the "one hook pod at most".
	Hooks int
	// Clock bounds the clock moves of one trace: while an RC is New, the
	// clock may move past its New-phase timeout (SPEC 4.3.new.3), as when
	// its deployer pod cannot be created for ten minutes, or the deployer
	// controller is down that long (ActorClock). 0: none; Defaults has 1.
	Clock int
	// Kinds bounds how many of the five kinds of perturbation (a user
	// move, a faulted pass, a stale read, a hook pod, a clock move) one
	// trace may mix, each still within its own budget above: with 2, a
	// trace may hold a command and a fault, or a stale read and a hook
	// pod, but not three of them. 0: no bound but the budgets; at most 5.
	Kinds int
	// MaxStates bounds the distinct states the search keeps (0: no
	// limit): once it holds MaxStates, a move to a state not seen yet is
	// still made and judged, but its state is not kept, and the search
	// stops (Result.Truncated) before expanding another state. So
	// Result.States never exceeds MaxStates.
	MaxStates int
	// Properties are a caller's own properties, checked beside
	// fake.Invariants and judged as they are: State on every reachable
	// world, Rest at every fixed point, Transition on every move, each
	// with the world of the DC under Settings; the first violation of each
	// is reported under its Name, with a shortest trace. Each needs a
	// Name of its own (none of fake.Invariants' nor of the search's
	// checks, Idempotent, Deterministic, PassSucceeds and Liveness) and
	// exactly one of State, Rest and Transition. They are checked for
	// every preset (fake.Invariant.Applies holds for any name it does not
	// list). The search calls them on one goroutine, in order.
	Properties []fake.Invariant
}

// Defaults returns the default bounds, planned with st: the initial
// worlds of latestVersion up to 3, replicas 0 to 2 and history limits
// none and 1, and per trace at most one of each perturbation (an oc
// command or edit, a faulted pass of a controller or an oc command, a
// stale read, a hook pod, a clock move) and at most two kinds of them
// (Kinds 2): every pair in one search. The CI tier (-explore.ci) explores
// them for Modern, Exact and Origin15; with Kinds 0 (all five in one
// trace) the search is many times larger.
func Defaults(st dcplan.Settings) Options {
	return Options{Settings: st, Users: 1, Faults: 1, Stale: 1, Hooks: 1, Clock: 1, Kinds: 2, UserFaults: true}.defaults()
}

// defaults fills the zero fields of o that stand for a default (see
// Options).
func (o Options) defaults() Options {
	if o.Versions == 0 {
		o.Versions = 3
	}
	if o.Replicas == nil {
		o.Replicas = []int{0, 1, 2}
	}
	if o.Limits == nil {
		o.Limits = []int{-1, 1}
	}
	if o.Ops == nil {
		o.Ops = slices.DeleteFunc(slices.Clone(Operations), func(op string) bool { return op == "delete" })
	}
	return o
}

// Operations are the oc commands and edits a user move makes, the values
// of Options.Ops: `oc rollout cancel`, `retry`, `latest`, `pause`,
// `resume`, `undo`, `oc scale` (to each of Options.Replicas), an edit
// of the pod template, and `oc delete` of the DC while a finalizer holds
// it (it stays, being deleted, for the rest of the trace: SPEC 3.2.4's
// world). The default Ops leave "delete" out: a search that wants the
// deleting DC asks for it.
var Operations = []string{"cancel", "retry", "latest", "pause", "resume", "undo", "scale", "edit", "delete"}

// ErrInvalidOptions is wrapped by every error Options.Validate (and so
// Explore) returns.
var ErrInvalidOptions = errors.New("explore: invalid options")

// OptionError is a field of Options that Explore refuses: its name (with
// the index of a list's element, "Replicas[0]"), the value given and what
// is wrong with it. It wraps ErrInvalidOptions.
type OptionError struct {
	// Field names the field, Value is its value as given, Problem what
	// is wrong with it.
	Field, Value, Problem string
}

// Error returns "explore: invalid options: <Field> = <Value>: <Problem>".
func (e *OptionError) Error() string {
	return fmt.Sprintf("%v: %s = %s: %s", ErrInvalidOptions, e.Field, e.Value, e.Problem)
}

// Unwrap returns ErrInvalidOptions.
func (e *OptionError) Unwrap() error { return ErrInvalidOptions }

// Validate checks o as given (before the zero fields take their
// defaults), field by field in declaration order, and returns the first
// problem: a *OptionError, or for invalid Settings their error wrapped
// with ErrInvalidOptions. The rules are Options' field docs: no negative
// count or budget, Kinds at most 5, replica counts and limits within
// int32 (a limit of -1 meaning none), no empty list (nil stands for the
// default), and Ops from Operations, each once. Explore calls it first.
func (o Options) Validate() error {
	if err := o.Settings.Validate(); err != nil {
		return fmt.Errorf("%w: Settings: %w", ErrInvalidOptions, err)
	}
	bad := func(field string, value any, problem string) error {
		return &OptionError{Field: field, Value: fmt.Sprint(value), Problem: problem}
	}
	if o.Versions < 0 {
		return bad("Versions", o.Versions, "must not be negative (0: the default, 3)")
	}
	list := func(field string, xs []int, lowest int, what string) error {
		if xs != nil && len(xs) == 0 {
			return bad(field, "[]", "no "+what+" (nil: the default)")
		}
		for i, x := range xs {
			if x < lowest || x > math.MaxInt32 {
				return bad(field+"["+strconv.Itoa(i)+"]", x, fmt.Sprintf("must be from %d to %d", lowest, math.MaxInt32))
			}
			if slices.Contains(xs[:i], x) { // the same searches twice, and a result naming it twice
				return bad(field+"["+strconv.Itoa(i)+"]", x, "given twice")
			}
		}
		return nil
	}
	if err := list("Replicas", o.Replicas, 0, "replica count"); err != nil {
		return err
	}
	if err := list("Limits", o.Limits, -1, "history limit"); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		n    int
	}{{"Users", o.Users}, {"Faults", o.Faults}, {"Stale", o.Stale}} {
		if f.n < 0 {
			return bad(f.name, f.n, "must not be negative (0: none)")
		}
	}
	if o.Ops != nil && len(o.Ops) == 0 {
		return bad("Ops", "[]", "no operation (nil: all but delete; Users 0: none)")
	}
	for i, op := range o.Ops {
		field := "Ops[" + strconv.Itoa(i) + "]"
		if !slices.Contains(Operations, op) {
			return bad(field, strconv.Quote(op), "unknown operation: want one of "+strings.Join(Operations, ", "))
		}
		if slices.Contains(o.Ops[:i], op) {
			return bad(field, strconv.Quote(op), "given twice")
		}
	}
	switch {
	case o.Hooks < 0:
		return bad("Hooks", o.Hooks, "must not be negative (0: none)")
	case o.Clock < 0:
		return bad("Clock", o.Clock, "must not be negative (0: none)")
	case o.Kinds < 0 || o.Kinds > 5:
		return bad("Kinds", o.Kinds, "must be from 0 (no bound) to 5")
	case o.MaxStates < 0:
		return bad("MaxStates", o.MaxStates, "must not be negative (0: no limit)")
	}
	for i, p := range o.Properties {
		field := "Properties[" + strconv.Itoa(i) + "]"
		switch set := btoi(p.State != nil) + btoi(p.Rest != nil) + btoi(p.Transition != nil); {
		case p.Name == "":
			return bad(field+".Name", `""`, "must name the property")
		case builtinProperty(p.Name):
			return bad(field+".Name", strconv.Quote(p.Name), "is the name of a property the explorer checks already")
		case slices.ContainsFunc(o.Properties[:i], func(q fake.Invariant) bool { return q.Name == p.Name }):
			return bad(field+".Name", strconv.Quote(p.Name), "given twice")
		case set != 1:
			return bad(field, strconv.Quote(p.Name), fmt.Sprintf("sets %d of State, Rest and Transition, want exactly one", set))
		}
	}
	return nil
}

// btoi is 1 for true, 0 for false.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
