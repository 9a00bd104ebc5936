package fake

import (
	"bytes"
	"testing"
)

// packSeeds are a reference and documents alike and unlike it.
var packSeeds = [][2]string{
	{`{"kind":"ReplicationController","metadata":{"name":"web-1","namespace":"shop"}}`,
		`{"kind":"ReplicationController","metadata":{"name":"web-2","namespace":"shop"}}`},
	{"", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},
	{"abcdef", `{"x":"abcabcabcabcabcabc"}`},
	{"same document", "same document"},
}

// FuzzPack: whatever the reference and the bytes, a packedJSON a packer
// returns reads as the bytes (Bytes, AppendTo behind a prefix, Len,
// Equal), a packed one is shorter than them, and it keeps nothing of the
// document it was given.
func FuzzPack(f *testing.F) {
	for _, s := range packSeeds {
		f.Add([]byte(s[0]), []byte(s[1]))
	}
	f.Fuzz(func(t *testing.T, ref, src []byte) {
		ref, src = bytes.Clone(ref), bytes.Clone(src) // the fuzzer's arguments may share bytes
		keep := bytes.Clone(src)
		s := newPacker(ref).Pack(src)
		if s.Packed() {
			if s.Size() >= len(src) {
				t.Fatalf("packed %d bytes into %d", len(src), s.Size())
			}
			clear(src) // a packed value holds nothing of src
		}
		if got := s.Bytes(); !bytes.Equal(got, keep) {
			t.Fatalf("Pack(%q) against %q reads %q", keep, ref, got)
		}
		if got := s.AppendTo([]byte("head")); !bytes.Equal(got, append([]byte("head"), keep...)) {
			t.Fatalf("AppendTo behind a prefix gives %q", got)
		}
		if s.Len() != len(keep) || s.IsZero() != (len(keep) == 0) {
			t.Fatalf("Len %d, IsZero %v for %d bytes", s.Len(), s.IsZero(), len(keep))
		}
		if !s.Equal(plainJSON(keep)) || !plainJSON(keep).Equal(s) {
			t.Fatalf("a packed value and its plain bytes are not Equal")
		}
	})
}

// FuzzUnpack: operations appendPacked did not write give errBadPack or
// some document, never a panic or more than maxUnpacked bytes.
func FuzzUnpack(f *testing.F) {
	p := newPacker([]byte(packSeeds[0][0]))
	f.Add(p.appendPacked(nil, []byte(packSeeds[0][1])))
	f.Add([]byte{0x03, 0x00})                   // a copy of one byte
	f.Add([]byte{0x05, 0xff, 0xff, 0xff, 0x0f}) // a copy from far past the end
	f.Add([]byte{0x06, 'a'})                    // a literal longer than what follows
	f.Fuzz(func(t *testing.T, src []byte) {
		out, err := unpack(p.Reference(), nil, src)
		if err != nil && err != errBadPack {
			t.Fatalf("unpack error %v", err)
		}
		if len(out) > maxUnpacked {
			t.Fatalf("unpack wrote %d bytes", len(out))
		}
	})
}

// TestPackFindsCopies: a document like the reference packs to a few
// bytes, a run repeated within a document to little more than one run,
// and Reset packs against the new reference while values packed before
// still read as they did.
func TestPackFindsCopies(t *testing.T) {
	ref := []byte(`{"kind":"ReplicationController","metadata":{"name":"web-1","namespace":"shop","labels":{"app":"web"}}}`)
	doc := bytes.Replace(ref, []byte("web-1"), []byte("web-2"), 1)
	p := newPacker(ref)
	s := p.Pack(doc)
	if !s.Packed() || s.Size() > 16 {
		t.Errorf("a document one byte off its reference packs to %d bytes (packed %v), want at most 16", s.Size(), s.Packed())
	}
	run := bytes.Repeat([]byte("zq9#"), 8)
	if n := p.Pack(bytes.Repeat(run, 16)).Size(); n > 2*len(run) {
		t.Errorf("%d bytes of one repeated run pack to %d", 16*len(run), n)
	}
	p.Reset([]byte("something else entirely, long enough"))
	if got := s.Bytes(); !bytes.Equal(got, doc) {
		t.Errorf("after Reset a value packed before reads %q", got)
	}
	var zero packer
	if z := zero.Pack(doc); z.Packed() || !bytes.Equal(z.Bytes(), doc) {
		t.Errorf("the zero packer packed a document")
	}
}

// TestStoredJSONClone: a plain value's clone owns its bytes; a packed
// value is shared as it is.
func TestStoredJSONClone(t *testing.T) {
	b := []byte(`{"a":1}`)
	s := plainJSON(b)
	c := s.Clone()
	b[1] = 'X'
	if string(c.Bytes()) != `{"a":1}` {
		t.Errorf("Clone of a plain value shares its bytes: %q", c.Bytes())
	}
	if !(packedJSON{}).Clone().IsZero() || !plainJSON([]byte{}).IsZero() {
		t.Errorf("the zero value does not clone to zero")
	}
}

// BenchmarkPack packs an RC-sized document against a neighbour and reads
// it back.
func BenchmarkPack(b *testing.B) {
	ref := bytes.Repeat([]byte(`{"name":"frontend-1","image":"quay.io/shop/frontend:v1","replicas":3},`), 30)
	doc := bytes.Replace(ref, []byte("frontend-1"), []byte("frontend-2"), -1)
	p := newPacker(ref)
	b.Run("pack", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(doc)))
		for b.Loop() {
			p.Pack(doc)
		}
	})
	s := p.Pack(doc)
	b.Run("unpack", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(doc)))
		for b.Loop() {
			s.Bytes()
		}
	})
}
