package fake

import (
	"context"
	"errors"
	"fmt"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// errCrash is what a pass returns when the crash fault stops it.
var errCrash = errors.New("fake: controller crashed")

func isCrash(err error) bool { return errors.Is(err, errCrash) }

// simClient is the simulator's wire.Client: the World's API server with
// the write faults in front of it. Before each write it may crash the
// controller (the Crash fault: the pass's context is cancelled, so the
// pass stops where it is) or answer Conflict (the Conflict fault: another
// writer got there first; only where the server can answer one,
// canConflict). Events and reads pass through.
type simClient struct {
	sim        *Sim
	srv        *Server
	crashAfter int // writes until the crash; -1 for none
	done       int
	crashed    bool
	cancel     context.CancelFunc
	// rec, when set, records the pass's successful writes, each with the
	// live world of DC ns/dc just before it (the server's log is on).
	rec    *Transition
	ns, dc string
}

// Do sends one request through the faults.
func (c *simClient) Do(ctx context.Context, r wire.Request) (wire.Written, error) {
	if r.Verb == wire.VerbEvent {
		return c.srv.Do(ctx, r)
	}
	what := fmt.Sprintf("%s %s/%s", r.Verb, r.Resource, r.Name)
	if c.crashAfter >= 0 && c.done >= c.crashAfter {
		c.sim.fault("crash", 0, "crash before %s", what)
		c.crashed = true
		c.cancel()
		c.faulted()
		return wire.Written{}, errCrash
	}
	c.done++
	if c.sim.chance(c.sim.Faults.Conflict) && canConflict(r) {
		c.sim.fault("conflict", 0, "conflict on %s", what)
		c.faulted()
		return wire.Written{}, errConflict(r.Resource, r.Name)
	}
	if c.sim.chance(c.sim.Faults.ServerError) {
		c.sim.fault("servererror", 0, "server error on %s", what)
		c.faulted()
		return wire.Written{}, &wire.StatusError{Reason: dcplan.StatusInternalError, Code: 500,
			Message: "Internal error occurred: injected by the simulator"}
	}
	if c.sim.chance(c.sim.Faults.Forbidden) {
		c.sim.fault("forbidden", 0, "forbidden %s", what)
		c.faulted()
		return wire.Written{}, errForbidden(r)
	}
	if c.rec == nil {
		w, err := c.srv.Do(ctx, r)
		return c.timedOut(what, w, err)
	}
	live := c.sim.live(c.ns, c.dc)
	w, err := c.srv.Do(ctx, r)
	if n := len(c.srv.log); err == nil && n > 0 {
		w := c.srv.log[n-1]
		c.rec.Writes = append(c.rec.Writes, LiveWrite{Request: w.Request, Before: w.Before, After: w.After, Live: live})
	}
	c.srv.log = nil
	return c.timedOut(what, w, err)
}

// canConflict reports whether the API server can answer r Conflict,
// which the Conflict fault stands for (another writer got there first):
// an update (its resourceVersion), a patch (its preconditions, or the
// server's own retries running out), a delete with preconditions, and
// the instantiate subresource (whose update the server retries). A
// create is answered AlreadyExists or goes through, and a delete without
// preconditions is retried inside the server: never Conflict.
func canConflict(r wire.Request) bool {
	switch r.Verb {
	case wire.VerbUpdate, wire.VerbPatch:
		return true
	case wire.VerbDelete:
		return r.Delete.Preconditions != wire.Preconditions{}
	case wire.VerbCreate:
		return r.Subresource == wire.SubresourceInstantiate
	}
	return false
}

// timedOut is the answer w, err of the write what, or, once applied, by the Timeout
// fault, a 504 Timeout in its place: the write stays applied, and the
// controller does not know it.
func (c *simClient) timedOut(what string, w wire.Written, err error) (wire.Written, error) {
	if err != nil || !c.sim.chance(c.sim.Faults.Timeout) {
		return w, err
	}
	c.sim.fault("timeout", 0, "timeout after %s", what)
	c.faulted()
	return wire.Written{}, &wire.StatusError{Reason: statusTimeout, Code: 504,
		Message: "Timeout: request did not complete within requested timeout - context deadline exceeded"}
}

// statusTimeout is the API server's reason for a request that outlived
// its deadline (metav1.StatusReasonTimeout), which no planner tells apart.
const statusTimeout dcplan.StatusReason = "Timeout"

// faulted marks the recorded pass as hit by a fault.
func (c *simClient) faulted() {
	if c.rec != nil {
		c.rec.Faulted = true
	}
}

// Get reads through to the World.
func (c *simClient) Get(ctx context.Context, resource, namespace, name string) ([]byte, error) {
	return c.srv.Get(ctx, resource, namespace, name)
}

// simUser is the user the Forbidden fault names: the simulator sends
// every request as one account.
const simUser = "system:serviceaccount:openshift-infra:dcplan-sim"

// errForbidden is RBAC's refusal of r: the resource (its subresource
// included) and API group the missing rule names, as the API server
// words it. The object is named as the request's URL names it: a create
// (a POST to the collection) names none ("pods is forbidden: ..."), a
// create through a subresource (instantiate) and every other verb name
// the object.
func errForbidden(r wire.Request) error {
	resource, group := r.Resource, ""
	if r.Resource == wire.ResourceConfigs {
		group = "apps.openshift.io"
	}
	if r.Subresource != "" {
		resource += "/" + r.Subresource
	}
	object := qualifiedResource(r.Resource)
	if r.Verb != wire.VerbCreate || r.Subresource != "" {
		object += fmt.Sprintf(" %q", r.Name)
	}
	return &wire.StatusError{Reason: dcplan.StatusForbidden, Code: 403,
		Message: fmt.Sprintf("%s is forbidden: User %q cannot %s resource %q in API group %q in the namespace %q",
			object, simUser, r.Verb, resource, group, r.Namespace)}
}
