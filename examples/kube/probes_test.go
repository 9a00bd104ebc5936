package kube_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/wire"
)

// probe returns the status and body a probe handler answers.
func probe(h http.Handler) (int, string) {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/", nil))
	return w.Code, strings.TrimSpace(w.Body.String())
}

// TestProbes: /readyz answers 503 until the caches synced, 200 while the
// controller runs, 503 again once its context ended; /healthz answers 200
// throughout.
func TestProbes(t *testing.T) {
	c := newCluster(t)
	ctrl := kube.New(c.kube, c.apps, kube.Options{Namespace: ns, Recorder: c.recorder})
	if code, body := probe(ctrl.Readyz()); code != http.StatusServiceUnavailable || body != "informer caches not synced" {
		t.Errorf("readyz before Run = %d %q, want 503 \"informer caches not synced\"", code, body)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ctrl.Run(ctx) }()
	waitFor(t, "readyz 200", func() bool { code, _ := probe(ctrl.Readyz()); return code == http.StatusOK })
	if code, body := probe(ctrl.Healthz()); code != http.StatusOK || body != "ok" {
		t.Errorf("healthz while running = %d %q, want 200 ok", code, body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run() = %v", err)
	}
	if code, body := probe(ctrl.Readyz()); code != http.StatusServiceUnavailable || body != "shutting down" {
		t.Errorf("readyz after Run = %d %q, want 503 \"shutting down\"", code, body)
	}
}

// blocking holds the first RC create of a wire.Client until release is
// closed, or the request's context ends.
type blocking struct {
	wire.Client
	once    sync.Once
	entered chan struct{}
	release chan struct{}
	err     chan error // the context error of the held request, if any
}

// blockConfig is a kube.Options.Wrap that sends the DC controller's
// requests through a blocking client, which it stores in *b.
func blockConfig(b **blocking) func(string, wire.Client) wire.Client {
	return func(component string, wc wire.Client) wire.Client {
		if component != kube.ComponentConfig {
			return wc
		}
		*b = newBlocking(wc)
		return *b
	}
}

func newBlocking(c wire.Client) *blocking {
	return &blocking{Client: c, entered: make(chan struct{}), release: make(chan struct{}), err: make(chan error, 1)}
}

func (b *blocking) Do(ctx context.Context, r wire.Request) (wire.Written, error) {
	first := false
	if r.Verb == wire.VerbCreate && r.Resource == wire.ResourceRCs {
		b.once.Do(func() { first = true })
	}
	if first {
		close(b.entered)
		select {
		case <-b.release:
		case <-ctx.Done():
			b.err <- ctx.Err()
			return wire.Written{}, ctx.Err()
		}
	}
	return b.Client.Do(ctx, r)
}

// TestShutdownFinishesPassesInFlight: when Run's context ends during a
// pass, the pass still sends the rest of its requests, and Run returns
// after it.
func TestShutdownFinishesPassesInFlight(t *testing.T) {
	c := newCluster(t)
	var b *blocking
	var mu sync.Mutex
	var passes []wire.Pass
	ctx, cancel := context.WithCancel(context.Background())
	ctrl, stop := c.controllerCtx(t, ctx, cancel, kube.Options{
		Wrap: blockConfig(&b),
		OnPass: func(component, _ string, p wire.Pass) {
			mu.Lock()
			defer mu.Unlock()
			if component == kube.ComponentConfig && p.Sent > 0 {
				passes = append(passes, p)
			}
		},
	})
	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	<-b.entered
	stopped := make(chan struct{})
	go func() { defer close(stopped); stop() }()
	waitFor(t, "readyz to say shutting down", func() bool { _, body := probe(ctrl.Readyz()); return body == "shutting down" })
	close(b.release)
	<-stopped
	mu.Lock()
	defer mu.Unlock()
	if len(passes) != 2 {
		t.Fatalf("%d DC passes sent requests, want 2: the first (latestVersion 1), then the one in flight", len(passes))
	}
	if p := passes[1]; p.Sent != len(p.Requests) || len(p.Requests) < 2 {
		t.Errorf("the pass in flight sent %d of its %d requests, want all (the RC create held, then the status and the event)", p.Sent, len(p.Requests))
	}
	select {
	case err := <-b.err:
		t.Errorf("the held request's context ended: %v", err)
	default:
	}
}

// TestShutdownDrainTimeout: a pass that does not finish within
// DrainTimeout has its context cancelled, and Run returns.
func TestShutdownDrainTimeout(t *testing.T) {
	c := newCluster(t)
	var b *blocking
	ctx, cancel := context.WithCancel(context.Background())
	_, stop := c.controllerCtx(t, ctx, cancel, kube.Options{DrainTimeout: 50 * time.Millisecond,
		Wrap: blockConfig(&b)})
	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	<-b.entered
	stopped := make(chan struct{})
	go func() { defer close(stopped); stop() }()
	select {
	case err := <-b.err:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the held request ended with %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the held request was never cancelled")
	}
	<-stopped
}

// TestShutdownStartsNoNewPass: when Run's context ends, the pass in
// flight finishes, and the keys still waiting in the queue get no pass:
// client-go's queue hands them out after ShutDown, and a worker that took
// them would go on writing after the signal (and, with leader election,
// hold the lease that long).
func TestShutdownStartsNoNewPass(t *testing.T) {
	c := newCluster(t)
	var b *blocking
	var mu sync.Mutex
	passed := map[string]int{}
	ctx, cancel := context.WithCancel(context.Background())
	ctrl, stop := c.controllerCtx(t, ctx, cancel, kube.Options{Workers: 1,
		Wrap: blockConfig(&b),
		OnPass: func(component, key string, _ wire.Pass) {
			mu.Lock()
			defer mu.Unlock()
			if component == kube.ComponentConfig {
				passed[key]++
			}
		},
	})
	url := metricsServer(t, ctrl)
	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	<-b.entered
	c.createDC(t, newDC("backend", "registry/shop/backend:v1", 1))
	waitFor(t, "backend's key to wait in the DC queue", func() bool {
		return scrape(t, url).sum("workqueue_depth", `name="`+kube.ComponentConfig+`"`) >= 1
	})
	stopped := make(chan struct{})
	go func() { defer close(stopped); stop() }()
	waitFor(t, "readyz to say shutting down", func() bool { _, body := probe(ctrl.Readyz()); return body == "shutting down" })
	close(b.release)
	<-stopped
	mu.Lock()
	defer mu.Unlock()
	for key, n := range passed {
		if strings.HasSuffix(key, "/backend") {
			t.Errorf("%s got %d passes after the signal, want none", key, n)
		}
	}
}
