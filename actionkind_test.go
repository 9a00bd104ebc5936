package dcplan_test

import (
	"reflect"
	"testing"

	"github.com/dcplan/dcplan"
)

// The action kinds follow the write fields of Plan in declaration order,
// the adapter order (SPEC 11 item 9): Plan's k-th write slice counts as
// kind k, and its status write as the last kind.
func TestActionKindsFollowThePlan(t *testing.T) {
	var p dcplan.Plan
	v := reflect.ValueOf(&p).Elem()
	k := dcplan.ActionAdopt
	for i := range v.NumField() {
		f, name := v.Field(i), v.Type().Field(i).Name
		if f.Kind() != reflect.Slice || name == "Events" {
			continue
		}
		f.Set(reflect.MakeSlice(f.Type(), int(k), int(k))) // k actions of the k-th kind
		k++
	}
	if k != dcplan.ActionStatus {
		t.Fatalf("Plan has %d write slices, the kinds name %d before the status write", k-1, dcplan.ActionStatus-1)
	}
	p.Status = &dcplan.StatusUpdate{}
	n := p.Counts()
	for kind := dcplan.ActionAdopt; kind < dcplan.ActionStatus; kind++ {
		if n[kind] != int(kind) {
			t.Errorf("Counts()[%s] = %d, want %d: kind %d is not Plan's write slice %d", kind, n[kind], kind, kind, kind)
		}
	}
	if n[dcplan.ActionStatus] != 1 {
		t.Errorf("Counts()[status] = %d, want 1", n[dcplan.ActionStatus])
	}
}
