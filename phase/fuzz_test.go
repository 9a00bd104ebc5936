package phase_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/dcplan/dcplan/phase"
)

// corrupt breaks the snapshot in one of several ways (or not at all), so
// that fuzzing reaches both valid and invalid input.
func corrupt(t *rapid.T, s *dcplan.Snapshot) {
	switch rapid.IntRange(0, 12).Draw(t, "corruption") {
	case 1:
		if len(s.Deployments) > 0 {
			s.Deployments[0].Replicas = -1
		}
	case 2:
		if len(s.Deployments) > 0 {
			s.Deployments[0].Phase = dcplan.Phase(rapid.IntRange(dcplan.NumPhases, 255).Draw(t, "phase"))
		}
	case 3:
		if len(s.Pods) > 0 {
			s.Pods = append(s.Pods, s.Pods[0])
		}
	case 4:
		s.Settings.OcRetry = dcplan.RetryOutput(rapid.IntRange(4, 255).Draw(t, "ocRetry"))
	case 5:
		if len(s.Pods) > 0 {
			s.Pods[0].Phase = dcplan.PodPhase(rapid.IntRange(6, 255).Draw(t, "podPhase"))
		}
	case 6:
		s.Requeues = -rapid.IntRange(1, 5).Draw(t, "negativeRequeues")
	case 7:
		if len(s.Deployments) > 0 {
			s.Deployments[0].Version = 0
		}
	case 8:
		s.Now = time.Time{}
	case 9:
		if len(s.Deployments) > 0 {
			s.Deployments[0].CreationTime = s.Now.Add(time.Duration(rapid.Int64().Draw(t, "skew")))
		}
	case 10:
		if len(s.Deployments) > 0 && len(s.Pods) > 0 {
			s.Pods[0].DeploymentName = s.Deployments[len(s.Deployments)-1].Name
			s.Pods[0].DeployerFor = rapid.SampledFrom([]string{"", s.Deployments[0].Name}).Draw(t, "for")
		}
	case 11:
		if len(s.Deployments) > 0 && s.Deployments[0].Encoded != nil {
			d := &s.Deployments[0]
			enc := d.Encoded.Clone() // Encoded may be shared: edit a copy
			enc.Strategy.HasTimeout = true
			enc.Strategy.TimeoutSeconds = rapid.Int64().Draw(t, "timeout")
			d.Encoded = new(enc)
		}
	case 12:
		if len(s.Deployments) > 0 {
			s.Deployments[0].Name = strings.Repeat("x", rapid.IntRange(240, 300).Draw(t, "nameLength"))
		}
	}
}

// TestStepIsTotal runs the body of FuzzStep on a fixed share of its input
// space in every test run: Step, DeployerPod and CancelByDeadline never
// panic, give the empty plan for a snapshot corrupted past validation,
// and keep Step's properties on a valid one.
func TestStepIsTotal(t *testing.T) {
	rapid.Check(t, stepProperties)
}

// FuzzStep drives Step, DeployerPod and CancelByDeadline with snapshots
// drawn from the fuzzer's bytes through the shared generators: none may
// panic, an invalid snapshot gives an empty plan, and a valid one gives a
// plan with Step's properties that keeps the simulator's safety
// invariants (fake.CheckPass), as TestStepProperties judges them. It runs
// the whole pass (StepAll, StepAllBut) and BuildDeployerPod on the same
// snapshots (passProperties).
func FuzzStep(f *testing.F) {
	for _, seed := range []string{"", "\x00", "\x01\x02\x03\x04", "\xff\xff\xff\xff\xff\xff\xff\xff", strings.Repeat("\x07", 64)} {
		f.Add([]byte(seed))
	}
	f.Fuzz(rapid.MakeFuzz(stepProperties))
}

// stepProperties is one case of FuzzStep and TestStepIsTotal.
func stepProperties(t *rapid.T) {
	s := gen.Snapshot().Draw(t, "snapshot")
	corrupt(t, &s)
	rc := drawTarget(t, &s)
	p := phase.Step(s, rc)
	dp := phase.CancelByDeadline(s, rc)
	pp := phase.DeployerPod(s, dcplan.DeployerPodName(rc))
	if s.Validate() != nil {
		for name, got := range map[string]dcplan.Plan{"Step": p, "CancelByDeadline": dp, "DeployerPod": pp} {
			if d := cmp.Diff(dcplan.Plan{}, got); d != "" {
				t.Fatalf("%s() on an invalid snapshot is not empty (-want +got):\n%s", name, d)
			}
		}
		passProperties(t, s, rc)
		return
	}
	checkPlan(t, s, rc, p)
	if !s.Settings.SeedPodController { // the seed-era pod controller moves RCs along (SPEC 7)
		if err := checkStepPass(s, rc, p); err != nil {
			t.Fatalf("Step breaks an invariant: %v\n%s", err, dcplan.Describe(p))
		}
	}
	// The deployer's other two planners (SPEC 7 rows 25 and 29) answer to
	// the same invariants as Step: both move RCs as a deployer pass does.
	for _, other := range []struct {
		name string
		plan dcplan.Plan
	}{{"CancelByDeadline", dp}, {"DeployerPod", pp}} {
		if err := fake.CheckPass(s, other.plan, fake.PassDeployer, "deployer"); err != nil {
			t.Fatalf("%s breaks an invariant: %v\n%s", other.name, err, dcplan.Describe(other.plan))
		}
	}
	_ = dcplan.Describe(p) + dcplan.Describe(dp) + dcplan.Describe(pp)
	passProperties(t, s, rc)
}

// passProperties is the second half of one case of FuzzStep and
// TestStepIsTotal: the whole pass (StepAll, and StepAllBut with the
// target RC busy, as reconcile.All calls it) and BuildDeployerPod. None
// may panic; each plans the same for the same snapshot; an invalid
// snapshot gets the empty plan; on a valid one StepAll keeps the
// simulator's safety invariants of a deployer pass (fake.CheckPass), and
// StepAllBut never writes the busy RC or its pods and starts at most one
// deployer pod (SPEC 4.3.new.4). BuildDeployerPod, which validates
// nothing, builds the pod named for its RC (SPEC 4.3.new.2), the same
// each time, and modifies neither its snapshot nor its RC.
func passProperties(t *rapid.T, s dcplan.Snapshot, rc string) {
	busy := func(name string) bool { return name == rc }
	all, but := phase.StepAll(s), phase.StepAllBut(s, busy)
	for name, got := range map[string][2]dcplan.Plan{
		"Step":       {phase.Step(s, rc), phase.Step(s, rc)},
		"StepAll":    {all, phase.StepAll(s)},
		"StepAllBut": {but, phase.StepAllBut(s, busy)},
	} {
		if d := cmp.Diff(got[0], got[1]); d != "" {
			t.Fatalf("%s() plans differently for the same snapshot (-first +second):\n%s", name, d)
		}
	}
	before := s.Clone()
	for _, d := range s.Deployments {
		pod := phase.BuildDeployerPod(s, d)
		if pod.Name != dcplan.DeployerPodName(d.Name) || pod.RC != d.Name || pod.Namespace != d.Namespace {
			t.Fatalf("BuildDeployerPod(%s) = pod %s/%s of RC %s", d.Name, pod.Namespace, pod.Name, pod.RC)
		}
		if diff := cmp.Diff(pod, phase.BuildDeployerPod(s, d)); diff != "" {
			t.Fatalf("BuildDeployerPod(%s) differs between two calls (-first +second):\n%s", d.Name, diff)
		}
	}
	if d := mutation.Diff(before, s); d != "" {
		t.Fatalf("BuildDeployerPod modified the snapshot:\n%s", d)
	}
	if s.Validate() != nil {
		for name, got := range map[string]dcplan.Plan{"StepAll": all, "StepAllBut": but} {
			if d := cmp.Diff(dcplan.Plan{}, got); d != "" {
				t.Fatalf("%s() on an invalid snapshot is not empty (-want +got):\n%s", name, d)
			}
		}
		return
	}
	if err := fake.CheckPass(s, all, fake.PassDeployer, "deployer"); err != nil {
		t.Fatalf("StepAll breaks an invariant: %v\n%s", err, dcplan.Describe(all))
	}
	if but.WritesRC(rc) || len(but.CreatePods) > 1 {
		t.Fatalf("StepAllBut() with %s busy plans:\n%s", rc, dcplan.Describe(but))
	}
	for _, c := range but.CreatePods {
		if c.Pod.RC == rc {
			t.Fatalf("StepAllBut() with %s busy starts its pod %s", rc, c.Pod.Name)
		}
	}
}
