package reconcile

import "github.com/dcplan/dcplan"

// Rule ids (see docs/rules.md) carried by the actions this package plans. Each names
// the rule that produced the action, so dcplan.Describe can explain it.
const (
	ruleNoTriggers      dcplan.Rule = "3.2.1"  // version 0 without triggers: status only
	ruleDeleting        dcplan.Rule = "3.2.4"  // DC being deleted: status only
	rulePaused          dcplan.Rule = "3.2.5"  // paused: cleanup and status
	ruleStatusLag       dcplan.Rule = "3.2.7"  // status behind the RCs: latestVersion+1
	ruleImages          dcplan.Rule = "3.2.9"  // unresolved image: postpone
	ruleTrigger         dcplan.Rule = "3.2.10" // a trigger fired: latestVersion+1 with details
	ruleRunning         dcplan.Rule = "3.2.11" // latest in flight: status, generation kept
	ruleCreate          dcplan.Rule = "3.2.12" // create the rollout (or report the failure)
	ruleRelease         dcplan.Rule = "3.3.1"  // release an RC whose label no longer matches
	ruleAdopt           dcplan.Rule = "3.3.2"  // adopt a matching orphan
	ruleCancel          dcplan.Rule = "3.4.3"  // cancel a superseded rollout
	ruleAwaiting        dcplan.Rule = "3.4.4"  // wait for cancelled rollouts to end
	ruleTriggerSkip     dcplan.Rule = "3.5.3"  // initial rollout waits for images
	ruleScale           dcplan.Rule = "3.6.3"  // scale an RC to its target
	ruleReconcileStatus dcplan.Rule = "3.6.5"  // status after reconcile
	ruleCleanup         dcplan.Rule = "3.7.5"  // delete an RC beyond the history limit
	ruleOriginSync      dcplan.Rule = "3.11"   // Origin replica-sync reconcile
	ruleOriginVersion0  dcplan.Rule = "7.1"    // Origin: version 0 is status only
	ruleOriginDeleting  dcplan.Rule = "7.3"    // Origin: deleting DC
	ruleOriginPaused    dcplan.Rule = "7.4"    // Origin: paused blocks creation only
	ruleOriginCleanup   dcplan.Rule = "7.11"   // Origin: cleanup on the pre-scaling list
	ruleOriginExists    dcplan.Rule = "7.12"   // Origin: AlreadyExists is success
	ruleOriginCreate    dcplan.Rule = "7.13"   // Origin: create with the seed-era event
	ruleInstantiate     dcplan.Rule = "6.4"    // instantiate / rollout latest
	rulePause           dcplan.Rule = "0.4"    // pause / resume: SPEC 0 item 4 (paused DCs)
)
