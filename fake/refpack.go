package fake

import (
	"encoding/binary"
	"errors"
	"sync"

	"github.com/dcplan/dcplan/wire"
)

// refPack compresses wire bytes against a reference document (the
// dictionary of typical objects): the runs of an object's bytes found in
// the reference, or earlier in the object itself, are stored as copies
// and the rest as literals. The World's objects are nearly all alike (the
// same keys, labels, annotations and templates, with other names and
// numbers), so most of an RC is a handful of long copies.
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
// Unlike DEFLATE at its fastest level (which ignores a preset dictionary,
// so that every object paid for its own keys), packing looks up two
// hashes (the reference's, the object's own) per position outside a
// copy, and unpacking is a few copies.
type refPack struct {
	ref []byte
	// table holds, for the hash of each refMatch-byte sequence of ref,
	// one more than the position of its first occurrence (0: none).
	table []int32
}

const (
	// refMatch is the shortest copy: the bytes hashed to find one. A
	// copy costs 2 to 5 bytes (copyCost), so shorter ones would not pay.
	refMatch = 6
	// refBits sizes the reference's hash table (its 2^refBits entries
	// suit a reference of some kilobytes); localBits the table of one
	// document's own positions, cleared for each.
	refBits   = 14
	localBits = 10
)

// newRefPack indexes ref.
func newRefPack(ref []byte) *refPack {
	p := &refPack{ref: ref, table: make([]int32, 1<<refBits)}
	for i := 0; i+refMatch <= len(ref); i++ {
		if h := refHash(ref, i, refBits); p.table[h] == 0 {
			p.table[h] = int32(i + 1)
		}
	}
	return p
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

// pack appends the packed form of src to dst.
func (p *refPack) pack(dst, src []byte) []byte {
	own := localPool.Get().(*local)
	defer func() {
		clear(own[:])
		localPool.Put(own)
	}()
	lit := 0
	for i := 0; i+refMatch <= len(src); {
		n, off := 0, 0
		if r := int(p.table[refHash(src, i, refBits)]) - 1; r >= 0 {
			n, off = commonPrefix(p.ref[r:], src[i:]), r
		}
		h := refHash(src, i, localBits)
		if q := int(own[h]) - 1; q >= 0 {
			if m := selfPrefix(src, q, i); m > n {
				n, off = m, len(p.ref)+q
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

// errBadPack is the error of unpacking bytes pack did not write.
var errBadPack = errors.New("fake: malformed packed blob")

// unpack appends the document packed in src to dst (which must be empty:
// copies count through it). It fails on input pack did not write, never
// panics, and never writes more than maxUnpacked bytes.
func (p *refPack) unpack(dst, src []byte) ([]byte, error) {
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
		if off64 < uint64(len(p.ref)) {
			off := int(off64)
			if n > len(p.ref)-off {
				return dst, errBadPack
			}
			dst = append(dst, p.ref[off:off+n]...)
			continue
		}
		q := off64 - uint64(len(p.ref))
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

// maxUnpacked bounds what unpack writes: no stored object comes near it.
const maxUnpacked = 1 << 26

// refPacker is the packer of the dictionary.
var refPacker = sync.OnceValue(func() *refPack { return newRefPack(dictionary()) })

// dictionary is the reference the World packs objects against (see
// World.Compress): the wire form of a typical DC and of its RC at rest,
// so that packed objects store little more than what differs from them.
var dictionary = sync.OnceValue(func() []byte {
	var b []byte
	cfg := NewConfig("ns", "web", 1)
	cfg.UID = "00000000-0000-4000-8000-000000000001"
	cfg.Status.LatestVersion = 1
	if data, err := wire.EncodeConfig(cfg); err == nil {
		b = append(b, data...)
	}
	if d, err := wire.NewDeployment(cfg); err == nil {
		finishRollout(&d)
		d.UID, d.ResourceVersion, d.CreationTime = "00000000-0000-4000-8000-000000000002", "2", Epoch
		if data, err := wire.EncodeDeployment(d); err == nil {
			b = append(b, data...)
		}
	}
	return b
})
