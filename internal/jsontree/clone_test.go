package jsontree

import (
	"reflect"
	"testing"
)

// TestCloneIsDeep edits every level of a clone and checks the original
// against a second parse of the same document (not against another clone,
// which a shallow Clone would leave sharing the original's objects).
func TestCloneIsDeep(t *testing.T) {
	const doc = `{"a":{"b":[1,{"c":"x"}]},"d":null}`
	orig, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if got := Clone(orig); !reflect.DeepEqual(got, want) {
		t.Fatalf("Clone = %v, want %v", got, want)
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
