package explore

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestNextRequeue pins the deployer's abstract requeue counts: 0 becomes
// 1 in one pass, 1 (standing for 1 to 12) becomes 13 (WillBeDropped) in
// twelve, and from there each pass counts one up to 15 (MaxRetryCount),
// where the count stays. Liveness weighs deployer passes by the pass
// counts, and the planners tell 13, 14 and 15 apart.
func TestNextRequeue(t *testing.T) {
	for _, tt := range []struct{ rq, want, passes int }{
		{0, 1, 1}, {1, 13, 12}, {12, 13, 12}, {13, 14, 1}, {14, 15, 1}, {15, 15, 1},
	} {
		if got, passes := nextRequeue(tt.rq); got != tt.want || passes != tt.passes {
			t.Errorf("nextRequeue(%d) = %d, %d; want %d, %d", tt.rq, got, passes, tt.want, tt.passes)
		}
	}
}

// TestDeployerRequeueByQueuePolicy: a deployer pass moves the RC's
// requeue count as upstream's work queue does (fake.RateLimited, the
// simulator's rule too; SPEC 1.7, 11a.4): a plan with a retried error
// counts one (nextRequeue), a plan that only waits forgets the count (its
// recheck is an AddAfter), and so does a fatal error, which upstream
// never retries (Forget). The explorer used to count a fatal error as a
// requeue.
func TestDeployerRequeueByQueuePolicy(t *testing.T) {
	cfg := fake.NewConfig(Namespace, Name, 1)
	cfg.UID, cfg.ResourceVersion, cfg.Status.LatestVersion = "uid-"+Name, "1", 1
	rc := func(edit func(*dcplan.Deployment)) []byte {
		d, err := wire.NewDeployment(cfg)
		if err != nil {
			t.Fatal(err)
		}
		d.UID, d.ResourceVersion = "uid-web-1", "2"
		edit(&d)
		b, err := wire.EncodeDeployment(d)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	dc, err := wire.EncodeConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	world := func(d []byte) Objects {
		return Objects{key(wire.ResourceConfigs, Name): dc, key(wire.ResourceRCs, "web-1"): d}.stored()
	}
	pending := world(rc(func(d *dcplan.Deployment) { d.Phase = dcplan.PhasePending }))
	// The deployer pod it created is stored; a stale read does not show it.
	pod, err := wire.EncodePodObject(dcplan.Pod{Namespace: Namespace, Name: "web-1-deploy", UID: "uid-web-1-deploy",
		DeployerFor: "web-1", DeploymentName: "web-1", Phase: dcplan.PodPending, CreationTime: fake.Epoch})
	if err != nil {
		t.Fatal(err)
	}
	created := pending.clone()
	created[key(wire.ResourcePods, "web-1-deploy")] = pod
	created = created.stored()
	undecodable := world(rc(func(d *dcplan.Deployment) { d.Phase, d.Encoded = dcplan.PhaseNew, nil }))
	pass := Move{Actor: ActorDeployer, Target: "web-1"}
	for _, tt := range []struct {
		name    string
		o, prev Objects
		st      dcplan.Settings
		stale   string
		rq      int
		wait    dcplan.WaitReason
		fatal   bool
		requeue int
	}{
		{"pod missing: an error, requeued", pending, nil, dcplan.Modern.Settings(), "", 0, dcplan.WaitDeployer, false, 1},
		{"pod missing: requeued again", pending, nil, dcplan.Modern.Settings(), "", 1, dcplan.WaitDeployer, false, dcplan.WillBeDroppedRequeues},
		{"stale cache: waits, forgotten", created, pending, dcplan.Modern.Settings(), key(wire.ResourcePods, "web-1-deploy"), 1, dcplan.WaitStaleCache, false, 0},
		{"fatal: forgotten", undecodable, nil, dcplan.Origin15.Settings(), "", 0, dcplan.WaitConfigDecode, true, 0},
		{"fatal at 13: forgotten", undecodable, nil, dcplan.Origin15.Settings(), "", dcplan.WillBeDroppedRequeues, dcplan.WaitConfigDecode, true, 0},
	} {
		m, expect := pass, []string(nil)
		if tt.stale != "" {
			m.Stale, expect = tt.stale, []string{tt.stale}
		}
		step, err := apply(tt.o, tt.prev, m, tt.st, tt.rq, expect, nil)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		p := step.Pass.Plan
		if p.Wait != tt.wait || (p.Error == dcplan.ErrorFatal) != tt.fatal {
			t.Fatalf("%s: plan waits %v with error %v %q; want %v, fatal %v", tt.name, p.Wait, p.Error, p.Message, tt.wait, tt.fatal)
		}
		if step.Requeue != tt.requeue {
			t.Errorf("%s: requeue count %d after the pass at %d, want %d", tt.name, step.Requeue, tt.rq, tt.requeue)
		}
	}
}
