package history_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/dcplan/dcplan/wire"
)

// FuzzHistoryCommands decodes arbitrary `oc get dc,rc,pods -o json`
// documents and runs what `oc rollout history` and `oc rollout undo` do on
// the snapshot (View, List and FormatList, Undo): none may panic or modify
// its input, and View, Undo and RollbackRC answer the same when asked
// again; an invalid snapshot is refused with the validation error and
// nothing printed or planned (SPEC 13.1); a refusal prints and plans
// nothing; what they print starts with the DC's name line and ends in a
// newline (SPEC 6m.5, 6m.4a); List holds one row per RC labelled for the
// DC, by version (SPEC 6m.5.4); Undo writes only the DC, and never on a
// client dry run (SPEC 6m.4a rule 6). It also runs what `oc rollback
// <arg>` does (SPEC 6m.4.b.1, 6m.4.b.2 and 6m.4.b.3.rc): ResolveRollbackArg
// on arg with the lookup answers lookups encodes, and RollbackRC on the
// snapshot for an RC of it (or arg, when lookups says so), which may not
// panic, modify the snapshot, plan on a refusal or a dry run, or write
// anything but the DC (see checkRollbackArg). Seeds: the fixture list and
// variations of it.
func FuzzHistoryCommands(f *testing.F) {
	data := fixture(f, "list-dc-rc-pods.json")
	f.Add(data, int64(0), uint8(0), "frontend", uint8(0))
	f.Add(data, int64(2), uint8(1), "frontend-1", uint8(1))
	f.Add(data, int64(3), uint8(2), "dc/frontend", uint8(7))
	f.Add(data, int64(-1), uint8(3), "", uint8(12))
	f.Add(data, int64(1), uint8(12), "frontend-2", uint8(4))
	f.Add(data, int64(0), uint8(16), "frontend", uint8(129))
	f.Add([]byte(`{"kind":"List","apiVersion":"v1","items":[]}`), int64(0), uint8(0), "web", uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, revision int64, flags uint8, arg string, lookups uint8) {
		checkRollbackArg(t, arg, dcplan.Version(revision), lookups)
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
		if view2, err2 := history.View(s, rev); view2 != view || errString(err2) != errString(viewErr) {
			t.Fatalf("View() answers differently for the same snapshot: %q, %v; then %q, %v", view, viewErr, view2, err2)
		}
		if p2, undone2, err2 := history.Undo(s, rev, dryRun); undone2 != undone || errString(err2) != errString(undoErr) || !cmp.Equal(p, p2) {
			t.Fatalf("Undo() answers differently for the same snapshot (%v, then %v):\n%s", undoErr, err2, cmp.Diff(p, p2))
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

		// oc rollback <rc>: an RC of the snapshot (lookups picks which),
		// or arg itself when lookups has its top bit set.
		rc := arg
		if lookups&0x80 == 0 && len(s.Deployments) > 0 {
			rc = s.Deployments[int(lookups)%len(s.Deployments)].Name
		}
		opts := history.RollbackOptions{IncludeTriggers: flags&1 != 0, IncludeStrategy: flags&2 != 0,
			IncludeScalingSettings: flags&4 != 0, DryRun: dryRun == dcplan.DryRunClient}
		rp, rcfg, warnings, rerr := history.RollbackRC(s, rc, rev, opts)
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("RollbackRC() mutated the snapshot:\n%s", d)
		}
		if rp2, rcfg2, warnings2, rerr2 := history.RollbackRC(s, rc, rev, opts); errString(rerr2) != errString(rerr) ||
			!cmp.Equal(rp, rp2) || !cmp.Equal(rcfg, rcfg2) || !cmp.Equal(warnings, warnings2) {
			t.Fatalf("RollbackRC() answers differently for the same snapshot (%v, then %v):\n%s%s", rerr, rerr2, cmp.Diff(rp, rp2), cmp.Diff(rcfg, rcfg2))
		}
		if verr := s.ValidateConfig(); verr != nil && !errors.Is(rerr, dcplan.ErrInvalidSnapshot) && !errors.Is(rerr, dcplan.ErrInvalidSettings) {
			t.Fatalf("RollbackRC() of an invalid snapshot (%v) returned %v, want the validation error", verr, rerr)
		}
		if rerr != nil && (!rp.IsEmpty() || rcfg.Name != "" || warnings != nil) {
			t.Fatalf("RollbackRC() refused (%v) and planned %s, config %q, warnings %q", rerr, dcplan.Describe(rp), rcfg.Name, warnings)
		}
		if rerr == nil && (opts.DryRun != rp.IsEmpty() || rp.Actions() != len(rp.UpdateConfig) || rcfg.Name != s.Config.Name) {
			t.Fatalf("RollbackRC() (dry run %v) of DC %q returned config %q and planned:\n%s", opts.DryRun, s.Config.Name, rcfg.Name, dcplan.Describe(rp))
		}
		for _, u := range rp.UpdateConfig {
			if u.Config != s.Config.Name || u.Rule != history.RuleRollback {
				t.Fatalf("RollbackRC() writes DC %q by rule %s, not %q by %s", u.Config, u.Rule, s.Config.Name, history.RuleRollback)
			}
		}
	})
}

// checkRollbackArg resolves `oc rollback <arg> --to-version=<to>` as an
// adapter does, answering the i-th lookup from the i-th base-5 digit of
// lookups (NotFound, an RC, a DC, another kind, an error), and fails t
// unless: an empty arg is ErrNameRequired and a negative to
// ErrInvalidRevision before any lookup; the lookups asked for are rc/<arg>
// then dc/<arg>, or arg alone when it holds "/", none after an error or an
// object found; an error answer is returned as it stands; and the result
// is an RC or a DC, or ErrNotRollbackable.
func checkRollbackArg(t *testing.T, arg string, to dcplan.Version, lookups uint8) {
	t.Helper()
	failed := errors.New("lookup failed")
	var answers []history.RollbackLookup
	code := int(lookups)
	for range 4 {
		r, err := history.ResolveRollbackArg(arg, to, answers)
		switch {
		case arg == "" && !errors.Is(err, history.ErrNameRequired), arg != "" && to < 0 && !errors.Is(err, history.ErrInvalidRevision):
			t.Fatalf("ResolveRollbackArg(%q, %d) = %+v, %v: want oc's Validate refusal", arg, to, r, err)
		case err != nil:
			if len(answers) > 0 && answers[len(answers)-1].Err != nil && err != failed {
				t.Fatalf("ResolveRollbackArg(%q) error %v, not the lookup's", arg, err)
			}
			if err != failed && (err.Error() == "" || !errors.Is(err, history.ErrNameRequired) &&
				!errors.Is(err, history.ErrInvalidRevision) && !errors.Is(err, history.ErrNotRollbackable)) {
				t.Fatalf("ResolveRollbackArg(%q) error %v is no refusal of its own", arg, err)
			}
			return
		case r.Next == "":
			if r.Kind != history.ObjectRC && r.Kind != history.ObjectDC || len(answers) == 0 || answers[len(answers)-1].Kind != r.Kind {
				t.Fatalf("ResolveRollbackArg(%q) resolved to %+v after %+v", arg, r, answers)
			}
			return
		}
		want := "rc/" + arg
		switch {
		case strings.Contains(arg, "/") && len(answers) == 0:
			want = arg
		case strings.Contains(arg, "/") || len(answers) > 1:
			t.Fatalf("ResolveRollbackArg(%q) asks for %q after %d lookups", arg, r.Next, len(answers))
		case len(answers) == 1:
			want = "dc/" + arg
		}
		if r.Next != want {
			t.Fatalf("ResolveRollbackArg(%q) asks for %q after %d lookups, want %q", arg, r.Next, len(answers), want)
		}
		l := history.RollbackLookup{Kind: history.ObjectKind(code % 5), Name: arg}
		if code%5 == 4 {
			l = history.RollbackLookup{Err: failed}
		}
		code /= 5
		answers = append(answers, l)
	}
	t.Fatalf("ResolveRollbackArg(%q) still asks after %d lookups", arg, len(answers))
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

// errString is err's text, "" for no error.
func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
