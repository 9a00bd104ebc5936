package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestNoPodsAfterCancelOfAnRCTheDCDoesNotClaim holds that
// NoPodsAfterCancel judges every RC that names the DC, not only those
// its controller claims (SPEC 2.3, 4.7: the deployer steps any RC it is
// queued for, claimed or not, and deletes the pods of a cancelled one):
// the pods of a cancelled, failed RC another DC of the name controls (a
// predecessor's, SPEC 3.3), or of an orphan being deleted, must be gone
// at rest too.
func TestNoPodsAfterCancelOfAnRCTheDCDoesNotClaim(t *testing.T) {
	c2 := dc(t, 2, "app:1")
	cancelled := func(d dcplan.Deployment) dcplan.Deployment {
		d.Cancelled = true
		return d
	}
	deletingOrphan := orphaned(rcOf(t, c2, 2, Failed, 0))
	deletingOrphan.Deleting = true
	for _, d := range []dcplan.Deployment{foreign(rcOf(t, c2, 2, Failed, 0)), deletingOrphan} {
		c := withPods(state(c2, rcOf(t, c2, 1, Complete, 1), cancelled(d)), deployerPod("web-2", dcplan.PodRunning))
		check(t, fake.NoPodsAfterCancel(c), "pod web-2-deploy of cancelled rc web-2 survives", "the deployer cleans up a cancelled RC the DC does not claim")
	}
}
