package reconcile

import (
	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// All plans one pass of both controllers over s: the DC controller's plan
// (Config) followed, field by field (dcplan.Plan.Append), by the deployer
// controller's pass over every RC a relist queues (phase.StepAll: those
// carrying the openshift.io/deployment-config.name annotation, SPEC 4.7;
// newest version first, ties by name descending, and with
// SeedPodController, every Origin preset's, the seed-era deployer-pod
// controller for every pod). Simulators apply it as one step. The merged
// plan keeps the DC controller's Wait and Message when it has one, else the
// first deployer step's, and the earliest RecheckAfter.
//
// An RC is written at most once per pass: the deployer half skips every RC
// the DC half adopts, releases, cancels, scales, creates or deletes (and,
// with SeedPodController, those RCs' pods), and takes it up on the next
// pass. Each write moves the RC's resourceVersion, so a second write in
// the same pass would carry the version read and always meet 409
// Conflict: an adoption or release PATCH followed by the deployer's
// Transition PUT, say.
//
// A snapshot that holds no DC (Config.Name empty) gets the deployer
// controller's pass alone: the DC controller has nothing to plan for
// (dcplan.Snapshot.ValidateConfig). It returns an empty plan for an
// invalid snapshot, and an empty plan when both controllers are at their
// fixed point. Like Config, it validates s first.
//
// Ports: the DeploymentConfig controller and the deployer controller of
// openshift-controller-manager, run one after the other on the same cache.
func All(s dcplan.Snapshot) dcplan.Plan {
	if s.Validate() != nil {
		return dcplan.Plan{}
	}
	var p dcplan.Plan
	if s.Config.Name != "" {
		plan(&s, &p)
	}
	busy := map[string]bool{}
	for rc := range p.RCsWritten() {
		busy[rc] = true
	}
	p.Append(phase.StepAllBut(s, func(rc string) bool { return busy[rc] }))
	return p
}
