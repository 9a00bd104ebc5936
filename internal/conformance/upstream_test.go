package conformance

import (
	"flag"
	"testing"

	"github.com/dcplan/dcplan"
)

var verbose = flag.Bool("conformance.v", false, "print every failing scenario's diff")

// TestUpstreamRecorded plays every scenario recorded from upstream's
// controllers with the Exact profile and compares the requests, events,
// returned error and its class with what upstream did (SPEC 13, 13.1).
func TestUpstreamRecorded(t *testing.T) {
	scenarios, err := Load("testdata/upstream-recorded.tar.gz")
	if err != nil {
		t.Fatal(err)
	}
	if len(scenarios) != 2000 {
		t.Fatalf("loaded %d scenarios, want 2000", len(scenarios))
	}
	failed := 0
	for _, sc := range scenarios {
		got, err := Run(sc, dcplan.Exact.Settings())
		diff := ""
		if err != nil {
			diff = err.Error()
		} else {
			diff = Compare(sc.Expected, got)
		}
		if diff != "" {
			failed++
			if *verbose || failed <= 10 {
				t.Errorf("%s (%s, %s):\n%s", sc.Name, sc.Pass, sc.Why, diff)
			}
		}
	}
	t.Logf("%d of %d scenarios agree with upstream", len(scenarios)-failed, len(scenarios))
	if failed > 0 {
		t.Errorf("%d of %d scenarios differ from upstream", failed, len(scenarios))
	}
}
