package fake

import (
	"bytes"
	"unique"
)

// object is one stored object and the versions of it that lagging readers
// may still see, oldest first. The last version is the current one.
type object struct {
	kind Kind
	// created is true when the last write created the object.
	created bool
	// annotated is, for an RC, index.annotated of its last write: it
	// carries the config-name annotation, by which the deployer's
	// informer queues it on its own changes and relists (SPEC 4.7).
	annotated bool
	ns, name  string
	versions  []version
	// keys are the index entries the object is filed under: every DC an
	// RC has named, every RC a pod has been related to, by any of its
	// writes since it was created (readers check the link at their seq).
	keys []string
	// snap caches the RC and pod lists of a DC's last current snapshot
	// (see World.snapshotAt); nil for RCs and pods.
	snap *cachedSnap
}

// version is the object as one write left it. A version with no data is a
// tombstone: the object was deleted by that write.
type version struct {
	seq  uint64 // the write that produced this version
	blob blob
	// cache is the decoded value (dcplan.Config, dcplan.Deployment or
	// dcplan.Pod) once a read decoded it; nil before.
	cache any
}

func (v *version) exists() bool { return v != nil && !v.blob.rest.IsZero() }

func (o *object) current() *version { return &o.versions[len(o.versions)-1] }

// at returns the version a reader lagging at write seq sees: the newest
// version written at or before seq, or nil when the object did not exist
// then (never created, or deleted).
func (o *object) at(seq uint64) *version {
	for i := len(o.versions) - 1; i >= 0; i-- {
		if o.versions[i].seq <= seq {
			if !o.versions[i].exists() {
				return nil
			}
			return &o.versions[i]
		}
	}
	return nil
}

// prune drops the versions no reader within maxLag writes of now can see.
func (o *object) prune(now uint64, maxLag int) {
	maxLag = max(maxLag, 0) // World.MaxLag: negative counts as zero
	horizon := uint64(0)
	if now > uint64(maxLag) {
		horizon = now - uint64(maxLag)
	}
	drop := 0
	for drop+1 < len(o.versions) && o.versions[drop+1].seq <= horizon {
		drop++
	}
	if drop > 0 {
		o.versions = append(o.versions[:0], o.versions[drop:]...)
	}
}

// encodedKey opens the encoded-deployment-config annotation in compact
// JSON. Inside a JSON string a quote is always escaped, so this pattern can
// only match a real key.
var encodedKey = []byte(`"openshift.io/encoded-deployment-config":"`)

// encodedStatus opens the status of the encoded DC inside that annotation
// (an escaped quote preceded by a comma: a key of the encoded JSON, not
// text inside one of its strings). Status comes last in canonical order
// and is what differs between the RCs of one DC (latestVersion), so the
// interned part stops before it.
var encodedStatus = []byte(`,\"status\":`)

// blob is the stored form of wire bytes. The value of the
// encoded-deployment-config annotation, when present, is cut out up to
// the encoded DC's status and interned, so RCs whose encoded configs have
// the same metadata and spec (the RCs of one DC while its template stays
// the same, and every version of one RC) share one copy; the rest is
// optionally packed against the dictionary of typical objects
// (refPacker).
type blob struct {
	rest packedJSON
	enc  unique.Handle[string]
	cut  int32 // offset of the cut in the unpacked rest; -1 for none
}

// size returns the bytes the blob holds by itself (the interned string and
// the dictionary are shared and not counted).
func (b blob) size() int { return b.rest.Size() }

// packBlob stores wire bytes as a blob, packed when compress is set. It
// keeps no reference to data.
func packBlob(data []byte, compress bool) blob {
	b := blob{cut: -1}
	rest := data
	if i := bytes.Index(data, encodedKey); i >= 0 {
		start := i + len(encodedKey)
		if end := stringEnd(data, start); end > start {
			if j := bytes.LastIndex(data[start:end], encodedStatus); j > 0 {
				end = start + j
			}
			b.enc = unique.Make(string(data[start:end]))
			b.cut = int32(start)
			rest = make([]byte, 0, len(data)-(end-start))
			rest = append(append(rest, data[:start]...), data[end:]...)
		}
	}
	if compress {
		if b.rest = refPacker().Pack(rest); b.rest.Packed() {
			return b
		}
	}
	if b.cut < 0 {
		rest = bytes.Clone(data)
	}
	b.rest = plainJSON(rest)
	return b
}

// unpack returns the wire bytes of b, which the caller must not modify
// (unless b is packed or cut: they are then its own copy).
func (b blob) unpack() []byte {
	if b.cut < 0 {
		return b.rest.Bytes()
	}
	enc := b.enc.Value()
	// The rest, in a buffer with room for enc.
	out := b.rest.AppendTo(make([]byte, 0, b.rest.Len()+len(enc)))
	// Open a gap for enc at the cut.
	out = out[:len(out)+len(enc)]
	copy(out[int(b.cut)+len(enc):], out[b.cut:len(out)-len(enc)])
	copy(out[b.cut:], enc)
	return out
}

// stringEnd returns the offset of the closing quote of the JSON string
// whose contents start at start, or -1.
func stringEnd(data []byte, start int) int {
	for i := start; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}
