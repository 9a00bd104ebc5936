package fake_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestServerInstantiateBumpsGeneration: the instantiate subresource
// stores the DC through openshift-apiserver's instantiate strategy, whose
// PrepareForUpdate bumps metadata.generation when status.latestVersion
// moves (as the DC update strategy does), and keeps
// status.observedGeneration. Until the DC controller observes the new
// generation, `oc rollout status` waits (SPEC 6m.6: only if
// metadata.generation <= status.observedGeneration does it look at the
// rollout). A 204 answer changes nothing, generation included.
func TestServerInstantiateBumpsGeneration(t *testing.T) {
	enc, _ := json.Marshal(`{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web","namespace":"shop"},` +
		`"spec":{"triggers":[{"type":"ConfigChange"}],"template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"img:1"}]}}}}`)
	rc := `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","namespace":"shop","annotations":{"openshift.io/encoded-deployment-config":` + string(enc) + `}}}`
	tests := []struct {
		name, body       string
		generation       float64
		latest, observed float64
	}{
		{name: "force", body: `{"name":"web","latest":true,"force":true}`, generation: 6, latest: 2, observed: 5},
		{name: "nothing to trigger", body: `{"name":"web","latest":true,"force":false}`, generation: 5, latest: 1, observed: 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestServer(t)
			if err := s.Put(wire.ResourceRCs, []byte(rc)); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceConfigs,
				Subresource: wire.SubresourceInstantiate, Namespace: "shop", Name: "web", Body: []byte(tc.body)}); err != nil {
				t.Fatal(err)
			}
			if got := get(t, s, wire.ResourceConfigs, "web", "status|latestVersion"); got != tc.latest {
				t.Errorf("latestVersion = %v, want %v", got, tc.latest)
			}
			if got := get(t, s, wire.ResourceConfigs, "web", "metadata|generation"); got != tc.generation {
				t.Errorf("metadata.generation = %v, want %v", got, tc.generation)
			}
			if got := get(t, s, wire.ResourceConfigs, "web", "status|observedGeneration"); got != tc.observed {
				t.Errorf("status.observedGeneration = %v, want %v", got, tc.observed)
			}
		})
	}
}

// TestServerDeleteDefaultPropagation: a delete without a propagation
// policy orphans the dependents only where the resource's strategy says
// so: the v1 ReplicationController strategy's DefaultGarbageCollectionPolicy
// is OrphanDependents (back compatibility); pods and DeploymentConfigs of
// the group API declare none, so the store's default applies and the
// garbage collector deletes what they owned (apiserver registry Store
// shouldOrphanDependents).
func TestServerDeleteDefaultPropagation(t *testing.T) {
	const (
		hook = `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1-hook-pre","namespace":"shop","uid":"hook-uid",` +
			`"ownerReferences":[{"apiVersion":"v1","kind":"Pod","name":"web-1-deploy","uid":"pod-uid"}]},"spec":{}}`
		orphanRC = `{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"web-2","namespace":"shop","uid":"rc-uid-2",` +
			`"ownerReferences":[{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"web","uid":"dc-uid","controller":true}]},"spec":{"replicas":0}}`
	)
	tests := []struct {
		name, resource, owner, dependent, depResource string
		gone                                          bool
	}{
		{name: "pod", resource: wire.ResourcePods, owner: "web-1-deploy", dependent: "web-1-hook-pre", depResource: wire.ResourcePods, gone: true},
		{name: "dc", resource: wire.ResourceConfigs, owner: "web", dependent: "web-2", depResource: wire.ResourceRCs, gone: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestServer(t)
			if err := s.Put(wire.ResourcePods, []byte(hook)); err != nil {
				t.Fatal(err)
			}
			if err := s.Put(wire.ResourceRCs, []byte(orphanRC)); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbDelete, Resource: tc.resource, Namespace: "shop", Name: tc.owner}); err != nil {
				t.Fatal(err)
			}
			if _, ok := s.Object(tc.depResource, "shop", tc.dependent); ok == tc.gone {
				t.Errorf("%s %s: present %v after its owner's delete with default options, want %v", tc.depResource, tc.dependent, ok, !tc.gone)
			}
		})
	}
}

// TestServerCollectKeepsDependentWithLiveOwner: the garbage collector
// deletes a dependent only when none of its owners is left; one that
// still has an owner that exists only loses the reference to the deleted
// owner (attemptToDeleteItem: solid owners ⇒ patch out the dangling
// references, no delete).
func TestServerCollectKeepsDependentWithLiveOwner(t *testing.T) {
	const (
		rc2  = `{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"web-2","namespace":"shop","uid":"rc-uid-2"},"spec":{"replicas":0}}`
		both = `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"shared","namespace":"shop","uid":"shared-uid","resourceVersion":"900",` +
			`"ownerReferences":[{"apiVersion":"v1","kind":"ReplicationController","name":"web-1","uid":"rc-uid-1"},` +
			`{"apiVersion":"v1","kind":"ReplicationController","name":"web-2","uid":"rc-uid-2"}]},"spec":{}}`
	)
	s := newTestServer(t)
	for _, o := range []struct{ res, obj string }{{wire.ResourceRCs, rc2}, {wire.ResourcePods, both}} {
		if err := s.Put(o.res, []byte(o.obj)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
		Delete: wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground}}); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Object(wire.ResourcePods, "shop", "shared"); !ok {
		t.Fatal("a pod whose other owner (web-2) exists was deleted with web-1")
	}
	if got := get(t, s, wire.ResourcePods, "shared", "metadata|ownerReferences|0|uid"); got != "rc-uid-2" {
		t.Errorf("ownerReferences[0].uid = %v, want rc-uid-2 (the reference to the deleted web-1 removed)", got)
	}
	if got := get(t, s, wire.ResourcePods, "shared", "metadata|ownerReferences|1"); got != "<absent>" {
		t.Errorf("ownerReferences[1] = %v, want <absent>", got)
	}
	if got := get(t, s, wire.ResourcePods, "shared", "metadata|resourceVersion"); got == "900" {
		t.Error("the collector's patch left the resourceVersion unchanged")
	}
}

// TestServerInstantiateRolloutStatusWaits: what `oc rollout status` sees
// right after `oc rollout latest`, before the DC controller's next pass:
// the instantiate counted a generation the controller has not observed,
// so the viewer waits for it (SPEC 6m.6.4) instead of reading the last
// rollout's NewReplicationControllerAvailable as done (SPEC 6m.6.3.1).
func TestServerInstantiateRolloutStatusWaits(t *testing.T) {
	enc, _ := json.Marshal(`{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web","namespace":"shop"},` +
		`"spec":{"triggers":[{"type":"ConfigChange"}],"template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"img:1"}]}}}}`)
	rc := `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","namespace":"shop","uid":"rc-uid-1",` +
		`"annotations":{"openshift.io/deployment-config.name":"web","openshift.io/deployment-config.latest-version":"1",` +
		`"openshift.io/deployment.phase":"Complete","openshift.io/encoded-deployment-config":` + string(enc) + `}},"spec":{"replicas":2}}`
	dc := strings.Replace(srvDC, `"status":{"latestVersion":1,"observedGeneration":5}`,
		`"status":{"latestVersion":1,"observedGeneration":5,"replicas":2,"updatedReplicas":2,"availableReplicas":2,`+
			`"conditions":[{"type":"Progressing","status":"True","reason":"NewReplicationControllerAvailable","message":"replication controller \"web-1\" successfully rolled out"}]}`, 1)
	s := fake.NewServer(serverNow)
	if err := s.Put(wire.ResourceConfigs, []byte(dc)); err != nil {
		t.Fatal(err)
	}
	if err := s.Put(wire.ResourceRCs, []byte(rc)); err != nil {
		t.Fatal(err)
	}
	read := func() conditions.RolloutResult {
		t.Helper()
		snap, err := s.Snapshot("shop", "web", serverNow, dcplan.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		return conditions.RolloutStatus(snap, 0)
	}
	if got := read(); got.State != conditions.RolloutDone {
		t.Fatalf("before: %v %q, want the last rollout done", got.State, got.Message)
	}
	if _, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceConfigs,
		Subresource: wire.SubresourceInstantiate, Namespace: "shop", Name: "web", Body: []byte(`{"name":"web","latest":true,"force":true}`)}); err != nil {
		t.Fatal(err)
	}
	const want = "Waiting for latest deployment config spec to be observed by the controller loop...\n"
	if got := read(); got.State != conditions.RolloutInProgress || got.Message != want {
		t.Errorf("after the instantiate: %v %q, want in progress %q", got.State, got.Message, want)
	}
}

// TestServerUnconditionalUpdate: a PUT without metadata.resourceVersion
// takes the stored version where the strategy allows unconditional
// updates (replication controllers, pods), and is Invalid for a
// DeploymentConfig, whose update and status strategies do not (registry
// Store.Update: "must be specified for an update").
func TestServerUnconditionalUpdate(t *testing.T) {
	tests := []struct {
		resource, sub, name, obj, errText string
	}{
		{resource: wire.ResourceConfigs, name: "web", obj: srvDC,
			errText: `deploymentconfigs.apps.openshift.io "web" is invalid: metadata.resourceVersion: Invalid value: 0: must be specified for an update`},
		{resource: wire.ResourceConfigs, sub: wire.SubresourceStatus, name: "web", obj: srvDC,
			errText: `deploymentconfigs.apps.openshift.io "web" is invalid: metadata.resourceVersion: Invalid value: 0: must be specified for an update`},
		{resource: wire.ResourceRCs, name: "web-1", obj: srvRC},
		{resource: wire.ResourcePods, name: "web-1-deploy", obj: srvPod},
	}
	for _, tc := range tests {
		t.Run(tc.resource+"/"+tc.sub, func(t *testing.T) {
			s := newTestServer(t)
			var m map[string]any
			if err := json.Unmarshal([]byte(tc.obj), &m); err != nil {
				t.Fatal(err)
			}
			delete(meta(m), "resourceVersion")
			body, _ := json.Marshal(m)
			_, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbUpdate, Resource: tc.resource, Subresource: tc.sub,
				Namespace: "shop", Name: tc.name, Body: body})
			if errText(err) != tc.errText {
				t.Errorf("error = %q, want %q", errText(err), tc.errText)
			}
		})
	}
}
