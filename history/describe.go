package history

import (
	"strconv"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
)

// HumanDuration renders d the way oc's describers did (docker's
// pkg/units HumanDuration as vendored by Origin), capitalised as upstream
// returns it; callers lowercase it. Durations are truncated, never rounded.
// The rules, in order (s, m, h = whole seconds, minutes, hours):
//
//  1. s < 1 (negative durations included): "Less than a second".
//  2. s < 60: "<s> seconds" (also "1 seconds", as upstream).
//  3. m == 1: "About a minute".
//  4. m < 60: "<m> minutes".
//  5. h == 1: "About an hour".
//  6. h < 48: "<h> hours".
//  7. h < 14 days: "<h/24> days".
//  8. h < 90 days: "<h/24/7> weeks".
//  9. h < 730 days: "<h/24/30> months".
//  10. otherwise "<h/24/365> years".
//
// Ports: github.com/docker/docker/pkg/units.HumanDuration (as used by
// Origin's describeDeploymentStatus; `oc deploy --cancel`'s ages are
// cancel.HumanAge, the newer go-units variant).
func HumanDuration(d time.Duration) string {
	s := int64(d / time.Second)
	m := int64(d / time.Minute)
	h := int64(d / time.Hour)
	switch {
	case s < 1:
		return "Less than a second"
	case s < 60:
		return strconv.FormatInt(s, 10) + " seconds"
	case m == 1:
		return "About a minute"
	case m < 60:
		return strconv.FormatInt(m, 10) + " minutes"
	case h == 1:
		return "About an hour"
	case h < 48:
		return strconv.FormatInt(h, 10) + " hours"
	case h < 24*7*2:
		return strconv.FormatInt(h/24, 10) + " days"
	case h < 24*30*3:
		return strconv.FormatInt(h/24/7, 10) + " weeks"
	case h < 24*365*2:
		return strconv.FormatInt(h/24/30, 10) + " months"
	}
	return strconv.FormatInt(h/24/365, 10) + " years"
}

// PodSummary is the inline pod summary of SPEC 6.5, with actual the RC's
// status.replicas and requested its spec.replicas:
//
//  1. actual == requested: "" for 0 (or "0 pods" when includeEmpty),
//     "1 pod", else "<n> pods".
//  2. otherwise "<actual>/<requested> pods".
//
// A non-empty summary is returned as " - <summary>", followed by
// " reducing to <requested>" when requested < actual or
// " growing to <requested>" when requested > actual.
//
// Ports: Origin describe describePodSummaryInline / describePodSummary.
func PodSummary(actual, requested dcplan.Replicas, includeEmpty bool) string {
	var s string
	switch {
	case actual != requested:
		s = itoa(int64(actual)) + "/" + itoa(int64(requested)) + " pods"
	case actual == 0 && !includeEmpty:
		return ""
	case actual == 1:
		s = "1 pod"
	default:
		s = itoa(int64(actual)) + " pods"
	}
	s = " - " + s
	switch {
	case requested < actual:
		s += " reducing to " + itoa(int64(requested))
	case requested > actual:
		s += " growing to " + itoa(int64(requested))
	}
	return s
}

// Describe is the one-line rollout summary of SPEC 6.5 for the RC d: first
// says whether d is the first RC listed (the newest), test whether its DC
// is a test DC, and now is the clock the age is measured with. With
// <age> = lowercase HumanDuration(now - creation time), <c> = " (cancelling)"
// when d is cancelled and not terminal, and <pods> = PodSummary(status
// replicas, spec replicas, includeEmpty), by phase:
//
//  1. Failed: "deployment #<v> failed <age> ago", then ": <reason>" when d
//     has a status reason, then <pods> (includeEmpty false).
//  2. Complete, test: "test deployment #<v> deployed <age> ago".
//  3. Complete: "deployment #<v> deployed <age> ago<pods>" (includeEmpty =
//     first).
//  4. Running: "deployment #<v> running<c> for <age><pods>" (includeEmpty
//     false), prefixed "test " for a test DC.
//  5. Otherwise: "deployment #<v> <phase lowercased><c> <age> ago<pods>"
//     (includeEmpty false); a hand-edited phase (PhaseUnknown) prints its
//     annotation as written, lowercased (Deployment.PhaseText), and an RC
//     without a phase an empty phase word, as upstream.
//
// Ports: Origin describe describeDeploymentStatus (restart counts left
// out).
func Describe(d dcplan.Deployment, first, test bool, now time.Time) string {
	age := strings.ToLower(HumanDuration(now.Sub(d.CreationTime)))
	v := "#" + itoa(int64(d.Version))
	cancelling := ""
	if d.Cancelled && !d.Phase.Terminal() {
		cancelling = " (cancelling)"
	}
	switch d.Phase {
	case dcplan.PhaseFailed:
		reason := ""
		if d.Reason != "" {
			reason = ": " + d.Reason
		}
		return "deployment " + v + " failed " + age + " ago" + reason + PodSummary(d.StatusReplicas, d.Replicas, false)
	case dcplan.PhaseComplete:
		if test {
			return "test deployment " + v + " deployed " + age + " ago"
		}
		return "deployment " + v + " deployed " + age + " ago" + PodSummary(d.StatusReplicas, d.Replicas, first)
	case dcplan.PhaseRunning:
		prefix := ""
		if test {
			prefix = "test "
		}
		return prefix + "deployment " + v + " running" + cancelling + " for " + age + PodSummary(d.StatusReplicas, d.Replicas, false)
	}
	return "deployment " + v + " " + strings.ToLower(d.PhaseText()) + cancelling + " " + age + " ago" +
		PodSummary(d.StatusReplicas, d.Replicas, false)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
