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
