package jsonvalue_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/dcplan/dcplan/internal/jsonvalue"
)

func decode(t *testing.T, s string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decode %s: %v", s, err)
	}
	return v
}

func TestEqual(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
		why  string
	}{
		{`{"a":1,"b":[true,null,"x"]}`, `{"b":[true,null,"x"],"a":1}`, true, "member order does not matter"},
		{`1`, `1.0`, true, "numbers compare by value"},
		{`1e2`, `100`, true, "exponent form"},
		{`9007199254740993`, `9007199254740992`, false, "integers a float64 would confuse"},
		{`1e100000000`, `10e99999999`, true, "an exponent beyond big.Rat's parser"},
		{`1e100000000`, `1e100000001`, false, "large exponents that differ"},
		{`-1e-100000000`, `-0.1e-99999999`, true, "negative numbers with small exponents"},
		{`0e100000000`, `-0.000`, true, "every zero"},
		{`1.50`, `15E-1`, true, "trailing zeros and a capital E"},
		{`-1`, `1`, false, "sign"},
		{`[1,2]`, `[2,1]`, false, "array order matters"},
		{`{"a":1}`, `{"a":1,"b":null}`, false, "a null member is still a member"},
		{`"1"`, `1`, false, "a string is not a number"},
		{`null`, `false`, false, "null is not false"},
		{`{}`, `[]`, false, "object is not array"},
	}
	for _, tt := range tests {
		a, b := decode(t, tt.a), decode(t, tt.b)
		if got := jsonvalue.Equal(a, b); got != tt.want {
			t.Errorf("Equal(%s, %s) = %v, want %v (%s)", tt.a, tt.b, got, tt.want, tt.why)
		}
		if got := jsonvalue.Equal(b, a); got != tt.want {
			t.Errorf("Equal(%s, %s) = %v, want %v (symmetry; %s)", tt.b, tt.a, got, tt.want, tt.why)
		}
	}
	if !jsonvalue.Equal(json.Number("3"), 3) || !jsonvalue.Equal(float64(3), int64(3)) {
		t.Error("Equal across Go number types: want true")
	}
	if jsonvalue.Equal(json.Number("not-a-number"), json.Number("not-a-number")) {
		t.Error("Equal(invalid json.Number, itself) = true: an invalid number is not a JSON value")
	}
	for _, tc := range []struct {
		a, b any
		why  string
	}{
		{json.Number("0x10"), 16, "hexadecimal is not JSON (big.Rat would read it)"},
		{json.Number("1/2"), 0.5, "a fraction is not JSON"},
		{json.Number("1_000"), json.Number("1000"), "underscores are not JSON"},
		{json.Number("01"), json.Number("1"), "a leading zero is not JSON"},
		{json.Number("1e100000000"), math.MaxFloat64, "beyond every float64"},
		{json.Number("1e-400"), 0.0, "below every float64, not zero"},
		{math.Inf(1), math.Inf(1), "JSON has no infinity"},
		{math.NaN(), json.Number("1"), "JSON has no NaN"},
	} {
		if jsonvalue.Equal(tc.a, tc.b) || jsonvalue.Equal(tc.b, tc.a) {
			t.Errorf("Equal(%v, %v) = true, want false (%s)", tc.a, tc.b, tc.why)
		}
	}
	if !jsonvalue.Equal(json.Number("0.000e5"), 0) || !jsonvalue.Equal(json.Number("25e-2"), 0.25) {
		t.Error("Equal(json.Number zero, 0) or Equal(25e-2, 0.25) = false, want true")
	}
}
