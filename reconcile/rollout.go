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
//  1. An invalid snapshot: the Validate error.
//  2. Paused: refused (ErrRefused), `cannot deploy a paused deployment
//     config`.
//  3. The RC <dc>-<latestVersion> exists and is not terminal: refused,
//     `#<n> is already in progress (<phase>).` (the phase as spelt on the
//     wire, empty when the annotation is missing).
//  4. dcplan.DryRunClient: nothing is planned; the report shows the current
//     version. DryRunServer: the same, unless OcServerDryRunWrites
//     (upstream's accident, SPEC 13.2: the instantiate is sent without the
//     dry-run option and really happens).
//  5. Otherwise the instantiate request {latest: !again, force: true}
//     (Instantiate). When the server has no instantiate endpoint
//     (s.InstantiateUnavailable), or the request answers NotFound (which
//     oc cannot tell from a missing endpoint, so a missing latest RC also
//     lands here), oc falls back to writing status.latestVersion + 1 with
//     the details unchanged. Any other error is returned as is.
//
// The report carries the new revision and the success line:
// `deploymentconfig.apps.openshift.io/<dc> rolled out`, or the seed's
// `deploymentconfig "<dc>" rolled out` with SeedRolloutLatestLine, with `
// (dry run)` or ` (server dry run)` appended for a dry run.
//
// Ports: oc pkg/cli/rollout/latest.go (RolloutLatestOptions).RunRolloutLatest.
func RolloutLatest(s dcplan.Snapshot, again bool, dryRun dcplan.DryRun) (dcplan.Plan, RolloutReport, error) {
	if err := s.Validate(); err != nil {
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
		return dcplan.Plan{}, RolloutReport{}, err
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
	text := fmt.Sprintf("#%d is already in progress (%s).", cfg.Status.LatestVersion, rc.Phase)
	if hint != "" {
		text += "\n" + hint
	}
	return &dcplan.Refusal{Err: ErrRefused, Text: text}
}

// instantiateOrBump sends the instantiate request {latest, force: true},
// falling back to a status.latestVersion + 1 write (rule) when the server
// has no instantiate endpoint or answers NotFound (SPEC 6.3, 6.4).
func instantiateOrBump(s dcplan.Snapshot, latest bool, rule dcplan.Rule) (dcplan.Plan, error) {
	var p dcplan.Plan
	var err error
	if s.InstantiateUnavailable {
		err = &dcplan.Refusal{Err: dcplan.ErrNotFound, Text: "the server could not find the requested resource"}
	} else {
		p, err = Instantiate(s, latest, true)
	}
	if errors.Is(err, dcplan.ErrNotFound) {
		return dcplan.Plan{Status: versionBump(&s.Config, rule, nil)}, nil
	}
	return p, err
}

// revision is status.latestVersion once p is applied.
func revision(cfg *dcplan.Config, p dcplan.Plan) dcplan.Version {
	if p.Status != nil {
		return p.Status.To.LatestVersion
	}
	return cfg.Status.LatestVersion
}

// ErrNoSuchCommand: the command does not exist in the oc the switches
// select (e.g. `oc deploy` in today's oc).
var ErrNoSuchCommand = errors.New("reconcile: no such command")

// DeployLatest plans `oc deploy --latest dc/<dc>` (SPEC 6.3), a command
// of the seed-era oc next to `oc rollout latest`, in the form the
// OcDeployLatest switch selects. The rules, in order:
//
//  1. An invalid snapshot: the Validate error.
//  2. DeployLatestAbsent (today's oc has no `oc deploy`): ErrNoSuchCommand,
//     `unknown command "deploy" for "oc"`.
//  3. DeployLatestNewer: a paused DC is refused (ErrRefused), `cannot
//     deploy a paused deployment config`.
//  4. The RC <dc>-<latestVersion> exists and is neither Complete nor
//     Failed: refused, two lines: `#<n> is already in progress (<phase>).`
//     then `Optionally, you can cancel this deployment using the --cancel
//     option.` (DeployLatestOldest) or `Optionally, you can cancel this
//     deployment using 'oc rollout cancel dc/<dc>'.` (DeployLatestNewer).
//  5. DeployLatestOldest: status.latestVersion + 1 (rule 6.3).
//     DeployLatestNewer: the instantiate request {latest: false, force:
//     true}, falling back to that bump on NotFound or a missing endpoint;
//     a BadRequest gets ` - try 'oc rollout latest dc/<dc>'` appended.
//
// The report prints `Started deployment #<new latestVersion>`, and for
// DeployLatestNewer then `Use 'oc logs -f dc/<dc>' to track its
// progress.`
//
// Ports: oc (DeployOptions).deploy of the Origin seeds (cmd/cli/cmd/deploy.go).
func DeployLatest(s dcplan.Snapshot) (dcplan.Plan, RolloutReport, error) {
	if err := s.Validate(); err != nil {
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
	p := dcplan.Plan{Status: versionBump(cfg, ruleDeployLatest, nil)}
	if newer {
		var err error
		p, err = instantiateOrBump(s, false, ruleDeployLatest)
		var r *dcplan.Refusal
		if errors.Is(err, ErrBadRequest) && errors.As(err, &r) {
			err = &dcplan.Refusal{Err: r.Err, Text: r.Text + fmt.Sprintf(" - try 'oc rollout latest dc/%s'", cfg.Name)}
		}
		if err != nil {
			return dcplan.Plan{}, RolloutReport{}, err
		}
	}
	rev := revision(cfg, p)
	text := fmt.Sprintf("Started deployment #%d", rev)
	if newer {
		text += fmt.Sprintf("\nUse 'oc logs -f dc/%s' to track its progress.", cfg.Name)
	}
	return p, RolloutReport{Revision: rev, Text: text}, nil
}
