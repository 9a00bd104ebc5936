package fake_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestParseFaultsDeleteConfig: "all" leaves DeleteConfig and Forbidden
// off, "deletedc" or "forbidden" alone turns it on at its rate, and
// "all,deletedc" is every fault but Forbidden.
func TestParseFaultsDeleteConfig(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want fake.Faults
	}{
		{"all", fake.AllFaults()},
		{"deletedc", fake.Faults{DeleteConfig: 0.01}},
		{"forbidden", fake.Faults{Forbidden: 0.02}},
		{"all,forbidden", func() fake.Faults { f := fake.AllFaults(); f.Forbidden = 0.02; return f }()},
		{"all,deletedc=0.2", func() fake.Faults { f := fake.AllFaults(); f.DeleteConfig = 0.2; return f }()},
		{" all , conflict=0", func() fake.Faults { f := fake.AllFaults(); f.Conflict = 0; return f }()},
	} {
		got, err := fake.ParseFaults(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseFaults(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	if f := fake.AllFaults(); f.DeleteConfig != 0 || f.Forbidden != 0 {
		t.Errorf("AllFaults() = %v, want DeleteConfig and Forbidden 0", f)
	}
}

// TestSimDeleteConfigUnderFaults runs Modern's all-fault traces with DCs
// deleted under them (held by a finalizer for a few steps, gone at once,
// or orphaning their RCs) and created again: every invariant holds at
// every step, StatusOnlyWhileDeleting among them (SPEC 3.2.4), the new
// DC adopts what the old one orphaned (SPEC 3.3), and every world comes
// to rest. The traces must make all three deletes and DC controller
// passes over a DC being deleted that StatusOnlyWhileDeleting judges (the
// pass read the live DC), or the test proves nothing.
func TestSimDeleteConfigUnderFaults(t *testing.T) {
	seeds := 40
	if testing.Short() {
		seeds = 8
	}
	made := map[string]int{}
	for seed := range uint64(seeds) {
		s := fake.NewSim(fake.Options{Seed: seed, Faults: fake.AllFaults()})
		s.Faults.DeleteConfig = 0.05
		for _, c := range []dcplan.Config{fake.NewConfig("ns", "web", 2), fake.NewConfig("ns", "api", 1)} {
			if err := s.AddConfig(c); err != nil {
				t.Fatal(err)
			}
		}
		prev := runChecked(t, s, seed, 100, func(o fake.Observation) {
			for _, tr := range o.Transitions {
				// A DC controller pass over a DC being deleted that
				// StatusOnlyWhileDeleting judged (it read the live DC).
				if tr.Kind == fake.PassConfig && tr.Before.Config.Deleting && !tr.StaleConfig {
					made["planned while deleting"]++
				}
			}
		})
		s.Faults = fake.Faults{}
		if err := fake.Liveness(s); err != nil {
			t.Fatalf("seed %d: %v\ntrace (last 80 lines):\n%s", seed, err, tail(s.Trace(), 80))
		}
		if err := fake.CheckInvariants(prev, s.Observe()); err != nil {
			t.Fatalf("seed %d, after liveness: %v\ntrace (last 80 lines):\n%s", seed, err, tail(s.Trace(), 80))
		}
		for _, f := range s.FaultLog() {
			switch {
			case f.Kind != "deletedc":
			case strings.Contains(f.What, "held by"):
				made["held"]++
			case strings.Contains(f.What, "orphan"):
				made["orphan"]++
			case strings.HasPrefix(f.What, "release"):
				made["released"]++
			default:
				made["gone"]++
			}
		}
		if strings.Contains(s.Trace(), "adopt rc/") {
			made["adopted"]++
		}
	}
	t.Logf("over %d traces: %v", seeds, made)
	for _, k := range []string{"held", "orphan", "gone", "released", "planned while deleting", "adopted"} {
		if made[k] == 0 {
			t.Errorf("no trace had %s", k)
		}
	}
}

// TestSimDeployerWithoutConfig: the deployer controller reads an RC and
// its pods from its caches, never the RC's DC (SPEC 4.1), so an RC
// rolling out when its DC goes with --cascade=orphan still sees its
// deployer pod and completes with it. The simulator's deployer pass over
// an RC whose DC its cache did not hold read the RC alone, no pods: it
// failed the Running RC with "deployer pod no longer exists" while the
// pod ran on (and a second rollout's pod then ran beside it).
func TestSimDeployerWithoutConfig(t *testing.T) {
	s := fake.NewSim(fake.Options{Seed: 1})
	if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
		t.Fatal(err)
	}
	for range 50 {
		if d, ok := s.World().Deployment("ns", "web-1"); ok && d.Phase == dcplan.PhaseRunning {
			break
		}
		s.Run(1)
	}
	if err := s.DeleteConfig("ns", "web", false, true); err != nil {
		t.Fatal(err)
	}
	s.Run(30)
	d, ok := s.World().Deployment("ns", "web-1")
	if !ok || d.Phase != dcplan.PhaseComplete {
		t.Errorf("rc web-1 (found %v) %v %q, want Complete\n%s", ok, d.Phase, d.Reason, tail(s.Trace(), 30))
	}
}
