package fake_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan/wire"
)

// TestHookListsPatchedByReplacement: a strategic-merge patch of a DC
// lifecycle hook's execNewPod env and volumes replaces them, as the
// apps/v1 types give them no patch merge key (a pod's env and volumes,
// merged by name, share only their names): the volumes, a list of
// strings, are no error, and a patched env holds the patch's entries
// alone.
func TestHookListsPatchedByReplacement(t *testing.T) {
	s := newTestServer(t)
	patch := func(body string) {
		t.Helper()
		_, err := s.Do(context.Background(), wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceConfigs, Namespace: "shop", Name: "web",
			PatchType: wire.PatchStrategicMerge, Patch: []byte(body)})
		if err != nil {
			t.Fatalf("patch %s: %v", body, err)
		}
	}
	patch(`{"spec":{"strategy":{"type":"Recreate","recreateParams":{"pre":{"failurePolicy":"Abort",
		"execNewPod":{"containerName":"c","command":["migrate"],"volumes":["data"],"env":[{"name":"A","value":"1"}]}}}}}}`)
	patch(`{"spec":{"strategy":{"recreateParams":{"pre":{"execNewPod":{"volumes":["cache"],"env":[{"name":"B","value":"2"}]}}}}}}`)
	b, ok := s.Object(wire.ResourceConfigs, "shop", "web")
	if !ok {
		t.Fatal("the DC is gone")
	}
	var dc struct {
		Spec struct {
			Strategy struct {
				RecreateParams struct {
					Pre struct {
						ExecNewPod struct {
							Volumes []string `json:"volumes"`
							Env     []struct{ Name, Value string }
						} `json:"execNewPod"`
					} `json:"pre"`
				} `json:"recreateParams"`
			} `json:"strategy"`
		} `json:"spec"`
	}
	if err := json.Unmarshal(b, &dc); err != nil {
		t.Fatal(err)
	}
	hook := dc.Spec.Strategy.RecreateParams.Pre.ExecNewPod
	if d := cmp.Diff([]string{"cache"}, hook.Volumes); d != "" {
		t.Errorf("hook volumes (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]struct{ Name, Value string }{{"B", "2"}}, hook.Env); d != "" {
		t.Errorf("hook env (-want +got):\n%s", d)
	}
}
