package scenario

import (
	"fmt"
	"strconv"
	"strings"
)

// Arg is one word of a command line or a state line after the first: either
// key=value or a bare word. A value (or a bare word) may be Go-quoted,
// anywhere in the word: name="a b" and "a b" are both one Arg.
type Arg struct {
	// Key is the text before the first unquoted '=', or the whole bare
	// word, unquoted.
	Key string
	// Val is the text after the first unquoted '=', unquoted; "" for a
	// bare word.
	Val string
	// HasVal is false for a bare word.
	HasVal bool
	// Quoted is true when any part of the value was Go-quoted.
	Quoted bool
}

// String renders the Arg as it would be written: key, or key=value with the
// value quoted when needed (see Quote).
func (a Arg) String() string {
	if !a.HasVal {
		return quoteIfNeeded(a.Key)
	}
	return a.Key + "=" + quoteIfNeeded(a.Val)
}

// Tokenize splits a line into words separated by spaces or tabs. A double
// quote starts a Go string literal (strconv syntax) that may contain spaces;
// it ends the literal at its closing quote and the word goes on. The first
// unquoted '=' of a word separates its key from its value.
func Tokenize(line string) ([]Arg, error) {
	var out []Arg
	i := 0
	for {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i >= len(line) {
			return out, nil
		}
		var (
			a      Arg
			cur    strings.Builder
			inVal  bool
			quoted bool
		)
		for i < len(line) && line[i] != ' ' && line[i] != '\t' {
			switch c := line[i]; {
			case c == '"':
				q, err := strconv.QuotedPrefix(line[i:])
				if err != nil {
					return nil, fmt.Errorf("column %d: bad quoted string: %w", i+1, err)
				}
				s, err := strconv.Unquote(q)
				if err != nil {
					return nil, fmt.Errorf("column %d: bad quoted string: %w", i+1, err)
				}
				cur.WriteString(s)
				quoted = true
				i += len(q)
			case c == '=' && !inVal:
				a.Key = cur.String()
				cur.Reset()
				inVal, a.HasVal = true, true
				quoted = false
				i++
			default:
				cur.WriteByte(c)
				i++
			}
		}
		if inVal {
			a.Val, a.Quoted = cur.String(), quoted
		} else {
			a.Key, a.Quoted = cur.String(), quoted
		}
		out = append(out, a)
	}
}

// Quote returns s as a state or command value: unchanged when it is a
// plain word, Go-quoted when it is empty or contains a space, a quote, a
// backslash, '#' or a non-printable character.
func Quote(s string) string { return quoteIfNeeded(s) }

func quoteIfNeeded(s string) string {
	if s == "" || strings.ContainsAny(s, " \t\n\r\"\\#") {
		return strconv.Quote(s)
	}
	for _, r := range s {
		if !strconv.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}

// kv renders key=value with the value quoted when needed.
func kv(key, val string) string { return key + "=" + quoteIfNeeded(val) }
