package fake

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// PassTransition applies one planner pass to a Server that holds the world
// of snapshot s, and returns it as the Transition invariants judge it:
// each of plan p's requests (wire.Requests) is sent in order, up to the
// first that fails, or the end of its request group (wire.Request.Group)
// when it is in one (as wire.RunPass stops; a failure the request
// tolerates, such as NotFound on a delete, counts as success, as there; a Rebase request with the
// version its object has then, and a CreatedAtOf request with the
// creationTimestamp of its pod, as wire.RunPass sends them), and every
// successful write is recorded with the live world of the DC just before
// it; Before is s's world, After the server's at the end. For a DC
// controller pass (PassConfig), a snapshot whose adoption recheck failed
// makes a Faulted transition, and one whose recheck found another DC, or
// the DC being deleted, a Stale one (its DC is not the live one); other
// passes do not send the recheck and are judged without it. kind and actor
// name the planner (PassConfig and "dc-controller", PassDeployer and
// "deployer", PassUser and "user:retry", ...).
//
// It lets planner property tests check a single plan with the very
// functions the simulator and the explorer run after every step:
//
//	t, err := fake.PassTransition(s, reconcile.Config(s), fake.PassConfig, "dc-controller")
//	if err == nil {
//		err = fake.CheckTransition(t, s.Settings)
//	}
//
// An error means s could not be stored or p rendered: the check did not
// run, and the caller must fail rather than pass.
func PassTransition(s dcplan.Snapshot, p dcplan.Plan, kind PassKind, actor string) (Transition, error) {
	s = withVersions(s)
	srv := NewServer(s.Now)
	if err := srv.PutSnapshot(s); err != nil {
		return Transition{}, err
	}
	reqs, err := wire.Requests(s, p)
	if err != nil {
		return Transition{}, err
	}
	ns, dc := s.Config.Namespace, s.Config.Name
	live := func() (ConfigState, error) {
		snap, err := srv.Snapshot(ns, dc, s.Now, s.Settings)
		if err != nil {
			return ConfigState{}, err
		}
		return stateOf(snap), nil
	}
	before, err := live()
	if err != nil {
		return Transition{}, err
	}
	t := Transition{Actor: actor, Kind: kind, Before: before, Unsettled: unsettled(p)}
	// The adoption recheck (SPEC 3.3.2) is the DC controller's live GET of
	// the DC: one that failed is a failed request of its pass, and one that
	// found another DC of the name (made again since) or found it being
	// deleted says that the DC the pass read from its cache is not the
	// live one. No other pass sends or reads it.
	if r := s.Recheck; r.Done && kind == PassConfig {
		t.Faulted = r.Err != ""
		t.Stale = r.Err == "" && (r.UID != s.Config.UID || !r.DeletionTime.IsZero() != s.Config.Deleting)
	}
	ctx := context.Background()
	failedBefore := false
	for i, r := range reqs {
		if r.Verb == wire.VerbEvent {
			continue
		}
		if failedBefore && (r.Group == 0 || r.Group != groupBefore(reqs, i)) {
			break // a pass stops at a failure, after its group (wire.RunPass)
		}
		now, err := live()
		if err != nil {
			return t, err
		}
		if r.Rebase { // the version the pass's earlier write left (wire.RunPass)
			if b, ok := srv.Object(r.Resource, r.Namespace, r.Name); ok {
				if rb, err := r.Rebased(metaOf(b, "resourceVersion")); err == nil {
					r = rb
				}
			}
		}
		if r.CreatedAtOf != "" { // the pod's stamp, as wire.RunPass sends it
			if b, ok := srv.Object(wire.ResourcePods, r.Namespace, r.CreatedAtOf); ok {
				if t, err := time.Parse(time.RFC3339, metaOf(b, "creationTimestamp")); err == nil {
					if rb, err := r.WithCreatedAt(t); err == nil {
						r = rb
					}
				}
			}
		}
		failed := false
		for _, b := range append(slices.Clone(r.Before), r) { // the re-claim first (SPEC 3.3.reclaim)
			n := len(srv.log)
			if _, err := srv.Do(ctx, b); err != nil {
				var se *wire.StatusError
				if errors.As(err, &se) && se.Reason != "" && b.Tolerates(se.Reason) {
					continue // success to the pass (SPEC 13.1: NotFound on a delete), and no write
				}
				failed = true
				break
			}
			w := srv.log[n]
			t.Writes = append(t.Writes, LiveWrite{Request: w.Request, Before: w.Before, After: w.After, Live: now})
			if now, err = live(); err != nil {
				return t, err
			}
		}
		if failed {
			t.Faulted, failedBefore = true, true
		}
	}
	t.After, err = live()
	return t, err
}

// groupBefore returns the Group of the last request before i that is no
// event: an event placed between the requests of a group does not end it.
func groupBefore(reqs []wire.Request, i int) int {
	for i--; i >= 0; i-- {
		if reqs[i].Verb != wire.VerbEvent {
			return reqs[i].Group
		}
	}
	return 0
}

// CheckPass judges one planner pass by the simulator's safety
// invariants: it applies plan p of snapshot s through PassTransition and
// runs the Transition invariants that apply to s.Settings on it. It
// returns nil, the failures joined (each prefixed with its invariant's
// name and rule), or PassTransition's error, wrapped: the check could not
// run, and a caller must fail then too.
//
// The State invariants are not judged: they hold of the whole system
// (one rollout in flight is the DC controller's promise, which the
// deployer, stepping every RC it is given, relies on), so one planner's
// pass over an arbitrary world is not answerable for them; the
// simulator and the explorer check them after every step.
//
// It is how a property or fuzz test of a planner asks, for one plan, what
// the simulator and the explorer ask after every step:
//
//	if err := fake.CheckPass(s, reconcile.Config(s), fake.PassConfig, "dc-controller"); err != nil {
//		t.Fatal(err)
//	}
func CheckPass(s dcplan.Snapshot, p dcplan.Plan, kind PassKind, actor string) error {
	t, err := PassTransition(s, p, kind, actor)
	if err != nil {
		return fmt.Errorf("fake: the pass could not be judged: %w", err)
	}
	return CheckTransition(t, s.Settings)
}

// withVersions returns s with a resourceVersion on every object that has
// none, so that the requests rendered from it carry the precondition a
// read from a server would (an update after an adoption in the same pass
// then conflicts, as it does on a real server, instead of silently
// dropping the owner reference).
func withVersions(s dcplan.Snapshot) dcplan.Snapshot {
	s = s.Clone()
	n := 0
	stamp := func(rv *string) {
		n++
		if *rv == "" {
			*rv = fmt.Sprint(1000 + n)
		}
	}
	stamp(&s.Config.ResourceVersion)
	for i := range s.Deployments {
		stamp(&s.Deployments[i].ResourceVersion)
	}
	for i := range s.Pods {
		stamp(&s.Pods[i].ResourceVersion)
	}
	return s
}

// unsettled reports whether p ends its pass without reconciling: it
// waits, or reports a message or an error to the work queue.
func unsettled(p dcplan.Plan) bool {
	return p.Wait != dcplan.WaitNone || p.Message != "" || p.Error != dcplan.ErrorNone
}

// stateOf is the ConfigState of a snapshot: its RCs by version ascending,
// its pods by name.
func stateOf(s dcplan.Snapshot) ConfigState {
	return ConfigState{
		Config:      s.Config,
		Deployments: slices.SortedFunc(slices.Values(s.Deployments), dcplan.CompareDeployments),
		Pods: slices.SortedFunc(slices.Values(s.Pods), func(a, b dcplan.Pod) int {
			return cmp.Compare(a.Name, b.Name)
		}),
	}
}

// metaOf reads the string metadata.<field> of a stored object; "" when
// it has none.
func metaOf(obj []byte, field string) string {
	o, err := parseObject(obj)
	if err != nil {
		return ""
	}
	return metaString(o, field)
}
