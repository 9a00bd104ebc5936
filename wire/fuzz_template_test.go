package wire_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// FuzzNewTemplate: NewTemplate, which reads a pod template's JSON, never
// panics; what it refuses gets an error wrapping ErrMalformed and the zero
// Template, as every decoder of the package answers; what it
// reads is canonical: reading its Raw again gives the same template, Raw,
// Hash, containers and labels (SPEC 3.5.6: equal templates hash equal
// whatever their spelling).
func FuzzNewTemplate(f *testing.F) {
	f.Add([]byte(`{"metadata":{"labels":{"b":"2","a":"1"}},"spec":{"containers":[{"name":"c","image":"i:1"}]}}`))
	f.Add([]byte(`{"spec":{"containers":[{"name":"c","image":null,"x":null}]},"metadata":null}`))
	f.Add([]byte(`{"spec":{"containers":[{"name":1}]}}`))
	f.Add([]byte(`{"spec":{"containers":{}}}`))
	f.Add([]byte(`{"a":"\u00e9\ud800","spec":{"containers":[{"name":"a","name":"b"}]}}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		tpl, err := wire.NewTemplate(raw)
		if err != nil {
			if !errors.Is(err, dcplan.ErrMalformed) || err.Error() == "" {
				t.Fatalf("NewTemplate(%q) error %v does not wrap ErrMalformed", raw, err)
			}
			if d := cmp.Diff(dcplan.Template{}, tpl, rawText); d != "" {
				t.Fatalf("NewTemplate(%q) refused (%v) with a template (-want +got):\n%s", raw, err, d)
			}
			return
		}
		again, err := wire.NewTemplate(tpl.Raw)
		if err != nil {
			t.Fatalf("NewTemplate(%q) read, its canonical form %q is refused: %v", raw, tpl.Raw, err)
		}
		if d := cmp.Diff(tpl, again, rawText); d != "" {
			t.Fatalf("NewTemplate(%q) and NewTemplate of its canonical form differ (-first +again):\n%s", raw, d)
		}
	})
}

// rawText makes cmp compare and print raw JSON as text.
var rawText = cmp.Transformer("text", func(r dcplan.RawJSON) string { return string(r) })
