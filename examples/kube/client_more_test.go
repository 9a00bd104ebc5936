package kube_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clienttesting "k8s.io/client-go/testing"

	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/wire"
)

// TestClientGetPod pins Client.Get of a pod: the pod as JSON, with its
// kind and apiVersion, which wire decodes.
func TestClientGetPod(t *testing.T) {
	c := newCluster(t)
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web-1-deploy", Namespace: ns}}
	if _, err := c.kube.CoreV1().Pods(ns).Create(context.Background(), pod, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	cl := &kube.Client{Kube: c.kube, Apps: c.apps}
	data, err := cl.Get(context.Background(), wire.ResourcePods, ns, "web-1-deploy")
	if err != nil {
		t.Fatal(err)
	}
	var meta struct {
		Kind, APIVersion string
		Metadata         struct{ Name, Namespace string }
	}
	if err := json.Unmarshal(data, &meta); err != nil {
		t.Fatalf("Get pod = %s: %v", data, err)
	}
	want := `{Kind:Pod APIVersion:v1 Metadata:{Name:web-1-deploy Namespace:shop}}`
	if got := fmt.Sprintf("%+v", meta); got != want {
		t.Errorf("Get pod = %s, want %s", got, want)
	}
	p, err := wire.DecodePod(data)
	if err != nil || p.Name != "web-1-deploy" {
		t.Errorf("DecodePod(Get pod) = %q, %v; want web-1-deploy", p.Name, err)
	}
}

// TestClientUnsupportedRequests pins the requests Client refuses with
// ErrUnsupported without sending anything: a DC create or delete that is
// no instantiate, a DC patch of a subresource, and RC and pod requests
// on a subresource.
func TestClientUnsupportedRequests(t *testing.T) {
	c := newCluster(t)
	var actions []string
	record := func(a clienttesting.Action) (bool, runtime.Object, error) {
		actions = append(actions, a.GetVerb()+" "+a.GetResource().Resource+"/"+a.GetSubresource())
		return false, nil, nil
	}
	c.createDC(t, newDC("web", "registry/web:1", 1))
	c.kube.PrependReactor("*", "*", record)
	c.apps.PrependReactor("*", "*", record)
	cl := &kube.Client{Kube: c.kube, Apps: c.apps}
	dc := `{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","metadata":{"name":"web2","namespace":"shop"}}`
	patch := []byte(`{"metadata":{"labels":{"a":"b"}}}`)
	for i, req := range []wire.Request{
		{Verb: wire.VerbCreate, Resource: wire.ResourceConfigs, Namespace: ns, Name: "web2", Body: []byte(dc)},
		{Verb: wire.VerbDelete, Resource: wire.ResourceConfigs, Namespace: ns, Name: "web"},
		{Verb: wire.VerbPatch, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Namespace: ns, Name: "web",
			PatchType: wire.PatchStrategicMerge, Patch: patch},
		{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceInstantiate, Namespace: ns, Name: "web", Body: []byte(dc)},
		{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Subresource: wire.SubresourceStatus, Namespace: ns, Name: "web-1",
			PatchType: wire.PatchStrategicMerge, Patch: patch},
		{Verb: wire.VerbPatch, Resource: wire.ResourcePods, Subresource: wire.SubresourceStatus, Namespace: ns, Name: "web-1-deploy",
			PatchType: wire.PatchStrategicMerge, Patch: patch},
	} {
		if _, err := cl.Do(context.Background(), req); !errors.Is(err, kube.ErrUnsupported) {
			t.Errorf("request %d (%s): err = %v, want ErrUnsupported", i, req.String(), err)
		}
	}
	if d := cmp.Diff([]string(nil), actions); d != "" {
		t.Errorf("unsupported requests reached the clientsets (-want +got):\n%s", d)
	}
}
