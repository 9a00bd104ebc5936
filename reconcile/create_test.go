package reconcile_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
)

// Reference: deploymentconfig_controller.go (*DeploymentConfigController).Handle,
// the Create error branch (AlreadyExists, shadowing quirk)
func TestConfigCreateFailed(t *testing.T) {
	cfg := config(2)
	base := snapshot(cfg, rollout(t, cfg, 1, dcplan.PhaseComplete, 3))
	with := func(o dcplan.Outcome, r dcplan.Recheck) dcplan.Snapshot {
		s := base
		s.Outcome, s.Recheck = o, r
		return s
	}
	// failed is the Outcome of the pass whose create of web-2 failed with
	// text; exists marks AlreadyExists, whose live GET failed with liveErr
	// or found live.
	failed := func(text string, exists bool, liveErr string, live *dcplan.Deployment) dcplan.Outcome {
		f := dcplan.Failure{Action: dcplan.ActionCreateRC, Name: "web-2", Message: text}
		if exists {
			f.Reason, f.Code = dcplan.StatusAlreadyExists, 409
		}
		return dcplan.Outcome{Failures: []dcplan.Failure{f}, LiveErr: liveErr, Live: live}
	}
	live := rollout(t, cfg, 2, dcplan.PhaseNew, 0)
	orphan := live
	orphan.HasController, orphan.Controller = false, dcplan.OwnerRef{}
	foreign := live
	foreign.Controller.UID = "someone-else"
	exists := `replicationcontrollers "web-2" already exists`
	failure := func(text string) shape {
		return shape{
			Events: []string{ev(warning, "DeploymentCreationFailed", "Couldn't deploy version 2: "+text, "3.2.12")},
			Status: &statusShape{Rule: "3.2.12", LatestVersion: 2, ObservedGeneration: 2,
				Progressing: "False/ReplicationControllerCreateError: " + text},
			Wait:    dcplan.WaitRetry,
			Message: "couldn't create deployment for deployment config ns/web: " + text,
		}
	}
	notAdopted := "deployment ns/web-2 already exists and it couldn't be adopted"
	// claimFailed adds to o the failure of the live claim's patch (action
	// adopt or release of web-2).
	claimFailed := func(o dcplan.Outcome, action dcplan.ActionKind, reason dcplan.StatusReason, code int32, msg string) dcplan.Outcome {
		o.Failures = append(slices.Clone(o.Failures), dcplan.Failure{Action: action, Name: "web-2", Reason: reason, Code: code, Message: msg})
		return o
	}
	released := live
	released.ConfigLabel = "other"
	liveAdopt := []dcplan.Adopt{{Rule: "3.3.2", RC: "web-2", RCUID: "rc-uid-web-2", Config: "web", ConfigUID: "dc-uid", Live: true}}
	liveRelease := []dcplan.Release{{Rule: "3.3.1", RC: "web-2", RCUID: "rc-uid-web-2", ConfigUID: "dc-uid", Live: true}}
	boom := "Internal error occurred: etcdserver: request timed out"
	// withClaim is want with the live claim's patch, which was sent.
	withClaim := func(want shape, adopt []dcplan.Adopt, release []dcplan.Release) shape {
		want.Adopt, want.Release = adopt, release
		return want
	}

	tests := []struct {
		name    string
		why     string
		s       dcplan.Snapshot
		profile dcplan.Preset
		want    shape
	}{{
		name: "other failure",
		why:  "3.2.12: event, status with ReplicationControllerCreateError, retry",
		s:    with(failed("exceeded quota", false, "", nil), dcplan.Recheck{}),
		want: failure("exceeded quota"),
	}, {
		name: "live GET failed",
		why:  "1.7: no event and no status, only the GET error",
		s:    with(failed(exists, true, "connection refused", nil), dcplan.Recheck{}),
		want: shape{Wait: dcplan.WaitRetry, Message: "error while getting replication controller ns/web-2: connection refused"},
	}, {
		name: "stale cache",
		why:  "3.2.12: the RC exists and is ours: wait for the cache",
		s:    with(failed(exists, true, "", &live), dcplan.Recheck{}),
		want: shape{Wait: dcplan.WaitStaleCache, Message: "caches for RC ns/web-2 are stale, waiting to catch up"},
	}, {
		name: "stale cache after adoption",
		why:  "3.2.12: the claim adopts a matching orphan, which is then ours",
		s:    with(failed(exists, true, "", &orphan), dcplan.Recheck{}),
		want: shape{Adopt: []dcplan.Adopt{{Rule: "3.3.2", RC: "web-2", RCUID: "rc-uid-web-2", Config: "web", ConfigUID: "dc-uid", Live: true}},
			Wait: dcplan.WaitStaleCache, Message: "caches for RC ns/web-2 are stale, waiting to catch up"},
	}, {
		name: "not ours, Modern",
		why:  "11 item 3: the intended text",
		s:    with(failed(exists, true, "", &foreign), dcplan.Recheck{}),
		want: failure(notAdopted),
	}, {
		name:    "not ours, Exact",
		why:     "3.2.12 quirk: the raw API error shadows the intended text",
		s:       with(failed(exists, true, "", &foreign), dcplan.Recheck{}),
		profile: dcplan.Exact,
		want:    failure(exists),
	}, {
		name: "adoption refused, Modern",
		why:  "11 item 3: the claim error is the cause",
		s: with(failed(exists, true, "", &orphan),
			dcplan.Recheck{Done: true, Err: "timeout"}),
		want: failure(notAdopted + ": can't adopt ReplicationController ns/web-2 (rc-uid-web-2): can't recheck DeletionTimestamp: timeout"),
	}, {
		name:    "adoption refused, Exact",
		why:     "3.2.12 quirk: the raw API error again; an empty error text reads as the API's AlreadyExists",
		s:       with(failed(exists, true, "", &orphan), dcplan.Recheck{Done: true, Err: "timeout"}),
		profile: dcplan.Exact,
		want:    failure(exists),
	}, {
		name: "live adoption failed, Modern",
		why:  "3.2.12: the claim of the live RC failed: not ours, fall through as a failure; 11 item 3: the claim error is the cause",
		s:    with(claimFailed(failed(exists, true, "", &orphan), dcplan.ActionAdopt, dcplan.StatusInternalError, 500, boom), dcplan.Recheck{}),
		want: withClaim(failure(notAdopted+": "+boom), liveAdopt, nil),
	}, {
		name:    "live adoption failed, Exact",
		why:     "3.2.12 quirk: the raw API error shadows the claim error",
		s:       with(claimFailed(failed(exists, true, "", &orphan), dcplan.ActionAdopt, dcplan.StatusInternalError, 500, boom), dcplan.Recheck{}),
		profile: dcplan.Exact,
		want:    withClaim(failure(exists), liveAdopt, nil),
	}, {
		name: "live adoption found the RC gone",
		why:  "3.3.2: an adoption that meets NotFound is not ours with no error, so no cause after the text",
		s: with(claimFailed(failed(exists, true, "", &orphan), dcplan.ActionAdopt, dcplan.StatusNotFound, 404,
			`replicationcontrollers "web-2" not found`), dcplan.Recheck{}),
		want: withClaim(failure(notAdopted), liveAdopt, nil),
	}, {
		name: "live release failed",
		why:  "3.3.1: a release error other than NotFound or Invalid is the claim error, the cause in Modern",
		s:    with(claimFailed(failed(exists, true, "", &released), dcplan.ActionRelease, dcplan.StatusInternalError, 500, boom), dcplan.Recheck{}),
		want: withClaim(failure(notAdopted+": "+boom), nil, liveRelease),
	}, {
		name: "live release met Invalid",
		why:  "3.3.1: a release that an adapter of its own reports failed with Invalid (or NotFound) is tolerated: no cause",
		s: with(claimFailed(failed(exists, true, "", &released), dcplan.ActionRelease, dcplan.StatusInvalid, 422,
			`ReplicationController "web-2" is invalid`), dcplan.Recheck{}),
		want: withClaim(failure(notAdopted), nil, liveRelease),
	}, {
		name: "live release",
		why:  "3.3.1: a released RC is not ours: the failure has no cause",
		s:    with(failed(exists, true, "", &released), dcplan.Recheck{}),
		want: withClaim(failure(notAdopted), nil, liveRelease),
	}, {
		name:    "Origin: AlreadyExists is success",
		why:     "7 row 12: the seed treated AlreadyExists as success: status only",
		s:       with(failed(exists, true, "", nil), dcplan.Recheck{}),
		profile: dcplan.Origin,
		want:    shape{Status: &statusShape{Rule: "7.12", LatestVersion: 2, ObservedGeneration: 2}},
	}, {
		name:    "Origin: other failure",
		why:     "3.11: event and error, no condition and no status",
		s:       with(failed("exceeded quota", false, "", nil), dcplan.Recheck{}),
		profile: dcplan.Origin,
		want: shape{Events: []string{ev(warning, "DeploymentCreationFailed", "Couldn't deploy version 2: exceeded quota", "3.2.12")},
			Wait: dcplan.WaitRetry, Message: "couldn't create deployment for deployment config ns/web: exceeded quota"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := tt.want
			want.CreateRCs = []string{"web-2"} // the create was sent: it stays in the plan (SPEC 13)
			got := shapeOf(reconcile.Config(withPreset(tt.s, tt.profile)))
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("Config() mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

// A DC whose RC cannot be built gets upstream's fatal error and no retry.
func TestConfigBuildFailure(t *testing.T) {
	cfg := config(1)
	cfg.Template = dcplan.Template{}
	got := reconcile.Config(snapshot(cfg))
	const prefix = "fatal error handling deployment config: couldn't make deployment from (potentially invalid) deployment config ns/web: "
	if !strings.HasPrefix(got.Message, prefix) || got.Wait != dcplan.WaitNone || got.HasWrites() {
		t.Errorf("Config() = %s, want only a fatal message starting %q", dcplan.Describe(got), prefix)
	}
}

// The created RC is exactly dcplan.NewDeployment's (which package wire
// renders; wire's tests hold the two to agree).
func TestConfigCreatesNewDeployment(t *testing.T) {
	cfg := config(2)
	want, err := dcplan.NewDeployment(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	got := reconcile.Config(snapshot(cfg))
	if d := cmp.Diff([]dcplan.CreateRC{{Rule: "3.2.12", Deployment: want}}, got.CreateRCs); d != "" {
		t.Errorf("Config().CreateRCs mismatch (-want +got):\n%s", d)
	}
}

// TestConfigCreateFailedEventFollowsItsWrite pins where the
// DeploymentCreationFailed warning of a failed create stands among the
// plan's writes (Event.After, SPEC 13.1: events in upstream's order):
// upstream records it after the live claim's patch when the AlreadyExists
// branch sent one (SPEC 3.2.12, 3.3), else after the create.
//
// Reference: deploymentconfig_controller.go (*DeploymentConfigController).Handle,
// the Create error branch
func TestConfigCreateFailedEventFollowsItsWrite(t *testing.T) {
	cfg := config(2)
	orphanOf := func(d dcplan.Deployment) dcplan.Deployment {
		d.HasController, d.Controller = false, dcplan.OwnerRef{}
		return d
	}
	live := rollout(t, cfg, 2, dcplan.PhaseNew, 0)
	liveOrphan := orphanOf(live)
	released := live
	released.ConfigLabel = "other"
	boom := "Internal error occurred: etcdserver: request timed out"
	exists := dcplan.Failure{Action: dcplan.ActionCreateRC, Name: "web-2", Reason: dcplan.StatusAlreadyExists, Code: 409,
		Message: `replicationcontrollers "web-2" already exists`}
	claimFailed := func(action dcplan.ActionKind) dcplan.Failure {
		return dcplan.Failure{Action: action, Name: "web-2", Reason: dcplan.StatusInternalError, Code: 500, Message: boom}
	}
	with := func(rcs []dcplan.Deployment, live *dcplan.Deployment, fs ...dcplan.Failure) dcplan.Snapshot {
		s := snapshot(cfg, rcs...)
		s.Outcome = dcplan.Outcome{Failures: fs, Live: live}
		return s
	}
	owned := []dcplan.Deployment{rollout(t, cfg, 1, dcplan.PhaseComplete, 3)}
	orphaned := []dcplan.Deployment{orphanOf(rollout(t, cfg, 1, dcplan.PhaseComplete, 3))}

	tests := []struct {
		name string
		why  string
		s    dcplan.Snapshot
		want dcplan.ActionRef
	}{{
		name: "create refused",
		why:  "3.2.12: no claim was sent: the warning follows the create",
		s:    with(owned, nil, dcplan.Failure{Action: dcplan.ActionCreateRC, Name: "web-2", Message: "exceeded quota"}),
		want: dcplan.ActionRef{Kind: dcplan.ActionCreateRC, Index: 0},
	}, {
		name: "live adoption failed",
		why:  "3.2.12, 3.3.2: the adoption of the live orphan was sent after the create and failed: the warning follows it",
		s:    with(owned, &liveOrphan, exists, claimFailed(dcplan.ActionAdopt)),
		want: dcplan.ActionRef{Kind: dcplan.ActionAdopt, Index: 0},
	}, {
		name: "live adoption failed after the pass's own adoption",
		why:  "3.3.2, 3.2.12: the pass adopted web-1 first; the warning follows the live adoption of web-2, the second Adopt",
		s:    with(orphaned, &liveOrphan, exists, claimFailed(dcplan.ActionAdopt)),
		want: dcplan.ActionRef{Kind: dcplan.ActionAdopt, Index: 1},
	}, {
		name: "live release",
		why:  "3.2.12, 3.3.1: the live RC's label moved: its release was sent after the create, and the warning follows it",
		s:    with(owned, &released, exists),
		want: dcplan.ActionRef{Kind: dcplan.ActionRelease, Index: 0},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := reconcile.Config(tt.s)
			var got []dcplan.ActionRef
			for _, e := range p.Events {
				if e.Reason == dcplan.EventDeploymentCreationFailed {
					got = append(got, e.After)
				}
			}
			if d := cmp.Diff([]dcplan.ActionRef{tt.want}, got); d != "" {
				t.Errorf("Config() DeploymentCreationFailed placement (-want +got):\n%s\nwhy: %s\n%s", d, tt.why, dcplan.Describe(p))
			}
		})
	}
}
