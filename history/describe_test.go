package history

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
)

// Reference: docker pkg/units HumanDuration (Origin vendor).
func TestHumanDuration(t *testing.T) {
	const day = 24 * time.Hour
	tests := []struct {
		name, why string
		d         time.Duration
		want      string
	}{
		{"negative", "clock skew reads as brand new", -5 * time.Second, "Less than a second"},
		{"zero", "rule 1", 0, "Less than a second"},
		{"just under a second", "seconds are truncated", time.Second - 1, "Less than a second"},
		{"one second", "rule 2 keeps upstream's plural", time.Second, "1 seconds"},
		{"59.9 seconds", "still seconds", time.Minute - time.Millisecond, "59 seconds"},
		{"one minute", "rule 3", time.Minute, "About a minute"},
		{"just under two minutes", "minutes are truncated", 2*time.Minute - 1, "About a minute"},
		{"two minutes", "rule 4", 2 * time.Minute, "2 minutes"},
		{"59 minutes", "last minute value", time.Hour - 1, "59 minutes"},
		{"one hour", "rule 5", time.Hour, "About an hour"},
		{"just under two hours", "hours are truncated, not rounded", 2*time.Hour - 1, "About an hour"},
		{"two hours", "rule 6", 2 * time.Hour, "2 hours"},
		{"47 hours", "last hour value", 48*time.Hour - 1, "47 hours"},
		{"two days", "rule 7", 48 * time.Hour, "2 days"},
		{"13 days", "last day value", 14*day - 1, "13 days"},
		{"two weeks", "rule 8", 14 * day, "2 weeks"},
		{"89 days", "last week value", 90*day - 1, "12 weeks"},
		{"90 days", "rule 9", 90 * day, "3 months"},
		{"729 days", "last month value", 730*day - 1, "24 months"},
		{"730 days", "rule 10", 730 * day, "2 years"},
		{"ten years", "years are whole", 3660 * day, "10 years"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, HumanDuration(tt.d)); d != "" {
				t.Errorf("HumanDuration(%v) mismatch (-want +got):\n%s", tt.d, d)
			}
		})
	}
}

// Reference: Origin describe describePodSummaryInline.
func TestPodSummary(t *testing.T) {
	tests := []struct {
		name, why         string
		actual, requested dcplan.Replicas
		includeEmpty      bool
		want              string
	}{
		{"empty", "0/0 prints nothing", 0, 0, false, ""},
		{"empty included", "includeEmpty prints 0 pods", 0, 0, true, " - 0 pods"},
		{"one", "singular", 1, 1, false, " - 1 pod"},
		{"many", "plural", 3, 3, false, " - 3 pods"},
		{"growing", "requested above actual", 1, 3, false, " - 1/3 pods growing to 3"},
		{"reducing", "requested below actual", 3, 0, false, " - 3/0 pods reducing to 0"},
		{"growing from zero", "includeEmpty does not matter when they differ", 0, 2, false, " - 0/2 pods growing to 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, PodSummary(tt.actual, tt.requested, tt.includeEmpty)); d != "" {
				t.Errorf("PodSummary() mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// Reference: Origin describe describeDeploymentStatus.
func TestDescribe(t *testing.T) {
	now := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	rc := func(p dcplan.Phase, spec, status dcplan.Replicas, mod func(*dcplan.Deployment)) dcplan.Deployment {
		d := dcplan.Deployment{Name: "web-3", Version: 3, Phase: p, Replicas: spec, StatusReplicas: status,
			CreationTime: now.Add(-5 * time.Minute)}
		if mod != nil {
			mod(&d)
		}
		return d
	}
	cancelled := func(d *dcplan.Deployment) { d.Cancelled, d.Reason = true, dcplan.ReasonCancelledByUser }
	tests := []struct {
		name, why   string
		d           dcplan.Deployment
		first, test bool
		want        string
	}{
		{name: "failed with reason", why: "row Failed: reason after a colon, pods never empty-included",
			d: rc(dcplan.PhaseFailed, 0, 0, cancelled), first: true,
			want: "deployment #3 failed 5 minutes ago: cancelled by the user"},
		{name: "failed without reason", why: "no colon without a reason",
			d: rc(dcplan.PhaseFailed, 0, 2, nil), want: "deployment #3 failed 5 minutes ago - 2/0 pods reducing to 0"},
		{name: "complete test", why: "test DCs print no pods",
			d: rc(dcplan.PhaseComplete, 0, 0, nil), test: true, want: "test deployment #3 deployed 5 minutes ago"},
		{name: "complete first empty", why: "the first RC includes an empty summary",
			d: rc(dcplan.PhaseComplete, 0, 0, nil), first: true, want: "deployment #3 deployed 5 minutes ago - 0 pods"},
		{name: "complete not first empty", why: "older RCs omit it",
			d: rc(dcplan.PhaseComplete, 0, 0, nil), want: "deployment #3 deployed 5 minutes ago"},
		{name: "complete cancelled", why: "terminal RCs never say cancelling",
			d: rc(dcplan.PhaseComplete, 3, 3, cancelled), want: "deployment #3 deployed 5 minutes ago - 3 pods"},
		{name: "running", why: "row Running: 'for <age>'",
			d: rc(dcplan.PhaseRunning, 3, 1, nil), want: "deployment #3 running for 5 minutes - 1/3 pods growing to 3"},
		{name: "running empty first", why: "row Running: includeEmpty is false even for the first RC, so 0/0 prints no pod summary (describeDeploymentStatus)",
			d: rc(dcplan.PhaseRunning, 0, 0, nil), first: true, want: "deployment #3 running for 5 minutes"},
		{name: "running cancelling test", why: "test prefix and cancelling marker",
			d: rc(dcplan.PhaseRunning, 1, 1, cancelled), test: true,
			want: "test deployment #3 running (cancelling) for 5 minutes - 1 pod"},
		{name: "pending cancelling", why: "other phases: lowercase phase, marker, age ago",
			d: rc(dcplan.PhasePending, 0, 0, cancelled), want: "deployment #3 pending (cancelling) 5 minutes ago"},
		{name: "new test", why: "the test prefix is only for Running and Complete",
			d: rc(dcplan.PhaseNew, 0, 0, nil), test: true, want: "deployment #3 new 5 minutes ago"},
		{name: "unknown phase", why: "an empty phase word leaves a double space, as upstream",
			d: rc(dcplan.PhaseUnknown, 0, 0, nil), want: "deployment #3  5 minutes ago"},
		{name: "about an hour", why: "the age is lowercased",
			d:    rc(dcplan.PhaseNew, 0, 0, func(d *dcplan.Deployment) { d.CreationTime = now.Add(-time.Hour) }),
			want: "deployment #3 new about an hour ago"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, Describe(tt.d, tt.first, tt.test, now)); d != "" {
				t.Errorf("Describe() mismatch (-want +got):\n%s", d)
			}
		})
	}
}
