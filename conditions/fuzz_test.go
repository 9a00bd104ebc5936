package conditions_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/dcplan/dcplan/wire"
)

// FuzzStatus decodes arbitrary `oc get dc,rc,pods -o json` documents and
// runs Status, Changed and RolloutStatus on the snapshot: none may panic
// or modify its input (valid or not: Status and RolloutStatus do not
// validate, SPEC 13.1); Changed is exactly "Status differs by
// ConfigStatus.Equal" (the write rule, SPEC 3.9); Status and
// RolloutStatus answer the same when asked again; Status copies
// latestVersion and keeps its counters in int32's range and, without
// SeedStatus, at or above zero (SPEC 3.8); RolloutStatus answers with a
// state and a message, stdout or stderr as its state says (SPEC 6m.6).
// Seeds: the fixture list and variations of it.
func FuzzStatus(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "fixtures", "list-dc-rc-pods.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data, uint8(0), int64(0), int64(0))
	f.Add(data, uint8(1), int64(3600), int64(3))
	f.Add(data, uint8(2), int64(-60), int64(-1))
	f.Add(data, uint8(3), int64(0), int64(2))
	f.Add([]byte(`{"kind":"List","apiVersion":"v1","items":[]}`), uint8(4), int64(0), int64(0))
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, data []byte, flags uint8, offset, revision int64) {
		st := dcplan.Settings{Switches: dcplan.Preset(flags % 5).Switches()}
		s, err := wire.DecodeSnapshot(data, "shop", "frontend", now.Add(time.Duration(offset)*time.Second), st)
		if err != nil {
			return
		}
		bump := flags&8 != 0
		var extra []dcplan.Condition
		if flags&16 != 0 {
			extra = append(extra, conditions.Created("frontend-9", 9, s.Now))
		}
		if flags&32 != 0 {
			extra = append(extra, conditions.CreateError("quota exceeded", s.Now))
		}
		before := s.Clone()
		got := conditions.Status(s, bump, extra...)
		changed := conditions.Changed(s, bump, extra...)
		rs := conditions.RolloutStatus(s, dcplan.Version(revision))
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("Status, Changed or RolloutStatus mutated the snapshot:\n%s", d)
		}
		if want := !got.Equal(s.Config.Status); changed != want {
			t.Fatalf("Changed() = %v, !Equal(Status(), current) = %v", changed, want)
		}
		if d := cmp.Diff(got, conditions.Status(s, bump, extra...)); d != "" {
			t.Fatalf("Status() differs between two calls:\n%s", d)
		}
		if d := cmp.Diff(rs, conditions.RolloutStatus(s, dcplan.Version(revision))); d != "" {
			t.Fatalf("RolloutStatus() differs between two calls:\n%s", d)
		}
		if got.LatestVersion != s.Config.Status.LatestVersion {
			t.Fatalf("Status() latestVersion = %d, want %d", got.LatestVersion, s.Config.Status.LatestVersion)
		}
		checkCounters(t, got, s.Settings.SeedStatus)
		checkRolloutResult(t, rs)
	})
}

// checkCounters fails t when a replica counter of st leaves int32's range,
// or, without seedStatus (which kept upstream's unclamped subtraction),
// falls below zero.
func checkCounters(t *testing.T, st dcplan.ConfigStatus, seedStatus bool) {
	t.Helper()
	for name, n := range map[string]dcplan.Replicas{"replicas": st.Replicas, "updatedReplicas": st.UpdatedReplicas,
		"availableReplicas": st.AvailableReplicas, "unavailableReplicas": st.UnavailableReplicas, "readyReplicas": st.ReadyReplicas} {
		if int64(n) != int64(int32(n)) || n < 0 && !seedStatus {
			t.Fatalf("Status() %s = %d", name, n)
		}
	}
}

// checkRolloutResult fails t when r is not an answer oc could print: a
// known state with a message, on stdout unless it failed, on stderr
// (`error: ...`, one trailing newline) when it did.
func checkRolloutResult(t *testing.T, r conditions.RolloutResult) {
	t.Helper()
	switch r.State {
	case conditions.RolloutInProgress, conditions.RolloutDone:
		if r.Stdout() != r.Message || r.Stderr() != "" || !strings.HasSuffix(r.Message, "\n") {
			t.Fatalf("RolloutStatus() = %+v: stdout %q, stderr %q", r, r.Stdout(), r.Stderr())
		}
	case conditions.RolloutFailed:
		// kubectl's CheckErr: `error: ` and the message, a newline added
		// unless it ends in one. An empty condition message prints
		// `error: ` alone; one ending in a blank line prints it.
		if e := r.Stderr(); r.Stdout() != "" || !strings.HasPrefix(e, "error: ") || !strings.HasSuffix(e, "\n") {
			t.Fatalf("RolloutStatus() = %+v: stdout %q, stderr %q", r, r.Stdout(), e)
		}
		return
	default:
		t.Fatalf("RolloutStatus() state %v", r.State)
	}
	if r.Message == "" {
		t.Fatalf("RolloutStatus() = %+v: no message", r)
	}
}

// FuzzWatch feeds a Watch the events script spells, one byte each, over
// a DC built from the fuzzer's numbers (the viewer reads the DC alone, and
// FuzzStatus fuzzes the decoding): the low three bits choose the type (6
// and 7 are beyond the enum), the others edit the DC between looks (a
// generation bump, the generation observed, an updated or available
// replica more, the DC paused), so the viewer meets every rule. Nothing
// may panic; the watch ends at most once and reads nothing after (SPEC
// 6m.6.watch.2); an error comes only with the end, and the command then
// ends with exit code 1 (SPEC 6m.6.watch.6); stdout only from Added and
// Modified, each message ending in a newline (SPEC 6m.6.watch.3); Step
// modifies no event. Validate and EndStatus take the options and texts
// the fuzzer draws.
func FuzzWatch(f *testing.F) {
	f.Add([]byte{1, 2, 2, 2}, int64(0), uint8(0), int64(2), int64(1), int64(1), uint32(0x01010101), uint8(0), "m", "BOOKMARK", "")
	f.Add([]byte{1, 2 | 8, 2 | 16, 2 | 32, 2 | 64, 3}, int64(0), uint8(1|32), int64(1), int64(1), int64(0), uint32(0), uint8(1), "", "", "")
	f.Add([]byte{2, 0, 4}, int64(3), uint8(2), int64(5), int64(5), int64(3), uint32(0x03030303), uint8(2), "failed", "ERROR", "(*v1.Status)(0xc000010000)")
	f.Add([]byte{2 | 128, 5, 6, 7}, int64(-1), uint8(3|8), int64(0), int64(0), int64(0), uint32(0xffffffff), uint8(4), "x\n", "x", "y")
	f.Add([]byte{4}, int64(0), uint8(4|16), int64(1), int64(2), int64(1), uint32(0), uint8(3), "", "", "")
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	reasons := []dcplan.ConditionReason{dcplan.ReasonNone, dcplan.ReasonNewReplicationControllerAvailable, dcplan.ReasonProgressDeadlineExceeded,
		dcplan.ReasonRolloutCancelled, dcplan.ReasonDeploymentConfigPaused, dcplan.ReasonReplicationControllerUpdated}
	f.Fuzz(func(t *testing.T, script []byte, revision int64, flags uint8, gen, observed, latest int64, counts uint32, reason uint8,
		message, wireType, object string) {
		if len(script) > 64 {
			script = script[:64]
		}
		cfg := dcplan.Config{
			Namespace: "shop", Name: "frontend", UID: "uid", Generation: gen,
			Replicas: dcplan.Replicas(counts & 0xff),
			Status: dcplan.ConfigStatus{LatestVersion: dcplan.Version(latest), ObservedGeneration: observed,
				Replicas: dcplan.Replicas(counts >> 8 & 0xff), UpdatedReplicas: dcplan.Replicas(counts >> 16 & 0xff), AvailableReplicas: dcplan.Replicas(counts >> 24)},
		}
		if flags&32 != 0 {
			cfg.Triggers = append(cfg.Triggers, dcplan.Trigger{Type: dcplan.TriggerConfigChange})
		}
		if flags&64 != 0 {
			cfg.Triggers = append(cfg.Triggers, dcplan.Trigger{Type: dcplan.TriggerImageChange, FromName: "frontend:latest"})
		}
		if r := reasons[int(reason)%len(reasons)]; r != dcplan.ReasonNone || reason&128 != 0 {
			cfg.Status.Conditions = []dcplan.Condition{{Type: dcplan.ConditionProgressing, Status: dcplan.StatusTrue, Reason: r, Message: message}}
		}
		s := dcplan.Snapshot{Now: now, Config: cfg, Settings: dcplan.Settings{Switches: dcplan.Preset(flags % 5).Switches()}}
		o := conditions.StatusOptions{Namespace: "shop", NoWatch: flags&8 != 0, Revision: dcplan.Version(revision)}
		if flags&16 == 0 {
			o.Resources = []string{"dc/frontend"}
		}
		if err := o.Validate(); err != nil {
			if end := conditions.EndStatus(o.Namespace, 0, []error{err}); end.Code != 1 || !strings.HasPrefix(end.Stderr, "error: ") {
				t.Fatalf("Validate() = %v: EndStatus() = %+v", err, end)
			}
		}
		w := conditions.NewWatch(o)
		ended := false
		for i, b := range script {
			c := &s.Config
			switch {
			case b&8 != 0:
				c.Generation++
			case b&16 != 0:
				c.Status.ObservedGeneration = c.Generation
			case b&32 != 0:
				c.Status.UpdatedReplicas++
			case b&64 != 0:
				c.Status.AvailableReplicas++
			case b&128 != 0:
				c.Paused = !c.Paused
			}
			e := conditions.WatchEvent{Type: conditions.WatchEventType(b & 7), Snapshot: s.Clone(), Wire: wireType, Object: object}
			before := e.Snapshot.Clone()
			step := w.Step(e)
			if d := mutation.Diff(before, e.Snapshot); d != "" {
				t.Fatalf("event %d: Step modified the snapshot:\n%s", i, d)
			}
			isLook := e.Type == conditions.WatchAdded || e.Type == conditions.WatchModified
			switch {
			case ended && step != (conditions.WatchStep{}):
				t.Fatalf("event %d after the end: %+v", i, step)
			case ended:
			case step.Err != nil && !step.Ended:
				t.Fatalf("event %d: error %v without the end", i, step.Err)
			case step.Stdout != "" && (!isLook || !strings.HasSuffix(step.Stdout, "\n")):
				t.Fatalf("event %d (%v): stdout %q", i, e.Type, step.Stdout)
			case !isLook && (!step.Ended || step.Err == nil):
				t.Fatalf("event %d (%v): %+v, want the end with an error", i, e.Type, step)
			}
			ended = ended || step.Ended
		}
		if w.Ended() != ended {
			t.Fatalf("Ended() = %v, want %v", w.Ended(), ended)
		}
		end := conditions.EndStatus(o.Namespace, 1, []error{w.Err(), w.Err()})
		if (end.Code == 1) != (w.Err() != nil) || (end.Stderr == "") != (w.Err() == nil) {
			t.Fatalf("EndStatus() = %+v for two errors %v", end, w.Err())
		}
	})
}
