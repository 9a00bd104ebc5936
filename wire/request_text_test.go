package wire_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestEventAfterANegativeIndexGoesToTheEnd: an event placed after an
// action the plan does not hold is recorded at the end (Requests: "the
// end also takes every event whose action the plan lacks"; SPEC 13.1,
// events are requests and none is dropped). A negative index names no
// action of its kind, so the plan lacks it. Kills the mutant of
// placeable's `at.Kind == dcplan.ActionNone || at.Index < 0` as `&&`,
// which took Scale #-1 for a placeable action and recorded the event
// nowhere.
func TestEventAfterANegativeIndexGoesToTheEnd(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	dc := dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: s.Config.Namespace, Name: s.Config.Name}
	p := dcplan.Plan{
		Scales: []dcplan.Scale{{Rule: "3.6.3", RC: "frontend-1", From: 1, To: 0}},
		Events: []dcplan.Event{{Rule: "3.6.3", Object: dc, Type: dcplan.EventNormal, Reason: "Scaled",
			Message: "after scale #-1", After: dcplan.ActionRef{Kind: dcplan.ActionScale, Index: -1}}},
	}
	reqs, err := wire.Requests(s, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(reqs) != 2 || reqs[0].Verb != wire.VerbUpdate || reqs[1].Verb != wire.VerbEvent || reqs[1].Event.Message != "after scale #-1" {
		var got []string
		for _, r := range reqs {
			got = append(got, r.String())
		}
		t.Fatalf("requests:\n%s\nwant the scale, then the event at the end", strings.Join(got, "\n"))
	}
}

// TestRequestStringFormat: Request.String, the one-line form of logs and
// golden files: `<verb> <resource>[/<subresource>] <namespace>/<name>`,
// then the patch (type and body) of a patch only, the delete options,
// the attempts when more than one (SPEC 13.1: the controller's retried
// updates) and the group. Until now only examples/quickstart pinned it.
// Kills the mutants of String's `q.Patch != nil` as `==` and of
// `q.Attempts > 1` as `>=`.
func TestRequestStringFormat(t *testing.T) {
	for _, tc := range []struct {
		q    wire.Request
		want string
	}{
		{wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceConfigs, Namespace: "shop", Name: "web",
			PatchType: wire.PatchStrategicMerge, Patch: []byte(`{"spec":{"paused":true}}`), FieldManager: wire.FieldManagerRollout, Attempts: 1},
			`patch deploymentconfigs shop/web application/strategic-merge-patch+json {"spec":{"paused":true}} fieldManager=kubectl-rollout`},
		{wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", Body: []byte(`{}`), Attempts: 4},
			`update replicationcontrollers shop/web-1 attempts=4`},
		{wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Namespace: "shop", Name: "web", Body: []byte(`{}`), Attempts: 1},
			`update deploymentconfigs/status shop/web`},
		{wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Namespace: "shop", Name: "web-1-deploy", Attempts: 1, Group: 2,
			Delete: wire.DeleteOptions{HasGracePeriod: true}},
			`delete pods shop/web-1-deploy gracePeriodSeconds=0 group=2`},
	} {
		if got := tc.q.String(); got != tc.want {
			t.Errorf("String() = %q\nwant       %q", got, tc.want)
		}
	}
}
