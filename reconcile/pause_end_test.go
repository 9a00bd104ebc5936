package reconcile_test

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/reconcile"
)

// TestPauseCommandEnd checks how `oc rollout pause` and `resume` end over
// the DCs they resolved (SPEC 6m.7.4, 6m.7.5, 6m.7.6): kubectl's end,
// which conditions.EndStatus prints for every rollout subcommand. No DC
// and no error: `No resources found in <ns> namespace.`, exit 0; one
// refusal: `error: <resource> "<dc>" is already paused`; several: one per
// line, each with its own prefix once; a failed patch: `error: failed to
// patch: <err>`.
func TestPauseCommandEnd(t *testing.T) {
	snap := func(name string, paused bool) dcplan.Snapshot {
		return dcplan.Snapshot{Config: dcplan.Config{Namespace: "shop", Name: name, UID: "uid-" + name, Paused: paused}}
	}
	refusal := func(s dcplan.Snapshot, op func(dcplan.Snapshot) (dcplan.Plan, error)) error {
		t.Helper()
		p, err := op(s)
		if !errors.Is(err, reconcile.ErrRefused) || !p.IsEmpty() {
			t.Fatalf("%s: got plan %q and error %v, want a refusal and no plan", s.Config.Name, dcplan.Describe(p), err)
		}
		return err
	}
	failed := snap("api", false)
	failed.Outcome.Failures = []dcplan.Failure{{Action: dcplan.ActionUpdateConfig, Name: "api", Reason: dcplan.StatusNotFound, Code: 404, Message: `deploymentconfigs.apps.openshift.io "api" not found`}}
	_, patchErr := reconcile.Pause(failed)
	if !errors.Is(patchErr, reconcile.ErrPatchFailed) {
		t.Fatalf("Pause after a failed patch: error %v, want ErrPatchFailed", patchErr)
	}
	for _, tc := range []struct {
		name    string
		objects int
		errs    []error
		want    conditions.StatusEnd
	}{
		{"6m.7.4: nothing resolved", 0, nil,
			conditions.StatusEnd{Stderr: "No resources found in shop namespace.\n"}},
		{"6m.7.5: every patch sent", 2, []error{nil, nil}, conditions.StatusEnd{}},
		{"6m.7.5: already paused, alone", 1, []error{refusal(snap("web", true), reconcile.Pause)},
			conditions.StatusEnd{Stderr: "error: deploymentconfigs.apps.openshift.io \"web\" is already paused\n", Code: 1}},
		{"6m.7.6: two refusals, one per line", 3, []error{
			refusal(snap("web", true), reconcile.Pause), nil, refusal(snap("db", false), reconcile.Resume)},
			conditions.StatusEnd{Stderr: "error: deploymentconfigs.apps.openshift.io \"web\" is already paused\n" +
				"error: deploymentconfigs.apps.openshift.io \"db\" is not paused\n", Code: 1}},
		{"6m.7.5: a failed patch", 1, []error{patchErr},
			conditions.StatusEnd{Stderr: "error: failed to patch: deploymentconfigs.apps.openshift.io \"api\" not found\n", Code: 1}},
	} {
		if got := conditions.EndStatus("shop", tc.objects, tc.errs); got != tc.want {
			t.Errorf("%s: EndStatus = %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
