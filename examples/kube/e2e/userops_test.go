package e2e_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	appsv1 "github.com/openshift/api/apps/v1"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/wire"
)

// TestFailureAndRetry: a failed deployer pod fails frontend-2, the DC's
// Progressing condition says ProgressDeadlineExceeded and frontend-1 is
// scaled back up; `oc rollout retry` (cancel.Retry) runs it again to
// Complete.
func TestFailureAndRetry(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 2))
	e.await("frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
	e.kubelet.Fail("frontend-2", true)
	e.setImage("frontend", "registry.example/shop/frontend:v2")
	e.await("frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\n"+
		"frontend-2 Failed replicas=0 reason=\"config change\"\n"+
		"dc frontend latestVersion=2 replicas=2")
	e.waitFor("Progressing=False ProgressDeadlineExceeded", func() (bool, error) {
		for _, c := range e.dc("frontend").Status.Conditions {
			if c.Type == appsv1.DeploymentProgressing && c.Status == "False" && c.Reason == string(dcplan.ReasonProgressDeadlineExceeded) {
				return true, nil
			}
		}
		return false, nil
	})
	e.kubelet.Fail("frontend-2", false)
	e.retryRollout("frontend")
	e.await("frontend", "frontend-1 Complete replicas=0 reason=\"config change\"\n"+
		"frontend-2 Complete replicas=2\n"+
		"dc frontend latestVersion=2 replicas=2")
}

// TestCancel: `oc rollout cancel` (cancel.Cancel) of a rollout whose
// deployer pod is still Pending, and of one whose pod runs: either is
// Failed "cancelled by the user", its pod deleted, the previous RC back
// at full size.
func TestCancel(t *testing.T) {
	t.Parallel()
	for _, phase := range []string{"Pending", "Running"} {
		t.Run(phase, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			e.controller(kube.Options{})
			e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 2))
			e.await("frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
			if phase == "Pending" {
				e.kubelet.Hold("frontend-2", true)
			}
			e.setImage("frontend", "registry.example/shop/frontend:v2")
			e.waitFor("frontend-2-deploy "+phase, func() (bool, error) {
				if slices.Contains(e.deployerPods(), "frontend-2-deploy "+phase) {
					e.kubelet.Hold("frontend-2", true)
					return true, nil
				}
				return false, nil
			})
			e.cancelRollout("frontend")
			e.await("frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\n"+
				"frontend-2 Failed replicas=0 reason=\"cancelled by the user\"\n"+
				"dc frontend latestVersion=2 replicas=2")
			e.waitFor("the deployer pod deleted", func() (bool, error) { return len(e.deployerPods()) == 0, nil })
		})
	}
}

// TestRolloutLatest: `oc rollout latest` (reconcile.RolloutLatest) on a
// server without deploymentconfigs/instantiate: the instantiate request
// answers NotFound and the command falls back to bumping latestVersion;
// with InstantiateUnavailable set from discovery it bumps at once. Either
// rolls out a new RC with the same template.
func TestRolloutLatest(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 1))
	e.await("frontend", "frontend-1 Complete replicas=1 reason=\"config change\"\ndc frontend latestVersion=1 replicas=1")

	pass := e.rolloutLatest("frontend", false)
	if n := len(pass.Requests); n != 2 || pass.Requests[0].Subresource != wire.SubresourceInstantiate || pass.Requests[1].Verb != wire.VerbUpdate {
		t.Errorf("requests = %v, want the instantiate then the DC update", pass.Requests)
	}
	e.await("frontend", "frontend-1 Complete replicas=0 reason=\"config change\"\n"+
		"frontend-2 Complete replicas=1 reason=\"manual change\"\n"+
		"dc frontend latestVersion=2 replicas=1")

	if e.servesInstantiate() {
		t.Fatal("discovery lists deploymentconfigs/instantiate; the CRD has no such subresource")
	}
	pass = e.rolloutLatest("frontend", true)
	if n := len(pass.Requests); n != 1 || pass.Requests[0].Verb != wire.VerbUpdate {
		t.Errorf("requests = %v, want the DC update alone", pass.Requests)
	}
	e.await("frontend", "frontend-1 Complete replicas=0 reason=\"config change\"\n"+
		"frontend-2 Complete replicas=0 reason=\"manual change\"\n"+
		"frontend-3 Complete replicas=1 reason=\"manual change\"\n"+
		"dc frontend latestVersion=3 replicas=1")
}

// TestUndo: `oc rollout undo` (history.Undo) brings back the previous
// template as a new RC.
func TestUndo(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 1))
	e.awaitPhase("frontend-1", "Complete")
	e.setImage("frontend", "registry.example/shop/frontend:v2")
	e.awaitPhase("frontend-2", "Complete")
	e.undo("frontend", 0)
	e.awaitPhase("frontend-3", "Complete")
	if got := e.rc("frontend-3").Spec.Template.Spec.Containers[0].Image; got != "registry.example/shop/frontend:v1" {
		t.Errorf("frontend-3 image = %q, want the first template's", got)
	}
	if got := e.dc("frontend").Spec.Template.Spec.Containers[0].Image; got != "registry.example/shop/frontend:v1" {
		t.Errorf("dc image = %q, want the first template's", got)
	}
}

// TestPauseResumeScale: `oc scale` through the DC's scale subresource
// resizes the active RC; while paused (reconcile.Pause) a template edit
// and a scale wait, and on resume (reconcile.Resume) the edit rolls out
// at the new size.
func TestPauseResumeScale(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 1))
	e.await("frontend", "frontend-1 Complete replicas=1 reason=\"config change\"\ndc frontend latestVersion=1 replicas=1")
	e.scale("frontend", 3)
	e.await("frontend", "frontend-1 Complete replicas=3 reason=\"config change\"\ndc frontend latestVersion=1 replicas=3")
	e.pause("frontend")
	e.setImage("frontend", "registry.example/shop/frontend:v2")
	e.scale("frontend", 2)
	e.await("frontend", "frontend-1 Complete replicas=3 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
	if !e.dc("frontend").Spec.Paused {
		t.Fatal("dc not paused")
	}
	e.resume("frontend")
	e.await("frontend", "frontend-1 Complete replicas=0 reason=\"config change\"\n"+
		"frontend-2 Complete replicas=2 reason=\"config change\"\n"+
		"dc frontend latestVersion=2 replicas=2")
	var scale struct {
		Spec   struct{ Replicas int32 }
		Status struct{ Replicas int32 }
	}
	raw, err := e.apps.AppsV1().RESTClient().Get().Namespace(e.ns).Resource("deploymentconfigs").Name("frontend").SubResource("scale").DoRaw(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &scale); err != nil {
		t.Fatal(err)
	}
	if scale.Spec.Replicas != 2 {
		t.Errorf("scale = %s, want spec.replicas 2", raw)
	}
}
