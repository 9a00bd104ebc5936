package kube_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	appsv1 "github.com/openshift/api/apps/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/wire"
)

// TestHookPodNeedsPodsPatch runs a rollout with a pre hook through
// kubetest's RBAC (Cluster.Authorize) as e2e's TestRBACEachRuleIsNeeded
// does on the real server: with the shipped ClusterRole the deployer
// controller gives the hook pod its RC as an owner; without `patch` on
// pods that patch is refused with 403.
func TestHookPodNeedsPodsPatch(t *testing.T) {
	shipped := loadManifests(t).clusterRole.Rules
	noPatch := slices.Clone(shipped)
	for i, r := range noPatch {
		if slices.Contains(r.Resources, "pods") {
			noPatch[i].Verbs = slices.DeleteFunc(slices.Clone(r.Verbs), func(v string) bool { return v == "patch" })
		}
	}
	for _, tc := range []struct {
		name  string
		rules []rbacv1.PolicyRule
	}{{"shipped role", shipped}, {"without pods patch", noPatch}} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCluster(t)
			k := newKubelet(c)
			k.Hold("frontend-1", true)
			k.run(t)
			var mu sync.Mutex
			var refused []error
			// The controller's requests through RBAC; the test's reads too.
			c.kube, c.apps = c.kc.Authorize("system:serviceaccount:"+ns+":dcplan-controller", tc.rules)
			c.controller(t, kube.Options{OnPass: func(_, _ string, p wire.Pass) {
				for i, err := range p.Errs {
					if r := p.Requests[i]; err != nil && r.Verb == wire.VerbPatch && r.Resource == wire.ResourcePods && isForbidden(err) {
						mu.Lock()
						refused = append(refused, err)
						mu.Unlock()
					}
				}
			}})
			dc := newDC("frontend", "registry/shop/frontend:v1", 1)
			dc.Spec.Strategy.RecreateParams.Pre = &appsv1.LifecycleHook{FailurePolicy: appsv1.LifecycleHookFailurePolicyAbort,
				ExecNewPod: &appsv1.ExecNewPodHook{Command: []string{"/bin/true"}, ContainerName: "frontend"}}
			if _, err := c.kc.Apps.AppsV1().DeploymentConfigs(ns).Create(context.Background(), dc, metav1.CreateOptions{}); err != nil {
				t.Fatal(err) // the user's create, not the controller's
			}
			waitFor(t, "the hook pod adopted, or its patch refused", func() bool {
				mu.Lock()
				defer mu.Unlock()
				p, err := c.kc.Kube.CoreV1().Pods(ns).Get(context.Background(), "frontend-1-hook-pre", metav1.GetOptions{})
				return len(refused) > 0 || err == nil && len(p.OwnerReferences) == 1
			})
			mu.Lock()
			defer mu.Unlock()
			if got, want := len(refused) > 0, tc.name != "shipped role"; got != want {
				t.Fatalf("hook pod patch refused: %v, want %v (%v)", got, want, refused)
			}
			if len(refused) > 0 {
				t.Logf("refused: %v", refused[0])
			}
		})
	}
}

// isForbidden reports whether err is a 403 answer, as wire.RunPass
// records it.
func isForbidden(err error) bool {
	var s *wire.StatusError
	return errors.As(err, &s) && s.Code == 403
}
