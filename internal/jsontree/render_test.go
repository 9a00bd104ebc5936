package jsontree

import (
	"encoding/json"
	"fmt"
	"strings"
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

// TestAppendCanonicalAllocatesNothing: rendering a tree into a buffer with
// room for it allocates nothing, for objects of up to 24 members, whose
// keys are sorted in an array on the stack.
func TestAppendCanonicalAllocatesNothing(t *testing.T) {
	var doc strings.Builder
	doc.WriteString(`{"nested":{"b":[1,{"q":null,"p":"<&>"}],"a":"é\u2028"}`)
	for i := range 23 {
		fmt.Fprintf(&doc, `,"k%02d":%d`, 23-i, i)
	}
	doc.WriteByte('}')
	tree, err := Parse([]byte(doc.String()))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(tree.(map[string]any)); n != 24 {
		t.Fatalf("the object has %d members, want 24", n)
	}
	b := make([]byte, 0, 1<<12)
	for _, dropNull := range []bool{false, true} {
		if allocs := testing.AllocsPerRun(20, func() { b = AppendCanon(b[:0], tree, dropNull) }); allocs != 0 {
			t.Errorf("AppendCanon(dropNull %v) allocates %v times; want 0", dropNull, allocs)
		}
	}
}
