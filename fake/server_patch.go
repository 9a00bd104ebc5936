package fake

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/dcplan/dcplan/internal/jsontree"
	"github.com/dcplan/dcplan/internal/jsonvalue"
)

// mergePatch applies patch to orig (which it may modify) and returns the
// result. With strategic false it is a JSON merge patch (RFC 7386): maps
// merge recursively, null deletes a key, anything else replaces. With
// strategic true it is Kubernetes' strategic merge patch for the lists
// dcplan's objects carry: a list whose path has a merge key (mergeKey) is
// merged element by element by that key, an element of the patch that is
// not in the list is added, and an element {"$patch": "delete", <key>: v}
// removes the elements whose key is v (before anything is merged);
// metadata.finalizers, a list of strings with patch strategy merge, is
// merged as a set: it gains the values of the patch it lacks, and
// $deleteFromPrimitiveList/finalizers removes the values it lists. A
// merged list is ordered as apimachinery orders it (smpOrder): the
// patch's elements first, in patch order, then those only the stored
// list holds; $setElementOrder/<list> orders a merged list by the order
// it gives instead (orderList). Every other list is replaced whole. Other
// directives ($retainKeys, $deleteFromPrimitiveList of another list,
// $patch on a map) are refused.
func mergePatch(orig, patch any, path string, strategic bool) (any, error) {
	pm, ok := patch.(map[string]any)
	if !ok {
		return jsontree.Clone(patch), nil
	}
	om, ok := orig.(map[string]any)
	if !ok {
		om = map[string]any{}
	}
	keys := make([]string, 0, len(pm))
	for k := range pm {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	ordered := map[string]bool{}
	for _, k := range keys {
		if list, ok := strings.CutPrefix(k, setElementOrder); strategic && ok {
			v, err := orderList(om[list], pm[list], pm[k], path, list)
			if err != nil {
				return nil, err
			}
			if v == nil {
				delete(om, list)
			} else {
				om[list] = v
			}
			ordered[list] = true
		}
	}
	for _, k := range keys {
		pv := pm[k]
		if strings.HasPrefix(k, setElementOrder) && strategic || ordered[k] {
			continue
		}
		if list, ok := strings.CutPrefix(k, deleteFromPrimitiveList); strategic && ok && setList(path, list) {
			// Sorted first ('$' before letters): the removal comes before
			// a merge of the same list, as in the API server.
			om[list] = without(om[list], pv)
			continue
		}
		if strategic && strings.HasPrefix(k, "$") {
			return nil, fmt.Errorf("unsupported strategic merge directive %s at %q", k, path)
		}
		if pv == nil {
			delete(om, k)
			continue
		}
		child := k
		if path != "" {
			child = path + "." + k
		}
		if pl, ok := pv.([]any); ok {
			if strategic && setList(path, k) {
				om[k] = union(om[k], pl)
				continue
			}
			if mk := mergeKey(child); strategic && mk != "" {
				merged, err := mergeList(om[k], pl, child, mk)
				if err != nil {
					return nil, err
				}
				om[k] = merged
				continue
			}
			om[k] = jsontree.Clone(pl)
			continue
		}
		v, err := mergePatch(om[k], pv, child, strategic)
		if err != nil {
			return nil, err
		}
		om[k] = v
	}
	return om, nil
}

// mergeList merges the elements of patch into the list orig by the merge
// key mk: the deletions first, as apimachinery applies a patch list's
// directives before merging its other elements, then each other element
// into the element of the same key, or added; the result in smpOrder.
func mergeList(orig any, patch []any, path, mk string) ([]any, error) {
	ol, _ := orig.([]any)
	out := jsontree.Clone(ol).([]any)
	if out == nil {
		out = []any{}
	}
	keyOf := func(e any) any { m, _ := e.(map[string]any); return m[mk] }
	var items []any
	for _, pe := range patch {
		pm, ok := pe.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: an element of a list merged by %s is not an object", path, mk)
		}
		key, ok := pm[mk]
		if !ok {
			return nil, fmt.Errorf("map: %v does not contain declared merge key: %s", pe, mk)
		}
		d, ok := pm["$patch"]
		if !ok {
			items = append(items, pm)
			continue
		}
		if d != "delete" {
			return nil, fmt.Errorf("%s: unsupported $patch directive %v in a list element", path, d)
		}
		out = slices.DeleteFunc(out, func(e any) bool { _, isMap := e.(map[string]any); return isMap && jsonvalue.Equal(keyOf(e), key) })
	}
	live := slices.Clone(out)
	for _, pm := range items {
		found := slices.IndexFunc(out, func(e any) bool { _, isMap := e.(map[string]any); return isMap && jsonvalue.Equal(keyOf(e), keyOf(pm)) })
		var base any = map[string]any{}
		if found >= 0 {
			base = out[found]
		}
		merged, err := mergePatch(base, pm, path, true)
		if err != nil {
			return nil, err
		}
		if found >= 0 {
			out[found] = merged
		} else {
			out = append(out, merged)
		}
	}
	return smpOrder(out, items, live, keyOf), nil
}

// orderList merges the list patch into the list orig, the list key of
// the object at path, and orders the result by the $setElementOrder
// directive order, as the API server does: the elements order names (by
// their merge key, or themselves in a list of primitives) come in its
// order, interleaved with those only the stored list holds as smpOrder
// interleaves. It refuses a directive whose list merges by no key, an
// order naming an element without the merge key, and a patch list whose
// elements the order lacks or lists in another order. A nil result
// means no list (neither orig nor patch held one).
func orderList(orig, patch, order any, path, key string) (any, error) {
	child := key
	if path != "" {
		child = path + "." + key
	}
	ol, ok := order.([]any)
	if !ok {
		return nil, fmt.Errorf("%s%s: the order is not a list", setElementOrder, key)
	}
	mk := mergeKey(child)
	var keyOf func(any) any
	switch {
	case setList(path, key):
		keyOf = func(v any) any { return v }
	case mk != "":
		keyOf = func(e any) any { m, _ := e.(map[string]any); return m[mk] }
		for _, e := range ol {
			if m, ok := e.(map[string]any); !ok || m[mk] == nil {
				return nil, fmt.Errorf("map: %v does not contain declared merge key: %s", e, mk)
			}
		}
	default:
		return nil, fmt.Errorf("unsupported strategic merge directive %s%s at %q: the list merges by no key", setElementOrder, key, path)
	}
	pl, hasPatch := patch.([]any)
	last := -1
	for _, e := range pl {
		if m, ok := e.(map[string]any); ok && m["$patch"] != nil {
			continue
		}
		at := slices.IndexFunc(ol, func(o any) bool { return jsonvalue.Equal(keyOf(o), keyOf(e)) })
		if at < 0 || at < last {
			// The API server's words, a bare 500 (errOrder).
			return nil, orderError(fmt.Sprintf("The order in patch list:\n%v\n doesn't match %s list:\n%v\n", pl, "$setElementOrder", ol))
		}
		last = at
	}
	live, hasOrig := orig.([]any)
	var merged []any
	switch {
	case hasPatch && setList(path, key):
		merged = union(orig, pl)
	case hasPatch:
		var err error
		if merged, err = mergeList(orig, pl, child, mk); err != nil {
			return nil, err
		}
	case hasOrig:
		merged = jsontree.Clone(live).([]any)
	default:
		return nil, nil
	}
	return smpOrder(merged, ol, live, keyOf), nil
}

// orderError is a patch whose list and $setElementOrder disagree: the
// API server answers it with a bare 500 and this text.
type orderError string

func (e orderError) Error() string { return string(e) }

// setElementOrder is the directive prefix that orders a merged list.
const setElementOrder = "$setElementOrder/"

// mergeKey returns the patch merge key of the list at path (object keys
// joined by dots, list elements not named), or "" for a list patched by
// replacement. The table covers the lists of dcplan's three kinds that
// Kubernetes merges (the patchMergeKey tags of the v1 types): owner
// references by uid; containers, init and ephemeral containers, env,
// volumes, image pull secrets, resource claims and scheduling gates by
// name; container ports by containerPort, volume mounts by mountPath,
// volume devices by devicePath, resize policies by resourceName; host
// aliases by ip; topology spread constraints by topologyKey; conditions
// by type. A DC lifecycle hook's execNewPod env and volumes carry no
// patch tags in the apps/v1 types: they are replaced, whatever their
// names share with a pod's lists.
func mergeKey(path string) string {
	last := path[strings.LastIndex(path, ".")+1:]
	switch {
	case path == "metadata.ownerReferences" || strings.HasSuffix(path, ".metadata.ownerReferences"):
		return "uid"
	case path == "status.conditions":
		return "type"
	case strings.HasSuffix(path, ".execNewPod."+last):
		return ""
	}
	switch last {
	case "containers", "initContainers", "ephemeralContainers", "env", "volumes", "imagePullSecrets", "resourceClaims", "schedulingGates":
		return "name"
	case "ports":
		return "containerPort"
	case "volumeMounts":
		return "mountPath"
	case "volumeDevices":
		return "devicePath"
	case "resizePolicy":
		return "resourceName"
	case "hostAliases":
		return "ip"
	case "topologySpreadConstraints":
		return "topologyKey"
	}
	return ""
}

// deleteFromPrimitiveList is the directive prefix that removes values
// from a list of strings merged as a set.
const deleteFromPrimitiveList = "$deleteFromPrimitiveList/"

// setList reports whether the list key of the object at path is merged
// as a set of primitives: metadata.finalizers (patchStrategy merge).
func setList(path, key string) bool {
	return key == "finalizers" && (path == "metadata" || strings.HasSuffix(path, ".metadata"))
}

// union returns the set of the values of the list orig and of patch, in
// smpOrder: the patch's values in patch order, then those only orig
// holds.
func union(orig any, patch []any) []any {
	ol, _ := orig.([]any)
	out := []any{}
	for _, v := range slices.Concat(ol, patch) {
		if !slices.ContainsFunc(out, func(e any) bool { return jsonvalue.Equal(e, v) }) {
			out = append(out, jsontree.Clone(v))
		}
	}
	return smpOrder(out, patch, ol, func(v any) any { return v })
}

// without returns the list orig without the values the list drop holds.
func without(orig, drop any) []any {
	ol, _ := orig.([]any)
	dl, _ := drop.([]any)
	out := []any{}
	for _, e := range ol {
		if !slices.ContainsFunc(dl, func(d any) bool { return jsonvalue.Equal(e, d) }) {
			out = append(out, e)
		}
	}
	return out
}
