package main

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// readmeBlocks returns the fenced blocks of the README's "## Quick start"
// section whose opening fence is "```"+lang, contents only.
func readmeBlocks(t *testing.T, lang string) []string {
	t.Helper()
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	_, section, ok := strings.Cut(text, "\n## Quick start\n")
	if !ok {
		t.Fatal(`README.md has no "## Quick start" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var blocks []string
	for rest := section; ; {
		_, after, ok := strings.Cut(rest, "\n```")
		if !ok {
			break
		}
		info, body, ok := strings.Cut(after, "\n")
		if !ok {
			t.Fatal("README.md: a fence opens at the end of the Quick start section")
		}
		content, tail, ok := strings.Cut(body, "\n```\n")
		if !ok {
			t.Fatalf("README.md: the Quick start block ```%s is not closed", info)
		}
		if info == lang {
			blocks = append(blocks, content+"\n")
		}
		rest = "\n" + tail
	}
	return blocks
}

// TestReadmeShowsThisProgram holds that the README's Quick start is this
// program, byte for byte, so that it compiles as pasted.
func TestReadmeShowsThisProgram(t *testing.T) {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	blocks := readmeBlocks(t, "go")
	if len(blocks) != 1 {
		t.Fatalf("README.md Quick start has %d ```go blocks, want 1", len(blocks))
	}
	if d := cmp.Diff(strings.Split(string(src), "\n"), strings.Split(blocks[0], "\n")); d != "" {
		t.Errorf("README.md Quick start differs from examples/quickstart/main.go (-main.go +README):\n%s", d)
	}
}

// TestReadmeShowsItsOutput holds that the README shows what the program
// prints.
func TestReadmeShowsItsOutput(t *testing.T) {
	var out strings.Builder
	if err := run(&out, "../../testdata/fixtures/list-dc-rc-pods.json"); err != nil {
		t.Fatalf("run() error = %v", err)
	}
	blocks := readmeBlocks(t, "text")
	if len(blocks) != 1 {
		t.Fatalf("README.md Quick start has %d ```text blocks, want 1", len(blocks))
	}
	if d := cmp.Diff(strings.Split(out.String(), "\n"), strings.Split(blocks[0], "\n")); d != "" {
		t.Errorf("README.md Quick start output differs from the program's (-program +README):\n%s", d)
	}
	if !strings.Contains(out.String(), "at rest") {
		t.Errorf("the program does not reach rest:\n%s", out.String())
	}
}
