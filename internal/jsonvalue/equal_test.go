package jsonvalue_test

import (
	"encoding/json"
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
}
