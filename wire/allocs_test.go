package wire_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/racedetect"
	"github.com/dcplan/dcplan/wire"
)

// TestRequestsAllocateTheirBytes holds a pass that writes to what its
// requests need (issue 34 item 2): the request list (1; the renderer
// holds the snapshot and plan as values, not moved to the heap); for each request its body, patch or event,
// and a value its change renders (a count, a name: 2); for a create, the
// names of the new RC (2). Nothing per member of the objects written,
// nothing for the changes: a regression there costs dozens.
func TestRequestsAllocateTheirBytes(t *testing.T) {
	for _, c := range writeCases(t) {
		t.Run(c.name, func(t *testing.T) {
			reqs, err := wire.Requests(c.s, c.p)
			if err != nil || len(reqs) == 0 {
				t.Fatalf("Requests() = %d requests, %v", len(reqs), err)
			}
			want := 1.0
			for _, q := range reqs {
				want += 2
				if q.Verb == wire.VerbCreate {
					want += 2
				}
			}
			got := testing.AllocsPerRun(20, func() {
				if _, err := wire.Requests(c.s, c.p); err != nil {
					t.Fatal(err)
				}
			})
			if got > want && !racedetect.Enabled {
				t.Errorf("Requests() of %s allocates %v times for %d requests, want at most %v\n%s", c.name, got, len(reqs), want, dcplan.Describe(c.p))
			}
		})
	}
}
