package wire

import (
	"bytes"

	"github.com/dcplan/dcplan/internal/jsontree"
)

// patchOf returns the patch that turns object before into after, as
// oc computes a strategic-merge patch of two versions of an object
// (SPEC 6m.1.3.5, 6m.2.3.7, 6m.7.5): a member that changed carries its
// new value, a removed one null, an object member that changed inside
// the members that changed, and nothing else. Lists are compared whole
// and replaced whole: the writes rendered as patches change no list. The
// result renders with canonical (keys sorted, as oc's patch is
// serialised); it is empty when nothing changed.
func patchOf(before, after map[string]any) map[string]any {
	out := map[string]any{}
	for k, b := range before {
		a, ok := after[k]
		if !ok {
			out[k] = nil
			continue
		}
		bm, bIsMap := b.(map[string]any)
		am, aIsMap := a.(map[string]any)
		if bIsMap && aIsMap {
			if sub := patchOf(bm, am); len(sub) > 0 {
				out[k] = sub
			}
			continue
		}
		if !bytes.Equal(jsontree.AppendCanonical(nil, b), jsontree.AppendCanonical(nil, a)) {
			out[k] = a
		}
	}
	for k, a := range after {
		if _, ok := before[k]; !ok {
			out[k] = a
		}
	}
	return out
}
