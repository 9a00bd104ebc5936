package gen_test

import (
	"fmt"

	"github.com/dcplan/dcplan/fake/gen"
)

// Inside a property test, draw with gen.Snapshot().Draw(t, "snapshot");
// outside one, Example gives the value for a seed, the same on every run.
func ExampleSnapshot() {
	a, b := gen.Snapshot().Example(7), gen.Snapshot().Example(7)
	fmt.Println(a.Config.Namespace+"/"+a.Config.Name, "valid:", a.Validate() == nil)
	fmt.Println("repeatable:", len(a.Deployments) == len(b.Deployments) && a.Now.Equal(b.Now))
	// Output:
	// ns/web valid: true
	// repeatable: true
}
