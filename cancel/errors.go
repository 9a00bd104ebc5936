package cancel

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/dcplan/dcplan"
)

// Sentinel errors: every refusal of Cancel and Retry is a *dcplan.Refusal that
// wraps one of them, so callers branch with errors.Is.
var (
	// ErrPaused: the DC is paused (SPEC 6.1 variant C, 6.2 step 1).
	ErrPaused = errors.New("cancel: deployment config is paused")
	// ErrNoDeployments: the rollout to retry is 0 (SPEC 6.2 step 2:
	// status.latestVersion, or under Modern the newest claimed RC when
	// the status lags, 6m.2.lag), or oc rollout cancel found no RC of
	// the DC (SPEC 6m.1.3.3).
	ErrNoDeployments = errors.New("cancel: no deployments")
	// ErrLatestNotFound: the RC of the rollout to retry does not exist
	// (SPEC 6.2 step 3).
	ErrLatestNotFound = errors.New("cancel: latest deployment not found")
	// ErrNotFailed: the latest RC is not Failed, so it cannot be retried
	// (SPEC 6.2 step 4).
	ErrNotFailed = errors.New("cancel: latest deployment is not failed")
	// ErrCancelFailed: an adapter could not write some cancellations
	// (SPEC 6.1 "Common"); see Failed.
	ErrCancelFailed = errors.New("cancel: cancellation failed")
	// ErrRetryFailed: a deployer or hook pod delete of a retry failed, so
	// the RC is not reset (SPEC 6.2 step 5, 6m.2 step 3.6), or the write
	// resetting the RC failed (SPEC 6.2 step 6, 6m.2 step 3.7).
	ErrRetryFailed = errors.New("cancel: retry failed")
)

// refuse returns the refusal of Cancel or Retry: a *dcplan.Refusal whose
// text is exactly what oc prints after "error: ", wrapping sentinel.
func refuse(sentinel error, msg string) error { return &dcplan.Refusal{Err: sentinel, Text: msg} }

// refuseAll is refuse for the errors texts that oc gathers into one
// aggregate: one alone as refuse; several one per line, which kubectl
// prints without "error: " (SPEC 6m "Error output").
func refuseAll(sentinel error, texts []string) *dcplan.Refusal {
	return refuseListed(sentinel, texts, texts)
}

// refuseListed is refuseAll for errors that kubectl prints otherwise than
// their texts: listed[i] as one of several, the server's answer for a
// failed write (Failure.Listed); one alone as its Refusal says (printed).
// kubectl ends each entry of several with a newline, so an entry that
// ends in one leaves a blank line after it; Printed holds all but the
// last newline.
func refuseListed(sentinel error, texts, listed []string) *dcplan.Refusal {
	r := &dcplan.Refusal{Err: sentinel, Text: joinErrors(texts)}
	if len(texts) > 1 {
		var b strings.Builder
		for _, l := range listed {
			b.WriteString(l)
			b.WriteByte('\n')
		}
		r.Printed = strings.TrimSuffix(b.String(), "\n")
	}
	return r
}

// serverError returns f's error as the client returned it: its text the
// server's message, printed by kubectl as Failure.Printed says alone and
// as Failure.Listed says among several.
func serverError(sentinel error, f dcplan.Failure) *dcplan.Refusal {
	return &dcplan.Refusal{Err: sentinel, Text: f.Message, Printed: f.Printed(), Listed: f.Listed()}
}

// listedText is what kubectl prints for err as one of several errors:
// the server's answer (Refusal.Listed) for a failed write, else its text.
func listedText(err error) string {
	var r *dcplan.Refusal
	if errors.As(err, &r) && r.Listed != "" {
		return r.Listed
	}
	return errText(err)
}

// Failure is one Cancel action that an adapter could not apply: the RC
// (dcplan.Cancel.RC) and its version, and the error its update returned.
// A Failure with an RC matches the RC of that name only; one without
// matches every cancelled RC of its version, which is the same thing
// unless RCs share a version (SPEC 13.1).
type Failure struct {
	RC      string
	Version dcplan.Version
	Err     error
}

// FailedError is the error `oc` returns after its cancel loop when some
// updates failed: `couldn't cancel deployment <v1>, <v2>` with the versions
// in the order oc lists its RCs (newest first; CancelA: name order, while
// the requests go newest first, SPEC 11 item 9). It unwraps to
// ErrCancelFailed and to every write error.
type FailedError struct {
	Versions []dcplan.Version
	Errs     []error
}

// Error renders `couldn't cancel deployment <v1>, <v2>...`.
func (e *FailedError) Error() string {
	parts := make([]string, len(e.Versions))
	for i, v := range e.Versions {
		parts[i] = strconv.FormatInt(int64(v), 10)
	}
	return "couldn't cancel deployment " + strings.Join(parts, ", ")
}

// Unwrap returns ErrCancelFailed followed by the write errors.
func (e *FailedError) Unwrap() []error {
	return append([]error{ErrCancelFailed}, e.Errs...)
}

// Failed renders what `oc` prints when the adapter applied a Cancel plan
// one action at a time (as oc does, carrying on after a failure) and some
// writes failed; failures that match no RC r cancelled are ignored (see
// Failure), and so are all failures when r is not a Cancel report.
//
// For the `oc deploy --cancel` generations (A, B, C) each RC of
// r.Cancelled prints its success line, or for a failed one `Couldn't
// cancel deployment #<rc version> (status: <phase>): <err>` (CancelC),
// `couldn't cancel deployment #<v> ...` (CancelB) or `couldn't cancel
// deployment <v> ...` (CancelA), and the error is a *FailedError naming
// the failed versions in that order (`couldn't cancel deployment <v1>,
// <v2>`).
//
// For `oc rollout cancel` (CancelRollout) a failed write prints nothing;
// its error is recorded as is, after r.Errors, and counts as "not
// cancelled" for upstream's flag (so the `No rollout is in progress` line
// may follow). The error is then a *dcplan.Refusal wrapping
// ErrCancelFailed and every write error (and ErrPaused when r.Errors
// holds the paused complaint, as for Report.Err), whose text is the
// recorded errors as kubectl prints them (one alone, else one per line).
//
// With no (matching) failure it returns r.String() and r.Err().
//
// oc sends each cancel by itself and goes on after a failure, as
// wire.RunOperation does with Cancel, which reads the failures from
// Snapshot.Outcome itself; Failed is for an adapter that collects them
// another way. It is r with failures added to r.Failures, rendered.
//
// Ports: (DeployOptions).cancel, the failedCancellations branch;
// (CancelOptions).Run, the patch error branch.
func Failed(r Report, failures []Failure) (string, error) {
	r.Failures = append(slices.Clip(r.Failures), failures...)
	return r.String(), r.Err()
}

// failedErr is the error of Report.Err for the failed writes failed (see
// Failed).
func (r Report) failedErr(failed []Failure) error {
	if r.Switches.OcCancel == dcplan.CancelRollout {
		texts, listed := slices.Clone(r.Errors), slices.Clone(r.Errors)
		causes := []error{ErrCancelFailed}
		if len(r.Errors) > 0 {
			causes = append(causes, ErrPaused) // r.Errors is the paused complaint, as in Report.Err
		}
		for _, f := range failed {
			texts, listed = append(texts, errText(f.Err)), append(listed, listedText(f.Err))
			causes = append(causes, f.Err)
		}
		out := refuseListed(errors.Join(causes...), texts, listed)
		var server *dcplan.Refusal
		if len(texts) == 1 && errors.As(failed[0].Err, &server) {
			out.Printed = server.Printed // the server's error alone, as kubectl prints it
		}
		return out
	}
	var out FailedError
	for _, f := range failed {
		out.Versions = append(out.Versions, f.Version)
		out.Errs = append(out.Errs, f.Err)
	}
	return &out
}

// failureOf returns the error of the first failure matching t (see
// Failure), and whether there is one.
func failureOf(failures []Failure, t Target) (error, bool) {
	for _, f := range failures {
		if f.Version == t.Version && (f.RC == "" || f.RC == t.Name) {
			return f.Err, true
		}
	}
	return nil, false
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}
