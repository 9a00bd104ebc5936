package fake

import (
	"cmp"
	"slices"

	"github.com/dcplan/dcplan/internal/jsonvalue"
)

// smpOrder orders merged, the elements of a list after a strategic merge
// patch merged the list patch into the stored list live, as
// apimachinery's strategic merge does (kube-apiserver applies it to a
// PATCH): an element is the patch's when the patch has one of the same
// key (key gives an element's merge key, or the element itself for a
// list of primitives), else the server's. The patch's come in patch
// order, the server's in their order in live, and the two are
// interleaved: a server element comes before a patch element only when
// both are in live and it is the earlier there. So new elements of the
// patch come before the ones only the server holds: owner references
// [dc] patched with [x] give [x, dc]; finalizers [b, c] patched with
// [a, b] give [a, b, c].
func smpOrder(merged, patch, live []any, key func(any) any) []any {
	at := func(list []any, e any) int {
		return slices.IndexFunc(list, func(x any) bool { return jsonvalue.Equal(key(x), key(e)) })
	}
	var ours, theirs []any
	for _, e := range merged {
		if at(patch, e) >= 0 {
			ours = append(ours, e)
		} else {
			theirs = append(theirs, e)
		}
	}
	slices.SortStableFunc(ours, func(a, b any) int { return cmp.Compare(at(patch, a), at(patch, b)) })
	slices.SortStableFunc(theirs, func(a, b any) int { return cmp.Compare(at(live, a), at(live, b)) })
	out := make([]any, 0, len(merged))
	for len(ours) > 0 || len(theirs) > 0 {
		serverFirst := len(ours) == 0
		if !serverFirst && len(theirs) > 0 {
			s, p := at(live, theirs[0]), at(live, ours[0])
			serverFirst = s >= 0 && p >= 0 && s < p
		}
		if serverFirst {
			out, theirs = append(out, theirs[0]), theirs[1:]
		} else {
			out, ours = append(out, ours[0]), ours[1:]
		}
	}
	return out
}
