package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestWriteInvariantsEdges holds the edges of the invariants that judge
// a DC controller pass's writes to RCs by what each write changed: a
// write to the status of an RC the DC does not control, and a scale of
// one another DC controls, are writes to RCs not the DC's, and only an
// orphan the DC may claim is adopted (SPEC 3.3); the
// latest RC itself is never cancelled as superseded (SPEC 3.4); a paused
// DC's RC is not cancelled either, nor its latestVersion written, down
// neither (SPEC 3.2.5); a created RC carries its DC encoded, its label
// and controller reference, and no replicas (SPEC 3.8); a
// DC being deleted gets
// its status written, not the DC itself (SPEC 3.2.4); and a write to an RC
// whose cancel annotation was already there (a cancel raced by success,
// which Exact leaves on the Complete RC, SPEC 2.3) cancels nothing.
func TestWriteInvariantsEdges(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	withForeign := state(c3, foreign(rcOf(t, c3, 1, Complete, 0)), rcOf(t, c3, 2, Complete, 0), rcOf(t, c3, 3, Complete, 1))
	foreignStatus := fake.LiveWrite{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Subresource: wire.SubresourceStatus, Name: "web-1"},
		Before: rcBytes(t, withForeign.Deployments[0]), After: rcBytes(t, withForeign.Deployments[0]), Live: withForeign}
	running := state(c3, rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, Running, 0))
	paused := running
	paused.Config.Paused = true
	deleting := running
	deleting.Config.Deleting = true
	raced := rcOf(t, c3, 3, Complete, 0)
	raced.Cancelled = true
	racedWorld := state(c3, rcOf(t, c3, 2, Complete, 1), raced)
	// Three orphans: web-1 labelled for another DC, web-2 being deleted,
	// web-3 the DC's.
	orphans := state(c3, orphaned(rcOf(t, c3, 1, Complete, 0)), orphaned(rcOf(t, c3, 2, Complete, 0)), orphaned(rcOf(t, c3, 3, Complete, 1)))
	orphans.Deployments[0].ConfigLabel = "api"
	orphans.Deployments[1].Deleting = true
	pass := func(ws ...fake.LiveWrite) fake.Transition {
		return fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: running, After: running, Writes: ws}
	}
	tests := []transitionCase{
		{name: "3.3 status of another DC's RC", why: "the old DC's web-1 is not this DC's to write, its status neither", inv: fake.OnlyClaimedRCs,
			t: pass(foreignStatus), wantErr: "update rc/web-1, which the DC does not control"},
		{name: "3.3 scale another DC's RC", why: "web-1 has a controller, another DC", inv: fake.OnlyClaimedRCs,
			t: pass(scaleOf(t, "web-1", 1, withForeign)), wantErr: "update rc/web-1, which the DC does not control"},
		{name: "3.4 cancel the latest", why: "web-3 is the rollout latestVersion names: nothing supersedes it", inv: fake.CancelsOnlyOlder,
			t: pass(cancelOf(t, "web-3", running)), wantErr: "cancelled rc/web-3 (version 3), not older than latestVersion 3"},
		{name: "3.2.5 paused cancel", why: "a paused DC's rollout is not cancelled", inv: fake.PausedNoRollout,
			t: pass(cancelOf(t, "web-3", paused)), wantErr: "paused, yet update replicationcontrollers/web-3 (cancelled)"},
		{name: "3.2.4 DC written while deleting", why: "only the DC's status subresource is written for a DC being deleted, never the DC itself", inv: fake.StatusOnlyWhileDeleting,
			t: func() fake.Transition {
				tr := pass(fake.LiveWrite{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Name: "web"}, Live: deleting})
				tr.Before = deleting
				return tr
			}(), wantErr: "wrote update deploymentconfigs /web while the DC is being deleted"},
		{name: "3.2.5 paused, latestVersion lowered", why: "a paused DC's latestVersion is not written, down neither", inv: fake.PausedNoRollout,
			t: pass(fake.LiveWrite{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Name: "web"},
				Before: dcBytes(t, c3), After: dcBytes(t, dc(t, 2, "app:1")), Live: paused}), wantErr: "paused, yet latestVersion 3 -> 2"},
		{name: "3.8 created without an encoded config", why: "every created RC carries the DC it was made from", inv: fake.CreatedRCMatchesConfig,
			t: pass(fake.LiveWrite{Request: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Name: "web-3"}, After: func() []byte {
				d := rcOf(t, c3, 3, New, 0)
				d.Encoded = nil
				return rcBytes(t, d)
			}(), Live: running}), wantErr: "created rc/web-3 without an encoded config"},
		{name: "3.8 created scaled up", why: "a new RC starts at 0 replicas, the deployer scales it (SPEC 0 rule 6, 3.8)", inv: fake.CreatedRCMatchesConfig,
			t: pass(createRC(t, running, func(d *dcplan.Deployment) { d.Replicas = 2 })), wantErr: "created rc/web-3 with 2 replicas"},
		{name: "3.8 created without a controller", why: "a new RC's one owner reference is its DC, as controller (SPEC 3.8)", inv: fake.CreatedRCMatchesConfig,
			t: pass(createRC(t, running, func(d *dcplan.Deployment) { d.HasController, d.Controller = false, dcplan.OwnerRef{} })), wantErr: "created rc/web-3 not controlled by the DC"},
		{name: "3.8 created for another DC", why: "a new RC's controller is the DC of the moment, by uid (SPEC 3.8)", inv: fake.CreatedRCMatchesConfig,
			t: pass(createRC(t, running, func(d *dcplan.Deployment) { d.Controller.UID = "uid-old-web" })), wantErr: "created rc/web-3 not controlled by the DC"},
		{name: "3.8 created without the DC's label", why: "a new RC carries the openshift.io/deployment-config.name label of its DC (SPEC 3.8)", inv: fake.CreatedRCMatchesConfig,
			t: pass(createRC(t, running, func(d *dcplan.Deployment) { d.ConfigLabel = "" })), wantErr: "created rc/web-3 without the DC's label"},
		{name: "3.3 adopt another DC's orphan", why: "an orphan labelled for another DC does not match the selector: not adopted (SPEC 3.3)", inv: fake.OnlyClaimedRCs,
			t: pass(adoptOf(t, orphans, "web-1")), wantErr: "adopted rc/web-1, which the DC may not adopt"},
		{name: "3.3 adopt an orphan being deleted", why: "an orphan being deleted is not adopted (SPEC 3.3)", inv: fake.OnlyClaimedRCs,
			t: pass(adoptOf(t, orphans, "web-2")), wantErr: "adopted rc/web-2, which the DC may not adopt"},
		{name: "3.3 adopt while the DC is deleted", why: "a DC being deleted adopts nothing (SPEC 3.3, 3.2.4)", inv: fake.OnlyClaimedRCs,
			t: pass(adoptOf(t, with(orphans, func(c *fake.ConfigState) { c.Config.Deleting = true }), "web-3")), wantErr: "adopted rc/web-3, which the DC may not adopt"},
		{name: "3.3 adopt its orphan", why: "an orphan with the DC's label is adopted", inv: fake.OnlyClaimedRCs, t: pass(adoptOf(t, orphans, "web-3"))},
		{name: "3.3 adopt from a stale read", why: "the patch's precondition is the RC's uid only: a label edited since the read is any cache-based controller's race", inv: fake.OnlyClaimedRCs,
			t: func() fake.Transition { tr := pass(adoptOf(t, orphans, "web-1")); tr.Stale = true; return tr }()},
		{name: "2.3 scale of an RC cancelled before", why: "reconcile scales the active web-3, whose cancel lost the race to success: a scale, no cancel", inv: fake.CancelsOnlyOlder,
			t: pass(scaleOf(t, "web-3", 1, racedWorld))},
	}
	checkTransitionCases(t, tests)
}

// createRC is the create of web-3, built from in's DC and changed by f,
// in the live world in.
func createRC(t *testing.T, in fake.ConfigState, f func(*dcplan.Deployment)) fake.LiveWrite {
	t.Helper()
	d := rcOf(t, in.Config, 3, New, 0)
	f(&d)
	return fake.LiveWrite{Request: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Name: d.Name}, After: rcBytes(t, d), Live: in}
}

// adoptOf is the write that gives the orphan rc of in a controller
// reference to in's DC.
func adoptOf(t *testing.T, in fake.ConfigState, rc string) fake.LiveWrite {
	t.Helper()
	w := editOf(t, rc, in, func(d *dcplan.Deployment) {
		d.HasController, d.Controller = true, dcplan.OwnerRef{UID: in.Config.UID, APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: in.Config.Name, Controller: true}
	})
	w.Request.Verb = wire.VerbPatch
	return w
}
