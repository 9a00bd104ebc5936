package rules_test

import (
	"fmt"

	"github.com/dcplan/dcplan/internal/rules"
)

func ExampleExtract() {
	src := `// Cancel the superseded rollouts (SPEC 3.4.3, 7 row 6).
p.Cancels = append(p.Cancels, dcplan.Cancel{Rule: "3.4.3", RC: d.Name})
`
	cites, err := rules.Extract("reconcile/supersede.go", []byte(src))
	if err != nil {
		panic(err)
	}
	for _, c := range cites {
		fmt.Println(c.Kind, c.ID)
	}
	// Output:
	// plan 3.4.3
	// spec 3.4.3
	// spec 7.6
}
