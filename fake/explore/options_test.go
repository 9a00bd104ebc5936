package explore_test

import (
	"errors"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/fake/explore"
)

// holds is a property of a world that always holds.
func holds(fake.ConfigState) error { return nil }

// TestExploreRefusesInvalidOptions holds that Explore refuses, before
// exploring anything, options that would otherwise explore something
// else than asked (a negative latestVersion bound acting as 1, a replica
// count that wraps in int32), nothing at all (an empty list), report a
// nonsense world as the controllers' violation (replicas -1), or panic
// (an unknown operation): each is an *OptionError naming the field and
// its value, wrapping ErrInvalidOptions.
func TestExploreRefusesInvalidOptions(t *testing.T) {
	type optionCase struct {
		name string
		why  string
		edit func(*explore.Options)
		want explore.OptionError
	}
	tests := []optionCase{
		{name: "versions", why: "-versions -1 acted like 1", edit: func(o *explore.Options) { o.Versions = -1 },
			want: explore.OptionError{Field: "Versions", Value: "-1", Problem: "must not be negative (0: the default, 3)"}},
		{name: "negative replicas", why: "-replicas -1 was reported as a controller violation", edit: func(o *explore.Options) { o.Replicas = []int{1, -1} },
			want: explore.OptionError{Field: "Replicas[1]", Value: "-1", Problem: "must be from 0 to 2147483647"}},
		{name: "no replicas", why: "an empty list explored 0 states and found nothing", edit: func(o *explore.Options) { o.Replicas = []int{} },
			want: explore.OptionError{Field: "Replicas", Value: "[]", Problem: "no replica count (nil: the default)"}},
		{name: "repeated replicas", why: "-replicas 1,1 searched the same worlds twice and printed replicas=[1 1]", edit: func(o *explore.Options) { o.Replicas = []int{1, 1} },
			want: explore.OptionError{Field: "Replicas[1]", Value: "1", Problem: "given twice"}},
		{name: "repeated limits", why: "the same searches twice", edit: func(o *explore.Options) { o.Limits = []int{-1, 2, -1} },
			want: explore.OptionError{Field: "Limits[2]", Value: "-1", Problem: "given twice"}},
		{name: "limit", why: "-1 is none; below it is nothing", edit: func(o *explore.Options) { o.Limits = []int{-2} },
			want: explore.OptionError{Field: "Limits[0]", Value: "-2", Problem: "must be from -1 to 2147483647"}},
		{name: "no limits", why: "an empty list explored nothing", edit: func(o *explore.Options) { o.Limits = []int{} },
			want: explore.OptionError{Field: "Limits", Value: "[]", Problem: "no history limit (nil: the default)"}},
		{name: "unknown op", why: "it panicked in the middle of the search", edit: func(o *explore.Options) { o.Ops = []string{"latest", "rollback"} },
			want: explore.OptionError{Field: "Ops[1]", Value: `"rollback"`, Problem: "unknown operation: want one of cancel, retry, latest, pause, resume, undo, scale, edit, delete"}},
		{name: "no ops", why: "Users 0 makes none", edit: func(o *explore.Options) { o.Ops = []string{} },
			want: explore.OptionError{Field: "Ops", Value: "[]", Problem: "no operation (nil: all but delete; Users 0: none)"}},
		{name: "repeated op", why: "the same moves twice", edit: func(o *explore.Options) { o.Ops = []string{"latest", "latest"} },
			want: explore.OptionError{Field: "Ops[1]", Value: `"latest"`, Problem: "given twice"}},
		{name: "users", why: "a budget below zero", edit: func(o *explore.Options) { o.Users = -1 },
			want: explore.OptionError{Field: "Users", Value: "-1", Problem: "must not be negative (0: none)"}},
		{name: "hooks", why: "a budget below zero", edit: func(o *explore.Options) { o.Hooks = -1 },
			want: explore.OptionError{Field: "Hooks", Value: "-1", Problem: "must not be negative (0: none)"}},
		{name: "clock", why: "a budget below zero", edit: func(o *explore.Options) { o.Clock = -1 },
			want: explore.OptionError{Field: "Clock", Value: "-1", Problem: "must not be negative (0: none)"}},
		{name: "kinds", why: "there are five kinds", edit: func(o *explore.Options) { o.Kinds = 6 },
			want: explore.OptionError{Field: "Kinds", Value: "6", Problem: "must be from 0 (no bound) to 5"}},
		{name: "max", why: "a bound below zero", edit: func(o *explore.Options) { o.MaxStates = -1 },
			want: explore.OptionError{Field: "MaxStates", Value: "-1", Problem: "must not be negative (0: no limit)"}},
		{name: "unnamed property", why: "its violation would have no name", edit: func(o *explore.Options) { o.Properties = []fake.Invariant{{State: holds}} },
			want: explore.OptionError{Field: "Properties[0].Name", Value: `""`, Problem: "must name the property"}},
		{name: "invariant's name", why: "its violation would read as fake's invariant's", edit: func(o *explore.Options) {
			o.Properties = []fake.Invariant{{Name: "Mine", State: holds}, {Name: "OneRolloutInFlight", State: holds}}
		}, want: explore.OptionError{Field: "Properties[1].Name", Value: `"OneRolloutInFlight"`, Problem: "is the name of a property the explorer checks already"}},
		{name: "search check's name", why: "its violation would read as the search's own", edit: func(o *explore.Options) { o.Properties = []fake.Invariant{{Name: "Liveness", Rest: holds}} },
			want: explore.OptionError{Field: "Properties[0].Name", Value: `"Liveness"`, Problem: "is the name of a property the explorer checks already"}},
		{name: "property twice", why: "only the first violation of a name is kept", edit: func(o *explore.Options) {
			o.Properties = []fake.Invariant{{Name: "Mine", State: holds}, {Name: "Mine", Rest: holds}}
		}, want: explore.OptionError{Field: "Properties[1].Name", Value: `"Mine"`, Problem: "given twice"}},
		{name: "property without a check", why: "it would never be judged", edit: func(o *explore.Options) { o.Properties = []fake.Invariant{{Name: "Mine"}} },
			want: explore.OptionError{Field: "Properties[0]", Value: `"Mine"`, Problem: "sets 0 of State, Rest and Transition, want exactly one"}},
		{name: "property with two checks", why: "a State check would also run at rest", edit: func(o *explore.Options) {
			o.Properties = []fake.Invariant{{Name: "Mine", State: holds, Transition: func(fake.Transition) error { return nil }}}
		}, want: explore.OptionError{Field: "Properties[0]", Value: `"Mine"`, Problem: "sets 2 of State, Rest and Transition, want exactly one"}},
	}
	// An int beyond int32 exists only where int has 64 bits.
	if huge := int64(3_000_000_000); strconv.IntSize == 64 {
		tests = append(tests, optionCase{name: "huge replicas", why: "3000000000 wrapped in int32", edit: func(o *explore.Options) { o.Replicas = []int{int(huge)} },
			want: explore.OptionError{Field: "Replicas[0]", Value: "3000000000", Problem: "must be from 0 to 2147483647"}})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := explore.Defaults(dcplan.Modern.Settings())
			tt.edit(&o)
			res, err := explore.Explore(o)
			var got *explore.OptionError
			if !errors.As(err, &got) || !errors.Is(err, explore.ErrInvalidOptions) {
				t.Fatalf("Explore() = %d states, error %v; want an *OptionError (%s)", res.States, err, tt.why)
			}
			if d := cmp.Diff(tt.want, *got); d != "" {
				t.Errorf("Explore() error mismatch (-want +got) (%s):\n%s", tt.why, d)
			}
			if res.States != 0 {
				t.Errorf("Explore() explored %d states with options it refused", res.States)
			}
		})
	}
	o := explore.Defaults(dcplan.Settings{Switches: dcplan.Switches{Paused: 99}})
	if _, err := explore.Explore(o); !errors.Is(err, explore.ErrInvalidOptions) || !errors.Is(err, dcplan.ErrInvalidSettings) {
		t.Errorf("Explore() with an unknown switch value = %v, want ErrInvalidOptions and ErrInvalidSettings", err)
	}
	if err := explore.Defaults(dcplan.Exact.Settings()).Validate(); err != nil {
		t.Errorf("Defaults().Validate() = %v", err)
	}
	if err := (explore.Options{}).Validate(); err != nil {
		t.Errorf("Options{}.Validate() = %v: the zero value stands for the defaults", err)
	}
}

// TestMaxStatesBoundsStates holds that Options.MaxStates bounds the
// states a search keeps: -max 10 reported 19, the moves of the state
// expanded when the limit was reached adding theirs past it.
func TestMaxStatesBoundsStates(t *testing.T) {
	for _, limit := range []int{1, 10, 97} {
		o := explore.Defaults(dcplan.Modern.Settings())
		o.MaxStates = limit
		res := mustExplore(t, o)
		if res.States > limit || !res.Truncated {
			t.Errorf("MaxStates %d: %d states, truncated %v; want at most %d, truncated", limit, res.States, res.Truncated, limit)
		}
	}
	o := explore.Defaults(dcplan.Modern.Settings())
	o.Replicas, o.Limits, o.Users, o.Faults, o.Stale, o.Hooks = []int{1}, []int{1}, 0, 0, 0, 0
	o.MaxStates = 1000 // more than the search reaches
	if res := mustExplore(t, o); res.Truncated || res.States == 0 {
		t.Errorf("MaxStates above the search's size: %d states, truncated %v", res.States, res.Truncated)
	}
}
