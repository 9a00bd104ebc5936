package phase_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/phase"
)

// drawTarget picks the RC a pass is about: mostly one of the snapshot's,
// sometimes a name that is not there. gen.Snapshot holds no RC in about
// half its draws, and seldom a cancelled rollout with its deployer pod or
// an ignored New RC without one, so that Step found no RC in six passes
// in ten and met those cases (pods to delete, SPEC 2.3; no pod to
// create, SPEC 4.3.new.4) in about one in a hundred: when s holds no RC,
// one is added as gen.Snapshot draws them (a version up to one above
// latestVersion, a pod two times in three); and one time in six each the
// target is made a cancelled rollout in flight with a deployer pod
// (pending or running, if drawn here), or a New RC, not cancelled, with
// the ignore annotation.
func drawTarget(t *rapid.T, s *dcplan.Snapshot) string {
	if rapid.IntRange(0, 9).Draw(t, "missing") == 0 {
		return "web-99" // an RC the snapshot does not hold, one draw in ten
	}
	if len(s.Deployments) == 0 {
		v := dcplan.Version(rapid.IntRange(1, int(s.Config.Status.LatestVersion)+1).Draw(t, "addedVersion"))
		d := gen.Deployment(s.Config, v).Draw(t, "addedRC")
		s.Deployments = append(s.Deployments, d)
		if rapid.IntRange(0, 2).Draw(t, "addedWithPod") > 0 {
			s.Pods = append(s.Pods, gen.Pod(d).Draw(t, "addedPod"))
		}
	}
	d := &s.Deployments[rapid.IntRange(0, len(s.Deployments)-1).Draw(t, "rc")]
	deployer := dcplan.DeployerPodName(d.Name)
	switch rapid.IntRange(0, 5).Draw(t, "shape") {
	case 0: // a cancelled rollout in flight, with its deployer pod
		d.Phase = rapid.SampledFrom([]dcplan.Phase{dcplan.PhaseNew, dcplan.PhasePending, dcplan.PhaseRunning}).Draw(t, "inFlightPhase")
		d.PhaseSpelling, d.Cancelled, d.Reason = "", true, dcplan.ReasonCancelledByUser
		if _, found := s.Pod(deployer); !found {
			p := gen.Pod(*d).Filter(func(p dcplan.Pod) bool {
				return p.Phase == dcplan.PodPending || p.Phase == dcplan.PodRunning
			}).Draw(t, "inFlightPod")
			p.Name, p.UID, p.DeploymentName, p.DeployerFor = deployer, "pod-uid-"+d.Name, d.Name, d.Name
			s.Pods = append(s.Pods, p)
		}
	case 1: // a New RC with the ignore annotation, its deployer pod (if any) kept
		d.Phase, d.PhaseSpelling, d.Cancelled, d.Reason, d.IgnoreDeployerPod = dcplan.PhaseNew, "", false, "", true
	}
	return d.Name
}

// checkStepPass judges Step's plan p for rc with the simulator's
// invariants, as fake.CheckPass does, the pass's target RC known (the
// invariants that judge what a deployer pass did to its RC need it).
func checkStepPass(s dcplan.Snapshot, rc string, p dcplan.Plan) error {
	pass, err := fake.PassTransition(s, p, fake.PassDeployer, "deployer")
	if err != nil {
		return fmt.Errorf("the pass could not be judged: %w", err)
	}
	pass.Target = rc
	return fake.CheckTransition(pass, s.Settings)
}

// checkPlan checks the properties every Step plan has, whatever the input:
// it names its rules, it only makes legal transitions (PhaseMoves) of the
// RC it was asked about, and it never creates a pod for a terminal or
// cancelled RC, nor for one that carries the deployer-pod ignore
// annotation and has no deployer pod (SPEC 4.3.new.4).
func checkPlan(t *rapid.T, s dcplan.Snapshot, rc string, p dcplan.Plan) {
	d, ok := s.Deployment(rc)
	if !ok && !p.IsEmpty() {
		t.Fatalf("plan for a missing RC %q is not empty:\n%s", rc, dcplan.Describe(p))
	}
	// The phase moves are the simulator's PhaseMoves to judge, against
	// SPEC 2.1 as data (fake.Spec21), not the table Step consults.
	pass, err := fake.PassTransition(s, p, fake.PassDeployer, "deployer")
	if err != nil {
		t.Fatalf("the pass could not be judged: %v", err)
	}
	if err := fake.PhaseMoves(pass.WithSettings(s.Settings)); err != nil {
		t.Fatalf("%v:\n%s", err, dcplan.Describe(p))
	}
	for _, tr := range p.Transitions {
		if tr.RC != rc || tr.From != d.Phase || tr.Version != d.Version {
			t.Fatalf("transition %+v does not match RC %s (%v v%d)", tr, rc, d.Phase, d.Version)
		}
		if tr.Rule == "" {
			t.Fatalf("transition without rule: %+v", tr)
		}
	}
	if len(p.Transitions) > 1 {
		t.Fatalf("more than one transition:\n%s", dcplan.Describe(p))
	}
	if len(p.CreatePods) > 0 && (d.Phase.Terminal() || d.Cancelled || d.Phase != dcplan.PhaseNew) {
		t.Fatalf("pod created for RC %s in phase %v cancelled=%v:\n%s", rc, d.Phase, d.Cancelled, dcplan.Describe(p))
	}
	if _, found := s.Pod(dcplan.DeployerPodName(rc)); len(p.CreatePods) > 0 && d.IgnoreDeployerPod && !found {
		t.Fatalf("deployer pod created for RC %s, which carries the ignore annotation (SPEC 4.3.new.4):\n%s", rc, dcplan.Describe(p))
	}
	for _, a := range p.CreatePods {
		if a.Rule == "" {
			t.Fatalf("create-pod without rule")
		}
	}
	for _, a := range p.DeletePods {
		if a.Rule == "" || a.RC != rc {
			t.Fatalf("bad delete-pod %+v", a)
		}
	}
	for _, a := range p.SetPodOwners {
		if a.Rule == "" || a.RC != rc {
			t.Fatalf("bad set-pod-owner %+v", a)
		}
	}
	for _, e := range p.Events {
		if e.Rule == "" || e.Reason == "" || e.Message == "" {
			t.Fatalf("incomplete event %+v", e)
		}
	}
	if len(p.SetPodDeadlines) > 0 {
		if !s.Settings.CancelByDeadline || !d.Cancelled || (d.Phase != dcplan.PhasePending && d.Phase != dcplan.PhaseRunning) || len(p.DeletePods) > 0 {
			t.Fatalf("deadline cancel outside CancelByDeadline's cancelled Pending/Running RCs (%v %v cancelled=%v):\n%s", s.Settings.Name(), d.Phase, d.Cancelled, dcplan.Describe(p))
		}
		for _, a := range p.SetPodDeadlines {
			if a.Rule == "" || a.To != 1 || (a.HadDeadline && a.From == 1) {
				t.Fatalf("bad set-pod-deadline %+v", a)
			}
		}
	}
	if len(p.Adopt)+len(p.Release)+len(p.UpdateConfig)+len(p.CreateRCs)+len(p.Cancels)+len(p.Scales)+len(p.DeleteRCs) > 0 || p.Status != nil {
		t.Fatalf("Step planned a write outside its remit:\n%s", dcplan.Describe(p))
	}
}

func TestStepProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		rc := drawTarget(t, &s)
		orig := s.Clone()
		p := phase.Step(s, rc)
		if d := cmp.Diff(orig, s); d != "" {
			t.Fatalf("Step modified its snapshot (-before +after):\n%s", d)
		}
		checkPlan(t, s, rc, p)
		if !s.Settings.SeedPodController {
			// The simulator's invariants, on this one pass.
			if err := checkStepPass(s, rc, p); err != nil {
				t.Fatalf("Step breaks an invariant: %v\n%s", err, dcplan.Describe(p))
			}
		}
	})
}

func TestStepIgnoresOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		rc := drawTarget(t, &s)
		want := phase.Step(s, rc)
		shuffled := s.Clone()
		shuffled.Pods = rapid.Permutation(shuffled.Pods).Draw(t, "pods")
		shuffled.Deployments = gen.Reorder(shuffled.Deployments).Draw(t, "rcs")
		if d := cmp.Diff(want, phase.Step(shuffled, rc)); d != "" {
			t.Fatalf("Step() depends on list order (-sorted +shuffled):\n%s", d)
		}
	})
}

// TestStepSettles applies a plan (pod deletions left out: the pods stay as
// they were) and steps again: a second transition would mean the first pass
// stopped halfway. The one designed exception is a cancelled New RC, which
// goes to Pending first and fails on a later pass (SPEC 2.3, 4.3.new.1).
func TestStepSettles(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		rc := drawTarget(t, &s)
		p := phase.Step(s, rc)
		kept := p
		kept.DeletePods = nil
		again := phase.Step(s.After(kept), rc)
		if len(p.Transitions) == 1 && p.Transitions[0].Rule == "4.3.new.1" {
			again.Transitions, again.Events = nil, nil
		}
		if len(again.Transitions) > 0 {
			t.Fatalf("second pass transitions again:\nfirst:\n%ssecond:\n%s", dcplan.Describe(p), dcplan.Describe(again))
		}
		if len(again.CreatePods) > 0 {
			t.Fatalf("second pass creates a pod again:\n%s", dcplan.Describe(again))
		}
		// An event comes with a write, except Exact's FailedCancellation
		// on every pass of a Complete RC still cancelled (SPEC 10.13).
		if !again.HasWrites() {
			for _, e := range again.Events {
				if !s.Settings.FailedCancellationEveryPass || e.Reason != dcplan.EventFailedCancellation {
					t.Fatalf("second pass repeats an event without a write:\nfirst:\n%ssecond:\n%s", dcplan.Describe(p), dcplan.Describe(again))
				}
			}
		}
	})
}

// TestStepConverges applies whole plans (pod creates, deletes, owner and
// deadline patches, the transition) with no change from outside: within
// four passes Step reaches a plan without writes, and from then on it
// proposes the same thing again (SPEC 11 item 11: nothing is written
// without a change). Four passes cover the longest chain, a cancelled New
// RC: Pending and delete the pods, Failed, then the Failed cleanup.
func TestStepConverges(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		rc := drawTarget(t, &s)
		var trace string
		for range 4 {
			p := phase.Step(s, rc)
			trace += dcplan.Describe(p) + "--\n"
			if !p.HasWrites() {
				if d := cmp.Diff(p, phase.Step(s.After(p), rc)); d != "" {
					t.Fatalf("a plan without writes changed on the next pass (-first +second):\n%s", d)
				}
				return
			}
			s = s.After(p)
		}
		t.Fatalf("no fixed point after 4 passes:\n%s", trace)
	})
}

func TestDeployerPodProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		s.Settings.Switches = dcplan.Origin.Switches()
		names := []string{"nope"}
		for _, p := range s.Pods {
			names = append(names, p.Name)
		}
		pod := rapid.SampledFrom(names).Draw(t, "pod")
		orig := s.Clone()
		p := phase.DeployerPod(s, pod)
		if d := cmp.Diff(orig, s); d != "" {
			t.Fatalf("DeployerPod modified its snapshot (-before +after):\n%s", d)
		}
		if err := fake.CheckPass(s, p, fake.PassDeployer, "deployer-pod"); err != nil {
			t.Fatalf("DeployerPod breaks an invariant: %v\n%s", err, dcplan.Describe(p))
		}
		again := phase.DeployerPod(s.After(p), pod)
		if len(again.Transitions) > 0 {
			t.Fatalf("second pass transitions again:\n%s", dcplan.Describe(again))
		}
	})
}

func TestCancelByDeadlineSettles(t *testing.T) {
	var planned int
	gen.CheckReaching(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		rc := drawTarget(t, &s)
		if i := slices.IndexFunc(s.Deployments, func(d dcplan.Deployment) bool { return d.Name == rc }); i >= 0 && rapid.IntRange(0, 2).Draw(t, "inFlight") > 0 {
			// Two draws in three: a rollout in flight with a pod of its
			// own, cancelled (the case the rule is for) or not (one it
			// must leave alone).
			d := &s.Deployments[i]
			d.Cancelled = rapid.Bool().Draw(t, "cancelled")
			d.Phase = rapid.SampledFrom([]dcplan.Phase{dcplan.PhasePending, dcplan.PhaseRunning}).Draw(t, "phase")
			if !slices.ContainsFunc(s.Pods, func(p dcplan.Pod) bool { return p.DeployerFor == rc }) {
				s.Pods = append(s.Pods, gen.Pod(*d).Draw(t, "pod"))
			}
		}
		p := phase.CancelByDeadline(s, rc)
		d, ok := s.Deployment(rc)
		cancelling := ok && d.Cancelled && (d.Phase == dcplan.PhasePending || d.Phase == dcplan.PhaseRunning)
		if !cancelling && !p.IsEmpty() {
			t.Fatalf("CancelByDeadline plans for an RC it must leave alone (found %v, cancelled %v, %v):\n%s",
				ok, d.Cancelled, d.Phase, dcplan.Describe(p))
		}
		if len(p.SetPodDeadlines) > 0 {
			planned++
		}
		for _, a := range p.SetPodDeadlines {
			if a.To != 1 || (a.HadDeadline && a.From == 1) {
				t.Fatalf("bad deadline action %+v", a)
			}
		}
		if again := phase.CancelByDeadline(s.After(p), rc); !again.IsEmpty() {
			t.Fatalf("second pass is not empty:\n%s", dcplan.Describe(again))
		}
	}, func() bool { return planned > 0 })
	t.Logf("%d draws planned a deadline", planned)
	if planned == 0 {
		t.Errorf("no draw planned a deadline: the generator never reaches a cancelled rollout with pods")
	}
}

// scribble overwrites every byte and element a deployer pod holds by
// reference.
func scribble(p *dcplan.DeployerPod) {
	for i := range p.Command {
		p.Command[i] = "scribbled"
	}
	for i := range p.Env {
		p.Env[i].Value = "scribbled"
		for j := range p.Env[i].ValueFrom {
			p.Env[i].ValueFrom[j] = 'x'
		}
	}
	for i := range p.Labels {
		p.Labels[i].Value = "scribbled"
	}
	for i := range p.Annotations {
		p.Annotations[i].Value = "scribbled"
	}
	for i := range p.Resources {
		p.Resources[i] = 'x'
	}
}

// TestDeployerPodDoesNotAlias writes over every slice of the pod that
// BuildDeployerPod returns and that Step plans to create, for an RC whose
// strategy sets every custom parameter: the snapshot must not change.
func TestDeployerPodDoesNotAlias(t *testing.T) {
	for _, profile := range []dcplan.Preset{dcplan.Modern, dcplan.Exact, dcplan.Origin} {
		t.Run(profile.String(), func(t *testing.T) {
			rc := testRC(1, dcplan.PhaseNew, func(d *dcplan.Deployment) {
				st := &d.Encoded.Strategy
				st.CustomImage, st.CustomCommand = "custom:1", []string{"/bin/deploy", "--fast"}
				st.CustomEnv = []dcplan.EnvVar{{Name: "A", Value: "a"}, {Name: "S", ValueFrom: []byte(`{"secretKeyRef":{"key":"k","name":"s"}}`)}}
				st.Resources = []byte(`{"limits":{"cpu":"1"}}`)
				st.Labels = []dcplan.KeyValue{{Key: "team", Value: "a"}}
				st.Annotations = []dcplan.KeyValue{{Key: "note", Value: "n"}}
				d.Template = dcplan.Template{Raw: []byte(`{"spec":{"dnsPolicy":"ClusterFirst","imagePullSecrets":[{"name":"pull"}],"nodeSelector":{"zone":"a"},"tolerations":[{"key":"k"}]}}`)}
			})
			s := snapshot(profile, []dcplan.Deployment{rc})
			s.Settings.Environment = []dcplan.EnvVar{{Name: "HTTP_PROXY", Value: "http://proxy"}, {Name: "T", ValueFrom: []byte(`{"fieldRef":{"fieldPath":"x"}}`)}}
			orig := s.Clone()
			built := phase.BuildDeployerPod(s, s.Deployments[0])
			if built.CopyFields == 0 || built.Resources == nil || len(built.Command) == 0 {
				t.Fatalf("BuildDeployerPod() left out the fields under test: %+v", built)
			}
			scribble(&built)
			p := phase.Step(s, "web-1")
			if len(p.CreatePods) != 1 {
				t.Fatalf("Step() = %s, want one pod created", dcplan.Describe(p))
			}
			scribble(&p.CreatePods[0].Pod)
			if d := cmp.Diff(orig, s); d != "" {
				t.Errorf("the returned pod aliases the snapshot (-before +after):\n%s", d)
			}
		})
	}
}
