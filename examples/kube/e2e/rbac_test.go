package e2e_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/examples/kube/e2e"
)

// probeTimeout bounds each step of the RBAC probe: a step the controller
// cannot do without a rule is a step that never completes.
const probeTimeout = 20 * time.Second

// rbacProbe is a rollout that needs every rule of the shipped ClusterRole:
// the DC informer (and the DC read before adopting), the DC status, the
// RC informer, RC creates, RC owner patches (adoption), the pod informer,
// deployer pod creates, hook pod owner patches, and events. It returns
// the first step that did not complete.
func rbacProbe(e *env) error {
	e.createDC(withPreHook(newDC("frontend", "registry.example/shop/frontend:v1", 1)))
	if err := e.awaitErr("frontend", "frontend-1 Complete replicas=1 reason=\"config change\"\ndc frontend latestVersion=1 replicas=1", probeTimeout); err != nil {
		return fmt.Errorf("first rollout: %w", err)
	}
	ctx := context.Background()
	if err := e2e.Poll(ctx, probeTimeout, "the DC status", func() (bool, error) {
		d, err := e.apps.AppsV1().DeploymentConfigs(e.ns).Get(ctx, "frontend", metav1.GetOptions{})
		return err == nil && d.Status.ObservedGeneration == d.Generation && d.Status.AvailableReplicas == 1, err
	}); err != nil {
		return err
	}
	want := `deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-1" for version 1`
	if err := e2e.Poll(ctx, probeTimeout, "the event", func() (bool, error) { return slices.Contains(e.events(), want), nil }); err != nil {
		return err
	}
	if err := e2e.Poll(ctx, probeTimeout, "the hook pod's owner", func() (bool, error) {
		p, err := e.admin.CoreV1().Pods(e.ns).Get(ctx, "frontend-1-hook-pre", metav1.GetOptions{})
		return err == nil && len(p.OwnerReferences) == 1, err
	}); err != nil {
		return err
	}
	uid := e.dc("frontend").UID
	e.patchRC("frontend-1", `{"metadata":{"ownerReferences":null}}`)
	return e2e.Poll(ctx, probeTimeout, "adoption", func() (bool, error) {
		rc, err := e.admin.CoreV1().ReplicationControllers(e.ns).Get(ctx, "frontend-1", metav1.GetOptions{})
		return err == nil && controllerOf(rc) == uid, err
	})
}

// TestRBACEachRuleIsNeeded runs the probe with the shipped ClusterRole
// (it passes) and with each of its rules removed in turn (it fails): the
// role holds no rule the controller can do without.
func TestRBACEachRuleIsNeeded(t *testing.T) {
	t.Parallel()
	t.Run("all rules", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		e.controller(kube.Options{})
		if err := rbacProbe(e); err != nil {
			t.Fatalf("with the shipped role: %v", err)
		}
	})
	for i, rule := range shippedRole(t).Rules {
		t.Run(fmt.Sprintf("without rule %d %v %v", i, rule.Resources, rule.Verbs), func(t *testing.T) {
			t.Parallel()
			e := newEnvRole(t, installRole(t, &i), 20*time.Millisecond)
			e.controller(kube.Options{})
			err := rbacProbe(e)
			if err == nil {
				t.Fatalf("the probe passed without rule %d (%v on %v): the role does not need it", i, rule.Verbs, rule.Resources)
			}
			if !errors.Is(err, e2e.ErrTimeout) {
				t.Fatalf("probe: %v", err)
			}
			// A step that timed out for another reason (a slow machine)
			// says nothing of the rule: the server must have refused the
			// controller a request that only this rule grants.
			refused, rerr := refusedByRule(e.ns, rule)
			if rerr != nil {
				t.Fatal(rerr)
			}
			if len(refused) == 0 {
				t.Fatalf("the probe failed without rule %d, but the audit log shows no request of the controller refused (403) for %v on %v: the failure is not the rule's: %v", i, rule.Verbs, rule.Resources, err)
			}
			t.Logf("without it, refused: %s; the probe: %.200s", strings.Join(refused, ", "), err)
		})
	}
}

// refusedByRule returns the requests of namespace ns's controller
// ServiceAccount that the server answered 403 and that rule grants, as
// "<verb> <group>/<resource>[/<subresource>]", once each, from the audit
// log (written before each answer: --audit-log-mode=blocking).
func refusedByRule(ns string, rule rbacv1.PolicyRule) ([]string, error) {
	user := "system:serviceaccount:" + ns + ":dcplan-controller"
	evs, err := e2e.ReadAudit(cp.APIServer.AuditLog, func(ev *e2e.AuditEvent) bool {
		if ev.User.Username != user || ev.ResponseStatus == nil || ev.ResponseStatus.Code != http.StatusForbidden || ev.ObjectRef == nil {
			return false
		}
		resource := ev.ObjectRef.Resource
		if ev.ObjectRef.Subresource != "" {
			resource += "/" + ev.ObjectRef.Subresource
		}
		return slices.Contains(rule.Verbs, ev.Verb) && slices.Contains(rule.APIGroups, ev.ObjectRef.APIGroup) && slices.Contains(rule.Resources, resource)
	})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, ev := range evs {
		r := ev.ObjectRef
		s := fmt.Sprintf("%s %s/%s", ev.Verb, r.APIGroup, r.Resource)
		if r.Subresource != "" {
			s += "/" + r.Subresource
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out, nil
}
