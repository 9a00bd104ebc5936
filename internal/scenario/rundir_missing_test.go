package scenario

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunDirMissingDirectory pins that RunDir on a directory that does
// not exist fails with the walk error itself (the ENOENT of the missing
// path), neither swallowing it into "no .txt files" nor crashing on the
// nil entry the walk hands its callback for the root.
func TestRunDirMissingDirectory(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	cmd := exec.Command(os.Args[0], "-test.run=^TestChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), childDirEnv+"="+missing)
	b, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("running the child: %v", err)
	}
	out := string(b)
	if err == nil {
		t.Fatalf("RunDir on a missing directory passed:\n%s", out)
	}
	for _, want := range []string{"scenario: lstat " + missing + ": no such file or directory"} {
		if !strings.Contains(out, want) {
			t.Errorf("the child's output lacks %q:\n%s", want, out)
		}
	}
	for _, notWant := range []string{"panic", "no .txt files under"} {
		if strings.Contains(out, notWant) {
			t.Errorf("the child's output has %q:\n%s", notWant, out)
		}
	}
}

// TestRewriteRefusesShiftedCases pins checkRewrite's per-case comparison:
// three outputs whose "----" lines regroup the rewritten file into the same
// number of cases (the first one's double block closes at once, a command
// "a" swallows the next case), each with another expected block. -rewrite
// must fail saying the output cannot be written, and leave the file as it
// was; counting the cases alone does not notice.
func TestRewriteRefusesShiftedCases(t *testing.T) {
	text := "echo text=\"----\\n----\\na\"\n----\nstale\n\n" +
		"echo text=\"cmd\\n----\\n----\\ncmd\"\n----\nstale\n\n" +
		"echo text=\"\"\n----\nstale\n"
	d := t.TempDir()
	path := filepath.Join(d, "x.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestChild$", "-test.count=1", "-test.v", "-rewrite")
	cmd.Env = append(os.Environ(), childFileEnv+"="+path)
	b, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("running the child: %v", err)
	}
	out := string(b)
	if err == nil || !strings.Contains(out, "x.txt:1: the output of echo cannot be written in the file format") {
		t.Errorf("-rewrite: failed = %v, want a failure at x.txt:1 saying the output cannot be written:\n%s", err != nil, out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != text {
		t.Errorf("-rewrite changed the file it refused:\n%s", data)
	}
}
