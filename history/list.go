package history

import (
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/dcplan/dcplan"
)

// Revision is one row of a DC's rollout history: what `oc rollout history
// dc/<dc>` knows about one RC.
type Revision struct {
	// Version is the RC's latest-version annotation (the REVISION column).
	Version dcplan.Version
	// Name is the RC's name.
	Name string
	// Phase is the RC's phase (the STATUS column); PhaseUnknown prints
	// PhaseSpelling.
	Phase dcplan.Phase
	// PhaseSpelling is the phase annotation as written when it is present
	// but none of the five spellings (Deployment.PhaseSpelling, e.g. a
	// hand-edited `Bogus`); "" otherwise. With PhaseUnknown, the STATUS
	// column prints it as it stands (SPEC 6m.5.4, 13.1).
	PhaseSpelling string
	// Cancelled is true when the RC carries the cancelled annotation.
	Cancelled bool
	// Cause is the status-reason annotation (the CAUSE column), "" when
	// absent: "config change", "image change", "cancelled by the user", a
	// user message...
	Cause string
	// Replicas is the RC's spec.replicas, Current its status.replicas.
	Replicas dcplan.Replicas
	Current  dcplan.Replicas
	// Age is Snapshot.Now minus the RC's creation time, when HasAge (the
	// RC has a creation time).
	Age    time.Duration
	HasAge bool
}

// List returns the rollout history of s.Config: one Revision per RC
// labelled openshift.io/deployment-config.name=<dc> (the config selector oc
// lists with), oldest first (version ascending; RCs sharing a version in
// list order, SPEC 13.1, as every sort of this package). It returns
// nil when there is none, or when the snapshot is invalid or holds no DC
// (Snapshot.ValidateConfig).
//
// Ports: oc DeploymentConfigHistoryViewer.ViewHistory (revision 0), the
// list and its ByLatestVersionAsc sort.
func List(s dcplan.Snapshot) []Revision {
	if s.ValidateConfig() != nil {
		return nil
	}
	var rcs []*dcplan.Deployment // pointers: sorting large values is slow
	for i := range s.Deployments {
		if s.Deployments[i].ConfigLabel == s.Config.Name {
			rcs = append(rcs, &s.Deployments[i])
		}
	}
	if len(rcs) == 0 {
		return nil
	}
	slices.SortStableFunc(rcs, func(a, b *dcplan.Deployment) int {
		if newer(b, a) {
			return -1
		}
		if newer(a, b) {
			return 1
		}
		return 0
	})
	out := make([]Revision, len(rcs))
	for i, d := range rcs {
		out[i] = Revision{
			Version: d.Version, Name: d.Name, Phase: d.Phase, PhaseSpelling: d.PhaseSpelling, Cancelled: d.Cancelled, Cause: d.Reason,
			Replicas: d.Replicas, Current: d.StatusReplicas,
		}
		if !d.CreationTime.IsZero() {
			out[i].Age, out[i].HasAge = s.Now.Sub(d.CreationTime), true
		}
	}
	return out
}

// NoHistory is what oc prints instead of a table when the DC has no RC.
const NoHistory = "No rollout history found."

// FormatList renders rows as the table `oc rollout history dc/<dc>` prints
// below its `deploymentconfig.apps.openshift.io/<dc>` title line, which
// FormatList leaves to the caller:
//
//   - no rows: NoHistory, without a newline;
//   - else a header line `REVISION`, `STATUS`, `CAUSE`, then one line per
//     row, in the given order: the version in decimal, the phase as spelt
//     on the wire (a hand-edited one as written), and the cause, or `<unknown>` when it is empty (tabs
//     and line breaks in a cause print as spaces, so a row stays a row).
//
// Columns are left-aligned and separated by at least two spaces (a
// tabwriter with minimum width 0 and padding 2, padding with spaces); the
// last column is not padded, and every line ends in a newline. Upstream
// pads with tab characters (tabwriter padding 1, tab width 8, pad char
// '\t'); FormatList pads with spaces so that the output is the same on
// every terminal and in golden files.
//
// Ports: oc DeploymentConfigHistoryViewer.ViewHistory, the tabbedString
// table.
func FormatList(rows []Revision) string {
	if len(rows) == 0 {
		return NoHistory
	}
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	var line strings.Builder
	write := func(cols ...string) {
		line.Reset()
		for i, c := range cols {
			if i > 0 {
				line.WriteByte('\t')
			}
			line.WriteString(c)
		}
		line.WriteByte('\n')
		// A strings.Builder never fails, so neither does the tabwriter.
		_, _ = w.Write([]byte(line.String()))
	}
	write("REVISION", "STATUS", "CAUSE")
	for _, r := range rows {
		cause := r.Cause
		if cause == "" {
			cause = "<unknown>"
		}
		write(strconv.FormatInt(int64(r.Version), 10), sanitize(r.Phase.Text(r.PhaseSpelling)), sanitize(cause))
	}
	_ = w.Flush()
	return b.String()
}

// sanitize keeps a cause on one table line: tabs and newlines (which a
// user message may contain) become spaces.
func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '\t', '\n', '\r', '\v', '\f':
			return ' '
		}
		return r
	}, s)
}
