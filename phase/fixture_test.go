package phase_test

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

// readFixture reads one of the repository's wire fixtures of real upstream
// objects (testdata/fixtures at the module root).
func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "fixtures", name))
	if err != nil {
		t.Fatalf("fixture: %v", err)
	}
	return b
}

// jsonValue decodes JSON into a generic value, so that two documents
// compare equal whatever their key order and spacing.
func jsonValue(t *testing.T, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("json: %v\n%s", err, b)
	}
	return v
}

// TestStepCreatesFixturePod steps the RC frontend-3 exactly as the DC
// controller created it and encodes the deployer pod the plan creates: it
// must be the pod upstream created for it (pod-frontend-3-deploy.json, the
// create request body), field for field.
//
// Reference: deployer_controller.go (*DeploymentController).makeDeployerPod
func TestStepCreatesFixturePod(t *testing.T) {
	rc, err := wire.DecodeDeployment(readFixture(t, "rc-frontend-3-new.json"))
	if err != nil {
		t.Fatalf("DecodeDeployment() error: %v", err)
	}
	stored, err := wire.DecodeDeployment(readFixture(t, "rc-frontend-3-complete.json"))
	if err != nil {
		t.Fatalf("DecodeDeployment() error: %v", err)
	}
	dc, err := wire.DecodeConfig(readFixture(t, "dc-frontend.json"))
	if err != nil {
		t.Fatalf("DecodeConfig() error: %v", err)
	}
	// The server assigns the namespace (from the request path), the UID
	// and the creation time.
	rc.Namespace, rc.UID, rc.CreationTime = "shop", stored.UID, stored.CreationTime
	now := rc.CreationTime.Add(2 * time.Second)
	for _, profile := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		t.Run(profile.String(), func(t *testing.T) {
			s := dcplan.Snapshot{
				Now:         now,
				Config:      dc,
				Deployments: []dcplan.Deployment{rc},
				Settings: dcplan.Settings{
					Switches:       profile.Switches(),
					DeployerImage:  "registry.example/openshift/origin-deployer:v4",
					ServiceAccount: "deployer",
				},
			}
			p := phase.Step(s, "frontend-3")
			if len(p.CreatePods) != 1 {
				t.Fatalf("Step() creates %d pods, want 1:\n%s", len(p.CreatePods), dcplan.Describe(p))
			}
			rc, _ := s.Deployment("frontend-3")
			got, err := wire.EncodePod(p.CreatePods[0].Pod, rc.Template)
			if err != nil {
				t.Fatalf("EncodePod() error: %v", err)
			}
			want := readFixture(t, "pod-frontend-3-deploy.json")
			if d := cmp.Diff(jsonValue(t, want), jsonValue(t, got)); d != "" {
				t.Errorf("created deployer pod mismatch (-want +got):\n%s", d)
			}
			wantTr := []dcplan.Transition{{
				Rule: "4.3.new.4", RC: "frontend-3", Version: 3, From: dcplan.PhaseNew, To: dcplan.PhasePending,
				DeployerPod: "frontend-3-deploy", CreatedAt: now,
			}}
			if d := cmp.Diff(wantTr, p.Transitions); d != "" {
				t.Errorf("Step() transition mismatch (-want +got):\n%s", d)
			}
		})
	}
}
