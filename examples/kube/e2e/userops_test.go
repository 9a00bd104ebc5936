package e2e_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/examples/kube/e2e"
	"github.com/dcplan/dcplan/examples/kube/kubetest"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// TestFailureAndRetry: a failed deployer pod fails frontend-2, the DC's
// Progressing condition says ProgressDeadlineExceeded and frontend-1 is
// scaled back up; `oc rollout retry` (cancel.Retry) runs it again to
// Complete.
func TestFailureAndRetry(t *testing.T) {
	t.Parallel()
	e := rolledOut(t)
	e.kubelet.Fail("frontend-2", true)
	e.setImage("frontend", "registry.example/shop/frontend:v2")
	e.await("frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\n"+
		"frontend-2 Failed replicas=0 reason=\"config change\"\n"+
		"dc frontend latestVersion=2 replicas=2")
	e.waitFor("Progressing=False ProgressDeadlineExceeded", func() (bool, error) {
		for _, c := range e.dc("frontend").Status.Conditions {
			if c.Type == appsv1.DeploymentProgressing && c.Status == "False" && c.Reason == dcplan.ReasonProgressDeadlineExceeded.String() {
				return true, nil
			}
		}
		return false, nil
	})
	e.kubelet.Fail("frontend-2", false)
	old, err := e.admin.CoreV1().Pods(e.ns).Get(context.Background(), "frontend-2-deploy", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	e.retryRollout("frontend")
	// The retry names the pod it deleted, so that a deployer whose cache
	// still shows it waits rather than failing frontend-2 again (SPEC
	// 4.2.expect.retry).
	if got := e.rc("frontend-2").Annotations[dcplan.AnnotationRetriedPod]; got != string(old.UID) {
		t.Errorf("frontend-2's %s = %q, want the deleted pod's uid %q", dcplan.AnnotationRetriedPod, got, old.UID)
	}
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
			e := rolledOut(t)
			if phase == "Pending" {
				e.kubelet.HoldPending("frontend-2", true)
			} else {
				e.kubelet.Hold("frontend-2", true)
			}
			e.cancelV2(phase)
		})
	}
}

// TestCancelThenRetry: `oc rollout retry` of a rollout `oc rollout
// cancel` failed. The deployer deleted the cancelled rollout's pod
// itself, so the retry has no pod to delete or name; the deployer's
// expectations for its own pod deletes, ended by the real informer's
// delete event, are what keeps a lagging cache from failing the retried
// rollout for the old pod (SPEC 4.2.expect.delete). The retried rollout
// completes.
func TestCancelThenRetry(t *testing.T) {
	t.Parallel()
	e := rolledOut(t)
	e.kubelet.Hold("frontend-2", true)
	e.cancelV2("Running")
	e.kubelet.Hold("frontend-2", false)
	e.retryRollout("frontend")
	if got, ok := e.rc("frontend-2").Annotations[dcplan.AnnotationRetriedPod]; ok {
		t.Errorf("frontend-2's %s = %q after a retry that deleted no pod, want none", dcplan.AnnotationRetriedPod, got)
	}
	e.await("frontend", "frontend-1 Complete replicas=0 reason=\"config change\"\n"+
		"frontend-2 Complete replicas=2\n"+
		"dc frontend latestVersion=2 replicas=2")
}

// cancelV2 starts frontend's rollout of v2, whose deployer pod the
// kubelet holds (in phase, Pending or Running), cancels it with `oc
// rollout cancel` when the pod is there, and waits until frontend-2 is
// Failed "cancelled by the user", frontend-1 back at full size, and the
// pod deleted.
func (e *env) cancelV2(phase string) {
	e.t.Helper()
	e.setImage("frontend", "registry.example/shop/frontend:v2")
	e.waitFor("frontend-2-deploy "+phase, func() (bool, error) {
		return slices.Contains(e.deployerPods(), "frontend-2-deploy "+phase), nil
	})
	e.cancelRollout("frontend")
	e.await("frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\n"+
		"frontend-2 Failed replicas=0 reason=\"cancelled by the user\"\n"+
		"dc frontend latestVersion=2 replicas=2")
	e.waitFor("frontend-2-deploy deleted", func() (bool, error) {
		return !slices.ContainsFunc(e.deployerPods(), func(p string) bool { return strings.HasPrefix(p, "frontend-2-deploy ") }), nil
	})
}

// TestRolloutLatestBumpIsLostOnACRD: `oc rollout latest`
// (reconcile.RolloutLatest) on a server without
// deploymentconfigs/instantiate: the instantiate request answers NotFound
// and the command falls back to one PUT of the DC with
// status.latestVersion + 1 (with InstantiateUnavailable set from
// discovery, to that PUT alone). OpenShift's DC update strategy keeps
// such a +1 bump for old clients; a CRD with a status subresource drops
// every status change sent to the main resource, so the server answers
// 200 and nothing rolls out. kubetest keeps the bump as OpenShift does,
// and drops it as the CRD does once told to serve DCs as one
// (Cluster.ServeDCsAsCRD).
func TestRolloutLatestBumpIsLostOnACRD(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 1))
	e.await("frontend", "frontend-1 Complete replicas=1 reason=\"config change\"\ndc frontend latestVersion=1 replicas=1")

	pass := e.rolloutLatest("frontend", false)
	if n := len(pass.Requests); n != 2 || pass.Requests[0].Subresource != wire.SubresourceInstantiate || pass.Requests[1].Verb != wire.VerbUpdate {
		t.Fatalf("requests = %v, want the instantiate then the DC update", pass.Requests)
	}
	var st *wire.StatusError
	if !errors.As(pass.Errs[0], &st) || st.Code != http.StatusNotFound || pass.Errs[1] != nil {
		t.Fatalf("answers = %v, want 404 for the instantiate, success for the update", pass.Errs)
	}
	if e.servesInstantiate() {
		t.Fatal("discovery lists deploymentconfigs/instantiate; the CRD has no such subresource")
	}
	pass = e.rolloutLatest("frontend", true)
	if n := len(pass.Requests); n != 1 || pass.Requests[0].Verb != wire.VerbUpdate || pass.Errs[0] != nil {
		t.Fatalf("requests = %v, answers %v, want the DC update alone, answered", pass.Requests, pass.Errs)
	}
	// The server's own answers to both PUTs: the stored DC, latestVersion
	// still 1.
	var answers []int64
	e.waitFor("both PUTs in the audit log", func() (bool, error) {
		evs, err := e2e.ReadAudit(cp.APIServer.AuditLog, func(ev *e2e.AuditEvent) bool {
			return ev.User.Username == "admin" && ev.Verb == "update" && ev.ObjectRef != nil && ev.ObjectRef.Namespace == e.ns &&
				ev.ObjectRef.Resource == "deploymentconfigs" && ev.ObjectRef.Subresource == ""
		})
		answers = nil
		for _, ev := range evs {
			if ev.ResponseStatus == nil || ev.ResponseStatus.Code != http.StatusOK {
				continue // a Conflict, run again
			}
			var dc appsv1.DeploymentConfig
			if err := json.Unmarshal(ev.ResponseObject, &dc); err != nil {
				return false, err
			}
			answers = append(answers, dc.Status.LatestVersion)
		}
		return len(answers) == 2, err
	})
	if answers[0] != 1 || answers[1] != 1 {
		t.Errorf("the server answered the bumps with latestVersion %v, want [1 1]: the CRD kept a status change sent to the main resource", answers)
	}

	for _, crd := range []bool{false, true} {
		c := kubetest.NewCluster(time.Now())
		if crd {
			c.ServeDCsAsCRD()
		}
		dc := newDC("frontend", "registry.example/shop/frontend:v1", 1)
		dc.Namespace = e.ns
		stored, err := c.Apps.AppsV1().DeploymentConfigs(e.ns).Create(context.Background(), dc, metav1.CreateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		stored.Kind, stored.APIVersion = "DeploymentConfig", appsv1.GroupVersion.String()
		ks, err := wire.DecodeSnapshot(mustList(t, stored), e.ns, "frontend", time.Now(), settings())
		if err != nil {
			t.Fatal(err)
		}
		ks.InstantiateUnavailable = true
		if _, _, err := wire.RunOperation(context.Background(), &kube.Client{Kube: c.Kube, Apps: c.Apps}, ks,
			func(s dcplan.Snapshot) (dcplan.Plan, reconcile.RolloutReport, error) {
				return reconcile.RolloutLatest(s, false, dcplan.DryRunNone)
			}); err != nil {
			t.Fatal(err)
		}
		got, err := c.Apps.AppsV1().DeploymentConfigs(e.ns).Get(context.Background(), "frontend", metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if want := map[bool]int64{false: 1, true: 0}[crd]; got.Status.LatestVersion != want {
			t.Errorf("kubetest (CRD %v): latestVersion %d after the bump, want %d", crd, got.Status.LatestVersion, want)
		}
	}
}

// mustList returns a List document of the objects.
func mustList(t *testing.T, objs ...any) []byte {
	t.Helper()
	data, err := json.Marshal(map[string]any{"kind": "List", "apiVersion": "v1", "items": objs})
	if err != nil {
		t.Fatal(err)
	}
	return data
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
// resizes the active RC; `oc rollout pause` (reconcile.Pause) sent as
// upstream sends it, a strategic-merge patch, is refused by the CRD (415);
// sent as a JSON merge patch it pauses. While paused a template edit and
// a scale wait, and on resume (reconcile.Resume) the edit rolls out at the
// new size.
func TestPauseResumeScale(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 1))
	e.await("frontend", "frontend-1 Complete replicas=1 reason=\"config change\"\ndc frontend latestVersion=1 replicas=1")
	e.scale("frontend", 3)
	e.await("frontend", "frontend-1 Complete replicas=3 reason=\"config change\"\ndc frontend latestVersion=1 replicas=3")
	err := e.pause(&kube.Client{Kube: e.admin, Apps: e.apps}, "frontend")
	var st *wire.StatusError
	if !errors.As(err, &st) || st.Code != http.StatusUnsupportedMediaType {
		t.Fatalf("pause with a strategic-merge patch: %v, want 415 Unsupported Media Type from the CRD", err)
	}
	if err := e.pause(e.userClient(), "frontend"); err != nil {
		t.Fatal(err)
	}
	e.setImage("frontend", "registry.example/shop/frontend:v2")
	e.scale("frontend", 2)
	// The world below is also the one before the controller reacts: wait
	// until it has observed both edits, so that a rollout or a resize it
	// started would show.
	e.waitFor("the paused edits observed", func() (bool, error) {
		d := e.dc("frontend")
		return d.Status.ObservedGeneration == d.Generation, nil
	})
	e.await("frontend", "frontend-1 Complete replicas=3 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
	if !e.dc("frontend").Spec.Paused {
		t.Fatal("dc not paused")
	}
	if err := e.resume(e.userClient(), "frontend"); err != nil {
		t.Fatal(err)
	}
	e.await("frontend", "frontend-1 Complete replicas=0 reason=\"config change\"\n"+
		"frontend-2 Complete replicas=2 reason=\"config change\"\n"+
		"dc frontend latestVersion=2 replicas=2")
	var raw []byte
	var scale struct {
		Spec   struct{ Replicas int32 }
		Status struct{ Replicas int32 }
	}
	raw, err = e.apps.AppsV1().RESTClient().Get().Namespace(e.ns).Resource("deploymentconfigs").Name("frontend").SubResource("scale").DoRaw(context.Background())
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
