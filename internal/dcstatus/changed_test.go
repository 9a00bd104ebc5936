package dcstatus

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
)

// TestChangedEachCounter pins the write rule of SPEC 3.9 field by field:
// from a converged status (Changed false, StatusChanged the zero status
// and false), a current status that differs from the computed one in any
// single counter makes Changed true, and StatusChanged returns the
// computed status, written out, with true.
func TestChangedEachCounter(t *testing.T) {
	// Reference: deploymentconfig_controller.go updateStatus (reflect.DeepEqual of old and new status)
	rcs := []dcplan.Deployment{
		{Name: "web-1", Version: 1, Phase: dcplan.PhaseComplete, Replicas: 1, StatusReplicas: 1, AvailableReplicas: 1, ReadyReplicas: 1},
		{Name: "web-2", Version: 2, Phase: dcplan.PhaseComplete, Replicas: 3, StatusReplicas: 2, AvailableReplicas: 1, ReadyReplicas: 2},
	}
	// Available=False: 2 available of 3 with maxUnavailable 0; Progressing
	// as a Complete latest RC sets it.
	conds := []dcplan.Condition{
		unavailT0,
		cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, `replication controller "web-2" successfully rolled out`, t0),
	}
	converged := dcplan.ConfigStatus{
		LatestVersion: 2, ObservedGeneration: 5,
		Replicas: 3, UpdatedReplicas: 2, AvailableReplicas: 2, UnavailableReplicas: 2, ReadyReplicas: 3,
		Conditions: conds,
	}
	tests := []struct {
		name string
		why  string
		edit func(*dcplan.ConfigStatus)
	}{
		{name: "observedGeneration", why: "3.9 field 2", edit: func(st *dcplan.ConfigStatus) { st.ObservedGeneration = 4 }},
		{name: "replicas", why: "3.9 field 3", edit: func(st *dcplan.ConfigStatus) { st.Replicas = 4 }},
		{name: "updatedReplicas", why: "3.9 field 4", edit: func(st *dcplan.ConfigStatus) { st.UpdatedReplicas = 1 }},
		{name: "availableReplicas", why: "3.9 field 3", edit: func(st *dcplan.ConfigStatus) { st.AvailableReplicas = 3 }},
		{name: "unavailableReplicas", why: "3.9 field 5", edit: func(st *dcplan.ConfigStatus) { st.UnavailableReplicas = 1 }},
		{name: "readyReplicas", why: "3.9 field 3", edit: func(st *dcplan.ConfigStatus) { st.ReadyReplicas = 2 }},
	}
	snap := func(st dcplan.ConfigStatus) dcplan.Snapshot {
		return dcplan.Snapshot{Now: now, Config: dcplan.Config{Name: "web", Generation: 5, Replicas: 3, Status: st}, Deployments: rcs}
	}
	t.Run("converged", func(t *testing.T) {
		s := snap(converged)
		tally := TallyOf(&s.Config, s.Deployments)
		if Changed(&s, s.Deployments, &tally, true) {
			t.Errorf("Changed() = true for the converged status")
		}
		if got, changed := StatusChanged(&s, s.Deployments, &tally, true); changed || got.Conditions != nil || got.Replicas != 0 {
			t.Errorf("StatusChanged() = %+v, %v; want the zero status and false", got, changed)
		}
	})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cur := converged
			tt.edit(&cur)
			s := snap(cur)
			tally := TallyOf(&s.Config, s.Deployments)
			if !Changed(&s, s.Deployments, &tally, true) {
				t.Errorf("Changed() = false with %s differing", tt.name)
			}
			got, changed := StatusChanged(&s, s.Deployments, &tally, true)
			if !changed {
				t.Errorf("StatusChanged() changed = false with %s differing", tt.name)
			}
			if d := cmp.Diff(converged, got); d != "" {
				t.Errorf("StatusChanged() status mismatch (-want +got):\n%s", d)
			}
		})
	}
}
