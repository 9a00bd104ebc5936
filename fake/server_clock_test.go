package fake_test

import (
	"context"
	"testing"
	"time"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestServerSetNow: a Server stamps what it creates with its clock, which
// SetNow moves (a caller driving its own passes moves it with its
// snapshots' Now); over a World it is World.Now. A server's clock could
// not be moved, so every object of a long run was created at one instant.
func TestServerSetNow(t *testing.T) {
	t0 := time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)
	t1 := t0.Add(90 * time.Minute)
	create := func(s *fake.Server, name string) time.Time {
		t.Helper()
		w, err := s.Do(context.Background(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "shop", Name: name,
			Body: []byte(`{"metadata":{"name":"` + name + `","namespace":"shop"},"spec":{"replicas":0}}`)})
		if err != nil {
			t.Fatalf("create %s: %v", name, err)
		}
		return w.Created
	}
	s := fake.NewServer(t0)
	if got := create(s, "web-1"); !got.Equal(t0) {
		t.Errorf("web-1 created at %v, want %v", got, t0)
	}
	s.SetNow(t1)
	if !s.Now().Equal(t1) {
		t.Errorf("Now() = %v after SetNow(%v)", s.Now(), t1)
	}
	if got := create(s, "web-2"); !got.Equal(t1) {
		t.Errorf("web-2 created at %v, want %v", got, t1)
	}
	w := fake.NewWorld(t0)
	c := w.Client()
	c.SetNow(t1)
	if !w.Now.Equal(t1) {
		t.Errorf("World.Now = %v after its client's SetNow(%v)", w.Now, t1)
	}
}
