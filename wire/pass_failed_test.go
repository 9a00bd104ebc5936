package wire_test

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestPassFailed: Pass.Failed reports the failures the pass ended on (the
// last group sent, events aside) and none the planner went past.
func TestPassFailed(t *testing.T) {
	conflict := &wire.StatusError{Reason: dcplan.StatusConflict, Code: 409, Message: "conflict"}
	notFound := &wire.StatusError{Reason: dcplan.StatusNotFound, Code: 404, Message: "not found"}
	update := func(name string, group int) wire.Request {
		return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: name, Group: group}
	}
	event := wire.Request{Verb: wire.VerbEvent, Name: "web"}
	tests := []struct {
		name string
		reqs []wire.Request
		errs []error
		want []error // the failures Failed wraps, in order
	}{
		{"none sent", nil, nil, nil},
		{"all succeeded", []wire.Request{update("a", 0), update("b", 0)}, []error{nil, nil}, nil},
		{"the last request failed", []wire.Request{update("a", 0), update("b", 0)}, []error{nil, conflict}, []error{conflict}},
		{"a failure the planner went past", []wire.Request{update("a", 0), update("b", 0)}, []error{notFound, nil}, nil},
		{"events after the failure", []wire.Request{update("a", 0), event, event}, []error{conflict, nil, nil}, []error{conflict}},
		{"a failure inside the last group", []wire.Request{update("x", 0), update("a", 1), update("b", 1), update("c", 1)},
			[]error{nil, conflict, nil, notFound}, []error{conflict, notFound}},
		{"a failure before the last group", []wire.Request{update("x", 0), update("a", 1), update("b", 1)},
			[]error{conflict, nil, nil}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := wire.Pass{Requests: tt.reqs, Sent: len(tt.errs), Errs: tt.errs}.Failed()
			if (err == nil) != (len(tt.want) == 0) {
				t.Fatalf("Failed() = %v, want failures %v", err, tt.want)
			}
			for _, w := range tt.want {
				if !errors.Is(err, w) {
					t.Errorf("Failed() = %v, does not wrap %v", err, w)
				}
			}
			if len(tt.want) > 0 {
				var joined interface{ Unwrap() []error }
				if !errors.As(err, &joined) || len(joined.Unwrap()) != len(tt.want) {
					t.Errorf("Failed() = %v, want exactly %d failures", err, len(tt.want))
				}
			}
		})
	}
}
