package reconcile

import (
	"fmt"

	"github.com/dcplan/dcplan"
)

// OnFailure returns what upstream's DC controller records when one write of
// a Config plan fails: the adapter applied p (planned from s) in order and
// the write action (a dcplan.Cancel, dcplan.Scale or dcplan.DeleteRC of p)
// failed with the error text err. The rules, by action:
//
//  1. Cancel: a DeploymentCancellationFailed warning `Failed to cancel
//     deployment "<rc>" superceded by version <n>: <err>`; Wait =
//     WaitRetry with err as Message (upstream returns at once). The Origin
//     seed went on with the other cancellations: no Wait, no Message.
//  2. Scale: a ReplicationControllerScaleFailed warning `Failed to scale
//     replication controler "<rc>" from <old> to <new>: <err>` (sic), or in
//     Origin DeploymentScaleFailed `Failed to scale deployment "<rc>" from
//     <old> to <new>: <err>`; Wait = WaitRetry with err (no cleanup, no
//     status).
//  3. DeleteRC (history cleanup): `Couldn't clean up replication
//     controllers: <err>` (ReplicationControllerCleanupFailed) after a
//     reconcile, `Couldn't clean up deployments: <err>`
//     (DeploymentCleanupFailed) on the paused and create paths and in
//     Origin. Cleanup failures are warnings only: no Wait, and the adapter
//     goes on with the status write and the events.
//  4. Anything else (adopt, release, create, status): Wait = WaitRetry with
//     err; a failed create is better reported through Snapshot.LastCreate,
//     which yields upstream's full failure plan.
//
// The result carries no writes; the adapter records its events, then acts
// on its Wait as for any plan.
//
// Ports: deploymentconfig_controller.go cancelRunningRollouts,
// reconcileDeployments and Handle, their Eventf calls on write errors.
func OnFailure(s dcplan.Snapshot, p dcplan.Plan, action any, err string) dcplan.Plan {
	cfg := &s.Config
	sw := &s.Settings.Switches
	retry := dcplan.Plan{Wait: dcplan.WaitRetry, Message: err}
	switch a := action.(type) {
	case dcplan.Cancel:
		ev := configEvent(cfg, a.Rule, dcplan.EventWarning, dcplan.EventDeploymentCancellationFailed,
			fmt.Sprintf("Failed to cancel deployment %q superceded by version %d: %s", a.RC, cfg.Status.LatestVersion, err))
		if sw.SeedConfigController {
			return dcplan.Plan{Events: []dcplan.Event{ev}}
		}
		retry.Events = []dcplan.Event{ev}
		return retry
	case dcplan.Scale:
		ev := configEvent(cfg, a.Rule, dcplan.EventWarning, dcplan.EventReplicationControllerScaleFailed,
			fmt.Sprintf("Failed to scale replication controler %q from %d to %d: %s", a.RC, a.From, a.To, err))
		if sw.DeploymentScaledEvents {
			ev.Reason = dcplan.EventDeploymentScaleFailed
			ev.Message = fmt.Sprintf("Failed to scale deployment %q from %d to %d: %s", a.RC, a.From, a.To, err)
		}
		retry.Events = []dcplan.Event{ev}
		return retry
	case dcplan.DeleteRC:
		reason, msg := dcplan.EventReplicationControllerCleanupFailed, "Couldn't clean up replication controllers: "
		if sw.SeedConfigController || cfg.Paused || len(p.CreateRCs) > 0 {
			reason, msg = dcplan.EventDeploymentCleanupFailed, "Couldn't clean up deployments: "
		}
		return dcplan.Plan{Events: []dcplan.Event{configEvent(cfg, a.Rule, dcplan.EventWarning, reason, msg+err)}}
	}
	return retry
}
