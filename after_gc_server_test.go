package dcplan_test

import (
	"slices"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// afterAgainstServer applies p to the objects of s twice: with s.After,
// and by sending wire.Requests(s, p) to a fake.Server holding them; it
// returns the pod names each world holds, in name order.
func afterAgainstServer(t *testing.T, s dcplan.Snapshot, p dcplan.Plan) (after, server []string) {
	t.Helper()
	srv := fake.NewServer(s.Now)
	put := func(res string, b []byte, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if err := srv.Put(res, b); err != nil {
			t.Fatal(err)
		}
	}
	b, err := wire.EncodeConfig(s.Config)
	put(wire.ResourceConfigs, b, err)
	for _, d := range s.Deployments {
		b, err := wire.EncodeDeployment(d)
		put(wire.ResourceRCs, b, err)
	}
	for _, pod := range s.Pods {
		b, err := wire.EncodePodObject(pod)
		put(wire.ResourcePods, b, err)
	}
	reqs, err := wire.Requests(s, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reqs {
		if _, err := srv.Do(t.Context(), r); err != nil {
			t.Fatalf("%v: %v", r, err)
		}
	}
	for _, b := range srv.Objects(wire.ResourcePods, s.Config.Namespace) {
		pod, err := wire.DecodePod(b)
		if err != nil {
			t.Fatal(err)
		}
		server = append(server, pod.Name)
	}
	for _, pod := range s.After(p).Pods {
		after = append(after, pod.Name)
	}
	slices.Sort(server)
	slices.Sort(after)
	return after, server
}

// gcWorld is a DC with one RC, its deployer pod (owned by the RC) and a
// hook pod owned by the deployer pod.
func gcWorld() dcplan.Snapshot {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	rcOwner := []dcplan.OwnerRef{{APIVersion: "v1", Kind: "ReplicationController", Name: "web-1", UID: "rc-1"}}
	podOwner := []dcplan.OwnerRef{{APIVersion: "v1", Kind: "Pod", Name: "web-1-deploy", UID: "pod-1"}}
	return dcplan.Snapshot{Now: now,
		Config: dcplan.Config{Namespace: "ns", Name: "web", UID: "dc-uid", Strategy: dcplan.Strategy{Type: dcplan.StrategyCustom},
			Template: dcplan.Template{Containers: []dcplan.Container{{Name: "c", Image: "img"}}}},
		Deployments: []dcplan.Deployment{{Namespace: "ns", Name: "web-1", UID: "rc-1", Version: 1, Phase: dcplan.PhaseComplete,
			ConfigName: "web", ConfigLabel: "web", CreationTime: now}},
		Pods: []dcplan.Pod{
			{Namespace: "ns", Name: "web-1-deploy", UID: "pod-1", DeploymentName: "web-1", DeployerFor: "web-1", Owners: rcOwner, Phase: dcplan.PodSucceeded},
			{Namespace: "ns", Name: "web-1-hook-pre", UID: "hook-1", DeployerFor: "web-1", Owners: podOwner, Phase: dcplan.PodSucceeded},
		}}
}

// SPEC 7 row 11, 13: a DeleteRC WithoutOptions is sent without a
// propagation policy, and the server's default for a v1
// ReplicationController orphans what it owns: the RC's pods stay (without
// their reference to it). After must hold them too; it collected them as
// for a Background delete.
func TestAfterDeleteRCWithoutOptionsOrphans(t *testing.T) {
	s := gcWorld()
	p := dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "web-1", Version: 1, WithoutOptions: true}}}
	after, server := afterAgainstServer(t, s, p)
	if !slices.Equal(after, server) {
		t.Errorf("pods after the RC's delete without options: After %q, server %q", after, server)
	}
	if got, _ := s.After(p).Pod("web-1-deploy"); slices.ContainsFunc(got.Owners, func(o dcplan.OwnerRef) bool { return o.UID == "rc-1" }) {
		t.Errorf("After: the orphaned deployer pod still names the deleted RC: %+v", got.Owners)
	}
}

// SPEC 4.6, 13: a pod delete carries no propagation policy, and the
// server's default for a pod is to collect what it owns: the hook pod the
// deployer pod owns goes with it, as After's garbage collection does for
// an RC's delete.
func TestAfterDeletePodCollectsDependents(t *testing.T) {
	s := gcWorld()
	p := dcplan.Plan{DeletePods: []dcplan.DeletePod{{Rule: "4.6", Pod: "web-1-deploy", RC: "web-1"}}}
	after, server := afterAgainstServer(t, s, p)
	if !slices.Equal(after, server) {
		t.Errorf("pods after the deployer pod's delete: After %q, server %q", after, server)
	}
}
