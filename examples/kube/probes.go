package kube

import (
	"errors"
	"io"
	"net/http"
)

// Healthz returns the handler of a liveness probe (/healthz): 200 and "ok"
// while the process serves, 503 with the reason when it leads but its
// lease renewal is more than 20 s overdue (client-go's leader election
// watchdog); a process that lost its lease exits, so the probe never
// needs to report that.
func (c *Controller) Healthz() http.Handler { return probe(c.watchdog.Check) }

// Readyz returns the handler of a readiness probe (/readyz): 200 and "ok"
// once the informer caches have synced and, with leader election, while
// the process takes part in it (leading or standing by); 503 with the
// reason before, and from the moment Run's context ends or the
// Controller is closed (Run closes it when it returns).
func (c *Controller) Readyz() http.Handler { return probe(c.ready) }

// Errors of the readiness probe.
var (
	errNotSynced   = errors.New("informer caches not synced")
	errNotElecting = errors.New("not taking part in the leader election")
	errStopping    = errors.New("shutting down")
)

// ready reports why the controller is not ready.
func (c *Controller) ready(*http.Request) error {
	switch {
	case c.stopping.Load():
		return errStopping
	case !c.synced.Load():
		return errNotSynced
	case c.opts.LeaderElection != nil && !c.electing.Load():
		return errNotElecting
	}
	return nil
}

// probe serves check's answer.
func probe(check func(*http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if err := check(r); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, err.Error()+"\n")
			return
		}
		_, _ = io.WriteString(w, "ok\n")
	})
}
