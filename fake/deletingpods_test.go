package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestStatusOnlyWhileDeletingJudgesPodWrites holds that
// StatusOnlyWhileDeleting reports any write of a DC controller pass over
// a DC being deleted but its status and events (SPEC 3.2.4), a pod's
// among them: the DC controller writes no pod at all, and a pass that
// deleted web-3's deployer pod while the DC is being deleted wrote more
// than the status. Every other case wrote an RC or the DC.
func TestStatusOnlyWhileDeletingJudgesPodWrites(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	c3.Deleting = true
	in := withPods(state(c3, rcOf(t, c3, 3, Running, 0)), deployerPod("web-3", dcplan.PodRunning))
	w := fake.LiveWrite{Request: wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Namespace: "ns", Name: "web-3-deploy"}, Live: in}
	tr := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: in, After: in, Writes: []fake.LiveWrite{w}}
	check(t, fake.StatusOnlyWhileDeleting(tr), "wrote delete pods ns/web-3-deploy while the DC is being deleted", "a pod write is no status write")
}
