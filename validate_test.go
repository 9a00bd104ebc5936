package dcplan_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
)

func validSnapshot() dcplan.Snapshot {
	cfg := dcplan.Config{Namespace: "ns", Name: "web", UID: "dc", Replicas: 3,
		Strategy: dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true},
		Status:   dcplan.ConfigStatus{LatestVersion: 2}}
	owned := dcplan.OwnerRef{Kind: "DeploymentConfig", Name: "web", UID: "dc", Controller: true}
	return dcplan.Snapshot{
		Now:    t0,
		Config: cfg,
		Deployments: []dcplan.Deployment{
			{Namespace: "ns", Name: "web-1", Version: 1, Phase: dcplan.PhaseComplete, HasController: true, Controller: owned},
			{Namespace: "ns", Name: "web-2", Version: 2, Phase: dcplan.PhaseRunning, HasController: true, Controller: owned,
				Encoded: new(cfg)},
		},
		Pods: []dcplan.Pod{{Namespace: "ns", Name: "web-2-deploy", DeploymentName: "web-2", Phase: dcplan.PodRunning}},
	}
}

func TestValidateAcceptsValid(t *testing.T) {
	if err := validSnapshot().Validate(); err != nil {
		t.Fatalf("Validate() = %v, want nil", err)
	}
	s := validSnapshot()
	// Another controller's RC may share our version: it is not ours.
	s.Deployments = append(s.Deployments, dcplan.Deployment{Namespace: "ns", Name: "other-2", Version: 2,
		HasController: true, Controller: dcplan.OwnerRef{UID: "other"}})
	if err := s.Validate(); err != nil {
		t.Fatalf("Validate() with a foreign RC of the same version = %v, want nil", err)
	}
	// SPEC 13.1: two of our RCs may share a version (hand edits,
	// restores), and one RC's encoded config may not decode.
	s = validSnapshot()
	s.Deployments[1].Version = 1
	s.Deployments[0].Encoded, s.Deployments[0].EncodedProblem = nil, "couldn't get version/kind; json parse error: unexpected end of JSON input"
	if err := s.Validate(); err != nil {
		t.Fatalf("Validate() with a shared version and an undecodable encoded config = %v, want nil", err)
	}
	// SPEC 5.1, 13.1: an RC without a version (a hand-made RC with the
	// DC's label) or with version 0 is one clusters hold.
	s = validSnapshot()
	s.Deployments[0].Version, s.Deployments[1].Version = dcplan.NoVersion, 0
	if err := s.Validate(); err != nil {
		t.Fatalf("Validate() with versions -1 and 0 = %v, want nil", err)
	}
	// SPEC 13.1: replica annotations are text too; a negative one is
	// carried, not refused.
	s = validSnapshot()
	s.Deployments[1].HasDesiredReplicas, s.Deployments[1].DesiredReplicas = true, -3
	s.Deployments[0].HasSyncedReplicas, s.Deployments[0].SyncedReplicas = true, -1
	if err := s.Validate(); err != nil {
		t.Fatalf("Validate() with negative replica annotations = %v, want nil", err)
	}
	// SPEC 13.1: an encoded config is annotation text, judged by nobody
	// but the planners that read it (see Snapshot): a hand-edited one
	// with values the API server never writes does not stall the DC.
	s = validSnapshot()
	enc := s.Deployments[1].Encoded.Clone()
	enc.Strategy = dcplan.Strategy{Type: dcplan.StrategyRecreate}
	enc.Replicas, enc.Status.LatestVersion = -1, -2
	s.Deployments[1].Encoded = new(enc)
	if err := s.Validate(); err != nil {
		t.Fatalf("Validate() with a flawed encoded config = %v, want nil", err)
	}
	// The deployer's snapshot of an RC holds no DC.
	s = validSnapshot()
	s.Config = dcplan.Config{}
	if err := s.Validate(); err != nil {
		t.Fatalf("Validate() without a DC = %v, want nil", err)
	}
}

func TestValidateRejects(t *testing.T) {
	tests := []struct {
		name  string
		why   string
		edit  func(*dcplan.Snapshot)
		want  error
		field string // substring of the error text naming the field
	}{
		{"negative dc replicas", "Validate: negative replicas", func(s *dcplan.Snapshot) { s.Config.Replicas = -1 },
			dcplan.ErrInvalidSnapshot, `DeploymentConfig "web": spec.replicas: must not be negative`},
		{"negative rc replicas", "3.6.2 reads spec.replicas", func(s *dcplan.Snapshot) { s.Deployments[0].Replicas = -2 },
			dcplan.ErrInvalidSnapshot, `ReplicationController "web-1": spec.replicas`},
		{"duplicate name", "names identify RCs", func(s *dcplan.Snapshot) { s.Deployments[1].Name = "web-1"; s.Deployments[1].Version = 3 },
			dcplan.ErrInvalidSnapshot, "duplicate name"},
		{"unknown phase", "1.3: only five phases", func(s *dcplan.Snapshot) { s.Deployments[0].Phase = 9 },
			dcplan.ErrInvalidSnapshot, "unknown phase 9"},
		{"rolling without params", "10.10: upstream panics on nil rollingParams; dcplan returns a typed error (SPEC 11.10)", func(s *dcplan.Snapshot) { s.Config.Strategy.HasParams = false },
			dcplan.ErrInvalidSnapshot, "spec.strategy.rollingParams: required for a Rolling strategy"},
		{"foreign namespace", "a snapshot is one namespace", func(s *dcplan.Snapshot) { s.Pods[0].Namespace = "other" },
			dcplan.ErrInvalidSnapshot, `Pod "web-2-deploy": metadata.namespace`},
		{"duplicate pod", "pod names identify pods", func(s *dcplan.Snapshot) { s.Pods = append(s.Pods, s.Pods[0]) },
			dcplan.ErrInvalidSnapshot, "duplicate name"},
		{"negative requeues", "1.7: the requeue count is a count", func(s *dcplan.Snapshot) { s.Requeues = -1 },
			dcplan.ErrInvalidSnapshot, "requeues"},
		{"bad switch", "12: an enum switch holds a declared value", func(s *dcplan.Snapshot) { s.Settings.Paused = 7 },
			dcplan.ErrInvalidSettings, "unknown switch value Paused=7"},
		{"unnamed env", "injected env needs names", func(s *dcplan.Snapshot) { s.Settings.Environment = []dcplan.EnvVar{{Value: "x"}} },
			dcplan.ErrInvalidSettings, "Environment[0].Name"},
		{"trigger without type", "13.1: the API server requires a trigger's type", func(s *dcplan.Snapshot) {
			s.Config.Triggers = append(s.Config.Triggers, dcplan.Trigger{})
		}, dcplan.ErrInvalidSnapshot, "spec.triggers[0].type: required"},
		{"other trigger spelling a known type", "13.1: TriggerOther holds the types no other value names; the codec would read this one back as ConfigChange",
			func(s *dcplan.Snapshot) {
				s.Config.Triggers = append(s.Config.Triggers, dcplan.Trigger{Type: dcplan.TriggerOther, OtherType: "ConfigChange"})
			}, dcplan.ErrInvalidSnapshot, "spec.triggers[0].type"},
		{"known trigger with other text", "13.1: OtherType belongs to TriggerOther only", func(s *dcplan.Snapshot) {
			s.Config.Triggers = append(s.Config.Triggers, dcplan.Trigger{Type: dcplan.TriggerConfigChange, OtherType: "x"})
		}, dcplan.ErrInvalidSnapshot, "spec.triggers[0].type"},
		{"negative history limit", "3.7: a limit is a count", func(s *dcplan.Snapshot) {
			s.Config.HasRevisionHistoryLimit, s.Config.RevisionHistoryLimit = true, -1
		}, dcplan.ErrInvalidSnapshot, "spec.revisionHistoryLimit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := validSnapshot()
			tt.edit(&s)
			err := s.Validate()
			if !errors.Is(err, tt.want) {
				t.Fatalf("Validate() = %v, want an error wrapping %v (%s)", err, tt.want, tt.why)
			}
			if !strings.Contains(err.Error(), tt.field) {
				t.Errorf("Validate() = %q, want it to name %q", err, tt.field)
			}
			var fe *dcplan.FieldError
			if !errors.As(err, &fe) {
				t.Errorf("Validate() = %T, want a *FieldError inside", err)
			}
		})
	}
}
