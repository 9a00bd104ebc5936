package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestReplicaInvariantsEdges holds where ReplicasWhenStable and
// ReplicasAfterReconcile judge the placement of replicas (SPEC 3.6) and
// where they do not: a test DC wants none on its active RC (SPEC 2.4); a
// Failed RC of the active version is no active RC; a DC of no replicas
// wants none, twins or not; a paused DC and one being deleted are not
// reconciled (SPEC 3.2.4, 3.2.5), nor is a pass that wrote nothing or
// read a stale cache, one over a DC being deleted, or one that bumped
// latestVersion (a status catch-up, SPEC 3.2.7, writes only the status).
func TestReplicaInvariantsEdges(t *testing.T) {
	c2 := dc(t, 2, "app:1")
	c3 := dc(t, 3, "app:1")
	test := c2
	test.Test = true
	none := c2
	none.Replicas = 0
	paused := state(c2, rcOf(t, c2, 1, Complete, 1), rcOf(t, c2, 2, Complete, 1))
	paused.Config.Paused = true
	deleting := paused
	deleting.Config.Paused, deleting.Config.Deleting = false, true
	// A reconciling pass that leaves web-2 scaled up beside the active web-3.
	wrong := state(c3, rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, Complete, 1))
	status := fake.LiveWrite{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Name: "web"}, Live: wrong}
	pass := func(f func(*fake.Transition)) func() error {
		return func() error {
			tr := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: wrong, After: wrong, Writes: []fake.LiveWrite{status}}
			f(&tr)
			return fake.ReplicasAfterReconcile(tr)
		}
	}
	rest := func(c fake.ConfigState) func() error { return func() error { return fake.ReplicasWhenStable(c) } }
	tests := []struct {
		name    string
		why     string
		judge   func() error
		wantErr string
	}{
		{name: "2.4 test DC", why: "a test DC has zero replicas at rest, the active RC too", judge: rest(state(test, rcOf(t, c2, 1, Complete, 0), rcOf(t, c2, 2, Complete, 1))),
			wantErr: "rc web-2 (Complete) has 1 replicas, want 0"},
		{name: "13.1 failed twin of the active version", why: "web-2-restored failed: it is no active RC, and its replica belongs on web-2",
			judge: rest(state(c2, twin(rcOf(t, c2, 2, Failed, 1)), rcOf(t, c2, 2, Complete, 0))), wantErr: "rc web-2-restored (Failed) has 1 replicas, want 0"},
		{name: "3.6 no replicas, twins", why: "a DC of 0 replicas: neither twin of the active version holds one, as wanted",
			judge: rest(state(none, twin(rcOf(t, c2, 2, Complete, 0)), rcOf(t, c2, 2, Complete, 0)))},
		{name: "3.2.5 paused", why: "a paused DC is not reconciled: web-1 keeps its replica", judge: rest(paused)},
		{name: "3.2.4 deleting", why: "a DC being deleted gets only its status written", judge: rest(deleting)},
		{name: "3.6 reconciling pass", why: "the pass left web-2's replica", judge: pass(func(*fake.Transition) {}),
			wantErr: "after reconcile rc web-2 (Complete) has 1 replicas, want 0"},
		{name: "3.6 pass that wrote nothing", why: "the pass left the world it found, which the step and rest checks judge", judge: pass(func(tr *fake.Transition) { tr.Writes = nil })},
		{name: "3.6 stale pass", why: "a pass that read a stale cache did not see web-2's replica", judge: pass(func(tr *fake.Transition) { tr.Stale = true })},
		{name: "3.2.4 pass over a DC being deleted", why: "only the status is written", judge: pass(func(tr *fake.Transition) { tr.After.Config.Deleting = true })},
		{name: "3.2.7 catch-up bump", why: "the pass raised latestVersion from 2 to 3 and wrote nothing else", judge: pass(func(tr *fake.Transition) { tr.Before.Config.Status.LatestVersion = 2 })},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, tt.judge(), tt.wantErr, tt.why)
		})
	}
}
