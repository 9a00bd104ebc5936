package phase

import (
	"fmt"

	"github.com/dcplan/dcplan"
)

// CreateFailed returns what upstream records and returns when creating the
// deployer pod that a Step plan asked for failed with the error text err
// (SPEC 4.3.new.4, 1.7): the FailedCreate event "Error creating deployer
// pod: <err>", Wait = dcplan.WaitRetry with the actionable error
// `couldn't create deployer pod for "<ns>/<rc>": <err>` as Message, and,
// when the item is dropped from the queue (s.Requeues >= 15), the
// FailedRetry event "Stop retrying: <that error>". An adapter merges it
// into its log and event stream instead of the failed plan's remainder. It
// returns an empty plan for an invalid snapshot or an unknown RC.
//
// Ports: deployer_controller.go (*DeploymentController).handle, pod create
// failure, and handleErr's actionable-error branch.
func CreateFailed(s dcplan.Snapshot, rc, err string) dcplan.Plan {
	if s.Validate() != nil {
		return dcplan.Plan{}
	}
	d, ok := s.Deployment(rc)
	if !ok {
		return dcplan.Plan{}
	}
	plan := dcplan.Plan{
		Events:  []dcplan.Event{event(&d, ruleNewCreate, dcplan.EventWarning, dcplan.EventFailedCreate, "Error creating deployer pod: "+err)},
		Wait:    dcplan.WaitRetry,
		Message: fmt.Sprintf("couldn't create deployer pod for %q: %s", label(&d), err),
	}
	return dropped(s, d, plan)
}

// CleanupFailed returns what upstream returns when some deletions of a
// Step plan's deployer and hook pods failed (SPEC 4.6, 1.7): Wait =
// dcplan.WaitRetry with the actionable error `couldn't clean up all
// deployer pods for "<ns>/<rc>"`, and the FailedRetry event when the item is
// dropped (s.Requeues >= 15). It returns an empty plan for an invalid
// snapshot or an unknown RC.
//
// Ports: deployer_controller.go (*DeploymentController).cleanupDeployerPods
// and handleErr's actionable-error branch.
func CleanupFailed(s dcplan.Snapshot, rc string) dcplan.Plan {
	if s.Validate() != nil {
		return dcplan.Plan{}
	}
	d, ok := s.Deployment(rc)
	if !ok {
		return dcplan.Plan{}
	}
	plan := dcplan.Plan{Wait: dcplan.WaitRetry, Message: fmt.Sprintf("couldn't clean up all deployer pods for %q", label(&d))}
	return dropped(s, d, plan)
}

// UpdateFailed returns what upstream returns when the RC write of a Step
// plan (its Transition to phase to) failed with the error text err (SPEC
// 4.4.3, 1.7): Wait = dcplan.WaitRetry with the plain error `couldn't
// update rollout status for "<ns>/<rc>" to <phase>: <err>` as Message. A
// plain error is retried while s.Requeues < 15 and then dropped without an
// event (only actionable errors get FailedRetry). It returns an empty plan
// for an invalid snapshot or an unknown RC.
//
// Ports: deployer_controller.go (*DeploymentController).handle, RC update
// failure.
func UpdateFailed(s dcplan.Snapshot, rc string, to dcplan.Phase, err string) dcplan.Plan {
	if s.Validate() != nil {
		return dcplan.Plan{}
	}
	d, ok := s.Deployment(rc)
	if !ok {
		return dcplan.Plan{}
	}
	return dcplan.Plan{Wait: dcplan.WaitRetry, Message: fmt.Sprintf("couldn't update rollout status for %q to %s: %s", label(&d), to, err)}
}

// dropped adds FailedRetry when upstream stops retrying the item.
func dropped(s dcplan.Snapshot, d dcplan.Deployment, plan dcplan.Plan) dcplan.Plan {
	if s.Requeues >= dcplan.MaxRetryCount {
		plan.Events = append(plan.Events, event(&d, ruleRetry, dcplan.EventWarning, dcplan.EventFailedRetry, "Stop retrying: "+plan.Message))
	}
	return plan
}
