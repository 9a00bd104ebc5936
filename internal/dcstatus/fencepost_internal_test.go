package dcstatus

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"pgregory.net/rapid"
)

// TestPercentMatchesAtoi checks the allocation-free parser against the
// upstream route: strconv.Atoi of the string with every '%' removed.
func TestPercentMatchesAtoi(t *testing.T) {
	// Reference: intstr.GetValueFromIntOrPercent
	alphabet := []rune("0123456789%+- x9")
	gen := rapid.OneOf(
		rapid.StringOfN(rapid.SampledFrom(alphabet), 0, 24, -1),
		rapid.Map(rapid.Int64(), func(n int64) string { return strconv.FormatInt(n, 10) + "%" }),
		rapid.SampledFrom([]string{"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "+", "-", "%", "+%5", "5%+"}),
	)
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Draw(t, "s")
		want, err := strconv.ParseInt(strings.ReplaceAll(s, "%", ""), 10, 64)
		got, ok := percent(s)
		if ok != (err == nil) || (ok && got != want) {
			t.Fatalf("percent(%q) = %d, %v; ParseInt gives %d, %v", s, got, ok, want, err)
		}
	})
}

// FuzzResolveFenceposts checks, for any string parameter, that the
// allocation-free parser agrees with strconv, that resolution never panics,
// and that every error wraps ErrInvalidFencepost.
func FuzzResolveFenceposts(f *testing.F) {
	for _, s := range []string{"25%", "25", "%2%5", "-50%", "+1", "", "%", "abc", "99999999999999999999", "100000000000%"} {
		f.Add(s, int32(3), int32(1))
	}
	f.Fuzz(func(t *testing.T, s string, desired, other int32) {
		want, err := strconv.ParseInt(strings.ReplaceAll(s, "%", ""), 10, 64)
		if got, ok := percent(s); ok != (err == nil) || (ok && got != want) {
			t.Fatalf("percent(%q) = %d, %v; ParseInt gives %d, %v", s, got, ok, want, err)
		}
		fp := dcplan.Fencepost{Set: true, IsString: true, Str: s}
		o := dcplan.Fencepost{Set: true, Int: other}
		for _, pair := range [][2]dcplan.Fencepost{{fp, o}, {o, fp}} {
			surge, unavailable, rerr := ResolveFenceposts(pair[0], pair[1], dcplan.Replicas(desired))
			switch {
			case rerr != nil && !errors.Is(rerr, ErrInvalidFencepost):
				t.Fatalf("ResolveFenceposts(%q) error %v does not wrap ErrInvalidFencepost", s, rerr)
			case rerr != nil && (surge != 0 || unavailable != 0):
				t.Fatalf("ResolveFenceposts(%q) = %d, %d with error %v; want 0, 0", s, surge, unavailable, rerr)
			case rerr == nil && surge == 0 && unavailable == 0:
				t.Fatalf("ResolveFenceposts(%q) = 0, 0 without error; the zero-zero rule makes unavailable 1", s)
			}
		}
	})
}

// TestPercentOneSign: intstr's route (strconv.Atoi with '%' removed)
// takes one optional leading sign; a second sign is a parse error
// (SPEC 5.16-5.19 fenceposts).
func TestPercentOneSign(t *testing.T) {
	for _, s := range []string{"--5", "+-5", "-+5%", "++5", "%-+5"} {
		if got, ok := percent(s); ok {
			t.Errorf("percent(%q) = %d, true; want a parse error", s, got)
		}
	}
}

// TestPercentBounds pins percent at the edges of int64, values written
// out: strconv.Atoi (of the string with every '%' removed) takes
// -9223372036854775808 and 9223372036854775807 and rejects one beyond
// either (SPEC 5.16: ResolveFenceposts rule 3, ErrRange).
func TestPercentBounds(t *testing.T) {
	// Reference: intstr.GetValueFromIntOrPercent (strconv.Atoi)
	tests := []struct {
		s      string
		want   int64
		wantOK bool
	}{
		{s: "-9223372036854775808%", want: math.MinInt64, wantOK: true},
		{s: "-9223372036854775807", want: -9223372036854775807, wantOK: true},
		{s: "9223372036854775807%", want: math.MaxInt64, wantOK: true},
		{s: "-9223372036854775809"},
		{s: "9223372036854775808%"},
		{s: "+9223372036854775808"},
		{s: "-92233720368547758080"},
		{s: "-0%", want: 0, wantOK: true},
	}
	for _, tt := range tests {
		got, ok := percent(tt.s)
		if ok != tt.wantOK || (ok && got != tt.want) {
			t.Errorf("percent(%q) = %d, %v; want %d, %v", tt.s, got, ok, tt.want, tt.wantOK)
		}
	}
}
