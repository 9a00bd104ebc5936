package dcplan_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
)

// TestValidateText pins the whole text of Validate's error for one
// violation of each rule of Snapshot (its numbered invariants) and of
// Settings, on the snapshot of validSnapshot: the object, the field path
// and the problem, with the value or the positions that make it one, and
// errors joined in Validate's order (settings, the config, the
// deployments by position, the pods by position). Adapters log the text
// and scenario files print it.
func TestValidateText(t *testing.T) {
	const (
		snap = "dcplan: invalid snapshot: "
		sett = "dcplan: invalid settings: "
	)
	tests := []validateCase{
		{"duplicate rc", "invariant 1: the later of the two names the positions, first one first",
			func(s *dcplan.Snapshot) { s.Deployments[1].Name = "web-1" },
			snap + `ReplicationController "web-1": metadata.name: duplicate name (deployments 0 and 1)`},
		{"unnamed env var", "Settings: the injected variable's position",
			func(s *dcplan.Snapshot) { s.Settings.Environment = []dcplan.EnvVar{{Name: "A"}, {Value: "x"}} },
			sett + `Settings: Environment[1].Name: must not be empty`},
		{"negative dc replicas", "invariant 2: the count is named",
			func(s *dcplan.Snapshot) { s.Config.Replicas = -2 },
			snap + `DeploymentConfig "web": spec.replicas: must not be negative, got -2`},
		{"recreate without params", "invariant 4: a Recreate strategy needs recreateParams (SPEC 10.10)",
			func(s *dcplan.Snapshot) { s.Config.Strategy = dcplan.Strategy{Type: dcplan.StrategyRecreate} },
			snap + `DeploymentConfig "web": spec.strategy.recreateParams: required for a Recreate strategy`},
		{"unknown strategy", "the value is named",
			func(s *dcplan.Snapshot) { s.Config.Strategy.Type = 7 },
			snap + `DeploymentConfig "web": spec.strategy.type: unknown value 7`},
		{"negative timeout", "a timeout is a count of seconds",
			func(s *dcplan.Snapshot) { s.Config.Strategy.HasTimeout, s.Config.Strategy.TimeoutSeconds = true, -1 },
			snap + `DeploymentConfig "web": spec.strategy.timeoutSeconds: must not be negative`},
		{"negative latest version", "status.latestVersion counts rollouts",
			func(s *dcplan.Snapshot) { s.Config.Status.LatestVersion = -1 },
			snap + `DeploymentConfig "web": status.latestVersion: must not be negative`},
		{"second trigger untyped", "13.1: each trigger needs a type; the position is the trigger's",
			func(s *dcplan.Snapshot) {
				s.Config.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}, {Type: dcplan.TriggerOther}}
			},
			snap + `DeploymentConfig "web": spec.triggers[1].type: required, in normal form`},
		{"unnamed rc", "an RC without a name is named by its position",
			func(s *dcplan.Snapshot) { s.Deployments[1].Name = "" },
			snap + `ReplicationController: metadata.name: deployment 1 has no name`},
		{"rc in another namespace", "invariant 3: the RC's namespace, then the config's",
			func(s *dcplan.Snapshot) { s.Deployments[0].Namespace = "other" },
			snap + `ReplicationController "web-1": metadata.namespace: "other" is not the config's namespace "ns"`},
		{"rc phase past the last", "1.3: five phases and the empty one; NumPhases is none of them",
			func(s *dcplan.Snapshot) { s.Deployments[0].Phase = dcplan.NumPhases },
			snap + `ReplicationController "web-1": metadata.annotations[openshift.io/deployment.phase]: unknown phase 6`},
		{"negative rc status replicas", "invariant 2: status.replicas",
			func(s *dcplan.Snapshot) { s.Deployments[0].StatusReplicas = -1 },
			snap + `ReplicationController "web-1": status.replicas: must not be negative, got -1`},
		{"negative rc ready replicas", "invariant 2: status.readyReplicas",
			func(s *dcplan.Snapshot) { s.Deployments[0].ReadyReplicas = -2 },
			snap + `ReplicationController "web-1": status.readyReplicas: must not be negative, got -2`},
		{"negative rc available replicas", "invariant 2: status.availableReplicas",
			func(s *dcplan.Snapshot) { s.Deployments[0].AvailableReplicas = -3 },
			snap + `ReplicationController "web-1": status.availableReplicas: must not be negative, got -3`},
		{"unnamed pod", "invariant 5 needs names",
			func(s *dcplan.Snapshot) { s.Pods[0].Name = "" },
			snap + `Pod: metadata.name: must not be empty`},
		{"pod phase past unknown", "a pod phase is one of the API's five or none",
			func(s *dcplan.Snapshot) { s.Pods[0].Phase = dcplan.PodUnknown + 1 },
			snap + `Pod "web-2-deploy": status.phase: unknown value 6`},
		{"several", "settings, config, deployments, pods, each on its own line",
			func(s *dcplan.Snapshot) {
				s.Pods[0].Namespace = "x"
				s.Deployments[1].Replicas = -1
				s.Config.Replicas = -1
				s.Settings.OcRetry = 9
			},
			sett + "Settings: Switches: unknown switch value OcRetry=9\n" +
				snap + `DeploymentConfig "web": spec.replicas: must not be negative, got -1` + "\n" +
				snap + `ReplicationController "web-2": spec.replicas: must not be negative, got -1` + "\n" +
				snap + `Pod "web-2-deploy": metadata.namespace: "x" is not the config's namespace "ns"`},
	}
	checkValidateCases(t, tests)
}

// TestValidateAcceptsUnsetFields checks values Validate must not refuse:
// a negative limit or timeout whose presence flag is off (the field is
// absent: SPEC 3.7 step 1 prunes nothing without a limit, SPEC 5.21 takes
// the default timeout), the pod phase Unknown, a Custom strategy (no
// parameters needed) and an RC without a namespace. Its last row is the
// boundary of the deployer's snapshot without a DC: a config with a uid
// but no name or namespace is a DC, and it needs a name.
func TestValidateAcceptsUnsetFields(t *testing.T) {
	tests := []validateCase{
		{"limit without its flag", "3.7: no revisionHistoryLimit keeps every RC; the value is not read",
			func(s *dcplan.Snapshot) { s.Config.RevisionHistoryLimit = -1 }, "<nil>"},
		{"timeout without its flag", "5.21: no timeoutSeconds takes the default of 600; the value is not read",
			func(s *dcplan.Snapshot) { s.Config.Strategy.TimeoutSeconds = -1 }, "<nil>"},
		{"pod phase Unknown", "the API's fifth pod phase",
			func(s *dcplan.Snapshot) { s.Pods[0].Phase = dcplan.PodUnknown }, "<nil>"},
		{"custom strategy", "only Rolling and Recreate carry parameters",
			func(s *dcplan.Snapshot) { s.Config.Strategy = dcplan.Strategy{Type: dcplan.StrategyCustom} }, "<nil>"},
		{"rc without namespace", "an empty namespace on either side matches",
			func(s *dcplan.Snapshot) { s.Deployments[0].Namespace = "" }, "<nil>"},
		{"dc with a uid only", "a DC is there, so it needs a name, namespace or not",
			func(s *dcplan.Snapshot) {
				s.Config.Name, s.Config.Namespace = "", ""
			}, `dcplan: invalid snapshot: DeploymentConfig: metadata.name: must not be empty`},
	}
	checkValidateCases(t, tests)
}

// validateCase is one row of the Validate tables: an edit of
// validSnapshot and the error text Validate must give ("<nil>" for none).
type validateCase struct {
	name string
	why  string
	edit func(*dcplan.Snapshot)
	want string
}

// checkValidateCases runs each case of tests as a subtest.
func checkValidateCases(t *testing.T, tests []validateCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := validSnapshot()
			tt.edit(&s)
			got := "<nil>"
			if err := s.Validate(); err != nil {
				got = err.Error()
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Validate() mismatch (-want +got) (%s):\n%s", tt.why, d)
			}
		})
	}
}
