package explore_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
)

// TestScenarioReportsReplayError pins that Scenario returns the error of
// a trace that does not replay (here a kubelet move of a pod that does not
// exist), beside the text of the moves that did, which says so too.
func TestScenarioReportsReplayError(t *testing.T) {
	v := explore.Violation{Property: "Example", Err: errors.New("example"), Initial: replayWorld(),
		Trace: []explore.Move{{Actor: explore.ActorConfig}, {Actor: explore.ActorKubelet, Target: "web-1-deploy", To: "Running"}}}
	text, err := explore.Scenario(v, dcplan.Modern.Settings(), nil)
	const want = "move 2 (kubelet pod/web-1-deploy -> Running): explore: move refused"
	if err == nil || err.Error() != want {
		t.Errorf("Scenario() error %v, want %q", err, want)
	}
	if !strings.Contains(text, "# replay: "+want) || !strings.Contains(text, "# 1. dc-controller pass") {
		t.Errorf("Scenario() text lacks the replay error or the first move:\n%s", text)
	}
}
