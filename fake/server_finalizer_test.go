package fake_test

import (
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// heldServer is newTestServer with the DC holding the finalizer
// example.com/hold, so that a delete only marks it (SPEC 3.2.4: the DC
// controller's deleting-DC branch is reached through such a delete).
func heldServer(t *testing.T) *fake.Server {
	t.Helper()
	s := newTestServer(t)
	dc := strings.Replace(srvDC, `"generation":5}`, `"generation":5,"finalizers":["example.com/hold"]}`, 1)
	if err := s.Put(wire.ResourceConfigs, []byte(dc)); err != nil {
		t.Fatal(err)
	}
	return s
}

func deleteDC(t *testing.T, s *fake.Server, policy string) {
	t.Helper()
	if _, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceConfigs, Namespace: "shop", Name: "web",
		Delete: wire.DeleteOptions{PropagationPolicy: policy}}); err != nil {
		t.Fatal(err)
	}
}

// putDC sends the stored DC back with edit applied, as a client's update.
func putDC(t *testing.T, s *fake.Server, edit func(meta map[string]any)) error {
	t.Helper()
	b, ok := s.Object(wire.ResourceConfigs, "shop", "web")
	if !ok {
		t.Fatal("no DC to update")
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	edit(m["metadata"].(map[string]any))
	body, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Do(t.Context(), wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Namespace: "shop", Name: "web", Body: body})
	return err
}

// TestServerDeleteWithFinalizersMarks: a delete of an object with
// finalizers marks it deleting, as the registry store does, and leaves
// what it owns; the DC then decodes as Deleting.
func TestServerDeleteWithFinalizersMarks(t *testing.T) {
	s := heldServer(t)
	deleteDC(t, s, wire.PropagationBackground)
	for path, want := range map[string]any{
		"metadata|deletionTimestamp":          serverNow.Format("2006-01-02T15:04:05Z"),
		"metadata|deletionGracePeriodSeconds": 0.0,
		"metadata|generation":                 6.0,
		"metadata|finalizers|0":               "example.com/hold",
	} {
		if got := get(t, s, wire.ResourceConfigs, "web", path); got != want {
			t.Errorf("DC %s = %v, want %v", path, got, want)
		}
	}
	if get(t, s, wire.ResourceConfigs, "web", "metadata|resourceVersion") == "700" {
		t.Error("marking the DC kept its resourceVersion")
	}
	if _, ok := s.Object(wire.ResourceRCs, "shop", "web-1"); !ok {
		t.Error("the RC went while its owner still exists")
	}
	b, _ := s.Object(wire.ResourceConfigs, "shop", "web")
	cfg, err := wire.DecodeConfig(b)
	if err != nil || !cfg.Deleting {
		t.Errorf("DecodeConfig of the marked DC: Deleting %v, err %v; want true, nil", cfg.Deleting, err)
	}

	before, _ := s.Object(wire.ResourceConfigs, "shop", "web")
	deleteDC(t, s, wire.PropagationBackground)
	if after, _ := s.Object(wire.ResourceConfigs, "shop", "web"); string(after) != string(before) {
		t.Errorf("a second delete changed the marked DC:\n%s\n%s", before, after)
	}
}

// TestServerFinalizersGuardDeletion: while marked, an update keeps the
// deletionTimestamp whatever the body says and may not add a finalizer;
// the update that removes the last one deletes the object, and the
// collector takes what it owned.
func TestServerFinalizersGuardDeletion(t *testing.T) {
	s := heldServer(t)
	deleteDC(t, s, wire.PropagationBackground)

	err := putDC(t, s, func(meta map[string]any) {
		meta["finalizers"] = []any{"example.com/hold", "example.com/other"}
	})
	var se *wire.StatusError
	const want = `DeploymentConfig.apps.openshift.io "web" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/other"}`
	if !errors.As(err, &se) || se.Reason != dcplan.StatusInvalid || se.Message != want {
		t.Fatalf("adding a finalizer to a marked DC: %v, want Invalid %q", err, want)
	}

	if err := putDC(t, s, func(meta map[string]any) {
		delete(meta, "deletionTimestamp")
		delete(meta, "deletionGracePeriodSeconds")
	}); err != nil {
		t.Fatal(err)
	}
	if get(t, s, wire.ResourceConfigs, "web", "metadata|deletionTimestamp") == "<absent>" {
		t.Fatal("an update cleared the deletionTimestamp")
	}

	if err := putDC(t, s, func(meta map[string]any) { delete(meta, "finalizers") }); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Object(wire.ResourceConfigs, "shop", "web"); ok {
		t.Error("the DC stayed after its last finalizer went")
	}
	if _, ok := s.Object(wire.ResourceRCs, "shop", "web-1"); ok {
		t.Error("the collector left the RC of the deleted DC")
	}
}

// TestServerFinalizerPatch: a merge patch removing the finalizers of a
// marked object deletes it too; one on an object not marked only writes.
func TestServerFinalizerPatch(t *testing.T) {
	patch := func(s *fake.Server) {
		t.Helper()
		if _, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceConfigs, Namespace: "shop", Name: "web",
			PatchType: "application/merge-patch+json", Patch: []byte(`{"metadata":{"finalizers":null}}`)}); err != nil {
			t.Fatal(err)
		}
	}
	s := heldServer(t)
	patch(s)
	if _, ok := s.Object(wire.ResourceConfigs, "shop", "web"); !ok {
		t.Fatal("a patch of a DC not marked deleted it")
	}
	s = heldServer(t)
	deleteDC(t, s, wire.PropagationBackground)
	patch(s)
	if _, ok := s.Object(wire.ResourceConfigs, "shop", "web"); ok {
		t.Error("the marked DC stayed after a patch removed its finalizers")
	}
}

// TestServerDeletePolicyWithFinalizers: with Foreground the collector
// deletes the dependents while the owner waits for its finalizers; with
// Orphan it releases them (their owner references to it go), and the
// owner's later removal leaves them.
func TestServerDeletePolicyWithFinalizers(t *testing.T) {
	s := heldServer(t)
	deleteDC(t, s, "Foreground")
	if _, ok := s.Object(wire.ResourceRCs, "shop", "web-1"); ok {
		t.Error("Foreground: the RC stayed")
	}
	if get(t, s, wire.ResourceConfigs, "web", "metadata|deletionTimestamp") == "<absent>" {
		t.Error("Foreground: the DC with a finalizer is not marked")
	}

	s = heldServer(t)
	deleteDC(t, s, "Orphan")
	if got := get(t, s, wire.ResourceRCs, "web-1", "metadata|ownerReferences"); got != "<absent>" {
		t.Errorf("Orphan: the RC keeps owner references %v", got)
	}
	if err := putDC(t, s, func(meta map[string]any) { delete(meta, "finalizers") }); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Object(wire.ResourceRCs, "shop", "web-1"); !ok {
		t.Error("Orphan: the RC went with its former owner")
	}
}

// TestServerCreateIgnoresDeletionFields: a create's deletionTimestamp and
// deletionGracePeriodSeconds are the server's to set; the object stored
// is not deleting.
func TestServerCreateIgnoresDeletionFields(t *testing.T) {
	s := fake.NewServer(serverNow)
	if err := s.Put(wire.ResourceConfigs, []byte(srvDC)); err != nil { // the RC's owner
		t.Fatal(err)
	}
	body := strings.NewReplacer(`"uid":"rc-uid-1",`, `"deletionTimestamp":"2026-11-01T11:30:00Z","deletionGracePeriodSeconds":30,`,
		`"resourceVersion":"500",`, "").Replace(srvRC)
	if _, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
		Body: []byte(body)}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"deletionTimestamp", "deletionGracePeriodSeconds"} {
		if got := get(t, s, wire.ResourceRCs, "web-1", "metadata|"+f); got != "<absent>" {
			t.Errorf("created RC: metadata.%s = %v, want it absent", f, got)
		}
	}
}

// TestServerCollectsOwnerless: an object written with owner references
// none of which names an owner that exists (kind, name and uid) is the
// garbage collector's at once, as a dependent of owners all gone: an RC a
// controller created from a stale view of a DC deleted since. The create
// still answers as the API server did (the object's resourceVersion); the
// log shows it gone. A reference to a kind the server does not hold
// counts as live.
func TestServerCollectsOwnerless(t *testing.T) {
	for _, tt := range []struct {
		name, owner string
		kept        bool
	}{
		{"owner exists", `{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"web","uid":"dc-uid","controller":true}`, true},
		{"owner deleted and created again", `{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"web","uid":"old-uid","controller":true}`, false},
		{"owner never existed", `{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"api","uid":"api-uid","controller":true}`, false},
		{"owner of a kind the server does not hold", `{"apiVersion":"apps/v1","kind":"Deployment","name":"web","uid":"d-uid"}`, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := fake.NewServer(serverNow)
			if err := s.Put(wire.ResourceConfigs, []byte(srvDC)); err != nil {
				t.Fatal(err)
			}
			body := `{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"web-2","namespace":"shop","ownerReferences":[` + tt.owner + `]},"spec":{"replicas":0}}`
			w, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-2", Body: []byte(body)})
			if err != nil || w.ResourceVersion == "" {
				t.Fatalf("create: %+v, %v; want the server's answer", w, err)
			}
			_, ok := s.Object(wire.ResourceRCs, "shop", "web-2")
			if ok != tt.kept {
				t.Errorf("RC stored after the create: %v, want %v", ok, tt.kept)
			}
			log := s.Log()
			if got := log[len(log)-1].After != nil; got != tt.kept {
				t.Errorf("the log's After is set: %v, want %v", got, tt.kept)
			}
		})
	}
}

// TestServerCollectsWhenOwnersChange: an update or a patch that leaves an
// object with other owner references, none of which names an owner that
// exists, has it collected at once, as a create does (the collector looks
// at an object again when its owners change); a write that keeps the
// owners it had leaves the object, whatever they are (the collector's own
// pace), as does one that names a live owner.
func TestServerCollectsWhenOwnersChange(t *testing.T) {
	gone := `{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"web","uid":"old-uid","controller":true}`
	live := `{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"web","uid":"dc-uid","controller":true}`
	rc := func(owner string) string {
		return `{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"web-2","namespace":"shop","uid":"rc-2","resourceVersion":"10","ownerReferences":[` +
			owner + `]},"spec":{"replicas":0}}`
	}
	for _, tt := range []struct {
		name, stored string
		req          wire.Request
		kept         bool
	}{
		{"patched to an owner gone", rc(live), wire.Request{Verb: wire.VerbPatch, PatchType: wire.PatchStrategicMerge,
			Patch: []byte(`{"metadata":{"ownerReferences":[` + gone + `,{"$patch":"delete","uid":"dc-uid"}]}}`)}, false},
		{"updated to an owner gone", rc(live), wire.Request{Verb: wire.VerbUpdate, Body: []byte(rc(gone))}, false},
		{"updated to a live owner", rc(gone), wire.Request{Verb: wire.VerbUpdate, Body: []byte(rc(live))}, true},
		{"owners unchanged", rc(gone), wire.Request{Verb: wire.VerbUpdate,
			Body: []byte(strings.Replace(rc(gone), `"replicas":0`, `"replicas":1`, 1))}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := fake.NewServer(serverNow)
			for _, o := range []struct{ res, obj string }{{wire.ResourceConfigs, srvDC}, {wire.ResourceRCs, tt.stored}} {
				if err := s.Put(o.res, []byte(o.obj)); err != nil {
					t.Fatal(err)
				}
			}
			r := tt.req
			r.Resource, r.Namespace, r.Name = wire.ResourceRCs, "shop", "web-2"
			if _, err := s.Do(t.Context(), r); err != nil {
				t.Fatalf("%s: %v", r.Verb, err)
			}
			if _, ok := s.Object(wire.ResourceRCs, "shop", "web-2"); ok != tt.kept {
				t.Errorf("RC stored after the %s: %v, want %v", r.Verb, ok, tt.kept)
			}
		})
	}
}

// TestServerInstantiateLeavesOwnerless: instantiate is a create of a
// subresource that writes the stored DC, as an update does; the DC stays
// whatever its owner references name (only a create of the object itself
// is collected at once).
func TestServerInstantiateLeavesOwnerless(t *testing.T) {
	s := fake.NewServer(serverNow)
	dc := strings.Replace(srvDC, `"generation":5}`, `"generation":5,"ownerReferences":[{"apiVersion":"v1","kind":"ReplicationController","name":"gone","uid":"gone-uid"}]}`, 1)
	dc = strings.Replace(dc, `"latestVersion":1`, `"latestVersion":0`, 1) // no RC to read
	if err := s.Put(wire.ResourceConfigs, []byte(dc)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceInstantiate,
		Namespace: "shop", Name: "web", Body: []byte(`{"name":"web","latest":true,"force":true}`)}); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Object(wire.ResourceConfigs, "shop", "web"); !ok {
		t.Error("instantiate deleted the DC it wrote")
	}
	if log := s.Log(); log[len(log)-1].After == nil {
		t.Error("the log shows the instantiated DC gone")
	}
}

// TestServerCollectorMarksDependentsWithFinalizers: the garbage collector
// deletes a dependent through the API, so one with finalizers is marked,
// not removed, as any delete of it is; it goes when its last finalizer
// does. That holds for the dependents of a deleted owner and for an
// object created with its owners all gone.
func TestServerCollectorMarksDependentsWithFinalizers(t *testing.T) {
	held := strings.Replace(srvRC, `"uid":"rc-uid-1",`, `"uid":"rc-uid-1","finalizers":["example.com/keep"],`, 1)
	release := func(t *testing.T, s *fake.Server, rc string) {
		t.Helper()
		if _, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: rc,
			PatchType: "application/merge-patch+json", Patch: []byte(`{"metadata":{"finalizers":null}}`)}); err != nil {
			t.Fatal(err)
		}
		if _, ok := s.Object(wire.ResourceRCs, "shop", rc); ok {
			t.Errorf("rc/%s stayed after its last finalizer went", rc)
		}
	}
	t.Run("dependent of a deleted owner", func(t *testing.T) {
		s := fake.NewServer(serverNow)
		for _, o := range []struct{ res, obj string }{{wire.ResourceConfigs, srvDC}, {wire.ResourceRCs, held}} {
			if err := s.Put(o.res, []byte(o.obj)); err != nil {
				t.Fatal(err)
			}
		}
		deleteDC(t, s, wire.PropagationBackground)
		if got := get(t, s, wire.ResourceRCs, "web-1", "metadata|deletionTimestamp"); got != serverNow.Format("2006-01-02T15:04:05Z") {
			t.Fatalf("the RC with a finalizer: deletionTimestamp %v, want it marked", got)
		}
		release(t, s, "web-1")
	})
	t.Run("created ownerless", func(t *testing.T) {
		s := fake.NewServer(serverNow)
		body := `{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"web-2","namespace":"shop","finalizers":["example.com/keep"],` +
			`"ownerReferences":[{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"web","uid":"dc-uid","controller":true}]},"spec":{"replicas":0}}`
		if _, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-2", Body: []byte(body)}); err != nil {
			t.Fatal(err)
		}
		if got := get(t, s, wire.ResourceRCs, "web-2", "metadata|deletionTimestamp"); got != serverNow.Format("2006-01-02T15:04:05Z") {
			t.Fatalf("the ownerless RC with a finalizer: deletionTimestamp %v, want it marked", got)
		}
		if log := s.Log(); log[len(log)-1].After == nil {
			t.Error("the log shows the marked RC gone")
		}
		release(t, s, "web-2")
	})
}

// TestServerDeleteAgainWithPolicy: a delete of an object already marked
// still takes its propagation policy, as the registry store's
// deletionFinalizersForGarbageCollection adds the orphan or the
// foregroundDeletion finalizer to an object being deleted, which the
// collector then acts on: Orphan releases the dependents, Foreground
// deletes them; the object stays marked, held by its own finalizer.
func TestServerDeleteAgainWithPolicy(t *testing.T) {
	s := heldServer(t)
	deleteDC(t, s, wire.PropagationBackground)
	deleteDC(t, s, "Orphan")
	if got := get(t, s, wire.ResourceRCs, "web-1", "metadata|ownerReferences"); got != "<absent>" {
		t.Errorf("Orphan after Background: the RC keeps owner references %v", got)
	}

	s = heldServer(t)
	deleteDC(t, s, wire.PropagationBackground)
	deleteDC(t, s, "Foreground")
	if _, ok := s.Object(wire.ResourceRCs, "shop", "web-1"); ok {
		t.Error("Foreground after Background: the RC stayed")
	}
	if get(t, s, wire.ResourceConfigs, "web", "metadata|deletionTimestamp") == "<absent>" {
		t.Error("the DC is no longer marked")
	}
}

// TestServerDeleteAnswersNothingWritten: a delete answers the zero
// wire.Written, as Do documents, even when it only marks the object (a
// new resourceVersion stored) rather than removing it.
func TestServerDeleteAnswersNothingWritten(t *testing.T) {
	s := heldServer(t)
	got, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceConfigs, Namespace: "shop", Name: "web",
		Delete: wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground}})
	if err != nil {
		t.Fatal(err)
	}
	if got != (wire.Written{}) {
		t.Errorf("delete answered %+v, want the zero Written", got)
	}
	if get(t, s, wire.ResourceConfigs, "web", "metadata|deletionTimestamp") == "<absent>" {
		t.Error("the DC with a finalizer is not marked")
	}
}

// TestServerCreateOverAMarkedName: a create of a name whose object a
// finalizer holds meets AlreadyExists, worded as the registry words it
// for an object being deleted.
func TestServerCreateOverAMarkedName(t *testing.T) {
	s := heldServer(t)
	deleteDC(t, s, wire.PropagationBackground)
	b, _ := s.Object(wire.ResourceConfigs, "shop", "web")
	b = regexp.MustCompile(`"resourceVersion":"[0-9]+",?`).ReplaceAll(b, nil) // a create carries none
	_, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceConfigs, Namespace: "shop", Name: "web", Body: b})
	var se *wire.StatusError
	const want = `object is being deleted: deploymentconfigs.apps.openshift.io "web" already exists`
	if !errors.As(err, &se) || se.Reason != dcplan.StatusAlreadyExists || se.Message != want {
		t.Fatalf("create over the marked DC: %v, want AlreadyExists %q", err, want)
	}
}

// TestServerPatchKeepsTheName: a patch that would rename the object or
// move it to another namespace is refused as the API server refuses it
// (BadRequest), and the object stays as it was.
func TestServerPatchKeepsTheName(t *testing.T) {
	for _, tc := range []struct{ patch, want string }{
		{`{"metadata":{"name":"other"}}`, "the name of the object (other) does not match the name on the URL (web-1)"},
		{`{"metadata":{"namespace":"elsewhere"}}`, "the namespace of the provided object does not match the namespace sent on the request"},
	} {
		s := newTestServer(t)
		before, _ := s.Object(wire.ResourceRCs, "shop", "web-1")
		_, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
			PatchType: wire.PatchStrategicMerge, Patch: []byte(tc.patch)})
		var se *wire.StatusError
		if !errors.As(err, &se) || se.Code != 400 || se.Message != tc.want {
			t.Errorf("patch %s: %v, want BadRequest %q", tc.patch, err, tc.want)
		}
		if after, _ := s.Object(wire.ResourceRCs, "shop", "web-1"); string(after) != string(before) {
			t.Errorf("patch %s changed the RC:\n%s\n%s", tc.patch, before, after)
		}
	}
}
