package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestPassTransitionReadsTheRecheck: a snapshot's adoption recheck (SPEC
// 3.3.2) is the pass's live GET of its DC. When it failed, the pass met a
// failed request (Faulted); when it found another DC of the name (made
// again) or the DC being deleted, the DC the pass read from its cache is
// not the live one (Stale), and the invariants that judge a pass by the
// live world do not take the cached DC for it. A recheck that agrees
// with the snapshot changes nothing.
func TestPassTransitionReadsTheRecheck(t *testing.T) {
	cfg := passConfig(1)
	orphan := dcplan.Deployment{Namespace: "ns", Name: "web-1", UID: "uweb-1", Version: 1, Phase: dcplan.PhaseNew, ConfigLabel: "web", ConfigName: "web"}
	tests := []struct {
		name           string
		recheck        dcplan.Recheck
		faulted, stale bool
	}{
		{"none", dcplan.Recheck{}, false, false},
		{"the same DC", dcplan.Recheck{Done: true, UID: "dc-uid"}, false, false},
		{"the GET failed", dcplan.Recheck{Done: true, Err: "etcdserver: request timed out"}, true, false},
		{"made again", dcplan.Recheck{Done: true, UID: "dc-uid-again"}, false, true},
		{"being deleted", dcplan.Recheck{Done: true, UID: "dc-uid", DeletionTime: fake.Epoch}, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := dcplan.Snapshot{Now: fake.Epoch, Config: cfg, Deployments: []dcplan.Deployment{orphan}, Recheck: tt.recheck}
			tr, err := fake.PassTransition(s, dcplan.Plan{}, fake.PassConfig, "dc-controller")
			if err != nil {
				t.Fatal(err)
			}
			if tr.Faulted != tt.faulted || tr.Stale != tt.stale {
				t.Errorf("Faulted %v, Stale %v; want %v, %v", tr.Faulted, tr.Stale, tt.faulted, tt.stale)
			}
		})
	}
}

// TestPassTransitionRecheckIsTheDCControllers: the adoption recheck is
// the DC controller's GET (SPEC 3.3.2); a deployer pass or an oc command
// neither sends nor reads it, so a snapshot carrying one (a failed GET,
// another DC of the name) judges their passes as any other: neither
// Faulted nor Stale, and the invariants that skip such passes judge them.
func TestPassTransitionRecheckIsTheDCControllers(t *testing.T) {
	cfg := passConfig(1)
	rc := dcplan.Deployment{Namespace: "ns", Name: "web-1", UID: "uweb-1", Version: 1, Phase: dcplan.PhaseNew, ConfigLabel: "web", ConfigName: "web",
		HasController: true, Controller: dcplan.OwnerRef{UID: cfg.UID}}
	for _, recheck := range []dcplan.Recheck{
		{Done: true, Err: "etcdserver: request timed out"},
		{Done: true, UID: "dc-uid-again"},
	} {
		for _, k := range []struct {
			kind  fake.PassKind
			actor string
		}{{fake.PassDeployer, "deployer"}, {fake.PassUser, "user:retry"}} {
			s := dcplan.Snapshot{Now: fake.Epoch, Config: cfg, Deployments: []dcplan.Deployment{rc}, Recheck: recheck}
			tr, err := fake.PassTransition(s, dcplan.Plan{}, k.kind, k.actor)
			if err != nil {
				t.Fatal(err)
			}
			if tr.Faulted || tr.Stale {
				t.Errorf("%s with recheck %+v: Faulted %v, Stale %v; want neither", k.actor, recheck, tr.Faulted, tr.Stale)
			}
		}
	}
}
