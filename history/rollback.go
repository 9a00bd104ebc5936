package history

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/dcplan/dcplan"
)

// RuleRollback is the rule id of the actions Rollback plans: 6.6, the
// rollback section the specification gives `oc rollback` and `oc rollout
// undo` (see docs/rules.md; today's texts and procedure are 6m.4a and
// 6m.4b).
const RuleRollback dcplan.Rule = "6.6"

// RollbackOptions are the flags of `oc rollback` (and `oc rollout undo`).
// The pod template is always rolled back.
type RollbackOptions struct {
	// IncludeTriggers (--change-triggers) also restores the revision's
	// triggers.
	IncludeTriggers bool
	// IncludeStrategy (--change-strategy) also restores its strategy.
	IncludeStrategy bool
	// IncludeScalingSettings (--change-scaling-settings) also restores its
	// replica count and selector.
	IncludeScalingSettings bool
	// DryRun (--dry-run) computes the rolled-back DC without planning any
	// write.
	DryRun bool
}

// Sentinel errors of Rollback. Every refusal is a *dcplan.Refusal wrapping
// one of them, so callers branch with errors.Is.
var (
	// ErrInvalidRevision: a negative revision was asked for, or a write
	// at status.latestVersion 2^63-1, which the rollback's + 1 would wrap
	// (SPEC 3.2.10.max; a dry run, which writes nothing, goes through).
	ErrInvalidRevision = errors.New("history: invalid revision")
	// ErrRollbackPaused: the DC is paused.
	ErrRollbackPaused = errors.New("history: deployment config is paused")
	// ErrRevisionNotFound: no RC of the DC has the revision asked for (or,
	// for revision 0, no Complete RC is older than the latest).
	ErrRevisionNotFound = errors.New("history: revision not found")
	// ErrNoPreviousRevision: the DC has not rolled out twice yet
	// (latestVersion 0 or 1).
	ErrNoPreviousRevision = errors.New("history: no previous revision")
	// ErrCurrentRevision: the revision asked for is the current one.
	ErrCurrentRevision = errors.New("history: revision is the current one")
	// ErrNoEncodedConfig: the revision's RC does not carry the DC it was
	// made from (openshift.io/encoded-deployment-config).
	ErrNoEncodedConfig = errors.New("history: revision has no encoded config")
)

// rollbackError returns a refusal of Rollback: a *dcplan.Refusal whose
// text is exactly the message `oc rollback` reports (the server's message
// for the checks the API server makes), wrapping sentinel.
func rollbackError(sentinel error, format string, args ...any) error {
	return &dcplan.Refusal{Err: sentinel, Text: fmt.Sprintf(format, args...)}
}

// RollbackTarget returns the RC `oc rollback dc/<dc>` picks as its target
// among the RCs labelled for the DC, newest first: with to > 0 the RC of
// that version; with to == 0 the newest Complete RC older than
// status.latestVersion. None is ErrRevisionNotFound, `couldn't find
// deployment for rollback`; a negative to is ErrInvalidRevision, `the to
// version must be >= 0`. It checks nothing else (see Rollback).
//
// Ports: oc (*RollbackOptions).findTargetDeployment.
func RollbackTarget(s dcplan.Snapshot, to dcplan.Version) (dcplan.Deployment, error) {
	if to < 0 {
		return dcplan.Deployment{}, rollbackError(ErrInvalidRevision, "the to version must be >= 0")
	}
	// The first match of the newest-first walk (a stable sort, SPEC 13.1)
	// is the first match of the greatest version in list order; find it
	// without sorting.
	best := -1
	for i := range s.Deployments {
		d := &s.Deployments[i]
		if d.ConfigLabel != s.Config.Name {
			continue
		}
		match := to > 0 && d.Version == to ||
			to == 0 && d.Version < s.Config.Status.LatestVersion && d.Phase == dcplan.PhaseComplete
		if match && (best < 0 || newer(d, &s.Deployments[best])) {
			best = i
		}
	}
	if best >= 0 {
		return s.Deployments[best], nil
	}
	return dcplan.Deployment{}, rollbackError(ErrRevisionNotFound, "couldn't find deployment for rollback")
}

// Rollback plans `oc rollback dc/<dc> --to-version=<to>`: turn the DC's
// pod template back into the one encoded in an earlier RC. It returns the
// plan, the rolled-back DC (what `--dry-run` describes), the warnings oc
// prints after its success line, and an error. The rules, in order:
//
//  1. An invalid snapshot, or one without a DC (Snapshot.ValidateConfig),
//     is refused with the validation error.
//  2. to < 0: ErrInvalidRevision. A paused DC: ErrRollbackPaused, `cannot
//     rollback a paused deployment config`.
//  3. The target is RollbackTarget(s, to) (ErrRevisionNotFound if none).
//  4. Server checks, refused as the rollback subresource's Invalid status
//     error and printed as kubectl prints it, `The
//     DeploymentConfigRollback "<dc>" is invalid: name: Invalid value:
//     "<dc>": <detail>` (SPEC 6m.4a; rule 5's refusals too): latestVersion
//     0 is ErrNoPreviousRevision `cannot rollback an undeployed config`;
//     latestVersion 1 is ErrNoPreviousRevision `no previous deployment
//     exists for "<ns>/<dc>"`; to == latestVersion is ErrCurrentRevision
//     `version <n> is already the latest`.
//  5. The revision rolled back to is to when to > 0. For to == 0 it is the
//     target RC itself, whatever its name or version annotation (an RC
//     without one, or one of two RCs sharing a version, SPEC 13.1); with
//     the RollbackToPrevious switch (Exact, Origin) it is upstream's: the
//     server, not told the client's target, takes latestVersion - 1 (so a
//     failed latestVersion - 1 is rolled back to while oc names the
//     target). Read by revision, its RC <dc>-<revision> must exist
//     (ErrRevisionNotFound, `replicationcontrollers "<rc>" not found`).
//     The RC rolled back to must carry its encoded DC
//     (ErrNoEncodedConfig, `couldn't decode deployment config from
//     deployment: object <rc> does not have encoded deployment config
//     annotation`, or for an annotation that does not decode
//     `couldn't decode deployment config from deployment: ` and the
//     decoder's words, Deployment.EncodedProblem).
//  6. The rolled-back DC is the current one with the revision's pod
//     template and, per opts, its triggers, its strategy, and its replicas
//     and selector. Every ImageChange trigger of the result is then made
//     manual (Automatic false), and status.latestVersion goes up by one, as
//     the rollback generator does (the API server keeps a +1 on update).
//     Its Raw is nil: the typed fields are authoritative.
//  7. With opts.DryRun the plan is empty. Otherwise it holds one
//     dcplan.ConfigUpdate with rule RuleRollback: SetTemplate always;
//     SetReplicas and SetSelector with scaling settings; SetStrategy with
//     the strategy; SetTriggers with the triggers (TriggersRC naming the
//     RC rolled back to, whose encoded trigger elements the write sends),
//     and otherwise when the triggers change (an image trigger made
//     manual); and
//     SetLatestVersion, the +1, which the one PUT carries (the server
//     keeps it, SPEC 6m.4a). No status write; Rollback never deletes
//     anything. As for Undo, oc's POST to the rollback subresource, which
//     persists nothing, has no request here: rules 4 to 6 are the
//     server's, run on the snapshot.
//
// The warnings are, for every ImageChange trigger of the result (all are
// manual now), `Warning: the following images triggers were disabled:
// <from name>` + "\n" + `  You can re-enable them with: oc set triggers
// dc/<dc> --auto` (SeedRollbackText: `oc deploy <dc> --enable-triggers -n
// <ns>`);
// upstream prints one warning per trigger. With DryRun they are the
// warnings the real rollback would print (oc itself prints the DC
// instead). See RolledBackMessage for the success line.
//
// Ports: oc (*RollbackOptions).Run and findTargetDeployment;
// openshift-apiserver deployconfig rollback (*REST).Create and
// (*rollbackGenerator).GenerateRollback.
func Rollback(s dcplan.Snapshot, to dcplan.Version, opts RollbackOptions) (dcplan.Plan, dcplan.Config, []string, error) {
	if err := s.ValidateConfig(); err != nil {
		return dcplan.Plan{}, dcplan.Config{}, nil, err
	}
	cfg := s.Config
	if to < 0 {
		return dcplan.Plan{}, dcplan.Config{}, nil, rollbackError(ErrInvalidRevision, "the to version must be >= 0")
	}
	if cfg.Paused {
		return dcplan.Plan{}, dcplan.Config{}, nil, rollbackError(ErrRollbackPaused, "cannot rollback a paused deployment config")
	}
	target, err := RollbackTarget(s, to)
	if err != nil {
		return dcplan.Plan{}, dcplan.Config{}, nil, err
	}
	if err := serverChecks(cfg, to); err != nil {
		return dcplan.Plan{}, dcplan.Config{}, nil, err
	}
	if to == 0 && !s.Settings.RollbackToPrevious {
		// Modern: the RC oc names is the one rolled back to (SPEC 11a.5),
		// not whatever RC is called <dc>-<its version> (SPEC 13.1: it may
		// have no version annotation, or share its version with a twin).
		return generateRollbackFrom(s, target, opts)
	}
	return generateRollback(s, serverRevision(cfg, to), opts)
}

// RollbackRC plans `oc rollback <rc> [--to-version=<to>]` (SPEC
// 6m.4.b.3.rc, step 3 of its procedure), where ResolveRollbackArg found the RC
// named rc: s is the snapshot of the DC the RC names (RollbackConfigName)
// and holds the RC. It returns what Rollback returns, and the success line
// is RolledBackMessage(result, rc, ...): oc names the RC given. The rules,
// in order:
//
//  1. An invalid snapshot, or one without a DC: the ValidateConfig error.
//     to < 0: ErrInvalidRevision, `the to version must be >= 0`. No RC
//     named rc in s, or one whose deployment-config.name annotation does
//     not name s's DC: an error wrapping dcplan.ErrInvalidSnapshot (the
//     caller read the wrong DC).
//  2. A paused DC: ErrRollbackPaused, `cannot rollback a paused deployment
//     config`. oc does not list the DC's RCs: the RC given is the target,
//     whatever its phase, labels or version.
//  3. The server checks of Rollback rule 4, worded as there:
//     latestVersion 0 or 1 is ErrNoPreviousRevision; then the revision is
//     checked, with the RollbackToPrevious switch (Exact, Origin) to, as
//     the server does (to == latestVersion is ErrCurrentRevision, `version
//     <n> is already the latest`), otherwise (Modern) the RC's own version
//     (the RC of the DC's latestVersion is refused with the same words,
//     as the server refuses that revision).
//  4. The revision rolled back to. With RollbackToPrevious it is
//     upstream's: the rollback subresource ignores the RC oc sends
//     (spec.from) and takes to when to > 0, else latestVersion - 1, read
//     by name as in Rollback rule 5, so oc may name one RC while another
//     is rolled back to (SPEC 6m.4b step 4). Otherwise (Modern) it is the
//     RC given itself, as it is, and to is ignored, as oc's --to-version
//     help says ("ignored when specifying a deployment").
//  5. Rollback rules 5 (the encoded DC), 6 and 7: the same rolled-back DC,
//     plan and warnings.
//
// Ports: oc (*RollbackOptions).Run, the ReplicationController case;
// openshift-apiserver deployconfig rollback (*REST).Create.
func RollbackRC(s dcplan.Snapshot, rc string, to dcplan.Version, opts RollbackOptions) (dcplan.Plan, dcplan.Config, []string, error) {
	if err := s.ValidateConfig(); err != nil {
		return dcplan.Plan{}, dcplan.Config{}, nil, err
	}
	cfg := s.Config
	if to < 0 {
		return dcplan.Plan{}, dcplan.Config{}, nil, rollbackError(ErrInvalidRevision, "the to version must be >= 0")
	}
	from, ok := s.Deployment(rc)
	switch {
	case !ok:
		return dcplan.Plan{}, dcplan.Config{}, nil, fmt.Errorf("%w: rollback: rc %q is not in the snapshot of deployment config %q",
			dcplan.ErrInvalidSnapshot, rc, cfg.Name)
	case from.ConfigName != cfg.Name:
		return dcplan.Plan{}, dcplan.Config{}, nil, fmt.Errorf("%w: rollback: rc %q names deployment config %q, not %q",
			dcplan.ErrInvalidSnapshot, rc, from.ConfigName, cfg.Name)
	}
	if cfg.Paused {
		return dcplan.Plan{}, dcplan.Config{}, nil, rollbackError(ErrRollbackPaused, "cannot rollback a paused deployment config")
	}
	if s.Settings.RollbackToPrevious {
		if err := serverChecks(cfg, to); err != nil {
			return dcplan.Plan{}, dcplan.Config{}, nil, err
		}
		return generateRollback(s, serverRevision(cfg, to), opts)
	}
	if err := serverChecks(cfg, from.Version); err != nil {
		return dcplan.Plan{}, dcplan.Config{}, nil, err
	}
	return generateRollbackFrom(s, from, opts)
}

// serverChecks are the rollback subresource's refusals before it reads
// an RC (Rollback rule 4), for the revision to.
func serverChecks(cfg dcplan.Config, to dcplan.Version) error {
	switch cfg.Status.LatestVersion {
	case 0:
		return invalid(cfg.Name, ErrNoPreviousRevision, "cannot rollback an undeployed config")
	case 1:
		return invalid(cfg.Name, ErrNoPreviousRevision, fmt.Sprintf("no previous deployment exists for %q", cfg.Namespace+"/"+cfg.Name))
	case to:
		return invalid(cfg.Name, ErrCurrentRevision, fmt.Sprintf("version %d is already the latest", to))
	}
	return nil
}

// serverRevision is the revision the rollback subresource rolls back to
// when asked for to: to when to > 0, else latestVersion - 1 (it ignores
// spec.from).
func serverRevision(cfg dcplan.Config, to dcplan.Version) dcplan.Version {
	if to > 0 {
		return to
	}
	return cfg.Status.LatestVersion - 1
}

// generateRollback is the server half of Rollback and Undo from the
// revision on (rules 5-7 of Rollback): the RC <dc>-<revision> is read by
// name, whatever its version annotation and labels say (SPEC 6m.4a), and
// its encoded DC decoded.
//
// Ports: openshift-apiserver rollback (*REST).Create from the RC read
// on, and (*rollbackGenerator).GenerateRollback.
func generateRollback(s dcplan.Snapshot, revision dcplan.Version, opts RollbackOptions) (dcplan.Plan, dcplan.Config, []string, error) {
	name := dcplan.DeploymentName(s.Config.Name, revision)
	from, ok := s.Deployment(name)
	if !ok {
		return dcplan.Plan{}, dcplan.Config{}, nil, invalid(s.Config.Name, ErrRevisionNotFound, fmt.Sprintf("replicationcontrollers %q not found", name))
	}
	return generateRollbackFrom(s, from, opts)
}

// generateRollbackFrom is generateRollback once the RC from is read: its
// encoded DC decoded, the rolled-back DC generated and its write planned.
func generateRollbackFrom(s dcplan.Snapshot, from dcplan.Deployment, opts RollbackOptions) (dcplan.Plan, dcplan.Config, []string, error) {
	cfg := s.Config
	name := from.Name
	if from.Encoded == nil {
		why := "object " + name + " does not have encoded deployment config annotation"
		if from.EncodedProblem != "" {
			why = from.EncodedProblem // present but undecodable: the decoder's complaint
		}
		return dcplan.Plan{}, dcplan.Config{}, nil, invalid(cfg.Name, ErrNoEncodedConfig,
			"couldn't decode deployment config from deployment: "+why)
	}
	enc := from.Encoded

	res := cfg.Clone()
	res.Raw = nil
	res.Template = enc.Template.Clone()
	if opts.IncludeScalingSettings {
		res.Replicas = enc.Replicas
		res.Selector = slices.Clone(enc.Selector)
	}
	if opts.IncludeTriggers {
		res.Triggers = enc.Clone().Triggers
	}
	if opts.IncludeStrategy {
		res.Strategy = enc.Strategy.Clone()
	}
	var warnings []string
	for i := range res.Triggers {
		if res.Triggers[i].Type != dcplan.TriggerImageChange {
			continue
		}
		res.Triggers[i].Automatic = false
		warnings = append(warnings, disabledWarning(cfg, res.Triggers[i].FromName, s.Settings.Switches))
	}
	if opts.DryRun {
		// Nothing is written: the subresource's generated DC is shown as
		// it comes (at the largest version it keeps latestVersion, where
		// the server's would wrap to a negative one nothing reads).
		if res.Status.LatestVersion < math.MaxInt64 {
			res.Status.LatestVersion++
		}
		return dcplan.Plan{}, res, warnings, nil
	}
	if res.Status.LatestVersion == math.MaxInt64 { // SPEC 3.2.10.max: never write a wrapped version
		return dcplan.Plan{}, dcplan.Config{}, nil, rollbackError(ErrInvalidRevision,
			"deployment config %q cannot be rolled back: status.latestVersion is %d, the largest version", cfg.Name, res.Status.LatestVersion)
	}
	res.Status.LatestVersion++

	up := dcplan.ConfigUpdate{
		Rule: RuleRollback, Config: cfg.Name,
		SetTemplate: true, TemplateFrom: cfg.Template.Hash, Template: res.Template.Clone(),
	}
	if opts.IncludeScalingSettings {
		up.SetReplicas, up.ReplicasFrom, up.ReplicasTo = true, cfg.Replicas, res.Replicas
		up.SetSelector, up.Selector = true, slices.Clone(res.Selector)
	}
	if opts.IncludeStrategy {
		up.SetStrategy, up.Strategy = true, res.Strategy.Clone()
	}
	if opts.IncludeTriggers || !slices.EqualFunc(cfg.Triggers, res.Triggers, dcplan.Trigger.Equal) {
		up.SetTriggers, up.Triggers = true, res.Clone().Triggers
	}
	if opts.IncludeTriggers {
		// The revision's elements go out, not the DC's, even where the
		// typed fields agree (SPEC 6m.4a: the generator copies them whole).
		up.TriggersRC = name
	}
	// One PUT of the generated DC: the server keeps its latestVersion,
	// one up, and the DC controller starts the rollout (SPEC 6m.4a).
	up.SetLatestVersion, up.LatestVersionFrom, up.LatestVersionTo = true, cfg.Status.LatestVersion, res.Status.LatestVersion
	return dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{up}}, res, warnings, nil
}

// RolledBackMessage returns the line `oc rollback` prints on success
// (SPEC 6m.4b step 6): the name printer's
// `deploymentconfig.apps.openshift.io/<dc> deployment #<latestVersion>
// rolled back to <rc>`, or with the SeedRollbackText switch the seed's
// `#<latestVersion> rolled back to <rc>`, where result is the rolled-back
// DC Rollback returned and target the RC RollbackTarget picked (for
// RollbackRC, the RC given: SPEC 6m.4.b.3.rc). Today's oc
// appends each warning of Rollback after a newline, in the same printed
// operation.
//
// Ports: oc (*RollbackOptions).Run, successMessage.
func RolledBackMessage(result dcplan.Config, target string, sw dcplan.Switches) string {
	msg := fmt.Sprintf("#%d rolled back to %s", result.Status.LatestVersion, target)
	if sw.SeedRollbackText {
		return msg
	}
	return nameLine(result.Name, "deployment "+msg)
}

// RollbackDryRunMessage returns the line `oc rollback --dry-run` prints
// without -o (SPEC 6m.4b step 5): `deploymentconfig.apps.openshift.io/<dc>
// rolled back to <rc> (dry run)`; no warnings follow.
//
// Ports: oc (*RollbackOptions).Run, the dry-run branch.
func RollbackDryRunMessage(dc, target string) string {
	return nameLine(dc, "rolled back to "+target+" (dry run)")
}

func disabledWarning(cfg dcplan.Config, image string, sw dcplan.Switches) string {
	reenable := "oc set triggers dc/" + cfg.Name + " --auto"
	if sw.SeedRollbackText {
		reenable = "oc deploy " + cfg.Name + " --enable-triggers -n " + cfg.Namespace
	}
	return "Warning: the following images triggers were disabled: " + image + "\n  You can re-enable them with: " + reenable
}
