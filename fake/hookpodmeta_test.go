package fake_test

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
)

// TestHookPodAsTheDeployerMakesIt: the deployer process makes its hook
// pod with the openshift.io/deployment.name annotation and the
// deployer-pod-for label naming the RC, and no owner reference
// (openshift/oc deployer, lifecycle.go createHookPodManifest); the
// deployer controller, on the RC's next pass, adds the owner reference
// to such a pod (SPEC 4.3 pending/running, 4.6), and the pod's updates
// enqueue the RC (SPEC 4.7). The pod model made the hook pod with the
// owner reference already set and without the annotation: the
// controller's owner-reference patch of a hook pod was never reached,
// and the hook pod's updates enqueued nothing.
func TestHookPodAsTheDeployerMakesIt(t *testing.T) {
	s := hookSim(t)
	d := dcplan.Deployment{}
	for range 30 {
		s.Advance(time.Second) // the pod model alone
		if p, ok := s.World().Pod("ns", "web-1-hook-pre"); ok {
			if p.DeploymentName != "web-1" || p.DeployerFor != "web-1" || len(p.Owners) != 0 {
				t.Fatalf("hook pod created with deployment.name %q, deployer-pod-for %q, owners %v; want web-1, web-1, none", p.DeploymentName, p.DeployerFor, p.Owners)
			}
			d, _ = s.World().Deployment("ns", "web-1")
			break
		}
		s.Step()
	}
	if d.Name == "" {
		t.Fatalf("no hook pod:\n%s", s.Trace())
	}
	s.Run(3)
	p, ok := s.World().Pod("ns", "web-1-hook-pre")
	if !ok || len(p.Owners) != 1 || p.Owners[0].UID != d.UID || p.Owners[0].Name != "web-1" {
		t.Fatalf("hook pod (exists %v) owners %v after the deployer's passes; want rc web-1 (uid %s)\n%s", ok, p.Owners, d.UID, tail(s.Trace(), 25))
	}
}
