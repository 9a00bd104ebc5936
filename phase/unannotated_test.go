package phase_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// TestStepPlansRCWithoutConfigName: SPEC 4.7. Upstream's informer skips
// RC adds and updates of an RC without the
// openshift.io/deployment-config.name annotation, but a change of a pod
// naming it (openshift.io/deployment.name) enqueues it all the same, and
// handle reads no annotation before it acts. So when asked, Step plans
// such an RC as it plans one that names its DC: a Running RC whose
// deployer pod succeeded becomes Complete (2.2, 4.3.pending.3), under
// Modern and Exact. Its events still go to the DC encoded in it.
func TestStepPlansRCWithoutConfigName(t *testing.T) {
	strip := func(d *dcplan.Deployment) { d.ConfigName, d.EmptyConfigName = "", false }
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		t.Run(p.String(), func(t *testing.T) {
			pod := deployer("web-1", dcplan.PodSucceeded)
			want := phase.Step(snapshot(p, []dcplan.Deployment{testRC(1, dcplan.PhaseRunning)}, pod), "web-1")
			got := phase.Step(snapshot(p, []dcplan.Deployment{testRC(1, dcplan.PhaseRunning, strip)}, pod), "web-1")
			if len(got.Transitions) != 1 || got.Transitions[0].To != dcplan.PhaseComplete {
				t.Fatalf("Running RC without config-name, deployer pod Succeeded: transitions %+v, want one to Complete", got.Transitions)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("plan differs from the annotated RC's (-annotated +unannotated):\n%s", d)
			}
		})
	}
}

// TestStepBuildsPodForRCWithoutConfigName: SPEC 4.3.new.4, 4.5. A New RC
// without the config-name annotation that a pod change enqueued (SPEC
// 4.7) gets its deployer pod like any other, and the pod's
// openshift.io/deployment-config.name annotation is the RC's
// annotation as upstream reads it: the empty string.
func TestStepBuildsPodForRCWithoutConfigName(t *testing.T) {
	strip := func(d *dcplan.Deployment) { d.ConfigName, d.EmptyConfigName = "", false }
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		t.Run(p.String(), func(t *testing.T) {
			got := phase.Step(snapshot(p, []dcplan.Deployment{testRC(1, dcplan.PhaseNew, strip)}), "web-1")
			if len(got.CreatePods) != 1 || len(got.Transitions) != 1 || got.Transitions[0].To != dcplan.PhasePending {
				t.Fatalf("New RC without config-name: plan %+v, want its deployer pod created and Pending", got)
			}
			want := []dcplan.KeyValue{
				{Key: dcplan.AnnotationConfigName, Value: ""},
				{Key: dcplan.AnnotationDeploymentName, Value: "web-1"},
			}
			if d := cmp.Diff(want, got.CreatePods[0].Pod.Annotations); d != "" {
				t.Errorf("deployer pod annotations (-want +got):\n%s", d)
			}
		})
	}
}

// TestStepAllSkipsRCWithoutConfigName: SPEC 4.7. StepAll is the pass over
// the RCs the deployer's informer queues on its own, those carrying the
// config-name annotation (empty counts, SPEC 5.12); an RC without it is
// queued only by its pods' changes, which a snapshot does not show. So
// StepAll and StepAllBut leave a New RC without it alone, while Step,
// asked, creates its deployer pod; the annotated RC beside it is planned.
func TestStepAllSkipsRCWithoutConfigName(t *testing.T) {
	strip := func(d *dcplan.Deployment) { d.ConfigName, d.EmptyConfigName = "", false }
	empty := func(d *dcplan.Deployment) { d.ConfigName, d.EmptyConfigName = "", true }
	s := snapshot(dcplan.Modern, []dcplan.Deployment{testRC(1, dcplan.PhaseNew, strip), testRC(2, dcplan.PhaseNew, empty)})
	if p := phase.Step(s, "web-1"); len(p.CreatePods) != 1 {
		t.Fatalf("Step(web-1) creates %d pods, want 1", len(p.CreatePods))
	}
	for name, p := range map[string]dcplan.Plan{
		"StepAll":    phase.StepAll(s),
		"StepAllBut": phase.StepAllBut(s, nil),
	} {
		var rcs []string
		for _, c := range p.CreatePods {
			rcs = append(rcs, c.Pod.RC)
		}
		if d := cmp.Diff([]string{"web-2"}, rcs); d != "" {
			t.Errorf("%s creates deployer pods for (-want +got):\n%s", name, d)
		}
	}
}
