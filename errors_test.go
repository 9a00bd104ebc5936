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

// TestErrorClassifiers: each classifier answers for its own sentinel,
// wrapped any number of times, and for no other.
func TestErrorClassifiers(t *testing.T) {
	classifiers := []struct {
		name     string
		is       func(error) bool
		sentinel error
	}{
		{"IsConflict", dcplan.IsConflict, dcplan.ErrConflict},
		{"IsNotFound", dcplan.IsNotFound, dcplan.ErrNotFound},
		{"IsAlreadyExists", dcplan.IsAlreadyExists, dcplan.ErrAlreadyExists},
	}
	for _, c := range classifiers {
		for _, other := range classifiers {
			err := fmt.Errorf("adapter: %w", fmt.Errorf("rc web-2: %w", other.sentinel))
			if got, want := c.is(err), c.sentinel == other.sentinel; got != want {
				t.Errorf("%s(%v) = %v, want %v", c.name, err, got, want)
			}
		}
		if c.is(nil) || c.is(errors.New("connection refused")) {
			t.Errorf("%s answers true for an unrelated error", c.name)
		}
	}
}

// TestFailurePrinted checks Failure.Printed against kubectl's CheckErr
// for a server's error returned as it is (SPEC 6m "Error output").
// Reference: kubectl cmdutil.StandardErrorMessage, checkErr.
func TestFailurePrinted(t *testing.T) {
	tests := []struct {
		f    dcplan.Failure
		want string
	}{
		{dcplan.Failure{Reason: dcplan.StatusConflict, Code: 409, Message: "the object has been modified"},
			"Error from server (Conflict): the object has been modified"},
		{dcplan.Failure{Reason: dcplan.StatusNotFound, Code: 404, Message: `replicationcontrollers "web-3" not found`},
			`Error from server (NotFound): replicationcontrollers "web-3" not found`},
		{dcplan.Failure{Code: 500, Message: "an error on the server has prevented the request from succeeding"},
			"Error from server: an error on the server has prevented the request from succeeding"},
		// Any API status without a reason, whatever its code.
		{dcplan.Failure{Code: 400, Message: "bad request"}, "Error from server: bad request"},
		{dcplan.Failure{Reason: dcplan.StatusUnauthorized, Code: 401, Message: "Unauthorized"},
			"error: You must be logged in to the server (Unauthorized)"},
		{dcplan.Failure{Reason: dcplan.StatusInvalid, Code: 422, Message: `ReplicationController "web-3" is invalid: spec.replicas: Invalid value: -1`},
			`The ReplicationController "web-3" is invalid: spec.replicas: Invalid value: -1`},
		{dcplan.Failure{Message: "dial tcp 10.0.0.1:6443: connect: connection refused"},
			"error: dial tcp 10.0.0.1:6443: connect: connection refused"},
		// SPEC 6m "Error output": the prefix is not doubled for a text
		// that starts with it already.
		{dcplan.Failure{Message: "error: unable to read the token file"}, "error: unable to read the token file"},
	}
	for _, tt := range tests {
		if got := tt.f.Printed(); got != tt.want {
			t.Errorf("%+v.Printed() = %q, want %q", tt.f, got, tt.want)
		}
	}
}

// TestFailureListed: what kubectl prints for a server's error as one of
// several (SPEC 6m "Error output"): the standard form of an API status,
// Invalid included, and a transport error's message with no prefix.
// Reference: kubectl cmdutil.MultipleErrors, StandardErrorMessage.
func TestFailureListed(t *testing.T) {
	tests := []struct {
		f    dcplan.Failure
		want string
	}{
		{dcplan.Failure{Reason: dcplan.StatusConflict, Code: 409, Message: "the object has been modified"},
			"Error from server (Conflict): the object has been modified"},
		{dcplan.Failure{Reason: dcplan.StatusInvalid, Code: 422, Message: `ReplicationController "web-3" is invalid: spec.replicas: Invalid value: -1`},
			`Error from server (Invalid): ReplicationController "web-3" is invalid: spec.replicas: Invalid value: -1`},
		{dcplan.Failure{Code: 500, Message: "an error on the server"}, "Error from server: an error on the server"},
		{dcplan.Failure{Reason: dcplan.StatusUnauthorized, Code: 401, Message: "Unauthorized"},
			"error: You must be logged in to the server (Unauthorized)"},
		{dcplan.Failure{Message: "dial tcp 10.0.0.1:6443: connect: connection refused"},
			"dial tcp 10.0.0.1:6443: connect: connection refused"},
	}
	for _, tt := range tests {
		if got := tt.f.Listed(); got != tt.want {
			t.Errorf("%+v.Listed() = %q, want %q", tt.f, got, tt.want)
		}
	}
}

// TestAggregate checks Aggregate against apimachinery's
// utilerrors.NewAggregate text (SPEC 6m "Error output": an aggregate of
// one error is that error): nothing is "", one text stands alone, several
// distinct ones go in brackets joined by ", ", and a repeated text is
// printed once, where it first appears.
// Reference: k8s.io/apimachinery/pkg/util/errors aggregate.Error.
func TestAggregate(t *testing.T) {
	tests := []struct {
		name string
		errs []string
		want string
	}{
		{"none", nil, ""},
		{"one", []string{"a"}, "a"},
		{"one twice", []string{"a", "a"}, "a"},
		{"two", []string{"a", "b"}, "[a, b]"},
		{"repeat dropped", []string{"b", "a", "b", "c", "a"}, "[b, a, c]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := dcplan.Aggregate(tt.errs); got != tt.want {
				t.Errorf("Aggregate(%q) = %q, want %q", tt.errs, got, tt.want)
			}
		})
	}
}
