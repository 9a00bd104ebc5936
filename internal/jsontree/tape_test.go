package jsontree

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan/internal/racedetect"
)

// treeOfTape builds the tree value i of t stands for, as Scan builds it.
func treeOfTape(t *Tape, i int32) any {
	n := t.Nodes[i]
	switch n.Kind {
	case KindNull:
		return nil
	case KindBool:
		return n.Text == "true"
	case KindNumber:
		return json.Number(n.Text)
	case KindString:
		return t.Text(i)
	case KindArray:
		l := []any{}
		for j := t.FirstElem(i); len(l) < t.Len(i); j = t.NextElem(j) {
			l = append(l, treeOfTape(t, j))
		}
		return l
	}
	m := map[string]any{}
	for k, j := 0, t.FirstMember(i); k < t.Len(i); k, j = k+1, t.NextMember(j) {
		m[t.Nodes[j].Text] = treeOfTape(t, j+1)
	}
	return m
}

// hasNullTree reports whether an object member of the tree v is null.
func hasNullTree(v any) bool {
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			if hasNullTree(e) {
				return true
			}
		}
	case map[string]any:
		for _, e := range v {
			if e == nil || hasNullTree(e) {
				return true
			}
		}
	}
	return false
}

// maxSpanDepth bounds the levels checkSpans checks.
const maxSpanDepth = 64

// checkSpans checks that CanonPart finds the canonical form of every
// member (the last of duplicate keys) and element within value i, whose
// canonical form is canon, down to maxSpanDepth levels below the
// document: each level renders its subtree again, so that a document
// nested 10 000 deep (a seed) would take longer than the fuzzer grants
// one input; shallower documents check the deeper levels' code.
func checkSpans(t *testing.T, tp *Tape, i int32, canon []byte, depth int) {
	t.Helper()
	if depth > maxSpanDepth {
		return
	}
	check := func(v int32) {
		part, ok := tp.CanonPart(canon, v)
		if want := tp.AppendCanonical(nil, v, false); !ok || string(part) != string(want) {
			t.Fatalf("CanonPart of node %d in %s = %s, %v; want %s", v, canon, part, ok, want)
		}
		if cap(part) != len(part) {
			t.Fatalf("CanonPart of node %d: capacity %d past its length %d", v, cap(part), len(part))
		}
		checkSpans(t, tp, v, part, depth+1)
	}
	switch tp.Kind(i) {
	case KindArray:
		for k, j := 0, tp.FirstElem(i); k < tp.Len(i); k, j = k+1, tp.NextElem(j) {
			check(j)
		}
	case KindObject:
		for k, j := 0, tp.FirstMember(i); k < tp.Len(i); k, j = k+1, tp.NextMember(j) {
			if tp.Member(i, tp.Nodes[j].Text) == j+1 {
				check(j + 1)
			}
		}
	}
}

// FuzzTape checks ScanTape against Scan: the same refusals, a tape that
// stands for Scan's tree, Member agreeing with the tree's lookups, and the
// canonical renderings (while scanning, and from the tape, with and
// without null members) agreeing with AppendCanon's.
func FuzzTape(f *testing.F) {
	addSeeds(f)
	f.Fuzz(checkTape)
}

// checkTape is FuzzTape's check of one document.
func checkTape(t *testing.T, data []byte) {
	t.Helper()
	want, ok := Scan(data)
	for _, doc := range []string{"", string(data)} {
		tp, canon, tok := ScanTape(data, doc, true)
		if tok != ok {
			t.Fatalf("ScanTape(%q) ok = %v, Scan ok = %v", data, tok, ok)
		}
		if !ok {
			PutScratch(canon)
			PutTape(tp)
			continue
		}
		if got := treeOfTape(tp, 0); !reflect.DeepEqual(got, want) {
			t.Fatalf("ScanTape(%q) stands for another tree (-scan +tape):\n%s", data, cmp.Diff(want, got))
		}
		if int(tp.Nodes[0].End) != len(tp.Nodes) {
			t.Fatalf("ScanTape(%q): the value ends at node %d of %d", data, tp.Nodes[0].End, len(tp.Nodes))
		}
		canonical := string(AppendCanonical(nil, want))
		if string(*canon) != canonical {
			t.Fatalf("ScanTape(%q) renders\n%s\nwant\n%s", data, *canon, canonical)
		}
		checkSpans(t, tp, 0, *canon, 0)
		if got := string(tp.AppendCanonical(nil, 0, false)); got != canonical {
			t.Fatalf("Tape.AppendCanonical(%q) = %s, want %s", data, got, canonical)
		}
		if got, want := string(tp.AppendCanonical(nil, 0, true)), string(AppendCanon(nil, want, true)); got != want {
			t.Fatalf("Tape.AppendCanonical(%q, dropNull) = %s, want %s", data, got, want)
		}
		if got, want := tp.HasNullMember(0), hasNullTree(want); got != want {
			t.Fatalf("HasNullMember(%q) = %v, want %v", data, got, want)
		}
		if m, isObj := want.(map[string]any); isObj {
			for k, v := range m {
				if got := treeOfTape(tp, tp.Member(0, k)); !reflect.DeepEqual(got, v) {
					t.Fatalf("Member(%q) of %q = %v, want %v", k, data, got, v)
				}
			}
			if tp.Member(0, "\x00absent") != -1 {
				t.Fatalf("Member of an absent key in %q is not -1", data)
			}
		}
		PutScratch(canon)
		PutTape(tp)
	}
}

func TestTapeNoValue(t *testing.T) {
	tp, _, ok := ScanTape([]byte(`{"a":[1,{"b":null}],"a":"x"}`), "", false)
	if !ok {
		t.Fatal("ScanTape refused a valid document")
	}
	defer PutTape(tp)
	if got := tp.Text(tp.Member(0, "a")); got != "x" {
		t.Errorf(`Member "a" = %q, want the last duplicate "x"`, got)
	}
	if tp.Kind(-1) != 0 || tp.Text(-1) != "" || tp.Len(-1) != 0 || tp.Member(-1, "a") != -1 {
		t.Error("an absent value does not read as absent")
	}
	if tp.Member(tp.Member(0, "a"), "b") != -1 {
		t.Error("Member of a string found a member")
	}
	if arr := tp.FirstMember(0) + 1; tp.Kind(arr) != KindArray || tp.Member(arr, "1") != -1 {
		t.Error(`Member of the array [1,{"b":null}] found a member "1"`)
	}
	if part, ok := tp.CanonPart([]byte(`{}`), 1); ok || part != nil {
		t.Errorf("CanonPart on a tape read without canonOn = %q, %v", part, ok)
	}
	if got := tp.AppendCanonical(nil, -1, false); len(got) != 0 {
		t.Errorf("AppendCanonical of no value wrote %q", got)
	}
}

// TestTapeKeepsEscapedLiterals: a string value that needs unescaping
// stays its literal on the tape, unescaped by Text only, so that a scan
// of a document with a long escaped string (an RC's encoded DC) does not
// allocate it; keys, plain strings and numbers are parts of doc.
func TestTapeKeepsEscapedLiterals(t *testing.T) {
	data := []byte(`{"a":"x\"y","b":"plain","c":"é","n":12345,"d":"` + strings.Repeat(`\"k\":1,`, 200) + `"}`)
	doc := string(data)
	tp, _, ok := ScanTape(data, doc, false)
	if !ok {
		t.Fatal("ScanTape refused a valid document")
	}
	a, b, c := tp.Member(0, "a"), tp.Member(0, "b"), tp.Member(0, "c")
	if n := tp.Nodes[a]; !n.Escaped || n.Text != `"x\"y"` || tp.Text(a) != `x"y` {
		t.Errorf(`"a": node %+v, Text %q; want the literal "x\"y" kept, read as x"y`, n, tp.Text(a))
	}
	if n := tp.Nodes[b]; n.Escaped || tp.Text(b) != "plain" {
		t.Errorf(`"b": node %+v; want plain text`, n)
	}
	if tp.Text(c) != "é" {
		t.Errorf(`"c" reads %q, want é`, tp.Text(c))
	}
	PutTape(tp)
	if allocs := testing.AllocsPerRun(20, func() {
		tp, _, _ := ScanTape(data, doc, false)
		PutTape(tp)
	}); allocs != 0 && !racedetect.Enabled {
		t.Errorf("ScanTape of a document with escaped strings allocates %v times; want 0", allocs)
	}
}
