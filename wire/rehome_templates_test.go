package wire

import (
	"testing"
	"time"
	"unsafe"

	"github.com/dcplan/dcplan"
)

// TestDecodedTemplatesShareOnlyTheDCs: a DC's pod template (the DC's own,
// and the one each RC's encoded DC carries) has its label keys and values
// and its hash interned, one data pointer across decodes, while an RC's
// own template, which carries the RC's name and version, keeps copies of
// its own (rehome.go, visitTemplate's own). Kills the mutant that swapped
// the two (`if !(own)`).
func TestDecodedTemplatesShareOnlyTheDCs(t *testing.T) {
	s, err := DecodeSnapshot(fixture(t, "list-dc-rc-pods.json"), "shop", "frontend", time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC), dcplan.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	same := func(a, b string) bool { return unsafe.StringData(a) == unsafe.StringData(b) }
	strs := func(tp dcplan.Template) []string {
		out := []string{tp.Hash}
		for _, kv := range tp.Labels {
			out = append(out, kv.Key, kv.Value)
		}
		return out
	}
	dc := s.Config.Template
	if len(dc.Labels) != 2 || dc.Hash == "" {
		t.Fatalf("the fixture DC's template: labels %v, hash %q; want two labels and a hash", dc.Labels, dc.Hash)
	}
	for _, v := range strs(dc) {
		if !interned(v) {
			t.Errorf("the DC's template string %q is not the interned copy", v)
		}
	}
	if len(s.Deployments) != 3 {
		t.Fatalf("the fixture has %d RCs, want 3", len(s.Deployments))
	}
	for _, d := range s.Deployments {
		if d.Encoded == nil {
			t.Fatalf("%s: no encoded DC", d.Name)
		}
		if enc := d.Encoded.Template; enc.Hash == dc.Hash && !same(enc.Hash, dc.Hash) {
			t.Errorf("%s: the encoded DC's template hash is a copy of the DC's", d.Name)
		}
		own := strs(d.Template)
		if len(own) != 7 {
			t.Fatalf("%s: own template strings %q, want a hash and three labels", d.Name, own)
		}
		for _, v := range own {
			if interned(v) {
				t.Errorf("%s: its own template string %q is the interned copy, not its own", d.Name, v)
			}
		}
	}
}
