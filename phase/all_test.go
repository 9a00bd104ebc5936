package phase_test

import (
	"slices"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/phase"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// StepAll is a faster route to the same plan as stepping every RC by name,
// newest first, and (Origin) every pod by name but those of an RC already
// written: metamorphic property of
// STYLE rule 16c. It pins the pod grouping StepAll uses to stay linear.
func TestStepAllEqualsStepEach(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		var want dcplan.Plan
		for _, d := range slices.SortedFunc(slices.Values(s.Deployments), func(a, b dcplan.Deployment) int {
			return dcplan.CompareDeployments(b, a)
		}) {
			if d.ConfigName == "" && !d.EmptyConfigName {
				continue // only a pod change queues it (SPEC 4.7): TestStepAllSkipsRCWithoutConfigName
			}
			want = want.Merge(phase.Step(s, d.Name))
		}
		if s.Settings.SeedPodController {
			for _, p := range slices.SortedFunc(slices.Values(s.Pods), func(a, b dcplan.Pod) int {
				return cmpString(a.Name, b.Name)
			}) {
				if slices.ContainsFunc(want.Transitions, func(t dcplan.Transition) bool { return t.RC == p.DeploymentName }) {
					continue // the RC is written once per pass (TestStepAllWritesAnRCOnce)
				}
				want = want.Merge(phase.DeployerPod(s, p.Name))
			}
		}
		got := phase.StepAll(s)
		if d := cmp.Diff(dcplan.Describe(want), dcplan.Describe(got)); d != "" {
			t.Fatalf("StepAll() differs from Step per RC (-want +got):\n%s", d)
		}
	})
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func TestStepAllInvalidSnapshot(t *testing.T) {
	s := dcplan.Snapshot{Config: dcplan.Config{Name: "web", Replicas: -1}}
	if p := phase.StepAll(s); !p.IsEmpty() {
		t.Errorf("StepAll(invalid) = %s, want an empty plan", dcplan.Describe(p))
	}
}

// TestStepAllWritesAnRCOnce: under the seed deployer-pod controller
// (Origin presets), a New RC whose deployer pod has already succeeded is
// moved to Pending by the deployer half (4.3.new.6) and would be moved to
// Complete by the pod half (7.29) in the same pass: two updates carrying
// one resourceVersion, the second certain to meet Conflict. StepAll
// leaves the pod to the next pass, which completes the RC.
func TestStepAllWritesAnRCOnce(t *testing.T) {
	for _, preset := range []dcplan.Preset{dcplan.Origin10, dcplan.Origin13, dcplan.Origin15} {
		t.Run(preset.String(), func(t *testing.T) {
			s := snapshot(preset, []dcplan.Deployment{testRC(1, dcplan.PhaseNew)}, deployer("web-1", dcplan.PodSucceeded))
			p := phase.StepAll(s)
			if len(p.Transitions) != 1 || p.Transitions[0].To != dcplan.PhasePending {
				t.Fatalf("StepAll() = %s, want one transition of web-1 to Pending", dcplan.Describe(p))
			}
			next := phase.StepAll(s.After(p))
			if len(next.Transitions) != 1 || next.Transitions[0].To != dcplan.PhaseComplete {
				t.Fatalf("StepAll() on the next pass = %s, want web-1 completed", dcplan.Describe(next))
			}
		})
	}
}

// TestStepAllBut: StepAll steps every RC, so two New RCs without pods both
// get their deployer pod; StepAllBut, which shares its pass with the DC
// controller's plan, skips the RCs busy names and starts at most one
// deployer pod, the newest RC's it steps (SPEC 4.3.new.4, 3.4 "one
// rollout at a time").
func TestStepAllBut(t *testing.T) {
	s := snapshot(dcplan.Modern, []dcplan.Deployment{testRC(1, dcplan.PhaseNew), testRC(2, dcplan.PhaseNew)})
	only := func(rc string) func(string) bool { return func(name string) bool { return name == rc } }
	tests := []struct {
		name string
		why  string
		plan dcplan.Plan
		want []string // the RCs whose deployer pod the plan creates and whose phase it writes, in order
	}{
		{name: "StepAll", why: "4.3.new.4: every New RC without a pod gets one, newest first", plan: phase.StepAll(s), want: []string{"web-2", "web-1"}},
		{name: "nothing-busy", why: "4.3.new.4, 3.4: one deployer pod per shared pass, the newest RC's", plan: phase.StepAllBut(s, nil), want: []string{"web-2"}},
		{name: "newest-busy", why: "3.4: a busy RC is skipped; the pod goes to the newest RC stepped", plan: phase.StepAllBut(s, only("web-2")), want: []string{"web-1"}},
		{name: "oldest-busy", why: "3.4: a busy RC is skipped", plan: phase.StepAllBut(s, only("web-1")), want: []string{"web-2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var pods, written []string
			for _, c := range tt.plan.CreatePods {
				pods = append(pods, c.Pod.RC)
			}
			for _, tr := range tt.plan.Transitions {
				written = append(written, tr.RC)
			}
			if d := cmp.Diff(tt.want, pods); d != "" {
				t.Errorf("deployer pods created (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
			if d := cmp.Diff(tt.want, written); d != "" {
				t.Errorf("RCs written (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

// TestStepAllNewestFirstByVersion: StepAll and StepAllBut order RCs by
// version, not by name, so web-10 is newer than web-9 although "web-9"
// sorts after "web-10"; in a shared pass only the newest RC's deployer
// pod is started (SPEC 4.3.new.4, 3.4 "one rollout at a time").
func TestStepAllNewestFirstByVersion(t *testing.T) {
	s := snapshot(dcplan.Modern, []dcplan.Deployment{testRC(9, dcplan.PhaseNew), testRC(10, dcplan.PhaseNew)})
	var all, shared []string
	for _, c := range phase.StepAll(s).CreatePods {
		all = append(all, c.Pod.RC)
	}
	for _, c := range phase.StepAllBut(s, nil).CreatePods {
		shared = append(shared, c.Pod.RC)
	}
	if d := cmp.Diff([]string{"web-10", "web-9"}, all); d != "" {
		t.Errorf("StepAll deployer pods, newest version first (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"web-10"}, shared); d != "" {
		t.Errorf("StepAllBut deployer pods: only the newest version's (-want +got):\n%s", d)
	}
}

// TestStepAllButStepsOlderRCs: the one-deployer-pod limit of StepAllBut
// (SPEC 4.3.new.4, 3.4) holds back only other pod creations; an older RC
// whose step creates no pod (here a Running RC whose deployer succeeded,
// which completes, SPEC 2.2) is still stepped in the same pass.
func TestStepAllButStepsOlderRCs(t *testing.T) {
	s := snapshot(dcplan.Modern, []dcplan.Deployment{
		testRC(1, dcplan.PhaseRunning), testRC(2, dcplan.PhaseNew),
	}, deployer("web-1", dcplan.PodSucceeded))
	p := phase.StepAllBut(s, nil)
	var pods, written []string
	for _, c := range p.CreatePods {
		pods = append(pods, c.Pod.RC)
	}
	for _, tr := range p.Transitions {
		written = append(written, tr.RC+":"+tr.To.String())
	}
	if d := cmp.Diff([]string{"web-2"}, pods); d != "" {
		t.Errorf("deployer pods (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"web-2:Pending", "web-1:Complete"}, written); d != "" {
		t.Errorf("RC writes (-want +got):\n%s\nplan: %s", d, dcplan.Describe(p))
	}
}

// TestStepAllInvalidSnapshotWithWork: StepAll returns an empty plan for an
// invalid snapshot even when its RCs would otherwise be stepped (a New RC
// without a deployer pod would get one).
func TestStepAllInvalidSnapshotWithWork(t *testing.T) {
	s := snapshot(dcplan.Modern, []dcplan.Deployment{testRC(1, dcplan.PhaseNew)})
	s.Config.Replicas = -1
	if s.Validate() == nil {
		t.Fatal("the snapshot is valid; the test needs an invalid one")
	}
	if p := phase.StepAll(s); !p.IsEmpty() {
		t.Errorf("StepAll(invalid) = %s, want an empty plan", dcplan.Describe(p))
	}
}

// TestStepAllPodsInNameOrder: under the seed deployer-pod controller, the
// pod half of StepAll plans each pod in name order (a deterministic order
// of writes, rule 11.9), whatever the order of the snapshot's pods or
// RCs: web-1's RC is written before web-2's (rule 7.29).
func TestStepAllPodsInNameOrder(t *testing.T) {
	s := snapshot(dcplan.Origin15, []dcplan.Deployment{testRC(2, dcplan.PhaseRunning), testRC(1, dcplan.PhaseRunning)},
		deployer("web-2", dcplan.PodSucceeded), deployer("web-1", dcplan.PodFailed))
	var written []string
	for _, tr := range phase.StepAll(s).Transitions {
		written = append(written, tr.RC+":"+tr.To.String())
	}
	if d := cmp.Diff([]string{"web-1:Failed", "web-2:Complete"}, written); d != "" {
		t.Errorf("RC writes of the pod half (-want +got):\n%s", d)
	}
}

// TestStepAllPodHalfOnlyForTheSeeds: StepAll plans the seed deployer-pod
// controller's pass (rule 7.29) only with SeedPodController. A Running RC
// without the config-name annotation, which StepAll does not step (SPEC
// 4.7), and whose deployer pod succeeded is completed by the pod half in
// Origin15, and left alone in Modern, which has no such controller.
func TestStepAllPodHalfOnlyForTheSeeds(t *testing.T) {
	strip := func(d *dcplan.Deployment) { d.ConfigName, d.EmptyConfigName = "", false }
	for _, tt := range []struct {
		preset dcplan.Preset
		want   int
	}{{dcplan.Modern, 0}, {dcplan.Origin15, 1}} {
		s := snapshot(tt.preset, []dcplan.Deployment{testRC(1, dcplan.PhaseRunning, strip)}, deployer("web-1", dcplan.PodSucceeded))
		if p := phase.StepAll(s); len(p.Transitions) != tt.want {
			t.Errorf("%s: StepAll() = %s, want %d RC writes", tt.preset, dcplan.Describe(p), tt.want)
		}
	}
}
