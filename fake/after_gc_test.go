package fake_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestAfterCollectsAsTheServer: Snapshot.After models the garbage
// collector after an RC's Background delete (SPEC 3.7, After's item 6) as
// the server does. A hook pod of the deleted web-1 that names a second
// owner stays, without its reference to web-1, while that owner may exist:
// the live web-2, or an object of a kind neither holds (a ReplicaSet);
// with an RC that is gone as its second owner, it goes.
func TestAfterCollectsAsTheServer(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	rcOwner := func(name, uid string) dcplan.OwnerRef {
		return dcplan.OwnerRef{APIVersion: "v1", Kind: "ReplicationController", Name: name, UID: uid}
	}
	replicaSet := dcplan.OwnerRef{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "other", UID: "rs-1"}
	for _, tt := range []struct {
		name   string
		second dcplan.OwnerRef
		kept   bool
	}{
		{"live RC", rcOwner("web-2", "rc-2"), true},
		{"other kind", replicaSet, true},
		{"gone RC", rcOwner("web-0", "rc-0"), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := dcplan.Snapshot{Now: now,
				Config: dcplan.Config{Namespace: "ns", Name: "web", UID: "dc-uid", ResourceVersion: "1",
					Strategy: dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true},
					Template: wire.TemplateFor(dcplan.Container{Name: "c0", Image: "img:1"})},
				Deployments: []dcplan.Deployment{
					{Namespace: "ns", Name: "web-1", UID: "rc-1", ResourceVersion: "1", Version: 1, Phase: dcplan.PhaseComplete, ConfigName: "web", ConfigLabel: "web"},
					{Namespace: "ns", Name: "web-2", UID: "rc-2", ResourceVersion: "1", Version: 2, Phase: dcplan.PhaseComplete, ConfigName: "web", ConfigLabel: "web"},
				},
				Pods: []dcplan.Pod{{Namespace: "ns", Name: "web-1-hook-pre", UID: "pod-1", ResourceVersion: "1", DeployerFor: "web-1",
					Phase: dcplan.PodSucceeded, Owners: []dcplan.OwnerRef{rcOwner("web-1", "rc-1"), tt.second}}},
			}
			enc, err := wire.Reencoded(s)
			if err != nil {
				t.Fatal(err)
			}
			srv := fake.NewServer(now)
			_ = srv.Put(wire.ResourceConfigs, enc.Config.Raw)
			for _, d := range enc.Deployments {
				_ = srv.Put(wire.ResourceRCs, d.Raw)
			}
			for _, p := range enc.Pods {
				_ = srv.Put(wire.ResourcePods, p.Raw)
			}
			plan := dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "web-1", Version: 1}}}
			reqs, err := wire.Requests(enc, plan)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range reqs {
				if _, err := srv.Do(context.Background(), r); err != nil {
					t.Fatal(err)
				}
			}
			raw, onServer := srv.Object(wire.ResourcePods, "ns", "web-1-hook-pre")
			after, inAfter := enc.After(plan).Pod("web-1-hook-pre")
			if onServer != tt.kept || inAfter != tt.kept {
				t.Fatalf("after web-1's delete: the server holds its pod %v, After %v, want %v", onServer, inAfter, tt.kept)
			}
			if !tt.kept {
				return
			}
			live, err := wire.DecodePod(raw)
			if err != nil {
				t.Fatal(err)
			}
			if want := []dcplan.OwnerRef{tt.second}; !slices.Equal(live.Owners, want) || !slices.Equal(after.Owners, want) {
				t.Errorf("the kept pod's owners: server %+v, After %+v, want %+v", live.Owners, after.Owners, want)
			}
		})
	}
}
