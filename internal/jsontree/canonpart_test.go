package jsontree

import "testing"

// TestCanonPartEnds checks CanonPart where checkSpans does not look: the
// document's own value (node 0) is the whole of the canonical form, and
// the value of a member shadowed by a later duplicate key has no form of
// its own in its object's, so CanonPart reports it as not found.
func TestCanonPartEnds(t *testing.T) {
	data := []byte(`{"b":[1],"a":2,"b":{"c":3}}`)
	tp, canon, ok := ScanTape(data, "", true)
	defer PutTape(tp)
	defer PutScratch(canon)
	if !ok {
		t.Fatal("ScanTape refused a valid document")
	}
	const want = `{"a":2,"b":{"c":3}}`
	if part, ok := tp.CanonPart(*canon, 0); !ok || string(part) != want {
		t.Errorf("CanonPart of the document = %q, %v; want %q, true", part, ok, want)
	}
	shadowed := tp.FirstMember(0) + 1 // [1], the first "b"
	if tp.Kind(shadowed) != KindArray {
		t.Fatalf("node %d is a %v, want the array [1]", shadowed, tp.Kind(shadowed))
	}
	if part, ok := tp.CanonPart(*canon, shadowed); ok || part != nil {
		t.Errorf("CanonPart of a shadowed member = %q, %v; want nil, false", part, ok)
	}
}

// TestPutTapeClearsNodes: PutTape clears the nodes of the tape it gives
// back, so that the pool keeps no string of the document alive (a part of
// it, or an escaped literal). The tape is looked at right after PutTape,
// before anything can take it from the pool.
func TestPutTapeClearsNodes(t *testing.T) {
	tp, _, ok := ScanTape([]byte(`{"a":"x\"y","b":[1,true]}`), "", false)
	if !ok {
		t.Fatal("ScanTape refused a valid document")
	}
	nodes := tp.Nodes
	PutTape(tp)
	for i, n := range nodes {
		if n != (Node{}) {
			t.Fatalf("node %d of a tape given back holds %+v", i, n)
		}
	}
}
