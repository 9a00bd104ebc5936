package reconcile

import (
	"errors"
	"fmt"

	"github.com/dcplan/dcplan"
)

// resource is how oc names the DC resource in its messages.
const resource = "deploymentconfigs.apps.openshift.io"

// Pause plans `oc rollout pause dc/<dc>` (SPEC 6m.7): one ConfigUpdate
// that sets spec.paused (From false, To true). The rules, in order:
//
//  1. An invalid snapshot, or one without a DC: the ValidateConfig error.
//  2. Already paused: refused (ErrRefused, SPEC 6m.7.3) with oc's text
//     `deploymentconfigs.apps.openshift.io "<dc>" is already paused` (oc
//     prints it after "error: ", alone or among several: Refusal.Listed
//     has the prefix, SPEC 6m.7.5).
//  3. Otherwise the update; after it failed (s.Outcome), the same plan
//     and ErrPatchFailed, `failed to patch: <err>` (SPEC 6m.7.5).
//
// A paused DC gets only history cleanup and a status refresh from the DC
// controller (SPEC 3.2.5, Switches.Paused PausedFirst); in Origin13 and
// Origin15 (PausedNoCreate) the controller still cancels and scales as
// for any DC and only creates no new RC, and Origin10 (PausedIgnored)
// plans it as any other DC, triggers included
// (SPEC 7 row 4; the presets of SPEC 12).
//
// Over the DCs a command resolved, it ends as every rollout subcommand
// of kubectl does, which conditions.EndStatus prints: `No resources
// found in <ns> namespace.` when there was none and no error, else the
// errors one per line (SPEC 6m.7.4, 6m.7.6).
//
// Ports: oc originpolymorphichelpers NewObjectPauserFn with kubectl's
// rollout pause error wrapping (`error: <resource> "<name>" <err>`, the
// "error: " prefix left to the caller's printer).
func Pause(s dcplan.Snapshot) (dcplan.Plan, error) {
	return setPaused(s, true, "is already paused")
}

// Resume plans `oc rollout resume dc/<dc>`: one ConfigUpdate that clears
// spec.paused (From true, To false). The rules, in order:
//
//  1. An invalid snapshot, or one without a DC: the ValidateConfig error.
//  2. Not paused: refused (ErrRefused, SPEC 6m.7.3) with oc's text
//     `deploymentconfigs.apps.openshift.io "<dc>" is not paused` (oc prints
//     it after "error: "; Listed as for Pause).
//  3. Otherwise the update; after it failed, as for Pause.
//
// Ports: oc originpolymorphichelpers NewObjectResumerFn with kubectl's
// rollout resume error wrapping.
func Resume(s dcplan.Snapshot) (dcplan.Plan, error) {
	return setPaused(s, false, "is not paused")
}

// setPaused is Pause (to = true) and Resume (to = false).
func setPaused(s dcplan.Snapshot, to bool, refusal string) (dcplan.Plan, error) {
	if err := s.ValidateConfig(); err != nil {
		return dcplan.Plan{}, fmt.Errorf("reconcile: %s: %w", map[bool]string{true: "pause", false: "resume"}[to], err)
	}
	cfg := &s.Config
	if cfg.Paused == to {
		// kubectl's error reads "error: <text>": printed alone as any
		// error is, but listed among several with its prefix.
		text := fmt.Sprintf("%s %q %s", resource, cfg.Name, refusal)
		return dcplan.Plan{}, &dcplan.Refusal{Err: ErrRefused, Text: text, Listed: "error: " + text}
	}
	p := dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{{
		Rule: rulePause, Config: cfg.Name, SetPaused: true, PausedFrom: cfg.Paused, PausedTo: to, Patch: true,
	}}}
	if f, failed := s.Outcome.Failed(dcplan.ActionUpdateConfig, cfg.Name); failed {
		return p, &dcplan.Refusal{Err: ErrPatchFailed, Text: "failed to patch: " + f.Message}
	}
	return p, nil
}

// ErrPatchFailed means the patch of oc rollout pause or resume failed; the
// error's text is oc's, `failed to patch: <the server's error>` (SPEC
// 6m.7.5).
var ErrPatchFailed = errors.New("reconcile: patch failed")

// PauseText returns the line `oc rollout pause` (paused true) or `oc
// rollout resume` (paused false) prints once its plan is applied:
// `deploymentconfig.apps.openshift.io/<dc> paused` or `... resumed`
// (SPEC 6m.7.5), without the newline.
//
// Ports: kubectl rollout pause/resume, the name printer with operation
// "paused" / "resumed".
func PauseText(dc string, paused bool) string {
	op := "resumed"
	if paused {
		op = "paused"
	}
	return "deploymentconfig.apps.openshift.io/" + dc + " " + op
}
