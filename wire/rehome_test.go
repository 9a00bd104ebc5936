package wire

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
	"unsafe"

	"pgregory.net/rapid"
)

// stringSpans appends the memory span of every non-empty string reachable
// from v (struct fields, slice elements, pointers), time values aside.
func stringSpans(v reflect.Value, spans [][2]uintptr) [][2]uintptr {
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); s != "" {
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
	checkOwnStrings(t, what, got)
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
			checkOwnStrings(t, name, d)
		}
		for _, p := range objs.Pods {
			checkOwnStrings(t, name, p)
		}
	}
}
