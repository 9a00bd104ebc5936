package scenario

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var rewriteFlag = flag.Bool("rewrite", false, "rewrite the expected outputs of scenario files in place")

// Handler runs one case and returns its output. It prints errors as output
// ("error: ..."), never fails the test for them; it calls t.Fatalf only for
// a malformed case (an unknown command, a missing argument). Commands it
// does not know itself go to c.Env.Handle.
type Handler func(t *testing.T, c *Case) string

// RunDir runs every *.txt file under dir (recursively, in lexical order) as
// a subtest named after its path relative to dir. A directory with no
// scenario file fails the test.
func RunDir(t *testing.T, dir string, h Handler) {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".txt") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("scenario: %v", err)
	}
	if len(files) == 0 {
		t.Fatalf("scenario: no .txt files under %s", dir)
	}
	sort.Strings(files)
	for _, f := range files {
		rel, err := filepath.Rel(dir, f)
		if err != nil {
			rel = f
		}
		t.Run(strings.TrimSuffix(filepath.ToSlash(rel), ".txt"), func(t *testing.T) {
			RunFile(t, f, h)
		})
	}
}

// RunFile runs the cases of one scenario file in order, with one fresh Env
// shared by them. A file without a case fails. Each mismatch fails the
// test with the case's file:line and a diff (-want +got), and the
// remaining cases still run. With -rewrite the file is rewritten with the
// actual outputs instead; an output the file format cannot hold fails the
// test and leaves the file as it was.
func RunFile(t *testing.T, path string, h Handler) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("scenario: %v", err)
	}
	lines, cases, err := parseFile(path, string(data))
	if err != nil {
		t.Fatalf("scenario: %v", err)
	}
	if len(cases) == 0 {
		t.Fatalf("scenario: %s has no cases", path)
	}
	env := NewEnv()
	outputs := make([]string, len(cases))
	for i, c := range cases {
		c.Env = env
		got := normalize(h(t, c))
		outputs[i] = got
		if unparsedStart(c, got) {
			t.Fatalf("%s: the file's first snapshot does not parse: %s", c.Pos, strings.TrimSpace(got))
		}
		if unread := c.unread(); len(unread) > 0 {
			t.Errorf("%s: %s ignores its arguments %s", c.Pos, c.Cmd, joinWords(unread))
		}
		if len(c.Input) > 0 && !c.inputRead { // an error printed instead does not excuse them: the case still claims them
			t.Errorf("%s: %s ignores its %d input lines", c.Pos, c.Cmd, len(c.Input))
		}
		if builtinErrorsFatal && worldCommands[c.Cmd] && strings.HasPrefix(got, "error: ") {
			// A typo in a later snapshot (or an edit) would leave the
			// file running on the world before it, and -rewrite would
			// write the error in as expected.
			t.Fatalf("%s: %s fails: %s", c.Pos, c.Cmd, strings.TrimSpace(got))
		}
		if d := cmp.Diff(strings.Split(c.Expected, "\n"), strings.Split(got, "\n")); d != "" && !*rewriteFlag {
			t.Errorf("%s: %s output mismatch (-want +got, by line):\n%s\ngot:\n%s", c.Pos, c.Cmd, d, got)
		}
	}
	if *rewriteFlag {
		text := rewrite(lines, cases, outputs)
		if err := checkRewrite(path, text, cases, outputs); err != nil {
			t.Fatalf("scenario: rewrite: %v", err)
		}
		if text != string(data) {
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatalf("scenario: rewrite: %v", err)
			}
		}
	}
}

// worldCommands are the built-in commands that build or change the
// world the file's cases plan on (apply and clear-outcome too: a failed
// apply leaves the world before the plan in place).
var worldCommands = map[string]bool{"snapshot": true, "add": true, "edit": true, "set": true, "remove": true,
	"apply": true, "clear-outcome": true}

// builtinErrorsFatal makes RunFile stop a file at a world command that
// fails; only this package's own tests of those failures turn it off.
var builtinErrorsFatal = true

// unparsedStart reports whether c, with output got, is a snapshot command
// that failed before any snapshot of its file parsed: every case after it
// would run on the zero snapshot and prove nothing, however its output
// reads, so RunFile stops there.
func unparsedStart(c *Case, got string) bool {
	return c.Cmd == "snapshot" && strings.HasPrefix(got, "error: ") && !c.Env.hasSnapshot
}
