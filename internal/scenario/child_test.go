package scenario

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Whether RunFile and RunDir fail a test can only be seen from outside the
// test that calls them: runChild runs this test binary again with only
// TestChild selected, on a scenario file (or directory) given in the
// environment, and reports the child's output and whether it failed.

const (
	childFileEnv = "SCENARIO_CHILD_FILE"
	childDirEnv  = "SCENARIO_CHILD_DIR"
)

// TestChild is the child side of runChild: it runs the file or directory
// named in the environment with echoHandler, and is skipped otherwise.
func TestChild(t *testing.T) {
	switch file, dir := os.Getenv(childFileEnv), os.Getenv(childDirEnv); {
	case file != "":
		RunFile(t, file, echoHandler)
	case dir != "":
		RunDir(t, dir, echoHandler)
	default:
		t.Skip("run by runChild only")
	}
}

// echoHandler prints the input lines of an echo case as its output, or
// its text= argument when it has one (for outputs an input cannot hold,
// such as "----"), so a test chooses the actual output exactly; other
// commands are built in.
func echoHandler(t *testing.T, c *Case) string {
	if c.Cmd == "echo" {
		in := c.Lines() // echo text=... keeps its input lines only to be rewritten
		if text, ok := c.Arg("text"); ok {
			return text
		}
		return strings.Join(in, "\n")
	}
	switch c.Cmd {
	case "mute": // reads nothing
		return ""
	case "refuse": // reads nothing and prints an error, as a handler does for a missing object
		return "error: refused"
	case "flag": // flag [on]
		if c.Flag(t, "on") {
			return "on"
		}
		return "off"
	}
	return c.Env.Handle(t, c)
}

// runChild writes text to a scenario file x.txt in a temporary directory
// and runs it in a child process: RunFile on the file, or RunDir on the
// directory when dir is set (an empty text writes no file; the directory
// also holds a Markdown file RunDir must skip), with the extra
// test flags given (such as -rewrite).
func runChild(t *testing.T, text string, dir bool, flags ...string) (out string, failed bool) {
	t.Helper()
	d := t.TempDir()
	path := filepath.Join(d, "x.txt")
	if text != "" {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if dir {
		// RunDir must pass over files that are not scenario files.
		if err := os.WriteFile(filepath.Join(d, "notes.md"), []byte("not a scenario\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^TestChild$", "-test.count=1", "-test.v"}, flags...)...)
	env := childFileEnv + "=" + path
	if dir {
		env = childDirEnv + "=" + d
	}
	cmd.Env = append(os.Environ(), env)
	b, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("running the child: %v", err)
	}
	return string(b), err != nil
}
