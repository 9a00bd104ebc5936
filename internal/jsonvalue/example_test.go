package jsonvalue_test

import (
	"encoding/json"
	"fmt"

	"github.com/dcplan/dcplan/internal/jsonvalue"
)

// Two encodings of the same object: members reordered, a number written
// another way.
func ExampleEqual() {
	var a, b any
	_ = json.Unmarshal([]byte(`{"replicas":3,"paused":false}`), &a)
	_ = json.Unmarshal([]byte(`{"paused":false,"replicas":3.0}`), &b)
	fmt.Println(jsonvalue.Equal(a, b))
	// Output: true
}
