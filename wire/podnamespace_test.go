package wire_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/wire"
)

// TestPodRequestsGoToThePodsNamespace: the seed-era deployer-pod
// controller (SPEC 7 row 29), its RC gone and no DC in the snapshot
// either, deletes every pod labelled for that RC: its deployer pod and
// two hook pods. Each delete goes to the namespace of the pod it names.
// Issue 35 item 2: a DeletePod took its namespace from the DC or the
// first RC, so with neither the three deletes went to namespace "".
func TestPodRequestsGoToThePodsNamespace(t *testing.T) {
	pod := func(name string) dcplan.Pod {
		return dcplan.Pod{Namespace: "shop", Name: name, UID: "uid-" + name,
			DeploymentName: "web-1", DeployerFor: "web-1", Phase: dcplan.PodSucceeded}
	}
	for _, preset := range []dcplan.Preset{dcplan.Origin10, dcplan.Origin13, dcplan.Origin15} {
		t.Run(preset.String(), func(t *testing.T) {
			s := dcplan.Snapshot{
				Settings: preset.Settings(),
				Pods:     []dcplan.Pod{pod("web-1-hook-pre"), pod("web-1-deploy"), pod("web-1-hook-post")},
			}
			if !s.Settings.SeedPodController || !s.Settings.PodControllerDeletesOrphans {
				t.Fatalf("%s has no seed pod controller that deletes orphans", preset)
			}
			p := phase.DeployerPod(s, "web-1-deploy")
			if len(p.DeletePods) != 3 {
				t.Fatalf("DeployerPod plans %s, want the three pods deleted", dcplan.Describe(p))
			}
			reqs, err := wire.Requests(s, p)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, q := range reqs {
				got = append(got, string(q.Verb)+" "+q.Resource+" "+q.Namespace+"/"+q.Name)
			}
			want := []string{
				"delete pods shop/web-1-deploy",
				"delete pods shop/web-1-hook-post",
				"delete pods shop/web-1-hook-pre",
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("requests (-want +got):\n%s", d)
			}
		})
	}
}

// TestPodOwnerPatchGoesToThePodsNamespace: an owner-reference patch for a
// pod (SPEC 4.6 "Owner refs") also goes to the pod's namespace when the
// snapshot holds neither a DC nor an RC to take one from.
func TestPodOwnerPatchGoesToThePodsNamespace(t *testing.T) {
	s := dcplan.Snapshot{Pods: []dcplan.Pod{{Namespace: "shop", Name: "web-1-hook-pre", DeploymentName: "web-1"}}}
	p := dcplan.Plan{SetPodOwners: []dcplan.SetPodOwner{{Rule: dcplan.Rule("4.6"), Pod: "web-1-hook-pre", RC: "web-1", RCUID: "u"}}}
	reqs, err := wire.Requests(s, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(reqs) != 1 || reqs[0].Verb != wire.VerbPatch || reqs[0].Namespace != "shop" {
		t.Errorf("requests = %+v, want one patch in namespace shop", reqs)
	}
}
