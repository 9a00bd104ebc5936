package fake_test

import (
	"flag"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"pgregory.net/rapid"
)

// TestMain makes rapid's Repeat run 100 actions per trace on average
// unless -rapid.steps is given.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "rapid.steps" })
	if !set && os.Getenv("RAPID_STEPS") == "" {
		_ = flag.Set("rapid.steps", "100")
	}
	os.Exit(m.Run())
}

// genFaults draws a fault setting knob by knob; each knob is off half of
// the time, so shrinking turns faults off one by one.
func genFaults(t *rapid.T) fake.Faults {
	p := func(label string) float64 {
		if rapid.Bool().Draw(t, label+"On") {
			return rapid.SampledFrom([]float64{0.05, 0.2, 0.5}).Draw(t, label)
		}
		return 0
	}
	return fake.Faults{
		Conflict: p("conflict"), StaleReads: rapid.IntRange(0, 4).Draw(t, "stale"), Crash: p("crash"),
		LoseNotify: p("lose"), DuplicateNotify: p("dup"), Dual: p("dual"),
	}
}

// TestSimStateMachine drives the simulator with rapid: every step, fault
// knob, external change and user operation is an action, and the
// invariants are checked after each (the "" action). A failure shrinks to
// a short action list and prints the simulator's trace. After the actions
// the faults stop and liveness is checked. It runs rapid.Check
// -fake.batches times (each batch draws its own seeds), so it runs
// batches × -rapid.checks traces; deep search:
//
//	go test ./fake -run TestSimStateMachine -fake.batches=10 -rapid.checks=10000
func TestSimStateMachine(t *testing.T) {
	for batch := range *stateMachineBatches {
		t.Run(fmt.Sprintf("batch-%d", batch), func(t *testing.T) { rapid.Check(t, stateMachine) })
	}
}

// stateMachineBatches is how many times TestSimStateMachine runs
// rapid.Check: with rapid's default 100 checks, 200 traces by default.
var stateMachineBatches = flag.Int("fake.batches", 2, "number of rapid.Check batches TestSimStateMachine runs")

// stateMachine is one rapid trace: a simulator with every fault on at the
// start, then actions.
func stateMachine(t *rapid.T) {
	{
		s := fake.NewSim(fake.Options{Seed: rapid.Uint64().Draw(t, "seed"), Faults: fake.AllFaults()})
		names := []string{"web", "api"}
		for i, n := range names[:rapid.IntRange(1, 2).Draw(t, "dcs")] {
			if err := s.AddConfig(fake.NewConfig("ns", n, dcplan.Replicas(i+1))); err != nil {
				t.Fatal(err)
			}
		}
		dc := func(t *rapid.T) string { return rapid.SampledFrom(s.World().Configs("ns")).Draw(t, "dc") }
		rc := func(t *rapid.T) (string, bool) {
			rcs := s.World().Names(fake.KindRC, "ns")
			if len(rcs) == 0 {
				return "", false
			}
			return rapid.SampledFrom(rcs).Draw(t, "rc"), true
		}
		prev := s.Observe()
		check := func(t *rapid.T, when string) {
			next := s.Observe()
			if err := fake.CheckInvariants(prev, next); err != nil {
				t.Fatalf("%s: %v\ntrace:\n%s", when, err, s.Trace())
			}
			prev = next
		}
		t.Repeat(map[string]func(*rapid.T){
			"": func(t *rapid.T) { check(t, "after action") },
			"step": func(t *rapid.T) {
				s.Run(rapid.IntRange(1, 3).Draw(t, "steps"))
			},
			"faults":   func(t *rapid.T) { s.Faults = genFaults(t) },
			"cancel":   func(t *rapid.T) { _ = s.Cancel("ns", dc(t)) },
			"retry":    func(t *rapid.T) { _ = s.Retry("ns", dc(t)) },
			"latest":   func(t *rapid.T) { _ = s.RolloutLatest("ns", dc(t)) },
			"rollback": func(t *rapid.T) { _ = s.Rollback("ns", dc(t), 0) },
			"pause":    func(t *rapid.T) { _ = s.Pause("ns", dc(t)) },
			"resume":   func(t *rapid.T) { _ = s.Resume("ns", dc(t)) },
			// Images[3] is padded: with an image trigger it is the world
			// of SPEC 3.5.5, which Modern must bring to rest.
			"image": func(t *rapid.T) {
				_ = s.SetImage("ns", dc(t), rapid.SampledFrom(fake.Images[:4]).Draw(t, "image"))
			},
			"imageTrigger": func(t *rapid.T) {
				_ = s.SetImageTrigger("ns", dc(t), rapid.Bool().Draw(t, "on"))
			},
			"edit": func(t *rapid.T) {
				n := dcplan.Replicas(rapid.IntRange(0, 3).Draw(t, "replicas"))
				limit := int32(rapid.IntRange(0, 3).Draw(t, "limit"))
				test := rapid.IntRange(0, 4).Draw(t, "test") == 0
				_ = s.Edit("ns", dc(t), "replicas/limit/test", func(c *dcplan.Config) {
					c.Replicas, c.RevisionHistoryLimit, c.Test = n, limit, test
				})
			},
			"scale": func(t *rapid.T) {
				if name, ok := rc(t); ok {
					_ = s.ScaleRC("ns", name, dcplan.Replicas(rapid.IntRange(0, 3).Draw(t, "to")))
				}
			},
			"deletePod": func(t *rapid.T) {
				if name, ok := rc(t); ok {
					_ = s.DeleteDeployerPod("ns", name)
				}
			},
			"squat": func(t *rapid.T) {
				if name, ok := rc(t); ok {
					_ = s.Squat("ns", name)
				}
			},
			"clock": func(t *rapid.T) {
				s.JumpClock(time.Duration(rapid.IntRange(-60, 7200).Draw(t, "jump")) * time.Second)
			},
		})
		if err := fake.Liveness(s); err != nil {
			t.Fatalf("%v\ntrace:\n%s", err, s.Trace())
		}
		check(t, "after liveness")
		if err := fake.Progress(s); err != nil {
			t.Fatalf("%v\ntrace:\n%s", err, s.Trace())
		}
		check(t, "after a rollout of each DC")
	}
}
