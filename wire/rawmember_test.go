package wire

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
)

// TestRawMember reads members of canonical and hand-made objects: the
// member a parser keeps, or nil where rawMember cannot be sure of it.
func TestRawMember(t *testing.T) {
	tests := []struct {
		raw, key, want string
		why            string
	}{
		{`{"a":1,"spec":{"x":[1,"}"]},"z":null}`, "spec", `{"x":[1,"}"]}`, "a nested value, brackets inside strings"},
		{`{"a":1,"z":null}`, "z", "", "null reads as absent"},
		{`{"a":1}`, "b", "", "absent"},
		{`{"spec":1,"spec":2}`, "spec", "2", "of duplicate keys the last, as parsers keep it"},
		{`{"spec":1,"sp\u0065c":2}`, "spec", "", "an escaped key could spell key: unknown"},
		{`{ "spec":1}`, "spec", "", "not canonical: unknown"},
		{`[1]`, "spec", "", "no object"},
	}
	for _, tt := range tests {
		if got := string(rawMember([]byte(tt.raw), tt.key)); got != tt.want {
			t.Errorf("%s: rawMember(%s, %q) = %q, want %q", tt.why, tt.raw, tt.key, got, tt.want)
		}
	}
}

// TestPutTemplateKeepsWhatReads pins putTemplate's shortcut (orig equal to
// t.Raw, containers already t's) to the full overlay: the same tree, for
// the fixture templates and for containers that differ.
func TestPutTemplateKeepsWhatReads(t *testing.T) {
	d, err := DecodeDeployment(fixture(t, "rc-frontend-3-complete.json"))
	if err != nil {
		t.Fatal(err)
	}
	orig := rawMember(rawMember(d.Raw, "spec"), "template")
	if orig == nil {
		t.Fatal("the fixture has no spec.template")
	}
	edits := map[string]func(tp *dcplan.Template){
		"as decoded":    func(*dcplan.Template) {},
		"image changed": func(tp *dcplan.Template) { tp.Containers[0].Image += "-2" },
		"container added": func(tp *dcplan.Template) {
			tp.Containers = append(tp.Containers, dcplan.Container{Name: "side", Image: "x"})
		},
		"containers none": func(tp *dcplan.Template) { tp.Containers = nil },
		"name emptied":    func(tp *dcplan.Template) { tp.Containers[0].Name = "" },
		"raw from another": func(tp *dcplan.Template) {
			tp.Raw = dcplan.RawJSON(`{"spec":{"containers":[{"image":"i","name":"n"}]}}`)
		},
	}
	for name, edit := range edits {
		tp := d.Template
		tp.Containers = append([]dcplan.Container(nil), tp.Containers...)
		edit(&tp)
		fast := objectOf(rawMember(d.Raw, "spec"))
		putTemplate(fast, "template", tp, orig)
		full := objectOf(rawMember(d.Raw, "spec"))
		putTemplate(full, "template", tp, nil)
		if !reflect.DeepEqual(fast, full) {
			t.Errorf("%s: with orig\n%s\nwithout\n%s", name, jsontree.AppendCanonical(nil, fast), jsontree.AppendCanonical(nil, full))
		}
	}
}

// TestHandMadeRawCutShort checks the encoders on a hand-made Raw cut
// short (no JSON): treated as absent, as treeOf treats an invalid Raw,
// never a panic of rawMember reading past a key or value.
func TestHandMadeRawCutShort(t *testing.T) {
	for _, raw := range []string{`{"`, `{"a`, `{"spec"`, `{"spec":`, `{"a":1,"`, `{"spec":{"`, `{"spec":"\"}`, `{"spec":{"template":1`} {
		if got := rawMember([]byte(raw), "spec"); got != nil {
			t.Errorf("rawMember(%s, spec) = %s, want nil", raw, got)
		}
		d := dcplan.Deployment{Name: "x", Raw: dcplan.RawJSON(raw)}
		if b, err := EncodeDeployment(d); err != nil || !bytes.Contains(b, []byte(`"name":"x"`)) {
			t.Errorf("EncodeDeployment with Raw %s = %s, %v", raw, b, err)
		}
		c := dcplan.Config{Name: "x", Raw: dcplan.RawJSON(raw)}
		if b, err := EncodeConfig(c); err != nil || !bytes.Contains(b, []byte(`"name":"x"`)) {
			t.Errorf("EncodeConfig with Raw %s = %s, %v", raw, b, err)
		}
		if _, err := Reencoded(dcplan.Snapshot{Config: c, Deployments: []dcplan.Deployment{d}}); err != nil {
			t.Errorf("Reencoded with Raw %s: %v", raw, err)
		}
	}
}
