package fake_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestEveryPresetCompletesARollout runs a DC's first rollout and one
// `oc rollout latest` to rest under every preset. Under the seed presets
// (SeedPodController, SPEC 7 row 29) the deployer controller leaves a
// Pending or Running RC to the seed deployer-pod controller, which copies
// its deployer pod's phase into the RC; without that controller in the
// simulator's passes every seed rollout stayed Pending for ever.
func TestEveryPresetCompletesARollout(t *testing.T) {
	for _, p := range dcplan.Presets() {
		t.Run(p.String(), func(t *testing.T) {
			s := fake.NewSim(fake.Options{Seed: 1, Settings: p.Settings()})
			if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Stabilize(50); err != nil {
				t.Fatalf("before rollout latest: %v\n%s", err, tail(s.Trace(), 40))
			}
			if err := s.RolloutLatest("ns", "web"); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Stabilize(50); err != nil {
				t.Fatalf("after rollout latest: %v\n%s", err, tail(s.Trace(), 40))
			}
			cs := s.Observe().Configs
			if len(cs) != 1 {
				t.Fatalf("%d DCs observed, want 1", len(cs))
			}
			// The seeds' DC controller leaves the first rollout to a
			// separate config-change controller, so only rollout latest
			// rolls out there; Modern and Exact roll out the new DC too.
			c, ds := cs[0].Config, cs[0].Deployments
			if len(ds) == 0 {
				t.Fatalf("no RC at rest\n%s", tail(s.Trace(), 40))
			}
			last := ds[len(ds)-1]
			if last.Version != c.Status.LatestVersion || last.Phase != dcplan.PhaseComplete {
				t.Errorf("latest RC at rest: %s v%d %s, want v%d Complete\n%s", last.Name, last.Version, last.Phase, c.Status.LatestVersion, tail(s.Trace(), 40))
			}
			seedPods := strings.Contains(s.Trace(), "] deployer-pod ")
			if seedPods != p.Settings().SeedPodController {
				t.Errorf("deployer-pod controller passes in the trace: %v, want %v (SeedPodController)", seedPods, !seedPods)
			}
		})
	}
}

// accident is one of upstream's accidents that Exact and the seed presets
// keep (docs/rules.md lists them among Modern's deliberate differences):
// why it breaks its invariant, and off, which sets its switches as Modern
// has them.
type accident struct {
	why string
	off func(*dcplan.Settings)
}

// accidents are the invariants Exact and the seed presets break under
// faults ("liveness" for a world that does not come to rest), each with
// the accident that breaks it.
var accidents = map[string]accident{
	"OneRolloutInFlight":    {"IgnoreExpectations: a stale cache starts a second rollout (SPEC 3.2.12.expect)", noExpectations},
	"NoCreateWhileInFlight": {"IgnoreExpectations: a stale cache starts a second rollout (SPEC 3.2.12.expect)", noExpectations},
	"OneDeployerPod":        {"IgnoreExpectations: a stale cache creates a second deployer pod (SPEC 4.2.expect)", noExpectations},
	"NothingInFlightAtRest": {"UnrelatedPodEffects: a pod squatting the deployer pod's name holds the RC Pending (SPEC 10.4)",
		func(st *dcplan.Settings) { st.UnrelatedPodEffects = false }},
	"liveness": {"FailedCancellationEveryPass (SPEC 10.13) or UntrimmedImages (SPEC 3.5.5): a plan on every pass",
		func(st *dcplan.Settings) { st.FailedCancellationEveryPass, st.UntrimmedImages = false, false }},
}

func noExpectations(st *dcplan.Settings) { st.IgnoreExpectations = false }

// broken runs seeds all-fault traces of 100 steps over two DCs under st,
// then liveness, and counts the traces that broke each invariant
// ("liveness" for the world not coming to rest).
func broken(st dcplan.Settings, seeds uint64) map[string]int {
	name := regexp.MustCompile(`([A-Za-z]+) \(SPEC`)
	out := map[string]int{}
	for seed := range seeds {
		s := newFaultySimWith(seed, st)
		seen := map[string]bool{}
		prev := s.Observe()
		for range 100 {
			s.Run(1)
			next := s.Observe()
			if err := fake.CheckInvariants(prev, next); err != nil {
				for _, m := range name.FindAllStringSubmatch(err.Error(), -1) {
					seen[m[1]] = true
				}
			}
			prev = next
		}
		if fake.Liveness(s) != nil {
			seen["liveness"] = true
		}
		for k := range seen {
			out[k]++
		}
	}
	return out
}

// TestAccidentsUnderFaults: with every fault on, Exact and the seed
// presets break invariants Modern keeps (TestSimSeeds), and every break
// is one of upstream's accidents that a switch keeps: each broken
// invariant is one of accidents, the same traces no longer break it with
// that accident's switches as Modern has them, and with all of them so,
// the traces break nothing, liveness included. So the simulator and its
// invariants serve Exact and the seed eras too, and a new kind of break
// fails here.
func TestAccidentsUnderFaults(t *testing.T) {
	seeds := uint64(max(1, *simSeeds/5))
	if testing.Short() {
		seeds = max(1, seeds/5)
	}
	for _, p := range []dcplan.Preset{dcplan.Exact, dcplan.Origin10, dcplan.Origin13, dcplan.Origin15} {
		t.Run(p.String(), func(t *testing.T) {
			got := broken(p.Settings(), seeds)
			t.Logf("breaks in %d traces: %v", seeds, got)
			for inv, n := range got {
				a, ok := accidents[inv]
				if !ok {
					t.Errorf("%d of %d traces break %s, which no known accident explains", n, seeds, inv)
					continue
				}
				st := p.Settings()
				a.off(&st)
				if again := broken(st, seeds)[inv]; again > 0 {
					t.Errorf("%s still breaks in %d traces without its accident (%s)", inv, again, a.why)
				}
			}
			all := p.Settings()
			for _, a := range accidents {
				a.off(&all)
			}
			if fixed := broken(all, seeds); len(fixed) > 0 {
				t.Errorf("with every accident's switches as Modern has them, traces still break %v", fixed)
			}
		})
	}
}
