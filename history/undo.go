package history

import (
	"fmt"

	"github.com/dcplan/dcplan"
)

// Undo plans `oc rollout undo dc/<dc> [--to-revision=<to>]` (SPEC 6m.4a):
// the DC's pod template turned back into an earlier revision's by the
// rollback subresource, then written back. It returns the plan, what oc
// prints on success, and an error. The rules, in order:
//
//  1. An invalid snapshot, or one without a DC: the ValidateConfig error.
//  2. A paused DC: ErrRollbackPaused, `cannot rollback a paused config;
//     resume it first with 'rollout resume dc/<dc>' and try again`.
//  3. The server's checks fail as Invalid status errors: to < 0 first,
//     ErrInvalidRevision, printed `The DeploymentConfigRollback "<dc>" is
//     invalid: spec.revision: Invalid value: <to>: must be non-negative`
//     (kubectl sends --to-revision unchecked); then, printed
//     `The DeploymentConfigRollback "<dc>" is invalid: name: Invalid value:
//     "<dc>": <detail>`, the details of Rollback (`cannot rollback an
//     undeployed config`, `no previous deployment exists for "<ns>/<dc>"`,
//     `version <n> is already the latest`, `replicationcontrollers "<rc>"
//     not found`).
//  4. The revision is to when to > 0; for to == 0 it is latestVersion − 1
//     with RollbackToPrevious (Exact, the seeds: the server's choice),
//     else the RC RollbackTarget(s, 0) picks, the newest Complete RC older
//     than latestVersion, taken as it is (its name and version annotation
//     play no part, SPEC 13.1), or latestVersion − 1 when there is none
//     (SPEC 11a.5).
//  5. A revision's RC <dc>-<revision> is read by name: its version annotation and
//     labels play no part (SPEC 6m.4a, 13.1), unlike `oc rollback`'s
//     target. The generated DC is Rollback's with only the template (no triggers,
//     strategy or scaling settings), every ImageChange trigger made
//     manual without a word (unlike `oc rollback`), latestVersion + 1.
//  6. The write happens when dryRun.Writes(OcServerDryRunWrites): always
//     for no dry run, never for a client dry run, and for a server dry run
//     only with OcServerDryRunWrites (upstream's accident, SPEC 13.2).
//
// The plan holds that write alone. oc first POSTs the rollback request to
// the rollback subresource, which persists nothing and answers with the
// generated DC or the refusals of rules 3 to 5; here the DC is generated
// from the snapshot as the server generates it, so no request stands for
// that POST, and the PUT's resourceVersion is the snapshot's (a DC changed
// since gets Conflict).
//
// Output: `deploymentconfig.apps.openshift.io/<dc> rolled back`, with `
// (server dry run)` appended for a server dry run; a client dry run prints
// `deploymentconfig.apps.openshift.io/<dc> ` + "\n" +
// DescribePodTemplate(the generated template) + ` (dry run)`. Each ends in
// a newline.
//
// Ports: kubectl rollout undo with oc's DeploymentConfigRollbacker;
// openshift-apiserver rollback (*REST).Create.
func Undo(s dcplan.Snapshot, to dcplan.Version, dryRun dcplan.DryRun) (dcplan.Plan, string, error) {
	if err := s.ValidateConfig(); err != nil {
		return dcplan.Plan{}, "", err
	}
	cfg := s.Config
	if cfg.Paused {
		return dcplan.Plan{}, "", rollbackError(ErrRollbackPaused,
			"cannot rollback a paused config; resume it first with 'rollout resume dc/%s' and try again", cfg.Name)
	}
	if to < 0 { // the server validates the request before reading the DC
		return dcplan.Plan{}, "", statusInvalid(ErrInvalidRevision, fmt.Sprintf(
			"The DeploymentConfigRollback %q is invalid: spec.revision: Invalid value: %d: must be non-negative", cfg.Name, to))
	}
	latest := cfg.Status.LatestVersion
	switch {
	case latest == 0:
		return dcplan.Plan{}, "", invalid(cfg.Name, ErrNoPreviousRevision, "cannot rollback an undeployed config")
	case latest == 1:
		return dcplan.Plan{}, "", invalid(cfg.Name, ErrNoPreviousRevision, fmt.Sprintf("no previous deployment exists for %q", cfg.Namespace+"/"+cfg.Name))
	case to == latest:
		return dcplan.Plan{}, "", invalid(cfg.Name, ErrCurrentRevision, fmt.Sprintf("version %d is already the latest", to))
	}
	writes := dryRun.Writes(s.Settings.OcServerDryRunWrites)
	opts := RollbackOptions{DryRun: !writes}
	var target *dcplan.Deployment // Modern without --to-revision: the RC that ran, as it is
	if to == 0 && !s.Settings.RollbackToPrevious {
		if d, err := RollbackTarget(s, 0); err == nil {
			target = &d
		}
	}
	var (
		p   dcplan.Plan
		res dcplan.Config
		err error
	)
	switch {
	case target != nil:
		p, res, _, err = generateRollbackFrom(s, *target, opts)
	case to == 0:
		p, res, _, err = generateRollback(s, latest-1, opts)
	default:
		p, res, _, err = generateRollback(s, to, opts)
	}
	if err != nil { // the server's refusal, worded as such
		return dcplan.Plan{}, "", err
	}
	if dryRun == dcplan.DryRunClient {
		return p, nameLine(cfg.Name, "\n"+DescribePodTemplate(res.Template)+dryRun.Suffix()) + "\n", nil
	}
	return p, nameLine(cfg.Name, "rolled back"+dryRun.Suffix()) + "\n", nil
}

// invalid is the server's Invalid status error for the rollback of dc, as
// kubectl prints it, wrapping sentinel.
func invalid(dc string, sentinel error, detail string) error {
	return statusInvalid(sentinel, fmt.Sprintf("The DeploymentConfigRollback %q is invalid: name: Invalid value: %q: %s", dc, dc, detail))
}

// statusInvalid is the rollback subresource's Invalid status error with
// text, in kubectl's wording already: kubectl prints it as it stands
// (Refusal.Printed), without "error: ".
func statusInvalid(sentinel error, text string) error {
	return &dcplan.Refusal{Err: sentinel, Text: text, Printed: text}
}
