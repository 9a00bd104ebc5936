package jsontree_test

import (
	"fmt"

	"github.com/dcplan/dcplan/internal/jsontree"
)

// Parse reads a document as encoding/json with UseNumber would;
// AppendCanonical writes it back compact, keys in order, numbers as
// written, HTML characters escaped as json.Marshal escapes them.
func Example() {
	tree, err := jsontree.Parse([]byte(`{"spec": {"replicas": 3}, "kind": "ReplicationController", "note": "<a&b>", "big": 12345678901234567890}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(jsontree.AppendCanonical(nil, tree)))
	_, err = jsontree.Parse([]byte(`{"kind":`))
	fmt.Println(err)
	// Output:
	// {"big":12345678901234567890,"kind":"ReplicationController","note":"\u003ca\u0026b\u003e","spec":{"replicas":3}}
	// unexpected EOF
}

// ScanTape reads a document onto a flat tape and renders its canonical
// form in the same pass; a reader looks members up by key and finds each
// value's canonical bytes inside its container's.
func ExampleScanTape() {
	data := []byte(`{"spec": {"template": {"b": 2, "a": 1}, "replicas": 3}, "kind": "ReplicationController"}`)
	t, canon, ok := jsontree.ScanTape(data, string(data), true)
	defer jsontree.PutTape(t)
	defer jsontree.PutScratch(canon)
	if !ok {
		fmt.Println("not JSON")
		return
	}
	spec := t.Member(0, "spec")
	fmt.Println(t.Text(t.Member(0, "kind")), t.Text(t.Member(spec, "replicas")))
	specRaw, _ := t.CanonPart(*canon, spec)
	tpl, _ := t.CanonPart(specRaw, t.Member(spec, "template"))
	fmt.Println(string(*canon))
	fmt.Println(string(tpl))
	// Output:
	// ReplicationController 3
	// {"kind":"ReplicationController","spec":{"replicas":3,"template":{"a":1,"b":2}}}
	// {"a":1,"b":2}
}
