package explore

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestDeleteExpectations: a controller pass that deletes an object leaves
// its controller an expectation of the delete (SPEC 3.7.expect,
// 4.2.expect.delete), as the simulator and examples/kube keep them, and
// the next pass of that controller that reads the object stale, from the
// world before the delete, is given it in Snapshot.Undeleted: Modern's
// deployer then waits instead of planning from a view that predates its
// own delete. The expectation lasts while a stale read can show the
// object (the earlier world holds it, the world does not); a preset that
// ignores expectations keeps none. The explorer gave every pass
// Undeleted nil, so it searched a Modern no adapter runs.
func TestDeleteExpectations(t *testing.T) {
	cfg := fake.NewConfig(Namespace, Name, 1)
	cfg.UID, cfg.ResourceVersion, cfg.Status.LatestVersion = "uid-"+Name, "1", 1
	d, err := wire.NewDeployment(cfg)
	if err != nil {
		t.Fatal(err)
	}
	d.UID, d.ResourceVersion, d.Phase, d.Cancelled = "uid-web-1", "2", dcplan.PhaseFailed, true
	rc, err := wire.EncodeDeployment(d)
	if err != nil {
		t.Fatal(err)
	}
	dc, err := wire.EncodeConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	pod, err := wire.EncodePodObject(dcplan.Pod{Namespace: Namespace, Name: "web-1-deploy", UID: "uid-web-1-deploy",
		DeployerFor: "web-1", DeploymentName: "web-1", Phase: dcplan.PodFailed, CreationTime: fake.Epoch})
	if err != nil {
		t.Fatal(err)
	}
	podKey := key(wire.ResourcePods, "web-1-deploy")
	// A cancelled rollout that failed, its deployer pod still stored: the
	// deployer's pass deletes the pod (SPEC 4.3, Failed).
	before := Objects{key(wire.ResourceConfigs, Name): dc, key(wire.ResourceRCs, "web-1"): rc, podKey: pod}.stored()
	pass := Move{Actor: ActorDeployer, Target: "web-1"}
	for _, preset := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		st := preset.Settings()
		st.DeployerImage = "deployer:latest"
		deleting, err := apply(before, nil, pass, st, 0, nil, nil)
		if err != nil {
			t.Fatalf("%s: the deleting pass: %v", preset, err)
		}
		if _, ok := deleting.After[podKey]; ok {
			t.Fatalf("%s: the deleting pass left the pod: %s", preset, dcplan.Describe(deleting.Pass.Plan))
		}
		var want []string
		if !st.IgnoreExpectations {
			want = []string{deletedKey(wire.ResourcePods, "web-1-deploy")}
		}
		if d := cmp.Diff(want, deleting.Expect); d != "" {
			t.Errorf("%s: expectations after the delete (-want +got):\n%s", preset, d)
		}
		n := state{objs: before}.next(pass, deleting, true)
		if d := cmp.Diff(want, n.expect); d != "" {
			t.Errorf("%s: the state's expectations (-want +got):\n%s", preset, d)
		}
		stale := pass
		stale.Stale = podKey
		read, err := apply(n.objs, n.prev, stale, st, 0, n.expect, nil)
		if err != nil {
			t.Fatalf("%s: the stale pass: %v", preset, err)
		}
		if st.IgnoreExpectations {
			if read.Seen.Undeleted != nil {
				t.Errorf("%s ignores expectations: Undeleted = %q", preset, read.Seen.Undeleted)
			}
			continue
		}
		if d := cmp.Diff([]string{"web-1-deploy"}, read.Seen.Undeleted); d != "" {
			t.Errorf("%s: Undeleted of the pass that reads the pod stale (-want +got):\n%s", preset, d)
		}
		if p := read.Pass.Plan; p.Wait != dcplan.WaitStaleCache || len(read.Writes) != 0 {
			t.Errorf("%s: the stale pass %s(%d writes), want a wait for the cache", preset, dcplan.Describe(p), len(read.Writes))
		}
		fresh, err := apply(n.objs, n.prev, pass, st, 0, n.expect, nil)
		if err != nil {
			t.Fatalf("%s: the fresh pass: %v", preset, err)
		}
		if fresh.Seen.Undeleted != nil {
			t.Errorf("%s: a pass whose view lacks the pod: Undeleted = %q", preset, fresh.Seen.Undeleted)
		}
		// Once the earlier world lacks the pod, or none is kept, or a pod
		// of the name is stored again, no read can show the one deleted.
		again := n.objs.clone()
		again[podKey] = pod
		for _, w := range []struct {
			name        string
			after, prev Objects
		}{{"a move on", n.objs, n.objs}, {"no stale read left", n.objs, nil}, {"made again", again, before}} {
			if got := hideable(n.expect, w.after, w.prev); slices.ContainsFunc(got, func(k string) bool { return k[0] == '-' }) {
				t.Errorf("%s: %s: the delete's expectation stayed: %q", preset, w.name, got)
			}
		}
	}
}

// TestUndeletedByController: each controller is given only its own kind
// of delete, and only what its view still shows.
func TestUndeletedByController(t *testing.T) {
	cfg := fake.NewConfig(Namespace, Name, 2)
	cfg.Status.LatestVersion = 2
	var w World
	w.Config = cfg
	for _, n := range []string{"web-1", "web-2"} {
		w.Deployments = append(w.Deployments, dcplan.Deployment{Namespace: Namespace, Name: n})
	}
	w.Pods = []dcplan.Pod{{Namespace: Namespace, Name: "web-2-deploy"}}
	expect := []string{deletedKey(wire.ResourceRCs, "web-1"), deletedKey(wire.ResourceRCs, "web-3"),
		deletedKey(wire.ResourcePods, "web-2-deploy"), key(wire.ResourceRCs, "web-2")}
	for _, tt := range []struct {
		actor Actor
		want  []string
	}{{ActorConfig, []string{"web-1"}}, {ActorDeployer, []string{"web-2-deploy"}}, {ActorKubelet, nil}, {ActorUser, nil}} {
		if d := cmp.Diff(tt.want, undeleted(Move{Actor: tt.actor, Target: "web-2"}, expect, w)); d != "" {
			t.Errorf("%v (-want +got):\n%s", tt.actor, d)
		}
	}
}
