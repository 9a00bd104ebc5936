package fake

import "reflect"

// SameFunc reports whether f and g are the same function (tests only).
func SameFunc(f, g any) bool {
	if f == nil || g == nil || reflect.ValueOf(g).IsNil() {
		return false
	}
	return reflect.ValueOf(f).Pointer() == reflect.ValueOf(g).Pointer()
}

// PopulateOn is Populate on the given number of goroutines (tests only).
func PopulateOn(w *World, dcs, rcs, workers int) error { return populate(w, dcs, rcs, workers) }

// DecodedAhead returns how many versions w decoded ahead (tests only).
func DecodedAhead(w *World) int { return w.ahead.decoded }

// DecodeAheadConfigs decodes ahead the DCs of namespace ns, and their RCs
// and pods, as Stabilize does for a chunk (tests only); the values stay
// until DropAhead.
func DecodeAheadConfigs(w *World, ns string) {
	sp := w.spaces[ns]
	var objs []*object
	for _, dc := range w.Configs(ns) {
		objs = configObjects(objs, sp, dc)
	}
	w.decodeAhead(objs, w.seq)
}

// DropAhead forgets what was decoded ahead (tests only).
func DropAhead(w *World) { w.dropAhead() }
