package history

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/dcplan/dcplan"
)

// ErrNoSuchRevision means `oc rollout history --revision=<n>` found no RC
// of that version.
var ErrNoSuchRevision = errors.New("history: no such revision")

// nameLine is what kubectl's name printer prints for the DC dc and an
// operation op that is not empty: `deploymentconfig.apps.openshift.io/<dc>`,
// one space, then op (SPEC 6m "Success-line name printer"); the callers
// add the newline. Every command here prints a non-empty operation: the
// success lines of `oc rollout undo` and `oc rollback`, and for `oc
// rollout history` `<with-revision>` + "\n" + the history text, so that
// its name line keeps the space even when `<with-revision>` is empty
// (SPEC 6m.5.5: the trailing space). Only an empty operation, which no
// caller passes, would print without it.
func nameLine(dc, op string) string {
	return "deploymentconfig.apps.openshift.io/" + dc + " " + op
}

// View returns exactly what `oc rollout history dc/<dc> [--revision=<n>]`
// prints on stdout (SPEC 6m.5), or its error. The rules, in order:
//
//  1. An invalid snapshot, or one without a DC: the ValidateConfig error. revision < 0 (SPEC 6m.5.1): ErrInvalidRevision,
//     `revision must be a positive integer: <n>`.
//  2. The RCs are those labelled openshift.io/deployment-config.name=<dc>
//     (SPEC 6m.5.2).
//     None: `deploymentconfig.apps.openshift.io/<dc> ` (trailing space;
//     with revision > 0, `... with revision #<n>`, as the viewer answers
//     before it looks the revision up) + "\n" + `No rollout history
//     found.` + "\n".
//  3. revision > 0: the first RC of that version; none is
//     ErrNoSuchRevision, `unable to find the specified revision`; else
//     `deploymentconfig.apps.openshift.io/<dc> with revision #<n>` + "\n" +
//     DescribePodTemplate of its template + "\n".
//  4. Else (SPEC 6m.5.4) the name line with its trailing space, then the
//     table sorted by version: header `REVISION`, `STATUS`, `CAUSE`, one row per RC with
//     the version, the phase annotation and the status-reason (or
//     `<unknown>`), through a tabwriter padding with tab characters
//     (minwidth 0, tabwidth 8, padding 1), then an empty line.
//
// Ports: kubectl rollout history with oc's DeploymentConfigHistoryViewer
// (ViewHistory).
func View(s dcplan.Snapshot, revision dcplan.Version) (string, error) {
	if err := s.ValidateConfig(); err != nil {
		return "", err
	}
	if revision < 0 {
		return "", rollbackError(ErrInvalidRevision, "revision must be a positive integer: %d", revision)
	}
	name := s.Config.Name
	rcs := labelled(s)
	withRevision := ""
	if revision > 0 {
		withRevision = "with revision #" + strconv.FormatInt(int64(revision), 10)
	}
	if len(rcs) == 0 {
		// The viewer answers NoHistory before it looks at --revision, and
		// kubectl still names the revision (SPEC 6m.5.4, 6m.5.5).
		return nameLine(name, withRevision) + "\n" + NoHistory + "\n", nil
	}
	if revision > 0 {
		for _, d := range rcs {
			if d.Version == revision {
				return nameLine(name, withRevision) + "\n" + DescribePodTemplate(d.Template) + "\n", nil
			}
		}
		return "", rollbackError(ErrNoSuchRevision, "unable to find the specified revision")
	}
	slices.SortStableFunc(rcs, func(a, b dcplan.Deployment) int {
		switch {
		case a.Version < b.Version:
			return -1
		case a.Version > b.Version:
			return 1
		}
		return 0
	})
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 8, 1, '\t', 0)
	_, _ = w.Write([]byte("REVISION\tSTATUS\tCAUSE\n"))
	for _, d := range rcs {
		cause := d.Reason
		if cause == "" {
			cause = "<unknown>"
		}
		_, _ = w.Write([]byte(strconv.FormatInt(int64(d.Version), 10) + "\t" + d.PhaseText() + "\t" + cause + "\n"))
	}
	_ = w.Flush() // a strings.Builder never fails
	return nameLine(name, "") + "\n" + b.String() + "\n", nil
}

// labelled returns the RCs of s that oc lists for its DC, by the label
// selector openshift.io/deployment-config.name=<dc> (SPEC 6m.5.2), in
// snapshot order.
func labelled(s dcplan.Snapshot) []dcplan.Deployment {
	var rcs []dcplan.Deployment
	for _, d := range s.Deployments {
		if d.ConfigLabel == s.Config.Name {
			rcs = append(rcs, d)
		}
	}
	return rcs
}
