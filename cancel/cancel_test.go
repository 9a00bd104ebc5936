package cancel_test

import (
	"errors"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/google/go-cmp/cmp"
)

// Reference: oc (CancelOptions).Run (6m.1, Modern and Exact),
// (DeployOptions).cancel(config) (variant C, Origin15),
// DeployOptions.cancel(config, out) (variant B, Origin13) and
// cancelDeploymentCommand (variant A, Origin10).
func TestCancel(t *testing.T) {
	const (
		M   = dcplan.Modern
		E   = dcplan.Exact
		O10 = dcplan.Origin10
		O13 = dcplan.Origin13
		O15 = dcplan.Origin15
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
	// cancelledRunning: the newest RC in flight and already cancelled by
	// the user, the one before it Complete: nothing to cancel.
	cancelledRunning := []dcplan.Deployment{
		rc(2, dcplan.PhaseComplete, 2*time.Hour),
		cancelled(rc(3, dcplan.PhaseRunning, 90*time.Second), dcplan.ReasonCancelledByUser),
	}
	const (
		cancel3     = "cancel rc/web-3 v=3 phase=Running reason=\"cancelled by the user\" by=user write=patch rule=6m.1.3.5\n"
		cancel3Seed = "cancel rc/web-3 v=3 phase=Running reason=\"cancelled by the user\" by=user rule=6.1\n"
		cancel42    = "cancel rc/web-4 v=4 phase=New reason=\"cancelled by the user\" by=user write=patch rule=6m.1.3.5\n" +
			"cancel rc/web-2 v=2 phase=Pending reason=\"cancelled by the user\" by=user write=patch rule=6m.1.3.5\n"
		cancel42Seed = "cancel rc/web-4 v=4 phase=New reason=\"cancelled by the user\" by=user rule=6.1\n" +
			"cancel rc/web-2 v=2 phase=Pending reason=\"cancelled by the user\" by=user rule=6.1\n"
		cancelling = "deploymentconfig.apps.openshift.io/web cancelling\n"
		already    = "deploymentconfig.apps.openshift.io/web already cancelled\n"
	)
	tests := []struct {
		name     string
		why      string
		profile  dcplan.Preset
		flip     func(*dcplan.Switches) // switches flipped on the preset
		cfg      dcplan.Config
		rcs      []dcplan.Deployment
		wantPlan string
		wantOut  string
		wantErr  string // the returned error, or else Report.Err
		wantIs   error
	}{
		{
			name: "paused modern", why: "6m.1.3.2, 13.2 OcPausedCancelStillCancels off: Modern refuses before writing",
			profile: M, cfg: paused(dc(3)), rcs: running3,
			wantPlan: "<empty plan>\n", wantErr: "unable to cancel paused deployment ns/web", wantIs: cancel.ErrPaused,
		},
		{
			name: "paused exact", why: "6m.1.3.2, 13.2 OcPausedCancelStillCancels: upstream complains and cancels anyway, printing nothing",
			profile: E, cfg: paused(dc(3)), rcs: running3,
			wantPlan: cancel3, wantErr: "unable to cancel paused deployment ns/web", wantIs: cancel.ErrPaused,
		},
		{
			name: "paused origin15", why: "6.1 variant C: a paused DC is refused",
			profile: O15, cfg: paused(dc(3)), rcs: running3,
			wantPlan: "<empty plan>\n", wantErr: "cannot cancel a paused deployment config", wantIs: cancel.ErrPaused,
		},
		{
			name: "paused origin13", why: "6.1 variant B has no paused check",
			profile: O13, cfg: paused(dc(3)), rcs: running3,
			wantPlan: cancel3Seed, wantOut: "cancelled deployment #3\n",
		},
		{
			name: "no deployments modern", why: "6m.1.3.3: no RC is an error (its message ends in a newline upstream)",
			profile: M, cfg: dc(0),
			wantPlan: "<empty plan>\n", wantErr: "there have been no replication controllers for ns/web", wantIs: cancel.ErrNoDeployments,
		},
		{
			name: "no deployments origin15", why: "6.1 variant C: empty list text",
			profile: O15, cfg: dc(0),
			wantPlan: "<empty plan>\n", wantOut: "There have been no deployments for ns/web\n",
		},
		{
			name: "no deployments origin13", why: "6.1 variant B: empty list text",
			profile: O13, cfg: dc(0),
			wantPlan: "<empty plan>\n", wantOut: "no deployments found to cancel\n",
		},
		{
			name: "no deployments origin10", why: "6.1 variant A: empty list text",
			profile: O10, cfg: dc(0),
			wantPlan: "<empty plan>\n", wantOut: "no deployments found to cancel\n",
		},
		{
			name: "unlabelled RCs are not listed", why: "6m.1.3.3: oc lists RCs by the config selector label",
			profile: M, cfg: dc(1), rcs: []dcplan.Deployment{func() dcplan.Deployment {
				d := rc(1, dcplan.PhaseRunning, time.Minute)
				d.ConfigLabel = ""
				return d
			}()},
			wantPlan: "<empty plan>\n", wantErr: "there have been no replication controllers for ns/web", wantIs: cancel.ErrNoDeployments,
		},
		{
			name: "running modern", why: "6m.1.3.5, 13.2: the running RC is cancelled with the user reason; Modern prints the intended cancelling line",
			profile: M, cfg: dc(3), rcs: running3,
			wantPlan: cancel3, wantOut: cancelling,
		},
		{
			name: "two in flight modern", why: "6m.1.3.5: newest first, one line per cancelled RC",
			profile: M, cfg: dc(4), rcs: twoInFlight,
			wantPlan: cancel42, wantOut: cancelling + cancelling,
		},
		{
			name: "two in flight exact", why: "13.2 OcCancelSilent: upstream prints nothing on success",
			profile: E, cfg: dc(4), rcs: twoInFlight,
			wantPlan: cancel42,
		},
		{
			name: "two in flight OcCancelSilent", why: "SPEC 12 OcCancelSilent flipped on Modern: silent",
			profile: M, flip: func(sw *dcplan.Switches) { sw.OcCancelSilent = true }, cfg: dc(4), rcs: twoInFlight,
			wantPlan: cancel42,
		},
		{
			name: "two in flight origin15", why: "6.1 variant C + 10.12 CancelLineDCVersion: every line names the DC's latestVersion",
			profile: O15, cfg: dc(4), rcs: twoInFlight,
			wantPlan: cancel42Seed, wantOut: "Cancelled deployment #4\nCancelled deployment #4\n",
		},
		{
			name: "two in flight CancelC", why: "SPEC 12 OcCancel=CancelC with CancelLineDCVersion off (Modern, SPEC 11.12): each line names the cancelled RC",
			profile: M, flip: func(sw *dcplan.Switches) { sw.OcCancel = dcplan.CancelC }, cfg: dc(4), rcs: twoInFlight,
			wantPlan: cancel42Seed, wantOut: "Cancelled deployment #4\nCancelled deployment #2\n",
		},
		{
			name: "two in flight origin13", why: "6.1 variant B: lowercase lines, DC latestVersion",
			profile: O13, cfg: dc(4), rcs: twoInFlight,
			wantPlan: cancel42Seed, wantOut: "cancelled deployment #4\ncancelled deployment #4\n",
		},
		{
			name: "two in flight origin10", why: "6.1 variant A: list (name) order, a bug line per terminal RC, `cancelled #<dc latestVersion>`; actions still newest first (11.9)",
			profile: O10, cfg: dc(4), rcs: twoInFlight,
			wantPlan: cancel42Seed, wantOut: "no active deployments to cancel\ncancelled #4\ncancelled #4\n",
		},
		{
			name: "lagging status origin15", why: "10.12: variant C prints latestVersion even when it differs from the RC cancelled",
			profile: O15, cfg: dc(2), rcs: []dcplan.Deployment{rc(3, dcplan.PhaseRunning, time.Minute)},
			wantPlan: cancel3Seed, wantOut: "Cancelled deployment #2\n",
		},
		{
			name: "already cancelled skipped", why: "6m.1.3.5: an in-flight RC already cancelled gets no action and the already-cancelled line",
			profile: M, cfg: dc(4), rcs: []dcplan.Deployment{
				cancelled(rc(4, dcplan.PhaseRunning, 2*time.Minute), dcplan.ReasonCancelledByUser),
				rc(3, dcplan.PhasePending, time.Hour),
			},
			wantPlan: "cancel rc/web-3 v=3 phase=Pending reason=\"cancelled by the user\" by=user write=patch rule=6m.1.3.5\n",
			wantOut:  already + cancelling,
		},
		{
			name: "flag from the oldest", why: "6m.1.3.5-6: the flag is the oldest in-flight RC's result; already cancelled there, so the no-rollout line follows, the newest cancelling (oc marked its copy before patching)",
			profile: M, cfg: dc(4), rcs: []dcplan.Deployment{
				rc(4, dcplan.PhaseRunning, 2*time.Minute),
				cancelled(rc(3, dcplan.PhasePending, time.Hour), dcplan.ReasonCancelledByUser),
			},
			wantPlan: "cancel rc/web-4 v=4 phase=Running reason=\"cancelled by the user\" by=user write=patch rule=6m.1.3.5\n",
			wantOut:  cancelling + already + "No rollout is in progress (latest rollout #4 running (cancelling) 2 minutes ago)\n",
		},
		{
			name: "nothing in progress modern", why: "6m.1.3.6: newest RC described with lowercased phase and age",
			profile: M, cfg: dc(2), rcs: settled,
			wantPlan: "<empty plan>\n",
			wantOut:  "No rollout is in progress (latest rollout #2 complete 3 days ago)\n",
		},
		{
			name: "nothing in progress origin15", why: "6.1 variant C: newest RC described",
			profile: O15, cfg: dc(2), rcs: settled,
			wantPlan: "<empty plan>\n",
			wantOut:  "No deployments are in progress (latest deployment #2 complete 3 days ago)\n",
		},
		{
			name: "nothing in progress origin13", why: "6.1 variant B: printed once",
			profile: O13, cfg: dc(2), rcs: settled,
			wantPlan: "<empty plan>\n", wantOut: "no active deployments to cancel\n",
		},
		{
			name: "nothing in progress origin10", why: "6.1 variant A: printed once per terminal RC (a bug)",
			profile: O10, cfg: dc(2), rcs: settled,
			wantPlan: "<empty plan>\n", wantOut: "no active deployments to cancel\nno active deployments to cancel\n",
		},
		{
			name: "cancelling marker origin15", why: "6.1 variant C: a cancelled, non-terminal newest RC says (cancelling) in the no-deployments line",
			profile: O15, cfg: dc(3), rcs: cancelledRunning,
			wantPlan: "<empty plan>\n",
			wantOut:  "No deployments are in progress (latest deployment #3 running (cancelling) about a minute ago)\n",
		},
		{
			name: "already cancelled origin10", why: "6.1 variant A: an in-flight RC already cancelled is skipped silently; only the terminal RC gets the bug line",
			profile: O10, cfg: dc(3), rcs: cancelledRunning,
			wantPlan: "<empty plan>\n", wantOut: "no active deployments to cancel\n",
		},
		{
			name: "cancelling marker", why: "6m.1.3.6: a cancelled, non-terminal newest RC says (cancelling); Exact prints nothing else",
			profile: E, cfg: dc(3), rcs: cancelledRunning,
			wantPlan: "<empty plan>\n",
			wantOut:  "No rollout is in progress (latest rollout #3 running (cancelling) about a minute ago)\n",
		},
		{
			name: "failed cancelled has no marker", why: "6m.1.3.6: terminal RCs are never (cancelling)",
			profile: M, cfg: dc(3), rcs: []dcplan.Deployment{
				cancelled(rc(3, dcplan.PhaseFailed, 50*time.Second), dcplan.ReasonCancelledByUser),
			},
			wantPlan: "<empty plan>\n",
			wantOut:  "No rollout is in progress (latest rollout #3 failed 50 seconds ago)\n",
		},
		{
			name: "phase-less RC not cancelled", why: "6m.1.3.5: only New, Pending and Running are cancellable; the empty phase prints empty",
			profile: M, cfg: dc(1), rcs: []dcplan.Deployment{rc(1, dcplan.PhaseUnknown, 3*time.Hour)},
			wantPlan: "<empty plan>\n",
			wantOut:  "No rollout is in progress (latest rollout #1  3 hours ago)\n",
		},
		{
			name: "no creation time", why: "6m.1.3.6: a zero creationTimestamp saturates the duration, as upstream",
			profile: M, cfg: dc(1), rcs: []dcplan.Deployment{func() dcplan.Deployment {
				d := rc(1, dcplan.PhaseComplete, 0)
				d.CreationTime = time.Time{}
				return d
			}()},
			wantPlan: "<empty plan>\n",
			wantOut:  "No rollout is in progress (latest rollout #1 complete 292 years ago)\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := snap(tt.profile, tt.cfg, tt.rcs)
			if tt.flip != nil {
				tt.flip(&s.Settings.Switches)
			}
			p, r, err := cancel.Cancel(s)
			if err == nil {
				err = r.Err()
			}
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
			// Callers branch on the sentinels: an error answers for no
			// sentinel but the one the case wants.
			for _, other := range []error{cancel.ErrPaused, cancel.ErrNoDeployments} {
				if other != tt.wantIs && errors.Is(err, other) {
					t.Errorf("Cancel() error %v is %v too, want only %v", err, other, tt.wantIs)
				}
			}
		})
	}
}

func TestCancelInvalidSnapshot(t *testing.T) {
	s := snap(dcplan.Modern, dc(1), []dcplan.Deployment{rc(1, dcplan.PhaseRunning, time.Minute)})
	s.Deployments[0].Replicas = -1
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
		Op: cancel.OpCancel, Namespace: "ns", Config: "web", LatestVersion: 4,
		Listed: []cancel.Target{
			{Name: "web-4", Version: 4, Phase: dcplan.PhaseNew, Cancelled: true, Age: time.Minute},
			{Name: "web-3", Version: 3, Phase: dcplan.PhaseRunning, Age: time.Hour},
		},
		Cancelled: []cancel.Target{{Name: "web-3", Version: 3, Phase: dcplan.PhaseRunning, Age: time.Hour}},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Cancel() report (-want +got):\n%s", d)
	}
}

func TestUserReason(t *testing.T) {
	tests := []struct {
		name    string
		why     string
		profile dcplan.Preset
		want    string
	}{
		{"modern", "1.4: short form", dcplan.Modern, "cancelled by the user"},
		{"exact", "1.4: short form", dcplan.Exact, "cancelled by the user"},
		{"origin10", "11a.1: every preset writes the short form", dcplan.Origin10, "cancelled by the user"},
		{"origin", "11a.1: every preset writes the short form", dcplan.Origin, "cancelled by the user"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, cancel.UserReason(tt.profile.Switches())); d != "" {
				t.Errorf("UserReason() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
	t.Run("LongReasons", func(t *testing.T) {
		// SPEC 12 LongReasons, 1.4: the switch alone selects the long form.
		sw := dcplan.Modern.Switches()
		sw.LongReasons = true
		if d := cmp.Diff("The deployment was cancelled by the user", cancel.UserReason(sw)); d != "" {
			t.Errorf("UserReason() mismatch (-want +got):\n%s", d)
		}
	})
}

// TestCancelKeepsTwinsInListOrder: two RCs of one version (a restore or a
// hand edit) keep their list order, as upstream's sort by version leaves
// them (SPEC 13.1 "duplicate versions follow upstream's sort (stable by
// list order)", 6m.1.3.4): the first listed is the newest RC the
// `No rollout is in progress` line describes, and is cancelled first.
// Each world is tried in both list orders: with the twins listed in name
// order alone, a sort that broke ties by name would pass too.
// Reference: oc (CancelOptions).Run, sort.Sort(ByLatestVersionDesc).
func TestCancelKeepsTwinsInListOrder(t *testing.T) {
	twin := func(d dcplan.Deployment) dcplan.Deployment {
		d.Name = "web-3b"
		return d
	}
	complete, failed := rc(3, dcplan.PhaseComplete, time.Minute), twin(rc(3, dcplan.PhaseFailed, time.Hour))
	running, pending := rc(3, dcplan.PhaseRunning, time.Minute), twin(rc(3, dcplan.PhasePending, time.Hour))
	tests := []struct {
		name      string
		settled   []dcplan.Deployment
		wantLine  string
		inFlight  []dcplan.Deployment
		wantOrder []string
	}{{
		name:      "name order",
		settled:   []dcplan.Deployment{complete, failed},
		wantLine:  "No rollout is in progress (latest rollout #3 complete about a minute ago)\n",
		inFlight:  []dcplan.Deployment{running, pending},
		wantOrder: []string{"web-3", "web-3b"},
	}, {
		name:      "against name order",
		settled:   []dcplan.Deployment{failed, complete},
		wantLine:  "No rollout is in progress (latest rollout #3 failed about an hour ago)\n",
		inFlight:  []dcplan.Deployment{pending, running},
		wantOrder: []string{"web-3b", "web-3"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, r, err := cancel.Cancel(snap(dcplan.Exact, dc(3), tt.settled))
			if err != nil {
				t.Fatal(err)
			}
			if r.String() != tt.wantLine {
				t.Errorf("Cancel() output = %q, want %q (the first listed of the twins)", r.String(), tt.wantLine)
			}
			p, _, err := cancel.Cancel(snap(dcplan.Exact, dc(3), tt.inFlight))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range p.Cancels {
				got = append(got, c.RC)
			}
			if d := cmp.Diff(tt.wantOrder, got); d != "" {
				t.Errorf("Cancel() cancels (-want +got), in list order:\n%s", d)
			}
		})
	}
}
