package fake

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestPlanlessAsksOnlyForQueuedUnannotatedRCs: SPEC 4.7. A relist queues
// every RC that carries the config-name annotation, so the world is not
// at rest while the deployer would plan for one; an RC without it is
// queued only by a change of its pods, so its plan keeps the world from
// rest only while it is queued. Web-1 here is Running, without the
// annotation, and its deployer pod has succeeded: the deployer, asked,
// completes it.
func TestPlanlessAsksOnlyForQueuedUnannotatedRCs(t *testing.T) {
	cfg := NewConfig("ns", "web", 1)
	cfg.UID, cfg.Status.LatestVersion = "uid-web", 1
	d, err := wire.NewDeployment(cfg)
	if err != nil {
		t.Fatal(err)
	}
	d.UID, d.CreationTime, d.Phase = "uid-web-1", Epoch, dcplan.PhaseRunning
	pod := dcplan.Pod{Namespace: "ns", Name: dcplan.DeployerPodName(d.Name), UID: "uid-pod", CreationTime: Epoch,
		Phase: dcplan.PodSucceeded, DeploymentName: d.Name, DeployerFor: d.Name,
		Owners: []dcplan.OwnerRef{{APIVersion: "v1", Kind: "ReplicationController", Name: d.Name, UID: d.UID}}}
	never := func(string) bool { return false }
	always := func(string) bool { return true }
	for _, tt := range []struct {
		name      string
		annotated bool
		queued    func(string) bool
		want      bool
	}{
		{"annotated, not queued", true, never, false},
		{"unannotated, queued", false, always, false},
		{"unannotated, not queued", false, never, true},
	} {
		x := d
		if !tt.annotated {
			x.ConfigName, x.EmptyConfigName = "", false
		}
		// No DC in the snapshot: the DC controller plans nothing.
		snap := dcplan.Snapshot{Now: Epoch, Deployments: []dcplan.Deployment{x}, Pods: []dcplan.Pod{pod}}
		if got := planless(snap, tt.queued); got != tt.want {
			t.Errorf("%s: planless = %v, want %v", tt.name, got, tt.want)
		}
	}
}
