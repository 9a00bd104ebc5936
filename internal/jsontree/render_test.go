package jsontree

import (
	"encoding/json"
	"testing"

	"pgregory.net/rapid"
)

// TestAppendStringMatchesMarshal pins the escaper to encoding/json.
func TestAppendStringMatchesMarshal(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, s string) {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		if got := AppendString(nil, s); string(got) != string(want) {
			t.Fatalf("AppendString(%q) = %s, want %s", s, got, want)
		}
	}
	for _, s := range []string{"", "plain", "q\"b\\s", "\b\f\n\r\t\x00\x1f\x7f", "<a href='x'>&amp;</a>", "\u2028\u2029", "ünïcødé 😀", "bad\xffutf8\xc3", "\xe2\x80"} {
		check(t, s)
	}
	rapid.Check(t, func(rt *rapid.T) {
		check(rt, rapid.OneOf(rapid.String(), rapid.StringMatching(`[\x00-\x7f]*`),
			rapid.Map(rapid.SliceOf(rapid.Byte()), func(b []byte) string { return string(b) })).Draw(rt, "s"))
	})
}
