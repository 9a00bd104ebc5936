// Package jsonvalue compares decoded JSON values, the trees encoding/json
// builds into an any (maps, slices, strings, bools, nil and numbers).
// The fake API server uses it to tell a spec change from a rewrite, and
// the conformance harness to compare recorded requests with dcplan's.
package jsonvalue

import (
	"encoding/json"
	"math/big"
)

// Equal reports whether two decoded JSON values are the same JSON: maps
// with the same keys and equal members, arrays with equal elements in
// order, equal strings and bools, both null. Numbers compare by exact
// value whatever their Go type (json.Number, float64, int, int32, int64),
// so 1, 1.0 and 1e0 are equal and two integers beyond 2^53 that a float64
// would confuse are not.
func Equal(a, b any) bool {
	if ra, ok := number(a); ok {
		rb, ok := number(b)
		return ok && ra.Cmp(rb) == 0
	}
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !Equal(v, w) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !Equal(a[i], b[i]) {
				return false
			}
		}
		return true
	case string:
		b, ok := b.(string)
		return ok && a == b
	case bool:
		b, ok := b.(bool)
		return ok && a == b
	case nil:
		return b == nil
	}
	return false
}

// number returns v's exact value when v is a JSON number. A json.Number
// that does not parse as a number is not one.
func number(v any) (*big.Rat, bool) {
	switch v := v.(type) {
	case json.Number:
		return new(big.Rat).SetString(v.String())
	case float64:
		return new(big.Rat).SetFloat64(v), true
	case int:
		return new(big.Rat).SetInt64(int64(v)), true
	case int64:
		return new(big.Rat).SetInt64(v), true
	case int32:
		return new(big.Rat).SetInt64(int64(v)), true
	}
	return nil, false
}
