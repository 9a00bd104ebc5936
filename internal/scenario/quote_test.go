package scenario

import "testing"

// TestQuote: a value is Go-quoted exactly when README.md says: empty, or
// with a space, a quote, a backslash, '#' or a non-printable character.
func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"plain": "plain", "a=b,c:d/e": "a=b,c:d/e", "": `""`, "a b": `"a b"`, "a\tb": `"a\tb"`,
		`a"b`: `"a\"b"`, `a\b`: `"a\\b"`, "a#b": `"a#b"`, "a\x01b": `"a\x01b"`, "é": "é",
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestIgnorePodValue: ignore-pod on a dc line is the annotation, present
// with whatever value it is given (README.md: IgnoreDeployerPod+Value), so
// ignore-pod=false still sets it, unlike a flag.
func TestIgnorePodValue(t *testing.T) {
	s, err := ParseState([]string{"dc web ignore-pod=false"})
	if err != nil {
		t.Fatal(err)
	}
	if c := s.Config; !c.IgnoreDeployerPod || c.IgnoreDeployerPodValue != "false" {
		t.Errorf("dc web ignore-pod=false: IgnoreDeployerPod=%v Value=%q, want true \"false\"", c.IgnoreDeployerPod, c.IgnoreDeployerPodValue)
	}
}
