package dcplan

import "bytes"

// StoredJSON is the canonical JSON of an object as a Deployment holds it
// (Deployment.Raw, and the encoded DC's Source): either the bytes
// themselves, or those bytes packed against a reference that other
// objects share (see Packer). The RCs of one DC are nearly all alike (the
// same keys, labels, template and encoded DC, with another version, name
// and counts), so a codec that decodes many of them at once (package
// wire's DecodeList) packs each against one of its neighbours, and a
// decoded RC then costs about a tenth of its JSON instead of the whole of
// it (BenchmarkSnapshotBytesPerRC).
//
// Both forms read the same: Bytes, AppendTo, Len and Equal see the
// unpacked JSON, and no output of the library depends on which form a
// value has. A StoredJSON is read only: a packed one shares its
// reference with other values, and Bytes of a plain one is the held
// slice itself. The zero value is "no JSON" (an object built in code).
type StoredJSON struct {
	// data is the JSON when ref is nil, and the packed form (a uvarint
	// of the unpacked length, then the operations of pack) otherwise.
	data []byte
	ref  *reference
}

// StoreJSON returns b held as it is: no copy is made, so b must not change
// afterwards. A nil or empty b gives the zero StoredJSON.
func StoreJSON(b RawJSON) StoredJSON {
	if len(b) == 0 {
		return StoredJSON{}
	}
	return StoredJSON{data: b}
}

// IsZero reports whether s holds no JSON.
func (s StoredJSON) IsZero() bool { return len(s.data) == 0 }

// Packed reports whether s is held packed against a shared reference.
func (s StoredJSON) Packed() bool { return s.ref != nil }

// Len returns the length of the JSON s holds.
func (s StoredJSON) Len() int {
	if s.ref == nil {
		return len(s.data)
	}
	n, _ := packedLen(s.data)
	return n
}

// Size returns the bytes s holds of its own: its JSON when plain, its
// packed form otherwise (the shared reference is not counted).
func (s StoredJSON) Size() int { return cap(s.data) }

// Bytes returns the JSON s holds, which the caller must not modify: for
// a plain value the held bytes themselves, for a packed one a fresh copy
// (use AppendTo to unpack into a buffer of your own). Nil for the zero
// value.
func (s StoredJSON) Bytes() RawJSON {
	if s.ref == nil {
		return s.data
	}
	return s.AppendTo(make([]byte, 0, s.Len()))
}

// AppendTo appends the JSON s holds to dst and returns the extended
// buffer.
func (s StoredJSON) AppendTo(dst []byte) []byte {
	if s.ref == nil {
		return append(dst, s.data...)
	}
	n, k := packedLen(s.data)
	out, err := unpack(s.ref.b, dst, s.data[k:])
	if err != nil || len(out)-len(dst) != n {
		// Only Packer.Pack writes packed forms, and the fields are
		// unexported: this is memory corruption, not input.
		panic("dcplan: a packed StoredJSON does not unpack")
	}
	return out
}

// Equal reports whether s and o hold the same JSON, whatever their forms.
// It is what go-cmp compares StoredJSON values with.
func (s StoredJSON) Equal(o StoredJSON) bool {
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
func (s StoredJSON) Clone() StoredJSON {
	if s.ref != nil || s.data == nil {
		return s
	}
	return StoredJSON{data: bytes.Clone(s.data)}
}
