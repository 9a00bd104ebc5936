package main

import "testing"

// TestRun runs the command on the smallest bounds and on a usage error.
func TestRun(t *testing.T) {
	tests := []struct {
		name string
		why  string
		args []string
		want int
	}{
		{name: "small", why: "Modern has no violation on one replica, no oc command, no fault", args: []string{"-users", "0", "-faults", "0", "-stale", "0", "-replicas", "1", "-limits", "1"}, want: 0},
		{name: "preset any case", why: "presets parse in any case, as in every program", args: []string{"-preset", "exact", "-users", "0", "-faults", "0", "-stale", "0", "-replicas", "1", "-limits", "1", "-max", "50"}, want: 0},
		{name: "bad preset", why: "an unknown preset is a usage error", args: []string{"-preset", "Nope"}, want: 2},
		{name: "bad replicas", why: "replicas must be integers", args: []string{"-replicas", "x"}, want: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := run(tt.args); got != tt.want {
				t.Errorf("run(%q) = %d, want %d (%s)", tt.args, got, tt.want, tt.why)
			}
		})
	}
}
