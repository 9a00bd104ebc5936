package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dcplan/dcplan/fake"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestStoryGolden runs the default story and compares its timeline with
// testdata/story.golden (-update rewrites it), and checks that a seed with
// every fault on still tells the story to the end, twice identically.
func TestStoryGolden(t *testing.T) {
	tests := []struct {
		name, why string
		seed      uint64
		faults    string
		golden    bool
	}{
		{"story", "the README's main command: go run ./examples/rollout", 1, "none", true},
		{"story-faults", "go run ./examples/rollout -seed 7 -faults all: deterministic, no golden (too brittle)", 7, "all", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := fake.ParseFaults(tt.faults)
			if err != nil {
				t.Fatal(err)
			}
			var got, again bytes.Buffer
			if err := runStory(&got, tt.seed, f); err != nil {
				t.Fatalf("runStory() error = %v", err)
			}
			if err := runStory(&again, tt.seed, f); err != nil {
				t.Fatal(err)
			}
			if got.String() != again.String() {
				t.Fatalf("two runs with seed %d differ (%s)", tt.seed, tt.why)
			}
			if !tt.golden {
				if !strings.Contains(got.String(), "$ oc rollback dc/frontend") {
					t.Errorf("story with faults did not reach the rollback:\n%s", got.String())
				}
				return
			}
			path := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got.String() != string(want) {
				t.Errorf("timeline differs from %s (%s); run with -update after checking:\n%s", path, tt.why, got.String())
			}
		})
	}
}

func TestScale(t *testing.T) {
	var out bytes.Buffer
	if err := runScale(&out, 20); err != nil {
		t.Fatalf("runScale() error = %v", err)
	}
	for _, want := range []string{"populated 20 DCs, 200 RCs", "at rest after"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("runScale output lacks %q:\n%s", want, out.String())
		}
	}
}
