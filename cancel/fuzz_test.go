package cancel_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/dcplan/dcplan/wire"
)

// FuzzCancelRetry decodes arbitrary `oc get dc,rc,pods -o json` documents
// and checks that Cancel and Retry never panic, never mutate their input,
// refuse with an empty plan, answer the same when asked again, cancel
// only in-flight RCs and reset only a Failed one (SPEC 6.1, 6.2; the
// property tests judge the rest);
// Failed renders any of their reports with any failed cancels.
// Seeds: the fixture list and variations of it.
func FuzzCancelRetry(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "fixtures", "list-dc-rc-pods.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data, uint8(0), int64(0))
	f.Add(data, uint8(1), int64(3600))
	f.Add(data, uint8(2), int64(-60))
	f.Add([]byte(`{"kind":"List","apiVersion":"v1","items":[]}`), uint8(0), int64(0))
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, data []byte, profile uint8, offset int64) {
		st := dcplan.Settings{Switches: dcplan.Preset(profile % 5).Switches()}
		s, err := wire.DecodeSnapshot(data, "shop", "frontend", now.Add(time.Duration(offset)*time.Second), st)
		if err != nil {
			return
		}
		before := s.Clone()
		p, r, err := cancel.Cancel(s)
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("Cancel() mutated its input:\n%s", d)
		}
		if err != nil && !p.IsEmpty() {
			t.Fatalf("Cancel() refused (%v) with a plan", err)
		}
		if p2, r2, err2 := cancel.Cancel(s); errText(err2) != errText(err) || !cmp.Equal(p, p2) || !cmp.Equal(r, r2) {
			t.Fatalf("Cancel() answers differently for the same snapshot (%v, then %v):\n%s%s", err, err2, cmp.Diff(p, p2), cmp.Diff(r, r2))
		}
		if p.Actions() != len(p.Cancels) || len(r.Cancelled) != len(p.Cancels) {
			t.Fatalf("Cancel() plan:\n%s", dcplan.Describe(p))
		}
		for _, c := range p.Cancels {
			// Judged on the snapshot's RC, not on the action's own
			// words: the DC's, in flight, not cancelled yet.
			d, ok := s.Deployment(c.RC)
			if !ok || d.ConfigLabel != s.Config.Name || d.Phase.Terminal() || d.Phase == dcplan.PhaseUnknown || d.Cancelled {
				t.Fatalf("Cancel() cancels %s (in the snapshot: %v, label %q, phase %q, cancelled %v)", c.RC, ok, d.ConfigLabel, d.Phase, d.Cancelled)
			}
		}
		_ = r.String()
		// Failed renders oc's output after the writes, some of which
		// failed (SPEC 6m.1.3.5): any report, any failures, never a panic.
		var failures []cancel.Failure
		for i, c := range p.Cancels {
			if (int64(i)+offset)%2 == 0 {
				failures = append(failures, cancel.Failure{RC: c.RC, Version: c.Version, Err: dcplan.ErrConflict})
			}
		}
		if _, ferr := cancel.Failed(r, failures); len(failures) > 0 && ferr == nil {
			t.Fatalf("Failed() reported no error for %d failed cancels", len(failures))
		}
		p, rr, err := cancel.Retry(s)
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("Retry() mutated its input:\n%s", d)
		}
		if _, ferr := cancel.Failed(rr, nil); ferr != nil {
			t.Fatalf("Failed() of a Retry report: %v", ferr)
		}
		if err != nil && !p.IsEmpty() {
			t.Fatalf("Retry() refused (%v) with a plan", err)
		}
		if p2, r2, err2 := cancel.Retry(s); errText(err2) != errText(err) || !cmp.Equal(p, p2) || !cmp.Equal(rr, r2) {
			t.Fatalf("Retry() answers differently for the same snapshot (%v, then %v):\n%s%s", err, err2, cmp.Diff(p, p2), cmp.Diff(rr, r2))
		}
		latest := dcplan.DeploymentName(s.Config.Name, latestRollout(s))
		for _, tr := range p.Transitions {
			if d, ok := s.Deployment(tr.RC); !ok || tr.RC != latest || d.Phase != dcplan.PhaseFailed || tr.To != dcplan.PhaseNew {
				t.Fatalf("Retry() transition %+v of an RC in phase %q", tr, d.Phase)
			}
		}
		for _, dp := range p.DeletePods {
			if pod, ok := s.Pod(dp.Pod); !ok || pod.DeployerFor != latest {
				t.Fatalf("Retry() deletes pod %s, not a deployer or hook pod of %s", dp.Pod, latest)
			}
		}
	})
}

// errText is err's text, "" for no error.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
