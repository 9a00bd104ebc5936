package fake_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// gracefulSim returns a Sim with GracefulPodDeletion set to on, one-second
// ticks and DC web whose first deployer pod (with a pre hook pod when
// hook) runs for ten minutes, run until that pod (and the hook pod) runs.
func gracefulSim(t *testing.T, on, hook bool, st dcplan.Settings) *fake.Sim {
	t.Helper()
	m := fake.DefaultPodModel()
	m.Scripts = map[string]fake.PodScript{"web-1": {Schedule: time.Second, Run: 10 * time.Minute, Hook: hook}}
	s := fake.NewSim(fake.Options{Seed: 1, Settings: st, Model: m, Tick: time.Second, GracefulPodDeletion: on})
	if err := s.AddConfig(fake.NewConfig("ns", "web", 1)); err != nil {
		t.Fatal(err)
	}
	if st.SeedConfigController { // config changes are another controller's
		if err := s.RolloutLatest("ns", "web"); err != nil {
			t.Fatal(err)
		}
	}
	for range 30 {
		s.Run(1)
		p, ok := s.World().Pod("ns", "web-1-deploy")
		h, hok := s.World().Pod("ns", "web-1-hook-pre")
		if ok && p.Phase == dcplan.PodRunning && (!hook || hok && h.Phase == dcplan.PodRunning) {
			return s
		}
	}
	t.Fatalf("no running deployer pod:\n%s", s.Trace())
	return nil
}

func deletePod(name string, o *wire.DeleteOptions) func(*fake.Sim) error {
	return func(s *fake.Sim) error {
		r := wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Namespace: "ns", Name: name}
		if o != nil {
			r.Delete = *o
		}
		_, err := s.World().Client().Do(context.Background(), r)
		return err
	}
}

// TestKubeletGracefulPodDeletion: with Options.GracefulPodDeletion, a
// running pod deleted (by the DeletePod fault, a client, or the garbage
// collector after its RC's Background delete) stays, marked deleting and
// in its phase; at the pod model's next step its kubelet stops it
// (Failed, exit code 143), and removes it once its grace period is over:
// the deployer pod's 10 seconds (Modern, Exact), the default 30 for the
// seed era's deployer pod (Origin10, which sets none) and a hook pod. A grace of 0, and
// the knob off, remove it at once.
func TestKubeletGracefulPodDeletion(t *testing.T) {
	tests := []struct {
		name   string
		off    bool
		hook   bool
		st     dcplan.Settings
		pod    string
		delete func(*fake.Sim) error
		// grace is how long the pod stays after the delete; 0: gone at once.
		grace time.Duration
	}{
		{name: "DeletePod fault, Modern", pod: "web-1-deploy", delete: func(s *fake.Sim) error { return s.DeleteDeployerPod("ns", "web-1") },
			grace: 10 * time.Second},
		{name: "DeletePod fault, Exact", st: dcplan.Exact.Settings(), pod: "web-1-deploy",
			delete: func(s *fake.Sim) error { return s.DeleteDeployerPod("ns", "web-1") }, grace: 10 * time.Second},
		{name: "DeletePod fault, seed-era pod", st: dcplan.Origin10.Settings(), pod: "web-1-deploy",
			delete: func(s *fake.Sim) error { return s.DeleteDeployerPod("ns", "web-1") }, grace: 30 * time.Second},
		{name: "client, grace 3", pod: "web-1-deploy", delete: deletePod("web-1-deploy", grace(3)), grace: 3 * time.Second},
		{name: "client, grace 0", pod: "web-1-deploy", delete: deletePod("web-1-deploy", grace(0))},
		{name: "hook pod", hook: true, pod: "web-1-hook-pre", delete: deletePod("web-1-hook-pre", nil), grace: 30 * time.Second},
		{name: "collector", pod: "web-1-deploy", grace: 10 * time.Second, delete: func(s *fake.Sim) error {
			_, err := s.World().Client().Do(context.Background(), wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "ns", Name: "web-1",
				Delete: wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground}})
			return err
		}},
		{name: "off", off: true, pod: "web-1-deploy", delete: func(s *fake.Sim) error { return s.DeleteDeployerPod("ns", "web-1") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := gracefulSim(t, !tt.off, tt.hook, tt.st)
			start := s.Now()
			if err := tt.delete(s); err != nil {
				t.Fatal(err)
			}
			p, ok := s.World().Pod("ns", tt.pod)
			if tt.grace == 0 {
				if ok {
					t.Fatalf("pod %s still there after its delete: %+v", tt.pod, p)
				}
				return
			}
			if !ok || !p.Deleting || p.Phase != dcplan.PodRunning {
				t.Fatalf("after the delete: pod %s exists %v, deleting %v, phase %v; want marked, Running", tt.pod, ok, p.Deleting, p.Phase)
			}
			s.Run(1)
			p, ok = s.World().Pod("ns", tt.pod)
			if !ok || p.Phase != dcplan.PodFailed || len(p.Containers) == 0 || p.Containers[0].ExitCode != fake.KilledExitCode {
				t.Fatalf("a step later: pod %s exists %v, %+v; want Failed, exit code %d", tt.pod, ok, p, fake.KilledExitCode)
			}
			if !strings.Contains(s.Trace(), "pod/ns/"+tt.pod+" Running->Failed (killed: being deleted)") {
				t.Errorf("trace without the kill:\n%s", tail(s.Trace(), 20))
			}
			for s.Now().Sub(start) < time.Hour {
				if _, ok := s.World().Pod("ns", tt.pod); !ok {
					break
				}
				s.Run(1)
			}
			if got := s.Now().Sub(start); got != tt.grace {
				t.Errorf("pod %s gone %v after its delete, want %v (its grace)", tt.pod, got, tt.grace)
			}
			if !strings.Contains(s.Trace(), "pod/ns/"+tt.pod+" removed by the kubelet (grace period over)") {
				t.Errorf("trace without the removal:\n%s", tail(s.Trace(), 20))
			}
			if tt.hook {
				if d, ok := s.World().Pod("ns", "web-1-deploy"); !ok || d.Phase != dcplan.PodRunning {
					t.Errorf("deployer pod %+v (exists %v), want it running on", d, ok)
				}
			}
		})
	}
}

// TestGracefulCancel: with Options.GracefulPodDeletion, `oc rollout
// cancel` of a running rollout fails it as on a cluster: the deployer
// deletes its pod, which stays, marked deleting, until the kubelet stops
// it; the pod's failure moves the RC to Failed with the cancel's reason
// kept (SPEC 2.3, 2.2), and at rest the pod is gone (SPEC 0 rule 9).
func TestGracefulCancel(t *testing.T) {
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		t.Run(p.String(), func(t *testing.T) {
			s := gracefulSim(t, true, false, p.Settings())
			if err := s.Cancel("ns", "web"); err != nil {
				t.Fatal(err)
			}
			marked := false
			for range 60 {
				s.Run(1)
				if pod, ok := s.World().Pod("ns", "web-1-deploy"); ok && pod.Deleting {
					marked = true
				}
				if d, _ := s.World().Deployment("ns", "web-1"); d.Phase.Terminal() {
					break
				}
			}
			if !marked {
				t.Errorf("the deployer pod was never seen being deleted:\n%s", tail(s.Trace(), 30))
			}
			if _, err := s.Stabilize(10); err != nil {
				t.Fatal(err)
			}
			d, _ := s.World().Deployment("ns", "web-1")
			if d.Phase != dcplan.PhaseFailed || !d.Cancelled || d.Reason != "cancelled by the user" {
				t.Errorf("rc web-1 %v cancelled %v reason %q, want Failed, cancelled by the user:\n%s", d.Phase, d.Cancelled, d.Reason, tail(s.Trace(), 30))
			}
			if _, ok := s.World().Pod("ns", "web-1-deploy"); ok {
				t.Errorf("the deployer pod is still there at rest")
			}
		})
	}
}
