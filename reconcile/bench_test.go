package reconcile_test

import (
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/benchcpu"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// benchSnapshot returns a DC at version n with n RCs: v1..v(n-1) Complete at 0
// replicas, vn Complete at 3 (the active one), status settled. The DC and
// its RCs come out of wire's decoders, as an adapter's do: their shared
// identity strings (the DC's name and UID in each RC's config label and
// owner reference) are interned (wire/rehome.go), and each RC's Raw is
// the RC its typed fields say (encoded, then decoded), as a write reads
// it.
func benchSnapshot(b testing.TB, n int) dcplan.Snapshot {
	cfg := decoded(b, config(dcplan.Version(n)))
	base := rollout(b, cfg, dcplan.Version(n), dcplan.PhaseComplete, 0)
	rcs := make([]dcplan.Deployment, n)
	for i := range rcs {
		d := base
		d.Version = dcplan.Version(i + 1)
		d.Name = dcplan.DeploymentName(cfg.Name, d.Version)
		d.UID = "uid-" + d.Name
		enc := base.Encoded.Clone() // each RC decodes its own encoded DC
		enc.Status.LatestVersion = d.Version
		d.Encoded = new(enc)
		rcs[i] = d
	}
	rcs[n-1].Replicas, rcs[n-1].StatusReplicas, rcs[n-1].AvailableReplicas, rcs[n-1].ReadyReplicas = 3, 3, 3, 3
	for i := range rcs {
		raw, err := wire.EncodeDeployment(rcs[i])
		if err != nil {
			b.Fatal(err)
		}
		if rcs[i], err = wire.DecodeDeployment(raw); err != nil {
			b.Fatal(err)
		}
	}
	return settled(snapshot(cfg, rcs...))
}

// decoded returns cfg as wire decodes it from its JSON.
func decoded(b testing.TB, cfg dcplan.Config) dcplan.Config {
	raw, err := wire.EncodeConfig(cfg)
	if err != nil {
		b.Fatal(err)
	}
	out, err := wire.DecodeConfig(raw)
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// benchPass runs reconcile.Config over s as the sub-benchmark name,
// reporting allocations and the thread's CPU time.
func benchPass(b *testing.B, name string, s dcplan.Snapshot) {
	b.Run(name, func(b *testing.B) {
		b.ReportAllocs()
		stop := benchcpu.Start(b)
		for b.Loop() {
			reconcile.Config(s)
		}
		stop()
	})
}

func BenchmarkConfig(b *testing.B) {
	for _, n := range []int{1, 10, 100, 1000, 10000} {
		steady := benchSnapshot(b, n)
		if p := reconcile.Config(steady); !p.IsEmpty() {
			b.Fatalf("steady snapshot plans %s", dcplan.Describe(p))
		}
		benchPass(b, "steady/rcs="+strconv.Itoa(n), steady)
		// The order an informer cache lists RCs in: arbitrary. (A pass that
		// writes then validates names through a hash set rather than by
		// their order; see dcplan.Snapshot.Validate.)
		shuffled := steady.Clone()
		rand.New(rand.NewPCG(1, uint64(n))).Shuffle(n, func(i, j int) {
			shuffled.Deployments[i], shuffled.Deployments[j] = shuffled.Deployments[j], shuffled.Deployments[i]
		})
		benchPass(b, "steady-shuffled/rcs="+strconv.Itoa(n), shuffled)
		// A DC whose history is cleaned up to its limit: the limit of
		// old RCs and the active one (SPEC 3.7).
		limited := steady.Clone()
		limited.Config.HasRevisionHistoryLimit, limited.Config.RevisionHistoryLimit = true, int32(n-1)
		if p := reconcile.Config(limited); !p.IsEmpty() {
			b.Fatalf("limited steady snapshot plans %s", dcplan.Describe(p))
		}
		benchPass(b, "steady-limit/rcs="+strconv.Itoa(n), limited)
		scale := steady.Clone()
		scale.Deployments[0].Replicas = 2 // an old RC scaled by hand
		if n == 1 {
			scale.Config.Replicas = 5 // the DC was scaled
		}
		if p := reconcile.Config(scale); len(p.Scales) != 1 {
			b.Fatalf("scale snapshot plans %s", dcplan.Describe(p))
		}
		benchPass(b, "scale/rcs="+strconv.Itoa(n), scale)
		benchWholePass(b, "scale-requests/rcs="+strconv.Itoa(n), scale)
		// latestVersion moved on and its RC does not exist yet: the pass
		// that creates it (SPEC 3.2.12), a typed RC and no JSON.
		create := steady.Clone()
		create.Config.Status.LatestVersion++
		if p := reconcile.Config(create); len(p.CreateRCs) != 1 {
			b.Fatalf("create snapshot plans %s", dcplan.Describe(p))
		}
		b.Run("create/rcs="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			stop := benchcpu.Start(b)
			for b.Loop() {
				reconcile.Config(create)
			}
			stop()
		})
		benchWholePass(b, "create-requests/rcs="+strconv.Itoa(n), create)
	}
}

// benchWholePass runs the whole pass over s as the sub-benchmark name:
// reconcile.Config, then wire.Requests of its plan, the bytes an adapter
// sends (docs/performance.md sets it beside the plan alone).
func benchWholePass(b *testing.B, name string, s dcplan.Snapshot) {
	b.Run(name, func(b *testing.B) {
		b.ReportAllocs()
		stop := benchcpu.Start(b)
		for b.Loop() {
			if _, err := wire.Requests(s, reconcile.Config(s)); err != nil {
				b.Fatal(err)
			}
		}
		stop()
	})
}

// TestSteadyStateAllocatesNothing pins the zero-allocation steady state
// of Config at every size: a DC at its fixed point plans nothing, so
// Config does not even need to validate it.
func TestSteadyStateAllocatesNothing(t *testing.T) {
	for _, n := range []int{1, 8, 100, 10000} {
		s := benchSnapshot(t, n)
		if got := testing.AllocsPerRun(5, func() { reconcile.Config(s) }); got != 0 {
			t.Errorf("Config() of a steady DC with %d RCs allocates %v times, want 0", n, got)
		}
	}
}

// TestConfigConcurrentPlansAreIndependent runs Config on scaling snapshots
// from several goroutines at once (run it with -race too). Scaling works
// without a copy of the RC list, and Validate on stack hash tables;
// passes that shared one, or a plan that kept a pointer into one, would
// differ from the plan made alone.
func TestConfigConcurrentPlansAreIndependent(t *testing.T) {
	var snaps []dcplan.Snapshot
	var want []dcplan.Plan
	for _, n := range []int{1, 3, 10, 40} {
		s := benchSnapshot(t, n).Clone()
		s.Deployments[0].Replicas = 2
		if n == 1 {
			s.Config.Replicas = 5
		}
		snaps, want = append(snaps, s), append(want, reconcile.Config(s))
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				k := (g + i) % len(snaps)
				if d := cmp.Diff(want[k], reconcile.Config(snaps[k])); d != "" {
					errs <- d
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for d := range errs {
		t.Fatalf("a plan made concurrently differs from the plan made alone (-alone +concurrent):\n%s", d)
	}
}
