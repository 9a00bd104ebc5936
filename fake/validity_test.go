package fake_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestWorldClientRefusesInvalidObjects: every write path of World.Client
// (create, update, patch) whose result decodes but is invalid (dcplan's
// rules for one object: spec.replicas below zero) is refused with Invalid
// (422) naming the field, and nothing is stored.
func TestWorldClientRefusesInvalidObjects(t *testing.T) {
	ctx := context.Background()
	rc := `{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"web-1","namespace":"ns"},"spec":{"replicas":%s}}`
	body := func(n string) []byte { return []byte(strings.Replace(rc, "%s", n, 1)) }
	tests := []struct {
		name string
		why  string
		req  wire.Request
	}{
		{name: "create", why: "a new RC with spec.replicas -3",
			req: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "ns", Body: body("-3")}},
		{name: "update", why: "the stored RC replaced by one with spec.replicas -3",
			req: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "ns", Name: "web-1", Body: body("-3")}},
		{name: "patch", why: "a strategic-merge patch setting spec.replicas -3",
			req: wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "ns", Name: "web-1",
				PatchType: wire.PatchStrategicMerge, Patch: []byte(`{"spec":{"replicas":-3}}`)}},
		{name: "create dc", why: "a DC with spec.replicas -1",
			req: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceConfigs, Namespace: "ns",
				Body: []byte(`{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","metadata":{"name":"web"},"spec":{"replicas":-1}}`)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := fake.NewWorld(fake.Epoch)
			if tt.req.Name != "" {
				if _, err := w.Client().Do(ctx, wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "ns", Body: body("1")}); err != nil {
					t.Fatal(err)
				}
			}
			before, _ := w.Wire(fake.KindRC, "ns", "web-1")
			_, err := w.Client().Do(ctx, tt.req)
			var status *wire.StatusError
			if !errors.As(err, &status) || status.Code != 422 || status.Reason != dcplan.StatusInvalid || !strings.Contains(err.Error(), "spec.replicas") {
				t.Errorf("%s (%s): error %v, want Invalid (422) naming spec.replicas", tt.name, tt.why, err)
			}
			if after, _ := w.Wire(fake.KindRC, "ns", "web-1"); string(after) != string(before) {
				t.Errorf("%s (%s): refused, yet stored %s over %s", tt.name, tt.why, after, before)
			}
			if got := w.Names(fake.KindConfig, "ns"); len(got) != 0 {
				t.Errorf("%s (%s): refused, yet stored dc %v", tt.name, tt.why, got)
			}
		})
	}
}

// TestSimRefusesInvalidObjects: the Sim's user operations and AddConfig
// return the World's refusal of an invalid object (wrapping ErrInvalid
// and dcplan.ErrInvalidSnapshot), and store nothing.
func TestSimRefusesInvalidObjects(t *testing.T) {
	tests := []struct {
		name string
		why  string
		do   func(s *fake.Sim) error
	}{
		{name: "scale rc", why: "oc scale rc --replicas=-3", do: func(s *fake.Sim) error { return s.ScaleRC("ns", "web-1", -3) }},
		{name: "dc replicas", why: "a DC with spec.replicas -1", do: func(s *fake.Sim) error { return s.AddConfig(fake.NewConfig("ns", "api", -1)) }},
		{name: "dc name", why: "a DC without a name", do: func(s *fake.Sim) error { return s.AddConfig(fake.NewConfig("ns", "", 1)) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := fake.NewSim(fake.Options{Seed: 1})
			if err := s.AddConfig(fake.NewConfig("ns", "web", 1)); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Stabilize(20); err != nil {
				t.Fatal(err)
			}
			before := s.Trace()
			err := tt.do(s)
			if !errors.Is(err, fake.ErrInvalid) || !errors.Is(err, dcplan.ErrInvalidSnapshot) {
				t.Errorf("%s (%s) = %v, want an error wrapping fake.ErrInvalid and dcplan.ErrInvalidSnapshot", tt.name, tt.why, err)
			}
			if got := s.World().Names(fake.KindConfig, "ns"); len(got) != 1 {
				t.Errorf("%s (%s): DCs %v, want only web", tt.name, tt.why, got)
			}
			if rc, _ := s.World().Deployment("ns", "web-1"); rc.Replicas != 1 {
				t.Errorf("%s (%s): web-1 has %d replicas, want 1", tt.name, tt.why, rc.Replicas)
			}
			if got := s.Trace(); got != before {
				t.Errorf("%s (%s): refused, yet traced %q", tt.name, tt.why, strings.TrimPrefix(got, before))
			}
		})
	}
}

// TestStabilizeRefusesInvalidWorld: a world the planners refuse to plan
// for (here every snapshot is invalid: the settings hold an unknown
// switch value, so each planner returns an empty plan) is not at rest:
// Stable is false and Stabilize and Liveness say why, rather than report
// it at rest after nothing ran.
func TestStabilizeRefusesInvalidWorld(t *testing.T) {
	st := dcplan.Modern.Settings()
	st.Paused = 99
	s := fake.NewSim(fake.Options{Seed: 1, Settings: st})
	if err := s.AddConfig(fake.NewConfig("ns", "web", 1)); err != nil {
		t.Fatal(err)
	}
	if s.Stable() {
		t.Errorf("Stable() = true for a world no planner can read")
	}
	if n, err := s.Stabilize(20); !errors.Is(err, dcplan.ErrInvalidSettings) || !strings.Contains(fmt.Sprint(err), "ns/web") {
		t.Errorf("Stabilize() = %d, %v; want an error naming dc ns/web and wrapping ErrInvalidSettings", n, err)
	}
	if err := fake.Liveness(s); !errors.Is(err, dcplan.ErrInvalidSettings) {
		t.Errorf("Liveness() = %v, want an error wrapping ErrInvalidSettings", err)
	}
}
