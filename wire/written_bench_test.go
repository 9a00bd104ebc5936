package wire

import (
	"testing"

	"github.com/dcplan/dcplan/internal/benchcpu"
)

// A writtenFixture is an object a write reads most, as decoded, and the
// key order it is written in.
type writtenFixture struct {
	name  string
	raw   []byte
	order *keyOrder
}

// writtenFixtures are the fixture RC (its encoded-DC annotation half of
// its bytes) and DC.
func writtenFixtures(b *testing.B) []writtenFixture {
	rc, err := DecodeDeployment(fixture(b, "rc-frontend-3-complete.json"))
	if err != nil {
		b.Fatal(err)
	}
	dc, err := DecodeConfig(fixture(b, "dc-frontend.json"))
	if err != nil {
		b.Fatal(err)
	}
	return []writtenFixture{{"rc", rc.Raw, orderRC}, {"dc", dc.Raw, orderDC}}
}

// BenchmarkIndexCanonical indexes an object as read, the first half of
// every write (readWritten).
func BenchmarkIndexCanonical(b *testing.B) {
	for _, f := range writtenFixtures(b) {
		b.Run(f.name, func(b *testing.B) {
			var spans []span
			b.SetBytes(int64(len(f.raw)))
			stop := benchcpu.Start(b)
			for b.Loop() {
				var ok bool
				if spans, ok = indexCanonical(f.raw, spans[:0]); !ok {
					b.Fatal("not canonical")
				}
			}
			stop()
		})
	}
}

// BenchmarkRenderWritten renders an indexed object in Kubernetes order
// with a write's usual changes (kind, apiVersion and one field), the
// second half of every write.
func BenchmarkRenderWritten(b *testing.B) {
	for _, f := range writtenFixtures(b) {
		b.Run(f.name, func(b *testing.B) {
			w, ok := readWritten(f.raw)
			if !ok {
				b.Fatal("does not read")
			}
			defer w.release()
			b.SetBytes(int64(len(f.raw)))
			b.ReportAllocs()
			stop := benchcpu.Start(b)
			for b.Loop() {
				cs := typedChanges(make(changes, 0, 3), "Kind", "v1").setString("5", "spec", "replicas")
				w.render(f.order, cs)
			}
			stop()
		})
	}
}

// BenchmarkEncodePod renders the create of the fixture RC's deployer
// pod, its template's fields copied (SPEC 4.5): the body of the
// deployer controller's one create.
func BenchmarkEncodePod(b *testing.B) {
	p, tpl := frontendDeployer(b), frontendTemplate(b)
	b.ReportAllocs()
	stop := benchcpu.Start(b)
	for b.Loop() {
		if _, err := EncodePod(p, tpl); err != nil {
			b.Fatal(err)
		}
	}
	stop()
}
