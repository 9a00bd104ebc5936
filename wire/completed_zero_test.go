package wire_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/wire"
)

// TestTransitionWritesZeroCompletedAt checks SPEC 1.1 and 2.2 on the wire:
// when the deployer pod's first terminated container carries no
// finishedAt, the RC update still writes completed-at, as the zero time's
// text upstream renders ("0001-01-01 00:00:00 +0000 UTC"); with a
// finishedAt it writes that time.
func TestTransitionWritesZeroCompletedAt(t *testing.T) {
	finished := time.Date(2026, 11, 1, 11, 59, 30, 0, time.UTC)
	for _, tc := range []struct {
		name     string
		finished time.Time
		want     string
	}{
		{"no finishedAt", time.Time{}, "0001-01-01 00:00:00 +0000 UTC"},
		{"finishedAt", finished, "2026-11-01 11:59:30 +0000 UTC"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := fixtureWorld(t, dcplan.Modern)
			pod := &s.Pods[0]
			pod.Phase = dcplan.PodSucceeded
			pod.Containers = []dcplan.ContainerStatus{{Name: "deployment", Terminated: true, FinishedAt: tc.finished}}
			p := phase.Step(s, "frontend-3")
			if len(p.Transitions) != 1 || !p.Transitions[0].Completed {
				t.Fatalf("plan has no transition that writes completed-at:\n%s", dcplan.Describe(p))
			}
			reqs, err := wire.Requests(s, p)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range reqs {
				if r.Resource != "replicationcontrollers" || r.Verb != wire.VerbUpdate {
					continue
				}
				var rc struct {
					Metadata struct {
						Annotations map[string]string `json:"annotations"`
					} `json:"metadata"`
				}
				if err := json.Unmarshal(r.Body, &rc); err != nil {
					t.Fatal(err)
				}
				got, ok := rc.Metadata.Annotations[dcplan.AnnotationDeployerCompletedAt]
				if !ok || got != tc.want {
					t.Fatalf("completed-at = %q (present %v), want %q", got, ok, tc.want)
				}
				return
			}
			t.Fatalf("no RC update among the requests: %v", reqs)
		})
	}
}
