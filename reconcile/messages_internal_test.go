package reconcile

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestMsgScaledMatchesFmt pins msgScaled, built with strconv, to the fmt
// format upstream uses.
func TestMsgScaledMatchesFmt(t *testing.T) {
	for _, rc := range []string{"web-3", "", `a"b`, "ünï\tcode", strings.Repeat("long-name-", 20)} {
		for _, n := range [][2]dcplan.Replicas{{0, 3}, {-1, 2147483647}, {-2147483648, 0}} {
			want := fmt.Sprintf("Scaled replication controller %q from %d to %d", rc, n[0], n[1])
			if got := msgScaled(rc, n[0], n[1]); got != want {
				t.Errorf("msgScaled(%q, %d, %d) = %q, want %q", rc, n[0], n[1], got, want)
			}
		}
	}
}
