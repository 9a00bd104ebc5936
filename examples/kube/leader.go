package kube

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/uuid"
	"k8s.io/client-go/tools/leaderelection"
	"k8s.io/client-go/tools/leaderelection/resourcelock"
	"k8s.io/klog/v2"
)

// LeaderElection makes Run act only while the process holds a
// coordination.k8s.io/v1 Lease, through client-go's leaderelection: of
// several replicas of a controller, one runs the workers and the others
// stand by with their caches synced, ready to take over.
//
// While it leads, the process renews the lease every RetryPeriod. When it
// cannot renew it for RenewDeadline, it has lost the lease: it stops at
// once (the passes in flight are cancelled: their next request is not
// sent), and Run returns an error wrapping ErrLeaseLost; the program
// should exit (dcplan-controller exits with status 8). A standby acquires
// the lease LeaseDuration after the last renewal it saw. When Run's
// context ends, the leader lets its passes in flight finish and sends
// their events (see Options.DrainTimeout), and then releases the lease,
// so a standby takes over within RetryPeriod.
type LeaderElection struct {
	// Namespace and Name name the Lease.
	Namespace, Name string
	// Identity is this process's name in the Lease; "" means the host
	// name (a pod's name) followed by "_" and a random uid.
	Identity string
	// LeaseDuration is how long a standby waits after the last renewal
	// before it takes the lease; 0 means 15 s. RenewDeadline is how long
	// the leader tries to renew before it gives up; 0 means 10 s.
	// RetryPeriod is the time between tries; 0 means 2 s. They must
	// satisfy LeaseDuration > RenewDeadline > 1.2 × RetryPeriod
	// (client-go's rule, with its jitter factor), and LeaseDuration in
	// whole seconds, as the Lease records it and a standby reads it, must
	// exceed RenewDeadline + RetryPeriod: a leader whose renewals fail
	// tries again RetryPeriod after its last renewal and stops
	// RenewDeadline after that try, and a standby that took the lease
	// sooner would act beside it (a lease under a second is recorded as
	// 0, and a standby takes it at once).
	LeaseDuration, RenewDeadline, RetryPeriod time.Duration
}

// The default durations of a LeaderElection: those of Kubernetes'
// controller managers.
const (
	DefaultLeaseDuration = 15 * time.Second
	DefaultRenewDeadline = 10 * time.Second
	DefaultRetryPeriod   = 2 * time.Second
)

// ErrLeaseLost reports that the leader could not renew its lease in time
// and stopped acting.
var ErrLeaseLost = errors.New("kube: lost the leader lease")

// ErrLeaderElection reports a LeaderElection that cannot be used.
var ErrLeaderElection = errors.New("kube: invalid leader election")

// withDefaults returns l with its zero durations set to their defaults.
func (l LeaderElection) withDefaults() LeaderElection {
	if l.LeaseDuration == 0 {
		l.LeaseDuration = DefaultLeaseDuration
	}
	if l.RenewDeadline == 0 {
		l.RenewDeadline = DefaultRenewDeadline
	}
	if l.RetryPeriod == 0 {
		l.RetryPeriod = DefaultRetryPeriod
	}
	return l
}

// Validate reports, as an error wrapping ErrLeaderElection, a
// LeaderElection without a lease name or namespace, or whose durations
// (zero ones at their defaults) break client-go's rule or leave the
// lease, in the whole seconds the Lease records, no longer than the
// renew deadline and the retry period together.
func (l LeaderElection) Validate() error {
	l = l.withDefaults()
	switch {
	case l.Namespace == "" || l.Name == "":
		return fmt.Errorf("%w: the lease needs a namespace and a name", ErrLeaderElection)
	case l.LeaseDuration < 0 || l.RenewDeadline < 0 || l.RetryPeriod < 0:
		return fmt.Errorf("%w: negative duration", ErrLeaderElection)
	case l.LeaseDuration <= l.RenewDeadline:
		return fmt.Errorf("%w: the lease duration (%s) must be longer than the renew deadline (%s)", ErrLeaderElection, l.LeaseDuration, l.RenewDeadline)
	case float64(l.RenewDeadline) <= leaderelection.JitterFactor*float64(l.RetryPeriod):
		return fmt.Errorf("%w: the renew deadline (%s) must be longer than %.1f × the retry period (%s)",
			ErrLeaderElection, l.RenewDeadline, leaderelection.JitterFactor, l.RetryPeriod)
	case l.LeaseDuration.Truncate(time.Second) <= l.RenewDeadline+l.RetryPeriod:
		// The Lease records whole seconds (client-go truncates; under a
		// second, none at all), and a standby takes the lease once that
		// much has passed since it saw the last renewal; a leader whose
		// renewals fail tries again a retry period after its last
		// renewal and gives up a renew deadline after that try.
		return fmt.Errorf("%w: the lease duration (%s) is recorded in the Lease in whole seconds (%s), which must be longer than the renew deadline (%s) and the retry period (%s) together: "+
			"a leader whose renewals fail acts for up to both after its last renewal",
			ErrLeaderElection, l.LeaseDuration, l.LeaseDuration.Truncate(time.Second), l.RenewDeadline, l.RetryPeriod)
	}
	return nil
}

// identity returns l's Identity, or one made of the host name.
func (l LeaderElection) identity() string {
	if l.Identity != "" {
		return l.Identity
	}
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "dcplan"
	}
	return host + "_" + string(uuid.NewUUID())
}

// runElected takes part in the election of l with synced caches: it runs
// the workers while it leads, until ctx ends (then it lets the passes in
// flight finish and releases the lease) or the lease is lost (then it
// stops them at once and returns ErrLeaseLost, also when ctx had ended
// and the passes in flight were still finishing: they did not).
func (c *Controller) runElected(ctx context.Context, l LeaderElection) error {
	l = l.withDefaults()
	id := l.identity()
	log := c.log.WithValues("lease", l.Namespace+"/"+l.Name, "identity", id)
	// The elector's context outlives ctx: it is cancelled once the passes
	// in flight are done, and the lease is released after that (the code
	// the lease guards must be finished first).
	electCtx, cancelElect := context.WithCancel(klog.NewContext(context.WithoutCancel(ctx), log))
	defer cancelElect()
	var (
		mu       sync.Mutex
		stopping bool
		working  chan struct{} // closed when the workers of a term returned
		// lost is set when a term's workers returned with its lead
		// context ended by the elector (a failed renewal), not by this
		// function: the passes in flight were cancelled, also during a
		// drain. electCtx alone cannot tell: once the workers return, the
		// stopping goroutine below may cancel it before elector.Run
		// returns.
		lost bool
	)
	stop := func() <-chan struct{} {
		mu.Lock()
		defer mu.Unlock()
		stopping = true
		return working
	}
	lock := &resourcelock.LeaseLock{
		LeaseMeta:  metav1.ObjectMeta{Namespace: l.Namespace, Name: l.Name},
		Client:     c.kube.CoordinationV1(),
		LockConfig: resourcelock.ResourceLockConfig{Identity: id},
	}
	// Not ReleaseOnCancel: client-go releases after a failed renewal too,
	// before it cancels the leading context, so the workers would go on
	// for as long as that release takes (up to RenewDeadline on a server
	// that does not answer), while a standby may lead. The lease is
	// released below, after a graceful stop only.
	elector, err := leaderelection.NewLeaderElector(leaderelection.LeaderElectionConfig{
		Lock:          lock,
		LeaseDuration: l.LeaseDuration,
		RenewDeadline: l.RenewDeadline,
		RetryPeriod:   l.RetryPeriod,
		Name:          l.Name,
		WatchDog:      c.watchdog,
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: func(lead context.Context) {
				mu.Lock()
				if stopping {
					mu.Unlock()
					return
				}
				done := make(chan struct{})
				working = done
				mu.Unlock()
				defer close(done)
				log.Info("Leading")
				c.work(ctx.Done(), lead)
				if lead.Err() != nil && electCtx.Err() == nil { // done is still open: electCtx is not cancelled yet
					mu.Lock()
					lost = true
					mu.Unlock()
				}
			},
			OnStoppedLeading: func() {},
			OnNewLeader: func(leader string) {
				if leader != id {
					log.Info("Standing by", "leader", leader)
				}
			},
		},
	})
	if err != nil {
		return fmt.Errorf("%w: %w", ErrLeaderElection, err)
	}
	c.watchdog.SetLeaderElection(elector)
	c.electing.Store(true)
	defer c.electing.Store(false)
	go func() {
		select {
		case <-ctx.Done():
		case <-electCtx.Done():
			return
		}
		if w := stop(); w != nil {
			<-w
		}
		cancelElect()
	}()
	log.Info("Waiting for the leader lease")
	elector.Run(electCtx)
	// Neither a stop nor a SIGTERM ended the election: the elector stopped
	// leading on its own, also when no term's workers had started yet.
	unasked := electCtx.Err() == nil && ctx.Err() == nil
	if w := stop(); w != nil {
		<-w
	}
	mu.Lock()
	lost = lost || unasked
	mu.Unlock()
	if lost {
		return fmt.Errorf("%w %s/%s (identity %s)", ErrLeaseLost, l.Namespace, l.Name, id)
	}
	if elector.IsLeader() {
		rctx, cancel := context.WithTimeout(klog.NewContext(context.WithoutCancel(ctx), log), l.RenewDeadline)
		defer cancel()
		if err := release(rctx, lock); err != nil {
			log.Error(err, "Failed to release the leader lease")
		}
	}
	log.Info("Left the leader election")
	return nil
}

// release gives up the lease lock holds, as client-go's ReleaseOnCancel
// does (a record with no holder and a 1 s duration, so that a standby
// takes it at its next try), when the lease still names lock's identity.
// Call it once the code the lease guards is finished.
func release(ctx context.Context, lock resourcelock.Interface) error {
	for {
		rec, _, err := lock.Get(ctx)
		if err != nil {
			return err
		}
		if rec.HolderIdentity != lock.Identity() {
			return nil
		}
		now := metav1.NewTime(time.Now())
		err = lock.Update(ctx, resourcelock.LeaderElectionRecord{LeaderTransitions: rec.LeaderTransitions,
			LeaseDurationSeconds: 1, RenewTime: now, AcquireTime: now})
		if !apierrors.IsConflict(err) {
			return err
		}
	}
}
