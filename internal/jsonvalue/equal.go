// Package jsonvalue compares decoded JSON values, the trees encoding/json
// builds into an any (maps, slices, strings, bools, nil and numbers).
// The fake API server uses it to tell a spec change from a rewrite, and
// the conformance harness to compare recorded requests with dcplan's.
package jsonvalue

import (
	"encoding/json"
	"math"
	"math/big"
	"strings"
)

// Equal reports whether two decoded JSON values are the same JSON: maps
// with the same keys and equal members, arrays with equal elements in
// order, equal strings and bools, both null. Numbers compare by exact
// value whatever their Go type (json.Number, float64, int, int32, int64),
// so 1, 1.0 and 1e0 are equal and two integers beyond 2^53 that a float64
// would confuse are not. Two json.Numbers compare exactly at any exponent
// (1e100000000 equals 10e99999999). A json.Number that is not a JSON
// number ("0x10", "1/2"), and a float64 infinity or NaN, which JSON cannot
// write, are no numbers: Equal reports false for them.
func Equal(a, b any) bool {
	if na, ok := a.(json.Number); ok {
		if nb, ok := b.(json.Number); ok {
			return equalNumbers(na, nb)
		}
	}
	if ra, ok := number(a); ok {
		rb, ok := number(b)
		return ok && ra != nil && rb != nil && ra.Cmp(rb) == 0
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
// that is not in JSON's number grammar, and a float64 that is not finite,
// are not numbers. A json.Number too large or too small for any float64 or
// int64 to equal (but not zero) is a number with a nil value.
func number(v any) (*big.Rat, bool) {
	switch v := v.(type) {
	case json.Number:
		d, ok := parseDecimal(string(v))
		switch {
		case !ok:
			return nil, false
		case d.digits == "":
			return new(big.Rat), true
		case d.exp.CmpAbs(maxGoExp) > 0:
			return nil, true
		}
		return new(big.Rat).SetString("0." + d.digits + "e" + d.exp.String())
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return nil, false
		}
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

// maxGoExp bounds the decimal exponent of a non-zero float64 or int64
// (0.d × 10^e with -324 < e <= 309): beyond it, no Go number is equal.
var maxGoExp = big.NewInt(400)

// decimal is the exact value of a JSON number in normal form: 0.<digits>
// × 10^exp, negative when neg, digits without leading or trailing zeros;
// zero is the zero decimal (no digits, not negative, nil exp).
type decimal struct {
	neg    bool
	digits string
	exp    *big.Int
}

// equalNumbers reports whether two json.Numbers are JSON numbers of the
// same value. It compares their normal forms, so no exponent is too large.
func equalNumbers(a, b json.Number) bool {
	da, okA := parseDecimal(string(a))
	db, okB := parseDecimal(string(b))
	if !okA || !okB {
		return false
	}
	if da.digits == "" || db.digits == "" {
		return da.digits == db.digits
	}
	return da.neg == db.neg && da.digits == db.digits && da.exp.Cmp(db.exp) == 0
}

// parseDecimal reads s in JSON's number grammar (RFC 8259 section 6:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?) into its normal form.
func parseDecimal(s string) (decimal, bool) {
	var d decimal
	i := 0
	digitsFrom := func(j int) int {
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		return j
	}
	if i < len(s) && s[i] == '-' {
		d.neg = true
		i++
	}
	intFrom := i
	if i < len(s) && s[i] == '0' {
		i++
	} else {
		i = digitsFrom(i)
	}
	if i == intFrom {
		return decimal{}, false
	}
	intPart, frac := s[intFrom:i], ""
	if i < len(s) && s[i] == '.' {
		j := digitsFrom(i + 1)
		if j == i+1 {
			return decimal{}, false
		}
		frac, i = s[i+1:j], j
	}
	exp := new(big.Int)
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		from := i + 1
		if from < len(s) && (s[from] == '+' || s[from] == '-') {
			from++
		}
		j := digitsFrom(from)
		if j == from {
			return decimal{}, false
		}
		exp.SetString(s[i+1:j], 10)
		i = j
	}
	if i != len(s) {
		return decimal{}, false
	}
	all := intPart + frac
	digits := strings.TrimLeft(all, "0")
	lead := len(all) - len(digits)
	digits = strings.TrimRight(digits, "0")
	if digits == "" {
		return decimal{}, true
	}
	d.digits, d.exp = digits, exp.Add(exp, big.NewInt(int64(len(intPart))-int64(lead)))
	return d, true
}
