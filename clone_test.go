package dcplan_test

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
)

// TestCloneSharesNoMemory fills every exported field reachable from a
// Snapshot (every slice and pointer set, the encoded DC of an RC and the
// live RC of an outcome included) and checks that Clone returns an equal
// snapshot of which no slice or pointer shares memory with the original
// (Snapshot.Clone: "no slice of the copy aliases s"; STYLE rule 2: a
// planner clones before it writes, and After's result shares no memory
// with its input). A field a Clone method forgets is named by its path.
func TestCloneSharesNoMemory(t *testing.T) {
	s, _ := filled[dcplan.Snapshot](-1)
	c := s.Clone()
	if d := cmp.Diff(s, c); d != "" {
		t.Fatalf("Clone() differs from the original (-orig +clone):\n%s", d)
	}
	for _, path := range shared(reflect.ValueOf(s), reflect.ValueOf(c), "Snapshot") {
		t.Errorf("Clone() shares %s with the original", path)
	}
}

// TestCloneKeepsNil checks that Clone keeps the normal form (STYLE rule
// 23): a nil slice stays nil, an empty one empty, so that a clone of a
// snapshot compares equal to it with cmp and no options.
func TestCloneKeepsNil(t *testing.T) {
	for _, s := range []dcplan.Snapshot{
		{},
		{Deployments: []dcplan.Deployment{}, Pods: []dcplan.Pod{}, Unobserved: []string{},
			Config: dcplan.Config{Triggers: []dcplan.Trigger{}, Raw: dcplan.RawJSON{}}},
	} {
		if d := cmp.Diff(s, s.Clone()); d != "" {
			t.Errorf("Clone() changed nil or empty slices (-orig +clone):\n%s", d)
		}
	}
}

// shared walks a and b, values of one type, in parallel and returns the
// paths of the non-empty slices and non-nil pointers they share.
func shared(a, b reflect.Value, path string) []string {
	var out []string
	switch a.Kind() {
	case reflect.Struct:
		for i := range a.NumField() {
			if a.Type().Field(i).IsExported() {
				out = append(out, shared(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name)...)
			}
		}
	case reflect.Slice:
		if a.Len() > 0 && b.Len() > 0 && a.Pointer() == b.Pointer() {
			out = append(out, path)
		}
		for i := range min(a.Len(), b.Len()) {
			out = append(out, shared(a.Index(i), b.Index(i), path+"[i]")...)
		}
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return nil
		}
		if a.Pointer() == b.Pointer() {
			out = append(out, path)
		}
		out = append(out, shared(a.Elem(), b.Elem(), "(*"+path+")")...)
	}
	return out
}
