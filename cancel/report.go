package cancel

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
)

// CommandName is the client name the Retry report prints in its
// `Use '<cmd> logs -f dc/<dc>' to track its progress.` line (upstream's
// baseCommandName).
const CommandName = "oc"

// Op says which command a Report describes.
type Op uint8

// The operations.
const (
	// OpNone is the zero Report: a refusal or an invalid snapshot.
	OpNone Op = iota
	// OpCancel is `oc rollout cancel` / `oc deploy --cancel` (SPEC 6m.1,
	// 6.1).
	OpCancel
	// OpRetry is `oc rollout retry` / `oc deploy --retry` (SPEC 6m.2,
	// 6.2).
	OpRetry
)

// Target is one RC a report names: its name, version, phase and cancel
// state before the command, and its age at Snapshot.Now.
type Target struct {
	Name    string
	Version dcplan.Version
	Phase   dcplan.Phase
	// PhaseSpelling is the RC's Deployment.PhaseSpelling: the phase
	// annotation as written when it is none of the five spellings (a hand
	// edit such as `Bogus`, SPEC 13.1); "" otherwise. See PhaseText.
	PhaseSpelling string
	Cancelled     bool
	Age           time.Duration
}

// PhaseText returns the phase as oc prints it, as Deployment.PhaseText
// does: the spelling of Phase, or for PhaseUnknown the annotation as
// written ("" when absent).
func (t Target) PhaseText() string { return t.Phase.Text(t.PhaseSpelling) }

// Report is what `oc` prints when the plan it comes with is applied in
// full. It is a plain value; String renders it.
type Report struct {
	Op Op
	// Switches are the settings the command ran with; OcCancel, OcRetry,
	// CancelLineDCVersion and OcCancelSilent choose the texts.
	Switches dcplan.Switches
	// Namespace and Config name the DC.
	Namespace string
	Config    string
	// LatestVersion is the DC's status.latestVersion as seen; for a
	// retry, the version of the rollout it addressed, which under Modern
	// is the newest RC the DC claims when the status lags behind it
	// (SPEC 6m.2.lag).
	LatestVersion dcplan.Version

	// NoDeployments is true when Cancel found no RC of the DC.
	NoDeployments bool
	// Listed are the DC's RCs in the order the cancel visits them (newest
	// first; CancelA: name order).
	Listed []Target
	// Cancelled lists the RCs the plan cancels, one per dcplan.Cancel
	// action, in the same order (newest first, also for CancelA).
	Cancelled []Target
	// Errors are the errors oc reports after its loop even when every
	// write succeeds (CancelRollout with OcPausedCancelStillCancels: the
	// paused complaint); see Err.
	Errors []string

	// Retried is the RC Retry resets to New.
	Retried Target
	// Failures are the Cancel writes that failed: Cancel fills them from
	// Snapshot.Outcome, so that Lines and Err say what oc says after a
	// failed write (see Failed).
	Failures []Failure
}

// String returns exactly what `oc` prints on stdout on success, one line
// per message, each ending in a newline (see Lines). The zero Report
// prints "".
func (r Report) String() string {
	var b strings.Builder
	for _, l := range r.Lines() {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// Err returns the error oc exits with after printing the Report: with
// no failed write (Failures), nil or a *dcplan.Refusal whose text is
// Errors as kubectl's CheckErr prints them (one error alone; several one
// per line); else the error of the failed writes, as Failed describes it.
func (r Report) Err() error {
	if _, failed := r.render(r.Failures); len(failed) > 0 {
		return r.failedErr(failed)
	}
	if len(r.Errors) == 0 {
		return nil
	}
	return refuseAll(ErrPaused, r.Errors)
}

// joinErrors renders errors as kubectl's aggregate does: one alone, or
// one per line.
func joinErrors(errs []string) string {
	if len(errs) == 1 {
		return strings.TrimSuffix(errs[0], "\n")
	}
	var b strings.Builder
	for i, e := range errs {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strings.TrimSuffix(e, "\n"))
	}
	return b.String()
}

// Lines returns String's lines without their newlines; nil for the zero
// Report. Per generation (the OcCancel and OcRetry switches):
//
// Cancel, CancelRollout (SPEC 6m.1): for each in-flight RC, newest first,
// `deploymentconfig.apps.openshift.io/<dc> cancelling`, or `... already
// cancelled` for one that was cancelled before; nothing at all with
// OcCancelSilent (upstream's printer accident, SPEC 13.2). Then, when the
// last (oldest) in-flight RC visited was not cancelled by this command
// (upstream's flag, SPEC 6m.1.3.6), `No rollout is in progress (latest
// rollout #<v> <phase lowercased>< (cancelling)> <age> ago)` about the newest RC, "
// (cancelling)" iff it was cancelled and not terminal, age per HumanAge;
// the phase is the annotation as written (Target.PhaseText: a hand-edited
// `Bogus` prints `bogus`, SPEC 13.1).
//
// Cancel, CancelA (SPEC 6.1 variant A), in name order: `cancelled #<v>`
// per cancelled RC and `no active deployments to cancel` per terminal or
// phase-less RC; no RC: `no deployments found to cancel`.
//
// Cancel, CancelB: `cancelled deployment #<v>` per cancelled RC; none:
// `no active deployments to cancel`; no RC: `no deployments found to
// cancel`.
//
// Cancel, CancelC: `Cancelled deployment #<v>` per cancelled RC; none:
// `No deployments are in progress (latest deployment #<v> <phase
// lowercased>< (cancelling)> <age> ago)` for the newest RC; no RC: `There
// have been no deployments for <ns>/<dc>`.
//
// In the A, B and C success lines <v> is the cancelled RC's version, or
// the DC's latestVersion with CancelLineDCVersion (SPEC 10.12).
//
// Retry: `deploymentconfig.apps.openshift.io/<dc> retried rollout #<n>`
// (RetryRollout, SPEC 6m.2.3.8); `Retried #<n>` (RetryOldest, RetryMiddle,
// SPEC 6.2.7); `Retried
// #<n>` then `Use 'oc logs -f dc/<dc>' to track its progress.`
// (RetryNewest).
func (r Report) Lines() []string {
	switch r.Op {
	case OpCancel:
		out, _ := r.render(r.Failures)
		return out
	case OpRetry:
		n := strconv.FormatInt(int64(r.LatestVersion), 10)
		switch r.Switches.OcRetry {
		case dcplan.RetryRollout:
			return []string{nameLine(r.Config, "retried rollout #"+n)}
		case dcplan.RetryNewest:
			return []string{"Retried #" + n, fmt.Sprintf("Use '%s logs -f dc/%s' to track its progress.", CommandName, r.Config)}
		}
		return []string{"Retried #" + n}
	}
	return nil
}

// nameLine is the cli-runtime name printer's line for the DC with an
// operation (SPEC 6m "Success-line name printer").
func nameLine(dc, op string) string {
	return "deploymentconfig.apps.openshift.io/" + dc + " " + op
}

// render returns the cancel output lines and the write failures in the
// order tried, given the failed writes (nil: none); nothing unless r is a
// Cancel report.
func (r Report) render(failed []Failure) (lines []string, errs []Failure) {
	if r.Op != OpCancel {
		return nil, nil
	}
	sw := r.Switches
	if r.NoDeployments {
		switch sw.OcCancel {
		case dcplan.CancelA, dcplan.CancelB:
			return []string{"no deployments found to cancel"}, nil
		case dcplan.CancelC:
			return []string{fmt.Sprintf("There have been no deployments for %s/%s", r.Namespace, r.Config)}, nil
		}
		return nil, nil
	}
	if sw.OcCancel == dcplan.CancelRollout {
		return r.renderRollout(failed)
	}
	for _, t := range r.Listed {
		cancelling := inFlight(t.Phase) && !t.Cancelled
		if !cancelling {
			if sw.OcCancel == dcplan.CancelA && !inFlight(t.Phase) {
				lines = append(lines, "no active deployments to cancel")
			}
			continue
		}
		if err, bad := failureOf(failed, t); bad {
			lines = append(lines, r.failureLine(t, err))
			errs = append(errs, Failure{RC: t.Name, Version: t.Version, Err: err})
			continue
		}
		lines = append(lines, r.cancelledLine(t))
	}
	if len(r.Cancelled) > 0 || len(r.Listed) == 0 {
		return lines, errs
	}
	switch sw.OcCancel {
	case dcplan.CancelB:
		lines = append(lines, "no active deployments to cancel")
	case dcplan.CancelC:
		n := r.Listed[0]
		lines = append(lines, fmt.Sprintf("No deployments are in progress (latest deployment #%d %s%s %s ago)",
			n.Version, strings.ToLower(n.PhaseText()), cancellingMarker(n), HumanAge(n.Age)))
	}
	return lines, errs
}

// renderRollout is render for CancelRollout (SPEC 6m.1).
func (r Report) renderRollout(failed []Failure) (lines []string, errs []Failure) {
	flag := false
	for _, t := range r.Listed {
		if !inFlight(t.Phase) {
			continue
		}
		flag = false
		switch err, bad := failureOf(failed, t); {
		case t.Cancelled:
			if !r.Switches.OcCancelSilent {
				lines = append(lines, nameLine(r.Config, "already cancelled"))
			}
		case bad:
			errs = append(errs, Failure{RC: t.Name, Version: t.Version, Err: err})
		default:
			flag = true
			if !r.Switches.OcCancelSilent {
				lines = append(lines, nameLine(r.Config, "cancelling"))
			}
		}
	}
	if !flag && len(r.Listed) > 0 {
		n := r.Listed[0]
		// oc marks each RC it patches cancelled in its own listed copy
		// before the patch goes (SPEC 6m.1.3.5), so the newest RC this
		// command cancels, even one whose patch failed, is cancelling in
		// this line (SPEC 6m.1.3.6).
		if slices.ContainsFunc(r.Cancelled, func(c Target) bool { return c.Name == n.Name }) {
			n.Cancelled = true
		}
		lines = append(lines, fmt.Sprintf("No rollout is in progress (latest rollout #%d %s%s %s ago)",
			n.Version, strings.ToLower(n.PhaseText()), cancellingMarker(n), HumanAge(n.Age)))
	}
	return lines, errs
}

// cancellingMarker is " (cancelling)" for a cancelled RC that has not
// reached a terminal phase, else "".
func cancellingMarker(t Target) string {
	if t.Cancelled && !t.Phase.Terminal() {
		return " (cancelling)"
	}
	return ""
}

// lineVersion is the version a success line names (SPEC 10.12): the
// cancelled RC's unless CancelLineDCVersion (SPEC 11.12).
func (r Report) lineVersion(t Target) string {
	if r.Switches.CancelLineDCVersion {
		return strconv.FormatInt(int64(r.LatestVersion), 10)
	}
	return strconv.FormatInt(int64(t.Version), 10)
}

// cancelledLine is the A, B or C success line for one cancelled RC.
func (r Report) cancelledLine(t Target) string {
	switch r.Switches.OcCancel {
	case dcplan.CancelA:
		return "cancelled #" + r.lineVersion(t)
	case dcplan.CancelB:
		return "cancelled deployment #" + r.lineVersion(t)
	}
	return "Cancelled deployment #" + r.lineVersion(t)
}

// failureLine is the A, B or C line for one cancel write that failed.
func (r Report) failureLine(t Target, err error) string {
	v := strconv.FormatInt(int64(t.Version), 10)
	tail := " (status: " + t.PhaseText() + "): " + errText(err)
	switch r.Switches.OcCancel {
	case dcplan.CancelA:
		return "couldn't cancel deployment " + v + tail
	case dcplan.CancelB:
		return "couldn't cancel deployment #" + v + tail
	}
	return "Couldn't cancel deployment #" + v + tail
}

// PodDeleteError returns the error `oc` reports when deleting a
// deployer or hook pod of a retry failed (SPEC 6.2 step 5):
// `failed to delete deployer/hook pod <pod> for deployment #<n>: <err>`,
// wrapping err; r is the Report Retry returned with its plan (its
// LatestVersion is n). The RC is then not reset.
func (r Report) PodDeleteError(pod string, err error) error {
	return fmt.Errorf("%s%w", podDeleteFailed(pod, r.LatestVersion), err)
}

// podDeleteFailed is the head of PodDeleteError's text, before the
// error: `failed to delete deployer/hook pod <pod> for deployment #<n>: `.
func podDeleteFailed(pod string, n dcplan.Version) string {
	return fmt.Sprintf("failed to delete deployer/hook pod %s for deployment #%d: ", pod, n)
}
