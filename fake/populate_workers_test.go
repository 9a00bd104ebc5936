package fake_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// dumpWorld renders every object of the namespaces ns-0 .. ns-<n-1> in
// wire form, the World's write count and the UID and resource version
// its next object would get.
func dumpWorld(t *testing.T, w *fake.World, namespaces int) string {
	t.Helper()
	var b strings.Builder
	for i := range namespaces {
		ns := fmt.Sprintf("ns-%d", i)
		for _, k := range []fake.Kind{fake.KindConfig, fake.KindRC, fake.KindPod} {
			for _, name := range w.Names(k, ns) {
				raw, _ := w.Wire(k, ns, name)
				fmt.Fprintf(&b, "%s %s/%s %s\n", k, ns, name, raw)
			}
		}
	}
	fmt.Fprintf(&b, "seq %d stats %+v\n", w.Seq(), w.Stats())
	if err := w.CreateConfig(fake.NewConfig("probe", "next", 1)); err != nil {
		t.Fatal(err)
	}
	raw, _ := w.Wire(fake.KindConfig, "probe", "next")
	fmt.Fprintf(&b, "next %s\n", raw)
	return b.String()
}

// TestPopulateWorkers checks that Populate's workers change nothing: the
// world built on several goroutines, across chunk boundaries, plain and
// compressed, is the world one goroutine builds, byte for byte, counters
// included; and that a Watch writing between Populate's DCs gets UIDs and
// resource versions of its own, the DCs after it built again from the
// counters it left.
func TestPopulateWorkers(t *testing.T) {
	const dcs, rcs = 1100, 2 // two namespaces, five chunks of 256 DCs
	for _, compress := range []bool{false, true} {
		t.Run(fmt.Sprintf("compress=%v", compress), func(t *testing.T) {
			build := func(workers int) string {
				w := fake.NewWorld(fake.Epoch)
				w.Compress = compress
				if err := fake.PopulateOn(w, dcs, rcs, workers); err != nil {
					t.Fatal(err)
				}
				return dumpWorld(t, w, 2)
			}
			one := build(1)
			if !strings.Contains(one, "app-1099-2") {
				t.Fatalf("the world lacks the last RC:\n%.2000s", one)
			}
			for _, workers := range []int{3, 8} {
				if d := cmp.Diff(one, build(workers)); d != "" {
					t.Errorf("%d workers build another world (-one +many):\n%s", workers, d)
				}
			}
		})
	}
	t.Run("watch writes", func(t *testing.T) {
		build := func(workers int) string {
			w := fake.NewWorld(fake.Epoch)
			writes := 0
			w.Watch = func(ch fake.Change) {
				// Every 100th write adds a DC elsewhere: it takes a UID and
				// a resource version between two of Populate's writes.
				writes++
				if writes%100 == 0 {
					if err := w.CreateConfig(fake.NewConfig("ns-9", fmt.Sprintf("side-%d", writes), 1)); err != nil {
						t.Fatal(err)
					}
				}
			}
			if err := fake.PopulateOn(w, 400, rcs, workers); err != nil {
				t.Fatal(err)
			}
			w.Watch = nil
			return dumpWorld(t, w, 10)
		}
		one := build(1)
		if !strings.Contains(one, "side-100") {
			t.Fatal("the Watch wrote nothing")
		}
		// The Watch's writes take their own UIDs and resource versions.
		for _, field := range []string{`"uid":"`, `"resourceVersion":"`} {
			seen := map[string]string{}
			for _, line := range strings.Split(one, "\n") {
				name, rest, _ := strings.Cut(line, " {")
				// The object's own comes first: the wire form is in
				// Kubernetes order (metadata, then an RC's owner
				// reference), and the encoded DC's are escaped.
				i := strings.Index(rest, field)
				if !strings.HasPrefix(line, "dc ") && !strings.HasPrefix(line, "rc ") || i < 0 {
					continue
				}
				v, _, _ := strings.Cut(rest[i+len(field):], `"`)
				if other, dup := seen[v]; dup {
					t.Fatalf("%s and %s share %s%s", other, name, field, v)
				}
				seen[v] = name
			}
			if len(seen) < 400*(rcs+1) {
				t.Fatalf("%d distinct %s values, want one per object (over %d)", len(seen), field, 400*(rcs+1))
			}
		}
		if d := cmp.Diff(one, build(2)); d != "" {
			t.Errorf("2 workers under a writing Watch build another world (-one +many):\n%s", d)
		}
	})
	t.Run("exists", func(t *testing.T) {
		for _, workers := range []int{1, 2} {
			w := fake.NewWorld(fake.Epoch)
			if err := w.CreateConfig(fake.NewConfig("ns-0", "app-700", 1)); err != nil {
				t.Fatal(err)
			}
			err := fake.PopulateOn(w, 900, rcs, workers)
			if !errors.Is(err, dcplan.ErrAlreadyExists) || !strings.Contains(err.Error(), "ns-0/app-700") {
				t.Errorf("%d workers: error = %v, want ErrAlreadyExists for ns-0/app-700", workers, err)
			}
			if st := w.Stats(); st.Configs != 701 || st.RCs != 700*rcs {
				t.Errorf("%d workers: Stats() = %+v, want the 700 DCs before app-700 stored with their RCs, and app-700", workers, st)
			}
		}
	})
}
