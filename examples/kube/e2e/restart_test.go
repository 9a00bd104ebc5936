package e2e_test

import (
	"context"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/dcplan/dcplan/examples/kube/e2e"
)

// TestAPIServerRestartMidRollout restarts kube-apiserver while a rollout
// runs, and compacts etcd while it is down, so that the informers'
// resourceVersions are gone: their watches end, the resumed watches answer
// 410 Gone, and the informers list again (the audit log shows the
// controller's lists after the restart). The rollout then completes, and
// the next one too. Not parallel: the other tests share the server.
func TestAPIServerRestartMidRollout(t *testing.T) {
	e := rolledOut(t)
	e.kubelet.Hold("frontend-2", true)
	e.setImage("frontend", "registry.example/shop/frontend:v2")
	e.waitFor("frontend-2-deploy Running", func() (bool, error) {
		return slices.Contains(e.deployerPods(), "frontend-2-deploy Running"), nil
	})
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	restarted := time.Now()
	var rev int64
	var down time.Time // the old server has exited, the new one not started
	if err := cp.APIServer.Restart(ctx, func() error {
		down = time.Now()
		var err error
		rev, err = cp.Etcd.Compact(ctx)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	t.Logf("restarted in %v, etcd compacted at revision %d", time.Since(restarted).Round(time.Second), rev)
	e.kubelet.Hold("frontend-2", false)
	e.await("frontend", "frontend-1 Complete replicas=0 reason=\"config change\"\n"+
		"frontend-2 Complete replicas=2 reason=\"config change\"\n"+
		"dc frontend latestVersion=2 replicas=2")
	e.setImage("frontend", "registry.example/shop/frontend:v3")
	e.awaitPhase("frontend-3", "Complete")

	user := "system:serviceaccount:" + e.ns + ":dcplan-controller"
	e.waitFor("the controller's lists after the restart", func() (bool, error) {
		// The new server's answered lists: each informer relisted.
		evs, err := e2e.ReadAudit(cp.APIServer.AuditLog, func(ev *e2e.AuditEvent) bool {
			return ev.User.Username == user && ev.Verb == "list" && ev.ObjectRef != nil &&
				ev.RequestReceivedTimestamp.After(down) && ev.ResponseStatus != nil && ev.ResponseStatus.Code == http.StatusOK
		})
		if err != nil {
			return false, err
		}
		lists := map[string]int{}
		for _, ev := range evs {
			lists[ev.ObjectRef.Resource]++
		}
		return lists["deploymentconfigs"] >= 1 && lists["replicationcontrollers"] >= 1 && lists["pods"] >= 1, nil
	})
}
