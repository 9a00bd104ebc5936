package scenario_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan/internal/scenario"
)

// TestStateKeepsEncodedProblem: an RC whose encoded-config annotation
// does not decode (SPEC 13.1) has a state line of its own,
// encoded-problem=<text>, and FormatState writes it. Before, the state
// language had no key for it and FormatState wrote encoded=none, so the
// round trip dropped the problem and the RC read back as one without the
// annotation.
func TestStateKeepsEncodedProblem(t *testing.T) {
	const why = "couldn't get version/kind; json parse error: unexpected end of JSON input"
	s, err := scenario.ParseState([]string{
		"dc web uid=dc-uid",
		`rc web-1 encoded-problem="` + why + `"`,
	})
	if err != nil {
		t.Fatal(err)
	}
	d := s.Deployments[0]
	if d.Encoded != nil || d.EncodedProblem != why {
		t.Fatalf("rc web-1: Encoded %v, EncodedProblem %q; want nil and %q", d.Encoded, d.EncodedProblem, why)
	}
	text := scenario.FormatState(s)
	if !strings.Contains(text, "encoded-problem=") {
		t.Fatalf("FormatState dropped the encoded problem:\n%s", text)
	}
	if _, err := scenario.ParseState([]string{"dc web", "dc old as=old", "rc web-1 encoded=old encoded-problem=x"}); err == nil {
		t.Fatal("encoded=<label> with encoded-problem= parsed; want an error")
	}
}
