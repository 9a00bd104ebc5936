package kube_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan/examples/kube"
)

// TestLeaderElectionLeaseOutlastsTheLastTry: a leader whose renewals
// fail tries again a retry period after its last renewal and gives up a
// renew deadline after that try, so it acts for up to RetryPeriod +
// RenewDeadline past its last renewal, while a standby takes the lease
// once the recorded lease duration has passed since it saw that renewal.
// Validate refuses a lease (in the whole seconds the Lease records) no
// longer than both: with 2 s, 1.5 s and 1 s, accepted before, the leader
// cut off from the server led for about 0.3 s beside the standby that
// took its lease (both replicas' dcplan_leader was 1 in 27 of 400
// samples 10 ms apart).
func TestLeaderElectionLeaseOutlastsTheLastTry(t *testing.T) {
	for _, tc := range []struct {
		name string
		le   kube.LeaderElection
		ok   bool
	}{
		{"the last try past the lease", kube.LeaderElection{LeaseDuration: 2 * time.Second, RenewDeadline: 1500 * time.Millisecond, RetryPeriod: time.Second}, false},
		{"the last try at the lease", kube.LeaderElection{LeaseDuration: 2 * time.Second, RenewDeadline: 1500 * time.Millisecond, RetryPeriod: 500 * time.Millisecond}, false},
		{"the default retry past an 11 s lease", kube.LeaderElection{LeaseDuration: 11 * time.Second}, false},
		{"the last try within the lease", kube.LeaderElection{LeaseDuration: 2 * time.Second, RenewDeadline: 1500 * time.Millisecond, RetryPeriod: 400 * time.Millisecond}, true},
		{"within the recorded whole seconds", kube.LeaderElection{LeaseDuration: 2900 * time.Millisecond, RenewDeadline: 1500 * time.Millisecond, RetryPeriod: 500 * time.Millisecond}, false},
		{"the tests'", *testElection("a"), true},
		{"the defaults", kube.LeaderElection{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.le.Namespace, tc.le.Name = ns, leaseName
			err := tc.le.Validate()
			switch {
			case tc.ok && err != nil:
				t.Errorf("Validate() = %v, want nil", err)
			case !tc.ok && !errors.Is(err, kube.ErrLeaderElection):
				t.Errorf("Validate() = %v, want ErrLeaderElection: the leader may act after a standby took the lease", err)
			case !tc.ok && !strings.Contains(err.Error(), "retry period"):
				t.Errorf("Validate() = %v, want it to name the retry period", err)
			}
		})
	}
}
