package dcplan_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/wire"
)

// TestNumericConstants holds SPEC 1.8 through the behaviour each constant
// decides, with the numbers written out here (not taken from the
// constants): the deployer pod's default deadline and grace period, the
// New-phase timeouts per strategy, the injected-environment cap, the
// willBeDropped threshold and the pod-name limit. MaxRetryCount (15) is
// the adapters' retry budget: the client-go controller's
// TestDroppedAfterRetryLimit (examples/kube) holds the drop itself.
func TestNumericConstants(t *testing.T) {
	cfg := fake.NewConfig("ns", "web", 1)
	cfg.Status.LatestVersion = 1
	d, err := wire.NewDeployment(cfg)
	if err != nil {
		t.Fatal(err)
	}
	d.UID = "uid-web-1"
	s := dcplan.Snapshot{Now: fake.Epoch, Config: cfg, Deployments: []dcplan.Deployment{d}}

	t.Run("deployer pod deadline and grace period", func(t *testing.T) {
		p := phase.BuildDeployerPod(s, d)
		if p.ActiveDeadlineSeconds != 21600 {
			t.Errorf("activeDeadlineSeconds = %d, want 21600 (6 h)", p.ActiveDeadlineSeconds)
		}
		b, err := wire.EncodePod(p, d.Template)
		if err != nil {
			t.Fatal(err)
		}
		var pod struct {
			Spec struct {
				Grace *int64 `json:"terminationGracePeriodSeconds"`
			} `json:"spec"`
		}
		if err := json.Unmarshal(b, &pod); err != nil {
			t.Fatal(err)
		}
		if pod.Spec.Grace == nil || *pod.Spec.Grace != 10 {
			t.Errorf("terminationGracePeriodSeconds = %v, want 10", pod.Spec.Grace)
		}
	})

	t.Run("strategy timeouts", func(t *testing.T) {
		for _, tt := range []struct {
			st   dcplan.Strategy
			want int64
		}{
			{dcplan.Strategy{Type: dcplan.StrategyRecreate}, 600},
			{dcplan.Strategy{Type: dcplan.StrategyRolling}, 600},
			{dcplan.Strategy{Type: dcplan.StrategyCustom, HasTimeout: true, TimeoutSeconds: 5}, 600},
			{dcplan.Strategy{Type: dcplan.StrategyRolling, HasTimeout: true, TimeoutSeconds: 5}, 5},
		} {
			if got := phase.TimeoutSeconds(tt.st); got != tt.want {
				t.Errorf("TimeoutSeconds(%+v) = %d, want %d", tt.st, got, tt.want)
			}
		}
	})

	t.Run("injected environment cap", func(t *testing.T) {
		s := s
		s.Settings.Environment = []dcplan.EnvVar{
			{Name: "AT_CAP", Value: strings.Repeat("a", 128000)},
			{Name: "OVER_CAP", Value: strings.Repeat("b", 128001)},
		}
		var kept []string
		for _, e := range phase.BuildDeployerPod(s, d).Env {
			kept = append(kept, e.Name)
		}
		joined := strings.Join(kept, ",")
		if !strings.Contains(joined, "AT_CAP") || strings.Contains(joined, "OVER_CAP") {
			t.Errorf("deployer env = %v, want AT_CAP (128000 bytes) kept and OVER_CAP (128001) skipped", kept)
		}
	})

	t.Run("willBeDropped at 13 requeues", func(t *testing.T) {
		for rq, want := range map[int]bool{0: false, 12: false, 13: true, 15: true} {
			s := dcplan.Snapshot{Requeues: rq}
			if got := s.WillBeDropped(); got != want {
				t.Errorf("Requeues %d: WillBeDropped() = %v, want %v", rq, got, want)
			}
		}
	})

	t.Run("pod name limit", func(t *testing.T) {
		if got := dcplan.DeployerPodName(strings.Repeat("r", 300)); len(got) != 253 {
			t.Errorf("DeployerPodName(300 characters) has %d characters, want 253", len(got))
		}
		if dcplan.MaxRetryCount != 15 {
			t.Errorf("MaxRetryCount = %d, want 15", dcplan.MaxRetryCount)
		}
	})
}
