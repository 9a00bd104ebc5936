package explore

import (
	"testing"

	"github.com/dcplan/dcplan"
)

// TestCrashedMatchesRun holds that a crash the search derives from the
// fault-free pass (crashed) is the crash run for real: every derived crash
// of a search with one fault per trace, over every preset's controllers,
// is run too and compared (verifyCrash panics on a difference).
func TestCrashedMatchesRun(t *testing.T) {
	verifyCrashes, verified = true, 0
	defer func() { verifyCrashes = false }()
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Exact, dcplan.Origin15} {
		o := Defaults(p.Settings())
		o.Users, o.Faults, o.Stale, o.Hooks = 1, 1, 0, 0
		o.Replicas, o.Limits, o.MaxStates = []int{1}, []int{1}, 3000
		res := Explore(o)
		if res.Faulted[ActorConfig] == 0 || res.Faulted[ActorDeployer] == 0 {
			t.Errorf("%v: no faulted controller pass in %d transitions: nothing compared", p, res.Transitions)
		}
	}
	if verified < 200 {
		t.Errorf("%d derived crashes compared, want at least 200", verified)
	}
	t.Logf("%d derived crashes compared with their runs", verified)
}
