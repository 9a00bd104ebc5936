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
// as it renders for the snapshot re-encoded (Reencoded).
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
		if s.Validate() != nil {
			return // the planners answer an invalid snapshot with an empty plan and the error
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
