package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
)

// FuzzPreview feeds arbitrary documents to preview, the user's input as
// `oc get dc,rc,pods -o json | preview` reads it (UTF-16 or a BOM
// included), with any preset and -to revision. Nothing may panic or
// modify the document; a document that cannot be previewed is refused
// with a message and no report; one that can prints, as text and as
// JSON, the same bytes each time, the JSON an object of the
// dcplan.preview/v1 schema.
func FuzzPreview(f *testing.F) {
	for _, name := range []string{"testdata/healthy-history.json", "../../testdata/fixtures/list-dc-rc-pods.json"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(0), int64(0))
		f.Add(data, uint8(1), int64(2))
	}
	f.Add([]byte(`{"kind":"List","items":[{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web","namespace":"ns","uid":"u"},"spec":{"replicas":1,"strategy":{"type":"Rolling","rollingParams":{}}},"status":{"latestVersion":1}}]}`), uint8(4), int64(1))
	f.Add([]byte("\xff\xfe{\x00}\x00"), uint8(2), int64(0))
	f.Add([]byte("NAME   REVISION\nweb    1\n"), uint8(3), int64(0))
	f.Add([]byte(`{"kind":"List","items":[{"kind":"DeploymentConfig","metadata":{"name":"web"}},{"metadata":{"name":"x"}}]}`), uint8(0), int64(-1))
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, data []byte, profile uint8, to int64) {
		if to < 0 { // parseArgs refuses a negative -to
			to = -(to + 1)
		}
		presets := dcplan.Presets()
		o := options{Profile: presets[int(profile)%len(presets)], Now: now, To: dcplan.Version(to)}
		kept := bytes.Clone(data)
		r, err := preview(data, o)
		if !bytes.Equal(kept, data) {
			t.Fatalf("preview() modified the document")
		}
		if err != nil {
			if err.Error() == "" || !reflect.DeepEqual(r, report{}) {
				t.Fatalf("preview() refused (%q) with a report: %+v", err, r)
			}
			return
		}
		text, js := render(t, r)
		again, err := preview(data, o)
		if err != nil {
			t.Fatalf("preview() refused the document it previewed before: %v", err)
		}
		if text2, js2 := render(t, again); text2 != text || js2 != js {
			t.Fatalf("preview() printed differently for the same document:\n%s\n---\n%s", text, text2)
		}
		var doc map[string]any
		if err := json.Unmarshal([]byte(js), &doc); err != nil || doc["schema"] != schema {
			t.Fatalf("preview -o json printed %q (%v)", js, err)
		}
	})
}

// render prints r as text and as JSON.
func render(t *testing.T, r report) (string, string) {
	t.Helper()
	var text, js strings.Builder
	if err := r.writeText(&text); err != nil {
		t.Fatalf("writeText: %v", err)
	}
	if err := r.writeJSON(&js); err != nil {
		t.Fatalf("writeJSON: %v", err)
	}
	return text.String(), js.String()
}

// FuzzArgs feeds arbitrary command lines (words split on spaces) to
// parseArgs: it never panics, and refuses with -h's flag.ErrHelp or an
// error wrapping errUsage, or returns one file to read and a -to
// revision of zero or more.
func FuzzArgs(f *testing.F) {
	for _, line := range []string{"", "list.json", "-o json --strict -profile exact -", "-to -1", "-now 2026-11-01T12:00:00Z -dc web -n ns",
		"a.json b.json", "-f a.json", "-profile nope", "-o yaml", "-now yesterday", "-h", "--", "-x"} {
		f.Add(line)
	}
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, line string) {
		o, file, err := parseArgs(strings.Fields(line), io.Discard, now)
		switch {
		case errors.Is(err, flag.ErrHelp), errors.Is(err, errUsage):
			if file != "" || !reflect.DeepEqual(o, options{}) {
				t.Fatalf("parseArgs(%q) refused (%v) with options %+v, file %q", line, err, o, file)
			}
		case err != nil:
			t.Fatalf("parseArgs(%q) error %v is no usage error", line, err)
		case file == "" || o.To < 0:
			t.Fatalf("parseArgs(%q) = %+v, file %q", line, o, file)
		}
	})
}
