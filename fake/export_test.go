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
