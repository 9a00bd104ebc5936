package wire_test

import (
	"encoding/json"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestWritesOfNamespacelessPod: a pod without metadata.namespace (a
// hand-built object, which counts as in any namespace, as a namespaceless
// RC or DC does) is written in the snapshot's namespace (SPEC 13): its
// owner patch, deadline update and delete all go to /namespaces/shop/,
// never to /namespaces//.
func TestWritesOfNamespacelessPod(t *testing.T) {
	s := fixtureWorld(t, dcplan.Origin13)
	if len(s.Pods) == 0 {
		t.Fatal("the fixture holds no pod")
	}
	var obj map[string]any
	if err := json.Unmarshal(s.Pods[0].Raw, &obj); err != nil {
		t.Fatal(err)
	}
	delete(obj["metadata"].(map[string]any), "namespace")
	raw, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	pod, err := wire.DecodePod(raw)
	if err != nil {
		t.Fatal(err)
	}
	if pod.Namespace != "" {
		t.Fatalf("the pod decoded with namespace %q, want none", pod.Namespace)
	}
	s.Pods[0] = pod
	reqs, err := wire.Requests(s, dcplan.Plan{
		SetPodOwners:    []dcplan.SetPodOwner{{Pod: pod.Name, RC: "frontend-3", RCUID: "uid-3"}},
		SetPodDeadlines: []dcplan.SetPodDeadline{{Pod: pod.Name, To: 60}},
		DeletePods:      []dcplan.DeletePod{{Pod: pod.Name}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(reqs) != 3 {
		t.Fatalf("requests %v, want the owner patch, the deadline update and the delete", reqs)
	}
	for _, q := range reqs {
		if q.Namespace != "shop" {
			t.Errorf("%s %s: namespace %q, want shop (the snapshot's)", q.Method(), q.Path(), q.Namespace)
		}
	}
}
