package conformance_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/conformance"
)

// TestComparePerturbedRun pins that Compare reports a deliberately wrong
// replay of a recorded world: gen-1-4128 (a claim patch, a cancelling RC
// update, two events, a retry error) is played with the Exact profile,
// agrees with upstream, and then each one-detail change of the played
// result (one byte of a field, of the patch, of an event or of the error;
// a missing or extra write, event or field; another class) is reported
// with the write, event or error it concerns.
func TestComparePerturbedRun(t *testing.T) {
	var sc conformance.Scenario
	for _, s := range loadAll(t) {
		if s.Name == "gen-1-4128" {
			sc = s
		}
	}
	if sc.Name == "" {
		t.Fatal("scenario gen-1-4128 not in the archive")
	}
	const reason = `metadata.annotations.openshift\.io/deployment\.status-reason`
	const cancelled = `metadata.annotations.openshift\.io/deployment\.cancelled`
	tests := []struct {
		name    string
		perturb func(e *conformance.Expected)
		// diff is a substring of the difference, "" for none.
		diff string
	}{
		{name: "as played", perturb: func(*conformance.Expected) {}},
		{name: "one byte of a field",
			perturb: func(e *conformance.Expected) { e.Writes[1].Fields[reason] = "newer deployment was found runninG" },
			diff: `write 1 (update replicationcontrollers test/config-1): fields[metadata.annotations.openshift\.io/deployment\.status-reason]: ` +
				`want "newer deployment was found running", got "newer deployment was found runninG"`},
		{name: "a field missing",
			perturb: func(e *conformance.Expected) { delete(e.Writes[1].Fields, cancelled) },
			diff:    `write 1 (update replicationcontrollers test/config-1): fields[metadata.annotations.openshift\.io/deployment\.cancelled]: missing "true"`},
		{name: "one byte of the patch",
			perturb: func(e *conformance.Expected) {
				e.Writes[0].Patch.(map[string]any)["metadata"].(map[string]any)["uid"] = "2bb4dcc3-a09d-43bc-ac77-c7e7f42a478b"
			},
			diff: `write 0 (patch replicationcontrollers test/config-2): patch:`},
		{name: "a write missing",
			perturb: func(e *conformance.Expected) { e.Writes = e.Writes[1:] },
			diff:    `write 0 (patch replicationcontrollers test/config-2): verb: want "patch", got "update"`},
		{name: "an extra write",
			perturb: func(e *conformance.Expected) { e.Writes = append(e.Writes, e.Writes[1]) },
			diff:    `write 2: unexpected update replicationcontrollers test/config-1`},
		{name: "an event missing",
			perturb: func(e *conformance.Expected) { e.Events = e.Events[:1] },
			diff:    `event 1: missing {Type:Normal Reason:DeploymentAwaitingCancellation Message:Deployment of version 2 awaiting cancellation of older running deployments Object:DeploymentConfig/config}`},
		{name: "one byte of an event",
			perturb: func(e *conformance.Expected) {
				e.Events[0].Message = strings.Replace(e.Events[0].Message, "version 2", "version 3", 1)
			},
			diff: "event 0:\n want {Type:Normal Reason:DeploymentCancelled Message:Cancelled deployment \"config-1\" superceded by version 2"},
		{name: "one byte of the error",
			perturb: func(e *conformance.Expected) {
				e.Error = "found previous inflight deployment for test/config - requeuinG"
			},
			diff: "error:\n want \"found previous inflight deployment for test/config - requeuing\"\n" +
				" got  \"found previous inflight deployment for test/config - requeuinG\""},
		{name: "another class",
			perturb: func(e *conformance.Expected) { e.ErrorClass = "fatal" },
			diff:    `error class: want "retry", got "fatal"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := conformance.Run(sc, dcplan.Exact.Settings())
			if err != nil {
				t.Fatal(err)
			}
			tc.perturb(&got)
			d := conformance.Compare(sc.Expected, got)
			if tc.diff == "" && d != "" || tc.diff != "" && !strings.Contains(d, tc.diff) {
				t.Errorf("Compare = %q\nwant     %q", d, tc.diff)
			}
		})
	}
}
