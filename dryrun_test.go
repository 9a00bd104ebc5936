package dcplan_test

import (
	"testing"

	"github.com/dcplan/dcplan"
)

// TestDryRun: the success-line suffix of each --dry-run mode (SPEC 6m
// "Success-line name printer"), and whether the command writes: always
// without a dry run, never with a client one, and with a server one only
// under the OcServerDryRunWrites accident (SPEC 13.2).
func TestDryRun(t *testing.T) {
	tests := []struct {
		d            dcplan.DryRun
		suffix       string
		writes       bool // serverWrites false
		writesAnyway bool // serverWrites true
	}{
		{dcplan.DryRunNone, "", true, true},
		{dcplan.DryRunClient, " (dry run)", false, false},
		{dcplan.DryRunServer, " (server dry run)", false, true},
	}
	for _, tt := range tests {
		if got := tt.d.Suffix(); got != tt.suffix {
			t.Errorf("DryRun(%d).Suffix() = %q, want %q", tt.d, got, tt.suffix)
		}
		if got := tt.d.Writes(false); got != tt.writes {
			t.Errorf("DryRun(%d).Writes(false) = %v, want %v", tt.d, got, tt.writes)
		}
		if got := tt.d.Writes(true); got != tt.writesAnyway {
			t.Errorf("DryRun(%d).Writes(true) = %v, want %v", tt.d, got, tt.writesAnyway)
		}
	}
}
