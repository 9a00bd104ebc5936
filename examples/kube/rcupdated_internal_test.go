package kube

import (
	"slices"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestRCUpdateRequeuesBothOwners: an RC update requeues the DC its
// deployment-config.name annotation names (SPEC 3.2) and, when an edit
// moved the RC to another DC or stripped the annotation, the DC it named
// before, whose status still counts the RC; an update that leaves the
// annotation queues that DC once. An update without a new resourceVersion
// (a resync) requeues no DC.
func TestRCUpdateRequeuesBothOwners(t *testing.T) {
	rc := func(rv, dc string) *corev1.ReplicationController {
		r := &corev1.ReplicationController{ObjectMeta: metav1.ObjectMeta{Namespace: "shop", Name: "web-1", ResourceVersion: rv}}
		if dc != "" {
			r.Annotations = map[string]string{dcplan.AnnotationConfigName: dc}
		}
		return r
	}
	for _, tc := range []struct {
		name     string
		old, cur *corev1.ReplicationController
		want     []string
	}{
		{"moved to another DC", rc("1", "web"), rc("2", "api"), []string{"shop/api", "shop/web"}},
		{"annotation removed", rc("1", "web"), rc("2", ""), []string{"shop/web"}},
		{"annotation kept", rc("1", "web"), rc("2", "web"), []string{"shop/web"}},
		{"resync", rc("1", "web"), rc("1", "web"), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cl := kubetest.NewCluster(time.Now())
			c := New(cl.Kube, cl.Apps, Options{Namespace: "shop", Recorder: kubetest.Discard})
			defer c.Close()
			c.rcUpdated(tc.old, tc.cur)
			var got []string
			for c.dcQueue.Len() > 0 {
				key, _ := c.dcQueue.Get()
				c.dcQueue.Done(key)
				got = append(got, key)
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("DC queue = %q, want %q", got, tc.want)
			}
		})
	}
}
