package cancel_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestCancelProperties checks, on generated snapshots, that Cancel only
// ever cancels in-flight, not-yet-cancelled RCs of the DC, newest first,
// and writes nothing else; that it leaves its input unmutated; and that the
// order of the input does not matter.
func TestCancelProperties(t *testing.T) {
	var reached struct{ cancels, skippedCancelled, nothing, refused int }
	gen.CheckReaching(t, func(t *rapid.T) {
		s := cancelSnapshot(t)
		before := s.Clone()
		p, r, err := cancel.Cancel(s)
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("Cancel() mutated its input (-before +after):\n%s", d)
		}
		if err != nil {
			if !p.IsEmpty() {
				t.Fatalf("Cancel() refused (%v) with a non-empty plan", err)
			}
			if !pausedRefusal(s) && !noRCsRefusal(s) {
				t.Fatalf("Cancel() refused a valid snapshot it should cancel: %v", err)
			}
			reached.refused++
			return
		}
		if p.Actions() != len(p.Cancels) || p.Wait != dcplan.WaitNone {
			t.Fatalf("Cancel() planned more than cancels:\n%s", dcplan.Describe(p))
		}
		if len(p.Cancels) != len(r.Cancelled) {
			t.Fatalf("Cancel() report lists %d RCs, plan cancels %d", len(r.Cancelled), len(p.Cancels))
		}
		for i, c := range p.Cancels {
			d, ok := s.Deployment(c.RC)
			if !ok {
				t.Fatalf("Cancel() cancels unknown RC %s", c.RC)
			}
			if d.Phase.Terminal() || d.Phase == dcplan.PhaseUnknown || d.Cancelled || d.ConfigLabel != s.Config.Name {
				t.Fatalf("Cancel() touches %s (phase %q, cancelled %v, label %q)", d.Name, d.Phase, d.Cancelled, d.ConfigLabel)
			}
			if c.Rule != cancelRule(s) || c.Phase != d.Phase || c.Version != d.Version || c.Reason != cancel.UserReason(s.Settings.Switches) {
				t.Fatalf("Cancel() action %+v does not match RC %s", c, d.Name)
			}
			// Two RCs of one version keep their list order (SPEC 13.1).
			if i > 0 && p.Cancels[i-1].Version < c.Version {
				t.Fatalf("Cancel() actions not newest first:\n%s", dcplan.Describe(p))
			}
		}
		want := referenceCancel(s)
		if d := cmp.Diff(want, names(p.Cancels)); d != "" {
			t.Fatalf("Cancel() differs from the reference (-want +got):\n%s", d)
		}
		shuffled := s.Clone()
		shuffled.Deployments = gen.Reorder(shuffled.Deployments).Draw(t, "order")
		p2, r2, _ := cancel.Cancel(shuffled)
		if d := cmp.Diff(p, p2); d != "" {
			t.Fatalf("Cancel() depends on input order (-in order +shuffled):\n%s", d)
		}
		if d := cmp.Diff(r, r2); d != "" {
			t.Fatalf("Cancel() report depends on input order (-in order +shuffled):\n%s", d)
		}
		switch {
		case len(p.Cancels) > 0:
			reached.cancels++
		case len(s.Deployments) > 0:
			reached.nothing++
		}
		for _, d := range s.Deployments {
			if d.Cancelled && !d.Phase.Terminal() && d.Phase != dcplan.PhaseUnknown && d.ConfigLabel == s.Config.Name {
				reached.skippedCancelled++
			}
		}
	}, func() bool {
		return reached.cancels > 0 && reached.skippedCancelled > 0 && reached.nothing > 0 && reached.refused > 0
	})
	if reached.cancels == 0 || reached.skippedCancelled == 0 || reached.nothing == 0 || reached.refused == 0 {
		t.Errorf("generator did not reach every branch: %+v", reached)
	}
}

// cancelSnapshot draws a snapshot from the shared generator and, three
// times in four, makes one of its RCs an in-flight rollout of the DC
// (New, Pending or Running, labelled for it), cancelled one time in two,
// and unpauses the DC three times in four: the shared generator alone
// holds an in-flight RC already cancelled in about one snapshot in
// fourteen, too seldom for twenty checks (-short) to see one for certain.
func cancelSnapshot(t *rapid.T) dcplan.Snapshot {
	s := gen.Snapshot().Draw(t, "snapshot")
	if len(s.Deployments) == 0 || rapid.IntRange(0, 3).Draw(t, "inFlight") == 0 {
		return s
	}
	d := &s.Deployments[rapid.IntRange(0, len(s.Deployments)-1).Draw(t, "rc")]
	d.ConfigLabel = s.Config.Name
	d.Phase = rapid.SampledFrom([]dcplan.Phase{dcplan.PhaseNew, dcplan.PhasePending, dcplan.PhaseRunning}).Draw(t, "phase")
	d.Cancelled, d.Reason = false, ""
	if rapid.Bool().Draw(t, "cancelled") {
		d.Cancelled = true
		d.Reason = rapid.SampledFrom([]string{dcplan.ReasonCancelledByUser, dcplan.ReasonCancelledByNewer}).Draw(t, "cancelReason")
	}
	if rapid.IntRange(0, 3).Draw(t, "unpause") > 0 {
		s.Config.Paused = false
	}
	return s
}

// referenceCancel is SPEC 6.1 written the dumb way: for each version from
// the highest down, the labelled RC of that version if it is New, Pending
// or Running and not cancelled.
func referenceCancel(s dcplan.Snapshot) []string {
	var out []string
	var versions []dcplan.Version // every version held, newest first: a
	// hand-made RC without one (SPEC 5.1) is in flight like any other
	for _, d := range s.Deployments {
		if !slices.Contains(versions, d.Version) {
			versions = append(versions, d.Version)
		}
	}
	slices.Sort(versions)
	slices.Reverse(versions)
	for _, v := range versions {
		// Two RCs of one version (SPEC 13.1): oc's sort by version
		// leaves them in list order.
		var twins []string
		for _, d := range s.Deployments {
			if d.Version != v || d.ConfigLabel != s.Config.Name || d.Cancelled {
				continue
			}
			switch d.Phase {
			case dcplan.PhaseNew, dcplan.PhasePending, dcplan.PhaseRunning:
				twins = append(twins, d.Name)
			}
		}
		out = append(out, twins...)
	}
	return out
}

func names(cs []dcplan.Cancel) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.RC)
	}
	return out
}

// retrySnapshot draws a snapshot from the shared generator and, three
// times in four, makes one of its RCs (one added when it has none) the
// DC's latest rollout, Failed,
// pauses the DC one time in four (a paused DC's retry is refused or
// not by the generation, SPEC 6m.2), and one time in two gives it a pod
// (when the pod's name is free), so that Retry gets past its refusals,
// and deletes pods, often enough for the properties below to mean
// something (the shared generator alone almost never does).
func retrySnapshot(t *rapid.T) dcplan.Snapshot {
	s := gen.Snapshot().Draw(t, "snapshot")
	if rapid.IntRange(0, 3).Draw(t, "retryable") == 0 {
		return s
	}
	if len(s.Deployments) == 0 {
		// gen.Snapshot holds no RC in half its draws: one as it draws them.
		v := dcplan.Version(rapid.IntRange(1, int(s.Config.Status.LatestVersion)+1).Draw(t, "addedVersion"))
		s.Deployments = append(s.Deployments, gen.Deployment(s.Config, v).Draw(t, "addedRC"))
	}
	i := rapid.IntRange(0, len(s.Deployments)-1).Draw(t, "latest")
	s.Config.Status.LatestVersion = s.Deployments[i].Version
	s.Deployments[i].Phase = dcplan.PhaseFailed
	s.Config.Paused = rapid.IntRange(0, 3).Draw(t, "paused") == 0
	if rapid.Bool().Draw(t, "withPod") {
		if p := gen.Pod(s.Deployments[i]).Draw(t, "pod"); !hasPod(s, p.Name) {
			s.Pods = append(s.Pods, p)
		}
	}
	return s
}

// latestRollout is the version of the rollout a retry of s is about: the
// one status.latestVersion names, or under Modern a newer RC named for
// the DC, with its label, that the DC controls or nobody does (SPEC
// 6m.2.lag).
func latestRollout(s dcplan.Snapshot) dcplan.Version {
	n := s.Config.Status.LatestVersion
	if s.Settings.OcRetryLaggingStatus {
		return n
	}
	for _, d := range s.Deployments {
		owned := d.ConfigLabel == s.Config.Name && (d.HasController && d.Controller.UID == s.Config.UID ||
			!d.HasController && !d.Deleting && !s.Config.Deleting) // SPEC 3.3.2: adopted
		if owned && d.Version > n && d.Name == fmt.Sprintf("%s-%d", s.Config.Name, d.Version) {
			n = d.Version
		}
	}
	return n
}

// TestRetryProperties checks that Retry only ever touches the latest RC,
// only when it is Failed and, but for the oldest two generations, its DC
// is not paused, deletes only pods labelled for it, and leaves its input
// unmutated.
func TestRetryProperties(t *testing.T) {
	var reached struct{ retried, podDeletes, refused, pausedRefused int }
	gen.CheckReaching(t, func(t *rapid.T) {
		s := retrySnapshot(t)
		before := s.Clone()
		p, r, err := cancel.Retry(s)
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("Retry() mutated its input (-before +after):\n%s", d)
		}
		n := latestRollout(s)
		latest := dcplan.DeploymentName(s.Config.Name, n)
		d, exists := s.Deployment(latest)
		// Only the oldest two generations retry a paused DC (SPEC 6m.2).
		pausedRefused := s.Config.Paused && s.Settings.OcRetry != dcplan.RetryOldest && s.Settings.OcRetry != dcplan.RetryMiddle
		if err != nil {
			if !p.IsEmpty() {
				t.Fatalf("Retry() refused (%v) with a non-empty plan", err)
			}
			if s.ValidateConfig() == nil && n > 0 && exists && d.Phase == dcplan.PhaseFailed && !pausedRefused {
				t.Fatalf("Retry() refused a retryable snapshot: %v", err)
			}
			if exists && d.Phase == dcplan.PhaseFailed && pausedRefused {
				reached.pausedRefused++
			}
			reached.refused++
			return
		}
		if !exists || d.Phase != dcplan.PhaseFailed {
			t.Fatalf("Retry() retried %s which is not a Failed latest RC", latest)
		}
		if pausedRefused {
			t.Fatalf("Retry() (%v) retried %s of a paused DC:\n%s", s.Settings.Name(), latest, dcplan.Describe(p))
		}
		if len(p.Transitions) != 1 || p.Actions() != 1+len(p.DeletePods) {
			t.Fatalf("Retry() plan has more than one reset and pod deletes:\n%s", dcplan.Describe(p))
		}
		tr := p.Transitions[0]
		if tr.RC != latest || tr.From != dcplan.PhaseFailed || tr.To != dcplan.PhaseNew || !tr.ClearCancel {
			t.Fatalf("Retry() transition %+v", tr)
		}
		for _, dp := range p.DeletePods {
			pod, ok := s.Pod(dp.Pod)
			if !ok || pod.DeployerFor != latest || dp.RC != latest || !dp.GracePeriodZero {
				t.Fatalf("Retry() deletes pod %s not labelled for %s", dp.Pod, latest)
			}
		}
		if r.LatestVersion != n || r.Retried.Name != latest {
			t.Fatalf("Retry() report %+v", r)
		}
		shuffled := s.Clone()
		shuffled.Pods = rapid.Permutation(shuffled.Pods).Draw(t, "pods")
		shuffled.Deployments = gen.Reorder(shuffled.Deployments).Draw(t, "rcs")
		p2, r2, _ := cancel.Retry(shuffled)
		if d := cmp.Diff(p, p2); d != "" {
			t.Fatalf("Retry() depends on input order (-in order +shuffled):\n%s", d)
		}
		if d := cmp.Diff(r, r2); d != "" {
			t.Fatalf("Retry() report depends on input order (-in order +shuffled):\n%s", d)
		}
		reached.retried++
		if len(p.DeletePods) > 0 {
			reached.podDeletes++
		}
	}, func() bool {
		return reached.retried > 0 && reached.podDeletes > 0 && reached.refused > 0 && reached.pausedRefused > 0
	})
	if reached.retried == 0 || reached.podDeletes == 0 || reached.refused == 0 || reached.pausedRefused == 0 {
		t.Errorf("generator did not reach every branch: %+v", reached)
	}
}

func hasPod(s dcplan.Snapshot, name string) bool {
	_, ok := s.Pod(name)
	return ok
}

// pausedRefusal reports whether Cancel refuses s for its paused DC: the
// CancelC generation, and CancelRollout unless OcPausedCancelStillCancels
// (SPEC 6.1, 6m.1.3.2, 13.2).
func pausedRefusal(s dcplan.Snapshot) bool {
	sw := s.Settings.Switches
	return s.Config.Paused && (sw.OcCancel == dcplan.CancelC ||
		(sw.OcCancel == dcplan.CancelRollout && !sw.OcPausedCancelStillCancels))
}

// noRCsRefusal reports whether Cancel refuses s for having no RC: only
// CancelRollout does (SPEC 6m.1.3.3).
func noRCsRefusal(s dcplan.Snapshot) bool {
	if s.Settings.OcCancel != dcplan.CancelRollout {
		return false
	}
	for _, d := range s.Deployments {
		if d.ConfigLabel == s.Config.Name {
			return false
		}
	}
	return true
}

// cancelRule is the rule the cancel actions of s cite.
func cancelRule(s dcplan.Snapshot) dcplan.Rule {
	if s.Settings.OcCancel == dcplan.CancelRollout {
		return cancel.RuleRolloutCancel
	}
	return cancel.RuleCancel
}
