package cancel_test

import (
	"errors"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/google/go-cmp/cmp"
)

// Reference: oc (DeployOptions).cancel (variant C) and
// DeployOptions.cancel(config, out) (variant B).
func TestCancel(t *testing.T) {
	const (
		M = dcplan.Modern
		E = dcplan.Exact
		O = dcplan.Origin
	)
	running3 := []dcplan.Deployment{
		rc(1, dcplan.PhaseComplete, 3*time.Hour),
		rc(2, dcplan.PhaseFailed, 2*time.Hour),
		rc(3, dcplan.PhaseRunning, 5*time.Minute),
	}
	twoInFlight := []dcplan.Deployment{
		rc(2, dcplan.PhasePending, time.Hour),
		rc(1, dcplan.PhaseComplete, 3*time.Hour),
		rc(4, dcplan.PhaseNew, time.Minute),
	}
	settled := []dcplan.Deployment{
		rc(1, dcplan.PhaseComplete, 30*24*time.Hour),
		rc(2, dcplan.PhaseComplete, 3*24*time.Hour),
	}
	tests := []struct {
		name     string
		why      string
		profile  dcplan.Profile
		cfg      dcplan.Config
		rcs      []dcplan.Deployment
		wantPlan string
		wantOut  string
		wantErr  string
		wantIs   error
	}{
		{
			name: "paused modern", why: "6.1 variant C: a paused DC is refused",
			profile: M, cfg: paused(dc(3)), rcs: running3,
			wantPlan: "<empty plan>\n", wantErr: "cannot cancel a paused deployment config", wantIs: cancel.ErrPaused,
		},
		{
			name: "paused exact", why: "6.1 variant C: a paused DC is refused",
			profile: E, cfg: paused(dc(3)), rcs: running3,
			wantPlan: "<empty plan>\n", wantErr: "cannot cancel a paused deployment config", wantIs: cancel.ErrPaused,
		},
		{
			name: "paused origin", why: "6.1 variant B has no paused check",
			profile: O, cfg: paused(dc(3)), rcs: running3,
			wantPlan: "cancel rc/web-3 v=3 phase=Running reason=\"The deployment was cancelled by the user\" rule=6.1\n",
			wantOut:  "cancelled deployment #3\n",
		},
		{
			name: "no deployments modern", why: "6.1 variant C: empty list text",
			profile: M, cfg: dc(0),
			wantPlan: "<empty plan>\n", wantOut: "There have been no deployments for ns/web\n",
		},
		{
			name: "no deployments exact", why: "6.1 variant C: empty list text",
			profile: E, cfg: dc(0),
			wantPlan: "<empty plan>\n", wantOut: "There have been no deployments for ns/web\n",
		},
		{
			name: "no deployments origin", why: "6.1 variant B: empty list text",
			profile: O, cfg: dc(0),
			wantPlan: "<empty plan>\n", wantOut: "no deployments found to cancel\n",
		},
		{
			name: "unlabelled RCs are not listed", why: "6.1: oc lists RCs by the config selector label",
			profile: M, cfg: dc(1), rcs: []dcplan.Deployment{func() dcplan.Deployment {
				d := rc(1, dcplan.PhaseRunning, time.Minute)
				d.ConfigLabel = ""
				return d
			}()},
			wantPlan: "<empty plan>\n", wantOut: "There have been no deployments for ns/web\n",
		},
		{
			name: "running modern", why: "6.1: the running RC is cancelled with the user reason; Modern prints its version",
			profile: M, cfg: dc(3), rcs: running3,
			wantPlan: "cancel rc/web-3 v=3 phase=Running reason=\"cancelled by the user\" rule=6.1\n",
			wantOut:  "Cancelled deployment #3\n",
		},
		{
			name: "two in flight modern", why: "6.1 + 11.12: newest first, each line names the cancelled RC",
			profile: M, cfg: dc(4), rcs: twoInFlight,
			wantPlan: "cancel rc/web-4 v=4 phase=New reason=\"cancelled by the user\" rule=6.1\n" +
				"cancel rc/web-2 v=2 phase=Pending reason=\"cancelled by the user\" rule=6.1\n",
			wantOut: "Cancelled deployment #4\nCancelled deployment #2\n",
		},
		{
			name: "two in flight exact", why: "6.1 + 10.12: upstream prints the DC's latestVersion on every line",
			profile: E, cfg: dc(4), rcs: twoInFlight,
			wantPlan: "cancel rc/web-4 v=4 phase=New reason=\"cancelled by the user\" rule=6.1\n" +
				"cancel rc/web-2 v=2 phase=Pending reason=\"cancelled by the user\" rule=6.1\n",
			wantOut: "Cancelled deployment #4\nCancelled deployment #4\n",
		},
		{
			name: "two in flight origin", why: "6.1 variant B: lowercase lines, DC latestVersion, long reason",
			profile: O, cfg: dc(4), rcs: twoInFlight,
			wantPlan: "cancel rc/web-4 v=4 phase=New reason=\"The deployment was cancelled by the user\" rule=6.1\n" +
				"cancel rc/web-2 v=2 phase=Pending reason=\"The deployment was cancelled by the user\" rule=6.1\n",
			wantOut: "cancelled deployment #4\ncancelled deployment #4\n",
		},
		{
			name: "lagging status exact", why: "10.12: Exact prints latestVersion even when it differs from the RC cancelled",
			profile: E, cfg: dc(2), rcs: []dcplan.Deployment{rc(3, dcplan.PhaseRunning, time.Minute)},
			wantPlan: "cancel rc/web-3 v=3 phase=Running reason=\"cancelled by the user\" rule=6.1\n",
			wantOut:  "Cancelled deployment #2\n",
		},
		{
			name: "already cancelled skipped", why: "6.1: an in-flight RC already cancelled is skipped silently",
			profile: M, cfg: dc(4), rcs: []dcplan.Deployment{
				cancelled(rc(4, dcplan.PhaseRunning, 2*time.Minute), dcplan.ReasonCancelledByUser),
				rc(3, dcplan.PhasePending, time.Hour),
			},
			wantPlan: "cancel rc/web-3 v=3 phase=Pending reason=\"cancelled by the user\" rule=6.1\n",
			wantOut:  "Cancelled deployment #3\n",
		},
		{
			name: "nothing in progress modern", why: "6.1 variant C: newest RC described with lowercased phase and age",
			profile: M, cfg: dc(2), rcs: settled,
			wantPlan: "<empty plan>\n",
			wantOut:  "No deployments are in progress (latest deployment #2 complete 3 days ago)\n",
		},
		{
			name: "nothing in progress origin", why: "6.1 variant B: printed once",
			profile: O, cfg: dc(2), rcs: settled,
			wantPlan: "<empty plan>\n", wantOut: "no active deployments to cancel\n",
		},
		{
			name: "cancelling marker", why: "6.1 variant C: a cancelled, non-terminal newest RC says (cancelling)",
			profile: E, cfg: dc(3), rcs: []dcplan.Deployment{
				rc(2, dcplan.PhaseComplete, 2*time.Hour),
				cancelled(rc(3, dcplan.PhaseRunning, 90*time.Second), dcplan.ReasonCancelledByUser),
			},
			wantPlan: "<empty plan>\n",
			wantOut:  "No deployments are in progress (latest deployment #3 running (cancelling) about a minute ago)\n",
		},
		{
			name: "failed cancelled has no marker", why: "6.1 variant C: terminal RCs are never (cancelling)",
			profile: M, cfg: dc(3), rcs: []dcplan.Deployment{
				cancelled(rc(3, dcplan.PhaseFailed, 50*time.Second), dcplan.ReasonCancelledByUser),
			},
			wantPlan: "<empty plan>\n",
			wantOut:  "No deployments are in progress (latest deployment #3 failed 50 seconds ago)\n",
		},
		{
			name: "phase-less RC not cancelled", why: "6.1: only New, Pending and Running are cancellable; the empty phase prints empty",
			profile: M, cfg: dc(1), rcs: []dcplan.Deployment{rc(1, dcplan.PhaseUnknown, 3*time.Hour)},
			wantPlan: "<empty plan>\n",
			wantOut:  "No deployments are in progress (latest deployment #1  3 hours ago)\n",
		},
		{
			name: "no creation time", why: "6.1: a zero creationTimestamp saturates the duration, as upstream",
			profile: M, cfg: dc(1), rcs: []dcplan.Deployment{func() dcplan.Deployment {
				d := rc(1, dcplan.PhaseComplete, 0)
				d.CreationTime = time.Time{}
				return d
			}()},
			wantPlan: "<empty plan>\n",
			wantOut:  "No deployments are in progress (latest deployment #1 complete 292 years ago)\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := snap(tt.profile, tt.cfg, tt.rcs)
			p, r, err := cancel.Cancel(s)
			if d := cmp.Diff(tt.wantPlan, dcplan.Describe(p)); d != "" {
				t.Errorf("Cancel() plan mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.wantOut, r.String()); d != "" {
				t.Errorf("Cancel() report mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.wantErr, errString(err)); d != "" {
				t.Errorf("Cancel() error mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
				t.Errorf("Cancel() error %v is not %v", err, tt.wantIs)
			}
		})
	}
}

func TestCancelInvalidSnapshot(t *testing.T) {
	s := snap(dcplan.Modern, dc(1), []dcplan.Deployment{rc(1, dcplan.PhaseRunning, time.Minute)})
	s.Deployments[0].Version = 0
	p, r, err := cancel.Cancel(s)
	if !errors.Is(err, dcplan.ErrInvalidSnapshot) {
		t.Fatalf("Cancel() error = %v, want ErrInvalidSnapshot", err)
	}
	if d := cmp.Diff(dcplan.Plan{}, p); d != "" {
		t.Errorf("Cancel() plan on invalid input (-want +got):\n%s", d)
	}
	if d := cmp.Diff(cancel.Report{}, r); d != "" {
		t.Errorf("Cancel() report on invalid input (-want +got):\n%s", d)
	}
}

func TestCancelReport(t *testing.T) {
	s := snap(dcplan.Modern, dc(4), []dcplan.Deployment{
		rc(3, dcplan.PhaseRunning, time.Hour), cancelled(rc(4, dcplan.PhaseNew, time.Minute), dcplan.ReasonCancelledByNewer),
	})
	_, got, err := cancel.Cancel(s)
	if err != nil {
		t.Fatal(err)
	}
	want := cancel.Report{
		Op: cancel.OpCancel, Profile: dcplan.Modern, Namespace: "ns", Config: "web", LatestVersion: 4,
		Cancelled: []cancel.Target{{Name: "web-3", Version: 3, Phase: dcplan.PhaseRunning}},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Cancel() report (-want +got):\n%s", d)
	}
}

func TestUserReason(t *testing.T) {
	tests := []struct {
		name    string
		why     string
		profile dcplan.Profile
		want    string
	}{
		{"modern", "1.4: short form", dcplan.Modern, "cancelled by the user"},
		{"exact", "1.4: short form", dcplan.Exact, "cancelled by the user"},
		{"origin", "1.4 + 6.1 variant B era: long form", dcplan.Origin, "The deployment was cancelled by the user"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, cancel.UserReason(tt.profile)); d != "" {
				t.Errorf("UserReason() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
}
