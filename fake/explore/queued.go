package explore

import (
	"bytes"
	"slices"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// annotated reports whether RC d carries the
// openshift.io/deployment-config.name annotation, with a value or empty:
// the deployer's informer queues it on its own adds, updates and
// relists (SPEC 4.7, 5.12), so a deployer pass over it is a move at any
// time.
func annotated(d *dcplan.Deployment) bool { return d.ConfigName != "" || d.EmptyConfigName }

// queuedRCs is state.queued after move m, which made step out of a state
// whose world was before and whose queued RCs were queued. A pod that m
// updated (its stored bytes changed, as every write changes its
// resourceVersion) or deleted queues the RC its
// openshift.io/deployment.name annotation names, if that RC is in the
// world after m; only RCs without the config-name annotation are kept,
// the others being queued by every relist anyway (SPEC 4.7). A clock move
// ages timestamps, no write; a deployer pass over an RC takes it from the
// queue unless the pass requeued it (step.Requeue). An RC gone, or given
// the annotation, leaves the list; a pass that only waits or has a
// deadline keeps it (comesBack). With no such RC in the world (every
// search from Initial) the list stays nil, so it splits no state.
func queuedRCs(queued []string, m Move, step Step, before Objects) []string {
	after := step.After
	out := queued
	drop := func(rc string) bool {
		b, ok := after[key(wire.ResourceRCs, rc)]
		if !ok {
			return true
		}
		d, err := decodeRC(b)
		return err != nil || annotated(&d) || m.Actor == ActorDeployer && rc == m.Target && step.Requeue == 0 && !comesBack(step.Pass.Plan)
	}
	if slices.ContainsFunc(out, drop) {
		out = slices.DeleteFunc(slices.Clone(out), drop)
	}
	if m.Actor == ActorClock {
		return out
	}
	for k, b := range before {
		if res, _ := split(k); res != wire.ResourcePods {
			continue
		}
		src, ok := after[k]
		if ok && bytes.Equal(src, b) {
			continue
		}
		if !ok {
			src = b // a delete names the RC of the pod as it was
		}
		p, err := decodedAs(src, wire.DecodePod)
		if err != nil || p.DeploymentName == "" || slices.Contains(out, p.DeploymentName) {
			continue
		}
		rb, ok := after[key(wire.ResourceRCs, p.DeploymentName)]
		if !ok {
			continue // not in the cache: nothing to queue
		}
		if d, err := decodeRC(rb); err != nil || annotated(&d) {
			continue
		}
		out = append(slices.Clone(out), p.DeploymentName)
		slices.Sort(out)
	}
	return out
}

// comesBack reports whether the simulator queues an RC again after a
// deployer pass that planned p and was not requeued for an error: p
// waits (for its cache or another controller, with no error) or has a
// deadline, which the simulator and examples/kube turn into an AddAfter.
func comesBack(p dcplan.Plan) bool {
	return p.Wait != dcplan.WaitNone && p.Message == "" || p.RecheckAfter > 0
}
