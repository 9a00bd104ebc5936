package fake_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// priorRCs returns a Sim whose DC web (2 replicas, strategy st) has
// web-1 (Complete when complete, else Failed) at 2 replicas and a Failed
// web-2 still at 1 (both scaled by hand after the DC controller's
// reconcile), and whose image has just changed: web-3 is on its way.
func priorRCs(t *testing.T, st dcplan.Strategy, complete bool) *fake.Sim {
	t.Helper()
	m := strategyModel()
	fail := fake.PodScript{Schedule: 5 * time.Second, Run: 20 * time.Second, Fail: true}
	m.Scripts = map[string]fake.PodScript{"web-2": fail}
	if !complete {
		m.Scripts["web-1"] = fail
	}
	s := rolledOut(t, m, 2, st)
	if _, err := s.Stabilize(20); err != nil {
		t.Fatal(err)
	}
	want1 := dcplan.PhaseFailed
	if complete {
		want1 = dcplan.PhaseComplete
	}
	for name, want := range map[string]dcplan.Phase{"web-1": want1, "web-2": dcplan.PhaseFailed} {
		if d, _ := s.World().Deployment("ns", name); d.Phase != want {
			t.Fatalf("%s %v, want %v\n%s", name, d.Phase, want, tail(s.Trace(), 30))
		}
	}
	for name, n := range map[string]dcplan.Replicas{"web-1": 2, "web-2": 1} {
		err := s.World().UpdateDeployment("ns", name, func(d *dcplan.Deployment) error {
			d.Replicas = n
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetImage("ns", "web", fake.Images[2]); err != nil {
		t.Fatal(err)
	}
	return s
}

var web3Scale = regexp.MustCompile(`rc/ns/(web-\d) replicas (\d+->\d+) by pod/web-3-deploy`)

// TestDeployerProcessFromAndOthers: web-3's deployer process moves from
// the newest Complete RC older than web-3 (none when web-1 failed too),
// and first scales every other RC with replicas to 0, one scale each,
// waiting for its pods to go, newest first: the deployer process of
// openshift/oc (pkg/cli/deployer), outside SPEC. Rolling then moves
// web-1 down in pace with web-3 up within the fenceposts (SPEC 5.16:
// desired 2 and 25%/25% give surge 1, unavailable 0) and removes web-3's
// desired-replicas annotation (cleanupRolling); Rolling with nothing to
// move from, as Recreate does, scales web-3 straight to desired once the
// others are down, and leaves the annotation for the deployer controller
// (SPEC 2.2). The pod model used to take every RC with replicas as "old"
// and scale them all in pace (Rolling) or all at once (Recreate).
func TestDeployerProcessFromAndOthers(t *testing.T) {
	rolling := dcplan.Strategy{}
	recreate := dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true}
	for _, tc := range []struct {
		name     string
		st       dcplan.Strategy
		complete bool     // web-1 Complete, else Failed
		scales   []string // pod/web-3-deploy's scale writes, in order
		cleanup  bool     // it removes web-3's desired-replicas
	}{
		{"Rolling from web-1", rolling, true,
			[]string{"web-2 1->0", "web-3 0->1", "web-1 2->1", "web-3 1->2", "web-1 1->0"}, true},
		{"Recreate from web-1", recreate, true,
			[]string{"web-2 1->0", "web-1 2->0", "web-3 0->2"}, false},
		{"Rolling from nothing", rolling, false,
			[]string{"web-2 1->0", "web-1 2->0", "web-3 0->2"}, false},
		{"Recreate from nothing", recreate, false,
			[]string{"web-2 1->0", "web-1 2->0", "web-3 0->2"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := priorRCs(t, tc.st, tc.complete)
			mark := len(s.Trace())
			done := false
			for i := 0; i < 300 && !done; i++ {
				s.Run(1)
				w1, _ := s.World().Deployment("ns", "web-1")
				w2, _ := s.World().Deployment("ns", "web-2")
				w3, _ := s.World().Deployment("ns", "web-3")
				if w3.Replicas > 0 && (w2.Replicas > 0 || w2.StatusReplicas > 0) {
					t.Fatalf("step %d: web-3 at %d while web-2 still at %d (status %d)\n%s", i, w3.Replicas, w2.Replicas, w2.StatusReplicas, tail(s.Trace(), 30))
				}
				if tc.cleanup && w2.Replicas == 0 && w2.StatusReplicas == 0 {
					if got := w1.Replicas + w3.Replicas; got > 3 {
						t.Fatalf("step %d: spec %d+%d = %d > 3 (desired 2, maxSurge 1)\n%s", i, w1.Replicas, w3.Replicas, got, tail(s.Trace(), 30))
					}
					if got := w1.AvailableReplicas + w3.AvailableReplicas; got < 2 {
						t.Fatalf("step %d: available %d+%d = %d < 2 (desired 2, maxUnavailable 0)\n%s", i, w1.AvailableReplicas, w3.AvailableReplicas, got, tail(s.Trace(), 30))
					}
				}
				if !tc.cleanup && w3.Replicas > 0 && (w1.Replicas > 0 || w1.StatusReplicas > 0) {
					t.Fatalf("step %d: web-3 at %d while web-1 still at %d (status %d)\n%s", i, w3.Replicas, w1.Replicas, w1.StatusReplicas, tail(s.Trace(), 30))
				}
				done = w3.Phase.Terminal()
			}
			trace := s.Trace()[mark:]
			var got []string
			for _, m := range web3Scale.FindAllStringSubmatch(trace, -1) {
				got = append(got, m[1]+" "+m[2])
			}
			if !slices.Equal(got, tc.scales) {
				t.Errorf("pod/web-3-deploy scaled %q, want %q\n%s", got, tc.scales, trace)
			}
			if w3, _ := s.World().Deployment("ns", "web-3"); w3.Phase != dcplan.PhaseComplete || w3.Replicas != 2 {
				t.Errorf("web-3 %v at %d, want Complete at 2\n%s", w3.Phase, w3.Replicas, trace)
			}
			if got := strings.Contains(trace, "rc/ns/web-3 desired-replicas removed by pod/web-3-deploy"); got != tc.cleanup {
				t.Errorf("desired-replicas removed by the deployer: %v, want %v", got, tc.cleanup)
			}
		})
	}
}

// TestDeployerProcessOlderThanComplete: a deployer process whose RC is
// older than the newest Complete RC fails at once, scaling nothing, as
// openshift/oc's deployer process refuses ("deployment web-1 is older than
// web-2"; outside SPEC). The world: web-1 made New again by hand after
// web-2 completed, its old deployer pod deleted, so the deployer
// controller starts web-1-deploy again (SPEC 4.3.new.4).
func TestDeployerProcessOlderThanComplete(t *testing.T) {
	s := rolledOut(t, strategyModel(), 2, dcplan.Strategy{})
	if _, err := s.Stabilize(20); err != nil {
		t.Fatal(err)
	}
	if d, _ := s.World().Deployment("ns", "web-2"); d.Phase != dcplan.PhaseComplete {
		t.Fatalf("web-2 %v, want Complete\n%s", d.Phase, tail(s.Trace(), 30))
	}
	err := s.World().UpdateDeployment("ns", "web-1", func(d *dcplan.Deployment) error {
		d.Phase = dcplan.PhaseNew
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.World().Delete(fake.KindPod, "ns", "web-1-deploy"); err != nil {
		t.Fatal(err)
	}
	mark := len(s.Trace())
	for i := 0; i < 120; i++ {
		s.Run(1)
		if d, _ := s.World().Deployment("ns", "web-1"); d.Phase.Terminal() {
			break
		}
	}
	trace := s.Trace()[mark:]
	if d, _ := s.World().Deployment("ns", "web-1"); d.Phase != dcplan.PhaseFailed {
		t.Fatalf("web-1 %v, want Failed: its deployer process refuses a rollout older than web-2\n%s", d.Phase, trace)
	}
	if strings.Contains(trace, "by pod/web-1-deploy") {
		t.Errorf("web-1's deployer process scaled an RC, want none:\n%s", trace)
	}
	if d, _ := s.World().Deployment("ns", "web-2"); d.Phase != dcplan.PhaseComplete || d.Replicas != 2 {
		t.Errorf("web-2 %v at %d, want Complete at 2\n%s", d.Phase, d.Replicas, trace)
	}
}
