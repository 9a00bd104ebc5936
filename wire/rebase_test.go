package wire_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// TestStatusAfterUpdateIsRebased: a DC status write after an update of
// the same DC (the seed's replica sync, SPEC 3.11) is the DC as that
// update returns it, spec.replicas synced and metadata.generation one up,
// marked Rebase; Rebased sets the version and leaves every other byte
// (issue 35 item 4). Without the update, the status write is the DC as
// read and no Rebase.
func TestStatusAfterUpdateIsRebased(t *testing.T) {
	s, err := scenario.ParseState([]string{
		"now 2026-11-30T10:00:00Z",
		"settings profile=Origin13",
		"dc web gen=2 replicas=3 strategy=Recreate triggers=ConfigChange image=app:1 latest=2 observed=2",
		"rc web-1 phase=Complete replicas=1 synced=3",
		"rc web-2 phase=Complete replicas=5 synced=3 status=5/5/5",
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Config.ResourceVersion = "10"
	p := reconcile.Config(s)
	reqs, err := wire.Requests(s, p)
	if err != nil {
		t.Fatal(err)
	}
	var status wire.Request
	for _, r := range reqs {
		switch {
		case r.Subresource == wire.SubresourceStatus:
			status = r
		case r.Rebase:
			t.Errorf("%s %s is marked Rebase; only the status write follows an earlier write of its object", r.Method(), r.Path())
		}
	}
	if !status.Rebase {
		t.Fatalf("the status write %s is not marked Rebase", status.Path())
	}
	var dc struct {
		Metadata struct {
			ResourceVersion string
			Generation      int64
		}
		Spec   struct{ Replicas int32 }
		Status struct{ ObservedGeneration int64 }
	}
	if err := json.Unmarshal(status.Body, &dc); err != nil {
		t.Fatal(err)
	}
	if dc.Metadata.ResourceVersion != "10" || dc.Metadata.Generation != 3 || dc.Spec.Replicas != 5 || dc.Status.ObservedGeneration != 3 {
		t.Errorf("status body: resourceVersion %q generation %d spec.replicas %d observedGeneration %d; want \"10\" (as read, until rebased), 3, 5, 3",
			dc.Metadata.ResourceVersion, dc.Metadata.Generation, dc.Spec.Replicas, dc.Status.ObservedGeneration)
	}
	same, err := status.Rebased("10")
	if err != nil {
		t.Fatal(err)
	}
	if string(same.Body) != string(status.Body) {
		t.Errorf("Rebased to the version it carries changed the body:\n%s\nwant\n%s", same.Body, status.Body)
	}
	moved, err := status.Rebased("11")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(moved.Body, &dc); err != nil || dc.Metadata.ResourceVersion != "11" {
		t.Errorf("Rebased(\"11\"): resourceVersion %q, err %v", dc.Metadata.ResourceVersion, err)
	}
	if _, err := (wire.Request{Body: []byte(`[1]`)}).Rebased("1"); !errors.Is(err, wire.ErrNotRebasable) {
		t.Errorf("Rebased of a non-object body: err %v, want ErrNotRebasable", err)
	}

	s.Deployments[1].Replicas = 3 // nothing to sync: the status write is the DC as read
	s.Deployments[1].SyncedReplicas = 3
	p = reconcile.Config(s)
	if len(p.UpdateConfig) != 0 || p.Status == nil {
		t.Fatalf("want a status write without a DC update:\n%s", dcplan.Describe(p))
	}
	if reqs, err = wire.Requests(s, p); err != nil {
		t.Fatal(err)
	}
	for _, r := range reqs {
		if r.Rebase {
			t.Errorf("%s %s is marked Rebase without an earlier write of its object", r.Method(), r.Path())
		}
	}
}

// TestTransitionCreatedAtOfPod: the RC write of a deployer pass that
// creates the deployer pod names that pod in CreatedAtOf, so that its
// created-at is the creationTimestamp the server stamps (SPEC 1.1,
// 4.3.new.4, issue 35 item 21); WithCreatedAt sets that annotation and
// nothing else. A pass that finds the pod already there writes the
// observed pod's stamp and names none.
func TestTransitionCreatedAtOfPod(t *testing.T) {
	s := newWeb1(t, dcplan.Exact)
	p := phase.Step(s, "web-1")
	if len(p.Transitions) != 1 || !p.Transitions[0].CreatedAt.Equal(time.Date(2026, 12, 3, 17, 5, 47, 0, time.UTC)) {
		t.Fatalf("want one transition with created-at the clock in whole seconds:\n%s", dcplan.Describe(p))
	}
	reqs, err := wire.Requests(s, p)
	if err != nil {
		t.Fatal(err)
	}
	var tr wire.Request
	for _, r := range reqs {
		if r.Resource == wire.ResourceRCs {
			tr = r
		}
	}
	if tr.CreatedAtOf != "web-1-deploy" {
		t.Fatalf("the RC write names %q in CreatedAtOf, want web-1-deploy", tr.CreatedAtOf)
	}
	stamped, err := tr.WithCreatedAt(time.Date(2026, 12, 3, 17, 7, 13, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(string(tr.Body), `"openshift.io/deployer-pod.created-at":"2026-12-03 17:05:47 +0000 UTC"`,
		`"openshift.io/deployer-pod.created-at":"2026-12-03 17:07:13 +0000 UTC"`, 1)
	if want == string(tr.Body) || string(stamped.Body) != want {
		t.Errorf("WithCreatedAt body:\n%s\nwant\n%s", stamped.Body, want)
	}

	s.Pods = []dcplan.Pod{{Namespace: "ns", Name: "web-1-deploy", DeploymentName: "web-1", DeployerFor: "web-1",
		CreationTime: time.Date(2026, 12, 3, 17, 5, 40, 0, time.UTC)}}
	p = phase.Step(s, "web-1")
	if len(p.Transitions) != 1 || !p.Transitions[0].CreatedAt.Equal(s.Pods[0].CreationTime) {
		t.Fatalf("want the observed pod's creationTimestamp as created-at:\n%s", dcplan.Describe(p))
	}
	if reqs, err = wire.Requests(s, p); err != nil {
		t.Fatal(err)
	}
	for _, r := range reqs {
		if r.CreatedAtOf != "" {
			t.Errorf("%s %s names %q in CreatedAtOf; the pod exists, its stamp is known", r.Method(), r.Path(), r.CreatedAtOf)
		}
	}
}

// TestNotRebasableErrorTexts: a body that cannot be rebased is reported
// with ErrNotRebasable naming the request, and with the JSON error when
// the body does not parse (Request.edit). Kills the mutant that negated
// edit's `err != nil`, which wrapped a nil error ("%!w(<nil>)") for a body
// that parses and dropped the parse error of one that does not.
func TestNotRebasableErrorTexts(t *testing.T) {
	q := wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1"}
	q.Body = []byte(`[1]`)
	_, err := q.Rebased("1")
	if !errors.Is(err, wire.ErrNotRebasable) || strings.Contains(err.Error(), "%!") || !strings.HasSuffix(err.Error(), "shop/web-1") {
		t.Errorf("Rebased of an array body: err %v, want ErrNotRebasable ending in the request's name", err)
	}
	q.Body = []byte(`{"a":`)
	_, err = q.Rebased("1")
	if !errors.Is(err, wire.ErrNotRebasable) || strings.HasSuffix(err.Error(), "shop/web-1") || strings.Contains(err.Error(), "%!") {
		t.Errorf("Rebased of a body that does not parse: err %v, want ErrNotRebasable with the JSON error", err)
	}
}

// TestDeleteRebased: a delete has no body, so Rebased moves its
// resourceVersion precondition to the version given (Modern's prune of
// an RC its own pass scaled first, SPEC 3.7.5.unchanged), keeping the
// uid; a delete without that precondition is sent as it is.
func TestDeleteRebased(t *testing.T) {
	conditioned := wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "ns", Name: "web-2", Rebase: true,
		Delete: wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground, Preconditions: wire.Preconditions{UID: "uid-web-2", ResourceVersion: "7"}}}
	got, err := conditioned.Rebased("9")
	if err != nil {
		t.Fatal(err)
	}
	if want := (wire.Preconditions{UID: "uid-web-2", ResourceVersion: "9"}); got.Delete.Preconditions != want {
		t.Errorf("Rebased(9) preconditions = %+v, want %+v", got.Delete.Preconditions, want)
	}
	if conditioned.Delete.Preconditions.ResourceVersion != "7" {
		t.Errorf("Rebased changed its receiver: %+v", conditioned.Delete.Preconditions)
	}
	plain := conditioned
	plain.Delete.Preconditions = wire.Preconditions{}
	if got, err := plain.Rebased("9"); err != nil || got.Delete.Preconditions != (wire.Preconditions{}) {
		t.Errorf("Rebased(9) of an unconditioned delete = %+v, %v; want no preconditions", got.Delete.Preconditions, err)
	}
}
