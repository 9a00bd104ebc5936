package kubetest_test

import (
	"context"
	"testing"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestStatusIsWrittenApart: as on a server with status subresources, a
// create drops an RC's status and makes a pod Pending, an update keeps
// the stored status, an update of /status keeps the stored spec, and
// pods/status keeps the owner references.
func TestStatusIsWrittenApart(t *testing.T) {
	ctx := context.Background()
	c := kubetest.NewCluster(time.Now())
	rcs := c.Kube.CoreV1().ReplicationControllers("shop")
	one, two := int32(1), int32(2)
	rc, err := rcs.Create(ctx, &corev1.ReplicationController{ObjectMeta: metav1.ObjectMeta{Name: "web-1"},
		Spec: corev1.ReplicationControllerSpec{Replicas: &one}, Status: corev1.ReplicationControllerStatus{Replicas: 5}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rc.Status.Replicas != 0 {
		t.Errorf("created rc status.replicas = %d, want 0 (a create sets no status)", rc.Status.Replicas)
	}
	rc.Status.Replicas = 1
	rc.Spec.Replicas = &two
	if rc, err = rcs.UpdateStatus(ctx, rc, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	if rc.Status.Replicas != 1 || *rc.Spec.Replicas != 1 {
		t.Errorf("after UpdateStatus: status.replicas %d spec.replicas %d, want 1 and 1 (the spec kept)", rc.Status.Replicas, *rc.Spec.Replicas)
	}
	rc.Status.Replicas = 7
	rc.Spec.Replicas = &two
	if rc, err = rcs.Update(ctx, rc, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	if rc.Status.Replicas != 1 || *rc.Spec.Replicas != 2 {
		t.Errorf("after Update: status.replicas %d spec.replicas %d, want 1 (the status kept) and 2", rc.Status.Replicas, *rc.Spec.Replicas)
	}

	pods := c.Kube.CoreV1().Pods("shop")
	pod, err := pods.Create(ctx, &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web-1-deploy"},
		Status: corev1.PodStatus{Phase: corev1.PodSucceeded}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if pod.Status.Phase != corev1.PodPending {
		t.Errorf("created pod phase %q, want Pending", pod.Status.Phase)
	}
	pod.OwnerReferences = []metav1.OwnerReference{{APIVersion: "v1", Kind: "ReplicationController", Name: "web-1", UID: rc.UID}}
	pod.Status.Phase = corev1.PodRunning
	if pod, err = pods.UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	if pod.Status.Phase != corev1.PodRunning || len(pod.OwnerReferences) != 0 {
		t.Errorf("after UpdateStatus: phase %q owners %v, want Running and none (pods/status keeps the owners)", pod.Status.Phase, pod.OwnerReferences)
	}
}

// bumpLatest sends `oc rollout latest`'s fallback: an update of the DC
// with status.latestVersion one above the stored one.
func bumpLatest(t *testing.T, c *kubetest.Cluster) *appsv1.DeploymentConfig {
	t.Helper()
	ctx := context.Background()
	dcs := c.Apps.AppsV1().DeploymentConfigs("shop")
	dc, err := dcs.Create(ctx, &appsv1.DeploymentConfig{ObjectMeta: metav1.ObjectMeta{Name: "web"}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dc.Status.LatestVersion = 3
	dc.Status.ObservedGeneration = 1
	if dc, err = dcs.UpdateStatus(ctx, dc, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	dc.Status.LatestVersion = 4
	dc.Status.ObservedGeneration = 9
	if dc, err = dcs.Update(ctx, dc, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	return dc
}

// TestRolloutLatestBump: OpenShift's DC strategy keeps a latestVersion
// one above the stored one from an update of the DC (and nothing else of
// its status); a DC served by the CRD keeps none, as e2e's
// TestRolloutLatestBumpIsLostOnACRD shows on the real server.
func TestRolloutLatestBump(t *testing.T) {
	if dc := bumpLatest(t, kubetest.NewCluster(time.Now())); dc.Status.LatestVersion != 4 || dc.Status.ObservedGeneration != 1 {
		t.Errorf("OpenShift: latestVersion %d observedGeneration %d, want 4 (the bump kept) and 1", dc.Status.LatestVersion, dc.Status.ObservedGeneration)
	}
	crd := kubetest.NewCluster(time.Now())
	crd.ServeDCsAsCRD()
	if dc := bumpLatest(t, crd); dc.Status.LatestVersion != 3 || dc.Status.ObservedGeneration != 1 {
		t.Errorf("CRD: latestVersion %d observedGeneration %d, want 3 (the bump lost) and 1", dc.Status.LatestVersion, dc.Status.ObservedGeneration)
	}
}

// TestCRDRefusesStrategicMerge: a DC served by the CRD refuses a
// strategic-merge patch with 415 and takes the same patch as a JSON merge
// patch; OpenShift takes both. A CRD's /status update changes nothing
// but the status, and its create drops the status, as OpenShift's does.
func TestCRDRefusesStrategicMerge(t *testing.T) {
	ctx := context.Background()
	patch := []byte(`{"spec":{"paused":true}}`)
	for _, crd := range []bool{false, true} {
		c := kubetest.NewCluster(time.Now())
		if crd {
			c.ServeDCsAsCRD()
		}
		dcs := c.Apps.AppsV1().DeploymentConfigs("shop")
		dc, err := dcs.Create(ctx, &appsv1.DeploymentConfig{ObjectMeta: metav1.ObjectMeta{Name: "web"},
			Status: appsv1.DeploymentConfigStatus{LatestVersion: 2}}, metav1.CreateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if dc.Status.LatestVersion != 0 {
			t.Errorf("crd=%v: created latestVersion %d, want 0", crd, dc.Status.LatestVersion)
		}
		_, err = dcs.Patch(ctx, "web", types.StrategicMergePatchType, patch, metav1.PatchOptions{})
		if got := apierrors.ReasonForError(err); crd && (got != metav1.StatusReasonUnsupportedMediaType || !isCode(err, 415)) {
			t.Errorf("CRD: strategic merge: %v, want 415 UnsupportedMediaType", err)
		} else if !crd && err != nil {
			t.Errorf("OpenShift: strategic merge: %v", err)
		}
		if dc, err = dcs.Patch(ctx, "web", types.MergePatchType, patch, metav1.PatchOptions{}); err != nil || !dc.Spec.Paused {
			t.Fatalf("crd=%v: merge patch: %v, paused %v", crd, err, dc != nil && dc.Spec.Paused)
		}
		dc.Labels = map[string]string{"edited": "by-status"}
		dc.Spec.Paused = false
		if dc, err = dcs.UpdateStatus(ctx, dc, metav1.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
		if !dc.Spec.Paused || dc.Labels["edited"] != "" {
			t.Errorf("crd=%v: after UpdateStatus: paused %v labels %v, want the spec and the labels kept", crd, dc.Spec.Paused, dc.Labels)
		}
	}
}

// isCode reports whether err is an API status error with code.
func isCode(err error, code int32) bool {
	s, ok := err.(apierrors.APIStatus)
	return ok && s.Status().Code == code
}

// TestTimesGoInWholeSeconds: a typed client sends metav1.Time as RFC 3339
// in whole seconds, so the server stores a condition time written from a
// fine clock without its nanoseconds, as the real server does.
func TestTimesGoInWholeSeconds(t *testing.T) {
	ctx := context.Background()
	c := kubetest.NewCluster(time.Now())
	dcs := c.Apps.AppsV1().DeploymentConfigs("shop")
	dc, err := dcs.Create(ctx, &appsv1.DeploymentConfig{ObjectMeta: metav1.ObjectMeta{Name: "web"}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fine := time.Date(2026, 12, 4, 9, 0, 0, 697209501, time.UTC)
	dc.Status.Conditions = []appsv1.DeploymentCondition{{Type: appsv1.DeploymentAvailable, Status: corev1.ConditionTrue,
		LastUpdateTime: metav1.NewTime(fine), LastTransitionTime: metav1.NewTime(fine)}}
	if dc, err = dcs.UpdateStatus(ctx, dc, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := dc.Status.Conditions[0].LastUpdateTime.Time; !got.Equal(fine.Truncate(time.Second)) {
		t.Errorf("stored lastUpdateTime %v, want %v (whole seconds)", got, fine.Truncate(time.Second))
	}
}
