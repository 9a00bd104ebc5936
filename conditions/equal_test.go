package conditions_test

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/internal/dcstatus"
)

// TestEqual pins ConfigStatus.Equal, the normal-form equality of the
// no-write rule (SPEC 3.9) that Changed decides by.
func TestEqual(t *testing.T) {
	base := func() dcplan.ConfigStatus {
		return dcplan.ConfigStatus{
			LatestVersion: 3, ObservedGeneration: 5, Replicas: 3, UpdatedReplicas: 3,
			AvailableReplicas: 3, UnavailableReplicas: 0, ReadyReplicas: 3,
			Details:    dcplan.Details{Message: "config change", Causes: []dcplan.Cause{{Type: dcplan.TriggerConfigChange}}},
			Conditions: []dcplan.Condition{availT0, dcstatus.RolledOut("web-3", t0)},
		}
	}
	edit := func(f func(*dcplan.ConfigStatus)) dcplan.ConfigStatus { s := base(); f(&s); return s }
	elsewhere := time.FixedZone("elsewhere", 5*3600)
	tests := []struct {
		name string
		why  string
		a, b dcplan.ConfigStatus
		want bool
	}{
		{name: "identical", why: "reflexive", a: base(), b: base(), want: true},
		{name: "zero values", why: "reflexive", want: true},
		{name: "nil and empty conditions", why: "normal form: nil == empty", a: edit(func(s *dcplan.ConfigStatus) { s.Conditions = nil }), b: edit(func(s *dcplan.ConfigStatus) { s.Conditions = []dcplan.Condition{} }), want: true},
		{name: "nil and empty causes", why: "normal form: nil == empty", a: edit(func(s *dcplan.ConfigStatus) { s.Details.Causes = nil }), b: edit(func(s *dcplan.ConfigStatus) { s.Details.Causes = []dcplan.Cause{} }), want: true},
		{name: "same instant in another zone", why: "times compare with Equal", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.Conditions[0].LastUpdateTime = t0.In(elsewhere) }), want: true},
		{name: "latest version", why: "field compared", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.LatestVersion++ })},
		{name: "observed generation", why: "field compared", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.ObservedGeneration++ })},
		{name: "replicas", why: "field compared", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.Replicas++ })},
		{name: "updated", why: "field compared", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.UpdatedReplicas++ })},
		{name: "available", why: "field compared", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.AvailableReplicas++ })},
		{name: "unavailable", why: "field compared", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.UnavailableReplicas++ })},
		{name: "ready", why: "field compared", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.ReadyReplicas++ })},
		{name: "details message", why: "field compared", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.Details.Message = "image change" })},
		{name: "details causes", why: "field compared", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.Details.Causes[0].Image = "x" })},
		{name: "condition order", why: "order matters (the set rule moves conditions)", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.Conditions[0], s.Conditions[1] = s.Conditions[1], s.Conditions[0] })},
		{name: "condition count", why: "length compared", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.Conditions = s.Conditions[:1] })},
		{name: "condition message", why: "field compared", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.Conditions[1].Message = "x" })},
		{name: "condition other reason", why: "field compared", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.Conditions[1].OtherReason = "x" })},
		{name: "condition transition time", why: "field compared", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.Conditions[1].LastTransitionTime = now })},
		{name: "condition update time", why: "field compared", a: base(), b: edit(func(s *dcplan.ConfigStatus) { s.Conditions[1].LastUpdateTime = now })},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.a.Equal(tt.b); got != tt.want {
				t.Errorf("Equal(a, b) = %v, want %v", got, tt.want)
			}
			if got := tt.b.Equal(tt.a); got != tt.want {
				t.Errorf("Equal(b, a) = %v, want %v", got, tt.want)
			}
		})
	}
}

// converged returns a Modern snapshot with n RCs (the last Complete and
// scaled, the others at 0) whose status is already what Status computes.
func converged(n int) dcplan.Snapshot {
	cfg := config(dcplan.Version(n))
	rcs := make([]dcplan.Deployment, n)
	for i := range rcs {
		rcs[i] = rc(dcplan.Version(i+1), dcplan.PhaseComplete, 0, 0, 0, 0)
	}
	if n > 0 {
		rcs[n-1] = rc(dcplan.Version(n), dcplan.PhaseComplete, 3, 3, 3, 3)
	}
	s := snap(dcplan.Modern, cfg, rcs...)
	s.Config.Status = conditions.Status(s, true)
	s.Now = now.Add(time.Minute) // a later pass
	return s
}

func TestChanged(t *testing.T) {
	// Reference: deploymentconfig_controller.go updateStatus (no write when DeepEqual)
	edit := func(f func(*dcplan.Snapshot)) dcplan.Snapshot { s := converged(10); f(&s); return s }
	// The revert case: two extras whose net effect restores the current condition.
	// The DC has just created web-11 and written the Created condition.
	revert := edit(func(s *dcplan.Snapshot) {
		s.Now = now
		s.Config.Status.LatestVersion = 11
		s.Deployments = append(s.Deployments, rc(11, dcplan.PhaseNew, 0, 0, 0, 0))
		s.Config.Status = conditions.Status(*s, true, conditions.Created("web-11", 11, now))
	})
	tests := []struct {
		name  string
		why   string
		s     dcplan.Snapshot
		bump  bool
		extra []dcplan.Condition
		want  bool
	}{
		{name: "converged", why: "3.9 write rule: nothing to write", s: converged(10), bump: true},
		{name: "converged without RCs", why: "3.9: an empty list converges too", s: converged(0), bump: true},
		{name: "generation bumped", why: "3.9: observedGeneration lags metadata.generation", s: edit(func(s *dcplan.Snapshot) { s.Config.Generation++ }), bump: true, want: true},
		{name: "generation not bumped", why: "3.2.11: a running latest does not bump", s: edit(func(s *dcplan.Snapshot) { s.Config.Generation++ })},
		{name: "replicas", why: "3.9: sum of status.replicas", s: edit(func(s *dcplan.Snapshot) { s.Deployments[0].StatusReplicas = 1 }), bump: true, want: true},
		{name: "updated", why: "3.9: latest RC's status.replicas", s: edit(func(s *dcplan.Snapshot) { s.Config.Status.UpdatedReplicas = 1 }), bump: true, want: true},
		{name: "available", why: "3.9: sum of availableReplicas", s: edit(func(s *dcplan.Snapshot) { s.Config.Status.AvailableReplicas = 9 }), bump: true, want: true},
		{name: "unavailable", why: "3.9: spec minus available", s: edit(func(s *dcplan.Snapshot) { s.Deployments[0].Replicas = 1 }), bump: true, want: true},
		{name: "ready", why: "3.9: sum of readyReplicas", s: edit(func(s *dcplan.Snapshot) { s.Deployments[0].ReadyReplicas = 1 }), bump: true, want: true},
		{name: "available condition flips", why: "3.10.1: availability lost", s: edit(func(s *dcplan.Snapshot) { s.Config.Replicas = 4; s.Config.Status.UnavailableReplicas = 1 }), bump: true, want: true},
		{name: "progressing condition flips", why: "3.10.2: latest failed", s: edit(func(s *dcplan.Snapshot) { s.Deployments[9].Phase = dcplan.PhaseFailed }), bump: true, want: true},
		{name: "no-op extra", why: "3.10: an extra with the current status and reason changes nothing", s: revert, bump: true, extra: []dcplan.Condition{conditions.Created("web-11", 11, t1)}},
		{name: "effective extra", why: "3.10: a new status is written", s: converged(10), bump: true, extra: []dcplan.Condition{conditions.CreateError("boom", now)}, want: true},
		{
			name: "extras that cancel out", why: "the list is compared, not the number of replacements: the second extra restores the first's victim exactly",
			s: revert, bump: true, extra: []dcplan.Condition{conditions.CreateError("boom", now), conditions.Created("web-11", 11, now)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := conditions.Changed(tt.s, tt.bump, tt.extra...); got != tt.want {
				t.Errorf("Changed() = %v, want %v", got, tt.want)
			}
			if got := !conditions.Status(tt.s, tt.bump, tt.extra...).Equal(tt.s.Config.Status); got != tt.want {
				t.Errorf("!Equal(Status(), current) = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestChangedDoesNotAllocate(t *testing.T) {
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Exact, dcplan.Origin} {
		t.Run(p.String(), func(t *testing.T) {
			s := converged(10)
			s.Settings.Switches = p.Switches()
			s.Config.Status = conditions.Status(s, true)
			s.Config.Strategy = rolling(strFP("25%"), strFP("25%"))
			if conditions.Changed(s, true) {
				t.Fatalf("Changed() = true for a converged DC:\n%v", conditions.Status(s, true))
			}
			if n := testing.AllocsPerRun(100, func() { conditions.Changed(s, true) }); n != 0 {
				t.Errorf("Changed() allocates %v times per run on a converged DC, want 0", n)
			}
		})
	}
}
