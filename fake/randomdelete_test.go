package fake

import "testing"

// heldSim returns a Sim whose DC ns/web is being deleted, held by
// HoldFinalizer until step release, as the DeleteConfig fault leaves it.
func heldSim(t *testing.T, release int) *Sim {
	t.Helper()
	s := NewSim(Options{Seed: 1})
	if err := s.AddConfig(NewConfig("ns", "web", 1)); err != nil {
		t.Fatal(err)
	}
	cfg, _ := s.world.Config("ns", "web")
	cfg.Status.LatestVersion = 3 // as a DC that rolled out keeps it
	if err := s.DeleteConfig("ns", "web", true, false); err != nil {
		t.Fatal(err)
	}
	s.held = map[string]heldDelete{"ns/web": {release: release, config: cfg}}
	return s
}

// TestRandomDeleteSkipsADCBeingDeleted: the DeleteConfig fault leaves a DC
// already being deleted alone: no second delete, no new release step.
func TestRandomDeleteSkipsADCBeingDeleted(t *testing.T) {
	s := heldSim(t, 50)
	before := s.Trace()
	for range 20 {
		s.randomDelete("ns", "web")
	}
	if h := s.held["ns/web"]; h.release != 50 || s.Trace() != before {
		t.Errorf("random deletes of a DC being deleted: release step %d (want 50), trace grew by\n%s", h.release, s.Trace()[len(before):])
	}
}

// TestReleaseHeldAtItsStep: a held DC is released at its release step,
// not a step later, and created again from its spec, as a user applying
// its manifest: a new uid, no status.
func TestReleaseHeldAtItsStep(t *testing.T) {
	s := heldSim(t, 0)
	old, _ := s.world.Config("ns", "web")
	s.releaseHeld()
	cfg, ok := s.world.Config("ns", "web")
	if len(s.held) != 0 || !ok || cfg.Deleting || cfg.UID == old.UID || cfg.Status.LatestVersion != 0 {
		t.Errorf("at its release step: held %v, DC exists %v, deleting %v, uid %s (was %s), latestVersion %d; want released and created again",
			s.held, ok, cfg.Deleting, cfg.UID, old.UID, cfg.Status.LatestVersion)
	}
}

// TestRecreateWaitsForTheHeldDC: recreate of a DC that still exists (held
// by someone else's finalizer) does nothing: no create, nothing traced.
func TestRecreateWaitsForTheHeldDC(t *testing.T) {
	s := heldSim(t, 50)
	before := s.Trace()
	s.recreate(s.held["ns/web"].config)
	if cfg, _ := s.world.Config("ns", "web"); !cfg.Deleting || s.Trace() != before {
		t.Errorf("recreate of a held DC: deleting %v, trace grew by\n%s", cfg.Deleting, s.Trace()[len(before):])
	}
}
