package fake

import (
	"bytes"
	"testing"
)

// TestUnpackCopiesOnlyWhatItUnpacked pins the copy operations of unpack
// whose offset is past the reference: they count from dst's length on
// entry and may copy only bytes this call already unpacked; a copy from
// further on is errBadPack, not a shorter document. Operations: a literal
// is head n<<1 and n bytes; a copy is head n<<1|1 and an offset, below
// len(ref) into ref, from len(ref) on into the unpacked bytes.
func TestUnpackCopiesOnlyWhatItUnpacked(t *testing.T) {
	ref := []byte("abc")
	for _, tc := range []struct {
		name     string
		dst, src []byte
		want     string
		wantErr  error
	}{
		{name: "copy of the byte unpacked", src: []byte{2, 'x', 3, 3}, want: "xx"},
		{name: "copy from the reference", src: []byte{2, 'x', 5, 1}, want: "xbc"},
		{name: "copy past the unpacked byte", src: []byte{2, 'x', 3, 4}, wantErr: errBadPack},
		{name: "copy before anything unpacked", src: []byte{3, 3}, wantErr: errBadPack},
		{name: "dst's bytes are not this document's", dst: []byte("PRE"), src: []byte{2, 'x', 3, 3}, want: "PRExx"},
		{name: "dst's bytes cannot be copied", dst: []byte("PRE"), src: []byte{2, 'x', 3, 4}, wantErr: errBadPack},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := unpack(ref, bytes.Clone(tc.dst), tc.src)
			if err != tc.wantErr || (err == nil && string(out) != tc.want) {
				t.Errorf("unpack(%q, %q, %v) = %q, %v; want %q, %v", ref, tc.dst, tc.src, out, err, tc.want, tc.wantErr)
			}
		})
	}
}
