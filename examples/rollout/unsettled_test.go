package main

import (
	"errors"
	"io"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestRunKeepsUnsettled: a run toward rest whose world does not come to
// rest, even by fake.Sim.Stabilize (here one the planners cannot read:
// settings that name an environment variable without a name), keeps
// Stabilize's error, which the story reports as "not at rest" instead of
// its "at rest" line; the error was dropped, so the story would have
// printed "at rest" over a world that never got there. A later run that
// comes to rest clears it.
func TestRunKeepsUnsettled(t *testing.T) {
	st := dcplan.Modern.Settings()
	st.Environment = []dcplan.EnvVar{{Value: "nameless"}}
	s := fake.NewSim(fake.Options{Seed: 1, Settings: st})
	tl := newTimeline(io.Discard, s)
	if err := s.AddConfig(fake.NewConfig(ns, dc, 1)); err != nil {
		t.Fatal(err)
	}
	tl.run(5, nil)
	if !errors.Is(tl.unsettled, fake.ErrUnreadable) {
		t.Fatalf("a run over a world the planners cannot read: unsettled = %v, want Stabilize's ErrUnreadable", tl.unsettled)
	}
	ok := fake.NewSim(fake.Options{Seed: 1})
	tl.s = ok
	if err := ok.AddConfig(fake.NewConfig(ns, dc, 1)); err != nil {
		t.Fatal(err)
	}
	tl.run(100, nil)
	if tl.unsettled != nil {
		t.Errorf("a run that came to rest left unsettled = %v", tl.unsettled)
	}
}
