package phase

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
)

// Reference: deployer_controller.go rolloutExceededTimeoutSeconds
func TestTimedOut(t *testing.T) {
	created := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		why     string
		elapsed time.Duration
		timeout int64
		zero    bool
		want    bool
		until   time.Duration
	}{
		{name: "at-timeout", why: "5.21: 600 whole seconds is not more than 600", elapsed: 600 * time.Second, timeout: 600, until: time.Second},
		{name: "just-below-601", why: "5.21: seconds are truncated: 600.9 s reads 600", elapsed: 600900 * time.Millisecond, timeout: 600, until: 100 * time.Millisecond},
		{name: "601", why: "5.21: 601 > 600 fires", elapsed: 601 * time.Second, timeout: 600, want: true},
		{name: "never", why: "5.21: timeout 0 never fires", elapsed: 1000 * time.Hour, timeout: 0},
		{name: "future-creation", why: "a creation time after now truncates toward zero", elapsed: -1500 * time.Millisecond, timeout: 1, until: 3500 * time.Millisecond},
		{name: "zero-creation", why: "SPEC 10.1: a zero creation time is the distant past", zero: true, timeout: 600, want: true},
		{name: "huge", why: "5.21, Plan.RecheckAfter: a timeout of 2^40 s is counted as maxTimeout (2^33 s), whose nanoseconds an int64 holds", elapsed: 600 * time.Second, timeout: 1 << 40, until: (maxTimeout + 1 - 600) * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := created
			if tt.zero {
				c = time.Time{}
			}
			now := created.Add(tt.elapsed)
			if got := timedOut(now, c, tt.timeout); got != tt.want {
				t.Errorf("timedOut() = %v, want %v (%s)", got, tt.want, tt.why)
			}
			if tt.want || tt.timeout <= 0 {
				return
			}
			if d := cmp.Diff(tt.until, untilTimeout(now, c, tt.timeout)); d != "" {
				t.Errorf("untilTimeout() mismatch (-want +got):\n%s", d)
			}
		})
	}
}

func TestUntilTimeoutHuge(t *testing.T) {
	now := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	if got := untilTimeout(now, now, 1<<62); got <= 0 {
		t.Errorf("untilTimeout(huge) = %v, want a positive duration", got)
	}
}

// Reference: deployer_controller.go getTimeoutSecondsForStrategy
func TestTimeoutSeconds(t *testing.T) {
	tests := []struct {
		name string
		why  string
		st   dcplan.Strategy
		want int64
	}{
		{"rolling-default", "5.21: Rolling without timeoutSeconds: 600", dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true}, 600},
		{"rolling-set", "5.21: Rolling timeoutSeconds wins", dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true, HasTimeout: true, TimeoutSeconds: 60}, 60},
		{"recreate-default", "5.21: Recreate without timeoutSeconds: 600, as Rolling", dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true}, 600},
		{"recreate-zero", "5.21: 0 is kept (never)", dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true, HasTimeout: true}, 0},
		{"custom", "5.21: Custom is fixed at 600", dcplan.Strategy{Type: dcplan.StrategyCustom, HasTimeout: true, TimeoutSeconds: 5}, 600},
		{"unset", "5.21: other strategies never time out", dcplan.Strategy{}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, TimeoutSeconds(tt.st)); d != "" {
				t.Errorf("TimeoutSeconds() mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// Reference: deployer_controller.go nextStatus (pod phase switch)
func TestCandidate(t *testing.T) {
	tests := []struct {
		name string
		why  string
		pod  dcplan.PodPhase
		want dcplan.Phase
		comp dcplan.Phase
	}{
		{"pending", "2.2", dcplan.PodPending, dcplan.PhasePending, dcplan.PhasePending},
		{"running", "2.2", dcplan.PodRunning, dcplan.PhaseRunning, dcplan.PhaseRunning},
		{"succeeded", "2.2", dcplan.PodSucceeded, dcplan.PhaseComplete, dcplan.PhaseComplete},
		{"failed", "2.2", dcplan.PodFailed, dcplan.PhaseFailed, dcplan.PhaseFailed},
		{"unknown", "2.2: Unknown gives New, and nextStatusComp Pending", dcplan.PodUnknown, dcplan.PhaseNew, dcplan.PhasePending},
		{"unset", "2.2: no phase gives New, and nextStatusComp Pending", dcplan.PodPhaseUnset, dcplan.PhaseNew, dcplan.PhasePending},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Candidate(tt.pod)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Candidate() mismatch (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tt.comp, nextStatusComp(got, dcplan.PhasePending)); d != "" {
				t.Errorf("nextStatusComp() mismatch (-want +got):\n%s", d)
			}
		})
	}
}

func TestFindDeployerPod(t *testing.T) {
	long := strings.Repeat("a", 247)
	pods := []dcplan.Pod{{Name: "web-1-deployx"}, {Name: "web-10-deploy"}, {Name: "web-1-deploy", UID: "short"}, {Name: dcplan.DeployerPodName(long), UID: "long"}, {Name: long + "-deploy"}, {Name: "web-3-hooks1"}}
	tests := []struct {
		name string
		why  string
		rc   string
		want string
		ok   bool
	}{
		{"short", "5.10: <rc>-deploy, not a longer name that starts alike", "web-1", "short", true},
		{"long", "5.10: a name over 253 characters is hashed", long, "long", true},
		{"missing", "no such pod", "web-2", "", false},
		{"same-length", "5.10: a name of <rc>-deploy's length that starts with <rc> but does not end in -deploy", "web-3", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			uid, ok := "", false
			if p := findDeployerPod(pods, tt.rc); p != nil {
				uid, ok = p.UID, true
			}
			if d := cmp.Diff([]any{tt.want, tt.ok}, []any{uid, ok}); d != "" {
				t.Errorf("findDeployerPod() mismatch (-want +got):\n%s", d)
			}
		})
	}
}
