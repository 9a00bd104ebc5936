package wire

import (
	"testing"

	"github.com/dcplan/dcplan"
)

// TestDecodeKeepsNoDocument checks that what DecodeDeployment returns
// keeps no copy of the document alive (the tape's strings are parts of
// one, and the decoders move what they keep out of it; see rehome.go): the heap a decoded RC holds stays below the
// canonical Raws plus three quarters of the document's size (about 12.5 KB
// for 8.4 KB of Raws and a 7.7 KB document: a kept document, or even only
// the 2.7 KB encoded-config annotation, goes over).
func TestDecodeKeepsNoDocument(t *testing.T) {
	doc := fixture(t, "rc-frontend-3-complete.json")
	const n = 200
	live, v := liveBytes(func() any {
		out := make([]dcplan.Deployment, n)
		for i := range out {
			d, err := DecodeDeployment(doc)
			if err != nil {
				t.Fatal(err)
			}
			out[i] = d
		}
		return out
	})
	ds := v.([]dcplan.Deployment)
	per := float64(live) / n
	raws := len(ds[0].Raw) + len(ds[0].Encoded.Raw)
	t.Logf("%.0f bytes per decoded RC; Raw %d, Encoded.Raw %d, document %d", per, len(ds[0].Raw), len(ds[0].Encoded.Raw), len(doc))
	if limit := float64(raws + len(doc)*3/4); per > limit {
		t.Errorf("a decoded RC keeps %.0f bytes, want at most %.0f (its Raws and some strings)", per, limit)
	}
}
