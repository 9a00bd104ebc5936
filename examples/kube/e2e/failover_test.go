package e2e_test

import (
	"slices"
	"syscall"
	"testing"
	"time"
)

// TestLeaderKilledMidRollout runs two controller binaries with leader
// election on one namespace: only the leader writes. SIGKILL of the
// leader while a rollout waits on its deployer pod: the standby takes the
// Lease within the lease duration (plus a retry period and a margin),
// finishes the rollout, with each RC and deployer pod created once and
// never two deployer pods at once (the kubelet checks); the Lease went
// from the leader to the standby without a release.
func TestLeaderKilledMidRollout(t *testing.T) {
	t.Parallel()
	r := newReplicas(t)
	a, b := r.twoReplicas()
	holders := r.watchHolders()
	release := r.midRollout()
	killed := time.Now()
	if err := a.Kill(); err != nil {
		t.Fatal(err)
	}
	if sig := a.Signaled(); sig != syscall.SIGKILL {
		t.Fatalf("%s ended with status %d, signal %v; want SIGKILL", a, a.ExitCode(), sig)
	}
	led := r.awaitHolder(b.id, leaseDuration+2*retryPeriod+failoverMargin)
	t.Logf("fail-over after SIGKILL: %s led %v after the kill (lease duration %v, retry period %v)",
		b.id, led.Sub(killed).Round(10*time.Millisecond), leaseDuration, retryPeriod)
	release()
	r.e.await("frontend", secondRollout)
	r.checkWrites(a, b, killed)
	if got, want := holders(), []string{a.id, b.id}; !slices.Equal(got, want) {
		t.Errorf("the Lease's holders %q, want %q", got, want)
	}
}

// TestLeaderStoppedMidRollout: SIGTERM of the leader while a rollout
// waits on its deployer pod: the leader finishes its passes, releases the
// Lease and exits 0; the standby takes the Lease within a retry period
// (plus a margin) of the release, and finishes the rollout; the Lease went
// from the leader to nobody to the standby.
func TestLeaderStoppedMidRollout(t *testing.T) {
	t.Parallel()
	r := newReplicas(t)
	a, b := r.twoReplicas()
	holders := r.watchHolders()
	release := r.midRollout()
	stopped := time.Now()
	if err := a.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := a.awaitExit(drainTimeout + failoverMargin); code != 0 {
		t.Fatalf("%s exited %d after SIGTERM, want 0", a, code)
	}
	exited := time.Now()
	led := r.awaitHolder(b.id, 2*retryPeriod+failoverMargin)
	t.Logf("hand-over after SIGTERM: %s exited %v after the signal, %s led %v after the signal (retry period %v)",
		a.id, exited.Sub(stopped).Round(10*time.Millisecond), b.id, led.Sub(stopped).Round(10*time.Millisecond), retryPeriod)
	release()
	r.e.await("frontend", secondRollout)
	r.checkWrites(a, b, stopped)
	if got, want := holders(), []string{a.id, "", b.id}; !slices.Equal(got, want) {
		t.Errorf("the Lease's holders %q, want %q: %s released it", got, want, a.id)
	}
}
