package wire

import (
	"strings"
	"sync"
)

// Intern returns the copy of s that the decoders share (see rehome.go):
// equal strings interned anywhere in the process have one data pointer,
// so that Go's string equality, which returns on equal pointers before it
// reads a byte, compares them without loading either. Adapters that build
// values by hand, or cache decoded ones and want further fields shared,
// intern them here. The result never aliases s.
//
// The table holds its strings strongly and is bounded: two generations of
// 16 384 strings; a full one becomes the old one, and a string
// found only in the old one moves to the new. A string that fell out of
// both is copied again when next interned: equal strings decoded that far
// apart may then have two copies, which compare equal all the same (no
// result depends on a string's pointer). Package unique is not used: its
// entries live only while a Handle does, and the decoded types keep the
// strings, not Handles, so after a garbage collection the next decode got
// a copy of its own. A string longer than 512 bytes is no identity (an
// annotation's value, say) and is not interned: Intern returns a copy of
// its own, so that the table never keeps a large string alive.
func Intern(s string) string {
	if s == "" {
		return ""
	}
	if len(s) > maxShared {
		return strings.Clone(s)
	}
	shared.mu.Lock()
	c := shared.get(s)
	shared.mu.Unlock()
	return c
}

// internGeneration bounds a generation of the intern table: 2 × 16 384
// strings of identity size (names, UIDs, images) keep at most a few MB.
const internGeneration = 1 << 14

// internTable is the table behind Intern; get runs under mu.
type internTable struct {
	mu       sync.Mutex
	cur, old map[string]string
}

var shared = internTable{cur: map[string]string{}}

// get returns the shared copy of s (non-empty), adding one if there is
// none. The caller holds mu.
func (t *internTable) get(s string) string {
	if c, ok := t.cur[s]; ok {
		return c
	}
	c, ok := t.old[s]
	if !ok {
		c = strings.Clone(s) // s may be a view of a document
	}
	if len(t.cur) >= internGeneration {
		t.old, t.cur = t.cur, make(map[string]string, internGeneration)
	}
	t.cur[c] = c
	return c
}
