package scenario

import (
	"strings"
	"testing"
)

// TestWhitespaceLineEndsOutput: a line of spaces or tabs is blank
// everywhere in a scenario file. Between cases it was already (parseFile
// skips it), but it did not end a single-separator output, which then ran
// on over the next case: the file failed with a baffling mismatch, and
// -rewrite deleted the swallowed case without a word.
func TestWhitespaceLineEndsOutput(t *testing.T) {
	text := "echo\na\n----\na\n \t\necho\nb\n----\nb\n"
	_, cases, err := parseFile("f.txt", text)
	if err != nil {
		t.Fatalf("parseFile: %v", err)
	}
	if len(cases) != 2 || cases[0].Expected != "a\n" || cases[1].Expected != "b\n" {
		var got []string
		for _, c := range cases {
			got = append(got, c.Pos+" "+c.Cmd+" "+strings.TrimSpace(c.Expected))
		}
		t.Errorf("parseFile(%q) = %q, want two cases expecting a and b", text, got)
	}
	if out, failed := runChild(t, text, false); failed {
		t.Errorf("a file whose cases match failed:\n%s", out)
	}

	path, data := rewritten(t, strings.Replace(text, "----\na\n", "----\nstale\n", 1), echoHandler)
	if _, again, err := parseFile(path, string(data)); err != nil || len(again) != 2 {
		t.Errorf("-rewrite left %d cases (err %v), want 2:\n%s", len(again), err, data)
	}
}

// TestRewriteWhitespaceLineOutput: an output holding a line of spaces
// takes the double separator form, or it would end the single form there.
func TestRewriteWhitespaceLineOutput(t *testing.T) {
	for _, o := range []string{"a\n \nb", " \na", "a\n\t"} {
		lines, cases, err := parseFile("f.txt", "echo\n----\nstale\n")
		if err != nil {
			t.Fatal(err)
		}
		text := rewrite(lines, cases, []string{o})
		if err := checkRewrite("f.txt", text, cases, []string{o}); err != nil {
			t.Errorf("rewrite of output %q: %v\n%s", o, err, text)
		}
	}
}

// TestRewriteKeepsACaseWithNoBlankLineBefore: a case written right after
// the output of the one before it, with no blank line between, reads as
// more lines of that output (the single separator form runs to a blank
// line); the file then fails with a mismatch, and -rewrite must fail too
// rather than write the first case's output over the second case.
func TestRewriteKeepsACaseWithNoBlankLineBefore(t *testing.T) {
	text := "echo\na\n----\nstale\necho\nb\n----\nb\n"
	out, failed := runChild(t, text, false, "-rewrite")
	if !failed || !strings.Contains(out, "no blank line") {
		t.Errorf("-rewrite of a case swallowed by the output before it: failed = %v, want a failure naming the missing blank line:\n%s", failed, out)
	}
	lines, cases, err := parseFile("f.txt", "echo text=\"x\\n----\\ny\"\n----\nx\n----\ny\n")
	if err != nil {
		t.Fatal(err)
	}
	outputs := []string{"x\n----\ny\n"}
	if err := checkRewrite("f.txt", rewrite(lines, cases, outputs), cases, outputs); err != nil {
		t.Errorf("an output that keeps its \"----\" line: %v", err)
	}
}
