package conformance

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/dcplan/dcplan/internal/jsonvalue"
)

// Compare returns "" when got matches want, else a readable description
// of the first difference: the write, event, error or error class, and for
// a write the fields that differ. Numbers compare by value. A run of
// consecutive pod deletes, pod patches or RC patches (claims) compares as
// a set: upstream issues them in the order of an unordered cache listing
// and the recording sorts them by name (README "Writes").
func Compare(want, got Expected) string {
	ws, gs := setOrder(want.Writes), setOrder(got.Writes)
	for i := 0; i < len(ws) || i < len(gs); i++ {
		switch {
		case i >= len(ws):
			return fmt.Sprintf("write %d: unexpected %s", i, describeWrite(gs[i]))
		case i >= len(gs):
			return fmt.Sprintf("write %d: missing %s", i, describeWrite(ws[i]))
		}
		if d := compareWrite(ws[i], gs[i]); d != "" {
			return fmt.Sprintf("write %d (%s): %s", i, describeWrite(ws[i]), d)
		}
	}
	for i := 0; i < len(want.Events) || i < len(got.Events); i++ {
		switch {
		case i >= len(want.Events):
			return fmt.Sprintf("event %d: unexpected %+v", i, got.Events[i])
		case i >= len(got.Events):
			return fmt.Sprintf("event %d: missing %+v", i, want.Events[i])
		case want.Events[i] != got.Events[i]:
			return fmt.Sprintf("event %d:\n want %+v\n got  %+v", i, want.Events[i], got.Events[i])
		}
	}
	if want.Error != got.Error {
		return fmt.Sprintf("error:\n want %q\n got  %q", want.Error, got.Error)
	}
	if want.ErrorClass != got.ErrorClass {
		return fmt.Sprintf("error class: want %q, got %q", want.ErrorClass, got.ErrorClass)
	}
	return ""
}

// setClass returns the class of writes whose runs compare as sets, or "".
func setClass(w Write) string {
	switch {
	case w.Verb == "delete" && w.Resource == "pods",
		w.Verb == "patch" && w.Resource == "pods",
		w.Verb == "patch" && w.Resource == "replicationcontrollers":
		return w.Verb + " " + w.Resource
	}
	return ""
}

// setOrder returns writes with every run of one set class sorted by name
// (then by content), so that two orders of one set compare equal.
func setOrder(writes []Write) []Write {
	out := append([]Write(nil), writes...)
	for i := 0; i < len(out); {
		c := setClass(out[i])
		j := i + 1
		for c != "" && j < len(out) && setClass(out[j]) == c {
			j++
		}
		run := out[i:j]
		sort.SliceStable(run, func(a, b int) bool {
			if run[a].Name != run[b].Name {
				return run[a].Name < run[b].Name
			}
			return canonical(run[a]) < canonical(run[b])
		})
		i = j
	}
	return out
}

func canonical(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func describeWrite(w Write) string {
	s := fmt.Sprintf("%s %s %s/%s", w.Verb, w.Resource, w.Namespace, w.Name)
	if w.Failed != "" {
		s += fmt.Sprintf(" failed %q", w.Failed)
	}
	return s
}

// compareWrite describes how got differs from want, "" for no difference.
func compareWrite(want, got Write) string {
	var d []string
	field := func(name, w, g string) {
		if w != g {
			d = append(d, fmt.Sprintf("%s: want %q, got %q", name, w, g))
		}
	}
	field("verb", want.Verb, got.Verb)
	field("resource", want.Resource, got.Resource)
	field("namespace", want.Namespace, got.Namespace)
	field("name", want.Name, got.Name)
	field("failed", want.Failed, got.Failed)
	field("patchType", want.PatchType, got.PatchType)
	if !jsonvalue.Equal(want.Patch, got.Patch) {
		d = append(d, fmt.Sprintf("patch:\n  want %s\n  got  %s", canonical(want.Patch), canonical(got.Patch)))
	}
	if !jsonvalue.Equal(asTree(want.Options), asTree(got.Options)) {
		d = append(d, fmt.Sprintf("options: want %s, got %s", canonical(want.Options), canonical(got.Options)))
	}
	keys := map[string]bool{}
	for k := range want.Fields {
		keys[k] = true
	}
	for k := range got.Fields {
		keys[k] = true
	}
	for _, k := range sortedKeys(keys) {
		w, inW := want.Fields[k]
		g, inG := got.Fields[k]
		switch {
		case !inW:
			d = append(d, fmt.Sprintf("fields[%s]: unexpected %s", k, canonical(g)))
		case !inG:
			d = append(d, fmt.Sprintf("fields[%s]: missing %s", k, canonical(w)))
		case !jsonvalue.Equal(w, g):
			d = append(d, fmt.Sprintf("fields[%s]: want %s, got %s", k, canonical(w), canonical(g)))
		}
	}
	return strings.Join(d, "\n  ")
}

// asTree returns options as a comparable tree: nil and empty alike.
func asTree(m map[string]any) any {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
