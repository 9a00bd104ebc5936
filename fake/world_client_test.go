package fake_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestWorldClientDefaultsTypeMeta: a create through World.Client whose
// body has no kind or apiVersion is stored with the resource's, as the API
// server's decoder defaults them from the URL, and reads back typed; it
// does not panic on the World's decode.
func TestWorldClientDefaultsTypeMeta(t *testing.T) {
	for _, c := range []struct {
		res, body string
		kind      fake.Kind
	}{
		{wire.ResourceRCs, `{"metadata":{"name":"x"}}`, fake.KindRC},
		{wire.ResourcePods, `{"metadata":{"name":"x"}}`, fake.KindPod},
		{wire.ResourceConfigs, `{"metadata":{"name":"x"}}`, fake.KindConfig},
		{wire.ResourceRCs, `{"kind":"","metadata":{"name":"x"}}`, fake.KindRC},
	} {
		w := fake.NewWorld(fake.Epoch)
		if _, err := w.Client().Do(context.Background(), wire.Request{Verb: wire.VerbCreate, Resource: c.res, Namespace: "ns", Body: []byte(c.body)}); err != nil {
			t.Errorf("create %s %s: %v", c.res, c.body, err)
			continue
		}
		if got := w.Names(c.kind, "ns"); len(got) != 1 || got[0] != "x" {
			t.Errorf("create %s %s: stored %v, want [x]", c.res, c.body, got)
		}
	}
	s := fake.NewServer(fake.Epoch)
	if _, err := s.Do(context.Background(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "ns", Body: []byte(`{"metadata":{"name":"x"}}`)}); err != nil {
		t.Fatal(err)
	}
	if b, _ := s.Object(wire.ResourceRCs, "ns", "x"); !strings.Contains(string(b), `"apiVersion":"v1"`) || !strings.Contains(string(b), `"kind":"ReplicationController"`) {
		t.Errorf("NewServer stored %s, want kind and apiVersion defaulted", b)
	}
}

// TestWorldClientRefusesWhatDoesNotDecode: a write through World.Client
// whose result the World's codec cannot decode is refused with Invalid
// (a *wire.StatusError), and nothing is stored: neither a created object
// nor a new version of an updated one.
func TestWorldClientRefusesWhatDoesNotDecode(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		res, body string
		kind      fake.Kind
	}{
		{wire.ResourceRCs, `{"metadata":{"name":"x"},"spec":{"replicas":"3"}}`, fake.KindRC},
		{wire.ResourceConfigs, `{"metadata":{"name":"x"},"spec":{"template":"x"}}`, fake.KindConfig},
		{wire.ResourceRCs, `{"kind":"Pod","apiVersion":"v1","metadata":{"name":"x"}}`, fake.KindRC},
	} {
		w := fake.NewWorld(fake.Epoch)
		_, err := w.Client().Do(ctx, wire.Request{Verb: wire.VerbCreate, Resource: c.res, Namespace: "ns", Body: []byte(c.body)})
		var status *wire.StatusError
		if !errors.As(err, &status) || status.Reason != dcplan.StatusInvalid || status.Code != 422 {
			t.Errorf("create %s %s: error %v, want Invalid", c.res, c.body, err)
		}
		if got := w.Names(c.kind, "ns"); len(got) != 0 {
			t.Errorf("create %s %s: refused, yet stored %v", c.res, c.body, got)
		}
	}
	w := fake.NewWorld(fake.Epoch)
	if _, err := w.Client().Do(ctx, wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "ns", Body: []byte(`{"metadata":{"name":"x"}}`)}); err != nil {
		t.Fatal(err)
	}
	before, _ := w.Wire(fake.KindRC, "ns", "x")
	_, err := w.Client().Do(ctx, wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "ns", Name: "x", Body: []byte(`{"metadata":{"name":"x"},"spec":{"replicas":"3"}}`)})
	var status *wire.StatusError
	if !errors.As(err, &status) || status.Reason != dcplan.StatusInvalid {
		t.Errorf("update to an undecodable RC: error %v, want Invalid", err)
	}
	if after, _ := w.Wire(fake.KindRC, "ns", "x"); string(after) != string(before) {
		t.Errorf("refused update stored %s over %s", after, before)
	}
}

// TestWorldClientLogsNothing: World.Client's write log is off, as its doc
// says: a long simulation keeps no log of its writes.
func TestWorldClientLogsNothing(t *testing.T) {
	c := fake.NewWorld(fake.Epoch).Client()
	if _, err := c.Do(context.Background(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Namespace: "ns",
		Body: []byte(`{"metadata":{"name":"x"}}`)}); err != nil {
		t.Fatal(err)
	}
	if log := c.Log(); len(log) != 0 {
		t.Errorf("World.Client logged %d writes, want none", len(log))
	}
}
