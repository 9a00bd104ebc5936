package fake_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestServerChecksLikeTheAPIServer: the checks of a write the Server
// copies from the API server, each answered in its words and storing
// nothing when refused (examples/kube/e2e's TestServerAgreesWithTheRealOne
// sends the same requests to a real kube-apiserver).
func TestServerChecksLikeTheAPIServer(t *testing.T) {
	podPatch := func(p string) wire.Request {
		return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourcePods, Namespace: "shop", Name: "web-1-deploy",
			PatchType: wire.PatchStrategicMerge, Patch: []byte(p)}
	}
	rcPatch := func(p string) wire.Request {
		return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
			PatchType: wire.PatchStrategicMerge, Patch: []byte(p)}
	}
	const containers = `{"spec":{"template":{"spec":{"containers":[{"name":"web","image":"img:1","ports":[{"containerPort":80}],` +
		`"env":[{"name":"A","value":"1"},{"name":"S","value":"s"},{"name":"B","value":"2"}]}]}}}}`
	for _, tc := range []struct {
		name, why string
		req       wire.Request
		errText   string
		reason    dcplan.StatusReason
		code      int32
		path      string // a path of the object the request names, after it
		want      any
	}{
		{name: "invalid RC name", why: "an RC's name is a DNS subdomain",
			req: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "Web_2",
				Body: []byte(`{"metadata":{"name":"Web_2"},"spec":{"replicas":0}}`)},
			errText: `ReplicationController "Web_2" is invalid: metadata.name: Invalid value: "Web_2": a lowercase RFC 1123 subdomain must ` +
				`consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character ` +
				`(e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
			reason: dcplan.StatusInvalid, code: 422, path: "metadata", want: "<no object>"},
		{name: "pod deadline 0 on create", why: "a pod is created with an activeDeadlineSeconds of at least 1 (SPEC 4.5: a deployer pod from an encoded strategy's 0)",
			req: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Namespace: "shop", Name: "web-2-deploy",
				Body: []byte(`{"metadata":{"name":"web-2-deploy"},"spec":{"activeDeadlineSeconds":0,"containers":[{"name":"deployment","image":"d:1"}]}}`)},
			errText: `Pod "web-2-deploy" is invalid: spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive`,
			reason:  dcplan.StatusInvalid, code: 422, path: "metadata", want: "<no object>"},
		{name: "pod image", why: "an update may change a container's image",
			req: podPatch(`{"spec":{"containers":[{"name":"deployment","image":"deployer:2"}]}}`), path: "spec|containers|0|image", want: "deployer:2"},
		{name: "pod container renamed", why: "nothing else of a pod's containers may change",
			req:     podPatch(`{"spec":{"containers":[{"name":"deployment","command":["sh"]}]}}`),
			errText: `Pod "web-1-deploy" is invalid: spec: Forbidden: pod updates may not change fields other than ` + "`spec.containers[*].image`",
			reason:  dcplan.StatusInvalid, code: 422, path: "spec|containers|0|command", want: "<absent>"},
		{name: "pod container added", why: "containers are neither added nor removed",
			req:     podPatch(`{"spec":{"containers":[{"name":"side","image":"x"}]}}`),
			errText: `Pod "web-1-deploy" is invalid: spec.containers: Forbidden: pod updates may not add or remove containers`,
			reason:  dcplan.StatusInvalid, code: 422, path: "spec|containers|1", want: "<absent>"},
		{name: "pod deadline set", why: "activeDeadlineSeconds may be set (the cancel of a rollout does)",
			req: podPatch(`{"spec":{"activeDeadlineSeconds":5}}`), path: "spec|activeDeadlineSeconds", want: 5.0},
		{name: "RC status labels", why: "the RC status strategy resets the spec only: the body's labels are stored",
			req: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Subresource: wire.SubresourceStatus, Namespace: "shop", Name: "web-1",
				Body: []byte(`{"metadata":{"name":"web-1","labels":{"tier":"front"}},"spec":{"replicas":7},"status":{"replicas":1}}`)},
			path: "metadata|labels|tier", want: "front"},
		{name: "RC status spec", why: "... and not the body's spec",
			req: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Subresource: wire.SubresourceStatus, Namespace: "shop", Name: "web-1",
				Body: []byte(`{"metadata":{"name":"web-1"},"spec":{"replicas":7},"status":{"replicas":1}}`)},
			path: "spec|replicas", want: 2.0},
		{name: "ports merge", why: "container ports merge by containerPort, the patch's first",
			req:  rcPatch(`{"spec":{"template":{"spec":{"containers":[{"name":"web","ports":[{"containerPort":81}]}]}}}}`),
			path: "spec|template|spec|containers|0|ports|1|containerPort", want: 80.0},
		{name: "ordered env", why: "$setElementOrder orders the merged list [B C A]; S, the server's alone, was before B there and stays so",
			req: rcPatch(`{"spec":{"template":{"spec":{"containers":[{"name":"web","$setElementOrder/env":[{"name":"B"},{"name":"C"},{"name":"A"}],` +
				`"env":[{"name":"C","value":"3"}]}]}}}}`),
			path: "spec|template|spec|containers|0|env|0|name", want: "S"},
		{name: "order lacking the patch's element", why: "a bare 500 in the API server's words",
			req: rcPatch(`{"spec":{"template":{"spec":{"containers":[{"name":"web","$setElementOrder/env":[{"name":"B"}],` +
				`"env":[{"name":"C","value":"3"}]}]}}}}`),
			errText: "The order in patch list:\n[map[name:C value:3]]\n doesn't match $setElementOrder list:\n[map[name:B]]\n",
			code:    500, path: "spec|template|spec|containers|0|env|3", want: "<absent>"},
		{name: "order of a list merged by no key", why: "$setElementOrder needs a merge key (args is replaced whole): refused, not a dropped list",
			req:     rcPatch(`{"spec":{"template":{"spec":{"containers":[{"name":"web","$setElementOrder/args":["b","a"],"args":["a","b"]}]}}}}`),
			errText: `unsupported strategic merge directive $setElementOrder/args at "spec.template.spec.containers": the list merges by no key`,
			reason:  dcplan.StatusBadRequest, code: 400, path: "spec|template|spec|containers|0|image", want: "img:1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestServer(t)
			if _, err := s.Do(t.Context(), rcPatch(containers)); err != nil {
				t.Fatal(err)
			}
			_, err := s.Do(t.Context(), tc.req)
			var se *wire.StatusError
			switch {
			case tc.errText == "" && err != nil:
				t.Fatalf("%s: %v, want success", tc.why, err)
			case tc.errText != "" && (!errors.As(err, &se) || !strings.HasPrefix(se.Message, tc.errText) || se.Reason != tc.reason || se.Code != tc.code):
				t.Fatalf("%s: %v, want %d %s %q", tc.why, err, tc.code, tc.reason, tc.errText)
			}
			if got := get(t, s, tc.req.Resource, tc.req.Name, tc.path); got != tc.want {
				t.Errorf("%s: %s = %v, want %v", tc.why, tc.path, got, tc.want)
			}
		})
	}
}

// TestServerGeneratesNames: a create with generateName and no name is
// stored under the prefix and five characters, the same on every run.
func TestServerGeneratesNames(t *testing.T) {
	names := func() []string {
		s := fake.NewServer(serverNow)
		for range 2 {
			if _, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Namespace: "shop",
				Body: []byte(`{"metadata":{"generateName":"web-1-hook-"},"spec":{}}`)}); err != nil {
				t.Fatal(err)
			}
		}
		var out []string
		for _, l := range s.Log() {
			var o struct {
				Metadata struct{ Name string } `json:"metadata"`
			}
			if err := json.Unmarshal(l.After, &o); err != nil {
				t.Fatal(err)
			}
			out = append(out, o.Metadata.Name)
		}
		return out
	}
	first, again := names(), names()
	if len(first) != 2 || first[0] == first[1] || !strings.HasPrefix(first[0], "web-1-hook-") || len(first[0]) != len("web-1-hook-")+5 {
		t.Fatalf("generated names %q, want two of web-1-hook- and five characters", first)
	}
	if first[0] != again[0] || first[1] != again[1] {
		t.Errorf("generated names %q, then %q: want the same on every run", first, again)
	}
}
