package e2e_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
)

// jsonDiff compares two JSON documents as values after dropping, at
// every depth, members that are null, {} or [] (what a typed Go struct
// adds or drops on a round trip through client-go) and the top-level kind
// and apiVersion; it returns the paths where they differ, or nil.
func jsonDiff(a, b []byte) ([]string, error) {
	var va, vb any
	if err := json.Unmarshal(a, &va); err != nil {
		return nil, fmt.Errorf("left: %w", err)
	}
	if err := json.Unmarshal(b, &vb); err != nil {
		return nil, fmt.Errorf("right: %w", err)
	}
	for _, v := range []any{va, vb} {
		if m, ok := v.(map[string]any); ok {
			delete(m, "kind")
			delete(m, "apiVersion")
		}
	}
	var out []string
	diffValues("$", prune(va), prune(vb), &out)
	return out, nil
}

// prune drops null, empty-object and empty-array members, depth first.
func prune(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			e = prune(e)
			if empty(e) {
				delete(x, k)
			} else {
				x[k] = e
			}
		}
		return x
	case []any:
		for i := range x {
			x[i] = prune(x[i])
		}
		return x
	}
	return v
}

func empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case map[string]any:
		return len(x) == 0
	case []any:
		return len(x) == 0
	}
	return false
}

func diffValues(path string, a, b any, out *[]string) {
	ma, okA := a.(map[string]any)
	mb, okB := b.(map[string]any)
	if okA && okB {
		keys := map[string]bool{}
		for k := range ma {
			keys[k] = true
		}
		for k := range mb {
			keys[k] = true
		}
		sorted := make([]string, 0, len(keys))
		for k := range keys {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		for _, k := range sorted {
			diffValues(path+"."+k, ma[k], mb[k], out)
		}
		return
	}
	la, okA := a.([]any)
	lb, okB := b.([]any)
	if okA && okB && len(la) == len(lb) {
		for i := range la {
			diffValues(fmt.Sprintf("%s[%d]", path, i), la[i], lb[i], out)
		}
		return
	}
	if !reflect.DeepEqual(a, b) {
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		*out = append(*out, fmt.Sprintf("%s: %s != %s", path, ja, jb))
	}
}
