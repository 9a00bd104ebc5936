package phase_test

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// Reference: appsutil.CanTransitionPhase
func TestCanTransition(t *testing.T) {
	var (
		unknown  = dcplan.PhaseUnknown
		new_     = dcplan.PhaseNew
		pending  = dcplan.PhasePending
		running  = dcplan.PhaseRunning
		complete = dcplan.PhaseComplete
		failed   = dcplan.PhaseFailed
	)
	tests := []struct {
		name     string
		why      string
		from, to dcplan.Phase
		want     bool
	}{
		{"unknown->unknown", "2.1: the empty phase never moves", unknown, unknown, false},
		{"unknown->New", "2.1: the empty phase never moves", unknown, new_, false},
		{"unknown->Pending", "2.1: the empty phase never moves", unknown, pending, false},
		{"unknown->Running", "2.1: the empty phase never moves", unknown, running, false},
		{"unknown->Complete", "2.1: the empty phase never moves", unknown, complete, false},
		{"unknown->Failed", "2.1: the empty phase never moves", unknown, failed, false},
		{"New->unknown", "2.1: nothing enters the empty phase", new_, unknown, false},
		{"New->New", "2.1: self-transitions are no", new_, new_, false},
		{"New->Pending", "2.1: deployer pod created", new_, pending, true},
		{"New->Running", "2.1: existing pod already running", new_, running, true},
		{"New->Complete", "2.1: existing pod already succeeded", new_, complete, true},
		{"New->Failed", "2.1: timeout or unrelated pod", new_, failed, true},
		{"Pending->unknown", "2.1: nothing enters the empty phase", pending, unknown, false},
		{"Pending->New", "2.1: only retry goes back to New", pending, new_, false},
		{"Pending->Pending", "2.1: self-transitions are no", pending, pending, false},
		{"Pending->Running", "2.1: pod started", pending, running, true},
		{"Pending->Complete", "2.1: pod succeeded", pending, complete, true},
		{"Pending->Failed", "2.1: pod failed or vanished", pending, failed, true},
		{"Running->unknown", "2.1: nothing enters the empty phase", running, unknown, false},
		{"Running->New", "2.1: no way back", running, new_, false},
		{"Running->Pending", "2.1: no way back", running, pending, false},
		{"Running->Running", "2.1: self-transitions are no", running, running, false},
		{"Running->Complete", "2.1: pod succeeded", running, complete, true},
		{"Running->Failed", "2.1: pod failed or vanished", running, failed, true},
		{"Complete->unknown", "2.1: terminal", complete, unknown, false},
		{"Complete->New", "2.1: terminal", complete, new_, false},
		{"Complete->Pending", "2.1: terminal", complete, pending, false},
		{"Complete->Running", "2.1: terminal", complete, running, false},
		{"Complete->Complete", "2.1: terminal", complete, complete, false},
		{"Complete->Failed", "2.1: terminal", complete, failed, false},
		{"Failed->unknown", "2.1: terminal", failed, unknown, false},
		{"Failed->New", "2.1: terminal (retry is client side)", failed, new_, false},
		{"Failed->Pending", "2.1: terminal", failed, pending, false},
		{"Failed->Running", "2.1: terminal", failed, running, false},
		{"Failed->Complete", "2.1: terminal", failed, complete, false},
		{"Failed->Failed", "2.1: terminal", failed, failed, false},
		{"out-of-range-from", "a phase beyond the enum is never legal", dcplan.Phase(dcplan.NumPhases), complete, false},
		{"out-of-range-to", "a phase beyond the enum is never legal", new_, dcplan.Phase(200), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := phase.CanTransition(tt.from, tt.to); got != tt.want {
				t.Errorf("CanTransition(%v, %v) = %v, want %v (%s)", tt.from, tt.to, got, tt.want, tt.why)
			}
			if int(tt.from) >= dcplan.NumPhases || int(tt.to) >= dcplan.NumPhases {
				return
			}
			if got := phase.Table()[tt.from][tt.to]; got != tt.want {
				t.Errorf("Table()[%v][%v] = %v, want %v", tt.from, tt.to, got, tt.want)
			}
		})
	}
}

func TestTableIsACopy(t *testing.T) {
	tab := phase.Table()
	tab[dcplan.PhaseComplete][dcplan.PhaseNew] = true
	if phase.CanTransition(dcplan.PhaseComplete, dcplan.PhaseNew) {
		t.Error("changing the result of Table() changed CanTransition")
	}
}

// TestDocDiagram parses the transition matrix in doc.go and checks every
// cell against Table, and that it is exactly what FormatTable prints.
func TestDocDiagram(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, l := range strings.Split(string(src), "\n") {
		l = strings.TrimPrefix(l, "//\t")
		if strings.HasPrefix(l, `from\to`) || (len(rows) > 0 && len(rows) < dcplan.NumPhases+1) {
			rows = append(rows, l)
		}
	}
	if len(rows) != dcplan.NumPhases+1 {
		t.Fatalf("doc.go: found %d diagram rows, want %d", len(rows), dcplan.NumPhases+1)
	}
	if d := cmp.Diff(phase.FormatTable(), strings.Join(rows, "\n")+"\n"); d != "" {
		t.Errorf("doc.go diagram differs from FormatTable() (-want +got):\n%s", d)
	}
	parse := func(label string) dcplan.Phase {
		if label == `""` {
			return dcplan.PhaseUnknown
		}
		p, err := dcplan.ParsePhase(label)
		if err != nil {
			t.Fatalf("doc.go diagram: %v", err)
		}
		return p
	}
	header := strings.Fields(rows[0])[1:]
	if len(header) != dcplan.NumPhases {
		t.Fatalf("doc.go diagram header has %d phases, want %d", len(header), dcplan.NumPhases)
	}
	var got [dcplan.NumPhases][dcplan.NumPhases]bool
	seen := map[dcplan.Phase]bool{}
	for _, row := range rows[1:] {
		f := strings.Fields(row)
		if len(f) != dcplan.NumPhases+1 {
			t.Fatalf("doc.go diagram row %q has %d cells", row, len(f)-1)
		}
		from := parse(f[0])
		seen[from] = true
		for i, cell := range f[1:] {
			switch cell {
			case "yes":
				got[from][parse(header[i])] = true
			case ".":
			default:
				t.Fatalf("doc.go diagram row %q: cell %q is neither yes nor .", row, cell)
			}
		}
	}
	if len(seen) != dcplan.NumPhases {
		t.Errorf("doc.go diagram lists %d distinct source phases, want %d", len(seen), dcplan.NumPhases)
	}
	if d := cmp.Diff(phase.Table(), got); d != "" {
		t.Errorf("doc.go diagram mismatch with Table() (-want +got):\n%s", d)
	}
}

func TestPhaseLabel(t *testing.T) {
	tests := []struct {
		name string
		why  string
		p    dcplan.Phase
		want string
	}{
		{"unknown", "the missing annotation prints as the empty string literal", dcplan.PhaseUnknown, `""`},
		{"running", "named phases print their wire spelling", dcplan.PhaseRunning, "Running"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, phase.PhaseLabel(tt.p)); d != "" {
				t.Errorf("PhaseLabel() mismatch (-want +got):\n%s", d)
			}
		})
	}
}
