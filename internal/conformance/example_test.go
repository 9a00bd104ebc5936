package conformance_test

import (
	"fmt"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/conformance"
)

// Example replays the first recorded world with the Exact preset and
// compares what the pass did with what upstream's controller did on it.
func Example() {
	scenarios, err := conformance.Load("testdata/upstream-recorded.tar.gz")
	if err != nil {
		fmt.Println(err)
		return
	}
	sc := scenarios[0]
	got, err := conformance.Run(sc, dcplan.Exact.Settings())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d worlds; %s (%s pass): ", len(scenarios), sc.Name, sc.Pass)
	if diff := conformance.Compare(sc.Expected, got); diff != "" {
		fmt.Println("differs:", diff)
		return
	}
	fmt.Printf("%d writes, %d events, as upstream\n", len(got.Writes), len(got.Events))
	// Output:
	// 2000 worlds; gen-1-1000 (dc pass): 1 writes, 0 events, as upstream
}
