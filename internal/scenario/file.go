package scenario

import (
	"bufio"
	"fmt"
	"strings"
	"testing"
)

// Case is one test case of a scenario file: a command line, its input
// lines, and the expected output.
type Case struct {
	// Cmd is the first word of the command line.
	Cmd string
	// Args are the other words of the command line.
	Args []Arg
	// Input holds the lines between the command line and the "----"
	// separator, without their newlines. A handler reads them with Lines,
	// so that RunFile fails a case whose input no one read.
	Input []string
	// Pos is "file:line" of the command line.
	Pos string
	// Env is the environment shared by all cases of the file, in file
	// order. It starts empty (NewEnv) for every file.
	Env *Env

	// Expected is the expected output as written in the file.
	Expected string

	// read marks the arguments a handler asked for (Arg, Positional,
	// Each): RunFile fails a case that leaves one unread.
	read []bool
	// inputRead records that a handler asked for the input lines (Lines).
	inputRead bool

	line      int // 1-based line of the command
	outFirst  int // 0-based index of the first line of the output block (after "----" or "----\n----")
	outEnd    int // 0-based index one past the last line of the case (its closing separator, if any)
	doubleSep bool
}

// Arg returns the value of the first argument named key, and whether there
// is one. A bare word is found with an empty value.
func (c *Case) Arg(key string) (string, bool) {
	for i, a := range c.Args {
		if a.Key == key {
			c.markRead(i)
			return a.Val, true
		}
	}
	return "", false
}

// Lines returns the input lines of the case (Input), and records that
// they were read: RunFile fails a case with input lines no one read.
func (c *Case) Lines() []string {
	c.inputRead = true
	return c.Input
}

// Flag reports whether the bare word name is among the arguments. A flag
// takes no value: name=<anything> fails the case (t.Fatalf), as
// latest=false would otherwise read as latest.
func (c *Case) Flag(t testing.TB, name string) bool {
	t.Helper()
	for i, a := range c.Args {
		if a.Key == name {
			c.markRead(i)
			if a.HasVal {
				t.Fatalf("%s: %s is a flag and takes no value (got %s=%s)", c.Pos, name, name, a.Val)
			}
			return true
		}
	}
	return false
}

// Positional returns the bare words of the command line, in order.
func (c *Case) Positional() []string {
	var out []string
	for i, a := range c.Args {
		if !a.HasVal {
			c.markRead(i)
			out = append(out, a.Key)
		}
	}
	return out
}

// Each returns every argument of the command line, in order, for a
// handler that reads them all itself.
func (c *Case) Each() []Arg {
	for i := range c.Args {
		c.markRead(i)
	}
	return c.Args
}

// markRead records that argument i was read.
func (c *Case) markRead(i int) {
	if c.read == nil {
		c.read = make([]bool, len(c.Args))
	}
	c.read[i] = true
}

// unread returns the arguments no handler asked for: a word the command
// ignores would make the case say more than it tests.
func (c *Case) unread() []string {
	var out []string
	for i, a := range c.Args {
		if c.read == nil || !c.read[i] {
			out = append(out, a.String())
		}
	}
	return out
}

// parseFile splits the text of a scenario file into cases. Blank lines
// (empty, or only spaces and tabs) and lines starting with '#' separate
// cases; a case is a command line, input lines, "----", the expected
// output, and a blank line (or the end of the file). When the line after
// "----" is another "----", the output runs to the next "----" "----" pair
// and may contain blank lines.
func parseFile(name, text string) ([]string, []*Case, error) {
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	var cases []*Case
	i := 0
	for i < len(lines) {
		l := lines[i]
		if isBlank(l) || strings.HasPrefix(l, "#") {
			i++
			continue
		}
		if l == "----" {
			return nil, nil, fmt.Errorf("%s:%d: separator without a command", name, i+1)
		}
		args, err := Tokenize(l)
		if err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %w", name, i+1, err)
		}
		c := &Case{Cmd: args[0].Key, Args: args[1:], Pos: fmt.Sprintf("%s:%d", name, i+1), line: i + 1}
		if len(c.Args) == 0 {
			c.Args = nil
		}
		if args[0].HasVal {
			return nil, nil, fmt.Errorf("%s:%d: command %q must be a bare word", name, i+1, args[0].String())
		}
		i++
		for i < len(lines) && lines[i] != "----" {
			c.Input = append(c.Input, lines[i])
			i++
		}
		if i == len(lines) {
			return nil, nil, fmt.Errorf("%s: command %q: missing \"----\" separator", c.Pos, c.Cmd)
		}
		i++ // the separator
		var out []string
		if i < len(lines) && lines[i] == "----" {
			c.doubleSep = true
			i++
			c.outFirst = i
			for {
				if i >= len(lines) {
					return nil, nil, fmt.Errorf("%s: command %q: missing closing \"----\" \"----\"", c.Pos, c.Cmd)
				}
				if lines[i] == "----" && i+1 < len(lines) && lines[i+1] == "----" {
					i += 2
					break
				}
				out = append(out, lines[i])
				i++
			}
		} else {
			c.outFirst = i
			for i < len(lines) && !isBlank(lines[i]) {
				out = append(out, lines[i])
				i++
			}
		}
		c.outEnd = i
		if len(out) > 0 {
			c.Expected = strings.Join(out, "\n") + "\n"
		}
		cases = append(cases, c)
	}
	return lines, cases, nil
}

// isBlank reports whether l is a blank line: empty, or only spaces and
// tabs. A blank line separates cases and ends a single-separator output
// alike.
func isBlank(l string) bool { return strings.TrimSpace(l) == "" }

// needsDouble reports whether the normalised output out must take the
// double separator form: it holds a blank line (which would end the
// single form there), or starts with a "----" line.
func needsDouble(out string) bool {
	if out == "" {
		return false
	}
	if strings.HasPrefix(out, "----\n") {
		return true
	}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if isBlank(l) {
			return true
		}
	}
	return false
}

// normalize makes an output comparable: it ends with exactly one newline,
// or is empty.
func normalize(out string) string {
	out = strings.TrimRight(out, "\n")
	if out == "" {
		return ""
	}
	return out + "\n"
}

// rewrite rebuilds the file text with each case's output replaced by
// outputs[i]. Everything else (comments, blank lines, inputs) is kept. An
// output with a blank line (or a line of spaces), or one that starts with
// a "----" line, takes the double separator form. (checkRewrite catches the
// outputs no form can hold.)
func rewrite(lines []string, cases []*Case, outputs []string) string {
	var b strings.Builder
	prev := 0
	for k, c := range cases {
		start := c.outFirst
		if c.doubleSep {
			start-- // keep the first "----", rewrite from the second
		}
		for _, l := range lines[prev : start-1] {
			b.WriteString(l + "\n")
		}
		b.WriteString("----\n")
		out := normalize(outputs[k])
		if needsDouble(out) {
			b.WriteString("----\n" + out + "----\n----\n")
		} else {
			b.WriteString(out)
			if c.outEnd < len(lines) && !isBlank(lines[c.outEnd]) {
				b.WriteString("\n") // a single-separator output ends at a blank line
			}
		}
		prev = c.outEnd
	}
	for _, l := range lines[prev:] {
		b.WriteString(l + "\n")
	}
	return b.String()
}

// checkRewrite reads the rewritten text back and reports the first case
// whose expected block is not exactly its output: an output the file
// format cannot hold (a "----" line that would end the double separator
// form early), which -rewrite must not write silently. It also refuses
// to drop a "----" line from a single-separator block (droppedSeparator).
func checkRewrite(name, text string, cases []*Case, outputs []string) error {
	if err := droppedSeparator(cases, outputs); err != nil {
		return err
	}
	_, again, err := parseFile(name, text)
	if err != nil {
		return fmt.Errorf("the rewritten file would not parse (%w); an output holds a \"----\" line the file format cannot hold", err)
	}
	if len(again) != len(cases) {
		return fmt.Errorf("the rewritten file would have %d cases, not %d; an output holds a \"----\" line the file format cannot hold", len(again), len(cases))
	}
	for i, c := range again {
		if c.Expected != normalize(outputs[i]) {
			return fmt.Errorf("%s: the output of %s cannot be written in the file format (it holds a \"----\" line):\n%s", cases[i].Pos, cases[i].Cmd, outputs[i])
		}
	}
	return nil
}

// droppedSeparator reports the first case whose single-separator expected
// block holds a "----" line that its new output does not hold on the same
// line. Such a block is most often a case, and the next one written
// after its output with no blank line between: the single form runs to a
// blank line, so it swallowed the next case, and rewriting the block
// would delete that case without a word.
func droppedSeparator(cases []*Case, outputs []string) error {
	for i, c := range cases {
		if c.doubleSep || c.Expected == "" {
			continue
		}
		want := strings.Split(strings.TrimSuffix(normalize(outputs[i]), "\n"), "\n")
		for j, l := range strings.Split(strings.TrimSuffix(c.Expected, "\n"), "\n") {
			if l == "----" && (j >= len(want) || want[j] != "----") {
				return fmt.Errorf("%s: the expected output of %s holds a \"----\" on its line %d that its output does not: "+
					"a case written after the output with no blank line before it? -rewrite would delete it; add the blank line", c.Pos, c.Cmd, j+1)
			}
		}
	}
	return nil
}
