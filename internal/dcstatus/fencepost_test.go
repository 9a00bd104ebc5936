package dcstatus

import (
	"errors"
	"math"
	"strconv"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
)

func intFP(n int32) dcplan.Fencepost  { return dcplan.Fencepost{Set: true, Int: n} }
func strFP(s string) dcplan.Fencepost { return dcplan.Fencepost{Set: true, IsString: true, Str: s} }

// errText returns err's text, or "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func rolling(surge, unavailable dcplan.Fencepost) dcplan.Strategy {
	return dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true, MaxSurge: surge, MaxUnavailable: unavailable}
}

func TestResolveFenceposts(t *testing.T) {
	// Reference: appsutil.ResolveFenceposts, intstr.GetValueFromIntOrPercent
	type result struct {
		Surge, Unavailable int32
		Err                string
	}
	tests := []struct {
		name               string
		why                string
		surge, unavailable dcplan.Fencepost
		desired            dcplan.Replicas
		want               result
	}{
		{name: "integers", why: "5.16: integers are their own value", surge: intFP(2), unavailable: intFP(1), desired: 10, want: result{2, 1, ""}},
		{name: "25% of 3", why: "5.16 [probe]: surge rounds up, unavailable down", surge: strFP("25%"), unavailable: strFP("25%"), desired: 3, want: result{1, 0, ""}},
		{name: "25% of 4 is exact", why: "5.16: no rounding needed", surge: strFP("25%"), unavailable: strFP("25%"), desired: 4, want: result{1, 1, ""}},
		{name: "50% of 5", why: "5.16: 2.5 rounds to 3 up and 2 down", surge: strFP("50%"), unavailable: strFP("50%"), desired: 5, want: result{3, 2, ""}},
		{name: "1% of 99", why: "5.16: 0.99 rounds to 1 up and 0 down", surge: strFP("1%"), unavailable: strFP("1%"), desired: 99, want: result{1, 0, ""}},
		{name: "100% of 7", why: "5.16: whole", surge: strFP("100%"), unavailable: strFP("100%"), desired: 7, want: result{7, 7, ""}},
		{name: "string without % is a percentage", why: "5.16 [probe]: \"25\" means 25 %", surge: strFP("25"), unavailable: strFP("50"), desired: 4, want: result{1, 2, ""}},
		{name: "every % is removed", why: "5.16 [probe]: strings.Replace of every %", surge: strFP("%2%5%"), unavailable: strFP("%%50"), desired: 4, want: result{1, 2, ""}},
		{name: "plus sign", why: "strconv.Atoi accepts a sign", surge: strFP("+50%"), unavailable: intFP(0), desired: 4, want: result{2, 0, ""}},
		{name: "negative percentage", why: "Atoi accepts -: ceil(-1.5) = -1, floor(-1.5) = -2", surge: strFP("-50%"), unavailable: strFP("-50%"), desired: 3, want: result{-1, -2, ""}},
		{name: "negative integer", why: "validation, not this function, rejects it", surge: intFP(-1), unavailable: intFP(2), desired: 3, want: result{-1, 2, ""}},
		{name: "both zero", why: "5.16: both 0 makes unavailable 1", surge: intFP(0), unavailable: intFP(0), desired: 3, want: result{0, 1, ""}},
		{name: "both round to zero", why: "5.17 [probe]: surge 0 + 25% of 3 resolves to 0/0, then 1", surge: intFP(0), unavailable: strFP("25%"), desired: 3, want: result{0, 1, ""}},
		{name: "desired zero", why: "percentages of 0 are 0, then the zero-zero rule", surge: strFP("25%"), unavailable: strFP("25%"), desired: 0, want: result{0, 1, ""}},
		{name: "surge only", why: "unavailable 0 stays when surge is not 0", surge: intFP(1), unavailable: intFP(0), desired: 3, want: result{1, 0, ""}},
		{
			name: "nil surge", why: "5.16: nil input gives (0, 0, error)", unavailable: intFP(1), desired: 3,
			want: result{0, 0, "conditions: invalid fencepost: maxSurge: nil value for IntOrString"},
		},
		{
			name: "nil unavailable", why: "5.16: nil input gives (0, 0, error), surge discarded", surge: intFP(1), desired: 3,
			want: result{0, 0, "conditions: invalid fencepost: maxUnavailable: nil value for IntOrString"},
		},
		{
			name: "not a number", why: "5.16: invalid string gives (0, 0, error)", surge: strFP("abc%"), unavailable: intFP(1), desired: 3,
			want: result{0, 0, `conditions: invalid fencepost: maxSurge: invalid value "abc%": strconv.Atoi: parsing "abc": invalid syntax`},
		},
		{
			name: "empty string", why: "Atoi of \"\" fails", surge: intFP(1), unavailable: strFP(""), desired: 3,
			want: result{0, 0, `conditions: invalid fencepost: maxUnavailable: invalid value "": strconv.Atoi: parsing "": invalid syntax`},
		},
		{
			name: "only percent signs", why: "nothing left after removing %", surge: strFP("%%"), unavailable: intFP(1), desired: 3,
			want: result{0, 0, `conditions: invalid fencepost: maxSurge: invalid value "%%": strconv.Atoi: parsing "": invalid syntax`},
		},
		{
			name: "sign after digits", why: "Atoi rejects an inner sign", surge: strFP("2-5%"), unavailable: intFP(1), desired: 3,
			want: result{0, 0, `conditions: invalid fencepost: maxSurge: invalid value "2-5%": strconv.Atoi: parsing "2-5": invalid syntax`},
		},
		{
			name: "beyond int64", why: "Atoi range error", surge: strFP("99999999999999999999%"), unavailable: intFP(1), desired: 3,
			want: result{0, 0, `conditions: invalid fencepost: maxSurge: invalid value "99999999999999999999%": strconv.Atoi: parsing "99999999999999999999": value out of range`},
		},
		{name: "int32's largest", why: "5.16: 100% of 2147483647 replicas is in range", surge: strFP("100%"), unavailable: strFP("100%"), desired: math.MaxInt32,
			want: result{math.MaxInt32, math.MaxInt32, ""}},
		{
			name: "one past int32", why: "5.16: 2147483648, converted to int32 as upstream does, wraps", surge: intFP(1), unavailable: strFP("200%"), desired: 1 << 30,
			want: result{1, math.MinInt32, ""},
		},
		{
			name: "beyond int32 after scaling", why: "3e9 wraps as upstream's int32(int) does", surge: intFP(1), unavailable: strFP("100000000000%"), desired: 3,
			want: result{1, -1294967296, ""},
		},
		{
			name: "a surge beyond int32 leaves maxUnavailable", why: "5.16: nothing is invalid; surge wraps to -2, unavailable stays", surge: strFP("200%"), unavailable: strFP("100%"), desired: math.MaxInt32,
			want: result{-2, math.MaxInt32, ""},
		},
		{
			name: "int64's smallest after scaling", why: "5.16: -2^63 is in range; as int32 it wraps to 0", surge: intFP(1), unavailable: strFP("-9223372036854775808%"), desired: 100,
			want: result{1, 0, ""},
		},
		{
			name: "int64's largest rounds up to 2^63", why: "5.16: 9223372036854775807 % of 100 is 2^63 as a float64, past int64",
			surge: intFP(1), unavailable: strFP("9223372036854775807%"), desired: 100,
			want: result{0, 0, `conditions: invalid fencepost: maxUnavailable: "9223372036854775807%" of 100 replicas is out of range`},
		},
		{
			name: "beyond int64 after scaling", why: "no defined conversion: an error", surge: intFP(1), unavailable: strFP("9000000000000000000%"), desired: math.MaxInt32,
			want: result{0, 0, `conditions: invalid fencepost: maxUnavailable: "9000000000000000000%" of 2147483647 replicas is out of range`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, u, err := ResolveFenceposts(tt.surge, tt.unavailable, tt.desired)
			got := result{s, u, errText(err)}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("ResolveFenceposts() mismatch (-want +got):\n%s", d)
			}
			if (tt.want.Err != "") != errors.Is(err, ErrInvalidFencepost) {
				t.Errorf("ResolveFenceposts() error %v: errors.Is(ErrInvalidFencepost) = %v", err, errors.Is(err, ErrInvalidFencepost))
			}
		})
	}
}

func TestResolveFencepostsWrapsParseError(t *testing.T) {
	_, _, err := ResolveFenceposts(strFP("x"), intFP(1), 3)
	if !errors.Is(err, strconv.ErrSyntax) {
		t.Errorf("ResolveFenceposts() error %v does not wrap strconv.ErrSyntax", err)
	}
}

func TestMaxUnavailableMaxSurge(t *testing.T) {
	// Reference: appsutil.MaxUnavailable, appsutil.MaxSurge
	type result struct{ Surge, Unavailable int32 }
	tests := []struct {
		name     string
		why      string
		strategy dcplan.Strategy
		replicas dcplan.Replicas
		want     result
	}{
		{name: "25%/25% of 3", why: "5.17 [probe]: surge 1, unavailable 0", strategy: rolling(strFP("25%"), strFP("25%")), replicas: 3, want: result{1, 0}},
		{name: "0 surge, 25% of 3", why: "5.17 [probe]: zero-zero rule gives unavailable 1", strategy: rolling(intFP(0), strFP("25%")), replicas: 3, want: result{0, 1}},
		{name: "nil surge", why: "5.17 [probe]: error read as 0 for both", strategy: rolling(dcplan.Fencepost{}, strFP("25%")), replicas: 3, want: result{0, 0}},
		{name: "invalid unavailable", why: "5.17: errors are ignored", strategy: rolling(intFP(2), strFP("lots")), replicas: 3, want: result{0, 0}},
		{name: "25%/25% of 10", why: "5.17: desired is spec.replicas", strategy: rolling(strFP("25%"), strFP("25%")), replicas: 10, want: result{3, 2}},
		{name: "integers", why: "5.17: integer parameters", strategy: rolling(intFP(2), intFP(1)), replicas: 10, want: result{2, 1}},
		{name: "recreate", why: "5.17: 0 unless Rolling", strategy: dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true, MaxSurge: intFP(3), MaxUnavailable: intFP(3)}, replicas: 10},
		{name: "custom", why: "5.17: 0 unless Rolling", strategy: dcplan.Strategy{Type: dcplan.StrategyCustom}, replicas: 10},
		{name: "unset strategy", why: "5.17: 0 unless Rolling", strategy: dcplan.Strategy{}, replicas: 10},
		{name: "rolling without params", why: "5.17 [probe]: upstream panics; unset fenceposts resolve to an error, read as 0", strategy: dcplan.Strategy{Type: dcplan.StrategyRolling}, replicas: 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := dcplan.Config{Name: "web", Replicas: tt.replicas, Strategy: tt.strategy}
			got := result{MaxSurge(&cfg), MaxUnavailable(&cfg)}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("MaxSurge/MaxUnavailable() mismatch (-want +got):\n%s", d)
			}
		})
	}
}

func TestFencepostsDoNotAllocate(t *testing.T) {
	cfg := dcplan.Config{Name: "web", Replicas: 10, Strategy: rolling(strFP("25%"), strFP("%2%5"))}
	if n := testing.AllocsPerRun(100, func() { MaxUnavailable(&cfg); MaxSurge(&cfg) }); n != 0 {
		t.Errorf("MaxUnavailable+MaxSurge allocate %v times per run, want 0", n)
	}
}
