package fake_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestRetryDuringStatusCatchUp runs SPEC 6m.2.lag through the simulator:
// a DC created again over its predecessor's RCs (orphans: web-2 Failed,
// web-4 Running with its deployer pod) whose status says 2. Exact's oc
// rollout retry revives web-2 and two rollouts run (the invariants judge
// the live world: OneRolloutInFlight); Modern's refuses, naming the running
// #4, and the world comes to rest with every invariant holding.
func TestRetryDuringStatusCatchUp(t *testing.T) {
	name := regexp.MustCompile(`([A-Za-z]+) \(SPEC`)
	for _, tt := range []struct {
		preset  dcplan.Preset
		refusal string // "" when the retry goes ahead
		broken  string // the invariant the next passes break; "" for none
	}{
		{dcplan.Modern, "rollout #4 is running; only failed deployments can be retried.", ""},
		{dcplan.Exact, "", "OneRolloutInFlight"},
	} {
		t.Run(tt.preset.String(), func(t *testing.T) {
			s := fake.NewSim(fake.Options{Seed: 1, Settings: tt.preset.Settings()})
			w := s.World()
			old := fake.NewConfig("ns", "web", 1)
			old.UID = "uid-predecessor"
			for v, ph := range []dcplan.Phase{dcplan.PhaseComplete, dcplan.PhaseFailed, dcplan.PhaseComplete, dcplan.PhaseRunning} {
				d := rcOf(t, old, dcplan.Version(v+1), ph, 0)
				d.UID, d.ResourceVersion = "", ""
				d.HasController, d.Controller = false, dcplan.OwnerRef{} // released by --cascade=orphan
				if err := w.CreateDeployment(d); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.CreatePodObject(deployerPod("web-4", dcplan.PodRunning)); err != nil {
				t.Fatal(err)
			}
			c := fake.NewConfig("ns", "web", 1)
			c.Status.LatestVersion = 2 // catching up, one version a pass
			if err := w.CreateConfig(c); err != nil {
				t.Fatal(err)
			}

			prev := s.Observe()
			err := s.Retry("ns", "web")
			switch {
			case tt.refusal != "" && (err == nil || !strings.Contains(err.Error(), tt.refusal)):
				t.Fatalf("Retry() = %v, want a refusal %q", err, tt.refusal)
			case tt.refusal == "" && err != nil:
				t.Fatalf("Retry() = %v, want it to go ahead", err)
			}
			// The retry's own pass, then twenty steps of the controllers.
			var broken []string
			for step := range 21 {
				if step > 0 {
					s.Run(1)
				}
				next := s.Observe()
				if err := fake.CheckInvariants(prev, next); err != nil {
					for _, m := range name.FindAllStringSubmatch(err.Error(), -1) {
						broken = append(broken, m[1])
					}
				}
				prev = next
			}
			slices.Sort(broken)
			broken = slices.Compact(broken)
			if tt.broken == "" && len(broken) > 0 || tt.broken != "" && !slices.Contains(broken, tt.broken) {
				t.Errorf("invariants broken after the retry: %v, want %q\ntrace (last 40 lines):\n%s", broken, tt.broken, tail(s.Trace(), 40))
			}
			if tt.broken == "" {
				if err := fake.Liveness(s); err != nil {
					t.Errorf("Liveness() = %v\ntrace (last 40 lines):\n%s", err, tail(s.Trace(), 40))
				}
			}
		})
	}
}
