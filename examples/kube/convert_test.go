package kube_test

import (
	"errors"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
)

// TestDecoderCache: an object is decoded once per (uid, resourceVersion);
// a new resourceVersion decodes again; Forget evicts; an object without a
// resourceVersion is never cached; a decode error is cached with its
// object.
func TestDecoderCache(t *testing.T) {
	var d kube.Decoder
	replicas := int32(2)
	rc := &corev1.ReplicationController{
		ObjectMeta: metav1.ObjectMeta{Name: "web-1", Namespace: ns, UID: "u1", ResourceVersion: "7",
			Annotations: map[string]string{dcplan.AnnotationConfigName: "web", "openshift.io/deployment-config.latest-version": "1", dcplan.AnnotationPhase: "Complete"}},
		Spec: corev1.ReplicationControllerSpec{Replicas: &replicas},
	}
	steps := []struct {
		what    string
		rc      func() *corev1.ReplicationController
		decodes int64
		hits    int64
	}{
		{"first sight", func() *corev1.ReplicationController { return rc }, 1, 0},
		{"same version", func() *corev1.ReplicationController { return rc }, 1, 1},
		{"same version, another copy", func() *corev1.ReplicationController { return rc.DeepCopy() }, 1, 2},
		{"new version", func() *corev1.ReplicationController { r := rc.DeepCopy(); r.ResourceVersion = "8"; return r }, 2, 2},
		{"no version", func() *corev1.ReplicationController { r := rc.DeepCopy(); r.ResourceVersion = ""; return r }, 3, 2},
		{"no version again", func() *corev1.ReplicationController { r := rc.DeepCopy(); r.ResourceVersion = ""; return r }, 4, 2},
	}
	for _, st := range steps {
		got, err := d.Deployment(st.rc())
		if err != nil {
			t.Fatalf("%s: %v", st.what, err)
		}
		if got.Name != "web-1" || got.Version != 1 || got.Replicas != 2 || got.Phase != dcplan.PhaseComplete {
			t.Errorf("%s: decoded %v", st.what, got)
		}
		if d.Decodes() != st.decodes || d.Hits() != st.hits {
			t.Errorf("%s: %d decodes and %d hits, want %d and %d", st.what, d.Decodes(), d.Hits(), st.decodes, st.hits)
		}
	}
	d.Forget("u1")
	if d.Cached() != 0 {
		t.Errorf("after Forget: %d cached", d.Cached())
	}
	// A DC whose strategy type is no known spelling does not decode.
	dc := newDC("web", "registry/web:1", 1)
	dc.UID, dc.ResourceVersion = "u2", "1"
	dc.Spec.Strategy.Type = "Blue"
	_, err1 := d.Config(dc)
	_, err2 := d.Config(dc)
	if !errors.Is(err1, dcplan.ErrMalformed) || !errors.Is(err2, dcplan.ErrMalformed) {
		t.Errorf("unknown strategy: %v, %v; want ErrMalformed twice", err1, err2)
	}
	if d.Decodes() != 5 {
		t.Errorf("a bad object was decoded %d times, want once", d.Decodes()-4)
	}
}
