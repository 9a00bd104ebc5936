package kube_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	appsv1 "github.com/openshift/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clienttesting "k8s.io/client-go/testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/wire"
)

// TestClientRequests sends one request of each kind through Client and
// checks what reached the clientsets and what came back.
func TestClientRequests(t *testing.T) {
	c := newCluster(t)
	var actions []string
	record := func(a clienttesting.Action) (bool, runtime.Object, error) {
		line := a.GetVerb() + " " + a.GetResource().Resource
		if s := a.GetSubresource(); s != "" {
			line += "/" + s
		}
		switch a := a.(type) {
		case clienttesting.DeleteAction:
			o := a.GetDeleteOptions()
			if o.PropagationPolicy != nil {
				line += " propagation=" + string(*o.PropagationPolicy)
			}
			if o.GracePeriodSeconds != nil {
				line += fmt.Sprintf(" grace=%d", *o.GracePeriodSeconds)
			}
		case clienttesting.CreateAction:
			if r, ok := a.GetObject().(*appsv1.DeploymentRequest); ok {
				line += fmt.Sprintf(" request=%s latest=%v force=%v", r.Name, r.Latest, r.Force)
			}
		case clienttesting.PatchAction:
			line += " " + string(a.GetPatchType())
		}
		actions = append(actions, line)
		return false, nil, nil
	}
	// The fake's object tracker cannot store a DeploymentRequest: answer
	// instantiate as the server does, with the DC.
	c.apps.PrependReactor("create", "deploymentconfigs", func(a clienttesting.Action) (bool, runtime.Object, error) {
		if a.GetSubresource() != wire.SubresourceInstantiate {
			return false, nil, nil
		}
		return true, &appsv1.DeploymentConfig{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: ns}}, nil
	})
	c.kube.PrependReactor("*", "*", record)
	c.apps.PrependReactor("*", "*", record)
	cl := &kube.Client{Kube: c.kube, Apps: c.apps, Recorder: c.recorder(kube.ComponentConfig)}
	ctx := context.Background()
	c.createDC(t, newDC("web", "registry/web:1", 1))
	actions = nil

	rc := `{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"web-1","namespace":"shop"},"spec":{"replicas":0}}`
	steps := []struct {
		req  wire.Request
		want error
	}{
		{wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: ns, Name: "web-1", Body: []byte(rc)}, nil},
		{wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: ns, Name: "web-1", Body: []byte(rc)},
			&wire.StatusError{Reason: dcplan.StatusAlreadyExists, Code: 409, Message: `replicationcontrollers "web-1" already exists`}},
		{wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: ns, Name: "web-1", PatchType: wire.PatchStrategicMerge,
			Patch: []byte(`{"metadata":{"labels":{"a":"b"}}}`)}, nil},
		{wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: ns, Name: "web-1",
			Body: []byte(`{"metadata":{"name":"web-1","namespace":"shop","resourceVersion":"1"}}`)},
			&wire.StatusError{Reason: dcplan.StatusConflict, Code: 409, Message: `Operation cannot be fulfilled on replicationcontrollers "web-1": the object has been modified; please apply your changes to the latest version and try again`}},
		{wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: ns, Name: "web-1", Delete: wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground}}, nil},
		{wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Namespace: ns, Name: "web-1-deploy", Delete: wire.DeleteOptions{HasGracePeriod: true}},
			&wire.StatusError{Reason: dcplan.StatusNotFound, Code: 404, Message: `pods "web-1-deploy" not found`}},
		{wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceInstantiate, Namespace: ns, Name: "web",
			Body: []byte(`{"kind":"DeploymentRequest","apiVersion":"apps.openshift.io/v1","name":"web","latest":true,"force":true}`)}, nil},
		{wire.Request{Verb: wire.VerbEvent, Event: &wire.Event{Object: dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: ns, Name: "web"},
			Type: "Normal", Reason: "DeploymentCreated", Message: `Created new replication controller "web-1" for version 1`}}, nil},
		{wire.Request{Verb: wire.VerbUpdate, Resource: "builds", Namespace: ns, Name: "x"}, kube.ErrUnsupported},
	}
	for i, st := range steps {
		_, err := cl.Do(ctx, st.req)
		if errors.Is(st.want, kube.ErrUnsupported) {
			if !errors.Is(err, kube.ErrUnsupported) {
				t.Errorf("step %d: err = %v, want ErrUnsupported", i, err)
			}
			continue
		}
		if d := cmp.Diff(st.want, err, cmp.Comparer(func(a, b error) bool {
			return a == nil && b == nil || a != nil && b != nil && fmt.Sprintf("%#v", a) == fmt.Sprintf("%#v", b)
		})); d != "" {
			t.Errorf("step %d: error mismatch (-want +got):\n%s", i, d)
		}
	}
	want := []string{
		"create replicationcontrollers",
		"create replicationcontrollers",
		"patch replicationcontrollers application/strategic-merge-patch+json",
		"update replicationcontrollers",
		"delete replicationcontrollers propagation=Background",
		"delete pods grace=0",
		"create deploymentconfigs/instantiate request=web latest=true force=true",
	}
	if d := cmp.Diff(want, actions); d != "" {
		t.Errorf("actions mismatch (-want +got):\n%s", d)
	}
	wantEvents := []string{`deploymentconfig-controller DeploymentConfig/web Normal DeploymentCreated: Created new replication controller "web-1" for version 1`}
	if d := cmp.Diff(wantEvents, c.Events()); d != "" {
		t.Errorf("events mismatch (-want +got):\n%s", d)
	}
	data, err := cl.Get(ctx, wire.ResourceConfigs, ns, "web")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := wire.DecodeConfig(data)
	if err != nil || cfg.Name != "web" {
		t.Errorf("Get dc: %v %q", err, cfg.Name)
	}
	if _, err := cl.Get(ctx, wire.ResourceRCs, ns, "web-1"); !errors.As(err, new(*wire.StatusError)) {
		t.Errorf("Get of a deleted RC: err = %v, want a *wire.StatusError", err)
	}
}

// TestStatusError: transport errors pass through, API errors become
// *wire.StatusError even when wrapped.
func TestStatusError(t *testing.T) {
	transport := errors.New("connection refused")
	if got := kube.StatusError(transport); got != transport {
		t.Errorf("StatusError(transport) = %v", got)
	}
	if kube.StatusError(nil) != nil {
		t.Error("StatusError(nil) != nil")
	}
	_, err := newCluster(t).kube.CoreV1().Pods(ns).Get(context.Background(), "p", metav1.GetOptions{})
	var se *wire.StatusError
	if !errors.As(kube.StatusError(fmt.Errorf("wrapped: %w", err)), &se) || se.Reason != dcplan.StatusNotFound || se.Code != 404 {
		t.Errorf("StatusError(NotFound) = %#v", se)
	}
}
