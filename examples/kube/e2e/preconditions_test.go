package e2e_test

import (
	"context"
	"errors"
	"regexp"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestDeletePreconditions sends the real server a history delete
// conditioned on an RC as read (SPEC 3.7.5.unchanged), as Modern's DC
// controller does: a resourceVersion the RC has left, and a uid it never
// had, are Conflicts in the registry's texts, naming the kind, which
// fake's server writes too (TestServerRequests; the uid is checked
// first); the RC stays. The uid and resourceVersion it has delete it.
func TestDeletePreconditions(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	rcs := e.admin.CoreV1().ReplicationControllers(e.ns)
	rc, err := rcs.Create(ctx, plainRC("web-1"), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	read := rc.ResourceVersion
	// Someone writes the RC after it was read (the RC manager writes its
	// status too, so the version the RC now has is read back with the
	// error, by pattern).
	if rc, err = rcs.Patch(ctx, "web-1", types.MergePatchType, []byte(`{"metadata":{"annotations":{"example.com/touched":"yes"}}}`), metav1.PatchOptions{}); err != nil {
		t.Fatal(err)
	}
	del := func(uid, rv string) error {
		_, err := e.userClient().Do(ctx, wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: e.ns, Name: "web-1",
			Delete: wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground, Preconditions: wire.Preconditions{UID: uid, ResourceVersion: rv}}})
		return err
	}
	conflict := regexp.QuoteMeta(`Operation cannot be fulfilled on ReplicationController "web-1": `)
	for _, tt := range []struct {
		name, uid, rv, want string
	}{
		{"stale resourceVersion", string(rc.UID), read,
			conflict + regexp.QuoteMeta("the ResourceVersion in the precondition ("+read+") does not match the ResourceVersion in record (") +
				`[1-9][0-9]*` + regexp.QuoteMeta("). The object might have been modified") + "$"},
		{"another uid", "00000000-0000-4000-8000-000000000099", read,
			conflict + regexp.QuoteMeta("the UID in the precondition (00000000-0000-4000-8000-000000000099) does not match the UID in record ("+string(rc.UID)+
				"). The object might have been deleted and then recreated") + "$"},
	} {
		err := del(tt.uid, tt.rv)
		var st *wire.StatusError
		if !errors.As(err, &st) || st.Reason != dcplan.StatusConflict || st.Code != 409 || !regexp.MustCompile("^"+tt.want).MatchString(st.Message) {
			t.Errorf("%s: delete = %v, want Conflict matching %q", tt.name, err, tt.want)
		}
		if _, err := rcs.Get(ctx, "web-1", metav1.GetOptions{}); err != nil {
			t.Fatalf("%s: the refused delete removed the RC: %v", tt.name, err)
		}
	}
	// The RC as it stands (read again if the RC manager wrote it since).
	for range 5 {
		if rc, err = rcs.Get(ctx, "web-1", metav1.GetOptions{}); err != nil {
			t.Fatal(err)
		}
		var st *wire.StatusError
		if err = del(string(rc.UID), rc.ResourceVersion); !errors.As(err, &st) || st.Reason != dcplan.StatusConflict {
			break
		}
	}
	if err != nil {
		t.Fatalf("delete with the RC's own uid and resourceVersion: %v", err)
	}
	if _, err := rcs.Get(ctx, "web-1", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Errorf("after the delete, get rc/web-1 = %v, want NotFound", err)
	}
}

// plainRC is an RC of no DC, scaled to 0, with finalizers: what a test of
// the server's own answers writes.
func plainRC(name string, finalizers ...string) *corev1.ReplicationController {
	zero := int32(0)
	return &corev1.ReplicationController{
		ObjectMeta: metav1.ObjectMeta{Name: name, Finalizers: finalizers},
		Spec: corev1.ReplicationControllerSpec{Replicas: &zero, Selector: map[string]string{"app": "web"},
			Template: &corev1.PodTemplateSpec{ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"app": "web"}},
				Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "web", Image: "registry.example/web:1"}}}}},
	}
}
