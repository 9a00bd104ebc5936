package wire

import (
	"slices"

	"github.com/dcplan/dcplan/internal/jsontree"
)

// A change is one member a write sets or removes: the member at its
// path (keys from the object's root down) gets a value, or is removed.
// An object on the path that the object lacks (or holds as something
// else than an object) is created. A path passes through objects only:
// a write that changes an array's elements sets the whole array.
type change struct {
	keys [maxChangeDepth]string
	n    int // the path's length
	op   changeOp
	raw  []byte // the value: rendered JSON (setRaw), or text (setTextBytes)
	str  string // the value, a string (setText)
}

// maxChangeDepth bounds the path of a change.
const maxChangeDepth = 6

// A changeOp tells what a change does to its member.
type changeOp uint8

const (
	setRaw       changeOp = iota + 1 // the member becomes change.raw
	setText                          // the member becomes the JSON string change.str
	setTextBytes                     // the member becomes the JSON string of the text change.raw
	remove                           // the member is removed
)

// path returns the change's path.
func (c *change) path() []string { return c.keys[:c.n] }

// appendValue appends the value the change sets.
func (c *change) appendValue(b []byte) []byte {
	switch c.op {
	case setText:
		return jsontree.AppendString(b, c.str)
	case setTextBytes:
		return jsontree.AppendString(b, c.raw)
	}
	return append(b, c.raw...)
}

// changes is the list of members a write sets or removes, one change
// per path: a later set or removal of a path replaces the earlier one.
type changes []change

// put returns cs with c recorded, replacing the change of the same path.
// Like append, it returns the list to keep (changes are values: a list
// a write builds stays on its stack).
func (cs changes) put(c change, path []string) changes {
	if len(path) > maxChangeDepth {
		panic("wire: a change deeper than maxChangeDepth")
	}
	c.n = copy(c.keys[:], path)
	for i := range cs {
		if slices.Equal(cs[i].path(), path) {
			cs[i] = c
			return cs
		}
	}
	return append(cs, c)
}

// set returns cs with the member at path made value, a rendered JSON
// value.
func (cs changes) set(value []byte, path ...string) changes {
	return cs.put(change{op: setRaw, raw: value}, path)
}

// setString returns cs with the member at path made the JSON string s.
func (cs changes) setString(s string, path ...string) changes {
	return cs.put(change{op: setText, str: s}, path)
}

// setStringBytes is setString for the text s held as bytes (quoted as
// the member is written, with no copy before).
func (cs changes) setStringBytes(s []byte, path ...string) changes {
	return cs.put(change{op: setTextBytes, raw: s}, path)
}

// remove returns cs with the member at path removed.
func (cs changes) remove(path ...string) changes { return cs.put(change{op: remove}, path) }

// setAnnotation returns cs with the annotation key of the object made v.
func (cs changes) setAnnotation(key, v string) changes {
	return cs.setString(v, "metadata", "annotations", key)
}

// removeAnnotation returns cs with the annotation key of the object
// removed.
func (cs changes) removeAnnotation(key string) changes {
	return cs.remove("metadata", "annotations", key)
}
