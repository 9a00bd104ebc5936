package fake

import "testing"

// TestPlainJSONHoldsEveryNonEmptyValue pins plainJSON's zero case: a nil
// or empty b gives the zero packedJSON (IsZero, Len 0, Bytes nil), and
// any other b, one byte included, is held as it is.
func TestPlainJSONHoldsEveryNonEmptyValue(t *testing.T) {
	for _, tc := range []struct {
		b    []byte
		want string
		zero bool
	}{
		{b: nil, zero: true},
		{b: []byte{}, zero: true},
		{b: []byte("7"), want: "7"},
		{b: []byte("{}"), want: "{}"},
	} {
		s := plainJSON(tc.b)
		if s.IsZero() != tc.zero || s.Len() != len(tc.want) || string(s.Bytes()) != tc.want || (tc.zero && s.Bytes() != nil) {
			t.Errorf("plainJSON(%q): IsZero %v, Len %d, Bytes %q (nil %v); want IsZero %v, Len %d, Bytes %q",
				tc.b, s.IsZero(), s.Len(), s.Bytes(), s.Bytes() == nil, tc.zero, len(tc.want), tc.want)
		}
	}
}
