package e2e_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/wire"
)

// errCrashed is what a crashed controller's client answers.
var errCrashed = errors.New("e2e: the controller crashed")

// crashingClient sends the first `after` requests of both controllers
// (events not counted) and then crashes: it refuses everything and calls
// crash once.
type crashingClient struct {
	wire.Client
	c *crashCounter
}

type crashCounter struct {
	mu      sync.Mutex
	after   int // < 0: never crash
	sent    int
	crashed bool
	crash   func()
}

func (c *crashingClient) Do(ctx context.Context, r wire.Request) (wire.Written, error) {
	if !c.c.take(r.Verb == wire.VerbEvent) {
		if r.Verb == wire.VerbEvent {
			return wire.Written{}, nil // events never fail; a dead process records none
		}
		return wire.Written{}, errCrashed
	}
	return c.Client.Do(ctx, r)
}

func (c *crashingClient) Get(ctx context.Context, resource, namespace, name string) ([]byte, error) {
	if !c.c.take(false) {
		return nil, errCrashed
	}
	return c.Client.Get(ctx, resource, namespace, name)
}

// take reports whether a request may go out, counting it unless event.
func (c *crashCounter) take(event bool) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.crashed {
		return false
	}
	if event {
		return true
	}
	if c.after >= 0 && c.sent == c.after {
		c.crashed = true
		go c.crash()
		return false
	}
	c.sent++
	return true
}

func (c *crashCounter) count() (int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sent, c.crashed
}

// firstRollout is the state after a DC's first rollout, one RC.
const firstRollout = "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2"

// TestCrashAfterEachPrefixRestart counts the requests of a first rollout
// from DC create to Complete, then, for every n up to that count, runs it
// with a controller that dies after its first n requests and a new
// controller started once it died: the rollout ends as without a crash,
// with one RC (no duplicate rollout, none lost) and never two deployer
// pods at once.
func TestCrashAfterEachPrefixRestart(t *testing.T) {
	t.Parallel()
	ref := &crashCounter{after: -1}
	e := newEnv(t)
	e.controller(kube.Options{Wrap: func(_ string, c wire.Client) wire.Client { return &crashingClient{Client: c, c: ref} }})
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 2))
	e.await("frontend", firstRollout)
	total, _ := ref.count()
	if total < 4 {
		t.Fatalf("a first rollout sent %d requests; expected at least RC create, pod create, transitions, status", total)
	}
	t.Logf("a first rollout sends %d requests", total)
	for n := 0; n < total; n++ {
		t.Run(fmt.Sprintf("after %d", n), func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			died := make(chan struct{})
			c := &crashCounter{after: n}
			var stop func()
			var once sync.Once
			c.crash = func() { once.Do(func() { stop(); close(died) }) }
			stop = e.controller(kube.Options{Wrap: func(_ string, w wire.Client) wire.Client { return &crashingClient{Client: w, c: c} }})
			e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 2))
			// A rollout may send fewer requests than the reference run
			// (fewer conflicts): then it completes without a crash.
			e.waitFor("the crash, or the rollout without one", func() (bool, error) {
				select {
				case <-died:
					return true, nil
				default:
				}
				got, err := e.summary("frontend")
				return got == firstRollout, err
			})
			e.controller(kube.Options{})
			e.await("frontend", firstRollout)
		})
	}
}
