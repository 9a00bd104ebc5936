package e2e_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
)

// serverDefaults are the fields kube-apiserver defaults in a pod it
// creates (the audit log records the object after defaulting): a planned
// body without them matches a record with them.
var serverDefaults = map[string]bool{
	"terminationMessagePath": true, "terminationMessagePolicy": true, "imagePullPolicy": true,
	"enableServiceLinks": true, "schedulerName": true, "serviceAccount": true, "securityContext": true,
	"dnsPolicy": true, "terminationGracePeriodSeconds": true, "restartPolicy": true, "priority": true,
	"preemptionPolicy": true, "tolerations": true, "volumes": true, "volumeMounts": true,
}

// jsonDiff compares a planned JSON document with the server's record of
// it, as values, after dropping at every depth members that are null, {}
// or [] (what a typed Go struct adds or drops on a round trip through
// client-go) and the top-level kind and apiVersion. It returns the paths
// where they differ, and apart from those the tolerated differences:
// server defaults the plan leaves out (serverDefaults). A time differs
// from the server's by its fraction of a second too: wire writes
// metav1.Time fields in whole seconds, as the typed client does.
func jsonDiff(a, b []byte) (diffs, tolerated []string, err error) {
	var va, vb any
	if err := json.Unmarshal(a, &va); err != nil {
		return nil, nil, fmt.Errorf("left: %w", err)
	}
	if err := json.Unmarshal(b, &vb); err != nil {
		return nil, nil, fmt.Errorf("right: %w", err)
	}
	for _, v := range []any{va, vb} {
		if m, ok := v.(map[string]any); ok {
			delete(m, "kind")
			delete(m, "apiVersion")
		}
	}
	d := &differ{}
	d.values("$", "", prune(va), prune(vb))
	return d.diffs, d.tolerated, nil
}

type differ struct{ diffs, tolerated []string }

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

func (d *differ) values(path, key string, a, b any) {
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
			d.values(path+"."+k, k, ma[k], mb[k])
		}
		return
	}
	la, okA := a.([]any)
	lb, okB := b.([]any)
	if okA && okB && len(la) == len(lb) {
		for i := range la {
			d.values(fmt.Sprintf("%s[%d]", path, i), key, la[i], lb[i])
		}
		return
	}
	if reflect.DeepEqual(a, b) {
		return
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	line := fmt.Sprintf("%s: %s != %s", path, ja, jb)
	if a == nil && serverDefaults[key] {
		d.tolerated = append(d.tolerated, "server default "+line)
		return
	}
	d.diffs = append(d.diffs, line)
}
