package dcplan_test

import (
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestPlanRules checks Plan.Rules: the rules of the plan's writes in
// contract order (the order of the Plan's action fields, the status
// write last), each once, events and empty rules left out. Every action
// field is filled through reflection, so that an action kind added to
// Plan without a line in Rules fails here.
func TestPlanRules(t *testing.T) {
	// Rules made up at run time, one per action field: what Rules lists
	// is the plan's, whatever the ids are.
	made := func(n int) dcplan.Rule { return dcplan.Rule(strconv.Itoa(900+n) + ".1") }
	var p dcplan.Plan
	var want []dcplan.Rule
	v := reflect.ValueOf(&p).Elem()
	for i := range v.NumField() {
		f, field := v.Field(i), v.Type().Field(i)
		if f.Kind() != reflect.Slice || field.Name == "Events" {
			continue
		}
		rule := made(i)
		// Two actions of the rule, one without a rule: it is listed once.
		for _, r := range []dcplan.Rule{rule, "", rule} {
			a := reflect.New(f.Type().Elem()).Elem()
			a.FieldByName("Rule").Set(reflect.ValueOf(r))
			f.Set(reflect.Append(f, a))
		}
		want = append(want, rule)
	}
	// An action citing a rule an earlier field cited is not listed again.
	p.DeleteRCs = append(p.DeleteRCs, dcplan.DeleteRC{Rule: want[0]})
	p.Status = &dcplan.StatusUpdate{Rule: made(100)}
	p.Events = []dcplan.Event{{Rule: made(101)}}
	want = append(want, made(100))
	if len(want) < 14 {
		t.Fatalf("found %d action fields with the status, want at least 14: the test no longer reads Plan", len(want))
	}
	if got := p.Rules(); !slices.Equal(got, want) {
		t.Errorf("Rules() =\n%q\nwant\n%q", got, want)
	}
	if got := (&dcplan.Plan{}).Rules(); len(got) != 0 {
		t.Errorf("Rules() of the empty plan = %q, want none", got)
	}
}
