package reconcile

import (
	"errors"
	"fmt"

	"github.com/dcplan/dcplan"
)

// RolloutReport is what `oc rollout latest` prints on success.
type RolloutReport struct {
	// Revision is status.latestVersion after the command: what
	// `-o revision` prints (without a newline).
	Revision dcplan.Version
	// Text is the default output line,
	// `deploymentconfig.apps.openshift.io/<dc> rolled out`, with
	// ` (dry run)` appended for a dry run.
	Text string
}

// RolloutLatest plans `oc rollout latest dc/<dc>` (SPEC 6.4; `oc deploy
// --latest`, 6.3, behaves the same with again = false). The rules, in
// order:
//
//  1. An invalid snapshot: the Validate error.
//  2. Paused: refused (ErrRefused), `cannot deploy a paused deployment
//     config`.
//  3. The RC <dc>-<latestVersion> exists and is not terminal: refused,
//     `#<n> is already in progress (<phase>).`
//  4. dryRun: nothing is planned; the report shows the current version.
//  5. Otherwise the instantiate request {latest: !again, force: true}
//     (Instantiate). When the server has no instantiate endpoint
//     (s.InstantiateUnavailable), or the request answers NotFound (which
//     oc cannot tell from a missing endpoint, so a missing latest RC also
//     lands here), oc falls back to writing status.latestVersion + 1 with
//     the details unchanged. Any other error is returned as is.
//
// The report carries the new revision and oc's success line.
//
// Ports: oc pkg/cli/rollout/latest.go (RolloutLatestOptions).RunRolloutLatest.
func RolloutLatest(s dcplan.Snapshot, again, dryRun bool) (dcplan.Plan, RolloutReport, error) {
	if err := s.Validate(); err != nil {
		return dcplan.Plan{}, RolloutReport{}, fmt.Errorf("reconcile: rollout latest: %w", err)
	}
	cfg := &s.Config
	if cfg.Paused {
		return dcplan.Plan{}, RolloutReport{}, &dcplan.Refusal{Err: ErrRefused, Text: "cannot deploy a paused deployment config"}
	}
	if rc, ok := s.Deployment(dcplan.DeploymentName(cfg.Name, cfg.Status.LatestVersion)); ok && !rc.Phase.Terminal() {
		return dcplan.Plan{}, RolloutReport{}, &dcplan.Refusal{Err: ErrRefused,
			Text: fmt.Sprintf("#%d is already in progress (%s).", cfg.Status.LatestVersion, rc.Phase)}
	}
	line := "deploymentconfig.apps.openshift.io/" + cfg.Name + " rolled out"
	if dryRun {
		return dcplan.Plan{}, RolloutReport{Revision: cfg.Status.LatestVersion, Text: line + " (dry run)"}, nil
	}
	var p dcplan.Plan
	var err error
	if s.InstantiateUnavailable {
		err = &dcplan.Refusal{Err: dcplan.ErrNotFound, Text: "the server could not find the requested resource"}
	} else {
		p, err = Instantiate(s, !again, true)
	}
	if errors.Is(err, dcplan.ErrNotFound) {
		p, err = dcplan.Plan{Status: versionBump(cfg, ruleInstantiate, nil)}, nil
	}
	if err != nil {
		return dcplan.Plan{}, RolloutReport{}, err
	}
	rev := cfg.Status.LatestVersion
	if p.Status != nil {
		rev = p.Status.To.LatestVersion
	}
	return p, RolloutReport{Revision: rev, Text: line}, nil
}
