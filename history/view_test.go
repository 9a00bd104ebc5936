package history_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/google/go-cmp/cmp"
)

// Reference: kubectl rollout history + oc DeploymentConfigHistoryViewer
// (ViewHistory), SPEC 6m.5 "Exact shapes".
func TestView(t *testing.T) {
	h := time.Hour
	cancelled := lrRC(2, dcplan.PhaseFailed, 2*h)
	cancelled.Reason = dcplan.ReasonCancelledByUser
	one := lrRC(1, dcplan.PhaseComplete, 3*h)
	one.Reason = "config change"
	ten := lrRC(10, dcplan.PhaseRunning, h)
	unlabelled := lrRC(4, dcplan.PhaseComplete, h)
	unlabelled.ConfigLabel = ""
	// An RC made by hand without any annotation (SPEC 13.1): no version
	// (DeploymentVersionFor answers -1), no phase, no status-reason.
	bare := dcplan.Deployment{Namespace: "ns", Name: "web-manual", ConfigLabel: "web", Version: dcplan.NoVersion,
		Template: lrRC(7, dcplan.PhaseNew, h).Template}
	// An RC of version 2 that is not labelled for the DC: oc never lists it.
	foreignTwo := lrRC(2, dcplan.PhaseComplete, 2*h)
	foreignTwo.ConfigLabel = ""
	// Two RCs of version 2 (SPEC 13.1): copy-b, listed first, runs app:v3.
	copyB, copyA := lrRC(2, dcplan.PhaseFailed, 2*h), lrRC(2, dcplan.PhaseComplete, 2*h)
	copyB.Name, copyB.Template, copyA.Name, copyA.Reason = "copy-b", lrRC(3, dcplan.PhaseNew, h).Template, "copy-a", "manual change"
	tests := []struct {
		name     string
		why      string
		rcs      []dcplan.Deployment
		revision dcplan.Version
		want     string
		wantErr  string
		wantIs   error
	}{
		{
			name: "verified table", why: "6m.5 exact shapes: tab padding, trailing space on the name line, final blank line, <unknown> cause; an RC without the config label is not listed (SPEC 6m.5.2)",
			rcs: []dcplan.Deployment{ten, cancelled, one, unlabelled},
			want: "deploymentconfig.apps.openshift.io/web \n" +
				"REVISION\tSTATUS\t\tCAUSE\n" +
				"1\t\tComplete\tconfig change\n" +
				"2\t\tFailed\t\tcancelled by the user\n" +
				"10\t\tRunning\t\t<unknown>\n" +
				"\n",
		},
		{
			name: "no history", why: "6m.5.4: no RC labelled for the DC (SPEC 6m.5.2: the label selects)",
			rcs:  []dcplan.Deployment{unlabelled},
			want: "deploymentconfig.apps.openshift.io/web \nNo rollout history found.\n",
		},
		{
			name: "no history with revision", why: "6m.5.5: no RC at all prints `No rollout history found.` before --revision is looked at, still after `with revision #<n>`",
			rcs: []dcplan.Deployment{unlabelled}, revision: 2,
			want: "deploymentconfig.apps.openshift.io/web with revision #2\nNo rollout history found.\n",
		},
		{
			name: "revision", why: "6m.5.4-5: --revision prints the RC's pod template after `with revision #<n>`",
			rcs: []dcplan.Deployment{one, cancelled}, revision: 2,
			want: "deploymentconfig.apps.openshift.io/web with revision #2\n" +
				"Pod Template:\n  Labels:\t<none>\n  Containers:\n   app:\n    Image:\tapp:v2\n" +
				"    Port:\t<none>\n    Host Port:\t<none>\n    Environment:\t<none>\n    Mounts:\t<none>\n" +
				"  Volumes:\t<none>\n  Node-Selectors:\t<none>\n  Tolerations:\t<none>\n\n",
		},
		{
			name: "revision among newer", why: "6m.5.4-5: --revision prints the RC of that version, not a newer one listed before it",
			rcs: []dcplan.Deployment{ten, cancelled, one}, revision: 1,
			want: "deploymentconfig.apps.openshift.io/web with revision #1\n" +
				"Pod Template:\n  Labels:\t<none>\n  Containers:\n   app:\n    Image:\tapp:v1\n" +
				"    Port:\t<none>\n    Host Port:\t<none>\n    Environment:\t<none>\n    Mounts:\t<none>\n" +
				"  Volumes:\t<none>\n  Node-Selectors:\t<none>\n  Tolerations:\t<none>\n\n",
		},
		{
			name: "narrow status column", why: "6m.5.4: padding 1: a column of seven characters at most takes one tab stop",
			rcs: []dcplan.Deployment{ten},
			want: "deploymentconfig.apps.openshift.io/web \n" +
				"REVISION\tSTATUS\tCAUSE\n" +
				"10\t\tRunning\t<unknown>\n" +
				"\n",
		},
		{
			name: "rows sharing a version", why: "6m.5.4, 13.1: ByLatestVersionAsc leaves RCs of one version in list order (the stable order dcplan takes for ties)",
			rcs: []dcplan.Deployment{copyB, one, copyA},
			want: "deploymentconfig.apps.openshift.io/web \n" +
				"REVISION\tSTATUS\t\tCAUSE\n" +
				"1\t\tComplete\tconfig change\n" +
				"2\t\tFailed\t\t<unknown>\n" +
				"2\t\tComplete\tmanual change\n" +
				"\n",
		},
		{
			name: "revision shared by two RCs", why: "6m.5.4-5, 13.1: --revision prints the first RC of that version in list order (the viewer's loop breaks on the first)",
			rcs: []dcplan.Deployment{one, copyB, copyA}, revision: 2,
			want: "deploymentconfig.apps.openshift.io/web with revision #2\n" +
				"Pod Template:\n  Labels:\t<none>\n  Containers:\n   app:\n    Image:\tapp:v3\n" +
				"    Port:\t<none>\n    Host Port:\t<none>\n    Environment:\t<none>\n    Mounts:\t<none>\n" +
				"  Volumes:\t<none>\n  Node-Selectors:\t<none>\n  Tolerations:\t<none>\n\n",
		},
		{
			name: "rc without annotations", why: "6m.5.4, 13.1: an RC without version, phase or status-reason annotations is a row: version -1 (sorted first), an empty STATUS cell, cause <unknown>",
			rcs: []dcplan.Deployment{one, bare},
			want: "deploymentconfig.apps.openshift.io/web \n" +
				"REVISION\tSTATUS\t\tCAUSE\n" +
				"-1\t\t\t\t<unknown>\n" +
				"1\t\tComplete\tconfig change\n" +
				"\n",
		},
		{
			name: "revision of an unlabelled rc", why: "6m.5.2, 6m.5.4: --revision looks among the RCs labelled for the DC only; an unlabelled RC of that version is not found",
			rcs: []dcplan.Deployment{foreignTwo, one}, revision: 2,
			wantErr: "unable to find the specified revision", wantIs: history.ErrNoSuchRevision,
		},
		{
			name: "missing revision", why: "6m.5.4: no RC of that version",
			rcs: []dcplan.Deployment{one}, revision: 5,
			wantErr: "unable to find the specified revision", wantIs: history.ErrNoSuchRevision,
		},
		{
			name: "negative revision", why: "6m.5.1: a negative --revision is refused",
			rcs: []dcplan.Deployment{one}, revision: -2,
			wantErr: "revision must be a positive integer: -2", wantIs: history.ErrInvalidRevision,
		},
		{
			name: "revision minus one", why: "6m.5.1: -1 is negative too (kubectl refuses any revision < 0), not the version of an RC without a version annotation",
			rcs: []dcplan.Deployment{one, bare}, revision: -1,
			wantErr: "revision must be a positive integer: -1", wantIs: history.ErrInvalidRevision,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := history.View(lrSnap(dcplan.Modern, lrConfig(10), tt.rcs...), tt.revision)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("View() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.wantErr, lrErrString(err)); d != "" {
				t.Errorf("View() error mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
				t.Errorf("View() error %v is not %v", err, tt.wantIs)
			}
		})
	}
}

// Reference: kubectl rollout undo with oc's DeploymentConfigRollbacker;
// openshift-apiserver rollback (*REST).Create (SPEC 6m.4a, 11a.5, 13.2).
func TestUndo(t *testing.T) {
	h := time.Hour
	std := []dcplan.Deployment{
		lrRC(1, dcplan.PhaseComplete, 4*h), lrRC(2, dcplan.PhaseFailed, 3*h), lrRC(3, dcplan.PhaseComplete, h),
	}
	paused := lrConfig(3)
	paused.Paused = true
	const line = "deploymentconfig.apps.openshift.io/web rolled back"
	tests := []struct {
		name      string
		why       string
		profile   dcplan.Preset
		cfg       dcplan.Config
		to        dcplan.Version
		dryRun    dcplan.DryRun
		wantImage string // the template written, "" for no write
		wantOut   string
		wantErr   string
		wantIs    error
	}{
		{"modern target", "11a.5: Modern rolls back to the newest Complete RC older than the latest", dcplan.Modern, lrConfig(3), 0, dcplan.DryRunNone,
			"app:v1", line + "\n", "", nil},
		{"exact target", "11a.5, SPEC 12 RollbackToPrevious: the server takes latestVersion - 1", dcplan.Exact, lrConfig(3), 0, dcplan.DryRunNone,
			"app:v2", line + "\n", "", nil},
		{"to revision", "6m.4a: --to-revision is sent as is", dcplan.Modern, lrConfig(3), 2, dcplan.DryRunNone,
			"app:v2", line + "\n", "", nil},
		{"server dry run modern", "13.2, SPEC 12 OcServerDryRunWrites off: nothing written", dcplan.Modern, lrConfig(3), 1, dcplan.DryRunServer,
			"", line + " (server dry run)\n", "", nil},
		{"server dry run exact", "13.2 OcServerDryRunWrites: the plain Update really rolls back", dcplan.Exact, lrConfig(3), 1, dcplan.DryRunServer,
			"app:v1", line + " (server dry run)\n", "", nil},
		{"client dry run", "6m.4a.3.4: the generated template, described, and nothing written", dcplan.Modern, lrConfig(3), 1, dcplan.DryRunClient,
			"", "deploymentconfig.apps.openshift.io/web \nPod Template:\n  Labels:\t<none>\n  Containers:\n   app:\n    Image:\tapp:v1\n" +
				"    Port:\t<none>\n    Host Port:\t<none>\n    Environment:\t<none>\n    Mounts:\t<none>\n" +
				"  Volumes:\t<none>\n  Node-Selectors:\t<none>\n  Tolerations:\t<none>\n (dry run)\n", "", nil},
		{"paused", "6m.4a.3.2", dcplan.Modern, paused, 0, dcplan.DryRunNone, "", "",
			"cannot rollback a paused config; resume it first with 'rollout resume dc/web' and try again", history.ErrRollbackPaused},
		{"paused before negative", "6m.4 (6m.4a step 3.2): the paused check is oc's rollbacker's, made before the POST, so it wins over the server's refusal of a negative revision", dcplan.Modern, paused, -1, dcplan.DryRunNone, "", "",
			"cannot rollback a paused config; resume it first with 'rollout resume dc/web' and try again", history.ErrRollbackPaused},
		{"undeployed", "6m.4a server: latestVersion 0", dcplan.Modern, lrConfig(0), 0, dcplan.DryRunNone, "", "",
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": cannot rollback an undeployed config`, history.ErrNoPreviousRevision},
		{"only one", "6m.4a server: latestVersion 1", dcplan.Exact, lrConfig(1), 0, dcplan.DryRunNone, "", "",
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": no previous deployment exists for "ns/web"`, history.ErrNoPreviousRevision},
		{"current", "6m.4a server: the revision is the latest", dcplan.Modern, lrConfig(3), 3, dcplan.DryRunNone, "", "",
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": version 3 is already the latest`, history.ErrCurrentRevision},
		{"missing", "6m.4a server: the revision's RC is read by name", dcplan.Modern, lrConfig(3), 7, dcplan.DryRunNone, "", "",
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": replicationcontrollers "web-7" not found`, history.ErrRevisionNotFound},
		{"negative", "6m.4a server: the request is validated first", dcplan.Modern, lrConfig(3), -1, dcplan.DryRunNone, "", "",
			`The DeploymentConfigRollback "web" is invalid: spec.revision: Invalid value: -1: must be non-negative`, history.ErrInvalidRevision},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, out, err := history.Undo(lrSnap(tt.profile, tt.cfg, std...), tt.to, tt.dryRun)
			gotImage := ""
			if len(p.UpdateConfig) == 1 {
				gotImage = lrImage(p.UpdateConfig[0].Template)
			}
			if d := cmp.Diff(tt.wantImage, gotImage); d != "" {
				t.Errorf("Undo() template written mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.wantOut, out); d != "" {
				t.Errorf("Undo() output mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.wantErr, lrErrString(err)); d != "" {
				t.Errorf("Undo() error mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
				t.Errorf("Undo() error %v is not %v", err, tt.wantIs)
			}
			if err != nil {
				// What kubectl prints (SPEC 6m "Error output"): the server's
				// Invalid status error as it stands, oc's own after "error: ".
				want := "error: " + tt.wantErr
				if strings.HasPrefix(tt.wantErr, "The DeploymentConfigRollback ") {
					want = tt.wantErr
				}
				if d := cmp.Diff(want, kubectlPrints(t, err)); d != "" {
					t.Errorf("Undo() error as kubectl prints it (-want +got) [%s]:\n%s", tt.why, d)
				}
			}
		})
	}
}

// kubectlPrints is what kubectl's CheckErr prints for a command's refusal
// err, by dcplan.Refusal's contract: Printed, or "error: " and Text when
// Printed is empty.
func kubectlPrints(t *testing.T, err error) string {
	t.Helper()
	r, ok := errors.AsType[*dcplan.Refusal](err)
	if !ok {
		t.Fatalf("error %v (%T) is no *dcplan.Refusal", err, err)
	}
	if r.Printed != "" {
		return r.Printed
	}
	return "error: " + r.Text
}

// SPEC 6m.5.4, 6.5, 13.1: a hand-edited phase annotation (`Bogus`, read as
// PhaseUnknown) prints as written: in the STATUS column of `oc rollout
// history` (View, and List/FormatList) as it stands, and lowercased in
// the one-line summary's other-phase row (Describe).
func TestHandEditedPhasePrintsAsWritten(t *testing.T) {
	h := time.Hour
	bogus := lrRC(2, dcplan.PhaseUnknown, h)
	bogus.PhaseSpelling = "Bogus"
	s := lrSnap(dcplan.Exact, lrConfig(2), lrRC(1, dcplan.PhaseComplete, 2*h), bogus)
	out, err := history.View(s, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := "\n2\t\tBogus\t\t<unknown>\n"; !strings.Contains(out, want) {
		t.Errorf("View() = %q, want the row %q", out, want)
	}
	if want := "2         Bogus     <unknown>\n"; !strings.Contains(history.FormatList(history.List(s)), want) {
		t.Errorf("FormatList(List()) = %q, want the row %q", history.FormatList(history.List(s)), want)
	}
	if d := cmp.Diff("deployment #2 bogus about an hour ago - 1 pod", history.Describe(bogus, true, false, lrNow)); d != "" {
		t.Errorf("Describe() mismatch (-want +got):\n%s", d)
	}
}
