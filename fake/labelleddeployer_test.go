package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestOneDeployerPodKnowsPodsByLabel holds that OneDeployerPod knows a
// deployer pod by its openshift.io/deployer-pod-for.name label alone
// (SPEC 4.3.new.4, 1.2): two pods named and labelled for web-2 and web-3,
// their deployment-name annotations removed by hand, run at once. The
// cases before gave every pod its annotation, or that alone.
func TestOneDeployerPodKnowsPodsByLabel(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	labelled := func(rc string) dcplan.Pod {
		return dcplan.Pod{Namespace: "ns", Name: dcplan.DeployerPodName(rc), DeployerFor: rc, Phase: dcplan.PodRunning}
	}
	c := withPods(state(c3, rcOf(t, c3, 2, Running, 0), rcOf(t, c3, 3, Running, 0)), labelled("web-2"), labelled("web-3"))
	check(t, fake.OneDeployerPod(c), "2 deployer pods running: web-2-deploy, web-3-deploy", "both pods are deployer pods by their label")
}
