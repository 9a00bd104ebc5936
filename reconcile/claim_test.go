package reconcile_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
)

// Reference: controller_ref_manager.go (*BaseControllerRefManager).ClaimObject,
// kcontroller.RecheckDeletionTimestamp
func TestConfigClaims(t *testing.T) {
	cfg := config(1)
	orphan := func(v dcplan.Version) dcplan.Deployment {
		d := rollout(t, cfg, v, dcplan.PhaseComplete, 0)
		d.HasController, d.Controller = false, dcplan.OwnerRef{}
		return d
	}
	active := rollout(t, cfg, 1, dcplan.PhaseComplete, 3)
	relabelled := rollout(t, cfg, 7, dcplan.PhaseComplete, 0)
	relabelled.Name, relabelled.ConfigLabel = "web-old", "other"
	deleting := cfg
	deleting.Deleting = true
	steady := &statusShape{Rule: "3.6.5", LatestVersion: 1, ObservedGeneration: 2,
		Progressing: `True/NewReplicationControllerAvailable: replication controller "web-1" successfully rolled out`}
	adopt1 := dcplan.Adopt{Rule: "3.3.2", RC: "web-1", RCUID: "rc-uid-web-1", Config: "web", ConfigUID: "dc-uid"}
	refused := func(rc, cause string) string {
		return "can't adopt ReplicationController ns/" + rc + " (rc-uid-" + rc + "): " + cause
	}
	withRecheck := func(s dcplan.Snapshot, r dcplan.Recheck) dcplan.Snapshot { s.Recheck = r; return s }
	withOutcome := func(s dcplan.Snapshot, f dcplan.Failure) dcplan.Snapshot {
		s.Outcome = dcplan.Outcome{Failures: []dcplan.Failure{f}}
		return s
	}
	noNamespace := cfg
	noNamespace.Namespace = ""
	orphan1 := orphan(1)
	orphan1.Replicas, orphan1.StatusReplicas, orphan1.ReadyReplicas, orphan1.AvailableReplicas = 3, 3, 3, 3

	tests := []struct {
		name string
		why  string
		s    dcplan.Snapshot
		want shape
	}{{
		name: "adopt orphan",
		why:  "3.3.2: a matching orphan is adopted and counts as ours in the same pass (no recheck: live DC = snapshot, SPEC 11a.9)",
		s:    snapshot(cfg, orphan1),
		want: shape{Adopt: []dcplan.Adopt{adopt1}, Status: steady},
	}, {
		name: "adopt after a passing recheck",
		why:  "3.3.2: the live DC has our UID and no deletion timestamp",
		s:    withRecheck(snapshot(cfg, orphan1), dcplan.Recheck{Done: true, UID: "dc-uid"}),
		want: shape{Adopt: []dcplan.Adopt{adopt1}, Status: steady},
	}, {
		name: "recheck GET failed",
		why:  "1.7: the recheck error is nested in the adoption error",
		s:    withRecheck(snapshot(cfg, orphan1), dcplan.Recheck{Done: true, Err: "etcdserver: request timed out"}),
		want: shape{Wait: dcplan.WaitRetry, Message: "error while deploymentConfigController claiming replication controllers: " +
			refused("web-1", "can't recheck DeletionTimestamp: etcdserver: request timed out")},
	}, {
		name: "recheck finds another DC",
		why:  "10.14 probe: the uid error is nested twice (a supplied recheck is used, SPEC 11a.9)",
		s:    withRecheck(snapshot(cfg, orphan1), dcplan.Recheck{Done: true, UID: "new-uid"}),
		want: shape{Wait: dcplan.WaitRetry, Message: "error while deploymentConfigController claiming replication controllers: " +
			refused("web-1", "can't recheck DeletionTimestamp: original DeploymentConfig ns/web is gone: got uid new-uid, wanted dc-uid")},
	}, {
		name: "recheck finds the DC deleted",
		why:  "1.7: the deletion time is printed as Go's time.Time.String",
		s:    withRecheck(snapshot(cfg, orphan1), dcplan.Recheck{Done: true, UID: "dc-uid", DeletionTime: now}),
		want: shape{Wait: dcplan.WaitRetry, Message: "error while deploymentConfigController claiming replication controllers: " +
			refused("web-1", "ns/web has just been deleted at 2026-11-30 10:00:00 +0000 UTC")},
	}, {
		name: "two refused adoptions",
		why:  "1.7, 13.1: utilerrors aggregate brackets several distinct errors, highest version first; releases still happen (SPEC 3.3.3: every RC tried, errors collected)",
		s:    withRecheck(snapshot(cfg, orphan(2), orphan1, relabelled), dcplan.Recheck{Done: true, Err: "x"}),
		want: shape{
			Release: []dcplan.Release{{Rule: "3.3.1", RC: "web-old", RCUID: "rc-uid-web-7", ConfigUID: "dc-uid"}},
			Wait:    dcplan.WaitRetry,
			Message: "error while deploymentConfigController claiming replication controllers: [" +
				refused("web-2", "can't recheck DeletionTimestamp: x") + ", " + refused("web-1", "can't recheck DeletionTimestamp: x") + "]",
		},
	}, {
		name: "release relabelled",
		why:  "3.3.1: an owned RC whose label no longer matches is released and no longer counted",
		s:    snapshot(cfg, active, relabelled),
		want: shape{Release: []dcplan.Release{{Rule: "3.3.1", RC: "web-old", RCUID: "rc-uid-web-7", ConfigUID: "dc-uid"}}, Status: steady},
	}, {
		name: "failed release",
		why:  "3.3.1: a release refused other than NotFound or Invalid is reported (SPEC 3.3.3): the claim error, and the RC is not ours either way",
		s: withOutcome(snapshot(cfg, active, relabelled), dcplan.Failure{Action: dcplan.ActionRelease, Name: "web-old",
			Reason: dcplan.StatusForbidden, Code: 403, Message: `replicationcontrollers "web-old" is forbidden`}),
		want: shape{Release: []dcplan.Release{{Rule: "3.3.1", RC: "web-old", RCUID: "rc-uid-web-7", ConfigUID: "dc-uid"}},
			Wait:    dcplan.WaitRetry,
			Message: `error while deploymentConfigController claiming replication controllers: replicationcontrollers "web-old" is forbidden`},
	}, {
		name: "DC without a namespace adopts across namespaces",
		why:  "3.3.2: the namespace test applies only when the DC has one (ClaimObject compares namespaces only for a controller with a namespace)",
		s:    snapshot(noNamespace, orphan1),
		want: shape{Adopt: []dcplan.Adopt{adopt1}, Status: steady},
	}, {
		name: "deleting DC neither adopts nor releases",
		why:  "3.3: while the DC is being deleted orphans stay orphans and mismatches stay owned but unclaimed",
		s:    snapshot(deleting, orphan(2), relabelled, active),
		want: shape{Status: &statusShape{Rule: "3.2.4", LatestVersion: 1, ObservedGeneration: 2,
			Progressing: `True/NewReplicationControllerAvailable: replication controller "web-1" successfully rolled out`}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := shapeOf(reconcile.Config(tt.s))
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Config() mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

// An RC owned by another controller is not ours: not cancelled, not
// counted in the status, not scaled.
func TestConfigIgnoresForeignRCs(t *testing.T) {
	cfg := config(2)
	foreign := rollout(t, cfg, 1, dcplan.PhaseRunning, 5)
	foreign.Name = "other-1"
	foreign.Controller.UID = "someone-else"
	base := snapshot(cfg, rollout(t, cfg, 1, dcplan.PhaseComplete, 3))
	with := base
	with.Deployments = append([]dcplan.Deployment{foreign}, base.Deployments...)
	if d := cmp.Diff(reconcile.Config(base), reconcile.Config(with)); d != "" {
		t.Errorf("Config() with a foreign RC mismatch (-without +with):\n%s", d)
	}
}

// TestConfigAdoptionOrder pins the order of the Adopt and Release actions
// that Config's documentation gives: by RC name (upstream takes them from
// an unordered cache listing, SPEC 3.3), not by version as cancels and
// scales are (SPEC 11 item 9). web-10 sorts before web-9 by name and after
// it by version.
func TestConfigAdoptionOrder(t *testing.T) {
	cfg := config(10)
	var rcs []dcplan.Deployment
	for _, v := range []dcplan.Version{9, 10} {
		d := rollout(t, cfg, v, dcplan.PhaseComplete, 0)
		d.HasController, d.Controller = false, dcplan.OwnerRef{}
		rcs = append(rcs, d)
	}
	for _, v := range []dcplan.Version{8, 7} {
		d := rollout(t, cfg, v, dcplan.PhaseComplete, 0)
		d.Name, d.ConfigLabel = "old-"+string(rune('0'+v)), "other"
		rcs = append(rcs, d)
	}
	p := reconcile.Config(snapshot(cfg, rcs...))
	var adopted, released []string
	for _, a := range p.Adopt {
		adopted = append(adopted, a.RC)
	}
	for _, r := range p.Release {
		released = append(released, r.RC)
	}
	if d := cmp.Diff([]string{"web-10", "web-9"}, adopted); d != "" {
		t.Errorf("Config() adopts (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"old-7", "old-8"}, released); d != "" {
		t.Errorf("Config() releases (-want +got):\n%s", d)
	}
}
