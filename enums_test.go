package dcplan_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
)

// Every enum parses its own String form back, and rejects what is not a
// wire spelling (SPEC 1.3, STYLE rule 11).
func TestEnumsRoundTrip(t *testing.T) {
	for p := dcplan.PhaseUnknown; p < dcplan.NumPhases; p++ {
		got, err := dcplan.ParsePhase(p.String())
		if err != nil || got != p {
			t.Errorf("ParsePhase(%q) = %v, %v; want %v", p.String(), got, err, p)
		}
	}
	for p := dcplan.PodPhaseUnset; p <= dcplan.PodUnknown; p++ {
		got, err := dcplan.ParsePodPhase(p.String())
		if err != nil || got != p {
			t.Errorf("ParsePodPhase(%q) = %v, %v; want %v", p.String(), got, err, p)
		}
	}
	for st := dcplan.StrategyUnset; st <= dcplan.StrategyCustom; st++ {
		got, err := dcplan.ParseStrategyType(st.String())
		if err != nil || got != st {
			t.Errorf("ParseStrategyType(%q) = %v, %v; want %v", st.String(), got, err, st)
		}
	}
	for tt := dcplan.TriggerConfigChange; tt <= dcplan.TriggerImageChange; tt++ {
		got, err := dcplan.ParseTriggerType(tt.String())
		if err != nil || got != tt {
			t.Errorf("ParseTriggerType(%q) = %v, %v; want %v", tt.String(), got, err, tt)
		}
	}
	for ct := dcplan.ConditionAvailable; ct <= dcplan.ConditionReplicaFailure; ct++ {
		got, err := dcplan.ParseConditionType(ct.String())
		if err != nil || got != ct {
			t.Errorf("ParseConditionType(%q) = %v, %v; want %v", ct.String(), got, err, ct)
		}
	}
	for cs := dcplan.StatusTrue; cs <= dcplan.StatusUnknown; cs++ {
		got, err := dcplan.ParseConditionStatus(cs.String())
		if err != nil || got != cs {
			t.Errorf("ParseConditionStatus(%q) = %v, %v; want %v", cs.String(), got, err, cs)
		}
	}
	for r := dcplan.ReasonNone; r < dcplan.ReasonOther; r++ {
		if got := dcplan.ParseConditionReason(r.String()); got != r {
			t.Errorf("ParseConditionReason(%q) = %v, want %v", r.String(), got, r)
		}
	}
	for _, p := range dcplan.Presets() {
		for _, name := range []string{p.String(), strings.ToLower(p.String()), strings.ToUpper(p.String())} {
			got, err := dcplan.ParsePreset(name)
			if err != nil || got != p {
				t.Errorf("ParsePreset(%q) = %v, %v; want %v", name, got, err, p)
			}
		}
	}
	for _, name := range []string{"Origin", "origin", "ORIGIN"} {
		if got, err := dcplan.ParsePreset(name); err != nil || got != dcplan.Origin15 {
			t.Errorf("ParsePreset(%q) = %v, %v; want Origin15", name, got, err)
		}
	}
}

// TestParsePresetErrorListsNames: the error of an unknown preset names
// every accepted spelling, so that a program's usage error is enough to
// fix the flag.
func TestParsePresetErrorListsNames(t *testing.T) {
	_, err := dcplan.ParsePreset("strict")
	want := `dcplan: invalid settings: unknown preset "strict": want one of Modern, Exact, Origin10, Origin13, Origin15, Origin (any case)`
	if err == nil || err.Error() != want {
		t.Errorf("ParsePreset(strict) error = %v, want %q", err, want)
	}
}

// SPEC 5.2 DeploymentStatusFor reads the phase verbatim; here the
// spellings that are not a phase are refused at the gateway.
func TestEnumsRejectUnknownSpellings(t *testing.T) {
	tests := []struct {
		name string
		why  string
		err  error
		want error
	}{
		{"phase lowercase", "1.3: phases are exact and capitalised", second(dcplan.ParsePhase("running")), dcplan.ErrMalformed},
		{"phase junk", "1.3: anything but the five spellings is malformed", second(dcplan.ParsePhase("Cancelled")), dcplan.ErrMalformed},
		{"pod phase", "pod phases are the API's five", second(dcplan.ParsePodPhase("Done")), dcplan.ErrMalformed},
		{"strategy", "strategy types are Recreate, Rolling, Custom", second(dcplan.ParseStrategyType("BlueGreen")), dcplan.ErrMalformed},
		{"trigger empty", "a trigger must have a type", second(dcplan.ParseTriggerType("")), dcplan.ErrMalformed},
		{"condition type", "only the three condition types", second(dcplan.ParseConditionType("Ready")), dcplan.ErrMalformed},
		{"condition status", "True, False, Unknown only", second(dcplan.ParseConditionStatus("true")), dcplan.ErrMalformed},
		{"preset", "presets are Modern, Exact, Origin10, Origin13, Origin15, Origin", second(dcplan.ParsePreset("Newest")), dcplan.ErrInvalidSettings},
		{"preset padded", "a preset name is read as written, case aside", second(dcplan.ParsePreset(" Exact")), dcplan.ErrInvalidSettings},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !errors.Is(tt.err, tt.want) {
				t.Errorf("error = %v, want one wrapping %v (%s)", tt.err, tt.want, tt.why)
			}
		})
	}
	if got := dcplan.ParseConditionReason("SomethingElse"); got != dcplan.ReasonOther {
		t.Errorf("ParseConditionReason(unknown) = %v, want ReasonOther", got)
	}
}

func second[T any](_ T, err error) error { return err }

// SPEC 5.3 IsCompleteDeployment / IsFailedDeployment / IsTerminatedDeployment.
func TestPhaseTerminal(t *testing.T) {
	want := map[dcplan.Phase]bool{dcplan.PhaseComplete: true, dcplan.PhaseFailed: true}
	for p := dcplan.PhaseUnknown; p <= dcplan.NumPhases; p++ { // NumPhases: no phase, not terminal
		if p.Terminal() != want[p] {
			t.Errorf("%q.Terminal() = %v, want %v (SPEC 2.1 IsTerminatedDeployment)", p, p.Terminal(), want[p])
		}
	}
}
