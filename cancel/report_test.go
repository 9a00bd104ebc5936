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
			name: "two failed modern", why: "6m.1.3.5: a failed patch prints nothing, is recorded as is and clears the flag (the oldest failed: no-rollout line)",
			profile:  dcplan.Modern,
			failures: []cancel.Failure{{Version: 2, Err: gone}, {Version: 4, Err: conflict}},
			wantOut: "deploymentconfig.apps.openshift.io/web cancelling\n" +
				"No rollout is in progress (latest rollout #4 new about a minute ago)\n",
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
