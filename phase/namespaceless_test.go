package phase_test

import (
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// TestNamespacelessRCDeploysInTheConfigsNamespace: an RC without a
// namespace is in the DC's (dcplan.Snapshot invariant 3), where package
// wire creates its deployer pod. The pod built for it (SPEC 4.5) names
// that namespace in OPENSHIFT_DEPLOYMENT_NAMESPACE, which the deployer
// process reads to find its RC, and the texts of the pass name the RC
// there (SPEC 1.6's `Rollout for "<ns>/<rc>" ...`). Before, the pod
// carried an empty OPENSHIFT_DEPLOYMENT_NAMESPACE and the texts read
// "/web-1".
func TestNamespacelessRCDeploysInTheConfigsNamespace(t *testing.T) {
	d := testRC(1, dcplan.PhaseNew)
	d.Namespace = ""
	s := dcplan.Snapshot{Now: now, Config: testConfig(), Deployments: []dcplan.Deployment{d}}

	p := phase.Step(s, "web-1")
	if len(p.CreatePods) != 1 {
		t.Fatalf("Step() = %s, want one pod created", dcplan.Describe(p))
	}
	pod := p.CreatePods[0].Pod
	if pod.Namespace != "ns" {
		t.Errorf("pod namespace = %q, want %q", pod.Namespace, "ns")
	}
	var got string
	for _, e := range pod.Env {
		if e.Name == "OPENSHIFT_DEPLOYMENT_NAMESPACE" {
			got = e.Value
		}
	}
	if got != "ns" {
		t.Errorf("OPENSHIFT_DEPLOYMENT_NAMESPACE = %q, want %q", got, "ns")
	}
	if pod := phase.BuildDeployerPod(s, d); pod.Namespace != "ns" {
		t.Errorf("BuildDeployerPod() namespace = %q, want %q", pod.Namespace, "ns")
	}

	s.Now = d.CreationTime.Add(601 * time.Second)
	p = phase.Step(s, "web-1")
	want := `Rollout for "ns/web-1" failed to create deployer pod (timeoutSeconds: 600s)`
	if len(p.Events) != 1 || p.Events[0].Message != want {
		t.Errorf("Step() after the timeout = %s, want one event %q", dcplan.Describe(p), want)
	}
}

// TestNamespacelessRCInTheOldestDeployersTexts: the Origin planners of
// the deployer (SPEC 7 rows 25 and 29) name an RC without a namespace in
// the DC's too, where package wire sends their requests: CancelByDeadline's
// failedCancellation event and error after a failed deadline write, and
// DeployerPod's error after a failed RC write.
func TestNamespacelessRCInTheOldestDeployersTexts(t *testing.T) {
	d := testRC(1, dcplan.PhasePending, cancelled)
	d.Namespace = ""
	s := snapshot(dcplan.Origin10, []dcplan.Deployment{d}, deployer("web-1", dcplan.PodRunning))
	s.Outcome = dcplan.Outcome{Failures: []dcplan.Failure{{Action: dcplan.ActionSetPodDeadline, Name: "web-1-deploy",
		Reason: dcplan.StatusInternalError, Code: 500, Message: "etcd timeout"}}}
	p := phase.CancelByDeadline(s, "web-1")
	// Its error has upstream's format accident: the RC stands where the
	// pod should (SPEC 2.3 "Old mechanism").
	if !strings.Contains(p.Message, "pod ns/web-1 for") || len(p.Events) != 1 || !strings.Contains(p.Events[0].Message, "deployment ns/web-1") {
		t.Errorf("CancelByDeadline() after a failed deadline write = %s, want ns/web-1 in its error and event", dcplan.Describe(p))
	}

	s = snapshot(dcplan.Origin15, []dcplan.Deployment{testRC(1, dcplan.PhasePending)}, deployer("web-1", dcplan.PodRunning))
	s.Deployments[0].Namespace = ""
	s.Outcome = dcplan.Outcome{Failures: []dcplan.Failure{{Action: dcplan.ActionTransition, Name: "web-1",
		Reason: dcplan.StatusInternalError, Code: 500, Message: "etcd timeout"}}}
	p = phase.DeployerPod(s, "web-1-deploy")
	if !strings.Contains(p.Message, "Deployment ns/web-1 ") {
		t.Errorf("DeployerPod() after a failed RC write = %s, want ns/web-1 in its error", dcplan.Describe(p))
	}
}
