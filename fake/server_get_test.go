package fake_test

import (
	"context"
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestServerGetAnswers: a GET of a resource the server does not serve is
// NotFound with the text of an unknown URL, not of a missing object; one
// with a cancelled context fails before it is sent, with no status.
func TestServerGetAnswers(t *testing.T) {
	s := newTestServer(t)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name          string
		ctx           context.Context
		resource, obj string
		want          string
		reason        dcplan.StatusReason // "" for an error that is no status
	}{
		{"unknown resource", context.Background(), "secrets", "web-1", "the server could not find the requested resource", dcplan.StatusNotFound},
		{"missing object", context.Background(), wire.ResourceRCs, "web-9", `replicationcontrollers "web-9" not found`, dcplan.StatusNotFound},
		{"cancelled", cancelled, wire.ResourceRCs, "web-1", "fake: get replicationcontrollers shop/web-1: context canceled", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.Get(tc.ctx, tc.resource, "shop", tc.obj)
			if errText(err) != tc.want {
				t.Fatalf("get = %v, want %q", err, tc.want)
			}
			var se *wire.StatusError
			if isStatus := errors.As(err, &se); isStatus != (tc.reason != "") || isStatus && se.Reason != tc.reason {
				t.Errorf("get = %#v, want reason %q (\"\": no status error)", err, tc.reason)
			}
		})
	}
}
