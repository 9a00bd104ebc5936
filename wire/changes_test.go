package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
	"pgregory.net/rapid"
)

// TestIndexCanonical checks which documents indexCanonical places: a
// JSON object in canonical form, and nothing else (readWritten puts the
// others in canonical form first).
func TestIndexCanonical(t *testing.T) {
	for _, c := range []struct {
		doc  string
		want bool
	}{
		{`{}`, true},
		{`{"a":1,"b":[true,false,null,"x\"yé"],"c":{"d":-1.5e+3}}`, true},
		{`{"a":"\u00e9"}`, false},    // canonical form writes é as it stands
		{`{"\u003c":1,"a":2}`, true}, // an escaped key's order is not checked
		{`{"b":1,"a":2}`, false},     // out of order
		{`{"a":1,"a":2}`, false},     // a key twice
		{`{"a": 1}`, false},          // not compact
		{`{"a":01}`, false},
		{`{"a":1.}`, false},
		{`{"a":-}`, false},
		{`{"a":"\x"}`, false},
		{`{"a":"\u12"}`, false},
		{"{\"a\":\"\n\"}", false},
		{`{"a":tru}`, false},
		{`{"a":1}x`, false},
		{`{"a":"\u003c\u0026\u003e\u2028\u0001\n"}`, true}, // escapes canonical form writes
		{`{"a":"<"}`, false},                               // canonical form escapes <, > and &
		{`{"a":"&"}`, false},
		{`{"a":"\/"}`, false}, // an escape canonical form does not write
		{`{"a":"\u0041"}`, false},
		{`{"a":"\ufffd"}`, false}, // JSON text reads it as U+FFFD, written as it stands
		{`{"a":"\u000a"}`, false},
		{`{"a":"\u001F"}`, false},
		{"{\"a\":\"\xff\"}", false},        // invalid UTF-8
		{"{\"a\":\"\u2028\"}", false},      // U+2028 as it stands
		{"{\"a\":\"\u00e9\u4e16\"}", true}, // other UTF-8 as it stands
		{`[1]`, false},
		{`{"a":[1,]}`, false},
		{`{"a"`, false},
		{``, false},
	} {
		spans, ok := indexCanonical([]byte(c.doc), nil)
		if ok != c.want {
			t.Errorf("indexCanonical(%s) = %v, want %v", c.doc, ok, c.want)
		}
		if ok && (spans[0].start != 0 || int(spans[0].end) != len(c.doc) || int(spans[0].next) != len(spans)) {
			t.Errorf("indexCanonical(%s): the document's span is %+v of %d", c.doc, spans[0], len(spans))
		}
	}
}

// TestWrittenRendersInOrder checks that an object as read renders in
// Kubernetes order exactly as the codec's tree rendering writes it, for
// every fixture, and that a hand-made Raw in another form renders as its
// canonical form would.
func TestWrittenRendersInOrder(t *testing.T) {
	for _, name := range []string{"rc-frontend-2-failed-cancelled.json", "rc-frontend-3-complete.json", "rc-frontend-3-new.json"} {
		d, err := DecodeDeployment(fixture(t, name))
		if err != nil {
			t.Fatal(err)
		}
		w, ok := readWritten(d.Raw)
		if !ok {
			t.Fatalf("%s: the decoded Raw does not read", name)
		}
		got := w.render(orderRC, nil)
		w.release()
		if want := renderOrdered(objectOf(d.Raw), orderRC); !bytes.Equal(got, want) {
			t.Errorf("%s: rendered\n%s\nwant\n%s", name, got, want)
		}
	}
	c, err := DecodeConfig(fixture(t, "dc-frontend.json"))
	if err != nil {
		t.Fatal(err)
	}
	spaced := []byte(strings.ReplaceAll(string(c.Raw), `":`, `" : `))
	w, ok := readWritten(spaced)
	if !ok {
		t.Fatal("a spaced DC does not read")
	}
	defer w.release()
	if got, want := w.render(orderDC, nil), renderOrdered(objectOf(c.Raw), orderDC); !bytes.Equal(got, want) {
		t.Errorf("a spaced DC rendered\n%s\nwant\n%s", got, want)
	}
}

// TestWrittenChanges checks how changes apply: a member replaced in
// place, one removed, one added in Kubernetes order, objects created on
// the way (also over a member that is no object), and the patch of the
// same changes, which leaves out a change that changes nothing.
func TestWrittenChanges(t *testing.T) {
	raw := []byte(`{"kind":"ReplicationController","metadata":{"annotations":{"a":"1","b":"2"},"labels":null,"name":"x"},"spec":{"replicas":1},"status":[1]}`)
	w, ok := readWritten(raw)
	if !ok {
		t.Fatal("raw does not read")
	}
	defer w.release()
	var cs changes
	cs = cs.setAnnotation("c", "3")
	cs = cs.removeAnnotation("a")
	cs = cs.setAnnotation("b", "2")
	cs = cs.set([]byte("4"), "spec", "replicas")
	cs = cs.setString("v", "metadata", "labels", "k")
	cs = cs.setString("ns", "metadata", "namespace")
	cs = cs.set([]byte("1"), "status", "replicas")
	cs = cs.remove("spec", "absent")
	cs = typedChanges(cs, kindRC, apiVersionCore)
	want := `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"x","namespace":"ns","labels":{"k":"v"},` +
		`"annotations":{"b":"2","c":"3"}},"spec":{"replicas":4},"status":{"replicas":1}}`
	if got := string(w.render(orderRC, cs)); got != want {
		t.Errorf("render:\n got %s\nwant %s", got, want)
	}
	wantPatch := `{"apiVersion":"v1","metadata":{"annotations":{"a":null,"c":"3"},"labels":{"k":"v"},"namespace":"ns"},"spec":{"replicas":4},"status":{"replicas":1}}`
	if got := string(w.patch(cs)); got != wantPatch {
		t.Errorf("patch:\n got %s\nwant %s", got, wantPatch)
	}
	if got := string(w.patch(nil)); got != "{}" {
		t.Errorf("patch of no change = %s, want {}", got)
	}
	if v, ok := w.text("metadata", "annotations", "b"); !ok || v != "2" {
		t.Errorf("text(b) = %q, %v", v, ok)
	}
	if _, ok := w.text("spec", "replicas"); ok {
		t.Error("text reads a number as a string")
	}
}

// TestWrittenEscapedKeys checks objects whose keys are spelled with
// escapes, as a hand-made Raw may have them: canonical form orders a
// key by what it reads as (json.Marshal's map order), so a Raw whose
// keys around an escaped one are out of order or twice is put in
// canonical form first (the last of duplicates counts, as for the
// server), and a member added beside one lands where json.Marshal puts
// it.
func TestWrittenEscapedKeys(t *testing.T) {
	tests := []struct {
		raw  string
		cs   changes
		want string
	}{
		{`{"spec":{"replicas":1,"\u003c":0,"replicas":2}}`, changes{}.set([]byte("3"), "spec", "replicas"),
			`{"spec":{"replicas":3,"\u003c":0}}`},
		{`{"status":1,"\u003c":0,"status":2}`, changes{}.remove("status"), `{"\u003c":0}`},
		{`{"b":1,"\u003c":2,"a":3}`, nil, `{"\u003c":2,"a":3,"b":1}`},
		{`{"metadata":{"annotations":{"A":"2","\u003cx":"1","z":"3"}}}`, changes{}.setAnnotation("k", "v"),
			`{"metadata":{"annotations":{"\u003cx":"1","A":"2","k":"v","z":"3"}}}`},
		{`{"metadata":{"annotations":{"\u003cx":"1"}}}`, changes{}.setAnnotation("<x", "2"),
			`{"metadata":{"annotations":{"\u003cx":"2"}}}`},
	}
	for _, tt := range tests {
		w, ok := readWritten([]byte(tt.raw))
		if !ok {
			t.Errorf("%s does not read", tt.raw)
			continue
		}
		if got := string(w.render(orderRC, tt.cs)); got != tt.want {
			t.Errorf("render of %s:\n got %s\nwant %s", tt.raw, got, tt.want)
		}
		w.release()
	}
	for _, raw := range []string{`{"replicas":1,"\u003c":0,"replicas":2}`, `{"b":1,"\u003c":2,"a":3}`, `{"\u003e":1,"\u003c":2}`} {
		if _, ok := indexCanonical([]byte(raw), nil); ok {
			t.Errorf("indexCanonical takes %s as canonical", raw)
		}
	}
	if _, ok := indexCanonical([]byte(`{"\u003c":2,"a":3,"b":1}`), nil); !ok {
		t.Error("indexCanonical refuses a canonical object with an escaped key")
	}
}

// TestReencodedCarriesTypedEdits checks that a typed edit reaches the
// request body once the snapshot is re-encoded, and only then: the body
// is the object as read.
func TestReencodedCarriesTypedEdits(t *testing.T) {
	d, err := DecodeDeployment(fixture(t, "rc-frontend-3-complete.json"))
	if err != nil {
		t.Fatal(err)
	}
	s := dcplan.Snapshot{Deployments: []dcplan.Deployment{d}}
	s.Deployments[0].Replicas = 7
	p := dcplan.Plan{Scales: []dcplan.Scale{{RC: d.Name, From: 7, To: 9}}}
	bodyOf := func(s dcplan.Snapshot) string {
		reqs, err := Requests(s, p)
		if err != nil || len(reqs) != 1 {
			t.Fatalf("Requests() = %v, %v", reqs, err)
		}
		return string(reqs[0].Body)
	}
	before := string(s.Deployments[0].Raw)
	re, err := Reencoded(s)
	if err != nil {
		t.Fatal(err)
	}
	if string(s.Deployments[0].Raw) != before {
		t.Error("Reencoded changed its argument")
	}
	if !strings.Contains(string(re.Deployments[0].Raw), `"replicas":7`) {
		t.Errorf("the re-encoded Raw lacks the edited replicas: %s", re.Deployments[0].Raw)
	}
	for _, body := range []string{bodyOf(s), bodyOf(re)} {
		if !strings.Contains(body, `"spec":{"replicas":9,`) {
			t.Errorf("the scale's body lacks the new count: %s", body)
		}
	}
	s.Deployments[0].Raw = nil // built in code: its typed fields are the object
	if body := bodyOf(s); !strings.Contains(body, `"name":"frontend-3"`) {
		t.Errorf("an RC without Raw renders %s", body)
	}
}

// FuzzWritten checks the writer on any document: reading never panics;
// what reads renders as valid JSON holding what the document holds (its
// canonical form unchanged), and with changes applied, each member at
// its path.
func FuzzWritten(f *testing.F) {
	for _, s := range []string{`{}`, `{"metadata":{"annotations":{"a":"1"}}}`, `{"spec": {"replicas": 1}, "kind":"x"}`, `{"a":[{"b":1}]}`, `[1]`, `{"spec":[1],"metadata":"x"}`,
		`{"spec":{"replicas":1,"\u003c":0,"replicas":2}}`, `{"status":1,"\u003c":0,"status":2}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		w, ok := readWritten(raw)
		if !ok {
			return
		}
		defer w.release()
		plain := w.render(orderRC, nil)
		want, _, okIn := jsontree.ScanCanon(raw, "")
		got, _, okOut := jsontree.ScanCanon(plain, "")
		if !okIn || !okOut {
			t.Fatalf("read %v, rendered %v: %s", okIn, okOut, plain)
		}
		if a, b := jsontree.AppendCanonical(nil, want), jsontree.AppendCanonical(nil, got); !bytes.Equal(a, b) {
			t.Fatalf("rendering changed the object:\n%s\n%s", a, b)
		}
		var cs changes
		cs = cs.setAnnotation("k", "v")
		cs = cs.set([]byte("3"), "spec", "replicas")
		cs = cs.remove("status")
		body := w.render(orderRC, cs)
		v, err := jsontree.Parse(body) // exact keys, where encoding/json ignores case
		if err != nil {
			t.Fatalf("the changed body does not decode: %v\n%s", err, body)
		}
		m := v.(map[string]any)
		ann, _ := child(m, "metadata")["annotations"].(map[string]any)
		if _, has := m["status"]; ann["k"] != "v" || child(m, "spec")["replicas"] != json.Number("3") || has {
			t.Fatalf("the changes did not apply: %s", body)
		}
	})
}

// TestWrittenOrdersAsTheEncoder checks the writer's Kubernetes order,
// which the typed encoders use too (renderOrdered), against
// appendOrdered, the reference below that walks the tree itself, for
// generated DCs, RCs and pods: the same bytes.
func TestWrittenOrdersAsTheEncoder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var tree map[string]any
		var o *keyOrder
		switch rapid.IntRange(0, 2).Draw(t, "kind") {
		case 0:
			tree, o = configTree(genConfigValue().Draw(t, "config")), orderDC
		case 1:
			tree, o = deploymentTree(genDeploymentValue().Draw(t, "rc")), orderRC
		default:
			tree, o = podTree(genPodValue().Draw(t, "pod")), orderPod
		}
		want := appendOrdered(nil, tree, o)
		if got := renderOrdered(tree, o); !bytes.Equal(got, want) {
			t.Fatalf("rendered\n%s\nthe tree's walk\n%s", got, want)
		}
	})
}

// TestEncodersEscapeInvalidUTF8 checks that a typed encoder writes a
// string with invalid UTF-8 as encoding/json does, the bad byte as
// \ufffd, through the writer's walk (which reads the codec's own
// rendering as it stands, not as JSON text to put in canonical form,
// which would turn the escape into the character).
func TestEncodersEscapeInvalidUTF8(t *testing.T) {
	body, err := EncodePodObject(dcplan.Pod{Namespace: "shop", Name: "web-1-deploy\x80"})
	if err != nil {
		t.Fatal(err)
	}
	if want := `"name":"web-1-deploy\ufffd"`; !bytes.Contains(body, []byte(want)) {
		t.Errorf("EncodePodObject() = %s, want it to hold %s", body, want)
	}
}

// appendOrdered renders a tree compactly with object keys in o's order,
// walking the tree: the reference TestWrittenOrdersAsTheEncoder holds the
// writer's order to.
func appendOrdered(b []byte, v any, o *keyOrder) []byte {
	if o == nil {
		return jsontree.AppendCanonical(b, v)
	}
	switch v := v.(type) {
	case []any:
		b = append(b, '[')
		for i, e := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendOrdered(b, e, o)
		}
		return append(b, ']')
	case map[string]any:
		b = append(b, '{')
		n := 0
		emit := func(k string, sub *keyOrder) {
			if n > 0 {
				b = append(b, ',')
			}
			n++
			b = jsontree.AppendString(b, k)
			b = append(b, ':')
			b = appendOrdered(b, v[k], sub)
		}
		for _, k := range o.keys {
			if _, ok := v[k]; ok {
				emit(k, o.sub[k])
			}
		}
		if n < len(v) {
			for _, k := range slices.Sorted(maps.Keys(v)) {
				if _, known := o.rank[k]; !known {
					emit(k, nil)
				}
			}
		}
		return append(b, '}')
	}
	return jsontree.AppendCanonical(b, v)
}

// TestWrittenDeepObject checks that an object nested as deep as the
// decoders accept is written, not refused: the writer's index follows
// the parser's depth.
func TestWrittenDeepObject(t *testing.T) {
	const depth = 9990 // near the parser's bound
	raw := `{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"web-1"},"spec":{"replicas":1},"x":` +
		strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}`
	d, err := DecodeDeployment([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	reqs, err := Requests(dcplan.Snapshot{Deployments: []dcplan.Deployment{d}},
		dcplan.Plan{Scales: []dcplan.Scale{{RC: "web-1", From: 1, To: 2}}})
	if err != nil || len(reqs) != 1 {
		t.Fatalf("Requests() = %v, %v", reqs, err)
	}
	if body := string(reqs[0].Body); !strings.Contains(body, `"replicas":2`) || !strings.Contains(body, strings.Repeat("[", depth)) {
		t.Errorf("the body lost the change or the nesting: %.200s", body)
	}
}

// TestNewDeploymentTrimsManyImages checks the image trim of a new RC
// (SPEC 3.8) on a template of more containers than a write has changes:
// every image is trimmed, none is lost, nothing panics.
func TestNewDeploymentTrimsManyImages(t *testing.T) {
	var cs []string
	for k := range 40 {
		cs = append(cs, fmt.Sprintf(`{"image":" img-%d\t","name":"c%d"}`, k, k))
	}
	dc := `{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","metadata":{"name":"web","namespace":"ns"},` +
		`"spec":{"replicas":1,"template":{"spec":{"containers":[` + strings.Join(cs, ",") + `]}}},"status":{"latestVersion":1}}`
	c, err := DecodeConfig([]byte(dc))
	if err != nil {
		t.Fatal(err)
	}
	d, err := NewDeployment(c)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Template.Containers) != 40 {
		t.Fatalf("the new RC has %d containers, want 40", len(d.Template.Containers))
	}
	for k, ct := range d.Template.Containers {
		if want := fmt.Sprintf("img-%d", k); ct.Image != want || ct.Name != fmt.Sprintf("c%d", k) {
			t.Errorf("container %d: %+v, want image %q", k, ct, want)
		}
	}
}
