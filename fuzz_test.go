package dcplan_test

import (
	"errors"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/dcplan/dcplan/reconcile"
)

// FuzzSnapshot drives the root's own planners' helpers with snapshots
// from the shared generator, some broken past validation
// (genMaybeInvalid), and plans of them (genPlanFor, and the DC
// controller's and deployer's pass, reconcile.All): Validate never panics
// or modifies its input, and refuses with an error wrapping
// ErrInvalidSnapshot or ErrInvalidSettings, the same on a second call
// (SPEC 13.1); After never panics, modifies neither the snapshot nor the
// plan, shares no memory with them, and gives the same snapshot for the
// same input; Describe prints a plan the same way twice, "<empty plan>"
// for the empty plan and lines ending in a newline otherwise.
func FuzzSnapshot(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{2, 2, 1, 0, 3, 7, 7, 7, 1, 1, 1, 1, 0, 0, 4, 4, 9, 12})
	f.Fuzz(rapid.MakeFuzz(snapshotProperties))
}

// TestSnapshotIsTotal runs FuzzSnapshot's body on a fixed share of its
// input space in every test run.
func TestSnapshotIsTotal(t *testing.T) {
	rapid.Check(t, snapshotProperties)
}

// snapshotProperties is one case of FuzzSnapshot and TestSnapshotIsTotal.
func snapshotProperties(t *rapid.T) {
	s := genMaybeInvalid(t)
	before := s.Clone()
	err := s.Validate()
	if d := mutation.Diff(before, s); d != "" {
		t.Fatalf("Validate() modified the snapshot:\n%s", d)
	}
	if err != nil && !errors.Is(err, dcplan.ErrInvalidSnapshot) && !errors.Is(err, dcplan.ErrInvalidSettings) {
		t.Fatalf("Validate() = %v, want an error wrapping ErrInvalidSnapshot or ErrInvalidSettings", err)
	}
	if again := s.Validate(); errText(again) != errText(err) {
		t.Fatalf("Validate() = %v, then %v", err, again)
	}
	for name, p := range map[string]dcplan.Plan{"drawn": genPlanFor(t, s), "All": reconcile.All(s)} {
		if err != nil && name == "All" && !p.IsEmpty() {
			t.Fatalf("All() planned on an invalid snapshot (%v):\n%s", err, dcplan.Describe(p))
		}
		pCopy := clonePlan(p)
		out := s.After(p)
		if d := gocmp.Diff(out, s.After(p)); d != "" {
			t.Fatalf("After(%s plan) differs between two calls (-first +second):\n%s", name, d)
		}
		scribble(&out)
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("After(%s plan) modified or aliased the snapshot:\n%s", name, d)
		}
		if d := gocmp.Diff(pCopy, p); d != "" {
			t.Fatalf("After(%s plan) modified or aliased the plan (-before +after):\n%s", name, d)
		}
		text := dcplan.Describe(p)
		switch {
		case text != dcplan.Describe(p):
			t.Fatalf("Describe(%s plan) differs between two calls", name)
		case p.IsEmpty() && text != "<empty plan>\n":
			t.Fatalf("Describe(empty %s plan) = %q", name, text)
		case text == "" || text[len(text)-1] != '\n':
			t.Fatalf("Describe(%s plan) = %q, want lines ending in a newline", name, text)
		}
	}
}

// errText is err's text, "" for no error.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// FuzzParse feeds arbitrary text to the root's parsers of user input:
// the enum parsers (ParsePhase, ParsePodPhase, ParseStrategyType,
// ParseTriggerType, ParseConditionType, ParseConditionStatus,
// ParseConditionReason), ParsePreset (a -profile flag) and Switches.Set
// (a -switch flag). None may panic; a refusal wraps ErrMalformed
// (the wire's enums) or ErrInvalidSettings (presets, switches) and, for
// Set, leaves the switches as they were; what a parser accepts prints
// back (String) as a spelling it accepts again, to the same value; and
// Changes, applied with Set to the preset the switches started from,
// gives the switches Set made.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "Complete", "Running", "Rolling", "ImageChange", "Available", "Unknown",
		"NewReplicationControllerAvailable", "exact", "Origin", "ORIGIN13", "OcCancel=CancelB", "SeedStatus",
		"SeedStatus=false", "SeedStatus=yes", "=", "Nope=1"} {
		f.Add(s, uint8(0))
	}
	f.Add("OcRetry=RetryA", uint8(3))
	f.Fuzz(func(t *testing.T, text string, preset uint8) {
		parsesBack(t, "ParsePhase", text, dcplan.ParsePhase, dcplan.Phase.String)
		parsesBack(t, "ParsePodPhase", text, dcplan.ParsePodPhase, dcplan.PodPhase.String)
		parsesBack(t, "ParseStrategyType", text, dcplan.ParseStrategyType, dcplan.StrategyType.String)
		parsesBack(t, "ParseTriggerType", text, dcplan.ParseTriggerType, dcplan.TriggerType.String)
		parsesBack(t, "ParseConditionType", text, dcplan.ParseConditionType, dcplan.ConditionType.String)
		parsesBack(t, "ParseConditionStatus", text, dcplan.ParseConditionStatus, dcplan.ConditionStatus.String)
		if r := dcplan.ParseConditionReason(text); r != dcplan.ReasonOther && dcplan.ParseConditionReason(r.String()) != r {
			t.Fatalf("ParseConditionReason(%q) = %v, whose spelling reads as %v", text, r, dcplan.ParseConditionReason(r.String()))
		}
		if p, err := dcplan.ParsePreset(text); err == nil {
			if back, err := dcplan.ParsePreset(p.String()); err != nil || back != p {
				t.Fatalf("ParsePreset(%q) = %v, whose spelling reads as %v, %v", text, p, back, err)
			}
		} else if !errors.Is(err, dcplan.ErrInvalidSettings) {
			t.Fatalf("ParsePreset(%q) error %v does not wrap ErrInvalidSettings", text, err)
		}
		base := dcplan.Preset(preset % 5).Switches()
		sw := base
		if err := sw.Set(text); err != nil {
			if !errors.Is(err, dcplan.ErrInvalidSettings) {
				t.Fatalf("Set(%q) error %v does not wrap ErrInvalidSettings", text, err)
			}
			if sw != base {
				t.Fatalf("Set(%q) refused (%v) and changed the switches: %v", text, err, sw.Changes(base))
			}
			return
		}
		again := base
		for _, c := range sw.Changes(base) {
			if err := again.Set(c); err != nil {
				t.Fatalf("Set(%q) of Changes() after Set(%q): %v", c, text, err)
			}
		}
		if again != sw {
			t.Fatalf("Set(%q) then Changes() %q: applied to the preset they give %v", text, sw.Changes(base), again.Changes(sw))
		}
	})
}

// parsesBack checks one parser of FuzzParse on text: a value it reads
// reads back from its own spelling, and a refusal wraps ErrMalformed.
func parsesBack[T comparable](t *testing.T, name, text string, parse func(string) (T, error), spell func(T) string) {
	t.Helper()
	v, err := parse(text)
	if err != nil {
		if !errors.Is(err, dcplan.ErrMalformed) {
			t.Fatalf("%s(%q) error %v does not wrap ErrMalformed", name, text, err)
		}
		return
	}
	if back, err := parse(spell(v)); err != nil || back != v {
		t.Fatalf("%s(%q) = %v, whose spelling reads as %v, %v", name, text, v, back, err)
	}
}
