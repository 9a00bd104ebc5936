package fake_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// gracePod is a running deployer pod of srvRC's web-1, started, with
// edit applied to its tree.
func gracePod(t *testing.T, edit func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1-deploy","namespace":"shop","uid":"pod-uid","resourceVersion":"400",
		"ownerReferences":[{"apiVersion":"v1","kind":"ReplicationController","name":"web-1","uid":"rc-uid-1"}]},
		"spec":{"containers":[{"name":"deployment","image":"deployer"}]},"status":{"phase":"Running","startTime":"2026-11-01T11:59:00Z"}}`), &m); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(m)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func withSpec(k string, v any) func(map[string]any) {
	return func(m map[string]any) { m["spec"].(map[string]any)[k] = v }
}

func withStatus(k string, v any) func(map[string]any) {
	return func(m map[string]any) {
		if v == nil {
			delete(m["status"].(map[string]any), k)
			return
		}
		m["status"].(map[string]any)[k] = v
	}
}

func grace(n int64) *wire.DeleteOptions {
	return &wire.DeleteOptions{GracePeriodSeconds: n, HasGracePeriod: true}
}

// TestServerGracefulPodDeletion: with graceful termination on, a pod's
// delete marks a pod a node runs with its grace period (the delete's
// gracePeriodSeconds, else spec.terminationGracePeriodSeconds, else 30)
// and leaves it, its phase unchanged; a pod no node holds, one that has
// ended, and a grace of 0 go at once; a second delete may only shorten
// the grace; the collector deletes with the default grace. Off, every
// pod goes at once.
func TestServerGracefulPodDeletion(t *testing.T) {
	at := func(sec int) string {
		return serverNow.Add(time.Duration(sec) * time.Second).Format("2006-01-02T15:04:05Z")
	}
	tests := []struct {
		name string
		off  bool
		edit func(map[string]any)
		// deletes are the pod's deletes in turn (nil: no options);
		// gcRC deletes the RC web-1 (Background) instead.
		deletes []*wire.DeleteOptions
		gcRC    bool
		// want: gone, or deletionTimestamp, grace, phase and whether the
		// last delete wrote a new resourceVersion.
		gone       bool
		wantAt     string
		wantGrace  any
		wantPhase  string
		sameRVLast bool
	}{
		{name: "default grace 30", deletes: []*wire.DeleteOptions{nil}, wantAt: at(30), wantGrace: 30.0, wantPhase: "Running"},
		{name: "spec grace 10", edit: withSpec("terminationGracePeriodSeconds", 10), deletes: []*wire.DeleteOptions{nil},
			wantAt: at(10), wantGrace: 10.0, wantPhase: "Running"},
		{name: "delete's grace wins", edit: withSpec("terminationGracePeriodSeconds", 10), deletes: []*wire.DeleteOptions{grace(5)},
			wantAt: at(5), wantGrace: 5.0, wantPhase: "Running"},
		{name: "grace 0 (oc rollout retry)", deletes: []*wire.DeleteOptions{grace(0)}, gone: true},
		{name: "negative grace counts as 1", deletes: []*wire.DeleteOptions{grace(-3)}, wantAt: at(1), wantGrace: 1.0, wantPhase: "Running"},
		{name: "not scheduled", edit: func(m map[string]any) { withStatus("startTime", nil)(m); withStatus("phase", "Pending")(m) },
			deletes: []*wire.DeleteOptions{nil}, gone: true},
		{name: "bound, not started", edit: func(m map[string]any) { withStatus("startTime", nil)(m); withSpec("nodeName", "n1")(m) },
			deletes: []*wire.DeleteOptions{nil}, wantAt: at(30), wantGrace: 30.0, wantPhase: "Running"},
		{name: "succeeded", edit: withStatus("phase", "Succeeded"), deletes: []*wire.DeleteOptions{nil}, gone: true},
		{name: "failed", edit: withStatus("phase", "Failed"), deletes: []*wire.DeleteOptions{nil}, gone: true},
		{name: "second delete, no options", deletes: []*wire.DeleteOptions{nil, nil}, wantAt: at(30), wantGrace: 30.0, wantPhase: "Running", sameRVLast: true},
		{name: "second delete, longer", deletes: []*wire.DeleteOptions{grace(20), grace(60)}, wantAt: at(20), wantGrace: 20.0, wantPhase: "Running", sameRVLast: true},
		{name: "second delete, shorter", deletes: []*wire.DeleteOptions{nil, grace(5)}, wantAt: at(5), wantGrace: 5.0, wantPhase: "Running"},
		{name: "second delete, 0", deletes: []*wire.DeleteOptions{nil, grace(0)}, gone: true},
		{name: "finalizers, then 0", edit: func(m map[string]any) { m["metadata"].(map[string]any)["finalizers"] = []any{"example.com/hold"} },
			deletes: []*wire.DeleteOptions{nil, grace(0)}, wantAt: at(0), wantGrace: 0.0, wantPhase: "Running"},
		{name: "collector", gcRC: true, wantAt: at(30), wantGrace: 30.0, wantPhase: "Running"},
		{name: "collector, ended pod", edit: withStatus("phase", "Succeeded"), gcRC: true, gone: true},
		{name: "off", off: true, deletes: []*wire.DeleteOptions{nil}, gone: true},
		{name: "off, collector", off: true, gcRC: true, gone: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestServer(t)
			s.SetGracefulPodDeletion(!tt.off)
			if err := s.Put(wire.ResourcePods, gracePod(t, tt.edit)); err != nil {
				t.Fatal(err)
			}
			rv := ""
			for _, o := range tt.deletes {
				rv, _ = get(t, s, wire.ResourcePods, "web-1-deploy", "metadata|resourceVersion").(string)
				r := wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Namespace: "shop", Name: "web-1-deploy"}
				if o != nil {
					r.Delete = *o
				}
				if _, err := s.Do(t.Context(), r); err != nil {
					t.Fatalf("delete: %v", err)
				}
			}
			if tt.gcRC {
				if _, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Delete: wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground}}); err != nil {
					t.Fatalf("delete rc: %v", err)
				}
			}
			_, exists := s.Object(wire.ResourcePods, "shop", "web-1-deploy")
			if tt.gone {
				if exists {
					t.Fatalf("the pod is still there: %s", mustObject(t, s))
				}
				return
			}
			if !exists {
				t.Fatal("the pod went at once")
			}
			for path, want := range map[string]any{
				"metadata|deletionTimestamp":          tt.wantAt,
				"metadata|deletionGracePeriodSeconds": tt.wantGrace,
				"status|phase":                        tt.wantPhase,
			} {
				if got := get(t, s, wire.ResourcePods, "web-1-deploy", path); got != want {
					t.Errorf("pod %s = %v, want %v", path, got, want)
				}
			}
			if got := get(t, s, wire.ResourcePods, "web-1-deploy", "metadata|resourceVersion"); (got == rv) != tt.sameRVLast {
				t.Errorf("resourceVersion %v after the last delete (before %s), want it kept: %v", got, rv, tt.sameRVLast)
			}
			if b, _ := s.Object(wire.ResourcePods, "shop", "web-1-deploy"); b != nil {
				if p, err := wire.DecodePod(b); err != nil || !p.Deleting {
					t.Errorf("DecodePod = %+v, %v; want Deleting", p, err)
				}
			}
		})
	}
}

func mustObject(t *testing.T, s *fake.Server) string {
	t.Helper()
	b, _ := s.Object(wire.ResourcePods, "shop", "web-1-deploy")
	return string(b)
}
