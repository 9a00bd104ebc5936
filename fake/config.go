package fake

import (
	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// NewConfig returns the DC the simulator and examples start from: name in
// namespace ns with the given replicas, label app=<name>, selector
// deploymentconfig=<name>, a Rolling strategy with 25%/25% fenceposts, a
// ConfigChange trigger, revisionHistoryLimit 3, and one container "c0"
// running Images[0].
func NewConfig(ns, name string, replicas dcplan.Replicas) dcplan.Config {
	return dcplan.Config{
		Namespace: ns, Name: name, Replicas: replicas,
		Labels:                  []dcplan.KeyValue{{Key: "app", Value: name}},
		Selector:                []dcplan.KeyValue{{Key: "deploymentconfig", Value: name}},
		RevisionHistoryLimit:    3,
		HasRevisionHistoryLimit: true,
		Strategy: dcplan.Strategy{
			Type: dcplan.StrategyRolling, HasParams: true,
			MaxSurge:       dcplan.Fencepost{Set: true, IsString: true, Str: "25%"},
			MaxUnavailable: dcplan.Fencepost{Set: true, IsString: true, Str: "25%"},
		},
		Triggers: []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}},
		Template: wire.TemplateFor(dcplan.Container{Name: "c0", Image: Images[0]}),
	}
}
