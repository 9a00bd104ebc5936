package cancel

import (
	"fmt"
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
	// OpCancel is `oc rollout cancel` / `oc deploy --cancel` (SPEC 6.1).
	OpCancel
	// OpRetry is `oc rollout retry` / `oc deploy --retry` (SPEC 6.2).
	OpRetry
)

// Target is one RC a report names.
type Target struct {
	Name      string
	Version   dcplan.Version
	Phase     dcplan.Phase
	Cancelled bool
}

// Report is what `oc` prints when the plan it comes with is applied in
// full. It is a plain value; String renders it.
type Report struct {
	Op      Op
	Profile dcplan.Profile
	// Namespace and Config name the DC.
	Namespace string
	Config    string
	// LatestVersion is the DC's status.latestVersion as seen.
	LatestVersion dcplan.Version

	// NoDeployments is true when Cancel found no RC of the DC.
	NoDeployments bool
	// Cancelled lists the RCs the plan cancels, newest first (one per
	// dcplan.Cancel action, same order).
	Cancelled []Target
	// Newest is the highest-version RC, and NewestAge its age at
	// Snapshot.Now; set when Cancel found RCs but cancelled none.
	Newest    Target
	NewestAge time.Duration

	// Retried is the RC Retry resets to New.
	Retried Target
}

// String returns exactly what `oc` prints on success, one line per
// message, each ending in a newline, per profile:
//
// Cancel, no RC: `There have been no deployments for <ns>/<dc>` (Modern,
// Exact) or `no deployments found to cancel` (Origin).
//
// Cancel, one line per cancelled RC: `Cancelled deployment #<rc version>`
// (Modern, SPEC 11 item 12), `Cancelled deployment #<dc latestVersion>`
// (Exact), `cancelled deployment #<dc latestVersion>` (Origin).
//
// Cancel, nothing cancelled: `No deployments are in progress (latest
// deployment #<v> <phase lowercased>< (cancelling)> <age> ago)` for the
// newest RC, " (cancelling)" iff it is cancelled and not terminal, age per
// HumanAge (Modern, Exact); `no active deployments to cancel` (Origin).
//
// Retry: `Retried #<n>`, then (Modern, Exact) `Use 'oc logs -f dc/<dc>' to
// track its progress.`
//
// The zero Report prints "".
func (r Report) String() string {
	var b strings.Builder
	for _, l := range r.Lines() {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// Lines returns String's lines without their newlines; nil for the zero
// Report.
func (r Report) Lines() []string {
	origin := r.Profile == dcplan.Origin
	switch r.Op {
	case OpCancel:
		switch {
		case r.NoDeployments && origin:
			return []string{"no deployments found to cancel"}
		case r.NoDeployments:
			return []string{fmt.Sprintf("There have been no deployments for %s/%s", r.Namespace, r.Config)}
		case len(r.Cancelled) > 0:
			out := make([]string, len(r.Cancelled))
			for i, t := range r.Cancelled {
				out[i] = strings.TrimSuffix(r.cancelledLine(t), "\n")
			}
			return out
		case origin:
			return []string{"no active deployments to cancel"}
		}
		cancelling := ""
		if r.Newest.Cancelled && !r.Newest.Phase.Terminal() {
			cancelling = " (cancelling)"
		}
		return []string{fmt.Sprintf("No deployments are in progress (latest deployment #%d %s%s %s ago)",
			r.Newest.Version, strings.ToLower(r.Newest.Phase.String()), cancelling, HumanAge(r.NewestAge))}
	case OpRetry:
		out := []string{"Retried #" + strconv.FormatInt(int64(r.LatestVersion), 10)}
		if !origin {
			out = append(out, fmt.Sprintf("Use '%s logs -f dc/%s' to track its progress.", CommandName, r.Config))
		}
		return out
	}
	return nil
}

// cancelledLine is the success line for one cancelled RC, with newline.
func (r Report) cancelledLine(t Target) string {
	switch r.Profile {
	case dcplan.Origin:
		return "cancelled deployment #" + strconv.FormatInt(int64(r.LatestVersion), 10) + "\n"
	case dcplan.Exact:
		return "Cancelled deployment #" + strconv.FormatInt(int64(r.LatestVersion), 10) + "\n"
	}
	return "Cancelled deployment #" + strconv.FormatInt(int64(t.Version), 10) + "\n"
}

// PodDeleteError returns the error `oc` reports when deleting a
// deployer or hook pod of a retry failed (SPEC 6.2 step 5):
// `failed to delete deployer/hook pod <pod> for deployment #<n>: <err>`,
// wrapping err. The retry stops there; the RC is not reset.
func (r Report) PodDeleteError(pod string, err error) error {
	return fmt.Errorf("failed to delete deployer/hook pod %s for deployment #%d: %w", pod, r.LatestVersion, err)
}
