package fake_test

import (
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan/fake"
)

// TestFaultLog runs all-faults traces and checks that the fault log and
// the trace's fault lines tell the same story: every record appears in
// the trace as "fault <What>", in order, every fault line has a record,
// clock records carry their jump, and every kind is a ParseFaults name.
func TestFaultLog(t *testing.T) {
	kinds := map[string]bool{}
	for seed := range uint64(10) {
		s := newFaultySim(seed)
		s.Run(200)
		log := s.FaultLog()
		var lines []string
		for l := range strings.Lines(s.Trace()) {
			if _, what, ok := strings.Cut(strings.TrimSuffix(l, "\n"), "] fault "); ok {
				lines = append(lines, what)
			}
		}
		if len(log) != len(lines) {
			t.Fatalf("seed %d: %d fault records, %d fault lines in the trace", seed, len(log), len(lines))
		}
		for i, r := range log {
			if r.What != lines[i] {
				t.Errorf("seed %d: record %d is %q, trace line %q", seed, i, r.What, lines[i])
			}
			if _, err := fake.ParseFaults(r.Kind); err != nil {
				t.Errorf("seed %d: record %d kind %q: %v", seed, i, r.Kind, err)
			}
			if (r.Kind == "clock") != (r.Jump != 0) {
				t.Errorf("seed %d: record %d kind %q has jump %s", seed, i, r.Kind, r.Jump)
			}
			if i > 0 && r.At.Before(log[i-1].At) && log[i].Kind != "clock" && !hasBackJump(log[:i]) {
				t.Errorf("seed %d: record %d at %s is before record %d at %s with no backward clock jump", seed, i, r.At, i-1, log[i-1].At)
			}
			kinds[r.Kind] = true
		}
	}
	for _, k := range []string{"conflict", "servererror", "crash", "lose", "dup", "deletepod", "scale", "edit", "user", "clock", "dual"} {
		if !kinds[k] {
			t.Errorf("no %q fault in 10 seeds of 200 steps with every fault on", k)
		}
	}
}

func hasBackJump(log []fake.FaultRecord) bool {
	for _, r := range log {
		if r.Jump < 0 {
			return true
		}
	}
	return false
}

// TestFaultLogQuiet checks that a quiet simulator keeps no fault log.
func TestFaultLogQuiet(t *testing.T) {
	s := fake.NewSim(fake.Options{Seed: 1, Faults: fake.AllFaults(), Quiet: true})
	s.JumpClock(time.Minute)
	if log := s.FaultLog(); log != nil {
		t.Errorf("FaultLog() of a quiet simulator = %v, want nil", log)
	}
}
