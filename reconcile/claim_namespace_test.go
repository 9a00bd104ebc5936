package reconcile_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
)

// TestAdoptsNamespacelessOrphan holds SPEC 3.3.2 to the snapshot's
// namespace rule (dcplan.Snapshot invariant 3): an RC without a namespace
// is in the DC's namespace, as a document that leaves metadata.namespace
// out has it (wire.Objects.Snapshot). A matching orphan without one is
// adopted as one that names the namespace is; ClaimObject refuses only
// an orphan of another namespace. Left out of the claim, the DC's only
// RC did not count, and the pass planned the create of web-1 over it.
func TestAdoptsNamespacelessOrphan(t *testing.T) {
	cfg := config(1)
	for _, ns := range []string{"ns", ""} {
		d := rollout(t, cfg, 1, dcplan.PhaseComplete, 3)
		d.HasController, d.Controller = false, dcplan.OwnerRef{}
		d.Namespace = ns
		s := settled(snapshot(cfg, d))
		if err := s.Validate(); err != nil {
			t.Fatalf("namespace %q: Validate() = %v, want nil", ns, err)
		}
		p := reconcile.Config(s)
		if len(p.Adopt) != 1 || p.Adopt[0].RC != "web-1" || len(p.CreateRCs) != 0 {
			t.Errorf("namespace %q: Config() = %s, want web-1 adopted and nothing created", ns, dcplan.Describe(p))
		}
	}
}

// TestRefusedNamespacelessOrphanText: the refused adoption of an orphan
// without a namespace names it in the DC's namespace, where it is (SPEC
// 1.7's `can't adopt ReplicationController <ns>/<rc> (<uid>): <err>`),
// not as "/web-1".
func TestRefusedNamespacelessOrphanText(t *testing.T) {
	cfg := config(1)
	d := rollout(t, cfg, 1, dcplan.PhaseComplete, 3)
	d.HasController, d.Controller = false, dcplan.OwnerRef{}
	d.Namespace = ""
	s := snapshot(cfg, d)
	s.Recheck = dcplan.Recheck{Done: true, UID: "new-uid"}
	want := "error while deploymentConfigController claiming replication controllers: " +
		"can't adopt ReplicationController ns/web-1 (rc-uid-web-1): can't recheck DeletionTimestamp: " +
		"original DeploymentConfig ns/web is gone: got uid new-uid, wanted dc-uid"
	if p := reconcile.Config(s); p.Message != want {
		t.Errorf("Config().Message = %q, want %q", p.Message, want)
	}
}
