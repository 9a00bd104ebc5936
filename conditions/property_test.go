package conditions_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/internal/dcstatus"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// genCondition draws a condition of any type, status and reason, with
// timestamps near fake.Epoch, so that the set rule meets every case.
func genCondition() *rapid.Generator[dcplan.Condition] {
	times := []time.Time{{}, fake.Epoch.Add(-time.Hour), fake.Epoch, fake.Epoch.Add(time.Minute)}
	return rapid.Custom(func(t *rapid.T) dcplan.Condition {
		c := dcplan.Condition{
			Type:               rapid.SampledFrom([]dcplan.ConditionType{dcplan.ConditionAvailable, dcplan.ConditionProgressing, dcplan.ConditionProgressing, dcplan.ConditionReplicaFailure}).Draw(t, "type"),
			Status:             rapid.SampledFrom([]dcplan.ConditionStatus{dcplan.StatusTrue, dcplan.StatusFalse, dcplan.StatusUnknown}).Draw(t, "status"),
			Reason:             dcplan.ConditionReason(rapid.IntRange(int(dcplan.ReasonNone), int(dcplan.ReasonOther)).Draw(t, "reason")),
			Message:            rapid.SampledFrom([]string{"", "m1", dcstatus.MessageAvailable, `replication controller "web-3" successfully rolled out`}).Draw(t, "message"),
			LastUpdateTime:     rapid.SampledFrom(times).Draw(t, "update"),
			LastTransitionTime: rapid.SampledFrom(times).Draw(t, "transition"),
		}
		if c.Reason == dcplan.ReasonOther {
			c.OtherReason = rapid.SampledFrom([]string{"X", "Y"}).Draw(t, "other")
		}
		return c
	})
}

// genExtra draws an extra condition as the DC controller passes them.
func genExtra() *rapid.Generator[dcplan.Condition] {
	return rapid.Custom(func(t *rapid.T) dcplan.Condition {
		at := fake.Epoch.Add(time.Duration(rapid.IntRange(0, 2).Draw(t, "at")) * time.Minute)
		v := dcplan.Version(rapid.IntRange(1, 6).Draw(t, "v"))
		if rapid.Bool().Draw(t, "ok") {
			return conditions.Created(dcplan.DeploymentName("web", v), v, at)
		}
		return conditions.CreateError("boom", at)
	})
}

// genSnapshot draws a valid snapshot from gen.Snapshot with a current
// status that has counters and conditions of its own, and now and then an
// RC scaled down below its counters.
func genSnapshot() *rapid.Generator[dcplan.Snapshot] {
	return rapid.Custom(func(t *rapid.T) dcplan.Snapshot {
		s := gen.Snapshot().Draw(t, "snapshot")
		if len(s.Deployments) > 0 && rapid.IntRange(0, 2).Draw(t, "scaledDown") == 0 {
			// A scale-down its pods have not followed yet: an RC with
			// more pods, every one available, than its spec.replicas,
			// which gen.Snapshot never draws, so that Σ spec.replicas −
			// available can fall below 0 (SPEC 3.9).
			d := &s.Deployments[rapid.IntRange(0, len(s.Deployments)-1).Draw(t, "scaledDownRC")]
			d.StatusReplicas = dcplan.Replicas(rapid.IntRange(1, 3).Draw(t, "scaledDownFrom"))
			d.ReadyReplicas, d.AvailableReplicas = d.StatusReplicas, d.StatusReplicas
			d.Replicas = dcplan.Replicas(rapid.IntRange(0, int(d.StatusReplicas)-1).Draw(t, "scaledDownTo"))
		}
		st := &s.Config.Status
		n := rapid.IntRange(0, 12)
		st.Replicas = dcplan.Replicas(n.Draw(t, "replicas"))
		st.UpdatedReplicas = dcplan.Replicas(n.Draw(t, "updated"))
		st.AvailableReplicas = dcplan.Replicas(n.Draw(t, "available"))
		st.UnavailableReplicas = dcplan.Replicas(n.Draw(t, "unavailable"))
		st.ReadyReplicas = dcplan.Replicas(n.Draw(t, "ready"))
		st.Conditions = rapid.SliceOfN(genCondition(), 0, 4).Draw(t, "conditions")
		if len(st.Conditions) == 0 {
			st.Conditions = nil
		}
		if rapid.Bool().Draw(t, "details") {
			st.Details = dcplan.Details{Message: "config change", Causes: []dcplan.Cause{{Type: dcplan.TriggerConfigChange}}}
		}
		return s
	})
}

type input struct {
	s     dcplan.Snapshot
	bump  bool
	extra []dcplan.Condition
}

func genInput(t *rapid.T) input {
	in := input{
		s:     genSnapshot().Draw(t, "s"),
		bump:  rapid.Bool().Draw(t, "bump"),
		extra: rapid.SliceOfN(genExtra(), 0, 2).Draw(t, "extra"),
	}
	if len(in.extra) == 0 {
		in.extra = nil
	}
	return in
}

func TestStatusProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := genInput(t)
		before := in.s.Clone()
		extraBefore := append([]dcplan.Condition(nil), in.extra...)

		got := conditions.Status(in.s, in.bump, in.extra...)
		changed := conditions.Changed(in.s, in.bump, in.extra...)

		// Never mutates its input.
		if d := mutation.Diff(before, in.s); d != "" {
			t.Fatalf("Status/Changed modified the snapshot (-before +after):\n%s", d)
		}
		if d := cmp.Diff(extraBefore, in.extra); d != "" {
			t.Fatalf("Status/Changed modified the extra conditions (-before +after):\n%s", d)
		}
		// Changed is exactly "Status differs".
		if want := !got.Equal(in.s.Config.Status); changed != want {
			t.Fatalf("Changed() = %v, !Equal(Status(), current) = %v", changed, want)
		}
		// Deterministic.
		if d := cmp.Diff(got, conditions.Status(in.s, in.bump, in.extra...)); d != "" {
			t.Fatalf("Status() differs between two calls:\n%s", d)
		}
		// Invariant under RC order.
		shuffled := in.s
		shuffled.Deployments = gen.Reorder(in.s.Deployments).Draw(t, "order")
		if d := cmp.Diff(got, conditions.Status(shuffled, in.bump, in.extra...)); d != "" {
			t.Fatalf("Status() depends on RC order (-original +shuffled):\n%s", d)
		}
		// Copied fields, and a result that does not alias the input.
		if got.LatestVersion != in.s.Config.Status.LatestVersion || !cmp.Equal(got.Details, in.s.Config.Status.Details, cmpopts.EquateEmpty()) {
			t.Fatalf("Status() changed latestVersion or details: %v", got)
		}
		for i := range got.Conditions {
			got.Conditions[i].Message = "scribbled"
		}
		for i := range got.Details.Causes {
			got.Details.Causes[i].Image = "scribbled"
		}
		if d := mutation.Diff(before, in.s); d != "" {
			t.Fatalf("Status() result aliases the snapshot (-before +after):\n%s", d)
		}
		// The counters and observedGeneration are SPEC 3.9's, over every
		// RC of the list (the seed-era counters are others, SPEC 3.11).
		if !in.s.Settings.SeedStatus {
			if d := cmp.Diff(referenceCounters(in.s, in.bump), countersOf(got)); d != "" {
				t.Fatalf("Status() counters differ from SPEC 3.9's (-want +got):\n%s", d)
			}
		}
		// Counters are never negative without SeedStatus.
		if !in.s.Settings.SeedStatus {
			for name, n := range map[string]dcplan.Replicas{"replicas": got.Replicas, "updated": got.UpdatedReplicas,
				"available": got.AvailableReplicas, "unavailable": got.UnavailableReplicas, "ready": got.ReadyReplicas} {
				if n < 0 {
					t.Fatalf("Status() %s = %d, want >= 0", name, n)
				}
			}
		}
	})
}

// counters are the fields of a status SPEC 3.9 computes from the RCs.
type counters struct {
	ObservedGeneration                               int64
	Replicas, Updated, Available, Unavailable, Ready dcplan.Replicas
}

func countersOf(st dcplan.ConfigStatus) counters {
	return counters{st.ObservedGeneration, st.Replicas, st.UpdatedReplicas, st.AvailableReplicas, st.UnavailableReplicas, st.ReadyReplicas}
}

// referenceCounters is SPEC 3.9's table written plainly, without
// SeedStatus: sums over every RC of the list; updatedReplicas the
// status.replicas of the latest RC when it exists (the newest RC, the
// first in the list of two of one version, is of latestVersion, not 0:
// SPEC 5.6); unavailableReplicas Σ spec.replicas minus available, at
// least 0; observedGeneration the generation when the pass bumps it.
// The generator's counts are small: no sum leaves int32's range.
func referenceCounters(s dcplan.Snapshot, bump bool) counters {
	c := counters{ObservedGeneration: s.Config.Status.ObservedGeneration}
	if bump {
		c.ObservedGeneration = s.Config.Generation
	}
	var spec dcplan.Replicas
	var newest *dcplan.Deployment
	for i, d := range s.Deployments {
		c.Replicas += d.StatusReplicas
		c.Available += d.AvailableReplicas
		c.Ready += d.ReadyReplicas
		spec += d.Replicas
		if newest == nil || d.Version > newest.Version {
			newest = &s.Deployments[i]
		}
	}
	if v := s.Config.Status.LatestVersion; v != 0 && newest != nil && newest.Version == v {
		c.Updated = newest.StatusReplicas
	}
	c.Unavailable = max(0, spec-c.Available)
	return c
}

func TestStatusConverges(t *testing.T) {
	// Writing the computed status is a fixed point after one pass (Modern,
	// Exact) or at most three (Origin: Paused/Resumed then the phase
	// condition), for a world that does not change: no hot loop (the
	// convergence property, rather than upstream's reflect.DeepEqual guard).
	rapid.Check(t, func(t *rapid.T) {
		in := genInput(t)
		s := in.s.Clone()
		passes := 1
		if s.Settings.SeedConditions {
			passes = 3
		}
		for range passes {
			s.Config.Status = conditions.Status(s, in.bump, in.extra...)
		}
		if conditions.Changed(s, in.bump, in.extra...) {
			t.Fatalf("not converged after %d passes (-written +next):\n%s", passes,
				cmp.Diff(s.Config.Status, conditions.Status(s, in.bump, in.extra...)))
		}
	})
}

// genWatchEvent draws an input to a Watch: any type (one beyond the enum
// too), a snapshot the viewer reads every way (genSnapshot, or one whose
// generation is observed, so the Progressing reasons and the counters
// decide), and for WatchOther a wire type and an object.
func genWatchEvent() *rapid.Generator[conditions.WatchEvent] {
	return rapid.Custom(func(t *rapid.T) conditions.WatchEvent {
		e := conditions.WatchEvent{Type: conditions.WatchEventType(rapid.IntRange(0, 5).Draw(t, "type"))}
		switch e.Type {
		case conditions.WatchAdded, conditions.WatchModified:
			e.Snapshot = genSnapshot().Draw(t, "dc")
			if rapid.Bool().Draw(t, "observed") {
				e.Snapshot.Config.Status.ObservedGeneration = e.Snapshot.Config.Generation
			}
		case conditions.WatchOther, 5:
			e.Wire = rapid.SampledFrom([]string{"", "BOOKMARK", "ERROR", "odd\"type"}).Draw(t, "wire")
			e.Object = rapid.SampledFrom([]string{"", "(*v1.Status)(0xc000010000)"}).Draw(t, "object")
		}
		return e
	})
}

// referenceStep is the watch loop of SPEC 6m.6.watch.3-6m.6.watch.5
// written from the SPEC's words, for one event of a watch not yet ended:
// what goes to stdout, whether the watch ends, and the error text ("" for
// none).
func referenceStep(o conditions.StatusOptions, e conditions.WatchEvent) (stdout string, ended bool, errText string) {
	switch e.Type {
	case conditions.WatchAdded, conditions.WatchModified:
		r := conditions.RolloutStatus(e.Snapshot, o.Revision)
		if r.State == conditions.RolloutFailed {
			return "", true, r.Message
		}
		return r.Message, r.State == conditions.RolloutDone || o.NoWatch, ""
	case conditions.WatchDeleted:
		return "", true, "object has been deleted"
	case conditions.WatchTimedOut:
		return "", true, "timed out waiting for the condition"
	}
	obj := e.Object
	if obj == "" {
		obj = "runtime.Object(nil)"
	}
	return "", true, fmt.Sprintf("internal error: unexpected event watch.Event{Type:%q, Object:%s}", e.Wire, obj)
}

// TestWatchProperties: a Watch ends at most once and reads nothing after
// (SPEC 6m.6.watch.2); each step is what the SPEC's words say
// (referenceStep, SPEC 6m.6.watch.3-6m.6.watch.5); the same events give
// the same steps; no event is modified; with --watch=false the first
// event ends the watch; the command's exit code is 1 exactly when the
// watch ended with an error (SPEC 6m.6.watch.6).
func TestWatchProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := conditions.StatusOptions{
			Resources: []string{"dc/web"},
			NoWatch:   rapid.Bool().Draw(t, "noWatch"),
			Revision:  dcplan.Version(rapid.IntRange(-1, 4).Draw(t, "revision")),
		}
		events := rapid.SliceOfN(genWatchEvent(), 1, 8).Draw(t, "events")
		before := make([]dcplan.Snapshot, len(events))
		for i := range events {
			before[i] = events[i].Snapshot.Clone()
		}
		w, again := conditions.NewWatch(o), conditions.NewWatch(o)
		endedAt := -1
		var endErr error
		for i, e := range events {
			st := w.Step(e)
			if d := cmp.Diff(fmt.Sprint(st), fmt.Sprint(again.Step(e))); d != "" {
				t.Fatalf("event %d: two watches fed the same events differ:\n%s", i, d)
			}
			if d := mutation.Diff(before[i], e.Snapshot); d != "" {
				t.Fatalf("event %d: Step modified the snapshot:\n%s", i, d)
			}
			if endedAt >= 0 {
				if st != (conditions.WatchStep{}) {
					t.Fatalf("event %d after the end (at %d): step %+v, want the zero step", i, endedAt, st)
				}
				continue
			}
			stdout, ended, errText := referenceStep(o, e)
			got := ""
			if st.Err != nil {
				got = st.Err.Error()
				if !st.Ended {
					t.Fatalf("event %d: an error %v without the end", i, st.Err)
				}
				var r *dcplan.Refusal
				if !errors.As(st.Err, &r) {
					t.Fatalf("event %d: error %T is no *dcplan.Refusal", i, st.Err)
				}
			}
			if st.Stdout != stdout || st.Ended != ended || got != errText {
				t.Fatalf("event %d (%v): step %+v (error %q), want stdout %q ended %v error %q", i, e.Type, st, got, stdout, ended, errText)
			}
			if o.NoWatch && !st.Ended {
				t.Fatalf("event %d: --watch=false and the first event did not end the watch", i)
			}
			if st.Ended {
				endedAt, endErr = i, st.Err
			}
			if w.Ended() != st.Ended {
				t.Fatalf("event %d: Ended() = %v, step ended %v", i, w.Ended(), st.Ended)
			}
		}
		if w.Err() != endErr {
			t.Fatalf("Err() = %v, want the ending step's %v", w.Err(), endErr)
		}
		end := conditions.EndStatus("ns", 1, []error{w.Err()})
		if (end.Code == 1) != (endErr != nil) || (end.Stderr == "") != (endErr == nil) {
			t.Fatalf("EndStatus() = %+v for the watch's error %v", end, endErr)
		}
	})
}
