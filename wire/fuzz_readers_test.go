package wire_test

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// FuzzDecodeEnv: DecodeEnv never panics; what it refuses gets an error
// wrapping ErrMalformed, and what it reads is what encoding/json reads of
// the same list (each variable's name and value; a later duplicate key
// wins in both).
func FuzzDecodeEnv(f *testing.F) {
	f.Add([]byte(`[{"name":"A","value":"1"},{"name":"B","valueFrom":{"fieldRef":{"fieldPath":"metadata.name"}}}]`))
	f.Add([]byte(`null`))
	f.Add([]byte(`[{"name":"A","name":"B","value":"\u00e9\ud800"}]`))
	f.Add([]byte(`[{"name":1}]`))
	f.Add([]byte(`{"name":"A"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		env, err := wire.DecodeEnv(data)
		if err != nil {
			if !errors.Is(err, dcplan.ErrMalformed) {
				t.Fatalf("DecodeEnv() error %v does not wrap ErrMalformed", err)
			}
			if env != nil {
				t.Fatalf("DecodeEnv() = %v with error %v", env, err)
			}
			return
		}
		var ref []map[string]any
		if len(data) > 0 {
			if err := json.Unmarshal(data, &ref); err != nil {
				t.Fatalf("DecodeEnv() read %q, which encoding/json refuses: %v", data, err)
			}
		}
		if len(env) != len(ref) {
			t.Fatalf("DecodeEnv() = %d variables, encoding/json %d", len(env), len(ref))
		}
		for i, v := range ref {
			name, _ := v["name"].(string)
			value, _ := v["value"].(string)
			if env[i].Name != name || env[i].Value != value {
				t.Errorf("variable %d: DecodeEnv() = %q=%q, encoding/json %q=%q", i, env[i].Name, env[i].Value, name, value)
			}
		}
	})
}

// FuzzWrittenOf: WrittenOf, which reads a server's answer, never panics,
// and reads metadata.resourceVersion and metadata.creationTimestamp as
// encoding/json reads them (zero for a document that is no JSON object, a
// member that is absent or not a string, and a timestamp that is not RFC
// 3339).
func FuzzWrittenOf(f *testing.F) {
	f.Add([]byte(`{"metadata":{"resourceVersion":"42","creationTimestamp":"2026-11-01T12:00:00Z"}}`))
	f.Add([]byte(`{"metadata":{"resourceVersion":42,"creationTimestamp":"yesterday"}}`))
	f.Add([]byte(`{"metadata":{"resourceVersion":"1"},"metadata":{"resourceVersion":"2"}}`))
	f.Add([]byte(`[{"metadata":{}}]`))
	f.Add([]byte(`{"metadata":{"resourceVersion":"\ud800x"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got := wire.WrittenOf(data)
		var want wire.Written
		var doc map[string]any
		if json.Unmarshal(data, &doc) == nil {
			meta, _ := doc["metadata"].(map[string]any)
			want.ResourceVersion, _ = meta["resourceVersion"].(string)
			if s, ok := meta["creationTimestamp"].(string); ok {
				want.Created, _ = time.Parse(time.RFC3339, s)
			}
		}
		if got.ResourceVersion != want.ResourceVersion || !got.Created.Equal(want.Created) {
			t.Fatalf("WrittenOf(%q) = %+v, encoding/json reads %+v", data, got, want)
		}
	})
}

// FuzzParseAnnotationTime: ParseAnnotationTime never panics; what it
// refuses gets an error wrapping ErrMalformed, and the instant it reads
// comes back from FormatAnnotationTime's text (for the years that text
// spells in four digits).
func FuzzParseAnnotationTime(f *testing.F) {
	f.Add("2026-11-01 11:58:02.5 +0000 UTC m=+1.000000001")
	f.Add("2026-11-01 13:58:02 +0200 CEST")
	f.Add("0001-01-01 00:00:00 +0000 UTC")
	f.Add("2026-11-01T11:58:02Z")
	f.Fuzz(func(t *testing.T, s string) {
		at, err := wire.ParseAnnotationTime(s)
		if err != nil {
			if !errors.Is(err, dcplan.ErrMalformed) {
				t.Fatalf("ParseAnnotationTime(%q) error %v does not wrap ErrMalformed", s, err)
			}
			return
		}
		if y := at.UTC().Year(); y < 0 || y > 9999 {
			return
		}
		text := wire.FormatAnnotationTime(at)
		back, err := wire.ParseAnnotationTime(text)
		if err != nil || !back.Equal(at) {
			t.Fatalf("ParseAnnotationTime(%q) = %v; its text %q reads back as %v, %v", s, at, text, back, err)
		}
	})
}
