package dcplan_test

import (
	"testing"

	"github.com/dcplan/dcplan"
)

// TestOutcomeFailed: Failed finds the failure of one kind of action on one
// object, and Any a failure of one kind on any object (SPEC 13: the
// planners answer each failed request of the pass); a Prelude failure (the
// adoption patch sent before a reclaimed update, SPEC 3.3.reclaim) counts
// for its own kind only.
func TestOutcomeFailed(t *testing.T) {
	scale := dcplan.Failure{Action: dcplan.ActionScale, Name: "web-1", Reason: dcplan.StatusConflict, Code: 409}
	cancel := dcplan.Failure{Action: dcplan.ActionCancel, Name: "web-2", Prelude: true}
	o := dcplan.Outcome{Failures: []dcplan.Failure{scale, cancel}}
	tests := []struct {
		kind    dcplan.ActionKind
		name    string
		want    dcplan.Failure
		wantOK  bool
		wantAny bool
	}{
		{dcplan.ActionScale, "web-1", scale, true, true},
		{dcplan.ActionScale, "web-2", dcplan.Failure{}, false, true},
		{dcplan.ActionCancel, "web-2", cancel, true, true},
		{dcplan.ActionCancel, "web-1", dcplan.Failure{}, false, true},
		{dcplan.ActionTransition, "web-2", dcplan.Failure{}, false, false},
	}
	for _, tt := range tests {
		got, ok := o.Failed(tt.kind, tt.name)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("Failed(%v, %q) = %+v, %v; want %+v, %v", tt.kind, tt.name, got, ok, tt.want, tt.wantOK)
		}
		if gotAny := o.Any(tt.kind); gotAny != tt.wantAny {
			t.Errorf("Any(%v) = %v, want %v", tt.kind, gotAny, tt.wantAny)
		}
	}
}
