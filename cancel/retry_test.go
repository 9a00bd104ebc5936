package cancel_test

import (
	"errors"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/google/go-cmp/cmp"
)

// Reference: oc (RetryOptions).Run (6m.2, Modern and Exact);
// (DeployOptions).retry (newest, Origin15) and DeployOptions.retry(config,
// out) (middle, Origin13; oldest, Origin10).
func TestRetry(t *testing.T) {
	const (
		M   = dcplan.Modern
		E   = dcplan.Exact
		O10 = dcplan.Origin10
		O13 = dcplan.Origin13
		O15 = dcplan.Origin15
	)
	failed3 := []dcplan.Deployment{
		rc(2, dcplan.PhaseComplete, time.Hour),
		cancelled(rc(3, dcplan.PhaseFailed, time.Minute), dcplan.ReasonCancelledByUser),
	}
	pods := []dcplan.Pod{
		pod("web-3-hook-pre", "web-3"),
		pod("web-3-deploy", "web-3"),
		pod("web-2-deploy", "web-2"),
		{Namespace: "ns", Name: "web-3-abcde", DeploymentName: "web-3"}, // an app pod: not labelled
	}
	// Today's oc tries every pod delete and patches the RC (SPEC
	// 6m.2.3.6-7); the seed-era oc stops at the first failed delete and
	// updates the RC (SPEC 6.2.5-6).
	const wantRetryPlan = "delete-pod pod/web-3-deploy rc=web-3 grace=0 rule=6m.2.3.6\n" +
		"delete-pod pod/web-3-hook-pre rc=web-3 grace=0 rule=6m.2.3.6\n" +
		"transition rc/web-3 v=3 phase=Failed->New clearCancel=true write=patch rule=6m.2.3.7\n"
	const wantModernRetryPlan = "delete-pod pod/web-3-deploy rc=web-3 grace=0 rule=6m.2.3.6\n" +
		"delete-pod pod/web-3-hook-pre rc=web-3 grace=0 rule=6m.2.3.6\n" +
		"transition rc/web-3 v=3 phase=Failed->New clearCancel=true retriedAt=2026-11-30T12:00:00Z write=patch rule=6m.2.3.7\n"
	const wantSeedRetryPlan = "delete-pod pod/web-3-deploy rc=web-3 grace=0 stopOnFailure=true rule=6.2.5\n" +
		"delete-pod pod/web-3-hook-pre rc=web-3 grace=0 stopOnFailure=true rule=6.2.5\n" +
		"transition rc/web-3 v=3 phase=Failed->New clearCancel=true rule=6.2.6\n"
	tests := []struct {
		name     string
		why      string
		profile  dcplan.Preset
		cfg      dcplan.Config
		rcs      []dcplan.Deployment
		wantPlan string
		wantOut  string
		wantErr  string
		wantIs   error
	}{
		{
			name: "paused modern", why: "6m.2.3.2: today's oc refuses a paused DC",
			profile: M, cfg: paused(dc(3)), rcs: failed3, wantPlan: "<empty plan>\n",
			wantErr: `unable to retry paused deployment config "web"`, wantIs: cancel.ErrPaused,
		},
		{
			name: "version zero exact", why: "6m.2.3.3: latestVersion 0",
			profile: E, cfg: dc(0), wantPlan: "<empty plan>\n",
			wantErr: `no rollouts found for "web"`, wantIs: cancel.ErrNoDeployments,
		},
		{
			name: "latest missing modern", why: "6m.2 verified output: missing RC",
			profile: M, cfg: dc(4), rcs: failed3, wantPlan: "<empty plan>\n",
			wantErr: "unable to find the latest rollout (#4).\nYou can start a new rollout with 'oc rollout latest dc/web'.",
			wantIs:  cancel.ErrLatestNotFound,
		},
		{
			name: "complete exact", why: "6m.2 verified output: Complete RC",
			profile: E, cfg: dc(2), rcs: failed3[:1], wantPlan: "<empty plan>\n",
			wantErr: "rollout #2 is complete; only failed deployments can be retried.\nYou can start a new deployment with 'oc rollout latest dc/web'.",
			wantIs:  cancel.ErrNotFailed,
		},
		{
			name: "running modern", why: "6m.2 verified output: Running RC",
			profile: M, cfg: dc(1), rcs: []dcplan.Deployment{rc(1, dcplan.PhaseRunning, time.Minute)}, wantPlan: "<empty plan>\n",
			wantErr: "rollout #1 is running; only failed deployments can be retried.\nOptionally, you can cancel this deployment with 'oc rollout cancel dc/web'.",
			wantIs:  cancel.ErrNotFailed,
		},
		{
			name: "retry modern", why: "6m.2 verified output: pods deleted with grace 0 by name, RC reset (with the retry's clock, 4.3.new.3.retry), the name-printer line",
			profile: M, cfg: dc(3), rcs: failed3, wantPlan: wantModernRetryPlan,
			wantOut: "deploymentconfig.apps.openshift.io/web retried rollout #3\n",
		},
		{
			name: "retry exact", why: "6m.2.3.8: as Modern, but no retried-at: upstream's timeout counts from the RC's creation (RetryTimeoutFromCreation)",
			profile: E, cfg: dc(3), rcs: failed3, wantPlan: wantRetryPlan,
			wantOut: "deploymentconfig.apps.openshift.io/web retried rollout #3\n",
		},
		{
			name: "latest missing origin10", why: "6.2.3 oldest wording (SPEC 12 OcRetry=RetryOldest): capital Unable",
			profile: O10, cfg: dc(4), rcs: failed3, wantPlan: "<empty plan>\n",
			wantErr: "Unable to find the latest deployment (#4).\nYou can start a new deployment using the --latest option.",
			wantIs:  cancel.ErrLatestNotFound,
		},
		{
			name: "paused origin10", why: "6.2.1: the oldest oc has no paused check",
			profile: O10, cfg: paused(dc(3)), rcs: failed3,
			wantPlan: wantSeedRetryPlan, wantOut: "Retried #3\n",
		},
		{
			name: "paused origin15", why: "6.2.1: newer oc refuses a paused DC",
			profile: O15, cfg: paused(dc(3)), rcs: failed3, wantPlan: "<empty plan>\n",
			wantErr: "cannot retry a paused deployment config", wantIs: cancel.ErrPaused,
		},
		{
			name: "paused origin13", why: "6.2.1: the variant B era has no paused check",
			profile: O13, cfg: paused(dc(3)), rcs: failed3,
			wantPlan: wantSeedRetryPlan, wantOut: "Retried #3\n",
		},
		{
			name: "version zero origin15", why: "6.2.2: latestVersion 0",
			profile: O15, cfg: dc(0), wantPlan: "<empty plan>\n",
			wantErr: "no deployments found for ns/web", wantIs: cancel.ErrNoDeployments,
		},
		{
			name: "version zero origin13", why: "6.2.2: same text in every era",
			profile: O13, cfg: dc(0), wantPlan: "<empty plan>\n",
			wantErr: "no deployments found for ns/web", wantIs: cancel.ErrNoDeployments,
		},
		{
			name: "latest missing origin15", why: "6.2.3: newest wording",
			profile: O15, cfg: dc(4), rcs: failed3, wantPlan: "<empty plan>\n",
			wantErr: "unable to find the latest deployment (#4).\nYou can start a new deployment with 'oc deploy --latest dc/web'.",
			wantIs:  cancel.ErrLatestNotFound,
		},
		{
			name: "latest missing origin13", why: "6.2.3: newer (lowercase) wording",
			profile: O13, cfg: dc(4), rcs: failed3, wantPlan: "<empty plan>\n",
			wantErr: "unable to find the latest deployment (#4).\nYou can start a new deployment using the --latest option.",
			wantIs:  cancel.ErrLatestNotFound,
		},
		{
			name: "complete origin15", why: "6.2.4: Complete suggests a new deployment",
			profile: O15, cfg: dc(2), rcs: failed3[:1], wantPlan: "<empty plan>\n",
			wantErr: "#2 is Complete; only failed deployments can be retried.\nYou can start a new deployment with 'oc deploy --latest dc/web'.",
			wantIs:  cancel.ErrNotFailed,
		},
		{
			name: "complete origin13", why: "6.2.4: Complete, era wording",
			profile: O13, cfg: dc(2), rcs: failed3[:1], wantPlan: "<empty plan>\n",
			wantErr: "#2 is Complete; only failed deployments can be retried.\nYou can start a new deployment using the --latest option.",
			wantIs:  cancel.ErrNotFailed,
		},
		{
			name: "running origin15", why: "6.2.4: other phases suggest cancelling",
			profile: O15, cfg: dc(1), rcs: []dcplan.Deployment{rc(1, dcplan.PhaseRunning, time.Minute)}, wantPlan: "<empty plan>\n",
			wantErr: "#1 is Running; only failed deployments can be retried.\nOptionally, you can cancel this deployment with 'oc rollout cancel dc/web'.",
			wantIs:  cancel.ErrNotFailed,
		},
		{
			name: "pending origin13", why: "6.2.4: other phases, era wording",
			profile: O13, cfg: dc(1), rcs: []dcplan.Deployment{rc(1, dcplan.PhasePending, time.Minute)}, wantPlan: "<empty plan>\n",
			wantErr: "#1 is Pending; only failed deployments can be retried.\nOptionally, you can cancel this deployment using the --cancel option.",
			wantIs:  cancel.ErrNotFailed,
		},
		{
			name: "phase-less origin15", why: "6.2.4: the empty phase is not Failed and prints empty",
			profile: O15, cfg: dc(1), rcs: []dcplan.Deployment{rc(1, dcplan.PhaseUnknown, time.Minute)}, wantPlan: "<empty plan>\n",
			wantErr: "#1 is ; only failed deployments can be retried.\nOptionally, you can cancel this deployment with 'oc rollout cancel dc/web'.",
			wantIs:  cancel.ErrNotFailed,
		},
		{
			name: "retry origin15", why: "6.2.5-7: pods deleted with grace 0 by name, RC reset to New with cancel cleared",
			profile: O15, cfg: dc(3), rcs: failed3, wantPlan: wantSeedRetryPlan,
			wantOut: "Retried #3\nUse 'oc logs -f dc/web' to track its progress.\n",
		},
		{
			name: "retry origin13", why: "6.2.7: the older oc prints no logs hint",
			profile: O13, cfg: dc(3), rcs: failed3, wantPlan: wantSeedRetryPlan, wantOut: "Retried #3\n",
		},
		{
			name: "retry without pods origin15", why: "6.2.5: no labelled pod, only the reset",
			profile: O15, cfg: dc(4), rcs: []dcplan.Deployment{rc(4, dcplan.PhaseFailed, time.Minute)},
			wantPlan: "transition rc/web-4 v=4 phase=Failed->New clearCancel=true rule=6.2.6\n",
			wantOut:  "Retried #4\nUse 'oc logs -f dc/web' to track its progress.\n",
		},
		{
			name: "unlabelled latest still found origin15", why: "6.2.3: oc GETs the RC by name, not by label",
			profile: O15, cfg: dc(2), rcs: []dcplan.Deployment{func() dcplan.Deployment {
				d := rc(2, dcplan.PhaseFailed, time.Minute)
				d.ConfigLabel = ""
				return d
			}()},
			wantPlan: "delete-pod pod/web-2-deploy rc=web-2 grace=0 stopOnFailure=true rule=6.2.5\n" +
				"transition rc/web-2 v=2 phase=Failed->New clearCancel=true rule=6.2.6\n",
			wantOut: "Retried #2\nUse 'oc logs -f dc/web' to track its progress.\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := snap(tt.profile, tt.cfg, tt.rcs, pods...)
			p, r, err := cancel.Retry(s)
			if d := cmp.Diff(tt.wantPlan, dcplan.Describe(p)); d != "" {
				t.Errorf("Retry() plan mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.wantOut, r.String()); d != "" {
				t.Errorf("Retry() report mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.wantErr, errString(err)); d != "" {
				t.Errorf("Retry() error mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
				t.Errorf("Retry() error %v is not %v", err, tt.wantIs)
			}
		})
	}
}

// Reference: oc (DeployOptions).retry, "Nothing else" of SPEC 6.2.6. Modern
// adds one thing, the retry's clock (SPEC 4.3.new.3.retry).
func TestRetryTransitionIsMinimal(t *testing.T) {
	d := cancelled(rc(5, dcplan.PhaseFailed, time.Minute), dcplan.ReasonCancelledByUser)
	d.Replicas, d.DesiredReplicas, d.HasDesiredReplicas, d.DeployerPodName = 3, 3, true, "web-5-deploy"
	for _, tt := range []struct {
		preset    dcplan.Preset
		retriedAt time.Time
	}{{dcplan.Exact, time.Time{}}, {dcplan.Modern, now}} {
		p, _, err := cancel.Retry(snap(tt.preset, dc(5), []dcplan.Deployment{d}))
		if err != nil {
			t.Fatal(err)
		}
		want := []dcplan.Transition{{
			Rule: cancel.RuleRolloutRetryReset, RC: "web-5", Version: 5,
			From: dcplan.PhaseFailed, To: dcplan.PhaseNew, ClearCancel: true, Patch: true, RetriedAt: tt.retriedAt,
		}}
		if d := cmp.Diff(want, p.Transitions); d != "" {
			t.Errorf("%s: Retry() transitions (-want +got):\n%s", tt.preset, d)
		}
	}
}

func TestRetryInvalidSnapshot(t *testing.T) {
	s := snap(dcplan.Modern, dc(1), []dcplan.Deployment{rc(1, dcplan.PhaseFailed, time.Minute)})
	s.Config.Replicas = -1
	p, _, err := cancel.Retry(s)
	if !errors.Is(err, dcplan.ErrInvalidSnapshot) {
		t.Fatalf("Retry() error = %v, want ErrInvalidSnapshot", err)
	}
	if !p.IsEmpty() {
		t.Errorf("Retry() plan on invalid input = %s", dcplan.Describe(p))
	}
}

func TestPodDeleteError(t *testing.T) {
	_, r, err := cancel.Retry(snap(dcplan.Modern, dc(3), []dcplan.Deployment{rc(3, dcplan.PhaseFailed, time.Minute)}))
	if err != nil {
		t.Fatal(err)
	}
	cause := errors.New("pods \"web-3-deploy\" is forbidden")
	got := r.PodDeleteError("web-3-deploy", cause)
	want := `failed to delete deployer/hook pod web-3-deploy for deployment #3: pods "web-3-deploy" is forbidden`
	if d := cmp.Diff(want, got.Error()); d != "" {
		t.Errorf("PodDeleteError() mismatch (-want +got):\n%s", d)
	}
	if !errors.Is(got, cause) {
		t.Errorf("PodDeleteError() does not wrap its cause")
	}
}

// TestRetryAfterAFailedPodDelete: when the adapter reports a retry's pod
// delete failed (s.Outcome, as wire.RunPass fills it), the RC is not
// reset (SPEC 6.2 step 5, 6m.2 step 3.6). Today's oc has tried every
// delete and reports each failure; the seed-era oc stopped at the first.
// Reference: oc (RetryOptions).Run, (DeployOptions).retry.
func TestRetryAfterAFailedPodDelete(t *testing.T) {
	pods := []dcplan.Pod{pod("web-3-hook-pre", "web-3"), pod("web-3-deploy", "web-3")}
	forbidden := dcplan.Failure{Action: dcplan.ActionDeletePod, Name: "web-3-deploy", Reason: dcplan.StatusForbidden, Code: 403,
		Message: `pods "web-3-deploy" is forbidden`}
	tests := []struct {
		name     string
		why      string
		profile  dcplan.Preset
		wantPlan string
	}{{
		name: "oc rollout retry", why: "6m.2.3.6: every delete was sent; the patch is skipped", profile: dcplan.Modern,
		wantPlan: "delete-pod pod/web-3-deploy rc=web-3 grace=0 rule=6m.2.3.6\n" +
			"delete-pod pod/web-3-hook-pre rc=web-3 grace=0 rule=6m.2.3.6\n",
	}, {
		name: "oc deploy --retry", why: "6.2.5: the first failed delete aborts; nothing after it is sent", profile: dcplan.Origin15,
		wantPlan: "delete-pod pod/web-3-deploy rc=web-3 grace=0 stopOnFailure=true rule=6.2.5\n",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := snap(tt.profile, dc(3), []dcplan.Deployment{rc(3, dcplan.PhaseFailed, time.Minute)})
			s.Pods = pods
			s.Outcome.Failures = []dcplan.Failure{forbidden}
			p, _, err := cancel.Retry(s)
			if !errors.Is(err, cancel.ErrRetryFailed) {
				t.Fatalf("Retry() error = %v, want ErrRetryFailed (%s)", err, tt.why)
			}
			if want := `failed to delete deployer/hook pod web-3-deploy for deployment #3: pods "web-3-deploy" is forbidden`; err.Error() != want {
				t.Errorf("Retry() error text = %q, want %q", err.Error(), want)
			}
			if d := cmp.Diff(tt.wantPlan, dcplan.Describe(p)); d != "" {
				t.Errorf("Retry() plan (-want +got):\n%s", d)
			}
		})
	}
}

// TestRetryAfterAFailedPatch: when the adapter reports the retry's RC
// write failed (s.Outcome), oc prints no success line and returns the
// write's error as is (SPEC 6m.2.3.7 "Patch error → recorded as-is"; the
// `oc deploy --retry` generations return the update's error, 6.2.6). The
// plan still holds the requests already sent: the deletes and the reset.
// Reference: oc (RetryOptions).Run, (DeployOptions).retry.
func TestRetryAfterAFailedPatch(t *testing.T) {
	const msg = `replicationcontrollers "web-3" is forbidden: User "bob" cannot patch resource "replicationcontrollers"`
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Exact, dcplan.Origin10, dcplan.Origin13, dcplan.Origin15} {
		s := snap(p, dc(3), []dcplan.Deployment{rc(3, dcplan.PhaseFailed, time.Hour)}, pod("web-3-deploy", "web-3"))
		s.Outcome.Failures = []dcplan.Failure{{Action: dcplan.ActionTransition, Name: "web-3", Reason: dcplan.StatusForbidden, Code: 403, Message: msg}}
		plan, r, err := cancel.Retry(s)
		if !errors.Is(err, cancel.ErrRetryFailed) || err.Error() != msg {
			t.Errorf("%v: Retry() error = %q, want %q wrapping ErrRetryFailed", p, errString(err), msg)
		}
		if r.String() != "" {
			t.Errorf("%v: Retry() report = %q, want none after the failed write", p, r.String())
		}
		if len(plan.DeletePods) != 1 || len(plan.Transitions) != 1 {
			t.Errorf("%v: Retry() plan = %s, want the delete and the reset already sent", p, dcplan.Describe(plan))
		}
	}
}
