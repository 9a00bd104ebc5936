package kube

import (
	"os"
	"regexp"
	"testing"
)

// TestLeaderIdentity pins LeaderElection's identity: Identity when set,
// and otherwise the host name ("dcplan" where the machine has none), "_"
// and a uuid, distinct for each call.
func TestLeaderIdentity(t *testing.T) {
	if got := (LeaderElection{Identity: "replica-a"}).identity(); got != "replica-a" {
		t.Errorf("identity() = %q, want replica-a", got)
	}
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "dcplan"
	}
	want := regexp.MustCompile("^" + regexp.QuoteMeta(host) + "_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
	a, b := LeaderElection{}.identity(), LeaderElection{}.identity()
	if !want.MatchString(a) || !want.MatchString(b) || a == b {
		t.Errorf("identity() = %q, %q; want two distinct %s", a, b, want)
	}
}
