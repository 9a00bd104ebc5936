package fake_test

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// stableSim returns a quiet simulator over n populated DCs with rcs RCs
// each, brought to rest.
func stableSim(b *testing.B, n, rcs int) *fake.Sim {
	b.Helper()
	s := fake.NewSim(fake.Options{Quiet: true, Resync: -1})
	if err := fake.Populate(s.World(), n, rcs); err != nil {
		b.Fatal(err)
	}
	if _, err := s.Stabilize(10); err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkSimPasses measures simulator throughput on a world at rest:
// each iteration queues every DC and RC and runs one Step, i.e. one DC
// controller pass per DC and one deployer pass per RC (snapshot from the
// store's decode cache, plan, nothing to apply).
func BenchmarkSimPasses(b *testing.B) {
	const dcs = 1000
	s := stableSim(b, dcs, 1)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		s.Resync()
		s.Step()
	}
	b.ReportMetric(float64(2*dcs*b.N)/b.Elapsed().Seconds(), "passes/s")
}

// BenchmarkWireBytesPerRC measures the memory of a world of DCs with ten
// RCs each, one-container template, in wire form without decode cache:
// stored bytes per RC (encoded DC included), and Go heap per RC, plain and
// compressed.
func BenchmarkWireBytesPerRC(b *testing.B) {
	for _, compress := range []bool{false, true} {
		name := "plain"
		if compress {
			name = "compressed"
		}
		b.Run(name, func(b *testing.B) {
			const dcs, rcs = 1000, 10
			var wire, heap float64
			for b.Loop() {
				runtime.GC()
				var m0, m1 runtime.MemStats
				runtime.ReadMemStats(&m0)
				w := fake.NewWorld(fake.Epoch)
				w.Compress, w.NoDecodeCache = compress, true
				if err := fake.Populate(w, dcs, rcs); err != nil {
					b.Fatal(err)
				}
				runtime.GC()
				runtime.ReadMemStats(&m1)
				st := w.Stats()
				wire = float64(st.Bytes+st.Interned) / float64(st.RCs)
				heap = float64(m1.HeapAlloc-m0.HeapAlloc) / float64(st.RCs)
				runtime.KeepAlive(w)
			}
			b.ReportMetric(wire, "wire-B/RC")
			b.ReportMetric(heap, "heap-B/RC")
		})
	}
}

// BenchmarkStabilize measures the time to bring n new DCs through their
// first rollout to rest, fault-free.
func BenchmarkStabilize(b *testing.B) {
	for _, n := range []int{1, 10, 100} {
		b.Run(itoa(n), func(b *testing.B) {
			for b.Loop() {
				s := fake.NewSim(fake.Options{Quiet: true})
				for i := range n {
					if err := s.AddConfig(fake.NewConfig("ns", "app-"+itoa(i), 2)); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := s.Stabilize(20); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*n), "µs/DC")
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

// BenchmarkPopulate builds DCs with ten finished rollouts each in wire
// form: one DC (encoding alone), and 1 000 (the objects encoded on every
// core, then stored in order), into a bare World and, as `examples/rollout
// -scale` does, into a Sim's World (whose watch hears of every object).
func BenchmarkPopulate(b *testing.B) {
	for _, dcs := range []int{1, 1000} {
		b.Run("dcs="+itoa(dcs), func(b *testing.B) { populate(b, dcs, false) })
	}
	b.Run("dcs=1000-sim", func(b *testing.B) { populate(b, 1000, true) })
}

func populate(b *testing.B, dcs int, sim bool) {
	b.ReportAllocs()
	for b.Loop() {
		w := fake.NewWorld(fake.Epoch)
		if sim {
			b.StopTimer()
			s := fake.NewSim(fake.Options{Quiet: true})
			s.World().NoDecodeCache = true
			w = s.World()
			b.StartTimer()
		}
		if err := fake.Populate(w, dcs, 10); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*dcs), "µs/DC")
}

// BenchmarkStabilizePopulated brings 100 populated DCs of ten RCs each to
// rest, and 1 000, as `examples/rollout -scale` does after Populate (one
// pass: every DC and RC planned, the rest check before and after it),
// with the World's decode cache and, as `-scale` runs, without it
// ("uncached": every read decodes, a chunk at a time on every core).
func BenchmarkStabilizePopulated(b *testing.B) {
	for _, dcs := range []int{100, 1000} {
		b.Run(itoa(dcs), func(b *testing.B) { stabilizePopulated(b, dcs, false) })
	}
	b.Run("1000-uncached", func(b *testing.B) { stabilizePopulated(b, 1000, true) })
}

func stabilizePopulated(b *testing.B, dcs int, uncached bool) {
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		s := fake.NewSim(fake.Options{Quiet: true})
		s.World().NoDecodeCache = uncached
		if err := fake.Populate(s.World(), dcs, 10); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := s.Stabilize(10); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*dcs), "µs/DC")
}

// BenchmarkPut stores the fixture RC (7.7 KB with its encoded DC), as the
// explorer seeds a server for every state it expands.
func BenchmarkPut(b *testing.B) {
	obj, err := os.ReadFile(filepath.Join("..", "testdata", "fixtures", "rc-frontend-3-complete.json"))
	if err != nil {
		b.Fatal(err)
	}
	s := fake.NewServer(fake.Epoch)
	b.ReportAllocs()
	b.SetBytes(int64(len(obj)))
	for b.Loop() {
		if err := s.Put(wire.ResourceRCs, obj); err != nil {
			b.Fatal(err)
		}
	}
}
