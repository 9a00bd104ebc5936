package phase

import (
	"strings"

	"github.com/dcplan/dcplan"
)

// table is the phase machine of SPEC 2.1 as data: table[from][to] is true
// when an RC may move from phase from to phase to. Self-transitions are
// false, so "no transition" means "no RC write". PhaseUnknown (the empty or
// missing phase annotation) neither leaves nor enters.
var table = [dcplan.NumPhases][dcplan.NumPhases]bool{
	dcplan.PhaseNew: {
		dcplan.PhasePending:  true,
		dcplan.PhaseRunning:  true,
		dcplan.PhaseComplete: true,
		dcplan.PhaseFailed:   true,
	},
	dcplan.PhasePending: {
		dcplan.PhaseRunning:  true,
		dcplan.PhaseComplete: true,
		dcplan.PhaseFailed:   true,
	},
	dcplan.PhaseRunning: {
		dcplan.PhaseComplete: true,
		dcplan.PhaseFailed:   true,
	},
}

// Table returns the transition table of SPEC 2.1 as data, indexed
// [from][to] by dcplan.Phase (PhaseUnknown included). The result is a copy:
// changing it changes nothing here. CanTransition, the plan checker, the
// `transitions` scenario command and the diagram in the package
// documentation all read the same table.
//
// Ports: appsutil.CanTransitionPhase (as a table instead of nested switches).
func Table() [dcplan.NumPhases][dcplan.NumPhases]bool { return table }

// CanTransition reports whether the deployer controller may write phase to
// on an RC whose phase is from (SPEC 2.1). The rules, in order:
//
//  1. A phase outside the six dcplan.Phase values is never a legal end.
//  2. New may move to Pending, Running, Complete or Failed.
//  3. Pending may move to Running, Complete or Failed.
//  4. Running may move to Complete or Failed.
//  5. Nothing else is legal: Complete and Failed are terminal, the unknown
//     phase neither leaves nor enters, and no phase moves to itself.
//
// Ports: appsutil.CanTransitionPhase.
func CanTransition(from, to dcplan.Phase) bool {
	if int(from) >= dcplan.NumPhases || int(to) >= dcplan.NumPhases {
		return false
	}
	return table[from][to]
}

// tableOrder is the order in which FormatTable lists the phases: the five
// named ones in phase-machine order, then the unknown phase.
var tableOrder = [dcplan.NumPhases]dcplan.Phase{
	dcplan.PhaseNew, dcplan.PhasePending, dcplan.PhaseRunning,
	dcplan.PhaseComplete, dcplan.PhaseFailed, dcplan.PhaseUnknown,
}

// PhaseLabel returns the name FormatTable gives a phase: its wire spelling,
// or `""` for PhaseUnknown (the missing annotation).
func PhaseLabel(p dcplan.Phase) string {
	if p == dcplan.PhaseUnknown {
		return `""`
	}
	return p.String()
}

// FormatTable renders the transition table as the ASCII matrix shown in the
// package documentation and printed by the `transitions` scenario command:
// a header row of target phases, then one row per source phase, "yes" for
// a legal transition and "." for an illegal one. Every line ends with a
// newline and has no trailing space.
func FormatTable() string {
	const width = 10
	var b strings.Builder
	cell := func(s string, last bool) {
		b.WriteString(s)
		if !last {
			b.WriteString(strings.Repeat(" ", width-len(s)))
		}
	}
	cell(`from\to`, false)
	for i, to := range tableOrder {
		cell(PhaseLabel(to), i == len(tableOrder)-1)
	}
	b.WriteByte('\n')
	for _, from := range tableOrder {
		cell(PhaseLabel(from), false)
		for i, to := range tableOrder {
			mark := "."
			if CanTransition(from, to) {
				mark = "yes"
			}
			cell(mark, i == len(tableOrder)-1)
		}
		b.WriteByte('\n')
	}
	return b.String()
}
