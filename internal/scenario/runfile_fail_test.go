package scenario

import (
	"strings"
	"testing"
)

// TestRunFileVerdict runs small scenario files in a child process and
// checks the verdict: any difference between the expected and the actual
// output fails the test with the case's file:line, and only the normalised
// trailing newlines are forgiven. A file that proves nothing (an unknown
// command, a first snapshot that does not parse, a file without cases, an
// empty directory) fails
// too.
func TestRunFileVerdict(t *testing.T) {
	tests := []struct {
		name, why, text string
		dir             bool
		wantFail        bool
		want            []string // substrings of the child's output
		notWant         []string
	}{
		{name: "match", why: "the control: equal outputs pass",
			text: "echo\na\nb\n----\na\nb\n\necho\n----\n", want: []string{"PASS"}},
		{name: "trailing newlines", why: "trailing newlines of the actual output are normalised",
			text: "echo\na\n\n\n----\na\n", want: []string{"PASS"}},
		{name: "different line", why: "a changed line fails with the case's position",
			text: "echo\na\n----\nb\n", wantFail: true, want: []string{"x.txt:1: echo output mismatch"}},
		{name: "missing expected", why: "an empty expected block does not match a non-empty output",
			text: "echo\na\n----\n", wantFail: true, want: []string{"x.txt:1: echo output mismatch"}},
		{name: "unexpected empty", why: "an empty output does not match a non-empty expected block",
			text: "echo\n----\na\n", wantFail: true, want: []string{"x.txt:1: echo output mismatch"}},
		{name: "extra line", why: "an output with one line more fails",
			text: "echo\na\nb\n----\na\n", wantFail: true, want: []string{"x.txt:1: echo output mismatch"}},
		{name: "leading blank line", why: "leading newlines are not normalised away",
			text: "echo\n\na\n----\na\n", wantFail: true, want: []string{"x.txt:1: echo output mismatch"}},
		{name: "spaces", why: "leading and trailing spaces count",
			text: "echo\n a \n----\na\n", wantFail: true, want: []string{"x.txt:1: echo output mismatch"}},
		{name: "later case", why: "a mismatch in a later case fails, and every case still runs",
			text: "echo\na\n----\nx\n\necho\nb\n----\nb\n\necho\nc\n----\ny\n", wantFail: true,
			want: []string{"x.txt:1: echo output mismatch", "x.txt:11: echo output mismatch"}},
		{name: "unknown command", why: "a command nobody handles fails, not prints",
			text: "frobnicate\n----\n", wantFail: true, want: []string{`x.txt:1: unknown command "frobnicate"`}, notWant: []string{"output mismatch"}},
		{name: "unparsed start", why: "the first snapshot does not parse: the file stops there",
			text: "snapshot\ndc web colour=blue\n----\nerror: line 1: dc: colour: x\n\necho\na\n----\nb\n", wantFail: true,
			want: []string{"x.txt:1: the file's first snapshot does not parse"}, notWant: []string{"x.txt:6"}},
		{name: "ignored argument", why: "an argument the handler never reads would make the case claim more than it tests",
			text: "echo colour=blue\na\n----\na\n", wantFail: true, want: []string{"x.txt:1: echo ignores its arguments colour=blue"},
			notWant: []string{"output mismatch"}},
		{name: "read argument", why: "the control: an argument the handler reads passes",
			text: "echo text=a\n----\na\n", want: []string{"PASS"}},
		{name: "ignored input", why: "input lines the handler never reads would make the case claim more than it tests",
			text: "mute\na\n----\n", wantFail: true, want: []string{"x.txt:1: mute ignores its 1 input lines"}},
		{name: "ignored input, error output", why: "a handler's error output does not excuse the input lines it never read (build-pod rc=<missing>)",
			text: "refuse\nrc web-9 phase=New\n----\nerror: refused\n", wantFail: true, want: []string{"x.txt:1: refuse ignores its 1 input lines"}},
		{name: "flag with a value", why: "on=false would read as on",
			text: "flag on=false\n----\non\n", wantFail: true, want: []string{"x.txt:1: on is a flag and takes no value"}},
		{name: "flag", why: "the control: a bare flag passes",
			text: "flag on\n----\non\n\nflag\n----\noff\n", want: []string{"PASS"}},
		{name: "error before a snapshot", why: "only a failing snapshot stops a file before its first snapshot; another command's error is output",
			text: "plan\n----\nerror: no plan recorded yet\n\necho\na\n----\na\n", want: []string{"PASS"}},
		{name: "later snapshot fails", why: "a world that does not parse stops the file: the cases after it would plan on the one before",
			text: "snapshot\ndc web\n----\nok\n\nsnapshot\ndc web colour=blue\n----\nerror: x\n\necho\na\n----\na\n", wantFail: true,
			want: []string{"x.txt:6: snapshot fails"}, notWant: []string{"x.txt:1:", "x.txt:11"}},
		{name: "edit fails", why: "an edit of an object the world lacks stops the file too",
			text: "snapshot\ndc web\n----\nok\n\nedit rc web-9 phase=Failed\n----\nerror: x\n", wantFail: true,
			want: []string{"x.txt:6: edit fails"}},
		{name: "no cases", why: "a file without a case (all comments) proves nothing",
			text: "# echo\n# ----\n# x\n", wantFail: true, want: []string{"x.txt has no cases"}},
		{name: "empty directory", why: "RunDir on a directory without scenario files (only notes.md) fails",
			dir: true, wantFail: true, want: []string{"no .txt files under"}},
		{name: "directory", why: "RunDir runs the files as subtests and fails with them",
			text: "echo\na\n----\nb\n", dir: true, wantFail: true, want: []string{"TestChild/x", "x.txt:1: echo output mismatch"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, failed := runChild(t, tt.text, tt.dir)
			if failed != tt.wantFail {
				t.Errorf("%s: the child failed = %v, want %v; output:\n%s", tt.why, failed, tt.wantFail, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("%s: the child's output lacks %q:\n%s", tt.why, w, out)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(out, w) {
					t.Errorf("%s: the child's output has %q:\n%s", tt.why, w, out)
				}
			}
		})
	}
}
