package conformance_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"testing"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/internal/conformance"
	"github.com/dcplan/dcplan/wire"
)

// applyFields returns obj with recorded fields applied: the inverse of
// conformance.Flatten and Diff, for rebuilding request bodies from a
// recording. Order leaves ([*].key) are applied before the elements they
// order; a null removes a field and never creates one.
func applyFields(obj any, fields map[string]any) (any, error) {
	type leaf struct {
		p conformance.Path
		v any
	}
	var leaves []leaf
	for k, v := range fields {
		p, err := conformance.ParsePath(k)
		if err != nil {
			return nil, err
		}
		leaves = append(leaves, leaf{p, v})
	}
	hasAll := func(p conformance.Path) bool { return len(p) > 1 && p[len(p)-2].Kind == conformance.SegAll }
	sort.Slice(leaves, func(i, j int) bool {
		a, b := leaves[i], leaves[j]
		if len(a.p) != len(b.p) {
			return len(a.p) < len(b.p)
		}
		if hasAll(a.p) != hasAll(b.p) {
			return hasAll(a.p)
		}
		return a.p.String() < b.p.String()
	})
	root, _ := obj.(map[string]any)
	if root == nil {
		root = map[string]any{}
	}
	for _, l := range leaves {
		if err := setPath(root, l.p, l.v); err != nil {
			return nil, fmt.Errorf("%s: %w", l.p, err)
		}
	}
	return root, nil
}

// setPath sets (or, for nil, removes) the leaf at p under root.
func setPath(root map[string]any, p conformance.Path, v any) error {
	var cur any = root
	// parent and key let a step replace the container it stands in.
	for i := 0; i < len(p)-1; i++ {
		s, next := p[i], p[i+1]
		if next.Kind == conformance.SegAll {
			m := cur.(map[string]any)
			if v == nil {
				delete(m, s.Key)
				return nil
			}
			field := p[i+2].Key
			old, _ := m[s.Key].([]any)
			var list []any
			for _, k := range v.([]any) {
				var el any = map[string]any{field: k}
				for _, e := range old {
					if e.(map[string]any)[field] == k {
						el = e
					}
				}
				list = append(list, el)
			}
			m[s.Key] = list
			return nil
		}
		child, ok := step(cur, s)
		if !ok {
			if v == nil {
				return nil
			}
			child = map[string]any{}
			if next.Kind != conformance.SegKey {
				child = []any{}
			}
			if err := put(cur, s, child); err != nil {
				return err
			}
			child, _ = step(cur, s)
		}
		if next.Kind == conformance.SegKeyed || next.Kind == conformance.SegIndex {
			list := child.([]any)
			if _, ok := step(list, next); !ok {
				if v == nil {
					return nil
				}
				var el map[string]any
				if next.Kind == conformance.SegKeyed {
					el = map[string]any{next.Field: next.Value}
				}
				for next.Kind == conformance.SegIndex && len(list) <= next.Index {
					list = append(list, map[string]any{})
				}
				if el != nil {
					list = append(list, el)
				}
				if err := put(cur, s, list); err != nil {
					return err
				}
				child = list
			}
		}
		cur = child
	}
	last := p[len(p)-1]
	if last.Kind != conformance.SegKey && last.Kind != conformance.SegIndex {
		return fmt.Errorf("leaf step %v", last)
	}
	if v == nil {
		if m, ok := cur.(map[string]any); ok && last.Kind == conformance.SegKey {
			delete(m, last.Key)
		}
		return nil
	}
	return put(cur, last, v)
}

func step(cur any, s conformance.Segment) (any, bool) {
	switch s.Kind {
	case conformance.SegKey:
		m, _ := cur.(map[string]any)
		v, ok := m[s.Key]
		return v, ok && v != nil
	case conformance.SegIndex:
		l, _ := cur.([]any)
		if s.Index < len(l) {
			return l[s.Index], true
		}
	case conformance.SegKeyed:
		l, _ := cur.([]any)
		for _, e := range l {
			if m, ok := e.(map[string]any); ok && m[s.Field] == s.Value {
				return m, true
			}
		}
	}
	return nil, false
}

func put(cur any, s conformance.Segment, v any) error {
	switch s.Kind {
	case conformance.SegKey:
		m, ok := cur.(map[string]any)
		if !ok {
			return fmt.Errorf("%q: not an object", s.Key)
		}
		m[s.Key] = v
		return nil
	case conformance.SegIndex:
		l, ok := cur.([]any)
		if !ok || s.Index >= len(l) {
			return fmt.Errorf("[%d]: no such element", s.Index)
		}
		l[s.Index] = v
		return nil
	}
	return fmt.Errorf("cannot set %v", s)
}

func objectTree(t *testing.T, b []byte) any {
	t.Helper()
	if b == nil {
		return nil
	}
	var v any
	d := json.NewDecoder(bytesReader(b))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestReplayAllRecordedWrites(t *testing.T) {
	// why: every recorded write, its body rebuilt from the recording (the
	// object the server holds with the recorded fields applied), replayed
	// in order on a server seeded from the scenario, is recorded again
	// exactly as upstream's: same writes, same fields, same failure texts
	// (faults with their counts, NotFound of absent objects,
	// AlreadyExists of live ones).
	ctx := context.Background()
	total := 0
	for _, sc := range loadAll(t) {
		srv := fake.NewServer(sc.Now)
		if err := conformance.Seed(srv, sc); err != nil {
			t.Fatal(err)
		}
		for _, w := range sc.Expected.Writes {
			r := wire.Request{Verb: wire.Verb(w.Verb), Resource: w.Resource, Namespace: w.Namespace, Name: w.Name, PatchType: w.PatchType}
			if res, sub, ok := cut(w.Resource); ok {
				r.Resource, r.Subresource = res, sub
			}
			stored, _ := srv.Object(r.Resource, r.Namespace, r.Name)
			var body any
			var err error
			switch {
			case r.Verb == wire.VerbCreate:
				body, err = applyFields(nil, w.Fields)
			case r.Verb == wire.VerbUpdate && r.Subresource == wire.SubresourceStatus:
				if stored == nil {
					stored = sc.Input.DC
				}
				var st any
				if st, err = applyFields(nil, w.Fields); err == nil {
					body = objectTree(t, stored)
					body.(map[string]any)["status"] = st.(map[string]any)["status"]
				}
			case r.Verb == wire.VerbUpdate:
				body, err = applyFields(objectTree(t, stored), w.Fields)
			case r.Verb == wire.VerbPatch:
				r.Patch, err = json.Marshal(w.Patch)
			case r.Verb == wire.VerbDelete:
				if p, ok := w.Options["propagationPolicy"].(string); ok {
					r.Delete.PropagationPolicy = p
				}
			}
			if err != nil {
				t.Fatalf("%s: rebuild %s %s/%s: %v", sc.Name, w.Verb, w.Resource, w.Name, err)
			}
			if body != nil {
				if r.Body, err = json.Marshal(body); err != nil {
					t.Fatal(err)
				}
			}
			_, _ = srv.Do(ctx, r) // the outcome is compared through the log
			total++
		}
		got := conformance.Expected{Writes: conformance.Record(srv.Log()), Events: sc.Expected.Events,
			Error: sc.Expected.Error, ErrorClass: sc.Expected.ErrorClass}
		if diff := conformance.Compare(sc.Expected, got); diff != "" {
			t.Errorf("%s (%s): %s", sc.Name, sc.Why, diff)
		}
	}
	if total != 2516 {
		t.Errorf("replayed %d writes, want the 2516 recorded", total)
	}
}

func cut(resource string) (string, string, bool) {
	for i := range resource {
		if resource[i] == '/' {
			return resource[:i], resource[i+1:], true
		}
	}
	return resource, "", false
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
