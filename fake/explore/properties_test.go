package explore_test

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/fake/explore"
)

// smallest returns the bounds of ExampleExplore: one DC at one replica
// with revisionHistoryLimit 1, no oc command, no fault, no stale read.
func smallest() explore.Options {
	o := explore.Defaults(dcplan.Modern.Settings())
	o.Replicas, o.Limits, o.Users, o.Faults, o.Stale = []int{1}, []int{1}, 0, 0, 0
	return o
}

// TestExploreChecksCallersProperties holds that Options.Properties are
// judged as fake.Invariants are: State on every state the search keeps,
// Rest at the fixed points, Transition on the moves; that each
// violation comes under the property's name with a shortest trace to it;
// and that properties that hold leave the search as it was.
func TestExploreChecksCallersProperties(t *testing.T) {
	base := mustExplore(t, smallest())
	for _, v := range base.Violations {
		t.Fatalf("the smallest world violates %s without Properties: %v", v.Property, v.Err)
	}

	var states, rests, moves int
	o := smallest()
	o.Properties = []fake.Invariant{
		{Name: "CountStates", State: func(fake.ConfigState) error { states++; return nil }},
		{Name: "CountRests", Rest: func(c fake.ConfigState) error {
			rests++
			if len(c.Deployments) == 0 {
				return fmt.Errorf("at rest with no RC")
			}
			return nil
		}},
		{Name: "CountMoves", Transition: func(fake.Transition) error { moves++; return nil }},
	}
	res := mustExplore(t, o)
	for _, v := range res.Violations {
		t.Errorf("%s reported violated: %v", v.Property, v.Err)
	}
	if res.States != base.States || res.Transitions != base.Transitions {
		t.Errorf("with properties that hold: %d states, %d transitions; want %d and %d, as without", res.States, res.Transitions, base.States, base.Transitions)
	}
	if states != res.States {
		t.Errorf("the State property was judged %d times, want once per state kept (%d)", states, res.States)
	}
	if rests == 0 || rests >= states {
		t.Errorf("the Rest property was judged %d times over %d states, want at the fixed points only", rests, states)
	}
	if moves == 0 || moves > res.Transitions {
		t.Errorf("the Transition property was judged %d times over %d transitions", moves, res.Transitions)
	}

	// Properties that fail: each is reported once, under its name, with
	// the shortest trace to it.
	o = smallest()
	o.Properties = []fake.Invariant{
		{Name: "NoRC", Rule: "3.2.12", State: func(c fake.ConfigState) error {
			if len(c.Deployments) > 0 {
				return fmt.Errorf("%d RCs", len(c.Deployments))
			}
			return nil
		}},
		{Name: "NeverAtRest", Rest: func(fake.ConfigState) error { return errors.New("at rest") }},
		{Name: "NoDeployerWrites", Transition: func(t fake.Transition) error {
			if t.Actor == "deployer" && len(t.Writes) > 0 {
				return fmt.Errorf("the deployer wrote %s", t.Writes[0].Request.Resource)
			}
			return nil
		}},
	}
	res = mustExplore(t, o)
	got := map[string]explore.Violation{}
	for _, v := range res.Violations {
		if _, twice := got[v.Property]; twice {
			t.Errorf("%s reported twice", v.Property)
		}
		got[v.Property] = v
	}
	if len(got) != 3 {
		t.Fatalf("violations of %v, want NoRC, NeverAtRest and NoDeployerWrites", slices.Sorted(maps.Keys(got)))
	}
	if v := got["NoRC"]; len(v.Trace) != 1 || v.Trace[0].Actor != explore.ActorConfig || v.Err.Error() != "1 RCs" {
		t.Errorf("NoRC: trace %v, error %v; want the DC controller's first pass, which creates the RC (SPEC 3.2.12)", v.Trace, v.Err)
	}
	if v := got["NoDeployerWrites"]; len(v.Trace) == 0 || v.Trace[len(v.Trace)-1].Actor != explore.ActorDeployer {
		t.Errorf("NoDeployerWrites: trace %v, want one ending in a deployer pass", v.Trace)
	}
	if v := got["NeverAtRest"]; len(v.Trace) < 2 || v.Err.Error() != "at rest" {
		t.Errorf("NeverAtRest: trace %v, error %v; want a finished rollout", v.Trace, v.Err)
	}
}

// ExampleOptions_properties checks a property of one's own beside the
// controllers' invariants: here, that a DC at one replica never has more
// than two RCs with pods, through every interleaving of its first
// rollout.
func ExampleOptions_properties() {
	o := explore.Defaults(dcplan.Modern.Settings())
	o.Replicas, o.Limits, o.Users, o.Faults, o.Stale = []int{1}, []int{1}, 0, 0, 0
	o.Properties = []fake.Invariant{{Name: "AtMostTwoScaledRCs", State: func(c fake.ConfigState) error {
		scaled := 0
		for _, d := range c.Deployments {
			if d.Replicas > 0 {
				scaled++
			}
		}
		if scaled > 2 {
			return fmt.Errorf("%d RCs with replicas", scaled)
		}
		return nil
	}}}
	res, err := explore.Explore(o)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d states, %d violations\n", res.States, len(res.Violations))
	// Output:
	// 254 states, 0 violations
}
