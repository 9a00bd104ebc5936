package fake

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/bits"
	"sync"
)

// packedJSON is the wire form of an object as the World stores it
// (blob): either the bytes themselves, or those bytes packed against a
// reference that other objects share (see packer). The World's objects
// are nearly all alike, so a packed one costs a fraction of its JSON.
//
// Both forms read the same: Bytes, AppendTo, Len and Equal see the
// unpacked JSON. A packedJSON is read only: a packed one shares its
// reference with other values, and Bytes of a plain one is the held
// slice itself. The zero value is "no JSON".
type packedJSON struct {
	// data is the JSON when ref is nil, and the packed form (a uvarint
	// of the unpacked length, then the operations of pack) otherwise.
	data []byte
	ref  *reference
}

// plainJSON returns b held as it is: no copy is made, so b must not change
// afterwards. A nil or empty b gives the zero packedJSON.
func plainJSON(b []byte) packedJSON {
	if len(b) == 0 {
		return packedJSON{}
	}
	return packedJSON{data: b}
}

// IsZero reports whether s holds no JSON.
func (s packedJSON) IsZero() bool { return len(s.data) == 0 }

// Packed reports whether s is held packed against a shared reference.
func (s packedJSON) Packed() bool { return s.ref != nil }

// Len returns the length of the JSON s holds.
func (s packedJSON) Len() int {
	if s.ref == nil {
		return len(s.data)
	}
	n, _ := packedLen(s.data)
	return n
}

// Size returns the bytes s holds of its own: its JSON when plain, its
// packed form otherwise (the shared reference is not counted).
func (s packedJSON) Size() int { return cap(s.data) }

// Bytes returns the JSON s holds, which the caller must not modify: for
// a plain value the held bytes themselves, for a packed one a fresh copy
// (use AppendTo to unpack into a buffer of your own). Nil for the zero
// value.
func (s packedJSON) Bytes() []byte {
	if s.ref == nil {
		return s.data
	}
	return s.AppendTo(make([]byte, 0, s.Len()))
}

// AppendTo appends the JSON s holds to dst and returns the extended
// buffer.
func (s packedJSON) AppendTo(dst []byte) []byte {
	if s.ref == nil {
		return append(dst, s.data...)
	}
	n, k := packedLen(s.data)
	out, err := unpack(s.ref.b, dst, s.data[k:])
	if err != nil || len(out)-len(dst) != n {
		// Only packer.Pack writes packed forms, and the fields are
		// unexported: this is memory corruption, not input.
		panic("fake: a packed packedJSON does not unpack")
	}
	return out
}

// Equal reports whether s and o hold the same JSON, whatever their forms.
// It is what go-cmp compares packedJSON values with.
func (s packedJSON) Equal(o packedJSON) bool {
	if s.ref == nil && o.ref == nil {
		return bytes.Equal(s.data, o.data)
	}
	if s.ref == o.ref && bytes.Equal(s.data, o.data) {
		return true // the same packing of one reference: the same JSON
	}
	if s.Len() != o.Len() {
		return false
	}
	return bytes.Equal(s.Bytes(), o.Bytes())
}

// Clone returns a copy of s that shares nothing writable with it: a plain
// value's bytes are copied; a packed value, read only by construction, is
// returned as it is.
func (s packedJSON) Clone() packedJSON {
	if s.ref != nil || s.data == nil {
		return s
	}
	return packedJSON{data: bytes.Clone(s.data)}
}

// packer packs JSON against a reference document: the runs of a
// document's bytes found in the reference, or earlier in the document
// itself, are stored as copies and the rest as literals. Objects of one
// kind are nearly all alike (the same keys, labels, annotations and
// templates, with other names and numbers), so most of one packed
// against another is a handful of long copies. Package wire packs the RCs
// of one DC against a neighbour (DecodeList); package fake packs its
// store against a dictionary of typical objects (World.Compress).
//
// A packed document is a sequence of operations, each a uvarint head:
//
//	head = n<<1       n literal bytes follow;
//	head = n<<1 | 1   a uvarint offset follows: copy n bytes from
//	                  offset, which counts through the reference and
//	                  then through the bytes unpacked so far (a copy
//	                  from those may overlap its own output, and is
//	                  then copied byte by byte, as LZ77 copies).
//
// Packing looks up two hashes (the reference's, the document's own) per
// position outside a copy; unpacking is a few copies. The packed form is a
// pure function of the reference and the document. Pack may run on
// several goroutines at once (it only reads the table); Reset may not run
// alongside anything. The packedJSON values it returns are safe to share.
// The zero packer holds every document plain until Reset gives it a
// reference.
type packer struct {
	ref *reference
	// table holds, for the hash of each refMatch-byte sequence of the
	// reference, one more than the position of its first occurrence (0:
	// none); its length is 1<<bits.
	table []int32
	bits  uint
}

// reference is what packed values share: the reference's bytes.
type reference struct{ b []byte }

const (
	// refMatch is the shortest copy: the bytes hashed to find one. A
	// copy costs 2 to 5 bytes (copyCost), so shorter ones would not pay.
	refMatch = 6
	// localBits sizes the table of one document's own positions, cleared
	// for each document.
	localBits = 10
	// maxUnpacked bounds what unpack writes: no Kubernetes object comes
	// near it (etcd refuses objects over 1.5 MiB).
	maxUnpacked = 1 << 26
)

// newPacker returns a packer of ref, which must not change afterwards:
// the values it packs keep it, and read their copies from it.
func newPacker(ref []byte) *packer {
	p := new(packer)
	p.Reset(ref)
	return p
}

// Reset makes p a packer of ref, reusing its table. Values packed before
// keep the reference they were packed against.
func (p *packer) Reset(ref []byte) {
	// A table of about twice the reference's positions, within bounds.
	b := uint(min(max(bits.Len(uint(len(ref)))+1, localBits), 20))
	if cap(p.table) >= 1<<b {
		p.table = p.table[:1<<b]
		clear(p.table)
	} else {
		p.table = make([]int32, 1<<b)
	}
	p.bits, p.ref = b, &reference{b: ref}
	for i := 0; i+refMatch <= len(ref); i++ {
		if h := refHash(ref, i, b); p.table[h] == 0 {
			p.table[h] = int32(i + 1)
		}
	}
}

// Reference returns the reference p packs against.
func (p *packer) Reference() []byte { return p.ref.b }

// Pack returns b packed against p's reference when that is shorter than
// b, and b itself, held plain as plainJSON holds it, otherwise (so b must
// not change afterwards). A packed result keeps nothing of b.
func (p *packer) Pack(b []byte) packedJSON {
	if len(b) == 0 {
		return packedJSON{}
	}
	if p.ref == nil {
		return plainJSON(b) // the zero packer: no reference yet
	}
	buf := packScratch.Get().(*[]byte)
	*buf = p.appendPacked(binary.AppendUvarint((*buf)[:0], uint64(len(b))), b)
	var s packedJSON
	if len(*buf) < len(b) {
		s = packedJSON{data: append(make([]byte, 0, len(*buf)), *buf...), ref: p.ref}
	} else {
		s = plainJSON(b)
	}
	if cap(*buf) <= 1<<16 {
		packScratch.Put(buf)
	}
	return s
}

var packScratch = sync.Pool{New: func() any { return new([]byte) }}

// packedLen reads the unpacked length at the head of a packed form: the
// length and the head's size.
func packedLen(data []byte) (int, int) {
	n, k := binary.Uvarint(data)
	if k <= 0 || n > maxUnpacked {
		return 0, 0
	}
	return int(n), k
}

// refHash hashes the refMatch bytes of b at i into bits bits.
func refHash(b []byte, i int, bits uint) uint32 {
	var v uint64
	if i+8 <= len(b) {
		v = binary.LittleEndian.Uint64(b[i:]) << 16 // the first 6 bytes
	} else {
		for k := refMatch - 1; k >= 0; k-- {
			v = v<<8 | uint64(b[i+k])
		}
		v <<= 16
	}
	return uint32((v * 0x9E3779B97F4A7C15) >> (64 - bits))
}

// commonPrefix returns how many leading bytes a and b share.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i+8 <= n && binary.LittleEndian.Uint64(a[i:]) == binary.LittleEndian.Uint64(b[i:]) {
		i += 8
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// selfPrefix is commonPrefix of src[q:] and src[i:] (q < i) with the copy
// semantics of unpacking: the source may run into the bytes it produces.
func selfPrefix(src []byte, q, i int) int {
	n := 0
	for i+n < len(src) && src[q+n] == src[i+n] {
		n++
	}
	return n
}

// local is the scratch table of one document's positions.
type local [1 << localBits]int32

var localPool = sync.Pool{New: func() any { return new(local) }}

// appendPacked appends the operations of src packed to dst.
func (p *packer) appendPacked(dst, src []byte) []byte {
	own := localPool.Get().(*local)
	defer func() {
		clear(own[:])
		localPool.Put(own)
	}()
	ref := p.ref.b
	lit := 0
	for i := 0; i+refMatch <= len(src); {
		n, off := 0, 0
		if r := int(p.table[refHash(src, i, p.bits)]) - 1; r >= 0 {
			n, off = commonPrefix(ref[r:], src[i:]), r
		}
		h := refHash(src, i, localBits)
		if q := int(own[h]) - 1; q >= 0 {
			if m := selfPrefix(src, q, i); m > n {
				n, off = m, len(ref)+q
			}
		}
		own[h] = int32(i + 1)
		if n < refMatch || n < copyCost(n, off)+2 {
			i++ // a copy would not be shorter than the bytes it stands for
			continue
		}
		dst = appendLiteral(dst, src[lit:i])
		dst = binary.AppendUvarint(dst, uint64(n)<<1|1)
		dst = binary.AppendUvarint(dst, uint64(off))
		i += n
		lit = i
	}
	return appendLiteral(dst, src[lit:])
}

// copyCost is the size of the copy of n bytes from off.
func copyCost(n, off int) int {
	return uvarintLen(uint64(n)<<1|1) + uvarintLen(uint64(off))
}

func uvarintLen(x uint64) int {
	n := 1
	for x >= 0x80 {
		x >>= 7
		n++
	}
	return n
}

func appendLiteral(dst, lit []byte) []byte {
	if len(lit) == 0 {
		return dst
	}
	dst = binary.AppendUvarint(dst, uint64(len(lit))<<1)
	return append(dst, lit...)
}

// errBadPack is the error of unpacking bytes appendPacked did not write.
var errBadPack = errors.New("fake: malformed packed JSON")

// unpack appends the document whose operations src holds, packed against
// ref, to dst; copies from the unpacked bytes count from dst's length on
// entry. It fails on operations appendPacked did not write, never panics,
// and never writes more than maxUnpacked bytes.
func unpack(ref, dst, src []byte) ([]byte, error) {
	base := len(dst)
	for len(src) > 0 {
		head, k := binary.Uvarint(src)
		if k <= 0 || head>>1 > maxUnpacked || uint64(len(dst)-base)+head>>1 > maxUnpacked {
			return dst, errBadPack
		}
		src = src[k:]
		n := int(head >> 1)
		if head&1 == 0 {
			if n == 0 || n > len(src) {
				return dst, errBadPack
			}
			dst = append(dst, src[:n]...)
			src = src[n:]
			continue
		}
		off64, k := binary.Uvarint(src)
		if k <= 0 || n == 0 {
			return dst, errBadPack
		}
		src = src[k:]
		if off64 < uint64(len(ref)) {
			off := int(off64)
			if n > len(ref)-off {
				return dst, errBadPack
			}
			dst = append(dst, ref[off:off+n]...)
			continue
		}
		q := off64 - uint64(len(ref))
		if q >= uint64(len(dst)-base) {
			return dst, errBadPack
		}
		for from := base + int(q); n > 0; n-- {
			dst = append(dst, dst[from])
			from++
		}
	}
	return dst, nil
}
