package reconcile

import (
	"errors"
	"fmt"

	"github.com/dcplan/dcplan"
)

// ruleDeployLatest is `oc deploy --latest` (SPEC 6.3).
const ruleDeployLatest dcplan.Rule = "6.3"

// RolloutReport is what `oc rollout latest` or `oc deploy --latest`
// prints on success.
type RolloutReport struct {
	// Revision is status.latestVersion after the command: what
	// `-o revision` prints (without a newline).
	Revision dcplan.Version
	// Text is the default output, one line per message, without the final
	// newline: `deploymentconfig.apps.openshift.io/<dc> rolled out` for
	// rollout latest, `Started deployment #<n>` (and its logs hint) for
	// deploy --latest.
	Text string
}

// RolloutLatest plans `oc rollout latest dc/<dc>` (SPEC 6m.3, 6.4). The
// rules, in order:
//
//  1. An invalid snapshot, or one without a DC: the ValidateConfig error.
//  2. Paused: refused (ErrRefused), `cannot deploy a paused deployment
//     config` (SPEC 6m.3.5).
//  3. The RC <dc>-<latestVersion> exists and is not terminal: refused
//     (SPEC 6m.3.6), `#<n> is already in progress (<phase>).` (the phase
//     as spelt on the wire, empty when the annotation is missing).
//  4. dcplan.DryRunClient: nothing is planned; the report shows the current
//     version. DryRunServer: the same, unless OcServerDryRunWrites
//     (upstream's accident, SPEC 13.2: the instantiate is sent without the
//     dry-run option and really happens).
//  5. Otherwise the instantiate request {latest: !again, force: true}
//     (an Instantiate action; the server decides the causes, see
//     Instantiate). When the server has no instantiate endpoint
//     (s.InstantiateUnavailable), or the request answered NotFound or
//     Forbidden (s.Outcome; oc cannot tell a missing endpoint from a
//     missing latest RC), oc falls back to one PUT of the DC with
//     status.latestVersion + 1. Any other failure of the instantiate
//     request, or a failure of that PUT (s.Outcome), is the command's
//     error as the server worded it (ErrInstantiateFailed or
//     ErrUpdateFailed, ErrBadRequest for a BadRequest; SPEC 6m.3.7 "Any
//     remaining error is returned"), returned with the plan of the
//     requests sent and no report.
//
// The report carries the new revision (what -o revision prints, SPEC
// 6m.3.3) and the success line (SPEC 6m.3.8):
// `deploymentconfig.apps.openshift.io/<dc> rolled out`, or the seed's
// `deploymentconfig "<dc>" rolled out` with SeedRolloutLatestLine, with `
// (dry run)` or ` (server dry run)` appended for a dry run.
//
// Ports: oc pkg/cli/rollout/latest.go (RolloutLatestOptions).RunRolloutLatest.
func RolloutLatest(s dcplan.Snapshot, again bool, dryRun dcplan.DryRun) (dcplan.Plan, RolloutReport, error) {
	if err := s.ValidateConfig(); err != nil {
		return dcplan.Plan{}, RolloutReport{}, fmt.Errorf("reconcile: rollout latest: %w", err)
	}
	cfg := &s.Config
	if cfg.Paused {
		return dcplan.Plan{}, RolloutReport{}, &dcplan.Refusal{Err: ErrRefused, Text: "cannot deploy a paused deployment config"}
	}
	if err := inProgress(s, ""); err != nil {
		return dcplan.Plan{}, RolloutReport{}, err
	}
	line := "deploymentconfig.apps.openshift.io/" + cfg.Name + " rolled out"
	if s.Settings.SeedRolloutLatestLine {
		line = fmt.Sprintf("deploymentconfig %q rolled out", cfg.Name)
	}
	line += dryRun.Suffix()
	if !dryRun.Writes(s.Settings.OcServerDryRunWrites) {
		return dcplan.Plan{}, RolloutReport{Revision: cfg.Status.LatestVersion, Text: line}, nil
	}
	p, err := instantiateOrBump(s, !again, ruleInstantiate)
	if err != nil {
		return p, RolloutReport{}, err // the request was sent: it stays in the plan
	}
	return p, RolloutReport{Revision: revision(cfg, p), Text: line}, nil
}

// inProgress refuses a command while the latest RC is in flight: `#<n> is
// already in progress (<phase>).` followed by hint on its own line when
// hint is not empty.
func inProgress(s dcplan.Snapshot, hint string) error {
	cfg := &s.Config
	rc, ok := s.Deployment(dcplan.DeploymentName(cfg.Name, cfg.Status.LatestVersion))
	if !ok || rc.Phase.Terminal() {
		return nil
	}
	text := fmt.Sprintf("#%d is already in progress (%s).", cfg.Status.LatestVersion, rc.PhaseText())
	if hint != "" {
		text += "\n" + hint
	}
	return &dcplan.Refusal{Err: ErrRefused, Text: text}
}

// instantiateOrBump plans oc's instantiate request {latest, force: true}
// (rule). When the server has no instantiate endpoint
// (s.InstantiateUnavailable), or the request answered NotFound or
// Forbidden (s.Outcome: a server older than the endpoint, or a missing
// latest RC, which oc cannot tell apart), oc falls back to bumping
// latestVersion itself: one PUT of the DC with status.latestVersion + 1
// (SPEC 6.3, 6.4, 6m.3.7). Any other failure of the request is the
// command's error, as the server worded it, and so is a failure of that
// PUT (bumpFailed). At the largest latestVersion neither the request nor
// the bump can succeed in any preset, so nothing is sent and the refusal
// is the server's (SPEC 3.2.10.max).
func instantiateOrBump(s dcplan.Snapshot, latest bool, rule dcplan.Rule) (dcplan.Plan, error) {
	cfg := &s.Config
	if atMaxVersion(cfg) {
		return dcplan.Plan{}, refuseMaxVersion(cfg)
	}
	v := cfg.Status.LatestVersion
	bump := dcplan.ConfigUpdate{Rule: rule, Config: cfg.Name, SetLatestVersion: true, LatestVersionFrom: v, LatestVersionTo: v + 1}
	if s.InstantiateUnavailable {
		p := dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{bump}}
		return p, bumpFailed(s)
	}
	p := dcplan.Plan{Instantiate: []dcplan.Instantiate{{Rule: rule, Config: cfg.Name, Latest: latest, Force: true}}}
	f, failed := s.Outcome.Failed(dcplan.ActionInstantiate, cfg.Name)
	switch {
	case !failed:
		return p, nil
	case f.Reason == dcplan.StatusNotFound || f.Reason == dcplan.StatusForbidden:
		p.UpdateConfig = []dcplan.ConfigUpdate{bump}
		return p, bumpFailed(s)
	case f.Reason == dcplan.StatusBadRequest:
		return p, &dcplan.Refusal{Err: ErrBadRequest, Text: f.Message, Printed: f.Printed()}
	}
	return p, &dcplan.Refusal{Err: ErrInstantiateFailed, Text: f.Message, Printed: f.Printed()}
}

// bumpFailed returns the error of oc's PUT of the DC that bumps
// latestVersion when s.Outcome reports it failed, else nil: the server's
// error as the client returned it (oc's `return err`, SPEC 6.3, 6m.3.7
// "Any remaining error is returned"), classified ErrBadRequest for a
// BadRequest (so that `oc deploy --latest` appends its hint, as it does
// for instantiate's) and ErrUpdateFailed otherwise.
func bumpFailed(s dcplan.Snapshot) error {
	f, failed := s.Outcome.Failed(dcplan.ActionUpdateConfig, s.Config.Name)
	switch {
	case !failed:
		return nil
	case f.Reason == dcplan.StatusBadRequest:
		return &dcplan.Refusal{Err: ErrBadRequest, Text: f.Message, Printed: f.Printed()}
	}
	return &dcplan.Refusal{Err: ErrUpdateFailed, Text: f.Message, Printed: f.Printed()}
}

// ErrInstantiateFailed means the instantiate request failed in a way oc
// reports as the command's error (not NotFound or Forbidden, which fall
// back to a bump).
var ErrInstantiateFailed = errors.New("reconcile: instantiate failed")

// ErrUpdateFailed means the PUT of the DC that bumps latestVersion (oc's
// fallback without the instantiate endpoint, or `oc deploy --latest` in
// its oldest form) failed; the error's text is the server's.
var ErrUpdateFailed = errors.New("reconcile: update failed")

// revision is status.latestVersion once p is applied: one up when it
// instantiates (the server moves it) or bumps it.
func revision(cfg *dcplan.Config, p dcplan.Plan) dcplan.Version {
	if len(p.Instantiate) > 0 || len(p.UpdateConfig) > 0 {
		return cfg.Status.LatestVersion + 1
	}
	return cfg.Status.LatestVersion
}

// ErrNoSuchCommand means the command does not exist in the oc the switches
// select (e.g. `oc deploy` in today's oc).
var ErrNoSuchCommand = errors.New("reconcile: no such command")

// DeployLatest plans `oc deploy --latest dc/<dc>` (SPEC 6.3), a command
// of the seed-era oc next to `oc rollout latest`, in the form the
// OcDeployLatest switch selects. The rules, in order:
//
//  1. An invalid snapshot, or one without a DC: the ValidateConfig error.
//  2. DeployLatestAbsent (today's oc has no `oc deploy`, SPEC 7 row 34):
//     ErrNoSuchCommand,
//     `unknown command "deploy" for "oc"`.
//  3. DeployLatestNewer: a paused DC is refused (ErrRefused), `cannot
//     deploy a paused deployment config`.
//  4. The RC <dc>-<latestVersion> exists and is neither Complete nor
//     Failed: refused, two lines: `#<n> is already in progress (<phase>).`
//     then `Optionally, you can cancel this deployment using the --cancel
//     option.` (DeployLatestOldest) or `Optionally, you can cancel this
//     deployment using 'oc rollout cancel dc/<dc>'.` (DeployLatestNewer).
//  5. DeployLatestOldest: one PUT of the DC with status.latestVersion + 1
//     (rule 6.3); at the largest latestVersion nothing is sent and the
//     refusal is ErrInvalid's, as for the newer form (SPEC 3.2.10.max).
//     DeployLatestNewer: the instantiate request {latest: false, force:
//     true}, falling back to that bump on NotFound, Forbidden or a missing
//     endpoint.
//  6. A request of rule 5 that s.Outcome reports failed: its error, as
//     the server worded it (ErrInstantiateFailed, ErrUpdateFailed or
//     ErrBadRequest), with the plan of the requests sent and no report;
//     with DeployLatestNewer a BadRequest gets ` - try 'oc rollout latest
//     dc/<dc>'` appended.
//
// Otherwise the report prints `Started deployment #<new latestVersion>`,
// and for DeployLatestNewer then `Use 'oc logs -f dc/<dc>' to track its
// progress.`
//
// Ports: oc (DeployOptions).deploy of the Origin seeds (cmd/cli/cmd/deploy.go).
func DeployLatest(s dcplan.Snapshot) (dcplan.Plan, RolloutReport, error) {
	if err := s.ValidateConfig(); err != nil {
		return dcplan.Plan{}, RolloutReport{}, fmt.Errorf("reconcile: deploy latest: %w", err)
	}
	cfg := &s.Config
	form := s.Settings.OcDeployLatest
	if form == dcplan.DeployLatestAbsent {
		return dcplan.Plan{}, RolloutReport{}, &dcplan.Refusal{Err: ErrNoSuchCommand, Text: `unknown command "deploy" for "oc"`}
	}
	newer := form == dcplan.DeployLatestNewer
	if newer && cfg.Paused {
		return dcplan.Plan{}, RolloutReport{}, &dcplan.Refusal{Err: ErrRefused, Text: "cannot deploy a paused deployment config"}
	}
	hint := "Optionally, you can cancel this deployment using the --cancel option."
	if newer {
		hint = fmt.Sprintf("Optionally, you can cancel this deployment using 'oc rollout cancel dc/%s'.", cfg.Name)
	}
	if err := inProgress(s, hint); err != nil {
		return dcplan.Plan{}, RolloutReport{}, err
	}
	if !newer && atMaxVersion(cfg) {
		// No wrapped, negative latestVersion (SPEC 3.2.10.max), as
		// instantiateOrBump refuses for the newer form.
		return dcplan.Plan{}, RolloutReport{}, refuseMaxVersion(cfg)
	}
	v := cfg.Status.LatestVersion
	p := dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{{Rule: ruleDeployLatest, Config: cfg.Name,
		SetLatestVersion: true, LatestVersionFrom: v, LatestVersionTo: v + 1}}}
	err := bumpFailed(s)
	if newer {
		p, err = instantiateOrBump(s, false, ruleDeployLatest)
		var r *dcplan.Refusal
		if errors.Is(err, ErrBadRequest) && errors.As(err, &r) {
			err = &dcplan.Refusal{Err: r.Err, Text: r.Text + fmt.Sprintf(" - try 'oc rollout latest dc/%s'", cfg.Name)}
		}
	}
	if err != nil {
		return p, RolloutReport{}, err // the request was sent: it stays in the plan
	}
	rev := revision(cfg, p)
	text := fmt.Sprintf("Started deployment #%d", rev)
	if newer {
		text += fmt.Sprintf("\nUse 'oc logs -f dc/%s' to track its progress.", cfg.Name)
	}
	return p, RolloutReport{Revision: rev, Text: text}, nil
}
