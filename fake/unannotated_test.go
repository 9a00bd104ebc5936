package fake_test

import (
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// stripConfigName removes RC ns/rc's openshift.io/deployment-config.name
// annotation, as a user's edit would.
func stripConfigName(t *testing.T, s *fake.Sim, rc string) {
	t.Helper()
	if err := s.World().UpdateDeployment("ns", rc, func(d *dcplan.Deployment) error {
		d.ConfigName, d.EmptyConfigName = "", false
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if d, _ := s.World().Deployment("ns", rc); d.ConfigName != "" || d.EmptyConfigName {
		t.Fatalf("rc %s keeps its config-name annotation: %+v", rc, d)
	}
}

// TestSimCompletesUnannotatedRCOnItsPod: SPEC 4.7. An RC whose
// config-name annotation a user removed mid-rollout is no longer queued
// by its own updates, but its deployer pod's update still queues it, and
// the deployer handles it: when the pod succeeds the RC becomes Complete
// (2.2), and the world is not at rest before that pass ran.
func TestSimCompletesUnannotatedRCOnItsPod(t *testing.T) {
	s := pendingWeb1(t, dcplan.Settings{})
	if d, _ := s.World().Deployment("ns", "web-1"); d.Phase != dcplan.PhasePending {
		t.Fatalf("web-1 is %s, want Pending before the edit\n%s", d.PhaseText(), s.Trace())
	}
	stripConfigName(t, s, "web-1")
	if _, err := s.Stabilize(fake.LivenessBound(1)); err != nil {
		t.Fatalf("Stabilize: %v\n%s", err, s.Trace())
	}
	if d, _ := s.World().Deployment("ns", "web-1"); d.Phase != dcplan.PhaseComplete {
		t.Errorf("web-1 without config-name is %s at rest, want Complete: its deployer pod's updates queue it\n%s", d.PhaseText(), s.Trace())
	}
}

// TestSimNeverQueuesUnannotatedRCOnItsOwn: SPEC 4.7. Upstream's deployer
// informer queues an RC on its add, its updates and a relist only when it
// carries the config-name annotation. A New RC of DC web without it, and
// without pods, is never queued: it gets no deployer pod through resyncs
// and controller restarts, and the simulator takes the world for at rest
// rather than asking the deployer to plan it.
func TestSimNeverQueuesUnannotatedRCOnItsOwn(t *testing.T) {
	s := fake.NewSim(fake.Options{Seed: 1})
	cfg, d := web1(t)
	d.ConfigName, d.EmptyConfigName = "", false
	if err := s.World().CreateConfig(cfg); err != nil {
		t.Fatal(err)
	}
	if err := s.World().CreateDeployment(d); err != nil {
		t.Fatal(err)
	}
	s.Resync()
	s.Faults.Crash = 1 // the DC controller's first write crashes it: a restart relists
	s.Run(3)
	if !strings.Contains(s.Trace(), "restart controllers") {
		t.Fatalf("no controller restart in the trace:\n%s", s.Trace())
	}
	s.Faults.Crash = 0
	if _, err := s.Stabilize(fake.LivenessBound(1)); err != nil {
		t.Fatalf("Stabilize: %v\n%s", err, s.Trace())
	}
	if _, ok := s.World().Pod("ns", dcplan.DeployerPodName("web-1")); ok {
		t.Errorf("web-1 without config-name got a deployer pod: nothing queues it\n%s", s.Trace())
	}
	if got, _ := s.World().Deployment("ns", "web-1"); got.Phase != dcplan.PhaseNew {
		t.Errorf("web-1 is %s, want New", got.PhaseText())
	}
}

// TestSimJudgesUnannotatedRCPass: SPEC 4.7. The deployer's pass over an
// RC without the config-name annotation is recorded with the live world
// of the DC the RC is filed under (its deployment-config label, or its
// controller), so the Transition invariants (CancelDeletesPods,
// FailsForACause, ...) judge it: with the live world of a DC named "",
// which is none, every one of them passed it unread.
func TestSimJudgesUnannotatedRCPass(t *testing.T) {
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Origin15} {
		s := pendingWeb1(t, p.Settings())
		stripConfigName(t, s, "web-1")
		s.Observe() // drop the passes so far
		if _, err := s.Stabilize(fake.LivenessBound(1)); err != nil {
			t.Fatalf("%s: Stabilize: %v\n%s", p, err, s.Trace())
		}
		passes := map[string]int{}
		for _, tr := range s.Observe().Transitions {
			if tr.Kind != fake.PassDeployer || tr.Target != "web-1" {
				continue
			}
			passes[tr.Actor]++
			if d, ok := tr.Before.Deployment("web-1"); !ok || d.ConfigName != "" {
				t.Errorf("%s: %s's pass over web-1 recorded a live world without web-1 (DC %q): no invariant reads it", p, tr.Actor, tr.Before.Config.Name)
			}
		}
		// Under Origin15 the seed deployer-pod controller moves the RC
		// with its pod (SPEC 7 row 29).
		want := "deployer"
		if p == dcplan.Origin15 {
			want = "deployer-pod"
		}
		if passes[want] == 0 {
			t.Fatalf("%s: recorded passes over web-1 %v, want the %s's\n%s", p, passes, want, s.Trace())
		}
	}
}

// pendingWeb1 returns a simulator under st whose DC ns/web has rolled out web-1
// as far as Pending, its deployer pod scheduled after 5 s and running for
// a minute.
func pendingWeb1(t *testing.T, st dcplan.Settings) *fake.Sim {
	t.Helper()
	model := fake.PodModel{StatusDelay: time.Second, Scripts: map[string]fake.PodScript{
		"web-1": {Schedule: 5 * time.Second, Run: 60 * time.Second},
	}}
	s := fake.NewSim(fake.Options{Seed: 1, Model: model, Settings: st})
	if err := s.AddConfig(fake.NewConfig("ns", "web", 1)); err != nil {
		t.Fatal(err)
	}
	if st.SeedConfigController {
		// The seeds' DC controller leaves config changes to a controller
		// the simulator does not model: oc rollout latest starts web-1.
		if err := s.RolloutLatest("ns", "web"); err != nil {
			t.Fatal(err)
		}
	}
	for range 10 {
		s.Step()
		if d, ok := s.World().Deployment("ns", "web-1"); ok && d.Phase == dcplan.PhasePending {
			break
		}
		s.Advance(time.Second)
	}
	return s
}
