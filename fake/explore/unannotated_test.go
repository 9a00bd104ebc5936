package explore_test

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/fake/explore"
	"github.com/dcplan/dcplan/wire"
)

// unannotatedWorld is the DC at latestVersion 1 with web-1 in phase ph
// without its openshift.io/deployment-config.name annotation and, when
// pod is not PodPhaseUnset, web-1's deployer pod in that phase.
func unannotatedWorld(t *testing.T, ph dcplan.Phase, pod dcplan.PodPhase) explore.Objects {
	t.Helper()
	cfg := config(t, 1, "registry.example/app:1")
	cfg.ResourceVersion = "3"
	o := world(t, cfg, map[string][]byte{"web-1": rcJSON(t, cfg, 1, ph, 0, func(d *dcplan.Deployment) {
		d.ResourceVersion, d.UID = "2", "uid-web-1"
		d.ConfigName, d.EmptyConfigName = "", false
	})})
	if pod != dcplan.PodPhaseUnset {
		b, err := wire.EncodePodObject(dcplan.Pod{Namespace: explore.Namespace, Name: "web-1-deploy", UID: "uid-web-1-deploy",
			ResourceVersion: "4", DeployerFor: "web-1", DeploymentName: "web-1", Phase: pod, CreationTime: fake.Epoch,
			Owners: []dcplan.OwnerRef{{APIVersion: "v1", Kind: "ReplicationController", Name: "web-1", UID: "uid-web-1"}}})
		if err != nil {
			t.Fatal(err)
		}
		o[wire.ResourcePods+"/web-1-deploy"] = b
	}
	return o
}

// TestExploreQueuesUnannotatedRCOnlyByItsPods: SPEC 4.7. The deployer's
// informer queues an RC without the config-name annotation only when one
// of its pods is updated or deleted, so the explorer makes a deployer
// pass over such an RC only then. A New web-1 without the annotation and
// without pods is never queued: no state has its deployer pod. A Running
// web-1 without it is queued when its deployer pod succeeds, and its
// pass completes it (2.2).
func TestExploreQueuesUnannotatedRCOnlyByItsPods(t *testing.T) {
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		o := explore.Defaults(p.Settings())
		o.Users, o.Faults, o.Stale, o.Hooks, o.Clock = 0, 0, 0, 0, 0
		o.Initial = []explore.Objects{unannotatedWorld(t, dcplan.PhaseNew, dcplan.PodPhaseUnset)}
		o.Properties = []fake.Invariant{{Name: "NoDeployerPodUnqueued", State: func(c fake.ConfigState) error {
			if _, ok := c.Pod("web-1-deploy"); ok {
				return errors.New("web-1, without the config-name annotation and never queued, has a deployer pod")
			}
			return nil
		}}}
		res := mustExplore(t, o)
		t.Logf("%s, New: %d states, %d transitions", p, res.States, res.Transitions)
		for _, v := range res.Violations {
			if v.Property == "NoDeployerPodUnqueued" {
				t.Errorf("%s: %v after %v", p, v.Err, v.Trace)
			}
		}

		completed := false
		o.Initial = []explore.Objects{unannotatedWorld(t, dcplan.PhaseRunning, dcplan.PodRunning)}
		o.Properties = []fake.Invariant{{Name: "SeesComplete", State: func(c fake.ConfigState) error {
			if d, ok := c.Deployment("web-1"); ok && d.Phase == dcplan.PhaseComplete {
				completed = true
			}
			return nil
		}}}
		res = mustExplore(t, o)
		t.Logf("%s, Running: %d states, %d transitions", p, res.States, res.Transitions)
		if !completed {
			t.Errorf("%s: web-1 without the config-name annotation never became Complete: its deployer pod's update queues it", p)
		}
	}
}
