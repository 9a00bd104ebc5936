package fake

import "reflect"

// SameFunc reports whether f and g are the same function (tests only).
func SameFunc(f, g any) bool {
	if f == nil || g == nil || reflect.ValueOf(g).IsNil() {
		return false
	}
	return reflect.ValueOf(f).Pointer() == reflect.ValueOf(g).Pointer()
}
