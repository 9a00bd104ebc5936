package e2e_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// rawClient sends wire.Requests to the real API server as they are, body
// bytes and all, over HTTP (no typed object or client-go decoding between):
// what fake's Server is held to. Its errors are *wire.StatusError with the
// server's Status as sent.
type rawClient struct {
	http *http.Client
	host string
}

func newRawClient(t *testing.T) rawClient {
	cfg := cp.APIServer.Config(cp.APIServer.AdminToken)
	hc, err := rest.HTTPClientFor(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return rawClient{http: hc, host: cfg.Host}
}

func (c rawClient) Do(ctx context.Context, r wire.Request) ([]byte, error) {
	path := "/api/v1/namespaces/" + r.Namespace + "/" + r.Resource
	if r.Verb != wire.VerbCreate {
		path += "/" + r.Name
	}
	if r.Subresource != "" {
		path += "/" + r.Subresource
	}
	method := map[wire.Verb]string{wire.VerbCreate: "POST", wire.VerbUpdate: "PUT", wire.VerbPatch: "PATCH",
		wire.VerbDelete: "DELETE", "": "GET"}[r.Verb]
	body, ctype := r.Body, "application/json"
	if r.Verb == wire.VerbPatch {
		body, ctype = r.Patch, string(r.PatchType)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.host+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", ctype)
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 300 {
		var st metav1.Status
		if err := json.Unmarshal(b, &st); err != nil {
			return nil, fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, b)
		}
		return nil, &wire.StatusError{Reason: dcplan.StatusReason(st.Reason), Code: st.Code, Message: st.Message}
	}
	return b, nil
}

func (c rawClient) Get(ctx context.Context, resource, namespace, name string) ([]byte, error) {
	return c.Do(ctx, wire.Request{Resource: resource, Namespace: namespace, Name: name})
}

// serverCase is one request sent to both servers after the same setup.
type serverCase struct {
	name, why string
	setup     []wire.Request
	probe     wire.Request
	// loose compares the error's code and reason only: the real message
	// carries what the fake does not model (a diff of a pod spec).
	loose bool
	// read, when set, is an object both servers hold after the probe, and
	// fields the JSON paths of it that must agree.
	read   wire.Request
	fields [][]string
	// cleanup runs on the real server after the comparison (a finalizer
	// taken off).
	cleanup []wire.Request
}

// TestServerAgreesWithTheRealOne sends the same requests to fake's Server
// and to the real kube-apiserver and compares their answers (status code,
// reason and message) and what they stored: the divergences a review of
// the fake server listed, each a request a user's code may send to the
// fake as a test double.
func TestServerAgreesWithTheRealOne(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ns := e.ns
	rc := func(name, meta, extra string) []byte {
		return fmt.Appendf(nil, `{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":%q%s},`+
			`"spec":{"replicas":0,"selector":{"app":"web"},"template":{"metadata":{"labels":{"app":"web"}},`+
			`"spec":{"containers":[{"name":"web","image":"registry.example/web:1"%s}]}}}}`, name, meta, extra)
	}
	pod := func(name, image string) []byte {
		return fmt.Appendf(nil, `{"apiVersion":"v1","kind":"Pod","metadata":{"name":%q},`+
			`"spec":{"automountServiceAccountToken":false,"containers":[{"name":"web","image":%q}]}}`, name, image)
	}
	create := func(resource, name string, body []byte) wire.Request {
		return wire.Request{Verb: wire.VerbCreate, Resource: resource, Namespace: ns, Name: name, Body: body}
	}
	update := func(resource, sub, name string, body []byte) wire.Request {
		return wire.Request{Verb: wire.VerbUpdate, Resource: resource, Subresource: sub, Namespace: ns, Name: name, Body: body}
	}
	patch := func(resource, name, p string) wire.Request {
		return wire.Request{Verb: wire.VerbPatch, Resource: resource, Namespace: ns, Name: name,
			PatchType: wire.PatchStrategicMerge, Patch: []byte(p)}
	}
	del := func(resource, name string) wire.Request {
		return wire.Request{Verb: wire.VerbDelete, Resource: resource, Namespace: ns, Name: name}
	}
	get := func(resource, name string) wire.Request {
		return wire.Request{Resource: resource, Name: name}
	}
	const rcs, pods = wire.ResourceRCs, wire.ResourcePods
	cases := []serverCase{
		{name: "create with a resourceVersion", why: "a client creating what it read",
			probe: create(rcs, "web-rv", rc("web-rv", `,"resourceVersion":"12"`, ""))},
		{name: "create with an invalid name", why: "names are DNS subdomains",
			probe: create(rcs, "Web_1", rc("Web_1", "", ""))},
		{name: "pod created with a deadline of 0", why: "a deployer pod from an encoded strategy's 0 (SPEC 4.5)",
			probe: create(pods, "web-dl0", []byte(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-dl0"},`+
				`"spec":{"activeDeadlineSeconds":0,"automountServiceAccountToken":false,"containers":[{"name":"web","image":"registry.example/web:1"}]}}`))},
		{name: "update setting deletionTimestamp", why: "only a delete marks an object",
			setup: []wire.Request{create(rcs, "web-dt", rc("web-dt", "", ""))},
			probe: update(rcs, "", "web-dt", rc("web-dt", `,"deletionTimestamp":"2026-01-01T00:00:00Z"`, "")),
			read:  get(rcs, "web-dt"), fields: [][]string{{"metadata", "deletionTimestamp"}}},
		{name: "update setting deletionGracePeriodSeconds", why: "only a delete sets it",
			setup: []wire.Request{create(rcs, "web-gp", rc("web-gp", "", ""))},
			probe: update(rcs, "", "web-gp", rc("web-gp", `,"deletionGracePeriodSeconds":30`, "")),
			read:  get(rcs, "web-gp"), fields: [][]string{{"metadata", "deletionGracePeriodSeconds"}}},
		{name: "pod update setting deletionTimestamp", why: "as for an RC",
			setup: []wire.Request{create(pods, "web-pdt", pod("web-pdt", "registry.example/web:1"))},
			probe: patch(pods, "web-pdt", `{"metadata":{"deletionTimestamp":"2026-01-01T00:00:00Z"}}`)},
		{name: "status update adding a finalizer to a marked RC", why: "the status strategy keeps the body's metadata",
			setup:   []wire.Request{create(rcs, "web-fin", rc("web-fin", `,"finalizers":["example.com/hold"]`, "")), del(rcs, "web-fin")},
			probe:   update(rcs, "status", "web-fin", rc("web-fin", `,"finalizers":["example.com/hold","example.com/more"]`, "")),
			cleanup: []wire.Request{patch(rcs, "web-fin", `{"metadata":{"$deleteFromPrimitiveList/finalizers":["example.com/hold","example.com/more"]}}`)}},
		{name: "pod status update with new labels", why: "the pod status strategy keeps labels",
			setup: []wire.Request{create(pods, "web-pst", pod("web-pst", "registry.example/web:1"))},
			probe: update(pods, "status", "web-pst", []byte(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-pst","labels":{"tier":"front"}},`+
				`"spec":{"containers":[{"name":"web","image":"registry.example/web:1"}]},"status":{"phase":"Pending"}}`)),
			read: get(pods, "web-pst"), fields: [][]string{{"metadata", "labels"}}},
		{name: "pod deadline raised", why: "activeDeadlineSeconds may only go down",
			setup: []wire.Request{create(pods, "web-dl", []byte(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-dl"},`+
				`"spec":{"automountServiceAccountToken":false,"activeDeadlineSeconds":60,"containers":[{"name":"web","image":"registry.example/web:1"}]}}`))},
			probe: patch(pods, "web-dl", `{"spec":{"activeDeadlineSeconds":120}}`)},
		{name: "pod deadline removed", why: "activeDeadlineSeconds may not go",
			setup: []wire.Request{create(pods, "web-dl0", []byte(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-dl0"},`+
				`"spec":{"automountServiceAccountToken":false,"activeDeadlineSeconds":60,"containers":[{"name":"web","image":"registry.example/web:1"}]}}`))},
			probe: patch(pods, "web-dl0", `{"spec":{"activeDeadlineSeconds":null}}`)},
		{name: "pod deadline lowered", why: "activeDeadlineSeconds may go down",
			setup: []wire.Request{create(pods, "web-dl1", []byte(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-dl1"},`+
				`"spec":{"automountServiceAccountToken":false,"activeDeadlineSeconds":60,"containers":[{"name":"web","image":"registry.example/web:1"}]}}`))},
			probe: patch(pods, "web-dl1", `{"spec":{"activeDeadlineSeconds":1}}`),
			read:  get(pods, "web-dl1"), fields: [][]string{{"spec", "activeDeadlineSeconds"}}},
		{name: "create with generateName", why: "the server names it",
			probe: create(rcs, "", rc("", `,"generateName":"web-"`, ""))},
		{name: "status update with new labels", why: "the RC status strategy resets the spec only",
			setup: []wire.Request{create(rcs, "web-st", rc("web-st", "", ""))},
			probe: update(rcs, "status", "web-st", rc("web-st", `,"labels":{"tier":"front"},"annotations":{"note":"x"}`, "")),
			read:  get(rcs, "web-st"), fields: [][]string{{"metadata", "labels"}, {"metadata", "annotations"}}},
		{name: "pod image update", why: "a pod's image may change",
			setup: []wire.Request{create(pods, "web-img", pod("web-img", "registry.example/web:1"))},
			probe: patch(pods, "web-img", `{"spec":{"containers":[{"name":"web","image":"registry.example/web:2"}]}}`),
			read:  get(pods, "web-img"), fields: [][]string{{"spec", "containers"}}},
		{name: "pod container rename", why: "pod updates may not change other fields", loose: true,
			setup: []wire.Request{create(pods, "web-ren", pod("web-ren", "registry.example/web:1"))},
			probe: update(pods, "", "web-ren", []byte(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-ren"},`+
				`"spec":{"containers":[{"name":"other","image":"registry.example/web:1"}]}}`))},
		{name: "patch merging ports", why: "container ports merge by containerPort",
			setup: []wire.Request{create(rcs, "web-port", rc("web-port", "", `,"ports":[{"containerPort":80}]`))},
			probe: patch(rcs, "web-port", `{"spec":{"template":{"spec":{"containers":[{"name":"web","ports":[{"containerPort":81}]}]}}}}`),
			read:  get(rcs, "web-port"), fields: [][]string{{"spec", "template", "spec", "containers"}}},
		{name: "patch merging env", why: "env merges by name",
			setup: []wire.Request{create(rcs, "web-env", rc("web-env", "", `,"env":[{"name":"A","value":"1"}]`))},
			probe: patch(rcs, "web-env", `{"spec":{"template":{"spec":{"containers":[{"name":"web","env":[{"name":"B","value":"2"}]}]}}}}`),
			read:  get(rcs, "web-env"), fields: [][]string{{"spec", "template", "spec", "containers"}}},
		{name: "patch with an order lacking an element", why: "the order must hold every element of the patch",
			setup: []wire.Request{create(rcs, "web-reo", rc("web-reo", "", `,"env":[{"name":"A","value":"1"},{"name":"S","value":"s"},{"name":"B","value":"2"}]`))},
			probe: patch(rcs, "web-reo", `{"spec":{"template":{"spec":{"containers":[{"name":"web","$setElementOrder/env":[{"name":"B"},{"name":"A"}],`+
				`"env":[{"name":"C","value":"3"}]}]}}}}`),
			read: get(rcs, "web-reo"), fields: [][]string{{"spec", "template", "spec", "containers"}}},
		{name: "patch reordering env", why: "$setElementOrder reorders, a server-only element interleaved",
			setup: []wire.Request{create(rcs, "web-reo2", rc("web-reo2", "", `,"env":[{"name":"A","value":"1"},{"name":"S","value":"s"},{"name":"B","value":"2"}]`))},
			probe: patch(rcs, "web-reo2", `{"spec":{"template":{"spec":{"containers":[{"name":"web","$setElementOrder/env":[{"name":"B"},{"name":"C"},{"name":"A"}],`+
				`"env":[{"name":"C","value":"3"}]}]}}}}`),
			read: get(rcs, "web-reo2"), fields: [][]string{{"spec", "template", "spec", "containers"}}},
		{name: "patch ordering finalizers", why: "$setElementOrder of a list of strings",
			setup: []wire.Request{create(rcs, "web-fo", rc("web-fo", `,"finalizers":["example.com/a","example.com/b"]`, ""))},
			probe: patch(rcs, "web-fo", `{"metadata":{"$setElementOrder/finalizers":["example.com/c","example.com/b","example.com/a"],"finalizers":["example.com/c"]}}`),
			read:  get(rcs, "web-fo"), fields: [][]string{{"metadata", "finalizers"}},
			cleanup: []wire.Request{patch(rcs, "web-fo", `{"metadata":{"finalizers":null}}`)}},
		{name: "patch with $setElementOrder", why: "kubectl apply sends it",
			setup: []wire.Request{create(rcs, "web-order", rc("web-order", "", ""))},
			probe: patch(rcs, "web-order", `{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"web"}],`+
				`"containers":[{"name":"web","image":"registry.example/web:2"}]}}}}`),
			read: get(rcs, "web-order"), fields: [][]string{{"spec", "template", "spec", "containers"}}},
	}
	real := newRawClient(t)
	ctx := context.Background()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := fake.NewServer(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
			for _, r := range tc.setup {
				if _, err := real.Do(ctx, r); err != nil {
					t.Fatalf("setup %s %s on the real server: %v", r.Verb, r.Name, err)
				}
				if _, err := srv.Do(ctx, r); err != nil {
					t.Fatalf("setup %s %s on fake's: %v", r.Verb, r.Name, err)
				}
			}
			_, realErr := real.Do(ctx, tc.probe)
			_, fakeErr := srv.Do(ctx, tc.probe)
			for _, r := range tc.cleanup {
				defer func() {
					if _, err := real.Do(ctx, r); err != nil {
						t.Errorf("cleanup %s %s: %v", r.Verb, r.Name, err)
					}
				}()
			}
			if d := answerDiff(realErr, fakeErr, tc.loose); d != "" {
				t.Errorf("%s (%s): %s", tc.name, tc.why, d)
			}
			if tc.read.Name == "" {
				return
			}
			realObj, err := real.Get(ctx, tc.read.Resource, ns, tc.read.Name)
			if err != nil {
				t.Fatalf("read %s on the real server: %v", tc.read.Name, err)
			}
			fakeObj, err := srv.Get(ctx, tc.read.Resource, ns, tc.read.Name)
			if err != nil {
				t.Fatalf("read %s on fake's: %v", tc.read.Name, err)
			}
			for _, path := range tc.fields {
				if r, f := at(t, realObj, path), at(t, fakeObj, path); !reflect.DeepEqual(r, f) {
					t.Errorf("%s (%s): %s: the real server stored %s, fake's %s", tc.name, tc.why,
						strings.Join(path, "."), show(r), show(f))
				}
			}
		})
	}
}

// answerDiff says how two answers differ, "" when they agree.
func answerDiff(real, fake error, loose bool) string {
	var rs, fs *wire.StatusError
	switch {
	case real == nil && fake == nil:
		return ""
	case real == nil || fake == nil:
		return fmt.Sprintf("the real server answered %s, fake's %s", answerText(real), answerText(fake))
	case !errors.As(real, &rs) || !errors.As(fake, &fs):
		return fmt.Sprintf("the real server answered %v, fake's %v (not both API statuses)", real, fake)
	case rs.Code != fs.Code || rs.Reason != fs.Reason || !loose && rs.Message != fs.Message:
		return fmt.Sprintf("the real server answered %d %s %q, fake's %d %s %q", rs.Code, rs.Reason, rs.Message, fs.Code, fs.Reason, fs.Message)
	}
	return ""
}

// answerText is err as the tests print an answer: nil, or the status's
// code, reason and message.
func answerText(err error) string {
	var st *wire.StatusError
	if errors.As(err, &st) {
		return fmt.Sprintf("%d %s %q", st.Code, st.Reason, st.Message)
	}
	return fmt.Sprint(err)
}

// at is the value at path of the JSON object b, with the fields a
// container gets by default on the real server (terminationMessagePath and
// the like) left out, nil when absent.
func at(t *testing.T, b []byte, path []string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	for _, k := range path {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	if list, ok := v.([]any); ok {
		for _, c := range list {
			if m, ok := c.(map[string]any); ok {
				for _, k := range []string{"terminationMessagePath", "terminationMessagePolicy", "imagePullPolicy", "resources"} {
					delete(m, k)
				}
				for _, p := range asList(m["ports"]) {
					delete(p, "protocol")
				}
			}
		}
	}
	return v
}

func asList(v any) []map[string]any {
	var out []map[string]any
	list, _ := v.([]any)
	for _, x := range list {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func show(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
