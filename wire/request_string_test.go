package wire_test

import (
	"testing"

	"github.com/dcplan/dcplan/wire"
)

// TestRequestStringFormat: Request.String, the one-line form of logs and
// golden files: `<verb> <resource>[/<subresource>] <namespace>/<name>`,
// then the patch (type and body) of a patch only, the delete options,
// the attempts when more than one (SPEC 13.1: the controller's retried
// updates) and the group. Until now only examples/quickstart pinned it.
// Kills the mutants of String's `r.Patch != nil` as `==` and of
// `r.Attempts > 1` as `>=`.
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
