package dcplan_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/dcplan/dcplan"
)

func TestRefusal(t *testing.T) {
	errPaused := errors.New("x: deployment config is paused")
	err := fmt.Errorf("oc: %w", &dcplan.Refusal{Err: errPaused, Text: "cannot cancel a paused deployment config"})
	if !errors.Is(err, errPaused) {
		t.Errorf("errors.Is(%v, sentinel) = false, want true", err)
	}
	var r *dcplan.Refusal
	if !errors.As(err, &r) || r.Error() != "cannot cancel a paused deployment config" {
		t.Errorf("errors.As(%v) = %v, want the refusal with upstream's exact text", err, r)
	}
}

func TestFieldErrorText(t *testing.T) {
	e := &dcplan.FieldError{Kind: "Pod", Name: "web-1-deploy", Field: "status.phase", Problem: "unknown value 9", Err: dcplan.ErrInvalidSnapshot}
	if want := `dcplan: invalid snapshot: Pod "web-1-deploy": status.phase: unknown value 9`; e.Error() != want {
		t.Errorf("Error() = %q, want %q", e.Error(), want)
	}
	settings := &dcplan.FieldError{Kind: "Settings", Field: "Switches", Problem: "unknown switch value Paused=7", Err: dcplan.ErrInvalidSettings}
	if want := "dcplan: invalid settings: Settings: Switches: unknown switch value Paused=7"; settings.Error() != want {
		t.Errorf("Error() = %q, want %q", settings.Error(), want)
	}
}
