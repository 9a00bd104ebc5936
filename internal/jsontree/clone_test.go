package jsontree

import (
	"reflect"
	"testing"
)

// TestCloneIsDeep edits every level of a clone and checks the original.
func TestCloneIsDeep(t *testing.T) {
	orig, err := Parse([]byte(`{"a":{"b":[1,{"c":"x"}]},"d":null}`))
	if err != nil {
		t.Fatal(err)
	}
	want := Clone(orig)
	if !reflect.DeepEqual(want, orig) {
		t.Fatalf("Clone = %v, want %v", want, orig)
	}
	c := Clone(orig).(map[string]any)
	a := c["a"].(map[string]any)
	l := a["b"].([]any)
	l[1].(map[string]any)["c"] = "y"
	l[0] = "z"
	a["new"] = true
	c["d"] = 1
	if !reflect.DeepEqual(orig, want) {
		t.Fatalf("editing the clone changed the original: %s", AppendCanonical(nil, orig))
	}
}
