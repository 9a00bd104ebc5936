package scenario

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRewriteWritesWhatWasProduced runs echo cases under -rewrite and
// reads the file back: every case's expected block is now exactly the
// output it produced (normalised), whatever its shape, and the comments and
// inputs are unchanged. Run again, the file is left as it is.
func TestRewriteWritesWhatWasProduced(t *testing.T) {
	outputs := []string{
		"plain",
		"two\nlines",
		"with\n\nblank",
		"\nleading blank",
		"----\nfirst",
		"a\n----\nb",
		"a\n----\n----",
		"  indented\n  \nspaces  ",
		"",
		"last",
	}
	var b strings.Builder
	for i, o := range outputs {
		b.WriteString("# case\necho text=" + strconv.Quote(o) + "\nin " + strconv.Itoa(i) + "\n----\n")
		if i%2 == 0 {
			b.WriteString("stale\n\n") // the single form
		} else {
			b.WriteString("----\nstale\n\nstale\n----\n----\n") // the double form, closed right before the next case
		}
	}
	path, data := rewritten(t, b.String(), echoHandler)
	_, cases, err := parseFile(path, string(data))
	if err != nil {
		t.Fatalf("the rewritten file does not parse: %v\n%s", err, data)
	}
	var got, want, inputs, wantInputs []string
	for _, c := range cases {
		got = append(got, c.Expected)
		inputs = append(inputs, strings.Join(c.Input, "\n"))
	}
	for _, o := range outputs {
		want = append(want, normalize(o))
		wantInputs = append(wantInputs, "in "+strconv.Itoa(len(wantInputs)))
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("expected blocks after -rewrite (-want +got):\n%s\nfile:\n%s", d, data)
	}
	if d := cmp.Diff(wantInputs, inputs); d != "" {
		t.Errorf("inputs after -rewrite (-want +got):\n%s", d)
	}
	if n := strings.Count(string(data), "# case\n"); n != len(outputs) {
		t.Errorf("the rewritten file has %d comment lines, want %d:\n%s", n, len(outputs), data)
	}
	RunFile(t, path, echoHandler)
	again, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(string(data), string(again)); d != "" {
		t.Errorf("a second -rewrite changed the file (-first +second):\n%s", d)
	}
}

// TestRewriteRefusesWhatItCannotWrite: an output whose "----" lines would
// end the double separator form early cannot be written; -rewrite fails
// the test and leaves the file unchanged instead of writing a file that
// expects something else.
func TestRewriteRefusesWhatItCannotWrite(t *testing.T) {
	for _, o := range []string{"----", "----\n----", "x\n\n----", "x\n\n----\n----\ny"} {
		t.Run(strconv.Quote(o), func(t *testing.T) {
			text := "echo text=" + strconv.Quote(o) + "\n----\nstale\n"
			out, failed := runChild(t, text, false, "-rewrite")
			if !failed || !strings.Contains(out, "cannot be written") && !strings.Contains(out, "cannot hold") {
				t.Errorf("-rewrite of output %q: failed = %v, want a failure saying it cannot be written:\n%s", o, failed, out)
			}
		})
	}
}
