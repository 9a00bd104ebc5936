package reconcile_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
)

// synced returns d with its openshift.io/deployment.replicas annotation
// equal to its spec.replicas, as the seed reconcile leaves it.
func synced(d dcplan.Deployment) dcplan.Deployment {
	d.SyncedReplicas, d.HasSyncedReplicas = d.Replicas, true
	d.DesiredReplicas, d.HasDesiredReplicas = 0, false
	return d
}

// Reference: Origin deploymentconfig_controller.go (*DeploymentConfigController).Handle
// and reconcileDeployments (replica-sync variant)
func TestConfigOrigin(t *testing.T) {
	v2 := config(2)
	paused := config(2)
	paused.Paused = true
	pausedNew := config(3)
	pausedNew.Paused = true
	pausedNew.HasRevisionHistoryLimit = true
	foreign := synced(rollout(t, v2, 1, dcplan.PhaseComplete, 1))
	foreign.Controller.UID = "someone-else"
	handScaled := synced(rollout(t, v2, 2, dcplan.PhaseComplete, 3))
	handScaled.Replicas = 5
	limited := config(3)
	limited.HasRevisionHistoryLimit = true
	testDC := config(2)
	testDC.Test = true
	sync := func(rc string, v dcplan.Version, from, to dcplan.Replicas) dcplan.Scale {
		return dcplan.Scale{Rule: "3.11", RC: rc, Version: v, From: from, To: to, SyncAnnotation: true}
	}
	scaledEv := func(rc string, from, to dcplan.Replicas) string {
		return ev(normal, "DeploymentScaled", `Scaled deployment "`+rc+`" from `+itoa(from)+" to "+itoa(to), "3.11")
	}

	tests := []struct {
		name string
		why  string
		s    dcplan.Snapshot
		want shape
	}{{
		name: "version 0 is status only",
		why:  "7 row 1: triggers are not the controller's business",
		s:    snapshot(config(0)),
		want: shape{Status: &statusShape{Rule: "7.1", ObservedGeneration: 2}},
	}, {
		name: "label-selected, no claims",
		why:  "7 row 2: an RC owned by another controller but labelled for the DC is scaled down like any other",
		s:    snapshot(v2, foreign, synced(rollout(t, v2, 2, dcplan.PhaseComplete, 3))),
		want: shape{Scales: []dcplan.Scale{sync("web-1", 1, 1, 0)}, Events: []string{scaledEv("web-1", 1, 0)},
			Status: &statusShape{Rule: "3.11", LatestVersion: 2, ObservedGeneration: 2,
				Progressing: `True/NewReplicationControllerAvailable: replication controller "web-2" successfully rolled out`}},
	}, {
		name: "first sync writes the annotation",
		why:  "3.11: an RC without the replicas annotation is written even when its count is right; no event",
		s:    snapshot(v2, synced(rollout(t, v2, 1, dcplan.PhaseComplete, 0)), rollout(t, v2, 2, dcplan.PhaseComplete, 3)),
		want: shape{Scales: []dcplan.Scale{sync("web-2", 2, 3, 3)},
			Status: &statusShape{Rule: "3.11", LatestVersion: 2, ObservedGeneration: 2, Progressing: `True/NewReplicationControllerAvailable: replication controller "web-2" successfully rolled out`}},
	}, {
		name: "hand-scaled RC drives the DC",
		why:  "3.11: the active latest RC was scaled directly: the DC learns 5 before the RC is rewritten",
		s:    snapshot(v2, synced(rollout(t, v2, 1, dcplan.PhaseComplete, 0)), handScaled),
		want: shape{
			UpdateConfig: []dcplan.ConfigUpdate{{Rule: "3.11", Config: "web", SetReplicas: true, ReplicasFrom: 3, ReplicasTo: 5}},
			Scales:       []dcplan.Scale{sync("web-2", 2, 5, 5)},
			Status:       &statusShape{Rule: "3.11", LatestVersion: 2, ObservedGeneration: 3, Progressing: `True/NewReplicationControllerAvailable: replication controller "web-2" successfully rolled out`},
		},
	}, {
		name: "hand-scaled test DC is not synced",
		why: "3.11: a test DC's spec is never updated, whatever activeReplicas says (5 here, from the hand-scaled latest), " +
			"and 2.4: every RC of a test DC, the active one too, targets 0",
		s: snapshot(testDC, synced(rollout(t, v2, 1, dcplan.PhaseComplete, 0)), handScaled),
		want: shape{
			Scales: []dcplan.Scale{sync("web-2", 2, 5, 0)},
			Events: []string{scaledEv("web-2", 5, 0)},
			Status: &statusShape{Rule: "3.11", LatestVersion: 2, ObservedGeneration: 2, Progressing: `True/NewReplicationControllerAvailable: replication controller "web-2" successfully rolled out`},
		},
	}, {
		name: "paused DC is still scaled",
		why:  "7 row 4, SPEC 12 Paused=PausedNoCreate: the seed checked paused after reconcile (Origin13: modern conditions, no paused condition)",
		s:    snapshot(paused, synced(rollout(t, v2, 1, dcplan.PhaseComplete, 3)), synced(rollout(t, v2, 2, dcplan.PhaseComplete, 0))),
		want: shape{
			Scales: []dcplan.Scale{sync("web-2", 2, 0, 3), sync("web-1", 1, 3, 0)},
			Events: []string{scaledEv("web-2", 0, 3), scaledEv("web-1", 3, 0)},
			Status: &statusShape{Rule: "3.11", LatestVersion: 2, ObservedGeneration: 2,
				Progressing: `True/NewReplicationControllerAvailable: replication controller "web-2" successfully rolled out`},
		},
	}, {
		name: "paused DC creates nothing",
		why:  "7 row 4: paused blocks creation only; cleanup and status",
		s:    snapshot(pausedNew, synced(rollout(t, v2, 1, dcplan.PhaseComplete, 0)), synced(rollout(t, v2, 2, dcplan.PhaseComplete, 3))),
		want: shape{DeleteRCs: []dcplan.DeleteRC{{Rule: "7.4", RC: "web-1", Version: 1, WithoutOptions: true}},
			Status: &statusShape{Rule: "7.4", LatestVersion: 3, ObservedGeneration: 2}},
	}, {
		name: "cleanup uses the pre-scaling list",
		why:  "7 row 11: web-1 still has 2 replicas before this pass's scaling, so it is skipped but counted; the delete goes without options",
		s: snapshot(limited, synced(rollout(t, v2, 1, dcplan.PhaseComplete, 2)), synced(rollout(t, v2, 2, dcplan.PhaseComplete, 0)),
			synced(rollout(t, v2, 3, dcplan.PhaseComplete, 3))),
		want: shape{
			Scales:    []dcplan.Scale{sync("web-1", 1, 2, 0)},
			DeleteRCs: []dcplan.DeleteRC{{Rule: "7.11", RC: "web-2", Version: 2, WithoutOptions: true}},
			Events:    []string{scaledEv("web-1", 2, 0)},
			Status:    &statusShape{Rule: "3.11", LatestVersion: 3, ObservedGeneration: 2, Progressing: `True/NewReplicationControllerAvailable: replication controller "web-3" successfully rolled out`},
		},
	}, {
		name: "create",
		why:  "7 row 13: the seed-era event text and no condition",
		s:    snapshot(v2, synced(rollout(t, v2, 1, dcplan.PhaseComplete, 3))),
		want: shape{CreateRCs: []string{"web-2"},
			Events: []string{ev(normal, "DeploymentCreated", `Created new deployment "web-2" for version 2`, "7.13")},
			Status: &statusShape{Rule: "7.13", LatestVersion: 2, ObservedGeneration: 2}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := shapeOf(reconcile.Config(withPreset(tt.s, dcplan.Origin13)))
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Config() Origin mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

// Reference: Origin reconcileDeployments, the activeReplicas switch
func TestOriginActiveReplicas(t *testing.T) {
	v2 := config(2)
	desired := func(d dcplan.Deployment, n dcplan.Replicas) dcplan.Deployment {
		d.DesiredReplicas, d.HasDesiredReplicas = n, true
		return d
	}
	unsynced := func(d dcplan.Deployment) dcplan.Deployment {
		d.HasSyncedReplicas, d.SyncedReplicas = false, 0
		return d
	}
	tests := []struct {
		name string
		why  string
		rcs  []dcplan.Deployment
		want dcplan.Replicas // the DC's spec.replicas after the pass (3 = unchanged)
	}{{
		name: "synced active latest follows the DC",
		why:  "3.11 rule 1: annotation equals spec.replicas",
		rcs:  []dcplan.Deployment{synced(rollout(t, v2, 2, dcplan.PhaseComplete, 3))},
		want: 3,
	}, {
		name: "unsynced active latest drives the DC",
		why:  "3.11 rule 1: no annotation: the RC's count wins",
		rcs:  []dcplan.Deployment{unsynced(rollout(t, v2, 2, dcplan.PhaseComplete, 4))},
		want: 4,
	}, {
		name: "unsynced active latest at 0 drives the DC",
		why:  "3.11 rule 1: no annotation: the RC's count wins, 0 too (the absent annotation is no count of 0 that matches)",
		rcs:  []dcplan.Deployment{unsynced(rollout(t, v2, 2, dcplan.PhaseComplete, 0))},
		want: 0,
	}, {
		name: "active not latest, synced",
		why:  "3.11 rule 2: an annotated active RC keeps the DC's value",
		rcs:  []dcplan.Deployment{synced(rollout(t, v2, 1, dcplan.PhaseComplete, 1)), desired(rollout(t, v2, 2, dcplan.PhaseFailed, 0), 7)},
		want: 3,
	}, {
		name: "active not latest, latest desired",
		why:  "3.11 rule 2: the failed latest's desired-replicas",
		rcs:  []dcplan.Deployment{unsynced(rollout(t, v2, 1, dcplan.PhaseComplete, 1)), desired(rollout(t, v2, 2, dcplan.PhaseFailed, 0), 7)},
		want: 7,
	}, {
		name: "active not latest, active count",
		why:  "3.11 rule 2: no desired-replicas: the active RC's positive count",
		rcs:  []dcplan.Deployment{unsynced(rollout(t, v2, 1, dcplan.PhaseComplete, 2)), synced(rollout(t, v2, 2, dcplan.PhaseFailed, 0))},
		want: 2,
	}, {
		name: "active not latest, active at 0",
		why:  "3.11 rule 2: the active RC's count counts only when positive; at 0, with no desired-replicas on the latest, the DC keeps its own",
		rcs:  []dcplan.Deployment{unsynced(rollout(t, v2, 1, dcplan.PhaseComplete, 0)), synced(rollout(t, v2, 2, dcplan.PhaseFailed, 0))},
		want: 3,
	}, {
		name: "no active, latest desired",
		why:  "3.11 rule 3",
		rcs:  []dcplan.Deployment{desired(rollout(t, v2, 2, dcplan.PhaseFailed, 0), 6)},
		want: 6,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := reconcile.Config(withPreset(snapshot(v2, tt.rcs...), dcplan.Origin13))
			got := v2.Replicas
			for _, u := range p.UpdateConfig {
				if u.SetReplicas {
					got = u.ReplicasTo
				}
			}
			if got != tt.want {
				t.Errorf("Config() Origin synced spec.replicas = %d, want %d (%s)\n%s", got, tt.want, tt.why, dcplan.Describe(p))
			}
		})
	}
}

// TestOriginVersion0BumpsWithoutSeedStatus pins SPEC 7.1 and 3.9 apart
// from the SeedStatus switch: the seed controller's version-0 branch is
// a bumping branch (observedGeneration = metadata.generation), so it
// bumps on its own, not only because SeedStatus always bumps.
func TestOriginVersion0BumpsWithoutSeedStatus(t *testing.T) {
	s := withPreset(snapshot(config(0)), dcplan.Origin13)
	s.Settings.Switches.SeedStatus = false
	got := shapeOf(reconcile.Config(s))
	want := shape{Status: &statusShape{Rule: "7.1", ObservedGeneration: 2}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Config() Origin13 without SeedStatus, version 0 (-want +got):\n%s", d)
	}
}
