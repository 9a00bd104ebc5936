package fake_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// newWorld returns a World holding DC ns/web (latestVersion 1) and its RC
// web-1 (New, 0 replicas).
func newWorld(t *testing.T) *fake.World {
	t.Helper()
	w := fake.NewWorld(fake.Epoch)
	c := fake.NewConfig("ns", "web", 2)
	c.Status.LatestVersion = 1
	if err := w.CreateConfig(c); err != nil {
		t.Fatal(err)
	}
	c, _ = w.Config("ns", "web")
	d, err := wire.NewDeployment(c)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.CreateDeployment(d); err != nil {
		t.Fatal(err)
	}
	return w
}

func TestBackendSemantics(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		why  string
		plan dcplan.Plan
		want error // nil, ErrConflict, ErrNotFound or ErrAlreadyExists
	}{
		{"scale", "From matches", dcplan.Plan{Scales: []dcplan.Scale{{RC: "web-1", From: 0, To: 2}}}, nil},
		{"scale stale", "From no longer holds", dcplan.Plan{Scales: []dcplan.Scale{{RC: "web-1", From: 1, To: 2}}}, dcplan.ErrConflict},
		{"scale missing", "update of a missing object", dcplan.Plan{Scales: []dcplan.Scale{{RC: "web-9", To: 2}}}, dcplan.ErrNotFound},
		{"transition", "From phase matches", dcplan.Plan{Transitions: []dcplan.Transition{{RC: "web-1", From: dcplan.PhaseNew, To: dcplan.PhasePending}}}, nil},
		{"transition stale", "phase moved on", dcplan.Plan{Transitions: []dcplan.Transition{{RC: "web-1", From: dcplan.PhaseRunning, To: dcplan.PhaseComplete}}}, dcplan.ErrConflict},
		{"cancel", "in flight, not cancelled", dcplan.Plan{Cancels: []dcplan.Cancel{{RC: "web-1", Phase: dcplan.PhaseNew, Reason: dcplan.ReasonCancelledByUser}}}, nil},
		{"cancel twice", "cancelled state no longer holds", dcplan.Plan{Cancels: []dcplan.Cancel{
			{RC: "web-1", Phase: dcplan.PhaseNew, Reason: dcplan.ReasonCancelledByUser},
			{RC: "web-1", Phase: dcplan.PhaseNew, Reason: dcplan.ReasonCancelledByUser}}}, dcplan.ErrConflict},
		{"create taken", "create of an existing name", dcplan.Plan{CreateRCs: []dcplan.CreateRC{{Deployment: dcplan.Deployment{Name: "web-1", Version: 1}}}}, dcplan.ErrAlreadyExists},
		{"delete scaled", "replicas differ from what was planned", dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{RC: "web-1", Replicas: 3}}}, dcplan.ErrConflict},
		{"delete", "replicas as planned", dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{RC: "web-1"}}}, nil},
		{"delete missing", "delete of a missing object", dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{RC: "web-9"}}}, dcplan.ErrNotFound},
		{"pause stale", "paused value changed", dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{{Config: "web", SetPaused: true, PausedFrom: true}}}, dcplan.ErrConflict},
		{"status stale", "status seen is not the stored one", dcplan.Plan{Status: &dcplan.StatusUpdate{Config: "web", To: dcplan.ConfigStatus{LatestVersion: 2}}}, dcplan.ErrConflict},
		{"delete pod missing", "pod does not exist", dcplan.Plan{DeletePods: []dcplan.DeletePod{{Pod: "web-1-deploy"}}}, dcplan.ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			before := w.Seq()
			_, err := fake.Apply(ctx, w, "ns", tt.plan)
			if !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
				t.Fatalf("Apply() error = %v, want %v (%s)", err, tt.want, tt.why)
			}
			if tt.want == nil && w.Seq() == before {
				t.Errorf("Apply() wrote nothing (%s)", tt.why)
			}
		})
	}
}

func TestBackendWritesGoThroughTheCodec(t *testing.T) {
	w := newWorld(t)
	d0, _ := w.Deployment("ns", "web-1")
	plan := dcplan.Plan{Transitions: []dcplan.Transition{{RC: "web-1", From: dcplan.PhaseNew, To: dcplan.PhasePending, DeployerPod: "web-1-deploy"}}}
	if _, err := fake.Apply(context.Background(), w, "ns", plan); err != nil {
		t.Fatal(err)
	}
	raw, ok := w.Wire(fake.KindRC, "ns", "web-1")
	if !ok {
		t.Fatal("Wire() found no rc web-1")
	}
	for _, want := range []string{`"openshift.io/deployment.phase":"Pending"`, `"openshift.io/deployer-pod.name":"web-1-deploy"`, `"openshift.io/encoded-deployment-config":"{`} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("wire form lacks %s:\n%s", want, raw)
		}
	}
	d1, err := wire.DecodeDeployment(raw)
	if err != nil {
		t.Fatal(err)
	}
	if d1.ResourceVersion == d0.ResourceVersion {
		t.Errorf("resourceVersion not bumped: %s", d1.ResourceVersion)
	}
	if d1.Phase != dcplan.PhasePending || d1.DeployerPodName != "web-1-deploy" {
		t.Errorf("decoded rc = %s %q, want Pending web-1-deploy", d1.Phase, d1.DeployerPodName)
	}
}

func TestWorldStaleReads(t *testing.T) {
	w := newWorld(t)
	w.MaxLag = 2
	ctx := context.Background()
	for _, to := range []dcplan.Replicas{1, 2} {
		d, _ := w.Deployment("ns", "web-1")
		if _, err := fake.Apply(ctx, w, "ns", dcplan.Plan{Scales: []dcplan.Scale{{RC: "web-1", From: d.Replicas, To: to}}}); err != nil {
			t.Fatal(err)
		}
	}
	var got []dcplan.Replicas
	for lag := range 4 {
		s, err := w.SnapshotAt(lag, "ns", "web", fake.Epoch, dcplan.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s.Deployments[0].Replicas)
	}
	// Lag 3 is capped at MaxLag 2.
	if d := cmp.Diff([]dcplan.Replicas{2, 1, 0, 0}, got); d != "" {
		t.Errorf("replicas seen at lag 0..3 mismatch (-want +got):\n%s", d)
	}
	if _, err := w.Snapshot("ns", "nope", fake.Epoch, dcplan.Settings{}); !errors.Is(err, dcplan.ErrNotFound) {
		t.Errorf("Snapshot(missing) error = %v, want ErrNotFound", err)
	}
}

func TestWorldCompressedRoundTrip(t *testing.T) {
	plain, packed := newWorld(t), fake.NewWorld(fake.Epoch)
	packed.Compress, packed.NoDecodeCache = true, true
	c, _ := plain.Config("ns", "web")
	d, _ := plain.Deployment("ns", "web-1")
	if err := packed.CreateConfig(c); err != nil {
		t.Fatal(err)
	}
	if err := packed.CreateDeployment(d); err != nil {
		t.Fatal(err)
	}
	a, _ := plain.Wire(fake.KindRC, "ns", "web-1")
	b, _ := packed.Wire(fake.KindRC, "ns", "web-1")
	if string(a) != string(b) {
		t.Errorf("compressed store returns other bytes:\n%s\n%s", a, b)
	}
	if sp, sc := plain.Stats(), packed.Stats(); sc.Bytes >= sp.Bytes {
		t.Errorf("compressed store holds %d bytes, plain %d", sc.Bytes, sp.Bytes)
	}
}

func TestParseFaults(t *testing.T) {
	tests := []struct {
		name, why, in string
		want          fake.Faults
		wantErr       string
	}{
		{"none", "empty means no faults", "", fake.Faults{}, ""},
		{"all", "the preset", "all", fake.AllFaults(), ""},
		{"list", "explicit values", "conflict=0.5,stale=2", fake.Faults{Conflict: 0.5, StaleReads: 2}, ""},
		{"default rate", "a bare name takes the preset rate", "crash", fake.Faults{Crash: fake.AllFaults().Crash}, ""},
		{"unknown", "typo", "conflcit=0.1", fake.Faults{}, `fake: unknown fault "conflcit"`},
		{"range", "probability above 1", "dup=2", fake.Faults{}, `fake: fault dup: want a probability in [0, 1], got "2"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := fake.ParseFaults(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
					t.Fatalf("ParseFaults(%q) error = %v, want prefix %q (%s)", tt.in, err, tt.wantErr, tt.why)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("ParseFaults(%q) mismatch (-want +got):\n%s", tt.in, d)
			}
			if back, _ := fake.ParseFaults(got.String()); back != got {
				t.Errorf("ParseFaults(String()) = %v, want %v", back, got)
			}
		})
	}
}
