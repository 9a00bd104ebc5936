package fake

import (
	"bytes"
	"testing"
)

// seedPack adds the dictionary, a populated RC and DC, and small inputs.
func seedPack(f *testing.F) {
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
}

// FuzzRefPack: whatever the bytes, unpacking what pack wrote gives them
// back, and the packed form is at most a little longer than the bytes
// (every copy is shorter than what it stands for; only the heads of the
// literals between copies add to the length).
func FuzzRefPack(f *testing.F) {
	seedPack(f)
	p := refPacker()
	f.Fuzz(func(t *testing.T, src []byte) {
		packed := p.pack(nil, src)
		if limit := len(src) + len(src)/64 + 16; len(packed) > limit {
			t.Fatalf("pack(%d bytes) wrote %d bytes, over %d", len(src), len(packed), limit)
		}
		got, err := p.unpack(nil, packed)
		if err != nil || !bytes.Equal(got, src) {
			t.Fatalf("unpack(pack(%q)) = %q, %v", src, got, err)
		}
	})
}

// FuzzRefUnpack: bytes pack did not write give errBadPack or some
// document, never a panic or more than maxUnpacked bytes.
func FuzzRefUnpack(f *testing.F) {
	seedPack(f)
	p := refPacker()
	f.Add(p.pack(nil, dictionary()))
	f.Add([]byte{0x03, 0x00})                   // a copy of one byte: too short? still valid
	f.Add([]byte{0x05, 0xff, 0xff, 0xff, 0x0f}) // a copy from far past the end
	f.Add([]byte{0x06, 'a'})                    // a literal longer than what follows
	f.Fuzz(func(t *testing.T, src []byte) {
		out, err := p.unpack(nil, src)
		if err != nil && err != errBadPack {
			t.Fatalf("unpack error %v", err)
		}
		if len(out) > maxUnpacked {
			t.Fatalf("unpack wrote %d bytes", len(out))
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
			raw += len(b.data)
			packed += len(packBlob(b.unpack(), true).data)
		}
	}
	if packed*4 > raw {
		t.Errorf("objects of %d bytes pack to %d", raw, packed)
	}
	run := bytes.Repeat([]byte("zq9#"), 8)
	src := bytes.Repeat(run, 16)
	if n := len(refPacker().pack(nil, src)); n > 2*len(run) {
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
