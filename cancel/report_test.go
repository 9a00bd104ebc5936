package cancel_test

import (
	"errors"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/google/go-cmp/cmp"
)

// Reference: oc (DeployOptions).cancel, failedCancellations.
func TestFailed(t *testing.T) {
	conflict := errors.New(`Operation cannot be fulfilled on replicationcontrollers "web-4": the object has been modified`)
	gone := errors.New(`replicationcontrollers "web-2" not found`)
	rcs := []dcplan.Deployment{
		rc(2, dcplan.PhasePending, time.Hour),
		rc(3, dcplan.PhaseRunning, 30*time.Minute),
		rc(4, dcplan.PhaseNew, time.Minute),
	}
	tests := []struct {
		name     string
		why      string
		profile  dcplan.Preset
		failures []cancel.Failure
		wantOut  string
		wantErr  string
	}{
		{
			name: "none failed modern", why: "6m.1: without failures the output is the report",
			profile: dcplan.Modern,
			wantOut: "deploymentconfig.apps.openshift.io/web cancelling\n" +
				"deploymentconfig.apps.openshift.io/web cancelling\n" +
				"deploymentconfig.apps.openshift.io/web cancelling\n",
		},
		{
			name: "two failed modern", why: "6m.1.3.5: a failed patch prints nothing, is recorded as is and clears the flag (the oldest failed: no-rollout line, the newest cancelling: oc marked its copy before the patch failed)",
			profile:  dcplan.Modern,
			failures: []cancel.Failure{{Version: 2, Err: gone}, {Version: 4, Err: conflict}},
			wantOut: "deploymentconfig.apps.openshift.io/web cancelling\n" +
				"No rollout is in progress (latest rollout #4 new (cancelling) about a minute ago)\n",
			wantErr: conflict.Error() + "\n" + gone.Error(),
		},
		{
			name: "one failed exact", why: "6m.1, 13.2 OcCancelSilent: nothing printed; the newest failed, the oldest succeeded: no line at all",
			profile:  dcplan.Exact,
			failures: []cancel.Failure{{Version: 4, Err: conflict}},
			wantErr:  conflict.Error(),
		},
		{
			name: "none failed origin15", why: "6.1: without failures the output is the report",
			profile: dcplan.Origin15,
			wantOut: "Cancelled deployment #4\nCancelled deployment #4\nCancelled deployment #4\n",
		},
		{
			name: "two failed origin15", why: "6.1 variant C: capitalised failure lines in order, then the joined error",
			profile:  dcplan.Origin15,
			failures: []cancel.Failure{{Version: 2, Err: gone}, {Version: 4, Err: conflict}},
			wantOut: "Couldn't cancel deployment #4 (status: New): " + conflict.Error() + "\n" +
				"Cancelled deployment #4\n" +
				"Couldn't cancel deployment #2 (status: Pending): " + gone.Error() + "\n",
			wantErr: "couldn't cancel deployment 4, 2",
		},
		{
			name: "one failed origin15 dc version", why: "6.1 variant C: success lines keep the DC's latestVersion",
			profile:  dcplan.Origin15,
			failures: []cancel.Failure{{Version: 3, Err: conflict}},
			wantOut: "Cancelled deployment #4\n" +
				"Couldn't cancel deployment #3 (status: Running): " + conflict.Error() + "\n" +
				"Cancelled deployment #4\n",
			wantErr: "couldn't cancel deployment 3",
		},
		{
			name: "all failed origin13", why: "6.1 variant B: lowercase failure lines",
			profile:  dcplan.Origin13,
			failures: []cancel.Failure{{Version: 4, Err: conflict}, {Version: 3, Err: conflict}, {Version: 2, Err: gone}},
			wantOut: "couldn't cancel deployment #4 (status: New): " + conflict.Error() + "\n" +
				"couldn't cancel deployment #3 (status: Running): " + conflict.Error() + "\n" +
				"couldn't cancel deployment #2 (status: Pending): " + gone.Error() + "\n",
			wantErr: "couldn't cancel deployment 4, 3, 2",
		},
		{
			name: "unknown version ignored origin15", why: "Failed: a failure for an RC the plan did not cancel is ignored",
			profile:  dcplan.Origin15,
			failures: []cancel.Failure{{Version: 9, Err: conflict}},
			wantOut:  "Cancelled deployment #4\nCancelled deployment #4\nCancelled deployment #4\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, r, err := cancel.Cancel(snap(tt.profile, dc(4), rcs))
			if err != nil {
				t.Fatal(err)
			}
			out, err := cancel.Failed(r, tt.failures)
			if d := cmp.Diff(tt.wantOut, out); d != "" {
				t.Errorf("Failed() output mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.wantErr, errString(err)); d != "" {
				t.Errorf("Failed() error mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if tt.wantErr != "" && !errors.Is(err, cancel.ErrCancelFailed) {
				t.Errorf("Failed() error does not wrap ErrCancelFailed")
			}
			if errors.Is(err, cancel.ErrPaused) { // dc(4) is not paused (TestFailedKeepsThePausedSentinel has one)
				t.Errorf("Failed() error %v wraps ErrPaused for a DC that is not paused", err)
			}
			for _, f := range tt.failures {
				if tt.wantErr != "" && f.Version != 9 && !errors.Is(err, f.Err) {
					t.Errorf("Failed() error does not wrap %v", f.Err)
				}
			}
		})
	}
}

func TestFailedErrorIsTyped(t *testing.T) {
	_, r, err := cancel.Cancel(snap(dcplan.Origin15, dc(1), []dcplan.Deployment{rc(1, dcplan.PhaseRunning, time.Minute)}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = cancel.Failed(r, []cancel.Failure{{Version: 1, Err: dcplan.ErrConflict}})
	var fe *cancel.FailedError
	if !errors.As(err, &fe) {
		t.Fatalf("Failed() error %T is not *FailedError", err)
	}
	if d := cmp.Diff([]dcplan.Version{1}, fe.Versions); d != "" {
		t.Errorf("FailedError.Versions (-want +got):\n%s", d)
	}
	if !dcplan.IsConflict(err) {
		t.Errorf("Failed() error does not answer IsConflict")
	}
}

func TestReportZero(t *testing.T) {
	var r cancel.Report
	if got := r.String(); got != "" {
		t.Errorf("Report{}.String() = %q, want empty", got)
	}
	if got := r.Lines(); got != nil {
		t.Errorf("Report{}.Lines() = %q, want nil", got)
	}
}

func TestErrorText(t *testing.T) {
	_, _, err := cancel.Cancel(snap(dcplan.Origin15, paused(dc(1)), nil))
	var ce *dcplan.Refusal
	if !errors.As(err, &ce) {
		t.Fatalf("Cancel() error %T is not *dcplan.Refusal", err)
	}
	if d := cmp.Diff("cannot cancel a paused deployment config", ce.Text); d != "" {
		t.Errorf("Refusal.Text (-want +got):\n%s", d)
	}
	if errors.Is(err, cancel.ErrNotFailed) {
		t.Errorf("paused refusal matches ErrNotFailed")
	}
}

// TestCancelPrintsAHandEditedPhaseAsWritten: an RC whose phase annotation
// is none of the five spellings (a hand edit, `BoGus`) is planned, never
// refused (SPEC 13.1), and the `No rollout is in progress` / `No
// deployments are in progress` line prints the annotation lowercased
// (SPEC 6m.1.3.6, 6.1 variant C), as oc's
// strings.ToLower(DeploymentStatusFor(rc)) does; it was an empty word.
// Reference: oc (CancelOptions).Run, (DeployOptions).cancel(config).
func TestCancelPrintsAHandEditedPhaseAsWritten(t *testing.T) {
	tests := []struct {
		profile dcplan.Preset
		want    string
	}{
		{dcplan.Modern, "No rollout is in progress (latest rollout #3 bogus about a minute ago)\n"},
		{dcplan.Exact, "No rollout is in progress (latest rollout #3 bogus about a minute ago)\n"},
		{dcplan.Origin15, "No deployments are in progress (latest deployment #3 bogus about a minute ago)\n"},
	}
	for _, tt := range tests {
		d := rc(3, dcplan.PhaseUnknown, time.Minute)
		d.PhaseSpelling = "BoGus"
		_, r, err := cancel.Cancel(snap(tt.profile, dc(3), []dcplan.Deployment{rc(2, dcplan.PhaseComplete, time.Hour), d}))
		if err != nil {
			t.Fatalf("%v: Cancel() error = %v", tt.profile, err)
		}
		if r.String() != tt.want {
			t.Errorf("%v: Cancel() output = %q, want %q", tt.profile, r.String(), tt.want)
		}
	}
}

// TestFailedOnReportWithoutRCs: Failed must not panic on the Report Cancel
// returns with a refusal or an invalid snapshot (the zero Report), nor on
// a Retry Report: SPEC 6m.1.3.5 / 6.1 "Common" (Failed renders oc's
// output after the cancel writes), SPEC 10 item 10 / 11 (never a panic).
// It used to index Report.Listed[0] for the `No rollout is in progress`
// line and panicked with an index out of range.
func TestFailedOnReportWithoutRCs(t *testing.T) {
	_, refused, err := cancel.Cancel(snap(dcplan.Modern, paused(dc(3)), []dcplan.Deployment{rc(3, dcplan.PhaseRunning, time.Minute)}))
	if err == nil {
		t.Fatal("Cancel() of a paused DC did not refuse")
	}
	_, retried, err := cancel.Retry(snap(dcplan.Modern, dc(3), []dcplan.Deployment{rc(3, dcplan.PhaseFailed, time.Minute)}))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		r       cancel.Report
		wantOut string
	}{
		{"zero report", cancel.Report{}, ""},
		{"cancel refusal", refused, ""},
		{"retry report", retried, "deploymentconfig.apps.openshift.io/web retried rollout #3\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out string
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("Failed() panicked: %v", p)
					}
				}()
				out, err = cancel.Failed(tt.r, []cancel.Failure{{Version: 3, Err: dcplan.ErrConflict}})
			}()
			if out != tt.wantOut || err != nil {
				t.Errorf("Failed() = %q, %v; want %q, nil", out, err, tt.wantOut)
			}
		})
	}
}

// TestFailedTellsRCsOfOneVersionApart: two RCs sharing a version are a
// world a cluster can hold (SPEC 13.1); when the cancel write of one of
// them fails (SPEC 6.1 "Common", 6m.1.3.5), a Failure naming that RC
// marks only that one failed. Keyed by version alone, both printed a
// failure line and the error named the version twice.
func TestFailedTellsRCsOfOneVersionApart(t *testing.T) {
	boom := errors.New("boom")
	a := rc(3, dcplan.PhaseRunning, time.Minute)
	b := rc(3, dcplan.PhaseRunning, time.Minute)
	b.Name, b.UID = "web-3b", "uid-web-3b"
	tests := []struct {
		profile dcplan.Preset
		wantOut string
		wantErr string
	}{
		{dcplan.Origin13, "couldn't cancel deployment #3 (status: Running): boom\ncancelled deployment #3\n", "couldn't cancel deployment 3"},
		{dcplan.Modern, "deploymentconfig.apps.openshift.io/web cancelling\n", "boom"},
	}
	for _, tt := range tests {
		_, r, err := cancel.Cancel(snap(tt.profile, dc(3), []dcplan.Deployment{a, b}))
		if err != nil {
			t.Fatal(err)
		}
		out, err := cancel.Failed(r, []cancel.Failure{{RC: "web-3", Version: 3, Err: boom}})
		if d := cmp.Diff(tt.wantOut, out); d != "" {
			t.Errorf("%v: Failed() output mismatch (-want +got):\n%s", tt.profile, d)
		}
		if d := cmp.Diff(tt.wantErr, errString(err)); d != "" {
			t.Errorf("%v: Failed() error mismatch (-want +got):\n%s", tt.profile, d)
		}
	}
}

// TestFailedKeepsThePausedSentinel: with OcPausedCancelStillCancels (Exact,
// SPEC 13.2, 6m.1.3.2) oc complains about a paused DC and cancels anyway.
// Report.Err wraps ErrPaused; when a cancel write fails too, Failed's error
// carries the same complaint first and must still answer
// errors.Is(err, ErrPaused), as callers branch on it.
func TestFailedKeepsThePausedSentinel(t *testing.T) {
	_, r, err := cancel.Cancel(snap(dcplan.Exact, paused(dc(3)), []dcplan.Deployment{
		rc(3, dcplan.PhaseRunning, time.Minute), rc(2, dcplan.PhaseRunning, time.Hour)}))
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(r.Err(), cancel.ErrPaused) {
		t.Fatalf("Report.Err() = %v, does not wrap ErrPaused", r.Err())
	}
	_, err = cancel.Failed(r, []cancel.Failure{{Version: 3, Err: dcplan.ErrConflict}})
	if want := "unable to cancel paused deployment ns/web\n" + dcplan.ErrConflict.Error(); errString(err) != want {
		t.Errorf("Failed() error = %q, want %q", errString(err), want)
	}
	for _, target := range []error{cancel.ErrPaused, cancel.ErrCancelFailed, dcplan.ErrConflict} {
		if !errors.Is(err, target) {
			t.Errorf("Failed() error does not wrap %v", target)
		}
	}
}

// TestCancelPausedWithoutRCsKeepsThePausedSentinel: with
// OcPausedCancelStillCancels (Exact, SPEC 13.2, 6m.1.3.2) a paused DC
// without RCs gets both complaints (6m.1.3.2 and 6m.1.3.3); the refusal
// must answer errors.Is for both sentinels, not only ErrNoDeployments.
func TestCancelPausedWithoutRCsKeepsThePausedSentinel(t *testing.T) {
	_, _, err := cancel.Cancel(snap(dcplan.Exact, paused(dc(3)), nil))
	if want := "unable to cancel paused deployment ns/web\nthere have been no replication controllers for ns/web"; errString(err) != want {
		t.Errorf("Cancel() error = %q, want %q", errString(err), want)
	}
	for _, target := range []error{cancel.ErrPaused, cancel.ErrNoDeployments} {
		if !errors.Is(err, target) {
			t.Errorf("Cancel() error does not wrap %v", target)
		}
	}
}

// TestServerErrorsPrintAsKubectlPrintsThem checks Refusal.Printed, what
// kubectl's CheckErr prints (SPEC 6m "Error output"), for the writes of
// oc rollout cancel and retry that the server refused: the server's
// error alone as `Error from server (<Reason>): <message>` (6m.1.3.5,
// 6m.2.3.7: returned as is), several errors one per line without a
// prefix, and oc's own error alone as "error: " and its text (Printed
// empty).
// Reference: kubectl cmdutil.CheckErr, StandardErrorMessage.
func TestServerErrorsPrintAsKubectlPrintsThem(t *testing.T) {
	const conflict = `Operation cannot be fulfilled on replicationcontrollers "web-3": the object has been modified`
	failed := dcplan.Failure{Action: dcplan.ActionCancel, Name: "web-3", Reason: dcplan.StatusConflict, Code: 409, Message: conflict}
	running := []dcplan.Deployment{rc(3, dcplan.PhaseRunning, time.Minute)}
	tests := []struct {
		name, why   string
		run         func() error
		wantText    string
		wantPrinted string
	}{{
		name: "cancel, one failed patch", why: "6m.1.3.5: the patch error alone, as the client returned it",
		run: func() error {
			s := snap(dcplan.Exact, dc(3), running)
			s.Outcome.Failures = []dcplan.Failure{failed}
			_, _, err := cancel.Cancel(s)
			return err
		},
		wantText: conflict, wantPrinted: "Error from server (Conflict): " + conflict,
	}, {
		name: "cancel of a paused DC, failed patch",
		why: "6m.1.3.2, 6m.1.3.5: two errors, one per line, no \"error: \" prefix; the server's in its standard form " +
			"(kubectl's MultipleErrors)",
		run: func() error {
			s := snap(dcplan.Exact, paused(dc(3)), running)
			s.Outcome.Failures = []dcplan.Failure{failed}
			_, _, err := cancel.Cancel(s)
			return err
		},
		wantText:    "unable to cancel paused deployment ns/web\n" + conflict,
		wantPrinted: "unable to cancel paused deployment ns/web\nError from server (Conflict): " + conflict,
	}, {
		name: "cancel, two failed patches", why: "6m.1.3.5: each server error in its standard form, one per line",
		run: func() error {
			s := snap(dcplan.Modern, dc(3), []dcplan.Deployment{rc(3, dcplan.PhaseRunning, time.Minute), rc(2, dcplan.PhaseRunning, 2*time.Minute)})
			other := failed
			other.Name, other.Reason, other.Code, other.Message = "web-2", dcplan.StatusInternalError, 500, "etcd timeout"
			s.Outcome.Failures = []dcplan.Failure{failed, other}
			_, _, err := cancel.Cancel(s)
			return err
		},
		wantText:    conflict + "\netcd timeout",
		wantPrinted: "Error from server (Conflict): " + conflict + "\nError from server (InternalError): etcd timeout",
	}, {
		name: "cancel of a paused DC without RCs",
		why: "6m.1.3.2, 6m.1.3.3: two errors, one per line, no prefix; the second ends in a newline " +
			"of its own, which leaves a blank line",
		run: func() error {
			_, _, err := cancel.Cancel(snap(dcplan.Exact, paused(dc(0)), nil))
			return err
		},
		wantText:    "unable to cancel paused deployment ns/web\nthere have been no replication controllers for ns/web",
		wantPrinted: "unable to cancel paused deployment ns/web\nthere have been no replication controllers for ns/web\n",
	}, {
		name: "cancel of a paused DC", why: "6m.1.3.2: oc's own error alone: error: and its text",
		run: func() error {
			_, _, err := cancel.Cancel(snap(dcplan.Modern, paused(dc(3)), running))
			return err
		},
		wantText: "unable to cancel paused deployment ns/web",
	}, {
		name: "retry, failed reset", why: "6m.2.3.7: the patch error as is",
		run: func() error {
			s := snap(dcplan.Modern, dc(3), []dcplan.Deployment{rc(3, dcplan.PhaseFailed, time.Minute)})
			s.Outcome.Failures = []dcplan.Failure{{Action: dcplan.ActionTransition, Name: "web-3", Reason: dcplan.StatusNotFound, Code: 404,
				Message: `replicationcontrollers "web-3" not found`}}
			_, _, err := cancel.Retry(s)
			return err
		},
		wantText: `replicationcontrollers "web-3" not found`, wantPrinted: `Error from server (NotFound): replicationcontrollers "web-3" not found`,
	}, {
		name: "retry, one failed delete", why: "6m.2.3.6: oc's own wrapped error alone: error: and its text (Printed empty)",
		run: func() error {
			s := snap(dcplan.Modern, dc(3), []dcplan.Deployment{rc(3, dcplan.PhaseFailed, time.Minute)}, pod("web-3-deploy", "web-3"))
			s.Outcome.Failures = []dcplan.Failure{{Action: dcplan.ActionDeletePod, Name: "web-3-deploy",
				Reason: dcplan.StatusForbidden, Code: 403, Message: "forbidden"}}
			_, _, err := cancel.Retry(s)
			return err
		},
		wantText: "failed to delete deployer/hook pod web-3-deploy for deployment #3: forbidden",
	}, {
		name: "retry, two failed deletes", why: "6m.2.3.6: both wrapped errors, one per line, no prefix",
		run: func() error {
			s := snap(dcplan.Modern, dc(3), []dcplan.Deployment{rc(3, dcplan.PhaseFailed, time.Minute)},
				pod("web-3-deploy", "web-3"), pod("web-3-hook-pre", "web-3"))
			for _, p := range []string{"web-3-deploy", "web-3-hook-pre"} {
				s.Outcome.Failures = append(s.Outcome.Failures, dcplan.Failure{Action: dcplan.ActionDeletePod, Name: p,
					Reason: dcplan.StatusForbidden, Code: 403, Message: "forbidden"})
			}
			_, _, err := cancel.Retry(s)
			return err
		},
		wantText: "failed to delete deployer/hook pod web-3-deploy for deployment #3: forbidden\n" +
			"failed to delete deployer/hook pod web-3-hook-pre for deployment #3: forbidden",
		wantPrinted: "failed to delete deployer/hook pod web-3-deploy for deployment #3: forbidden\n" +
			"failed to delete deployer/hook pod web-3-hook-pre for deployment #3: forbidden",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, ok := errors.AsType[*dcplan.Refusal](tt.run())
			if !ok {
				t.Fatalf("the error is no *dcplan.Refusal [%s]", tt.why)
			}
			if r.Text != tt.wantText || r.Printed != tt.wantPrinted {
				t.Errorf("Refusal text, printed =\n%q, %q\nwant\n%q, %q [%s]", r.Text, r.Printed, tt.wantText, tt.wantPrinted, tt.why)
			}
		})
	}
}
