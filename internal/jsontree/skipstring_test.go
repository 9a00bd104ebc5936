package jsontree

import "testing"

// TestSkipString checks where SkipString ends a string literal: after the
// first quote that no backslash escapes (an even run of backslashes before
// a quote escapes each other, not the quote), or at the end of the input
// when the literal does not end.
func TestSkipString(t *testing.T) {
	tests := []struct {
		name, raw string
		i, want   int
		why       string
	}{
		{"plain", `"ab":1`, 0, 4, "the closing quote"},
		{"inside", `{"ab":1}`, 1, 5, "a literal that starts at i"},
		{"escaped quote", `"a\"b":1`, 0, 6, "one backslash escapes the quote"},
		{"escaped backslash", `"a\\":"x"`, 0, 5, "two backslashes escape each other: the quote after them closes the literal"},
		{"three backslashes", `"a\\\"":1`, 0, 7, "the third backslash escapes the quote"},
		{"four backslashes", `"\\\\","y"`, 0, 6, "an even run again"},
		{"empty", `"",1`, 0, 2, "the next byte is the closing quote"},
		{"open", `"abc`, 0, 4, "no closing quote: the end of the input"},
		{"escaped to the end", `"abc\"`, 0, 6, "only an escaped quote: the end of the input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SkipString([]byte(tt.raw), tt.i); got != tt.want {
				t.Errorf("SkipString(%q, %d) = %d, want %d (%s)", tt.raw, tt.i, got, tt.want, tt.why)
			}
		})
	}
}
