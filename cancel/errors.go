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
	// ErrNoDeployments: status.latestVersion is 0 (SPEC 6.2 step 2).
	ErrNoDeployments = errors.New("cancel: no deployments")
	// ErrLatestNotFound: the RC of status.latestVersion does not exist
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
// text is exactly what oc prints after "error: " (multi-line texts
// included), wrapping sentinel.
func refuse(sentinel error, msg string) error { return &dcplan.Refusal{Err: sentinel, Text: msg} }

// Failure is one Cancel action that an adapter could not apply: the
// version of the RC and the error its update returned.
type Failure struct {
	Version dcplan.Version
	Err     error
}

// FailedError is the error `oc` returns after its cancel loop when some
// updates failed: `couldn't cancel deployment <v1>, <v2>` with the versions
// in the order they were attempted (newest first). It unwraps to
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
// writes failed; failures whose version r did not cancel are ignored.
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
// ErrCancelFailed and every write error, whose text is the recorded
// errors as kubectl prints them (one alone, else one per line).
//
// With no (matching) failure it returns r.String() and r.Err().
//
// oc sends each cancel by itself and goes on after a failure; an adapter
// that wants that sends each Cancel's request and collects the failures.
//
// Ports: (DeployOptions).cancel, the failedCancellations branch;
// (CancelOptions).Run, the patch error branch.
func Failed(r Report, failures []Failure) (string, error) {
	byVersion := make(map[dcplan.Version]error, len(failures))
	for _, f := range failures {
		if _, dup := byVersion[f.Version]; !dup {
			byVersion[f.Version] = f.Err
		}
	}
	lines, failed := r.render(byVersion)
	if len(failed) == 0 {
		return r.String(), r.Err()
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	if r.Switches.OcCancel == dcplan.CancelRollout {
		texts := slices.Clone(r.Errors)
		causes := []error{ErrCancelFailed}
		for _, f := range failed {
			texts = append(texts, errText(f.Err))
			causes = append(causes, f.Err)
		}
		return b.String(), &dcplan.Refusal{Err: errors.Join(causes...), Text: joinErrors(texts)}
	}
	var out FailedError
	for _, f := range failed {
		out.Versions = append(out.Versions, f.Version)
		out.Errs = append(out.Errs, f.Err)
	}
	return b.String(), &out
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}
