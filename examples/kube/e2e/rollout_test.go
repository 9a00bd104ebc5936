package e2e_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dcplan/dcplan/examples/kube"
)

// TestFirstRollout: a new DC gets frontend-1 and its deployer pod; the
// kubelet runs the pod, the deployer scales the RC, and the controllers
// complete it, with the DC controller's event on the server.
func TestFirstRollout(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 2))
	e.await("frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
	want := `deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-1" for version 1`
	e.waitFor("the DeploymentCreated event", func() (bool, error) { return slices.Contains(e.events(), want), nil })
	e.waitFor("the DC status: observed, 2 replicas available", func() (bool, error) {
		d := e.dc("frontend")
		return d.Status.ObservedGeneration == d.Generation && d.Status.Replicas == 2 && d.Status.AvailableReplicas == 2, nil
	})
}

// TestConfigChange: a template edit rolls out frontend-2 and scales
// frontend-1 down; a Rolling DC does the same.
func TestConfigChange(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		dc   *appsv1.DeploymentConfig
	}{
		{"Recreate", newDC("frontend", "registry.example/shop/frontend:v1", 2)},
		{"Rolling", rolling(newDC("frontend", "registry.example/shop/frontend:v1", 2))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			e.controller(kube.Options{})
			e.createDC(tc.dc)
			e.await("frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
			e.setImage("frontend", "registry.example/shop/frontend:v2")
			e.await("frontend", "frontend-1 Complete replicas=0 reason=\"config change\"\n"+
				"frontend-2 Complete replicas=2 reason=\"config change\"\n"+
				"dc frontend latestVersion=2 replicas=2")
			if got := e.rc("frontend-2").Spec.Template.Spec.Containers[0].Image; got != "registry.example/shop/frontend:v2" {
				t.Errorf("frontend-2 image = %q", got)
			}
		})
	}
}

// TestImageChangeTrigger: a DC with an automatic ImageChange trigger
// rolls out when the trigger's fields move as OpenShift's image trigger
// controller moves them (the container image and lastTriggeredImage).
func TestImageChangeTrigger(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	dc := newDC("frontend", "registry.example/shop/frontend@sha256:1111", 1)
	dc.Spec.Triggers = append(dc.Spec.Triggers, appsv1.DeploymentTriggerPolicy{Type: appsv1.DeploymentTriggerOnImageChange,
		ImageChangeParams: &appsv1.DeploymentTriggerImageChangeParams{Automatic: true, ContainerNames: []string{"frontend"},
			From:               corev1.ObjectReference{Kind: "ImageStreamTag", Name: "frontend:latest"},
			LastTriggeredImage: "registry.example/shop/frontend@sha256:1111"}})
	e.createDC(dc)
	e.await("frontend", "frontend-1 Complete replicas=1 reason=\"config change\"\ndc frontend latestVersion=1 replicas=1")
	e.editDC("frontend", func(d *appsv1.DeploymentConfig) {
		d.Spec.Template.Spec.Containers[0].Image = "registry.example/shop/frontend@sha256:2222"
		d.Spec.Triggers[1].ImageChangeParams.LastTriggeredImage = "registry.example/shop/frontend@sha256:2222"
	})
	e.await("frontend", "frontend-1 Complete replicas=0 reason=\"config change\"\n"+
		"frontend-2 Complete replicas=1 reason=\"image change\"\n"+
		"dc frontend latestVersion=2 replicas=1")
}

// TestTestDC: a test DC (spec.test) rolls out, then is scaled to zero.
func TestTestDC(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	dc := newDC("frontend", "registry.example/shop/frontend:v1", 2)
	dc.Spec.Test = true
	e.createDC(dc)
	e.await("frontend", "frontend-1 Complete replicas=0 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
}

// TestHistoryPruning: with revisionHistoryLimit 2, rollouts leave the
// active RC and two older ones; the rest are deleted.
func TestHistoryPruning(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	dc := newDC("frontend", "registry.example/shop/frontend:v1", 1)
	limit := int32(2)
	dc.Spec.RevisionHistoryLimit = &limit
	e.createDC(dc)
	e.await("frontend", "frontend-1 Complete replicas=1 reason=\"config change\"\ndc frontend latestVersion=1 replicas=1")
	for v := 2; v <= 5; v++ {
		e.setImage("frontend", fmt.Sprintf("registry.example/shop/frontend:v%d", v))
		e.awaitPhase(fmt.Sprintf("frontend-%d", v), "Complete")
	}
	e.await("frontend", "frontend-3 Complete replicas=0 reason=\"config change\"\n"+
		"frontend-4 Complete replicas=0 reason=\"config change\"\n"+
		"frontend-5 Complete replicas=1 reason=\"config change\"\n"+
		"dc frontend latestVersion=5 replicas=1")
}

// withPreHook gives dc's Recreate strategy a pre hook.
func withPreHook(dc *appsv1.DeploymentConfig) *appsv1.DeploymentConfig {
	dc.Spec.Strategy.RecreateParams.Pre = &appsv1.LifecycleHook{FailurePolicy: appsv1.LifecycleHookFailurePolicyAbort,
		ExecNewPod: &appsv1.ExecNewPodHook{Command: []string{"/bin/true"}, ContainerName: dc.Spec.Template.Spec.Containers[0].Name}}
	return dc
}

// TestPreHook: the deployer creates the pre hook pod <rc>-hook-pre with
// no owner; the deployer controller gives it the RC as an owner, not a
// controller (a strategic-merge patch, SPEC 4.6) while the rollout runs, and the
// rollout completes once the hook succeeded.
func TestPreHook(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.kubelet.Hold("frontend-1", true)
	e.controller(kube.Options{})
	e.createDC(withPreHook(newDC("frontend", "registry.example/shop/frontend:v1", 1)))
	rcUID := types.UID("")
	e.waitFor("the hook pod owned by frontend-1", func() (bool, error) {
		p, err := e.admin.CoreV1().Pods(e.ns).Get(context.Background(), "frontend-1-hook-pre", metav1.GetOptions{})
		if err != nil {
			return false, nil
		}
		if rcUID == "" {
			rcUID = e.rc("frontend-1").UID
		}
		for _, ref := range p.OwnerReferences {
			if ref.UID == rcUID && ref.Kind == "ReplicationController" {
				if val(ref.Controller) {
					t.Fatalf("frontend-1-hook-pre has frontend-1 as its controller, want an owner only: %+v", ref)
				}
				return true, nil
			}
		}
		return false, nil
	})
	e.kubelet.Hold("frontend-1", false)
	e.await("frontend", "frontend-1 Complete replicas=1 reason=\"config change\"\ndc frontend latestVersion=1 replicas=1")
}
