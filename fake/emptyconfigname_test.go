package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestSimStepsRCWithEmptyConfigName: the deployer controller's informer
// queues an RC that carries the openshift.io/deployment-config.name
// annotation, whatever its value (SPEC 4.7, 5.12 IsOwnedByConfig: by the
// annotation's presence), and steps it (13.1). A New RC whose annotation
// is empty, put in the store by hand, gets its deployer pod.
func TestSimStepsRCWithEmptyConfigName(t *testing.T) {
	s := fake.NewSim(fake.Options{Seed: 1})
	_, d := web1(t)
	d.Name, d.ConfigName, d.EmptyConfigName = "x-1", "", true
	d.ConfigLabel, d.HasController, d.Controller = "", false, dcplan.OwnerRef{}
	if err := s.World().CreateDeployment(d); err != nil {
		t.Fatal(err)
	}
	if got, ok := s.World().Deployment("ns", "x-1"); !ok || !got.EmptyConfigName || got.Phase != dcplan.PhaseNew {
		t.Fatalf("stored rc x-1: %v %+v", ok, got)
	}
	s.Run(3)
	if _, ok := s.World().Pod("ns", dcplan.DeployerPodName("x-1")); !ok {
		got, _ := s.World().Deployment("ns", "x-1")
		t.Errorf("rc x-1 (%s) has no deployer pod after 3 steps: the deployer never stepped it\n%s", got.PhaseText(), s.Trace())
	}
}

// web1 returns DC ns/web at latestVersion 1 and its RC web-1 as the DC
// controller makes it (SPEC 3.8), New.
func web1(t *testing.T) (dcplan.Config, dcplan.Deployment) {
	t.Helper()
	cfg := fake.NewConfig("ns", "web", 1)
	cfg.UID, cfg.Status.LatestVersion = "uid-web", 1
	d, err := wire.NewDeployment(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, d
}
