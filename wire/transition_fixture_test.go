package wire_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/wire"
)

// TestTransitionCompleteWritesTheStoredRC: the deployer's write when the
// deployer pod of frontend-3 has succeeded (SPEC 2.2, 4.4) carries the
// annotations the RC holds once its rollout completed on a real cluster
// (rc-frontend-3-complete.json): phase Complete, the replicas annotation
// from desired-replicas, desired-replicas removed, completed-at the
// deployer container's finishedAt, the deployer pod's name and
// created-at and every other annotation as read.
func TestTransitionCompleteWritesTheStoredRC(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	pod := &s.Pods[0]
	pod.Phase = dcplan.PodSucceeded
	pod.Containers = []dcplan.ContainerStatus{{Name: "deployment", Terminated: true,
		FinishedAt: time.Date(2026, 11, 1, 11, 59, 0, 0, time.UTC)}}
	reqs, err := wire.Requests(s, phase.Step(s, "frontend-3"))
	if err != nil {
		t.Fatal(err)
	}
	var put *wire.Request
	for i := range reqs {
		if reqs[i].Verb == wire.VerbUpdate && reqs[i].Resource == wire.ResourceRCs && reqs[i].Name == "frontend-3" {
			put = &reqs[i]
		}
	}
	if put == nil {
		t.Fatalf("requests %v: no PUT of frontend-3", reqs)
	}
	type rc struct {
		Metadata struct {
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	var got, want rc
	if err := json.Unmarshal(put.Body, &got); err != nil {
		t.Fatal(err)
	}
	stored, err := os.ReadFile(filepath.Join("..", "testdata", "fixtures", "rc-frontend-3-complete.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(stored, &want); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want.Metadata.Annotations, got.Metadata.Annotations); d != "" {
		t.Errorf("annotations written (-stored +written):\n%s", d)
	}
}
