package fake

import (
	"bytes"
	"testing"
)

// FuzzRefPack: whatever the bytes, the dictionary's packer gives them
// back (dcplan's FuzzPack fuzzes the references too).
func FuzzRefPack(f *testing.F) {
	f.Add(dictionary())
	w := NewWorld(Epoch)
	if err := Populate(w, 1, 2); err != nil {
		f.Fatal(err)
	}
	for _, k := range []Kind{KindConfig, KindRC} {
		for _, name := range w.Names(k, "ns-0") {
			data, _ := w.Wire(k, "ns-0", name)
			f.Add(data)
		}
	}
	f.Add([]byte(""))
	f.Add([]byte("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"))
	f.Add([]byte(`{"kind":"ReplicationController","x":"abcabcabcabcabcabc"}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		if got := refPacker().Pack(src).Bytes(); !bytes.Equal(got, src) {
			t.Fatalf("Pack(%q) reads %q", src, got)
		}
	})
}

// TestRefPackShrinksObjects: the objects of a populated World pack to a
// quarter of their size or less (their encoded DCs are cut out first), and
// copies within one object are found (a run the dictionary lacks,
// repeated, packs to little more than one run).
func TestRefPackShrinksObjects(t *testing.T) {
	w := NewWorld(Epoch)
	if err := Populate(w, 20, 10); err != nil {
		t.Fatal(err)
	}
	var raw, packed int
	for _, k := range []Kind{KindConfig, KindRC} {
		for _, name := range w.Names(k, "ns-0") {
			b := w.lookup(k, "ns-0", name).current().blob
			raw += b.size()
			packed += packBlob(b.unpack(), true).size()
		}
	}
	if packed*4 > raw {
		t.Errorf("objects of %d bytes pack to %d", raw, packed)
	}
	run := bytes.Repeat([]byte("zq9#"), 8)
	src := bytes.Repeat(run, 16)
	if n := refPacker().Pack(src).Size(); n > 2*len(run) {
		t.Errorf("%d bytes of one repeated run pack to %d", len(src), n)
	}
}

// BenchmarkBlob packs a populated RC's wire form into a blob and unpacks
// it, plain and packed (World.Compress).
func BenchmarkBlob(b *testing.B) {
	w := NewWorld(Epoch)
	if err := Populate(w, 1, 10); err != nil {
		b.Fatal(err)
	}
	data, _ := w.Wire(KindRC, "ns-0", "app-0-5")
	for _, compress := range []bool{false, true} {
		name := "plain"
		if compress {
			name = "packed"
		}
		b.Run(name+"/pack", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				packBlob(data, compress)
			}
		})
		bl := packBlob(data, compress)
		b.Run(name+"/unpack", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				bl.unpack()
			}
		})
	}
}
