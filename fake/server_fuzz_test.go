package fake_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// fuzzNames are the objects a fuzzed request may name; the owner
// references of fuzzBody point at the first two by their seeded uids
// ("uid-web", "uid-web-1") or at one that never exists.
var fuzzNames = []string{"web", "web-1", "web-2", "web-1-deploy", "Web_3"}

// fuzzPatches are the strategic merge patches a fuzzed request may send:
// of container lists (images, ports, env, a rename, an addition), with
// $setElementOrder in and out of step with the patch, of a pod's
// deadline, and of deletion fields.
var fuzzPatches = []string{
	`{"spec":{"containers":[{"name":"c","image":"img:9"}]}}`,
	`{"spec":{"containers":[{"name":"c","ports":[{"containerPort":80}],"env":[{"name":"A","value":"1"}]}]}}`,
	`{"spec":{"containers":[{"name":"c","$setElementOrder/env":[{"name":"B"},{"name":"A"}],"env":[{"name":"B","value":"2"}]}]}}`,
	`{"spec":{"containers":[{"name":"c","$setElementOrder/env":[{"name":"Z"}],"env":[{"name":"B","value":"2"}]}]}}`,
	`{"spec":{"$setElementOrder/containers":[{"name":"d"},{"name":"c"}],"containers":[{"name":"d","image":"img:1"}]}}`,
	`{"spec":{"activeDeadlineSeconds":5}}`,
	`{"spec":{"activeDeadlineSeconds":null}}`,
	`{"metadata":{"deletionTimestamp":"2026-11-01T12:00:00Z","deletionGracePeriodSeconds":3}}`,
}

// fuzzBody returns the body of a create or update of the object name of
// resource, variant v picking its finalizers, its owner and its spec.
func fuzzBody(resource, name string, v byte) []byte {
	kind := map[string]string{wire.ResourceConfigs: "DeploymentConfig", wire.ResourceRCs: "ReplicationController", wire.ResourcePods: "Pod"}[resource]
	api := "v1"
	if resource == wire.ResourceConfigs {
		api = "apps.openshift.io/v1"
	}
	meta := map[string]any{"name": name, "namespace": "shop"}
	if v&1 != 0 {
		meta["finalizers"] = []any{"example.com/hold"}
	}
	switch (v >> 1) & 3 {
	case 1:
		meta["ownerReferences"] = []any{map[string]any{"apiVersion": "apps.openshift.io/v1", "kind": "DeploymentConfig", "name": "web", "uid": "uid-web", "controller": true}}
	case 2:
		meta["ownerReferences"] = []any{map[string]any{"apiVersion": "v1", "kind": "ReplicationController", "name": "web-1", "uid": "uid-web-1"}}
	case 3:
		meta["ownerReferences"] = []any{map[string]any{"apiVersion": "apps.openshift.io/v1", "kind": "DeploymentConfig", "name": "gone", "uid": "uid-gone"}}
	}
	if v&8 != 0 {
		meta["deletionTimestamp"] = "2026-11-01T12:00:00Z"
	}
	spec := map[string]any{"replicas": int(v >> 4)}
	if resource == wire.ResourcePods {
		spec = map[string]any{"containers": []any{map[string]any{"name": "c", "image": fmt.Sprint("img:", v>>4)}}}
	}
	b, _ := json.Marshal(map[string]any{"kind": kind, "apiVersion": api, "metadata": meta, "spec": spec})
	return b
}

// fuzzRequest decodes one request from four bytes: verb, resource, name
// and variant.
func fuzzRequest(s *fake.Server, op []byte) wire.Request {
	resource := []string{wire.ResourceConfigs, wire.ResourceRCs, wire.ResourcePods}[int(op[1])%3]
	name := fuzzNames[int(op[2])%len(fuzzNames)]
	v := op[3]
	r := wire.Request{Resource: resource, Namespace: "shop", Name: name}
	switch op[0] % 7 {
	case 0:
		r.Verb, r.Body = wire.VerbCreate, fuzzBody(resource, name, v)
	case 1: // an update of the object as stored, its finalizers as v says
		r.Verb = wire.VerbUpdate
		stored, ok := s.Object(resource, "shop", name)
		if !ok {
			r.Body = fuzzBody(resource, name, v)
			break
		}
		var m map[string]any
		_ = json.Unmarshal(stored, &m)
		meta, _ := m["metadata"].(map[string]any)
		if v&1 != 0 {
			meta["finalizers"] = []any{"example.com/hold", fmt.Sprint("example.com/f", v>>5)}
		} else {
			delete(meta, "finalizers")
		}
		if v&2 != 0 {
			r.Subresource = wire.SubresourceStatus
		}
		r.Body, _ = json.Marshal(m)
	case 2:
		r.Verb, r.PatchType = wire.VerbPatch, "application/merge-patch+json"
		r.Patch = []byte(`{"metadata":{"finalizers":null}}`)
		if v&1 != 0 {
			r.Patch = []byte(`{"metadata":{"finalizers":["example.com/hold"]}}`)
		}
	case 3:
		r.Verb = wire.VerbDelete
		r.Delete.PropagationPolicy = []string{"", wire.PropagationBackground, "Foreground", "Orphan"}[int(v)%4]
	case 4:
		r.Verb, r.PatchType = wire.VerbPatch, wire.PatchStrategicMerge
		r.Patch = []byte(fuzzPatches[int(v)%len(fuzzPatches)])
		if v&0x80 != 0 {
			r.Subresource = wire.SubresourceStatus
		}
	case 5: // a create named by generateName, or carrying a resourceVersion
		var m map[string]any
		_ = json.Unmarshal(fuzzBody(resource, name, v), &m)
		meta := m["metadata"].(map[string]any)
		if v&0x80 != 0 {
			meta["resourceVersion"] = "7"
		} else {
			delete(meta, "name")
			meta["generateName"] = name + "-"
		}
		r.Verb, r.Name = wire.VerbCreate, ""
		r.Body, _ = json.Marshal(m)
	default:
		r.Verb, r.Body, r.Subresource = wire.VerbUpdate, fuzzBody(resource, name, v), wire.SubresourceStatus
	}
	return r
}

// fuzzServer seeds a server with the DC web, its RC web-1 and web-1's
// deployer pod, each owning the next, and runs the requests of ops on
// it. It returns the server and what each request answered.
func fuzzServer(ops []byte) (*fake.Server, []string) {
	s := fake.NewServer(serverNow)
	for _, o := range []struct{ res, obj string }{
		{wire.ResourceConfigs, `{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","metadata":{"name":"web","namespace":"shop","uid":"uid-web","resourceVersion":"1","generation":1},"spec":{"replicas":1}}`},
		{wire.ResourceRCs, `{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"web-1","namespace":"shop","uid":"uid-web-1","resourceVersion":"2","ownerReferences":[{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"web","uid":"uid-web","controller":true}]},"spec":{"replicas":1}}`},
		{wire.ResourcePods, `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1-deploy","namespace":"shop","uid":"uid-pod","resourceVersion":"3","ownerReferences":[{"apiVersion":"v1","kind":"ReplicationController","name":"web-1","uid":"uid-web-1"}]},"spec":{}}`},
	} {
		if err := s.Put(o.res, []byte(o.obj)); err != nil {
			panic(err)
		}
	}
	var answers []string
	for len(ops) >= 4 {
		w, err := s.Do(context.Background(), fuzzRequest(s, ops[:4]))
		answers = append(answers, fmt.Sprintf("%+v %v", w, err))
		ops = ops[4:]
	}
	return s, answers
}

// FuzzServer sends random creates (named, by generateName, invalid),
// updates, patches (merge and strategic, $setElementOrder), deletes and
// status writes, with and without finalizers and owner references, to the fake
// API server: it never panics, the same requests give the same store and
// answers, every object stored is a JSON object, and one the server
// marked deleting still has finalizers (the write that removes the last
// one deletes it; a create's own deletionTimestamp is dropped).
func FuzzServer(f *testing.F) {
	f.Add([]byte{3, 0, 0, 0})                                     // delete the DC: the collector takes web-1 and its pod
	f.Add([]byte{2, 0, 0, 1, 3, 0, 0, 1, 2, 0, 0, 0})             // hold, delete (marked), release (gone)
	f.Add([]byte{2, 1, 1, 1, 3, 0, 0, 3, 1, 1, 1, 0})             // a held RC, its DC orphaning, the RC updated
	f.Add([]byte{0, 1, 2, 7, 0, 2, 3, 5, 3, 0, 0, 2, 1, 0, 0, 1}) // creates with owners gone and present, Foreground
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 200 {
			ops = ops[:200]
		}
		s, answers := fuzzServer(ops)
		again, answersAgain := fuzzServer(ops)
		for _, res := range []string{wire.ResourceConfigs, wire.ResourceRCs, wire.ResourcePods} {
			objs := s.Objects(res, "shop")
			if other := again.Objects(res, "shop"); fmt.Sprint(objs) != fmt.Sprint(other) {
				t.Fatalf("%s: the same requests left another store:\n%s\n%s", res, bytes.Join(objs, []byte("\n")), bytes.Join(other, []byte("\n")))
			}
			for _, b := range objs {
				var m map[string]any
				if err := json.Unmarshal(b, &m); err != nil {
					t.Fatalf("%s: stored %q is no JSON object: %v", res, b, err)
				}
				meta, _ := m["metadata"].(map[string]any)
				fins, _ := meta["finalizers"].([]any)
				if _, marked := meta["deletionTimestamp"]; marked && len(fins) == 0 {
					t.Fatalf("%s: %s is marked deleting without finalizers", res, b)
				}
			}
		}
		if fmt.Sprint(answers) != fmt.Sprint(answersAgain) {
			t.Fatalf("the same requests were answered otherwise:\n%v\n%v", answers, answersAgain)
		}
	})
}
