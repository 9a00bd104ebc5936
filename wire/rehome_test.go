package wire

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"testing"
	"time"
	"unsafe"

	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
)

// stringSpans appends the memory span of every non-empty string reachable
// from v (struct fields, slice elements, pointers), time values and
// interned strings (see rehome.go) aside.
func stringSpans(v reflect.Value, spans [][2]uintptr) [][2]uintptr {
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); s != "" && !interned(s) {
			p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
			spans = append(spans, [2]uintptr{p, p + uintptr(len(s))})
		}
	case reflect.Pointer:
		if !v.IsNil() {
			spans = stringSpans(v.Elem(), spans)
		}
	case reflect.Slice:
		for i := range v.Len() {
			spans = stringSpans(v.Index(i), spans)
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			return spans
		}
		for i := range v.NumField() {
			spans = stringSpans(v.Field(i), spans)
		}
	}
	return spans
}

// interned reports whether s is the copy Intern shares: a string no
// document's bytes back.
func interned(s string) bool {
	return unsafe.StringData(Intern(s)) == unsafe.StringData(s)
}

// checkOwnStrings fails unless the strings of a decoded value tile one
// block of memory exactly: the one string rehome made of them. A string
// a walk of rehome.go missed still points into the document, outside it.
func checkOwnStrings(t interface {
	Helper()
	Fatalf(string, ...any)
}, what string, v any) {
	t.Helper()
	spans := stringSpans(reflect.ValueOf(v), nil)
	if len(spans) == 0 {
		return
	}
	lo, hi, total := spans[0][0], spans[0][1], uintptr(0)
	for _, s := range spans {
		lo, hi, total = min(lo, s[0]), max(hi, s[1]), total+s[1]-s[0]
	}
	if hi-lo != total {
		t.Fatalf("%s: its %d strings (%d bytes) spread over %d bytes: some string is not rehomed (see rehome.go)", what, len(spans), total, hi-lo)
	}
}

// checkDecoded encodes v, decodes it with decode (named what) and checks
// the result's strings (checkOwnStrings).
func checkDecoded[T any](t *rapid.T, what string, v T, encode func(T) ([]byte, error), decode func([]byte) (T, error)) {
	b, _ := encode(v)
	got, err := decode(b)
	if err != nil {
		t.Fatalf("%s: %v\n%s", what, err, b)
	}
	checkOwnParts(t, what, got)
}

// checkOwnParts is checkOwnStrings for a decoded value; an RC's encoded DC
// is decoded on its own, so its strings are rehomed on their own too.
func checkOwnParts(t interface {
	Helper()
	Fatalf(string, ...any)
}, what string, v any) {
	t.Helper()
	if d, ok := v.(dcplan.Deployment); ok && d.Encoded != nil {
		checkOwnStrings(t, what+" (encoded DC)", *d.Encoded)
		d.Encoded = nil
		v = d
	}
	checkOwnStrings(t, what, v)
}

// TestDecodedStringsOwnTheirBytes: every string a decoder returns lives in
// the one string rehome made for the object, so that no decoded value
// keeps its document alive: for every field (values generated with all of
// them set) and for the fixtures, through every decoder.
func TestDecodedStringsOwnTheirBytes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		checkDecoded(t, "DecodeDeployment", genDeploymentValue().Draw(t, "deployment"), EncodeDeployment, DecodeDeployment)
		checkDecoded(t, "DecodeConfig", genConfigValue().Draw(t, "config"), EncodeConfig, DecodeConfig)
		checkDecoded(t, "DecodePod", genPodValue().Draw(t, "pod"), EncodePodObject, DecodePod)
	})
	names, _ := filepath.Glob(filepath.Join("..", "testdata", "fixtures", "*.json"))
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		objs, err := DecodeList(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, c := range objs.Configs {
			checkOwnStrings(t, name, c)
		}
		for _, d := range objs.Deployments {
			checkOwnParts(t, name, d)
		}
		for _, p := range objs.Pods {
			checkOwnStrings(t, name, p)
		}
	}
}

// TestDecodedIdentityIsShared: the strings the DC controller compares on
// every RC of every pass (the RC's namespace, config label and owner UID
// against the DC's namespace, name and UID) come out of independent
// decodes with one data pointer, so Go's string equality answers without
// reading them (rehome.go). BenchmarkConfig in package reconcile builds
// its snapshots through the decoders on that account.
func TestDecodedIdentityIsShared(t *testing.T) {
	data := fixture(t, "list-dc-rc-pods.json")
	s, err := DecodeSnapshot(data, "shop", "frontend", time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC), dcplan.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	same := func(a, b string) bool { return unsafe.StringData(a) == unsafe.StringData(b) }
	cfg := s.Config
	if len(s.Deployments) < 2 {
		t.Fatalf("fixture has %d RCs, want several", len(s.Deployments))
	}
	for _, d := range s.Deployments {
		for _, c := range []struct {
			field   string
			got, dc string
		}{
			{"metadata.namespace", d.Namespace, cfg.Namespace},
			{"config label", d.ConfigLabel, cfg.Name},
			{"config annotation", d.ConfigName, cfg.Name},
			{"controller uid", d.Controller.UID, cfg.UID},
			{"controller name", d.Controller.Name, cfg.Name},
		} {
			if c.got != c.dc {
				t.Fatalf("%s: %s %q, DC's %q: the fixture's RCs belong to its DC", d.Name, c.field, c.got, c.dc)
			}
			if !same(c.got, c.dc) {
				t.Errorf("%s: %s %q is a copy of the DC's, not the DC's own string", d.Name, c.field, c.got)
			}
		}
		if d.Encoded != nil && !same(d.Encoded.UID, cfg.UID) {
			t.Errorf("%s: the encoded DC's uid is a copy of the DC's", d.Name)
		}
	}
	for _, p := range s.Pods {
		if !same(p.Namespace, cfg.Namespace) {
			t.Errorf("pod %s: namespace is a copy of the DC's", p.Name)
		}
	}
}

// TestInternSurvivesCollection: a string interned, then held only by a
// decoded value (not by the table's caller), is the one the next decode
// shares after a garbage collection, and the table stays bounded while
// it keeps the strings of its two newest generations.
func TestInternSurvivesCollection(t *testing.T) {
	first := Intern(string([]byte("ns-survives")))
	runtime.GC()
	runtime.GC()
	if again := Intern("ns-survives"); unsafe.StringData(again) != unsafe.StringData(first) {
		t.Fatal("after a collection, Intern made a second copy of a string it had shared")
	}
	for i := range 3 * internGeneration {
		Intern("filler-" + strconv.Itoa(i))
	}
	shared.mu.Lock()
	n := len(shared.cur) + len(shared.old)
	shared.mu.Unlock()
	if n > 2*internGeneration {
		t.Fatalf("the intern table holds %d strings, more than two generations of %d", n, internGeneration)
	}
	if got := Intern("filler-" + strconv.Itoa(3*internGeneration-1)); got != "filler-"+strconv.Itoa(3*internGeneration-1) {
		t.Fatalf("Intern returned %q", got)
	}
	if Intern("") != "" {
		t.Fatal(`Intern("") is not ""`)
	}
}
