package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestRun runs the command on the smallest bounds, on a search that
// finds a violation, and on usage errors, and checks the exit status and
// what it printed (the package doc's exit statuses: 0 without violations
// and for -h, 1 with, 2 for a usage error).
func TestRun(t *testing.T) {
	small := []string{"-users", "0", "-faults", "0", "-stale", "0", "-replicas", "1", "-limits", "1"}
	tests := []struct {
		name       string
		why        string
		args       []string
		want       int
		wantOut    string // a substring of stdout
		wantStderr string // a substring of stderr
	}{
		{name: "small", why: "Modern has no violation on one replica, no oc command, no fault", args: small, want: 0,
			wantOut: "Modern: 254 states"},
		{name: "preset any case", why: "presets parse in any case, as in every program", args: []string{"-preset", "exact", "-users", "0", "-faults", "0", "-stale", "0", "-replicas", "1", "-limits", "1", "-max", "50"}, want: 0,
			wantOut: "Exact: 50 states"},
		{name: "max", why: "-max bounds the states kept: -max 10 reported 19", args: []string{"-max", "10"}, want: 0,
			wantOut: "Modern: 10 states"},
		{name: "versions zero", why: "0 stands for the default, and the summary prints the bound explored, not versions<=0", args: append([]string{"-versions", "0"}, small...), want: 0,
			wantOut: "versions<=3 "},
		{name: "violation", why: "a violation exits 1 and prints its property, error and shortest trace: Origin15's known finding (docs/exploration.md), found within 1 000 states",
			args: []string{"-preset", "Origin15", "-replicas", "1", "-limits", "1", "-faults", "0", "-hooks", "0", "-clock", "0", "-max", "1000"}, want: 1,
			wantOut: "\nviolation OneDeployerPod: 2 deployer pods running: web-1-deploy, web-2-deploy\n# explore: OneDeployerPod: 2 deployer pods running: web-1-deploy, web-2-deploy\n" +
				"# Found by fake/explore on the shortest trace (6 moves).\n\n# 1. dc-controller pass\nconfig\n----\ncreate-rc rc/web-1 "},
		{name: "unknown flag", why: "an unknown flag is a usage error", args: []string{"-nope"}, want: 2, wantStderr: "-nope"},
		{name: "bad versions", why: "a bound that is no integer is a usage error", args: []string{"-versions", "x"}, want: 2, wantStderr: "-versions"},
		{name: "bad preset", why: "an unknown preset is a usage error", args: []string{"-preset", "Nope"}, want: 2, wantStderr: "unknown preset"},
		{name: "bad replicas", why: "replicas must be integers", args: []string{"-replicas", "x"}, want: 2, wantStderr: "-replicas"},
		{name: "leftover arguments", why: "a word ran the full Modern search, the flags after it ignored", args: []string{"-replicas", "1", "-limits", "1", "Exact", "-max", "10"}, want: 2,
			wantStderr: `unexpected arguments ["Exact" "-max" "10"]`},
		{name: "negative versions", why: "-versions -1 acted like 1", args: []string{"-versions", "-1"}, want: 2,
			wantStderr: "-versions: -1 is refused: must not be negative"},
		{name: "negative replicas", why: "-replicas -1 was reported as a controller violation, exit 1", args: []string{"-replicas", "-1"}, want: 2,
			wantStderr: "-replicas: -1 is refused: must be from 0 to 2147483647"},
		{name: "huge replicas", why: "3000000000 wrapped in int32", args: []string{"-replicas", "3000000000"}, want: 2,
			wantStderr: "-replicas: 3000000000 is refused"},
		{name: "limit", why: "-1 is none; below it is nothing", args: []string{"-limits", "-2"}, want: 2, wantStderr: "-limits: -2 is refused"},
		{name: "kinds", why: "there are five kinds", args: []string{"-kinds", "6"}, want: 2, wantStderr: "-kinds: 6 is refused"},
		{name: "negative max", why: "a bound below zero", args: []string{"-max", "-1"}, want: 2, wantStderr: "-max: -1 is refused"},
		{name: "help", why: "-h asks for the flags, no usage error: it exited 2, where rollout and preview exit 0", args: []string{"-h"}, want: 0,
			wantStderr: "-versions"},
		{name: "help versions zero", why: "-h said -versions is the bound on latestVersion, but -versions 0 explores to 3 (the versions zero row): the help says so",
			args: []string{"-h"}, want: 0, wantStderr: "bound on status.latestVersion (0: the default, 3)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if got := run(tt.args, &out, &errb); got != tt.want {
				t.Errorf("run(%q) = %d, want %d (%s)\nstdout: %s\nstderr: %s", tt.args, got, tt.want, tt.why, out.String(), errb.String())
			}
			if !strings.Contains(out.String(), tt.wantOut) {
				t.Errorf("run(%q) printed %q, want %q in it (%s)", tt.args, out.String(), tt.wantOut, tt.why)
			}
			if !strings.Contains(errb.String(), tt.wantStderr) {
				t.Errorf("run(%q) printed %q on stderr, want %q in it (%s)", tt.args, errb.String(), tt.wantStderr, tt.why)
			}
			if tt.want == 2 && out.Len() > 0 {
				t.Errorf("run(%q) explored on a usage error: %s", tt.args, out.String())
			}
		})
	}
}
