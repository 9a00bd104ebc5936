package kube_test

import (
	"slices"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
)

// TestUnannotatedRCCompletesOnItsPod: SPEC 4.7. An RC whose
// openshift.io/deployment-config.name annotation a user removed while it
// rolls out is no longer queued by its own updates, but its deployer
// pod's update still queues it (enqueuePodOwner), and the deployer's
// pass (phase.Step) handles it as upstream's handle does: when the pod
// succeeds, the RC becomes Complete (2.2).
func TestUnannotatedRCCompletesOnItsPod(t *testing.T) {
	c := newCluster(t)
	k := newKubelet(c)
	k.Hold("web-1", true)
	k.run(t)
	c.controller(t, kube.Options{Workers: 2})
	c.createDC(t, newDC("web", "registry/shop/web:v1", 1))
	waitFor(t, "web-1-deploy running", func() bool {
		return slices.Contains(c.deployerPods(t), "web-1-deploy Running")
	})
	c.patchRC(t, "web-1", `{"metadata":{"annotations":{"openshift.io/deployment-config.name":null}}}`)
	k.Hold("web-1", false)
	waitFor(t, "web-1, without its config-name annotation, to become Complete", func() bool {
		for _, rc := range c.rcs(t) {
			if rc.Name == "web-1" {
				_, annotated := rc.Annotations[dcplan.AnnotationConfigName]
				return !annotated && rc.Annotations[dcplan.AnnotationPhase] == dcplan.PhaseComplete.String()
			}
		}
		return false
	})
}
