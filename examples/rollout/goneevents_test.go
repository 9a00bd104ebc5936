package main

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestEventsPrintWhileTheDCIsGone: an event recorded while the DC is
// deleted (the deletedc fault's window) prints at the look that sees it,
// as any other does; the look returned before the events once the DC's
// snapshot failed, so they printed late, under the time a DC of the name
// was back.
func TestEventsPrintWhileTheDCIsGone(t *testing.T) {
	s := fake.NewSim(fake.Options{Seed: 1})
	var out strings.Builder
	tl := newTimeline(&out, s)
	if err := s.AddConfig(fake.NewConfig(ns, dc, 1)); err != nil {
		t.Fatal(err)
	}
	tl.run(100, nil)
	if err := s.World().Delete(fake.KindConfig, ns, dc); err != nil {
		t.Fatal(err)
	}
	ev := &wire.Event{Object: dcplan.ObjectRef{Kind: "ReplicationController", Namespace: ns, Name: "frontend-1"},
		Type: "Warning", Reason: "Orphaned", Message: "its DC is gone"}
	if _, err := s.World().Client().Do(t.Context(), wire.Request{Verb: wire.VerbEvent, Namespace: ns, Event: ev}); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	tl.look()
	if !strings.Contains(out.String(), "event Warning Orphaned: its DC is gone") {
		t.Errorf("the look while the DC is gone printed %q, want the event", out.String())
	}
}
