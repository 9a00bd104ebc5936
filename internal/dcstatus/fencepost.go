package dcstatus

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dcplan/dcplan"
)

// ErrInvalidFencepost is wrapped by every error ResolveFenceposts returns:
// an absent (nil) parameter, a string that is not a number once its '%'
// signs are removed, or a percentage whose value does not fit in an
// int64 (where upstream's float conversion has no defined result).
var ErrInvalidFencepost = errors.New("conditions: invalid fencepost")

// ResolveFenceposts turns the rolling parameters maxSurge and
// maxUnavailable into replica counts for desired replicas. The rules, in
// order:
//
//  1. Each parameter must be set; an absent one is an error.
//  2. An integer parameter is its own value (negative values pass
//     through, as upstream's validation, not this function, rejects them).
//  3. A string parameter is always a percentage: every '%' is removed and
//     the rest must be a base-10 integer with an optional sign (so "25"
//     means 25 %) [probe]. The percentage of desired is rounded up for
//     maxSurge and down for maxUnavailable, computed in float64 as
//     upstream does.
//  4. Any error returns (0, 0, err) with no further adjustment; err wraps
//     ErrInvalidFencepost and names the parameter.
//  5. If both resolve to 0, unavailable is 1 (surge might not work because
//     of quota).
//
// Both are resolved as ints and the zero-zero rule applies to those;
// the results are then converted to int32 with wraparound, as upstream
// converts them (a maxSurge of 200 % of 2147483647 replicas is -2, and
// leaves a valid maxUnavailable as it is).
//
// Ports: appsutil.ResolveFenceposts with the older
// intstr.GetValueFromIntOrPercent (strings.Replace of every "%"), SPEC 5.16.
func ResolveFenceposts(maxSurge, maxUnavailable dcplan.Fencepost, desired dcplan.Replicas) (surge, unavailable int32, err error) {
	s, err := scaled("maxSurge", maxSurge, desired, true)
	if err != nil {
		return 0, 0, err
	}
	u, err := scaled("maxUnavailable", maxUnavailable, desired, false)
	if err != nil {
		return 0, 0, err
	}
	if s == 0 && u == 0 {
		u = 1
	}
	return int32(s), int32(u), nil // upstream's int32(int): wraps
}

// MaxUnavailable returns how many replicas of cfg may be unavailable
// during a rollout: 0 unless the strategy is Rolling, else the resolved
// maxUnavailable for desired = spec.replicas, with any error read as 0.
// A Rolling strategy without parameters (which upstream dereferences and
// panics on, and Validate rejects) has unset fenceposts and so gives 0.
// Examples [probe]: replicas 3 with 25 %/25 % gives 0; surge 0 with
// maxUnavailable 25 % gives 1 (the zero-zero rule); an absent maxSurge
// gives 0.
//
// Ports: appsutil.MaxUnavailable, SPEC 5.17.
func MaxUnavailable(cfg *dcplan.Config) int32 {
	if cfg.Strategy.Type != dcplan.StrategyRolling {
		return 0
	}
	_, u, err := ResolveFenceposts(cfg.Strategy.MaxSurge, cfg.Strategy.MaxUnavailable, cfg.Replicas)
	if err != nil {
		return 0
	}
	return u
}

// MaxSurge returns how many replicas above spec.replicas cfg may run
// during a rollout: 0 unless the strategy is Rolling, else the resolved
// maxSurge for desired = spec.replicas, with any error read as 0.
// Examples [probe]: replicas 3 with 25 %/25 % gives 1; an absent maxSurge
// gives 0.
//
// Ports: appsutil.MaxSurge, SPEC 5.17.
func MaxSurge(cfg *dcplan.Config) int32 {
	if cfg.Strategy.Type != dcplan.StrategyRolling {
		return 0
	}
	s, _, err := ResolveFenceposts(cfg.Strategy.MaxSurge, cfg.Strategy.MaxUnavailable, cfg.Replicas)
	if err != nil {
		return 0
	}
	return s
}

// scaled resolves one fencepost, as an int (64 bits, as upstream's int
// on the platforms it runs on). It does not allocate unless it fails.
func scaled(name string, f dcplan.Fencepost, desired dcplan.Replicas, roundUp bool) (int64, error) {
	if !f.Set {
		return 0, fmt.Errorf("%w: %s: nil value for IntOrString", ErrInvalidFencepost, name)
	}
	if !f.IsString {
		return int64(f.Int), nil
	}
	v, ok := percent(f.Str)
	if !ok {
		_, perr := strconv.Atoi(strings.ReplaceAll(f.Str, "%", ""))
		if perr == nil { // only reachable where int is narrower than int64
			perr = strconv.ErrRange
		}
		return 0, fmt.Errorf("%w: %s: invalid value %q: %w", ErrInvalidFencepost, name, f.Str, perr)
	}
	x := float64(v) * float64(desired) / 100
	if roundUp {
		x = math.Ceil(x)
	} else {
		x = math.Floor(x)
	}
	if x < math.MinInt64 || x >= math.MaxInt64 {
		return 0, fmt.Errorf("%w: %s: %q of %d replicas is out of range", ErrInvalidFencepost, name, f.Str, desired)
	}
	return int64(x), nil
}

// percent parses s as strconv.Atoi would parse it with every '%' removed:
// an optional sign, then at least one decimal digit, within int64. It does
// not allocate.
func percent(s string) (int64, bool) {
	var (
		neg, signSeen, digits bool
		n                     uint64
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			continue
		case (c == '+' || c == '-') && !signSeen && !digits:
			signSeen, neg = true, c == '-'
		case c >= '0' && c <= '9':
			digits = true
			if n > (math.MaxInt64+1)/10 {
				return 0, false
			}
			n = n*10 + uint64(c-'0')
			if n > math.MaxInt64+1 {
				return 0, false
			}
		default:
			return 0, false
		}
		signSeen = true // a sign may only come first
	}
	if !digits {
		return 0, false
	}
	if neg {
		if n == math.MaxInt64+1 {
			return math.MinInt64, true
		}
		return -int64(n), true
	}
	if n > math.MaxInt64 {
		return 0, false
	}
	return int64(n), true
}
