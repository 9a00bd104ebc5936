package fake_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// failedWebRC is web-1 of srvDC, labelled for it, Failed: what a retry
// resets.
func failedWebRC(t *testing.T) []byte {
	t.Helper()
	return rcWith(t, func(m map[string]any) {
		meta(m)["labels"] = map[string]any{"openshift.io/deployment-config.name": "web"}
		ann := meta(m)["annotations"].(map[string]any)
		ann["openshift.io/deployment-config.name"] = "web"
		ann["openshift.io/deployment-config.latest-version"] = "1"
		ann["openshift.io/deployment.phase"] = "Failed"
	})
}

// TestRunOperationRetry runs oc's retry through wire.RunOperation on the
// server (SPEC 6m.2): the deployer pod goes and the RC is reset to New;
// when the server refuses the pod delete, the RC stays Failed and the
// error is oc's (issue 35 items 5 and 20).
func TestRunOperationRetry(t *testing.T) {
	failedRC := failedWebRC(t)
	const pod = `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1-deploy","namespace":"shop","uid":"pod-uid","resourceVersion":"400",
		"labels":{"openshift.io/deployer-pod-for.name":"web-1"},"annotations":{"openshift.io/deployment.name":"web-1"}},
		"spec":{"containers":[{"name":"deployment","image":"deployer"}]},"status":{"phase":"Failed"}}`
	forbidden := &wire.StatusError{Reason: dcplan.StatusForbidden, Code: 403, Message: `pods "web-1-deploy" is forbidden`}
	tests := []struct {
		name      string
		fault     *fake.Fault
		wantPhase dcplan.Phase
		wantPod   bool
		wantErr   string
	}{
		{name: "retried", wantPhase: dcplan.PhaseNew},
		{name: "pod delete refused", fault: &fake.Fault{Verb: "delete", Resource: wire.ResourcePods, Err: forbidden},
			wantPhase: dcplan.PhaseFailed, wantPod: true,
			wantErr: `failed to delete deployer/hook pod web-1-deploy for deployment #1: pods "web-1-deploy" is forbidden`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := fake.NewServer(serverNow)
			for _, o := range []struct {
				res string
				obj []byte
			}{{wire.ResourceRCs, failedRC}, {wire.ResourcePods, []byte(pod)}, {wire.ResourceConfigs, []byte(srvDC)}} {
				if err := srv.Put(o.res, o.obj); err != nil {
					t.Fatal(err)
				}
			}
			if tt.fault != nil {
				srv.Inject(*tt.fault)
			}
			s, err := srv.Snapshot("shop", "web", serverNow, dcplan.Modern.Settings())
			if err != nil {
				t.Fatal(err)
			}
			_, report, err := wire.RunOperation(context.Background(), srv, s, cancel.Retry)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("RunOperation(Retry) error = %v", err)
			case tt.wantErr != "" && (err == nil || err.Error() != tt.wantErr || !errors.Is(err, cancel.ErrRetryFailed)):
				t.Fatalf("RunOperation(Retry) error = %v, want ErrRetryFailed %q", err, tt.wantErr)
			case tt.wantErr == "" && report.Retried.Version != 1:
				t.Errorf("report retried %+v, want version 1", report.Retried)
			}
			live, err := srv.Snapshot("shop", "web", serverNow, dcplan.Modern.Settings())
			if err != nil {
				t.Fatal(err)
			}
			if d, _ := live.Deployment("web-1"); d.Phase != tt.wantPhase {
				t.Errorf("web-1 is %v after the retry, want %v", d.Phase, tt.wantPhase)
			}
			if _, ok := srv.Object(wire.ResourcePods, "shop", "web-1-deploy"); ok != tt.wantPod {
				t.Errorf("deployer pod present = %v, want %v", ok, tt.wantPod)
			}
		})
	}
}

// TestRunOperationReportsRefusedWrite: a refused write fails the
// operation. oc rollout pause reads Snapshot.Outcome and answers with
// oc's text, `failed to patch: <err>` (SPEC 6m.7.5), its error also
// wrapping the server's StatusError; an operation whose planner does not
// read the Outcome gets the pass's failures from RunOperation, wrapping
// the StatusError, as oc prints the server's error and fails. Without a
// fault both succeed and the DC is paused.
func TestRunOperationReportsRefusedWrite(t *testing.T) {
	pause := func(s dcplan.Snapshot) (dcplan.Plan, struct{}, error) {
		p, err := reconcile.Pause(s)
		return p, struct{}{}, err
	}
	blind := func(s dcplan.Snapshot) (dcplan.Plan, struct{}, error) {
		s.Outcome = dcplan.Outcome{} // a planner that never looks at what failed
		return pause(s)
	}
	conflict := &wire.StatusError{Reason: dcplan.StatusConflict, Code: 409, Message: `Operation cannot be fulfilled on deploymentconfigs.apps.openshift.io "web": the object has been modified`}
	for _, op := range []struct {
		name    string
		op      func(dcplan.Snapshot) (dcplan.Plan, struct{}, error)
		reports bool // the planner words the failure itself
	}{{"pause", pause, true}, {"blind", blind, false}} {
		for _, refused := range []bool{false, true} {
			srv := newTestServer(t)
			if refused {
				srv.Inject(fake.Fault{Verb: "patch", Resource: wire.ResourceConfigs, Err: conflict})
			}
			s, err := srv.Snapshot("shop", "web", serverNow, dcplan.Modern.Settings())
			if err != nil {
				t.Fatal(err)
			}
			pass, _, err := wire.RunOperation(context.Background(), srv, s, op.op)
			if pass.Sent != 1 {
				t.Fatalf("%s, refused=%v: %d requests sent, want the pause patch: %v", op.name, refused, pass.Sent, pass.Requests)
			}
			var status *wire.StatusError
			switch {
			case !refused && err != nil:
				t.Errorf("%s: %v", op.name, err)
			case refused && op.reports && (!errors.Is(err, reconcile.ErrPatchFailed) || err.Error() != "failed to patch: "+conflict.Message):
				t.Errorf("refused pause: error %v, want ErrPatchFailed, oc's `failed to patch: <err>`", err)
			case refused && op.reports && !errors.As(err, &status):
				t.Errorf("refused pause: error %v does not also wrap the server's StatusError", err)
			case refused && !op.reports && !errors.As(err, &status):
				t.Errorf("refused %s: error %v, want the server's StatusError", op.name, err)
			case refused && status.Reason != dcplan.StatusConflict:
				t.Errorf("refused %s: reason %v, want Conflict", op.name, status.Reason)
			}
			live, err := srv.Snapshot("shop", "web", serverNow, dcplan.Modern.Settings())
			if err != nil {
				t.Fatal(err)
			}
			if live.Config.Paused == refused {
				t.Errorf("%s, refused=%v: the DC is paused=%v after the pause", op.name, refused, live.Config.Paused)
			}
		}
	}
}

// TestRunOperationCancel runs oc's cancel through wire.RunOperation on
// the server with the write of the newest of two in-flight RCs refused:
// oc goes on to the older one, and the report and error are oc's for a
// failed write (SPEC 6m.1.3.5, 6.1 "Common"), not the success report
// with the pass's raw failure.
func TestRunOperationCancel(t *testing.T) {
	running := func(v int) []byte {
		return rcWith(t, func(m map[string]any) {
			meta(m)["name"] = fmt.Sprintf("web-%d", v)
			meta(m)["uid"] = fmt.Sprintf("rc-uid-%d", v)
			meta(m)["labels"] = map[string]any{"openshift.io/deployment-config.name": "web"}
			ann := meta(m)["annotations"].(map[string]any)
			ann["openshift.io/deployment-config.name"] = "web"
			ann["openshift.io/deployment-config.latest-version"] = fmt.Sprint(v)
			ann["openshift.io/deployment.phase"] = "Running"
		})
	}
	forbidden := &wire.StatusError{Reason: dcplan.StatusForbidden, Code: 403, Message: "forbidden!"}
	tests := []struct {
		preset  dcplan.Preset
		verb    string
		wantOut string
		wantErr string
	}{
		{preset: dcplan.Modern, verb: "patch",
			wantOut: "deploymentconfig.apps.openshift.io/web cancelling\n", wantErr: "forbidden!"},
		{preset: dcplan.Origin15, verb: "update",
			wantOut: "Couldn't cancel deployment #3 (status: Running): forbidden!\nCancelled deployment #3\n",
			wantErr: "couldn't cancel deployment 3"},
	}
	for _, tt := range tests {
		t.Run(tt.preset.String(), func(t *testing.T) {
			srv := fake.NewServer(serverNow)
			dc := strings.Replace(srvDC, `"latestVersion":1`, `"latestVersion":3`, 1)
			for _, o := range []struct {
				res string
				obj []byte
			}{{wire.ResourceRCs, running(2)}, {wire.ResourceRCs, running(3)}, {wire.ResourceConfigs, []byte(dc)}} {
				if err := srv.Put(o.res, o.obj); err != nil {
					t.Fatal(err)
				}
			}
			srv.Inject(fake.Fault{Verb: tt.verb, Resource: wire.ResourceRCs, Name: "web-3", Err: forbidden})
			s, err := srv.Snapshot("shop", "web", serverNow, tt.preset.Settings())
			if err != nil {
				t.Fatal(err)
			}
			_, report, err := wire.RunOperation(context.Background(), srv, s, cancel.Cancel)
			if got := report.String(); got != tt.wantOut {
				t.Errorf("report:\n%s\nwant:\n%s", got, tt.wantOut)
			}
			var se *wire.StatusError
			if err == nil || err.Error() != tt.wantErr || !errors.Is(err, cancel.ErrCancelFailed) || !errors.As(err, &se) {
				t.Errorf("RunOperation(Cancel) error = %v, want %q wrapping ErrCancelFailed and the server's StatusError", err, tt.wantErr)
			}
			live, err := srv.Snapshot("shop", "web", serverNow, tt.preset.Settings())
			if err != nil {
				t.Fatal(err)
			}
			for v, want := range map[string]bool{"web-2": true, "web-3": false} {
				if d, _ := live.Deployment(v); d.Cancelled != want {
					t.Errorf("%s cancelled = %v, want %v", v, d.Cancelled, want)
				}
			}
		})
	}
}

// TestRunOperationDeployRetryStopsAtTheFirstFailedDelete runs the older
// `oc deploy --retry` (Origin15) through wire.RunOperation with two
// deployer/hook pods, the first delete refused: oc stops there (SPEC
// 6.2 step 5), so the hook pod stays and the RC stays Failed; today's
// oc rollout retry (Modern) tries both deletes (6m.2.3.6).
func TestRunOperationDeployRetryStopsAtTheFirstFailedDelete(t *testing.T) {
	failedRC := failedWebRC(t)
	podJSON := func(name string) []byte {
		return []byte(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"` + name + `","namespace":"shop","uid":"uid-` + name + `","resourceVersion":"400",
			"labels":{"openshift.io/deployer-pod-for.name":"web-1"},"annotations":{"openshift.io/deployment.name":"web-1"}},
			"spec":{"containers":[{"name":"deployment","image":"deployer"}]},"status":{"phase":"Failed"}}`)
	}
	forbidden := &wire.StatusError{Reason: dcplan.StatusForbidden, Code: 403, Message: `pods "web-1-deploy" is forbidden`}
	for _, tt := range []struct {
		preset     dcplan.Preset
		wantHookUp bool
	}{{dcplan.Origin15, true}, {dcplan.Modern, false}} {
		t.Run(tt.preset.String(), func(t *testing.T) {
			srv := fake.NewServer(serverNow)
			for _, o := range []struct {
				res string
				obj []byte
			}{{wire.ResourceRCs, failedRC}, {wire.ResourcePods, podJSON("web-1-deploy")}, {wire.ResourcePods, podJSON("web-1-hook-pre")},
				{wire.ResourceConfigs, []byte(srvDC)}} {
				if err := srv.Put(o.res, o.obj); err != nil {
					t.Fatal(err)
				}
			}
			srv.Inject(fake.Fault{Verb: "delete", Resource: wire.ResourcePods, Name: "web-1-deploy", Err: forbidden})
			s, err := srv.Snapshot("shop", "web", serverNow, tt.preset.Settings())
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = wire.RunOperation(context.Background(), srv, s, cancel.Retry)
			if want := `failed to delete deployer/hook pod web-1-deploy for deployment #1: pods "web-1-deploy" is forbidden`; err == nil || err.Error() != want {
				t.Fatalf("RunOperation(Retry) error = %v, want %q", err, want)
			}
			if _, ok := srv.Object(wire.ResourcePods, "shop", "web-1-hook-pre"); ok != tt.wantHookUp {
				t.Errorf("hook pod present = %v, want %v", ok, tt.wantHookUp)
			}
			live, err := srv.Snapshot("shop", "web", serverNow, tt.preset.Settings())
			if err != nil {
				t.Fatal(err)
			}
			if d, _ := live.Deployment("web-1"); d.Phase != dcplan.PhaseFailed {
				t.Errorf("web-1 is %v after the failed retry, want Failed", d.Phase)
			}
		})
	}
}
