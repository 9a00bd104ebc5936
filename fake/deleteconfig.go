package fake

import (
	"context"
	"fmt"
	"slices"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// HoldFinalizer is the finalizer a held delete (DeleteConfig with hold)
// finds on the DC: someone else's, which ReleaseConfig removes.
const HoldFinalizer = "example.com/hold"

// DeleteConfig runs `oc delete dc` on DC ns/dc through the World's
// server, as a user does: with Background propagation, or with orphan
// (--cascade=orphan) the Orphan policy. With hold, someone's finalizer
// (HoldFinalizer) is on the DC first, so the delete only marks it: the DC
// stays, being deleted (SPEC 3.2.4), its RCs with it, until ReleaseConfig.
// Without, it goes at once, and the garbage collector takes its RCs and
// their pods (Background) or releases them (Orphan: they stay, without
// their owner reference, for a DC of the same name to adopt, SPEC 3.3).
func (s *Sim) DeleteConfig(ns, dc string, hold, orphan bool) error {
	c := s.world.Client()
	ctx := context.Background()
	if hold {
		patch := `{"metadata":{"finalizers":["` + HoldFinalizer + `"]}}`
		if _, err := c.Do(ctx, wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceConfigs, Namespace: ns, Name: dc,
			PatchType: patchMerge, Patch: []byte(patch)}); err != nil {
			return fmt.Errorf("fake: hold dc %s/%s: %w", ns, dc, err)
		}
	}
	policy := wire.PropagationBackground
	if orphan {
		policy = propagationOrphan
	}
	if _, err := c.Do(ctx, wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceConfigs, Namespace: ns, Name: dc,
		Delete: wire.DeleteOptions{PropagationPolicy: policy}}); err != nil {
		return fmt.Errorf("fake: delete dc %s/%s: %w", ns, dc, err)
	}
	return nil
}

// ReleaseConfig removes every finalizer of DC ns/dc, as the holder of
// HoldFinalizer does when done: a DC being deleted then goes, and the
// garbage collector takes its RCs and their pods.
func (s *Sim) ReleaseConfig(ns, dc string) error {
	_, err := s.world.Client().Do(context.Background(), wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceConfigs,
		Namespace: ns, Name: dc, PatchType: patchMerge, Patch: []byte(`{"metadata":{"finalizers":null}}`)})
	if err != nil {
		return fmt.Errorf("fake: release dc %s/%s: %w", ns, dc, err)
	}
	return nil
}

// heldDelete is a DC the DeleteConfig fault holds: the step at which it
// releases it, and the DC it creates again then.
type heldDelete struct {
	release int
	config  dcplan.Config
}

// randomDelete makes the DeleteConfig fault on DC ns/dc, unless it is
// being deleted already: held for 2 to 11 steps, gone at once, or
// orphaning its RCs; a DC gone is created again from its spec
// (recreate), as a user applying the same manifest.
func (s *Sim) randomDelete(ns, dc string) {
	cfg, ok := s.world.Config(ns, dc)
	if !ok || cfg.Deleting {
		return
	}
	switch s.rng.IntN(3) {
	case 0:
		if s.DeleteConfig(ns, dc, true, false) != nil {
			return
		}
		release := s.steps + 2 + s.rng.IntN(10)
		if s.held == nil {
			s.held = map[string]heldDelete{}
		}
		s.held[ns+"/"+dc] = heldDelete{release: release, config: cfg}
		s.fault("deletedc", 0, "delete dc/%s/%s held by %s until step %d", ns, dc, HoldFinalizer, release)
	case 1:
		if s.DeleteConfig(ns, dc, false, false) == nil {
			s.fault("deletedc", 0, "delete dc/%s/%s", ns, dc)
			s.recreate(cfg)
		}
	default:
		if s.DeleteConfig(ns, dc, false, true) == nil {
			s.fault("deletedc", 0, "delete dc/%s/%s --cascade=orphan", ns, dc)
			s.recreate(cfg)
		}
	}
}

// releaseHeld releases the DCs the DeleteConfig fault holds whose step
// has come, in name order, and creates each again.
func (s *Sim) releaseHeld() {
	var due []string
	for k, h := range s.held {
		if h.release <= s.steps {
			due = append(due, k)
		}
	}
	slices.Sort(due)
	for _, k := range due {
		h := s.held[k]
		delete(s.held, k)
		if err := s.ReleaseConfig(h.config.Namespace, h.config.Name); err != nil {
			s.trace.add(s.offset(), "release dc/%s: %v", k, err)
			continue
		}
		s.fault("deletedc", 0, "release dc/%s: %s removed", k, HoldFinalizer)
		s.recreate(h.config)
	}
}

// recreate creates DC cfg again, as its manifest says: a new uid, no
// status, no history of its own (an RC left behind is the new DC's to
// adopt).
func (s *Sim) recreate(cfg dcplan.Config) {
	if _, exists := s.world.Config(cfg.Namespace, cfg.Name); exists {
		return // still held by a finalizer of someone else's
	}
	cfg.UID, cfg.ResourceVersion, cfg.Generation, cfg.Deleting = "", "", 0, false
	cfg.Status = dcplan.ConfigStatus{}
	cfg.Raw = nil
	if err := s.AddConfig(cfg); err != nil {
		s.trace.add(s.offset(), "recreate dc/%s/%s: %v", cfg.Namespace, cfg.Name, err)
	}
}
