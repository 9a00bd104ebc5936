package fake

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestConfigPassRCsNeverGoBack: SPEC 3.2.12.expect (the DC controller's RC cache).
// The DC controller's RC cache lags on its own beside its DC cache; when
// the DC it read is gone at the write its RC cache has reached (deleted
// since), the pass still reads its RCs from that cache, never from the
// older write its DC cache stands at: a cache does not go back in time.
// Here the RC cache read web-1 at 2 replicas, then the DC was deleted; a
// pass whose DC cache still shows the DC from before the scale must not
// read web-1 at 1 replica.
func TestConfigPassRCsNeverGoBack(t *testing.T) {
	backs := 0
	for seed := range uint64(16) {
		s := NewSim(Options{Seed: seed, Faults: Faults{StaleReads: 3}})
		cfg := NewConfig("ns", "web", 1)
		cfg.Status.LatestVersion = 1
		if err := s.world.CreateConfig(cfg); err != nil {
			t.Fatal(err)
		}
		live, _ := s.world.Config("ns", "web")
		d, err := wire.NewDeployment(live)
		if err != nil {
			t.Fatal(err)
		}
		d.Phase = dcplan.PhaseComplete
		if err := s.world.CreateDeployment(d); err != nil {
			t.Fatal(err)
		}
		if err := s.world.UpdateDeployment("ns", "web-1", func(d *dcplan.Deployment) error {
			d.Replicas = 2
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if err := s.world.Delete(KindConfig, "ns", "web"); err != nil {
			t.Fatal(err)
		}
		// The RC cache has read the store as it is now: web-1 at 2.
		s.cacheSeq = map[cacheKey]uint64{{kind: KindConfig, pods: true}: s.world.seq}
		s.processAs(item{KindConfig, "ns", "web"}, "")
		if len(s.passes) == 0 {
			continue // the DC cache was at the delete: no pass
		}
		seen := s.passes[len(s.passes)-1].Seen
		if rc, ok := seen.Deployment("web-1"); !ok || rc.Replicas != 2 {
			backs++
			t.Errorf("seed %d: the pass read web-1 as %+v (found %v) after its RC cache read it at 2 replicas", seed, rc.Replicas, ok)
		}
	}
	t.Logf("%d of 16 seeds read the RCs back in time", backs)
}
