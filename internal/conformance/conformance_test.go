package conformance_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/internal/conformance"
	"github.com/dcplan/dcplan/internal/jsonvalue"
	"github.com/dcplan/dcplan/wire"
)

const archive = "testdata/upstream-recorded.tar.gz"

var (
	loadOnce  sync.Once
	scenarios []conformance.Scenario
	loadErr   error
)

func loadAll(t *testing.T) []conformance.Scenario {
	t.Helper()
	loadOnce.Do(func() { scenarios, loadErr = conformance.Load(archive) })
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return scenarios
}

func metaOf(t *testing.T, raw json.RawMessage) (ns, name string) {
	t.Helper()
	var m struct {
		Metadata struct{ Namespace, Name string } `json:"metadata"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m.Metadata.Namespace, m.Metadata.Name
}

func TestLoadAndSeedAll(t *testing.T) {
	all := loadAll(t)
	if len(all) != 2000 {
		t.Fatalf("loaded %d scenarios, want 2000", len(all))
	}
	resources := map[string]bool{"replicationcontrollers": true, "pods": true, "deploymentconfigs": true,
		"deploymentconfigs/status": true, "deploymentconfigs/instantiate": true}
	for i, sc := range all {
		if i > 0 && all[i-1].Name >= sc.Name {
			t.Fatalf("scenarios not sorted by name: %s before %s", all[i-1].Name, sc.Name)
		}
		if sc.Now.IsZero() {
			t.Errorf("%s: no now", sc.Name)
		}
		ns := sc.Namespace()
		if ns == "" {
			t.Errorf("%s: no namespace", sc.Name)
		}
		srv := fake.NewServer(sc.Now)
		if err := conformance.Seed(srv, sc); err != nil {
			t.Errorf("%s: %v", sc.Name, err)
			continue
		}
		switch sc.Pass {
		case conformance.PassDeployer:
			found := false
			for _, rc := range sc.Input.RCs {
				if _, name := metaOf(t, rc); name == sc.Target {
					found = true
				}
			}
			if !found || sc.Input.Controller == nil || len(sc.Input.DC) != 0 {
				t.Errorf("%s: deployer pass: target %q in the cache %v, controller %v, dc %d bytes", sc.Name, sc.Target, found, sc.Input.Controller != nil, len(sc.Input.DC))
			}
		case conformance.PassConfig:
			_, name := metaOf(t, sc.Input.DC)
			if _, ok := srv.Object(wire.ResourceConfigs, ns, name); !ok || sc.Target != "" {
				t.Errorf("%s: dc pass: the server lacks DC %s/%s (or a target %q is set)", sc.Name, ns, name, sc.Target)
			}
		}
		for _, f := range sc.Input.Faults {
			if !resources[f.Resource] {
				t.Errorf("%s: fault resource %q", sc.Name, f.Resource)
			}
		}
		for _, w := range sc.Expected.Writes {
			if !resources[w.Resource] || w.Namespace != ns || w.Name == "" {
				t.Errorf("%s: write %s %s %s/%s outside the world", sc.Name, w.Verb, w.Resource, w.Namespace, w.Name)
			}
			for k := range w.Fields {
				if _, err := conformance.ParsePath(k); err != nil {
					t.Errorf("%s: %v", sc.Name, err)
				}
			}
		}
		for _, e := range sc.Expected.Events {
			if kind, name, ok := strings.Cut(e.Object, "/"); !ok || kind == "" || name == "" {
				t.Errorf("%s: event object %q is not <Kind>/<name>", sc.Name, e.Object)
			}
		}
		if (sc.Expected.Error == "") != (sc.Expected.ErrorClass == "") {
			t.Errorf("%s: error %q with class %q", sc.Name, sc.Expected.Error, sc.Expected.ErrorClass)
		}
	}
}

func TestPathRoundTrip(t *testing.T) {
	// why: every fields key of the 2000 recorded files parses and renders
	// back to itself, so recorded and computed paths share one notation.
	n := 0
	for _, sc := range loadAll(t) {
		for _, w := range sc.Expected.Writes {
			for k := range w.Fields {
				p, err := conformance.ParsePath(k)
				if err != nil {
					t.Fatalf("%s: %v", sc.Name, err)
				}
				if got := p.String(); got != k {
					t.Fatalf("%s: %q renders back as %q", sc.Name, k, got)
				}
				n++
			}
		}
	}
	if n < 10000 {
		t.Errorf("only %d paths checked", n)
	}
}

func TestParsePath(t *testing.T) {
	tests := []struct {
		name, why, path string
		want            conformance.Path
		err             bool
	}{
		{name: "escaped annotation key", why: `\. is a dot inside a key`,
			path: `metadata.annotations.openshift\.io/deployment\.phase`,
			want: conformance.Path{{Key: "metadata"}, {Key: "annotations"}, {Key: "openshift.io/deployment.phase"}}},
		{name: "escaped backslash", why: `\\ is a backslash`, path: `a.b\\c`,
			want: conformance.Path{{Key: "a"}, {Key: `b\c`}}},
		{name: "keyed and order", why: "[type=...] and [*].type are list steps",
			path: `status.conditions[*].type`,
			want: conformance.Path{{Key: "status"}, {Key: "conditions"}, {Kind: conformance.SegAll}, {Key: "type"}}},
		{name: "keyed nested", why: "keyed steps nest", path: `spec.containers[name=deployment].env[name=A].value`,
			want: conformance.Path{{Key: "spec"}, {Key: "containers"}, {Kind: conformance.SegKeyed, Field: "name", Value: "deployment"},
				{Key: "env"}, {Kind: conformance.SegKeyed, Field: "name", Value: "A"}, {Key: "value"}}},
		{name: "indexed", why: "[n] is an index", path: `spec.tolerations[10].key`,
			want: conformance.Path{{Key: "spec"}, {Key: "tolerations"}, {Kind: conformance.SegIndex, Index: 10}, {Key: "key"}}},
		{name: "unclosed", why: "a [ needs its ]", path: `a[name=x`, err: true},
		{name: "list step first", why: "a list step follows the member holding the list", path: `[0].a`, err: true},
		{name: "index overflow", why: "an index beyond int is an error, not index 0", path: `a[99999999999999999999]`, err: true},
		{name: "bad step", why: "a list step is [*], [n] or [field=value]", path: `a[x]`, err: true},
		{name: "empty key", why: "two dots in a row", path: `a..b`, err: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := conformance.ParsePath(tc.path)
			if tc.err {
				if err == nil {
					t.Fatalf("%s: ParsePath(%q) = %v, want an error", tc.why, tc.path, got)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.why, err)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) || got.String() != tc.path {
				t.Errorf("%s: ParsePath(%q) = %v (renders %q), want %v", tc.why, tc.path, got, got.String(), tc.want)
			}
		})
	}
}

func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestFlattenAndDiff(t *testing.T) {
	tests := []struct {
		name, why     string
		before, after string
		// want is the Diff as JSON (Flatten of after when before is "").
		want string
	}{
		{name: "conditions keyed by type", why: "README: [type=...] paths and the [*].type order leaf; the key is not repeated",
			after: `{"status":{"conditions":[{"type":"Progressing","status":"True"},{"type":"Available","status":"False"}]}}`,
			want: `{"status.conditions[*].type":["Progressing","Available"],"status.conditions[type=Progressing].status":"True",
				"status.conditions[type=Available].status":"False"}`},
		{name: "env keyed by name", why: "containers and env have no type: keyed by name",
			after: `{"spec":{"containers":[{"name":"deployment","env":[{"name":"A","value":"1"}],"command":["/bin/echo","hi"],"resources":{}}]}}`,
			want: `{"spec.containers[*].name":["deployment"],"spec.containers[name=deployment].env[*].name":["A"],
				"spec.containers[name=deployment].env[name=A].value":"1","spec.containers[name=deployment].command":["/bin/echo","hi"],
				"spec.containers[name=deployment].resources":{}}`},
		{name: "duplicate keys index the list", why: "keys must be distinct and non-empty, else indexes",
			after: `{"spec":{"tolerations":[{"key":"a"},{"key":"b"}],"causes":[{"type":"X"},{"type":"X","n":1}]}}`,
			want:  `{"spec.tolerations[0].key":"a","spec.tolerations[1].key":"b","spec.causes[0].type":"X","spec.causes[1].type":"X","spec.causes[1].n":1}`},
		{name: "escaped annotation keys and scalars", why: "dots in keys are escaped; empty lists, empty objects, null and scalar lists are leaves",
			after: `{"metadata":{"annotations":{"openshift.io/deployment.phase":"New"}},"a":[],"b":{},"c":null,"d":[1,2]}`,
			want:  `{"metadata.annotations.openshift\\.io/deployment\\.phase":"New","a":[],"b":{},"c":null,"d":[1,2]}`},
		{name: "removed annotation", why: "a leaf absent after the write is null",
			before: `{"metadata":{"annotations":{"kubectl.kubernetes.io/desired-replicas":"1","x":"y"}}}`,
			after:  `{"metadata":{"annotations":{"x":"y"}}}`,
			want:   `{"metadata.annotations.kubectl\\.kubernetes\\.io/desired-replicas":null}`},
		{name: "released owner", why: "the whole keyed list goes: its order leaf and every leaf are null",
			before: `{"metadata":{"name":"r","ownerReferences":[{"name":"config","uid":"u","kind":"DeploymentConfig"}]}}`,
			after:  `{"metadata":{"name":"r"}}`,
			want:   `{"metadata.ownerReferences[*].name":null,"metadata.ownerReferences[name=config].uid":null,"metadata.ownerReferences[name=config].kind":null}`},
		{name: "reordered conditions", why: "a condition replaced and re-appended changes the order leaf",
			before: `{"status":{"conditions":[{"type":"Progressing","reason":"A"},{"type":"Available","status":"True"}]}}`,
			after:  `{"status":{"conditions":[{"type":"Available","status":"True"},{"type":"Progressing","reason":"B"}]}}`,
			want:   `{"status.conditions[*].type":["Available","Progressing"],"status.conditions[type=Progressing].reason":"B"}`},
		{name: "numbers by value", why: "1 and 1.0 are one value: no difference",
			before: `{"spec":{"replicas":1}}`, after: `{"spec":{"replicas":1.0}}`, want: `{}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got map[string]any
			if tc.before == "" {
				got = conformance.Flatten(decodeJSON(t, tc.after))
			} else {
				got = conformance.Diff(conformance.Flatten(decodeJSON(t, tc.before)), conformance.Flatten(decodeJSON(t, tc.after)))
			}
			want := decodeJSON(t, tc.want).(map[string]any)
			if !jsonvalue.Equal(any(got), any(want)) {
				g, _ := json.Marshal(got)
				t.Errorf("%s\ngot  %s\nwant %s", tc.why, g, tc.want)
			}
		})
	}
}

func TestRecord(t *testing.T) {
	// why: each verb's fields follow README "Writes", including failed
	// attempts, on a real fake.Server log.
	srv := fake.NewServer(time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(srv.Put(wire.ResourceRCs, []byte(`{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"c-1","namespace":"ns","uid":"u1","resourceVersion":"5",
		"annotations":{"openshift.io/deployment.phase":"Running","openshift.io/deployment.status-reason":"config change","x":"1"},
		"ownerReferences":[{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"c","uid":"dcu","controller":true}]},"spec":{"replicas":1}}`)))
	must(srv.Put(wire.ResourceConfigs, []byte(`{"metadata":{"name":"c","namespace":"ns","uid":"dcu","resourceVersion":"6"},"spec":{},"status":{"latestVersion":1}}`)))
	ctx := context.Background()
	reqs := []wire.Request{
		{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Namespace: "ns", Name: "c-1-deploy",
			Body: []byte(`{"kind":"Pod","apiVersion":"v1","metadata":{"name":"c-1-deploy","creationTimestamp":null,"labels":{"l":"v"}},"spec":{"containers":[{"name":"deployment","image":"d"}]},"status":{}}`)},
		{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "ns", Name: "c-1",
			Body: []byte(`{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"c-1","namespace":"ns","uid":"u1","resourceVersion":"5",
			"annotations":{"openshift.io/deployment.phase":"Complete","openshift.io/deployment.status-reason":"config change"},
			"ownerReferences":[{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"c","uid":"dcu","controller":true}]},"spec":{"replicas":1}}`)},
		{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Namespace: "ns", Name: "c",
			Body: []byte(`{"metadata":{"name":"c","namespace":"ns","resourceVersion":"6"},"spec":{"x":1},"status":{"latestVersion":2,"conditions":[{"type":"Available","status":"True"}]}}`)},
		{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "ns", Name: "c-1", PatchType: wire.PatchStrategicMerge,
			Patch: []byte(`{"metadata":{"ownerReferences":[{"$patch":"delete","uid":"dcu"}],"uid":"u1"}}`)},
		{Verb: wire.VerbPatch, Resource: wire.ResourcePods, Namespace: "ns", Name: "gone", PatchType: wire.PatchStrategicMerge,
			Patch: []byte(`{"metadata":{"ownerReferences":[]}}`)},
		{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "ns", Name: "c-1", Delete: wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground}},
		{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Namespace: "ns", Name: "c-1-deploy", Delete: wire.DeleteOptions{HasGracePeriod: true}},
	}
	for _, r := range reqs {
		_, _ = srv.Do(ctx, r) // failures are part of the log under test
	}
	want := `[
	{"verb":"create","resource":"pods","namespace":"ns","name":"c-1-deploy","fields":{"metadata.name":"c-1-deploy","metadata.labels.l":"v",
		"spec.containers[*].name":["deployment"],"spec.containers[name=deployment].image":"d"}},
	{"verb":"update","resource":"replicationcontrollers","namespace":"ns","name":"c-1","fields":{
		"metadata.annotations.openshift\\.io/deployment\\.phase":"Complete","metadata.annotations.x":null,
		"metadata.annotations.openshift\\.io/deployment\\.status-reason":"config change"}},
	{"verb":"update","resource":"deploymentconfigs/status","namespace":"ns","name":"c","fields":{"status.latestVersion":2,
		"status.conditions[*].type":["Available"],"status.conditions[type=Available].status":"True"}},
	{"verb":"patch","resource":"replicationcontrollers","namespace":"ns","name":"c-1","fields":{"metadata.ownerReferences[*].name":null,
		"metadata.ownerReferences[name=c].apiVersion":null,"metadata.ownerReferences[name=c].kind":null,"metadata.ownerReferences[name=c].uid":null,
		"metadata.ownerReferences[name=c].controller":null},
		"patchType":"application/strategic-merge-patch+json","patch":{"metadata":{"ownerReferences":[{"$patch":"delete","uid":"dcu"}],"uid":"u1"}}},
	{"verb":"patch","resource":"pods","namespace":"ns","name":"gone","fields":{},"failed":"pods \"gone\" not found",
		"patchType":"application/strategic-merge-patch+json","patch":{"metadata":{"ownerReferences":[]}}},
	{"verb":"delete","resource":"replicationcontrollers","namespace":"ns","name":"c-1","fields":{},"options":{"propagationPolicy":"Background"}},
	{"verb":"delete","resource":"pods","namespace":"ns","name":"c-1-deploy","fields":{},"options":{"gracePeriodSeconds":0}}]`
	var wantWrites []conformance.Write
	d := json.NewDecoder(strings.NewReader(want))
	d.UseNumber()
	if err := d.Decode(&wantWrites); err != nil {
		t.Fatal(err)
	}
	got := conformance.Record(srv.Log())
	if diff := conformance.Compare(conformance.Expected{Writes: wantWrites}, conformance.Expected{Writes: got}); diff != "" {
		t.Error(diff)
	}
}

func TestReplayRecordedPatchesAndDeletes(t *testing.T) {
	// why: the recorded patches and deletes are complete requests, so they
	// can be replayed on a seeded server: the server's strategic merge, its
	// errors, the faults and Record must reproduce upstream's fields and
	// failure texts exactly. A write is replayed when no earlier write of
	// the pass (which could not be replayed) touched the same object.
	replayed := 0
	for _, sc := range loadAll(t) {
		srv := fake.NewServer(sc.Now)
		if err := conformance.Seed(srv, sc); err != nil {
			t.Fatal(err)
		}
		touched := map[string]bool{}
		for _, w := range sc.Expected.Writes {
			key := strings.Split(w.Resource, "/")[0] + "/" + w.Name
			if (w.Verb != "patch" && w.Verb != "delete") || touched[key] {
				touched[key] = true
				continue
			}
			r := wire.Request{Verb: wire.Verb(w.Verb), Resource: w.Resource, Namespace: w.Namespace, Name: w.Name, PatchType: w.PatchType}
			if w.Patch != nil {
				b, err := json.Marshal(w.Patch)
				if err != nil {
					t.Fatal(err)
				}
				r.Patch = b
			}
			if p, ok := w.Options["propagationPolicy"].(string); ok {
				r.Delete.PropagationPolicy = p
			}
			if g, ok := w.Options["gracePeriodSeconds"].(json.Number); ok {
				n, _ := g.Int64()
				r.Delete.GracePeriodSeconds, r.Delete.HasGracePeriod = n, true
			}
			n := len(srv.Log())
			_, _ = srv.Do(context.Background(), r)
			got := conformance.Record(srv.Log()[n:])
			if diff := conformance.Compare(conformance.Expected{Writes: []conformance.Write{w}}, conformance.Expected{Writes: got}); diff != "" {
				t.Errorf("%s: %s", sc.Name, diff)
			}
			replayed++
		}
	}
	t.Logf("replayed %d recorded patches and deletes", replayed)
	if replayed < 500 {
		t.Errorf("replayed %d writes, want the ~560 recorded patches and deletes", replayed)
	}
}
