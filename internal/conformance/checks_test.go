package conformance_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/internal/conformance"
	"github.com/dcplan/dcplan/wire"
)

// checkScenarios are a dc pass over DC ns/web (uid uid-web) and a deployer
// pass over its RC web-1 (uid uid-web-1), whose encoded DC names the
// same DC.
func checkScenarios(t *testing.T) (dcPass, deployerPass conformance.Scenario) {
	t.Helper()
	encoded, err := json.Marshal(map[string]any{"metadata": map[string]any{"name": "web", "uid": "uid-web"}})
	if err != nil {
		t.Fatal(err)
	}
	rc, err := json.Marshal(map[string]any{"metadata": map[string]any{"name": "web-1", "uid": "uid-web-1",
		"annotations": map[string]string{dcplan.AnnotationEncodedConfig: string(encoded)}}})
	if err != nil {
		t.Fatal(err)
	}
	dcPass = conformance.Scenario{Pass: conformance.PassConfig,
		Input: conformance.Input{DC: json.RawMessage(`{"metadata":{"name":"web","uid":"uid-web"}}`), RCs: []json.RawMessage{rc}}}
	deployerPass = conformance.Scenario{Pass: conformance.PassDeployer, Target: "web-1", Input: conformance.Input{RCs: []json.RawMessage{rc}}}
	return dcPass, deployerPass
}

// TestCheckEventObjects: an event's involvedObject.uid is the uid of the
// object upstream's recorder records on (the DC of a dc pass; the target
// RC, or the DC its encoded config names, of a deployer pass); another
// uid, none, or an object the pass does not hold is a problem.
func TestCheckEventObjects(t *testing.T) {
	dcPass, deployerPass := checkScenarios(t)
	event := func(kind, name, uid string) wire.Event {
		return wire.Event{Type: "Normal", Reason: "Test", Object: dcplan.ObjectRef{Kind: kind, Name: name, UID: uid}}
	}
	later := func(e wire.Event) wire.Event { e.Time = e.Time.Add(time.Second); return e }
	tests := []struct {
		name    string
		sc      conformance.Scenario
		event   wire.Event
		problem string
	}{
		{"dc pass, the DC", dcPass, event("DeploymentConfig", "web", "uid-web"), ""},
		{"dc pass, no uid", dcPass, event("DeploymentConfig", "web", ""), `involvedObject.uid "", want "uid-web"`},
		{"deployer pass, the RC", deployerPass, event("ReplicationController", "web-1", "uid-web-1"), ""},
		{"deployer pass, the encoded DC", deployerPass, event("DeploymentConfig", "web", "uid-web"), ""},
		{"deployer pass, the RC's uid on the DC", deployerPass, event("DeploymentConfig", "web", "uid-web-1"), `want "uid-web"`},
		{"deployer pass, another RC", deployerPass, event("ReplicationController", "web-2", "uid-web-2"), "web-2"},
		// SPEC 13: an event's time is the snapshot's now; RecordEvents
		// keeps no time, so only this check sees another.
		{"dc pass, a second after now", dcPass, later(event("DeploymentConfig", "web", "uid-web")), `time 0001-01-01 00:00:01 +0000 UTC, want the scenario's now 0001-01-01 00:00:00 +0000 UTC`},
		{"deployer pass, a second after now", deployerPass, later(event("ReplicationController", "web-1", "uid-web-1")), "want the scenario's now"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(conformance.CheckEventObjects(tt.sc, []wire.Event{tt.event}), "\n")
			if tt.problem == "" && got != "" || tt.problem != "" && !strings.Contains(got, tt.problem) {
				t.Errorf("CheckEventObjects() = %q, want a problem containing %q", got, tt.problem)
			}
		})
	}
}

// TestCheckReads: a pass reads only what upstream reads live: the DC once
// in a dc pass (the adoption recheck) and an RC whose create met
// AlreadyExists, once per such create; any other GET is a problem.
func TestCheckReads(t *testing.T) {
	dcPass, deployerPass := checkScenarios(t)
	exists := fake.Write{Request: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Name: "web-2"},
		Err: &wire.StatusError{Reason: dcplan.StatusAlreadyExists, Code: 409}}
	tests := []struct {
		name    string
		sc      conformance.Scenario
		reads   []string
		log     []fake.Write
		problem string
	}{
		{"the DC's recheck", dcPass, []string{"deploymentconfigs/web"}, nil, ""},
		{"the recheck twice", dcPass, []string{"deploymentconfigs/web", "deploymentconfigs/web"}, nil, "read 1: GET deploymentconfigs/web"},
		{"the RC after AlreadyExists", dcPass, []string{"replicationcontrollers/web-2"}, []fake.Write{exists}, ""},
		{"an RC without AlreadyExists", dcPass, []string{"replicationcontrollers/web-2"}, nil, "GET replicationcontrollers/web-2"},
		{"the DC in a deployer pass", deployerPass, []string{"deploymentconfigs/web"}, nil, "GET deploymentconfigs/web"},
		{"a pod", deployerPass, []string{"pods/web-1-deploy"}, nil, "GET pods/web-1-deploy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(conformance.CheckReads(tt.sc, tt.reads, tt.log), "\n")
			if tt.problem == "" && got != "" || tt.problem != "" && !strings.Contains(got, tt.problem) {
				t.Errorf("CheckReads() = %q, want a problem containing %q", got, tt.problem)
			}
		})
	}
}
