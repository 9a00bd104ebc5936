package e2e_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// The user's commands, as an oc replacement built on dcplan runs them:
// read what `oc get dc,rc,pods -o json` prints, plan with the library's
// planner, send the plan with wire.RunOperation over a kube.Client as the
// admin.

// snapshot reads the namespace's DCs, RCs and pods as one List document
// and decodes the snapshot of DC dc from it, as a user's command sees the
// world.
func (e *env) snapshot(dc string) dcplan.Snapshot {
	e.t.Helper()
	ctx := context.Background()
	var items []any
	dcs, err := e.apps.AppsV1().DeploymentConfigs(e.ns).List(ctx, metav1.ListOptions{})
	if err != nil {
		e.t.Fatal(err)
	}
	for i := range dcs.Items {
		dcs.Items[i].Kind, dcs.Items[i].APIVersion = "DeploymentConfig", appsv1.GroupVersion.String()
		items = append(items, &dcs.Items[i])
	}
	rcs, err := e.admin.CoreV1().ReplicationControllers(e.ns).List(ctx, metav1.ListOptions{})
	if err != nil {
		e.t.Fatal(err)
	}
	for i := range rcs.Items {
		rcs.Items[i].Kind, rcs.Items[i].APIVersion = "ReplicationController", "v1"
		items = append(items, &rcs.Items[i])
	}
	pods, err := e.admin.CoreV1().Pods(e.ns).List(ctx, metav1.ListOptions{})
	if err != nil {
		e.t.Fatal(err)
	}
	for i := range pods.Items {
		pods.Items[i].Kind, pods.Items[i].APIVersion = "Pod", "v1"
		items = append(items, &pods.Items[i])
	}
	data, err := json.Marshal(map[string]any{"kind": "List", "apiVersion": "v1", "items": items})
	if err != nil {
		e.t.Fatal(err)
	}
	s, err := wire.DecodeSnapshot(data, e.ns, dc, time.Now(), settings())
	if err != nil {
		e.t.Fatalf("decode snapshot of dc %s: %v", dc, err)
	}
	return s
}

// userClient is the admin's wire.Client; the commands record no events.
// A CRD-served DC takes no strategic-merge patch, so the user's DC
// patches go as JSON merge patches (kube.Client.MergePatchConfigs).
func (e *env) userClient() wire.Client {
	return &kube.Client{Kube: e.admin, Apps: e.apps, MergePatchConfigs: true}
}

// operate runs op on a fresh snapshot of dc and fails the test on an
// error; it returns the pass. The DC the command read may be stale by
// the time it writes (the controller updates its status): a Conflict
// (RunOperation's error, from op or Pass.Failed) runs the command again
// on a new snapshot, as a user would, at most 5 times.
func operate[R any](e *env, dc string, edit func(*dcplan.Snapshot), op func(dcplan.Snapshot) (dcplan.Plan, R, error)) (wire.Pass, R) {
	e.t.Helper()
	var (
		pass wire.Pass
		r    R
		err  error
	)
	for range 5 {
		s := e.snapshot(dc)
		if edit != nil {
			edit(&s)
		}
		pass, r, err = wire.RunOperation(context.Background(), e.userClient(), s, op)
		var st *wire.StatusError
		if !errors.As(err, &st) || st.Reason != dcplan.StatusConflict {
			break
		}
	}
	if err != nil {
		e.t.Fatalf("operation on dc %s: %v\nplan:\n%s", dc, err, dcplan.Describe(pass.Plan))
	}
	return pass, r
}

// cancelRollout is `oc rollout cancel dc/<dc>` through cancel.Cancel.
func (e *env) cancelRollout(dc string) { operate(e, dc, nil, cancel.Cancel) }

// retryRollout is `oc rollout retry dc/<dc>` through cancel.Retry.
func (e *env) retryRollout(dc string) { operate(e, dc, nil, cancel.Retry) }

// rolloutLatest is `oc rollout latest dc/<dc>` through
// reconcile.RolloutLatest: the instantiate request, which the CRD does
// not serve, then the fallback. With fromDiscovery the command first asks
// discovery for deploymentconfigs/instantiate and sets
// Snapshot.InstantiateUnavailable, sending no instantiate at all.
func (e *env) rolloutLatest(dc string, fromDiscovery bool) wire.Pass {
	e.t.Helper()
	var edit func(*dcplan.Snapshot)
	if fromDiscovery {
		unavailable := !e.servesInstantiate()
		edit = func(s *dcplan.Snapshot) { s.InstantiateUnavailable = unavailable }
	}
	pass, _ := operate(e, dc, edit, func(s dcplan.Snapshot) (dcplan.Plan, reconcile.RolloutReport, error) {
		return reconcile.RolloutLatest(s, false, dcplan.DryRunNone)
	})
	return pass
}

// servesInstantiate reports whether discovery lists
// deploymentconfigs/instantiate.
func (e *env) servesInstantiate() bool {
	e.t.Helper()
	l, err := e.admin.Discovery().ServerResourcesForGroupVersion(appsv1.GroupVersion.String())
	if err != nil {
		e.t.Fatal(err)
	}
	for _, r := range l.APIResources {
		if r.Name == "deploymentconfigs/instantiate" {
			return true
		}
	}
	return false
}

// undo is `oc rollout undo dc/<dc> [--to-revision=to]` through
// history.Undo; a refused write is RunOperation's error (Pass.Failed).
func (e *env) undo(dc string, to dcplan.Version) {
	e.t.Helper()
	operate(e, dc, nil, func(s dcplan.Snapshot) (dcplan.Plan, string, error) {
		return history.Undo(s, to, dcplan.DryRunNone)
	})
}

// pause and resume are `oc rollout pause` and `resume` through
// reconcile.Pause and Resume, sent with c; they return RunOperation's
// error, which holds the requests' failures (Pass.Failed).
func (e *env) pause(c wire.Client, dc string) error  { return e.setPaused(c, dc, reconcile.Pause) }
func (e *env) resume(c wire.Client, dc string) error { return e.setPaused(c, dc, reconcile.Resume) }

func (e *env) setPaused(c wire.Client, dc string, op func(dcplan.Snapshot) (dcplan.Plan, error)) error {
	e.t.Helper()
	_, _, err := wire.RunOperation(context.Background(), c, e.snapshot(dc), func(s dcplan.Snapshot) (dcplan.Plan, struct{}, error) {
		p, err := op(s)
		return p, struct{}{}, err
	})
	return err
}

// scale is `oc scale dc/<dc> --replicas=n`: a patch of the DC's scale
// subresource.
func (e *env) scale(dc string, n int32) {
	e.t.Helper()
	body := fmt.Sprintf(`{"spec":{"replicas":%d}}`, n)
	err := e.apps.AppsV1().RESTClient().Patch(types.MergePatchType).Namespace(e.ns).Resource("deploymentconfigs").
		Name(dc).SubResource("scale").Body([]byte(body)).Do(context.Background()).Error()
	if err != nil {
		e.t.Fatalf("scale dc %s: %v", dc, err)
	}
}

// editDC reads the DC, applies edit and updates it, again on a conflict
// (bounded).
func (e *env) editDC(name string, edit func(*appsv1.DeploymentConfig)) {
	e.t.Helper()
	dcs := e.apps.AppsV1().DeploymentConfigs(e.ns)
	e.waitFor("dc "+name+" updated", func() (bool, error) {
		dc, err := dcs.Get(context.Background(), name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		edit(dc)
		_, err = dcs.Update(context.Background(), dc, metav1.UpdateOptions{})
		return err == nil, err
	})
}

// setImage is a config change of the DC's first container image.
func (e *env) setImage(dc, image string) {
	e.editDC(dc, func(d *appsv1.DeploymentConfig) { d.Spec.Template.Spec.Containers[0].Image = image })
}

// deployerPods returns "<name> <phase>" of the namespace's deployer pods.
func (e *env) deployerPods() []string {
	e.t.Helper()
	l, err := e.admin.CoreV1().Pods(e.ns).List(context.Background(), metav1.ListOptions{LabelSelector: dcplan.LabelDeployerPodFor})
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, p := range l.Items {
		out = append(out, p.Name+" "+string(p.Status.Phase))
	}
	return out
}
