package jsontree

import (
	"encoding/json"
	"errors"
	"io"
	"testing"
)

// TestParseStdAfterTheValue holds ParseStd, the reference every scanner
// is checked against, to json.Unmarshal on what may follow the value:
// JSON whitespace (all four kinds) and nothing else. Data after the value
// gets the error text the package comment documents.
func TestParseStdAfterTheValue(t *testing.T) {
	tests := []struct{ name, doc, why string }{
		{"tab", "1\t", "a tab is JSON whitespace (ParseStd: '\\t' dropped)"},
		{"carriage return", "{}\r", "so is a carriage return (ParseStd: '\\r' dropped)"},
		{"all four", "[] \t\r\n", "and a space and a newline"},
		{"vertical tab", "1\v", "a vertical tab is not JSON whitespace"},
		{"a second value", "{} {}", "one value only"},
		{"a letter", `"x"y`, "data after a string"},
	}
	const afterValue = "invalid character after top-level value"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var std any
			stdErr := json.Unmarshal([]byte(tt.doc), &std)
			_, err := ParseStd([]byte(tt.doc))
			if (err == nil) != (stdErr == nil) {
				t.Fatalf("ParseStd(%q) error = %v, json.Unmarshal's = %v (%s)", tt.doc, err, stdErr, tt.why)
			}
			if err != nil && err.Error() != afterValue {
				t.Errorf("ParseStd(%q) error = %q, want %q (%s)", tt.doc, err, afterValue, tt.why)
			}
		})
	}
}

// TestParseStdEmptyDocument: a document with no value at all (empty, or
// only whitespace) is cut short, as json.Unmarshal sees it: ParseStd
// gives it the error of every other document cut short, "unexpected EOF",
// and not io.EOF, a json.Decoder's word for a stream that ended cleanly
// (which errors.Is(err, io.EOF) would take for no error).
func TestParseStdEmptyDocument(t *testing.T) {
	const cutShort = `{"a":`
	var std any
	stdCut := json.Unmarshal([]byte(cutShort), &std)
	_, want := ParseStd([]byte(cutShort))
	for _, doc := range []string{"", " ", "\n\t\r "} {
		if stdErr := json.Unmarshal([]byte(doc), &std); stdErr == nil || stdErr.Error() != stdCut.Error() {
			t.Fatalf("json.Unmarshal(%q) = %v; want %v, as for %q", doc, stdErr, stdCut, cutShort)
		}
		_, err := ParseStd([]byte(doc))
		if err == nil || err.Error() != want.Error() || errors.Is(err, io.EOF) {
			t.Errorf("ParseStd(%q) error = %v; want %v, as for %q, and no io.EOF", doc, err, want, cutShort)
		}
		if _, perr := Parse([]byte(doc)); perr == nil || perr.Error() != want.Error() {
			t.Errorf("Parse(%q) error = %v; want %v", doc, perr, want)
		}
	}
}

// TestParseStdSyntaxErrors: a document wrong inside its value (neither cut
// short nor followed by data) gets json.Unmarshal's very error text.
func TestParseStdSyntaxErrors(t *testing.T) {
	for _, doc := range []string{`[1,]`, `{"a" 1}`, `[01]`, `"\q"`, `{"a":tru}`, "[\"\x01\"]"} {
		var std any
		stdErr := json.Unmarshal([]byte(doc), &std)
		_, err := ParseStd([]byte(doc))
		if stdErr == nil || err == nil || err.Error() != stdErr.Error() {
			t.Errorf("ParseStd(%q) error = %v; json.Unmarshal's = %v", doc, err, stdErr)
		}
	}
}
