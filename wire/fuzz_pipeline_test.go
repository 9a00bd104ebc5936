package wire_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// FuzzPipeline runs the whole path an adapter takes on arbitrary input:
// DecodeSnapshot, then every planner (the DC controller with every RC's
// deployer step, the user operations), then Requests. Nothing may panic;
// a decode error wraps ErrMalformed, ErrNotFound or ErrAmbiguous and
// comes with an empty snapshot; a plan of a decoded snapshot renders
// without error (the planners only name objects the snapshot holds), and
// as it renders for the snapshot re-encoded (Reencoded); a decoded
// snapshot that does not validate gets empty plans (checkRefused).
func FuzzPipeline(f *testing.F) {
	list, err := os.ReadFile(filepath.Join("..", "testdata", "fixtures", "list-dc-rc-pods.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(list, uint8(0))
	f.Add(list, uint8(1))
	f.Add(list, uint8(4))
	f.Add([]byte(`{"kind":"List","items":[{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"frontend","namespace":"shop"}}]}`), uint8(2))
	f.Add([]byte(`{"kind":"List","items":[]}`), uint8(3))
	// Decodes, and Validate refuses it (a Rolling strategy without its
	// params, which the API server would have defaulted): checkRefused.
	f.Add([]byte(`{"kind":"List","items":[{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"frontend","namespace":"shop","uid":"u1"},"spec":{"replicas":1,"strategy":{"type":"Rolling"}},"status":{"latestVersion":1}}]}`), uint8(0))
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	presets := []dcplan.Preset{dcplan.Modern, dcplan.Exact, dcplan.Origin10, dcplan.Origin13, dcplan.Origin15}
	f.Fuzz(func(t *testing.T, data []byte, preset uint8) {
		st := presets[int(preset)%len(presets)].Settings()
		st.DeployerImage, st.ServiceAccount = "registry.example/deployer:v4", "deployer"
		s, err := wire.DecodeSnapshot(data, "", "frontend", now, st)
		if err != nil {
			if !errors.Is(err, dcplan.ErrMalformed) && !errors.Is(err, dcplan.ErrNotFound) && !errors.Is(err, wire.ErrAmbiguous) {
				t.Fatalf("DecodeSnapshot error %v wraps no documented sentinel", err)
			}
			if d := cmp.Diff(dcplan.Snapshot{}, s); d != "" {
				t.Fatalf("DecodeSnapshot error %v came with a snapshot (-want +got):\n%s", err, d)
			}
			return
		}
		if err := s.Validate(); err != nil {
			checkRefused(t, s, err)
			return
		}
		plans := []dcplan.Plan{reconcile.All(s), reconcile.Config(s)}
		for _, d := range s.Deployments {
			plans = append(plans, phase.Step(s, d.Name))
		}
		if p, _, err := cancel.Cancel(s); err == nil {
			plans = append(plans, p)
		}
		if p, _, err := cancel.Retry(s); err == nil {
			plans = append(plans, p)
		}
		if p, err := reconcile.Pause(s); err == nil {
			plans = append(plans, p)
		}
		if p, err := reconcile.Instantiate(s, true, preset%2 == 0); err == nil {
			plans = append(plans, p)
		}
		// A decoded snapshot is its own re-encoding: the requests of
		// Reencoded(s) are the requests of s, byte for byte.
		re, err := wire.Reencoded(s)
		if err != nil {
			t.Fatalf("Reencoded of a decoded snapshot: %v", err)
		}
		for i, p := range plans {
			reqs, err := wire.Requests(s, p)
			if err != nil {
				t.Fatalf("plan %d of a valid snapshot does not render: %v\n%s", i, err, dcplan.Describe(p))
			}
			again, err := wire.Requests(re, p)
			if err != nil {
				t.Fatalf("plan %d of the re-encoded snapshot does not render: %v", i, err)
			}
			if d := cmp.Diff(reqs, again); d != "" {
				t.Fatalf("plan %d: the re-encoded snapshot's requests differ (-read +re-encoded):\n%s", i, d)
			}
		}
	})
}

// checkRefused holds, for a snapshot that Validate refuses with err, that
// every planner answers it with an empty plan, and a user operation with
// an error and an empty plan, where its part of the snapshot is invalid:
// bad input never gets a destructive plan.
func checkRefused(t *testing.T, s dcplan.Snapshot, err error) {
	t.Helper()
	if !errors.Is(err, dcplan.ErrInvalidSnapshot) && !errors.Is(err, dcplan.ErrInvalidSettings) {
		t.Fatalf("Validate's error %v wraps neither ErrInvalidSnapshot nor ErrInvalidSettings", err)
	}
	empty := func(who string, p dcplan.Plan) {
		if !p.IsEmpty() {
			t.Fatalf("%s planned on an invalid snapshot (%v):\n%s", who, err, dcplan.Describe(p))
		}
	}
	empty("All", reconcile.All(s))
	for _, d := range s.Deployments {
		empty("Step "+d.Name, phase.Step(s, d.Name))
	}
	if s.ValidateConfig() == nil {
		return // the DC's part is valid: the DC controller and oc plan on it
	}
	empty("Config", reconcile.Config(s))
	if p, _, err := cancel.Cancel(s); err == nil {
		t.Fatalf("Cancel of a snapshot whose DC does not validate: no error")
	} else {
		empty("Cancel", p)
	}
}
