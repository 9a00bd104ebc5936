package history_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/dcplan/dcplan/wire"
)

// FuzzHistoryCommands decodes arbitrary `oc get dc,rc,pods -o json`
// documents and runs what `oc rollout history` and `oc rollout undo` do on
// the snapshot (View, List and FormatList, Undo): none may panic or modify
// its input; an invalid snapshot is refused with the validation error and
// nothing printed or planned (SPEC 13.1); a refusal prints and plans
// nothing; what they print starts with the DC's name line and ends in a
// newline (SPEC 6m.5, 6m.4a); List holds one row per RC labelled for the
// DC, by version (SPEC 6m.5.4); Undo writes only the DC, and never on a
// client dry run (SPEC 6m.4a rule 6). Seeds: the fixture list and
// variations of it.
func FuzzHistoryCommands(f *testing.F) {
	data := fixture(f, "list-dc-rc-pods.json")
	f.Add(data, int64(0), uint8(0))
	f.Add(data, int64(2), uint8(1))
	f.Add(data, int64(3), uint8(2))
	f.Add(data, int64(-1), uint8(3))
	f.Add(data, int64(1), uint8(12))
	f.Add([]byte(`{"kind":"List","apiVersion":"v1","items":[]}`), int64(0), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, revision int64, flags uint8) {
		s, err := wire.DecodeSnapshot(data, "shop", "frontend", fixtureNow, dcplan.Settings{Switches: dcplan.Preset(flags % 5).Switches()})
		if err != nil {
			return
		}
		rev, dryRun := dcplan.Version(revision), dcplan.DryRun(flags/5%3)
		before := s.Clone()
		view, viewErr := history.View(s, rev)
		rows := history.List(s)
		table := history.FormatList(rows)
		if len(rows) == 0 && table != history.NoHistory || len(rows) > 0 && !strings.HasSuffix(table, "\n") {
			t.Fatalf("FormatList() of %d rows printed %q", len(rows), table)
		}
		p, undone, undoErr := history.Undo(s, rev, dryRun)
		described, describeErr := history.DescribeConfig(s, history.DescribeConfigOptions{ShowEvents: flags&1 == 1,
			Events: []history.DescribedEvent{{Type: "Normal", Reason: "R", Count: int32(revision)}}})
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("View, List, FormatList, Undo or DescribeConfig mutated the snapshot:\n%s", d)
		}
		switch {
		case (describeErr != nil) != (s.ValidateConfig() != nil):
			t.Fatalf("DescribeConfig() = %v for a snapshot whose validation says %v", describeErr, s.ValidateConfig())
		case describeErr != nil && described != "":
			t.Fatalf("DescribeConfig() refused (%v) and printed %q", describeErr, described)
		case describeErr == nil && (!strings.HasPrefix(described, "Name:") || !strings.HasSuffix(described, "\n") ||
			!strings.Contains(described, "\nLatest Version:\t")):
			t.Fatalf("DescribeConfig() printed %q", described)
		}
		if verr := s.ValidateConfig(); verr != nil {
			for name, got := range map[string]error{"View": viewErr, "Undo": undoErr} {
				if !errors.Is(got, dcplan.ErrInvalidSnapshot) && !errors.Is(got, dcplan.ErrInvalidSettings) {
					t.Fatalf("%s() of an invalid snapshot (%v) returned %v, want the validation error", name, verr, got)
				}
			}
			if rows != nil {
				t.Fatalf("List() of an invalid snapshot (%v) = %v", verr, rows)
			}
		}
		checkPrinted(t, "View", s.Config.Name, view, viewErr)
		checkPrinted(t, "Undo", s.Config.Name, undone, undoErr)
		checkRows(t, s, rows)
		if (undoErr != nil || dryRun == dcplan.DryRunClient) && !p.IsEmpty() {
			t.Fatalf("Undo() (error %v, dry run %v) planned:\n%s", undoErr, dryRun, dcplan.Describe(p))
		}
		if p.Actions() != len(p.UpdateConfig) {
			t.Fatalf("Undo() plans more than the DC's write:\n%s", dcplan.Describe(p))
		}
		for _, u := range p.UpdateConfig {
			if u.Config != s.Config.Name {
				t.Fatalf("Undo() writes DC %q, not %q", u.Config, s.Config.Name)
			}
		}
	})
}

// checkPrinted fails t unless a command's output out and error err are
// one of: a refusal that prints nothing; or output that starts with the
// name line of the DC named dc and ends in a newline.
func checkPrinted(t *testing.T, command, dc, out string, err error) {
	t.Helper()
	switch {
	case err != nil && out != "":
		t.Fatalf("%s() refused (%v) and printed %q", command, err, out)
	case err == nil && (!strings.HasPrefix(out, "deploymentconfig.apps.openshift.io/"+dc+" ") || !strings.HasSuffix(out, "\n")):
		t.Fatalf("%s() printed %q", command, out)
	}
}

// checkRows fails t unless rows (List's) hold one row per RC of s labelled
// for its DC, in version order.
func checkRows(t *testing.T, s dcplan.Snapshot, rows []history.Revision) {
	t.Helper()
	if s.ValidateConfig() != nil {
		return
	}
	labelled := 0
	for _, d := range s.Deployments {
		if d.ConfigLabel == s.Config.Name {
			labelled++
		}
	}
	if len(rows) != labelled {
		t.Fatalf("List() has %d rows for %d RCs labelled for %q", len(rows), labelled, s.Config.Name)
	}
	for i := 1; i < len(rows); i++ {
		if rows[i].Version < rows[i-1].Version {
			t.Fatalf("List() row %d (version %d) follows version %d", i, rows[i].Version, rows[i-1].Version)
		}
	}
}
