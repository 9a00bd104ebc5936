package kubetest_test

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestRolloutLatestBumpsGeneration: OpenShift's DeploymentConfig update
// strategy bumps metadata.generation when an update moves
// status.latestVersion one up (old clients' `oc rollout latest`, the
// fallback of SPEC 6.3 and 6.4), as it does for a spec change, so that
// `oc rollout status` waits for the DC controller to observe it (SPEC
// 6m.6); a status update bumps nothing. A DC served by the CRD loses the
// bump, and its generation stays.
func TestRolloutLatestBumpsGeneration(t *testing.T) {
	if dc := bumpLatest(t, kubetest.NewCluster(time.Now())); dc.Generation != 2 {
		t.Errorf("OpenShift: generation %d after the bump, want 2 (1 at create, 2 for the bump)", dc.Generation)
	}
	crd := kubetest.NewCluster(time.Now())
	crd.ServeDCsAsCRD()
	if dc := bumpLatest(t, crd); dc.Generation != 1 {
		t.Errorf("CRD: generation %d after the lost bump, want 1", dc.Generation)
	}
}
