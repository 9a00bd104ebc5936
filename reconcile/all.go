package reconcile

import (
	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/phase"
)

// All plans one pass of both controllers over s: the DC controller's plan
// (Config) merged, by dcplan.Plan.Merge, with the deployer controller's
// step (phase.Step) for every RC of the snapshot, newest version first,
// ties by name. Simulators apply it as one step. The merged plan keeps the
// DC controller's Wait and Message when it has one, else the first
// deployer step's, and the earliest RecheckAfter.
//
// It returns an empty plan for an invalid snapshot, and an empty plan when
// both controllers are at their fixed point.
//
// Ports: the DeploymentConfig controller and the deployer controller of
// openshift-controller-manager, run one after the other on the same cache.
func All(s dcplan.Snapshot) dcplan.Plan {
	if s.Validate() != nil {
		return dcplan.Plan{}
	}
	p := Config(s)
	for _, d := range history.NewestFirst(s.Deployments) {
		p = p.Merge(phase.Step(s, d.Name))
	}
	return p
}
