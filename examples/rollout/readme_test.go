package main

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dcplan/dcplan/fake"
)

// readmeLinesRE finds the README's count of the story's lines.
var readmeLinesRE = regexp.MustCompile(`prints a timeline in virtual time \((\d+) lines\)`)

// TestReadmeStoryLines: the README says how many lines `go run
// ./examples/rollout` prints; that is the count the default story (seed
// 1, no faults) prints. The count was kept by hand and moved from 71 to
// 89 when the story changed; a change of the story now fails here until
// the README says so.
func TestReadmeStoryLines(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := readmeLinesRE.FindSubmatch(readme)
	if m == nil {
		t.Fatalf("README.md no longer says how many lines the story prints (%s)", readmeLinesRE)
	}
	want, _ := strconv.Atoi(string(m[1]))
	var out bytes.Buffer
	if _, err := runStory(&out, 1, fake.Faults{}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(out.String(), "\n"); got != want {
		t.Errorf("the story prints %d lines, README.md says %d", got, want)
	}
}
