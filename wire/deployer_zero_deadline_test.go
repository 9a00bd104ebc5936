package wire_test

import (
	"encoding/json"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/wire"
)

// TestCreatePodSendsZeroDeadline checks SPEC 4.5 on the wire: the deployer
// pod's activeDeadlineSeconds is the strategy's whenever the encoded DC
// sets one, so an encoded strategy.activeDeadlineSeconds of 0 (a
// hand-edited annotation; SPEC 13.1: a world a cluster can hold) is sent
// as 0, which the API server refuses (activeDeadlineSeconds must be at
// least 1), as upstream's create is refused; leaving the field out would
// create a pod with no deadline at all.
func TestCreatePodSendsZeroDeadline(t *testing.T) {
	for _, preset := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		t.Run(preset.String(), func(t *testing.T) {
			s := fixtureWorld(t, preset)
			d := rc(t, &s, "frontend-3")
			d.Phase = dcplan.PhaseNew
			d.CreationTime = s.Now
			d.Encoded.Strategy.ActiveDeadlineSeconds, d.Encoded.Strategy.HasActiveDeadline = 0, true
			s.Pods = nil
			p := phase.Step(s, "frontend-3")
			if len(p.CreatePods) != 1 {
				t.Fatalf("Step() creates no deployer pod:\n%s", dcplan.Describe(p))
			}
			reqs, err := wire.Requests(s, p)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range reqs {
				if r.Resource != wire.ResourcePods || r.Verb != wire.VerbCreate {
					continue
				}
				var pod struct {
					Spec struct {
						ActiveDeadlineSeconds *int64 `json:"activeDeadlineSeconds"`
					} `json:"spec"`
				}
				if err := json.Unmarshal(r.Body, &pod); err != nil {
					t.Fatal(err)
				}
				if got := pod.Spec.ActiveDeadlineSeconds; got == nil || *got != 0 {
					t.Fatalf("create body spec.activeDeadlineSeconds = %v, want 0:\n%s", got, r.Body)
				}
				return
			}
			t.Fatalf("no pod create among the requests: %v", reqs)
		})
	}
}
