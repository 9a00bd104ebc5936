package kubetest_test

import (
	"context"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestPatchOfARecreatedObject: a patch carrying another metadata.uid (the
// uid precondition of upstream's release and adoption patches, sent to an
// RC deleted and made again under its name) is refused as the API server
// refuses it, 422 Invalid, metadata.uid being immutable, not 409
// Conflict: upstream's release tolerates Invalid for exactly this case
// (SPEC 3.3, 13.1). The RC is left as it was.
func TestPatchOfARecreatedObject(t *testing.T) {
	c := kubetest.NewCluster(time.Date(2026, 10, 20, 9, 0, 0, 0, time.UTC))
	ctx := context.Background()
	rcs := c.Kube.CoreV1().ReplicationControllers("shop")
	isController := true
	rc, err := rcs.Create(ctx, &corev1.ReplicationController{ObjectMeta: metav1.ObjectMeta{Name: "web-1",
		OwnerReferences: []metav1.OwnerReference{{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: "web",
			UID: "dc-uid", Controller: &isController}}}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = rcs.Patch(ctx, "web-1", types.StrategicMergePatchType,
		[]byte(`{"metadata":{"ownerReferences":[{"$patch":"delete","uid":"dc-uid"}],"uid":"other-uid"}}`), metav1.PatchOptions{})
	const want = `ReplicationController "web-1" is invalid: metadata.uid: Invalid value: "other-uid": field is immutable`
	if !apierrors.IsInvalid(err) || err.Error() != want {
		t.Errorf("patch with another uid = %v, want Invalid %q", err, want)
	}
	got, err := rcs.Get(ctx, "web-1", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got.UID != rc.UID || got.ResourceVersion != rc.ResourceVersion || len(got.OwnerReferences) != 1 {
		t.Errorf("the refused patch changed the RC: uid %q rv %q owners %v", got.UID, got.ResourceVersion, got.OwnerReferences)
	}
}
