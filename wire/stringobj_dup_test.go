package wire

import (
	"strconv"
	"strings"
	"testing"
)

// shadowedLabels is an RC whose labels are n numbers, each shadowed by a
// later string of the same key: the last duplicate wins, as in
// encoding/json, so the object decodes.
func shadowedLabels(n int) []byte {
	return []byte(`{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"x","labels":{` +
		strings.Repeat(`"k":0,`, n) + `"k":"v"}}}`)
}

// TestShadowedLabelsDecode: labels of shadowed numbers decode, the last
// duplicate (a string) winning. stringObj looked each shadowed member's
// key up again (Tape.Member walks the whole object), so such labels took
// time quadratic in their members: 20 000 of them, this 120 KB document,
// about 10 s; BenchmarkDecodeShadowedLabels measures the cost per member.
func TestShadowedLabelsDecode(t *testing.T) {
	if _, err := DecodeDeployment(shadowedLabels(20_000)); err != nil {
		t.Fatalf("DecodeDeployment: %v; want the last duplicate, a string, to win", err)
	}
}

// BenchmarkDecodeShadowedLabels decodes labels of n shadowed numbers: the
// time per member stays flat as n grows (go test ./wire -run '^$' -bench
// ShadowedLabels).
func BenchmarkDecodeShadowedLabels(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		doc := shadowedLabels(n)
		b.Run("members="+strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				if _, err := DecodeDeployment(doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestShadowedLabelTypeError: a member that is no string is an error only
// when no later duplicate shadows it, and the error names the first such
// member in document order.
func TestShadowedLabelTypeError(t *testing.T) {
	for _, tc := range []struct{ labels, field string }{
		{`"a":1,"a":"x"`, ""},
		{`"b":"x","a":1,"b":2`, "metadata.labels[a]"},
		{`"b":1,"a":"x","a":true`, "metadata.labels[b]"},
		{`"b":1,"a":"x","b":"y","a":null`, "metadata.labels[a]"},
	} {
		_, err := DecodeDeployment([]byte(`{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"x","labels":{` + tc.labels + `}}}`))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if tc.field == "" && err != nil || tc.field != "" && !strings.Contains(got, tc.field) {
			t.Errorf("labels {%s}: error %q; want one naming %q", tc.labels, got, tc.field)
		}
	}
}
