package history_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/wire"
)

// Helpers of list_test.go and rollback_test.go carry the lr prefix.

var lrNow = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

func lrConfig(latest dcplan.Version) dcplan.Config {
	return dcplan.Config{Namespace: "ns", Name: "web", UID: "dc-uid", Replicas: 3,
		Selector: []dcplan.KeyValue{{Key: "deploymentconfig", Value: "web"}},
		Template: wire.TemplateFor(dcplan.Container{Name: "app", Image: "app:v" + lrItoa(latest)}),
		Triggers: []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}},
		Status:   dcplan.ConfigStatus{LatestVersion: latest}}
}

func lrItoa(v dcplan.Version) string { return dcplan.DeploymentName("", v)[1:] }

// lrRC returns RC web-<v>, labelled for "web", created age ago, with the DC
// of that version (image app:v<v>) encoded.
func lrRC(v dcplan.Version, p dcplan.Phase, age time.Duration) dcplan.Deployment {
	enc := lrConfig(v)
	return dcplan.Deployment{
		Namespace: "ns", Name: dcplan.DeploymentName("web", v), ConfigLabel: "web", ConfigName: "web",
		Version: v, Phase: p, CreationTime: lrNow.Add(-age), Replicas: 1, StatusReplicas: 1,
		Encoded: new(enc), Template: enc.Template,
	}
}

func lrSnap(p dcplan.Preset, cfg dcplan.Config, rcs ...dcplan.Deployment) dcplan.Snapshot {
	return dcplan.Snapshot{Now: lrNow, Config: cfg, Deployments: rcs, Settings: dcplan.Settings{Switches: p.Switches()}}
}

// Reference: oc DeploymentConfigHistoryViewer.ViewHistory
func TestList(t *testing.T) {
	cancelled := lrRC(2, dcplan.PhaseFailed, 2*time.Hour)
	cancelled.Cancelled, cancelled.Reason = true, dcplan.ReasonCancelledByUser
	first := lrRC(1, dcplan.PhaseComplete, 3*time.Hour)
	first.Reason = "config change"
	noTime := lrRC(3, dcplan.PhaseRunning, 0)
	noTime.CreationTime = time.Time{}
	foreign := lrRC(4, dcplan.PhaseNew, time.Minute)
	foreign.ConfigLabel = "other"

	tests := []struct {
		name string
		why  string
		s    dcplan.Snapshot
		want []history.Revision
	}{
		{"empty", "no RC, no history", lrSnap(dcplan.Modern, lrConfig(0)), nil},
		{
			"oldest first", "ByLatestVersionAsc; only RCs with the config label; age from Now",
			lrSnap(dcplan.Modern, lrConfig(3), noTime, foreign, cancelled, first),
			[]history.Revision{
				{Version: 1, Name: "web-1", Phase: dcplan.PhaseComplete, Cause: "config change", Replicas: 1, Current: 1, Age: 3 * time.Hour, HasAge: true},
				{Version: 2, Name: "web-2", Phase: dcplan.PhaseFailed, Cancelled: true, Cause: "cancelled by the user", Replicas: 1, Current: 1, Age: 2 * time.Hour, HasAge: true},
				{Version: 3, Name: "web-3", Phase: dcplan.PhaseRunning, Replicas: 1, Current: 1},
			},
		},
		{
			"invalid", "an invalid snapshot lists nothing",
			func() dcplan.Snapshot {
				s := lrSnap(dcplan.Modern, lrConfig(1), first)
				s.Config.Replicas = -1
				return s
			}(),
			nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, history.List(tt.s)); d != "" {
				t.Errorf("List() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
}

// Reference: oc DeploymentConfigHistoryViewer.ViewHistory, tabbedString
func TestFormatList(t *testing.T) {
	tests := []struct {
		name string
		why  string
		rows []history.Revision
		want string
	}{
		{"empty", "upstream's text, no newline", nil, "No rollout history found."},
		{
			"table", "columns padded with spaces, at least two; <unknown> for an empty cause",
			[]history.Revision{
				{Version: 1, Phase: dcplan.PhaseComplete, Cause: "config change"},
				{Version: 2, Phase: dcplan.PhaseFailed, Cause: "cancelled by the user"},
				{Version: 10, Phase: dcplan.PhaseRunning},
			},
			"REVISION  STATUS    CAUSE\n" +
				"1         Complete  config change\n" +
				"2         Failed    cancelled by the user\n" +
				"10        Running   <unknown>\n",
		},
		{
			"short phases", "the STATUS column is as wide as its widest cell",
			[]history.Revision{{Version: 1, Phase: dcplan.PhaseNew, Cause: "image change"}},
			"REVISION  STATUS  CAUSE\n" +
				"1         New     image change\n",
		},
		{
			"empty phase", "a phase-less RC prints an empty STATUS cell",
			[]history.Revision{{Version: 1, Cause: "x"}},
			"REVISION  STATUS  CAUSE\n" +
				"1                 x\n",
		},
		{
			"hostile cause", "tabs and newlines in a cause stay on the row",
			[]history.Revision{{Version: 1, Phase: dcplan.PhaseNew, Cause: "a\tb\nc"}},
			"REVISION  STATUS  CAUSE\n" +
				"1         New     a b c\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, history.FormatList(tt.rows)); d != "" {
				t.Errorf("FormatList() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
}

func ExampleList() {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	rc := func(v dcplan.Version, p dcplan.Phase, cause string) dcplan.Deployment {
		return dcplan.Deployment{Name: dcplan.DeploymentName("frontend", v), ConfigLabel: "frontend",
			Version: v, Phase: p, Reason: cause, CreationTime: now.Add(-time.Duration(10-v) * 24 * time.Hour)}
	}
	s := dcplan.Snapshot{
		Now:    now,
		Config: dcplan.Config{Name: "frontend", Status: dcplan.ConfigStatus{LatestVersion: 3}},
		Deployments: []dcplan.Deployment{
			rc(3, dcplan.PhaseRunning, "image change"),
			rc(1, dcplan.PhaseComplete, "config change"),
			rc(2, dcplan.PhaseFailed, ""),
		},
	}
	rows := history.List(s)
	fmt.Println(rows[0].Name, rows[0].Age)
	fmt.Print(history.FormatList(rows))
	// Output:
	// frontend-1 216h0m0s
	// REVISION  STATUS    CAUSE
	// 1         Complete  config change
	// 2         Failed    <unknown>
	// 3         Running   image change
}

// SPEC 13.1 (and 10.9): RCs sharing a version keep their list order in
// the rollout history, as in every sort of this package; the name plays
// no part (List's doc said "ties by name").
func TestListTiesKeepListOrder(t *testing.T) {
	s := dcplan.Snapshot{Now: lrNow, Config: lrConfig(3)}
	for _, name := range []string{"web-2-restored", "web-1", "web-2"} {
		v := dcplan.Version(2)
		if name == "web-1" {
			v = 1
		}
		s.Deployments = append(s.Deployments, dcplan.Deployment{Namespace: "ns", Name: name, ConfigLabel: "web",
			Version: v, Phase: dcplan.PhaseComplete})
	}
	var got []string
	for _, r := range history.List(s) {
		got = append(got, r.Name)
	}
	if d := cmp.Diff([]string{"web-1", "web-2-restored", "web-2"}, got); d != "" {
		t.Errorf("List() order mismatch (-want +got):\n%s", d)
	}
	target, err := history.RollbackTarget(s, 2)
	if err != nil || target.Name != "web-2-restored" {
		t.Errorf("RollbackTarget(2) = %q, %v; want the first of version 2 in list order, web-2-restored", target.Name, err)
	}
}
