package fake_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// userOpEffect is what a user operation changes: per RC its phase and
// cancel annotations, and the DC's spec.paused.
type userOpEffect struct {
	Paused bool
	RCs    map[string][3]string // phase, cancelled, reason
}

func effectOf(s dcplan.Snapshot) userOpEffect {
	e := userOpEffect{Paused: s.Config.Paused, RCs: map[string][3]string{}}
	for _, d := range s.Deployments {
		c := "false"
		if d.Cancelled {
			c = "true"
		}
		e.RCs[d.Name] = [3]string{d.Phase.String(), c, d.Reason}
	}
	return e
}

// TestUserOpRequestsHaveTheirEffect sends the requests of oc's cancel,
// retry and pause (strategic-merge patches in today's oc, updates in the
// seed eras: SPEC 6m.1.3.5, 6m.2.3.7, 6m.7.5, 6.1, 6.2.6) to the server
// and checks that the stored objects then read back as Snapshot.After
// says: the patch carries exactly the change the typed plan names, a
// removed annotation included.
func TestUserOpRequestsHaveTheirEffect(t *testing.T) {
	ours := func(m map[string]any) map[string]any {
		meta(m)["labels"] = map[string]any{"openshift.io/deployment-config.name": "web"}
		ann := meta(m)["annotations"].(map[string]any)
		ann["openshift.io/deployment-config.name"] = "web"
		ann["openshift.io/deployment-config.latest-version"] = "1"
		return ann
	}
	running := rcWith(t, func(m map[string]any) {
		ours(m)["openshift.io/deployment.phase"] = "Running"
	})
	failed := rcWith(t, func(m map[string]any) {
		ann := ours(m)
		ann["openshift.io/deployment.phase"] = "Failed"
		ann["openshift.io/deployment.cancelled"] = "true"
		ann["openshift.io/deployment.status-reason"] = "cancelled by the user"
	})
	ops := []struct {
		name string
		rc   []byte
		plan func(dcplan.Snapshot) (dcplan.Plan, error)
		verb wire.Verb // in today's oc
	}{
		{"cancel", running, func(s dcplan.Snapshot) (dcplan.Plan, error) { p, _, err := cancel.Cancel(s); return p, err }, wire.VerbPatch},
		{"retry", failed, func(s dcplan.Snapshot) (dcplan.Plan, error) { p, _, err := cancel.Retry(s); return p, err }, wire.VerbPatch},
		{"pause", running, reconcile.Pause, wire.VerbPatch},
	}
	for _, preset := range []dcplan.Preset{dcplan.Modern, dcplan.Exact, dcplan.Origin15} {
		for _, op := range ops {
			t.Run(preset.String()+"/"+op.name, func(t *testing.T) {
				srv := fake.NewServer(serverNow)
				for _, o := range []struct {
					res string
					obj []byte
				}{{wire.ResourceRCs, op.rc}, {wire.ResourceConfigs, []byte(srvDC)}} {
					if err := srv.Put(o.res, o.obj); err != nil {
						t.Fatal(err)
					}
				}
				s, err := srv.Snapshot("shop", "web", serverNow, preset.Settings())
				if err != nil {
					t.Fatal(err)
				}
				p, err := op.plan(s)
				if err != nil {
					t.Fatalf("%s: %v", op.name, err)
				}
				if p.IsEmpty() {
					t.Fatalf("%s planned nothing", op.name)
				}
				reqs, err := wire.Requests(s, p)
				if err != nil {
					t.Fatal(err)
				}
				writes := 0
				for _, r := range reqs {
					if r.Verb == wire.VerbEvent || r.Verb == wire.VerbDelete {
						continue
					}
					writes++
					want := op.verb
					if preset == dcplan.Origin15 && op.name != "pause" {
						want = wire.VerbUpdate
					}
					if r.Verb != want {
						t.Errorf("%s sends %s, want %s", op.name, r.Verb, want)
					}
					if _, err := srv.Do(context.Background(), r); err != nil {
						t.Fatalf("%s: %v", r, err)
					}
				}
				if writes == 0 {
					t.Fatal("no write was sent")
				}
				live, err := srv.Snapshot("shop", "web", serverNow, preset.Settings())
				if err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(effectOf(s.After(p)), effectOf(live)); d != "" {
					t.Errorf("stored objects differ from Snapshot.After (-after +stored):\n%s", d)
				}
				if d := cmp.Diff(effectOf(s), effectOf(live)); d == "" {
					t.Errorf("%s changed nothing", op.name)
				}
			})
		}
	}
}
