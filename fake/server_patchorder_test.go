package fake

import (
	"testing"

	"github.com/dcplan/dcplan/internal/jsontree"
)

// TestSMPListOrder checks the order of merged lists against what
// apimachinery v0.37.2's strategicpatch.StrategicMergePatch gives for the
// same stored object and patch (of a v1 ReplicationController).
func TestSMPListOrder(t *testing.T) {
	tests := []struct{ stored, patch, want string }{
		{`{"metadata":{"ownerReferences":[{"uid":"dc"}]}}`, `{"metadata":{"ownerReferences":[{"uid":"x"}]}}`,
			`{"metadata":{"ownerReferences":[{"uid":"x"},{"uid":"dc"}]}}`},
		{`{"metadata":{"finalizers":["b","c"]}}`, `{"metadata":{"finalizers":["a","b"]}}`,
			`{"metadata":{"finalizers":["a","b","c"]}}`},
		{`{"metadata":{"finalizers":["b","c"]}}`, `{"metadata":{"finalizers":["c","a"]}}`,
			`{"metadata":{"finalizers":["b","c","a"]}}`},
		{`{"metadata":{"ownerReferences":[{"uid":"a"},{"uid":"b"}]}}`, `{"metadata":{"ownerReferences":[{"uid":"b","name":"n"},{"uid":"x"}]}}`,
			`{"metadata":{"ownerReferences":[{"uid":"a"},{"name":"n","uid":"b"},{"uid":"x"}]}}`},
		{`{"metadata":{"ownerReferences":[{"uid":"a"},{"uid":"b"}]}}`, `{"metadata":{"ownerReferences":[{"uid":"a","$patch":"delete"},{"uid":"x"}]}}`,
			`{"metadata":{"ownerReferences":[{"uid":"x"},{"uid":"b"}]}}`},
		{`{"metadata":{"ownerReferences":[{"uid":"a"}]}}`, `{"metadata":{"ownerReferences":[{"uid":"a","name":"n"},{"uid":"a","$patch":"delete"}]}}`,
			`{"metadata":{"ownerReferences":[{"name":"n","uid":"a"}]}}`},
		{`{"metadata":{"finalizers":["b","c"]}}`, `{"metadata":{"$deleteFromPrimitiveList/finalizers":["b"],"finalizers":["a","b"]}}`,
			`{"metadata":{"finalizers":["a","b","c"]}}`},
	}
	for _, tc := range tests {
		stored, err := jsontree.ParseStd([]byte(tc.stored))
		if err != nil {
			t.Fatal(err)
		}
		patch, err := jsontree.ParseStd([]byte(tc.patch))
		if err != nil {
			t.Fatal(err)
		}
		got, err := mergePatch(stored, patch, "", true)
		if err != nil {
			t.Errorf("%s + %s: %v", tc.stored, tc.patch, err)
			continue
		}
		if s := string(mustMarshal(got)); s != tc.want {
			t.Errorf("%s + %s:\n got %s\nwant %s", tc.stored, tc.patch, s, tc.want)
		}
	}
}
