package main

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"syscall"
	"time"

	appsclient "github.com/openshift/client-go/apps/clientset/versioned"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/record"
	"k8s.io/klog/v2"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/wire"
)

// Options say what Measure runs and waits for.
type Options struct {
	// Namespace is the controller's namespace, holding DCs DCs with RCs
	// RCs each (Populate's world).
	Namespace string
	DCs, RCs  int
	// Resync is the informers' resync period; 0 measures no resync
	// round.
	Resync time.Duration
	// Quiet is how long no pass may run after every key had one for a
	// round to be over; 0 means 1 s.
	Quiet time.Duration
	// Timeout bounds the whole measure; 0 means 10 minutes.
	Timeout time.Duration
	// Recorder is the controller's event recorder (kube.Options.Recorder).
	Recorder func(component string) record.EventRecorder
}

// Round is one round of passes: every DC key through the DC controller
// and every RC key through the deployer controller, at least once.
type Round struct {
	// Seconds runs from the round's first pass to its last.
	Seconds float64 `json:"seconds"`
	// CPUSeconds is the process's user and system time meanwhile.
	CPUSeconds float64 `json:"cpuSeconds"`
	// Passes counts the passes of both controllers, Requests the
	// requests they sent.
	Passes   int `json:"passes"`
	Requests int `json:"requests"`
	// PassesPerSecond is Passes / Seconds.
	PassesPerSecond float64 `json:"passesPerSecond"`
}

// Result is what Measure measured.
type Result struct {
	// SyncSeconds is the time from Run to the informer caches synced.
	SyncSeconds float64 `json:"syncSeconds"`
	// First is the first round, from the caches synced; Resync the next
	// one, a resync's (nil without Options.Resync).
	First  Round  `json:"first"`
	Resync *Round `json:"resync,omitempty"`
	// HeapMB is the Go heap in use after a GC once the rounds are over.
	HeapMB float64 `json:"heapMB"`
	// Plans describes the first few plans that sent requests, for a world
	// not at rest.
	Plans []string `json:"plans,omitempty"`
}

// ErrTimeout reports rounds that did not end within Options.Timeout.
var ErrTimeout = errors.New("scale: the rounds did not end in time")

// Measure runs kube.New(kc, ac, ...).Run over a world Populate made and
// measures its first round of passes and, with Options.Resync, a resync
// round; then it stops the controller.
func Measure(ctx context.Context, kc kubernetes.Interface, ac appsclient.Interface, o Options) (Result, error) {
	if o.Quiet == 0 {
		o.Quiet = time.Second
	}
	if o.Timeout == 0 {
		o.Timeout = 10 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	tr := &tracker{want: o.DCs * (1 + o.RCs), seen: map[string]bool{}}
	resync := o.Resync
	if resync == 0 {
		resync = -1 // no resync round to measure: none at all
	}
	ctrl := kube.New(kc, ac, kube.Options{Namespace: o.Namespace, Settings: Settings(), Resync: resync,
		Recorder: o.Recorder, Logger: klog.NewKlogr().V(10), OnPass: tr.pass})
	start := time.Now()
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	var runErr error
	go func() { defer close(done); runErr = ctrl.Run(runCtx) }()
	defer func() { stop(); <-done }()

	// why adds Run's error to a wait's that ended because Run returned.
	why := func(err error) error {
		if errors.Is(err, errRunReturned) {
			return fmt.Errorf("%w: %v", err, runErr)
		}
		return err
	}
	var res Result
	dcs, rcs, pods := ctrl.Informers()
	if err := waitUntil(ctx, done, func() bool { return dcs.HasSynced() && rcs.HasSynced() && pods.HasSynced() }); err != nil {
		return res, fmt.Errorf("scale: caches: %w", why(err))
	}
	res.SyncSeconds = time.Since(start).Seconds()
	first, err := tr.await(ctx, done, o.Quiet)
	res.First = first
	if err != nil {
		return res, why(err)
	}
	if o.Resync > 0 {
		tr.restart()
		r, err := tr.await(ctx, done, o.Quiet)
		if err != nil {
			return res, why(err)
		}
		res.Resync = &r
	}
	res.Plans = tr.plans
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	res.HeapMB = float64(ms.HeapInuse) / (1 << 20)
	return res, nil
}

// tracker counts the passes of the current round.
type tracker struct {
	want int
	mu   sync.Mutex
	// seen holds the keys passed this round ("<component> <key>").
	seen map[string]bool
	// first and firstCPU are the round's start, last and lastCPU its
	// last pass, in wall and CPU time.
	first, last       time.Time
	firstCPU, lastCPU time.Duration
	passes, sent      int
	plans             []string
}

func (t *tracker) pass(component, key string, p wire.Pass) {
	now, cpu := time.Now(), cpuTime()
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.first.IsZero() {
		t.first, t.firstCPU = now, cpu
	}
	t.last, t.lastCPU = now, cpu
	t.passes++
	t.sent += p.Sent
	t.seen[component+" "+key] = true
	if p.Sent > 0 && len(t.plans) < 5 {
		t.plans = append(t.plans, component+" "+key+": "+dcplan.Describe(p.Plan))
	}
}

// restart begins the next round, at its first pass.
func (t *tracker) restart() {
	t.mu.Lock()
	defer t.mu.Unlock()
	clear(t.seen)
	t.first, t.last, t.passes, t.sent = time.Time{}, time.Time{}, 0, 0
}

// await waits until every key was passed this round and no pass ran for
// quiet, and returns the round.
func (t *tracker) await(ctx context.Context, done <-chan struct{}, quiet time.Duration) (Round, error) {
	var r Round
	err := waitUntil(ctx, done, func() bool {
		t.mu.Lock()
		defer t.mu.Unlock()
		if len(t.seen) < t.want || time.Since(t.last) < quiet {
			return false
		}
		r = Round{Seconds: t.last.Sub(t.first).Seconds(), CPUSeconds: (t.lastCPU - t.firstCPU).Seconds(),
			Passes: t.passes, Requests: t.sent}
		return true
	})
	if err != nil {
		t.mu.Lock()
		defer t.mu.Unlock()
		return Round{Passes: t.passes, Requests: t.sent}, fmt.Errorf("%w: %d of %d keys passed: %w", ErrTimeout, len(t.seen), t.want, err)
	}
	if r.Seconds > 0 {
		r.PassesPerSecond = float64(r.Passes) / r.Seconds
	}
	return r, nil
}

// errRunReturned reports a controller that stopped before the rounds
// were over.
var errRunReturned = errors.New("scale: Run() returned early")

// waitUntil polls cond every 20 ms until it holds, ctx ends or Run
// returned (done closed).
func waitUntil(ctx context.Context, done <-chan struct{}, cond func() bool) error {
	for !cond() {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-done:
			return errRunReturned
		case <-time.After(20 * time.Millisecond):
		}
	}
	return nil
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
