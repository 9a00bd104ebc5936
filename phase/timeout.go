package phase

import (
	"time"

	"github.com/dcplan/dcplan"
)

// TimeoutSeconds returns how long an RC built from a config with strategy
// st may stay New before the deployer fails it (SPEC 5.21), in order:
//
//  1. Rolling or Recreate: the parameters' timeoutSeconds when set (0 means
//     never), else dcplan.DefaultTimeoutSeconds (600, SPEC 1.8).
//  2. Custom: dcplan.DefaultTimeoutSeconds, fixed.
//  3. Any other strategy: 0, never.
//
// Ports: deployer_controller.go getTimeoutSecondsForStrategy.
func TimeoutSeconds(st dcplan.Strategy) int64 {
	switch st.Type {
	case dcplan.StrategyRolling, dcplan.StrategyRecreate:
		if st.HasTimeout {
			return st.TimeoutSeconds
		}
		return dcplan.DefaultTimeoutSeconds
	case dcplan.StrategyCustom:
		return dcplan.DefaultTimeoutSeconds
	}
	return 0
}

// timedOut reports whether an RC created at created has exceeded timeout
// seconds at now: the whole seconds elapsed (truncated toward zero, as
// upstream's int64(Duration.Seconds())) are strictly greater than timeout.
// A timeout of 0 or less never expires. A zero created time counts as the
// distant past, as it does upstream.
//
// Ports: deployer_controller.go rolloutExceededTimeoutSeconds (with now as
// an input instead of time.Since).
func timedOut(now, created time.Time, timeout int64) bool {
	if timeout <= 0 {
		return false
	}
	return int64(now.Sub(created).Seconds()) > timeout
}

// untilTimeout returns how long after now the timeout first fires: at
// created + timeout + 1 s, the first instant whose truncated elapsed seconds
// exceed timeout. It is only called while timedOut is false.
// Timeouts beyond maxTimeout seconds (about 272 years) are treated as
// maxTimeout, so the arithmetic cannot overflow.
func untilTimeout(now, created time.Time, timeout int64) time.Duration {
	timeout = min(timeout, maxTimeout)
	return created.Add(time.Duration(timeout+1) * time.Second).Sub(now)
}

// maxTimeout bounds the timeouts untilTimeout computes with.
const maxTimeout = 1 << 33

// encodedStrategy returns the strategy of the DC encoded in d: the zero
// Strategy (type unset, so no timeout and no parameters) when d carries
// no encoded DC.
func encodedStrategy(d *dcplan.Deployment) dcplan.Strategy {
	if enc := d.Encoded; enc != nil {
		return enc.Strategy
	}
	return dcplan.Strategy{}
}

// encodedTest reports whether d's encoded DC is a test DC (spec.test),
// whose RCs are scaled to zero once their rollout ends (SPEC 2.4).
func encodedTest(d *dcplan.Deployment) bool {
	enc := d.Encoded
	return enc != nil && enc.Test
}
