package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestInFlightInvariantsEdges holds the edges of the invariants about
// rollouts in flight that TestStateInvariantsCatchViolations does not
// reach: every phase before the end is in flight (New and Pending, not
// only Running); a deployer pod is known by its deployment-name
// annotation alone (its label removed by hand); the deployer pod of
// another DC's RC, whose rollout the DC ignores (SPEC 3.3), is not the
// DC's, unless the seed-era controller takes that RC by label (SPEC 7 row
// 2), while that of an RC gone from the store still counts; a split
// brain excuses a create whichever of the pass or the world after it
// records it; and a world that does not validate fails Decodes, not only
// one that did not decode.
func TestInFlightInvariantsEdges(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	annotated := func(rc string) dcplan.Pod {
		return dcplan.Pod{Namespace: "ns", Name: dcplan.DeployerPodName(rc), DeploymentName: rc, Phase: dcplan.PodRunning}
	}
	running := state(c3, rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, Running, 0))
	create := func(splitPass, splitAfter bool) fake.Transition {
		after := running
		after.SplitBrain = splitAfter
		return fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, SplitBrain: splitPass, Before: running, After: after,
			Writes: []fake.LiveWrite{{Request: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Name: "web-4"},
				After: rcBytes(t, rcOf(t, dc(t, 4, "app:1"), 4, New, 0)), Live: running}}}
	}
	// web-2 has no phase (made by hand with the DC's label, or its phase
	// annotation removed) and the DC's status names version 3: where the
	// DC controller counts it in flight (AwaitUnknownPhase, Exact and
	// the seeds, SPEC 3.4 note, 11a.7) it cancels and waits for it, and
	// creates no web-3 beside it; Modern does (SPEC 3.4.unknown).
	phaseless := state(c3, rcOf(t, c3, 1, Complete, 1), rcOf(t, c3, 2, dcplan.PhaseUnknown, 0))
	createBeside := func(p dcplan.Preset) error {
		tr := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: phaseless, After: phaseless,
			Writes: []fake.LiveWrite{{Request: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Name: "web-3"},
				After: rcBytes(t, rcOf(t, c3, 3, New, 0)), Live: phaseless}}}
		return fake.NoCreateWhileInFlight(tr.WithSettings(p.Settings()))
	}
	beside := withPods(state(c3, rcOf(t, c3, 2, dcplan.PhaseUnknown, 0), rcOf(t, c3, 3, Running, 0)), deployerPod("web-3", dcplan.PodRunning))
	tests := []struct {
		name    string
		why     string
		judge   func() error
		wantErr string
	}{
		{name: "3.4 Exact, create beside a phase-less RC", why: "Exact counts web-2 in flight (AwaitUnknownPhase): it cancels it and waits, never creating web-3",
			judge: func() error { return createBeside(dcplan.Exact) }, wantErr: `created rc/web-3 while rc/web-2 was ""`},
		{name: "3.4 Origin15, create beside a phase-less RC", why: "the seed's cancel loop waits for web-2 alike",
			judge: func() error { return createBeside(dcplan.Origin15) }, wantErr: `created rc/web-3 while rc/web-2 was ""`},
		{name: "3.4.unknown Modern, create beside a phase-less RC", why: "Modern neither cancels nor waits for web-2: web-3 is created beside it",
			judge: func() error { return createBeside(dcplan.Modern) }},
		{name: "3.2.8 Exact, running beside a phase-less RC", why: "Exact counts web-2 in flight: web-3 runs beside it",
			judge: func() error { return fake.OneRolloutInFlight(beside.WithSettings(dcplan.Exact.Settings())) }, wantErr: "2 rollouts in flight: web-2, web-3"},
		{name: "3.4.unknown Modern, running beside a phase-less RC", why: "web-2 is no rollout to Modern",
			judge: func() error { return fake.OneRolloutInFlight(beside) }},
		{name: "11a.4 New at rest", why: "web-3 never got a deployer pod", judge: func() error { return fake.NothingInFlightAtRest(state(c3, rcOf(t, c3, 3, New, 0))) },
			wantErr: "at rest with rc/web-3 New"},
		{name: "11a.4 Pending at rest", why: "web-3's deployer pod never ran", judge: func() error { return fake.NothingInFlightAtRest(state(c3, rcOf(t, c3, 3, Pending, 0))) },
			wantErr: "at rest with rc/web-3 Pending"},
		{name: "4.3.new.4 annotated pods", why: "two deployer pods known by their deployment-name annotation run at once",
			judge:   func() error { return fake.OneDeployerPod(withPods(running, annotated("web-2"), annotated("web-3"))) },
			wantErr: "2 deployer pods running: web-2-deploy, web-3-deploy"},
		{name: "3.3 another DC's rollout", why: "the old DC's web-2 is not this DC's (ignored entirely) and the deployer steps it anyway (4.7): its pod runs beside web-3's",
			judge: func() error {
				return fake.OneDeployerPod(withPods(state(c3, foreign(rcOf(t, c3, 2, Running, 0)), rcOf(t, c3, 3, Running, 0)),
					deployerPod("web-2", dcplan.PodRunning), deployerPod("web-3", dcplan.PodRunning)))
			}},
		{name: "7#2 seed takes the old DC's rollout", why: "the seed controller takes web-2 by its label: two of its rollouts run",
			judge: func() error {
				c := withPods(state(c3, foreign(rcOf(t, c3, 2, Running, 0)), rcOf(t, c3, 3, Running, 0)),
					deployerPod("web-2", dcplan.PodRunning), deployerPod("web-3", dcplan.PodRunning))
				c.ByLabel = true
				return fake.OneDeployerPod(c)
			}, wantErr: "2 deployer pods running: web-2-deploy, web-3-deploy"},
		{name: "4.3.new.4 pod of a deleted RC", why: "web-2 is gone, its deployer pod still runs beside web-3's",
			judge: func() error {
				return fake.OneDeployerPod(withPods(state(c3, rcOf(t, c3, 3, Running, 0)), deployerPod("web-2", dcplan.PodRunning), deployerPod("web-3", dcplan.PodRunning)))
			}, wantErr: "2 deployer pods running: web-2-deploy, web-3-deploy"},
		{name: "3.4 create in a split brain pass", why: "the second instance's own pass (the Dual fault)", judge: func() error { return fake.NoCreateWhileInFlight(create(true, false)) }},
		{name: "3.4 create in a split brain world", why: "a pass of either instance while the world is split", judge: func() error { return fake.NoCreateWhileInFlight(create(false, true)) }},
		{name: "3.4 create without a split brain", why: "one instance created web-4 while web-3 runs", judge: func() error { return fake.NoCreateWhileInFlight(create(false, false)) },
			wantErr: "created rc/web-4 while rc/web-3 was Running"},
		{name: "13 invalid world", why: "two RCs named web-3: the world decodes but does not validate",
			judge:   func() error { return fake.Decodes(state(c3, rcOf(t, c3, 3, Running, 0), rcOf(t, c3, 3, Running, 0))) },
			wantErr: "duplicate name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, tt.judge(), tt.wantErr, tt.why)
		})
	}
}
