package wire_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden request files of testdata/requests")

// goldenNow is the clock of every golden case.
var goldenNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// fixtureWorld is the fixture list (DC shop/frontend at version 3,
// frontend-1 Complete, frontend-2 Failed and cancelled, frontend-3
// Running with its deployer pod running), as a controller's cache holds
// it: every object with its raw JSON, so that the bodies are the objects
// as read.
func fixtureWorld(t testing.TB, preset dcplan.Preset) dcplan.Snapshot {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "fixtures", "list-dc-rc-pods.json"))
	if err != nil {
		t.Fatal(err)
	}
	st := preset.Settings()
	st.DeployerImage, st.ServiceAccount = "registry.example/openshift/origin-deployer:v4", "deployer"
	s, err := wire.DecodeSnapshot(data, "shop", "frontend", goldenNow, st)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// rc returns the RC named name of s, to edit.
func rc(t testing.TB, s *dcplan.Snapshot, name string) *dcplan.Deployment {
	for i := range s.Deployments {
		if s.Deployments[i].Name == name {
			return &s.Deployments[i]
		}
	}
	t.Fatalf("no rc %s", name)
	return nil
}

// failed adds a failed request to the pass's outcome.
func failed(s *dcplan.Snapshot, kind dcplan.ActionKind, name string, reason dcplan.StatusReason, code int32, msg string) {
	s.Outcome.Failures = append(s.Outcome.Failures, dcplan.Failure{Action: kind, Name: name, Reason: reason, Code: code, Message: msg})
}

// renderRequests prints requests as an adapter sends them: method, path,
// content type and body (the patch, the delete options), one request a
// paragraph; events as the recorder gets them.
func renderRequests(reqs []wire.Request) string {
	var b strings.Builder
	for _, r := range reqs {
		if r.Verb == wire.VerbEvent {
			e := r.Event
			fmt.Fprintf(&b, "EVENT %s/%s %s %s %q at %s\n\n", e.Object.Kind, e.Object.Name, e.Type, e.Reason, e.Message, e.Time.Format(time.RFC3339))
			continue
		}
		fmt.Fprintf(&b, "%s %s", r.Method(), r.Path())
		if r.FieldManager != "" {
			fmt.Fprintf(&b, "?fieldManager=%s", r.FieldManager)
		}
		if r.Attempts > 1 {
			fmt.Fprintf(&b, " (up to %d attempts on Conflict)", r.Attempts)
		}
		if len(r.Tolerate) > 0 {
			fmt.Fprintf(&b, " (tolerates %v)", r.Tolerate)
		}
		if r.Group != 0 {
			fmt.Fprintf(&b, " (group %d)", r.Group)
		}
		if r.Rebase {
			b.WriteString(" (resourceVersion: the one the plan's earlier write leaves)")
		}
		if r.CreatedAtOf != "" {
			fmt.Fprintf(&b, " (created-at: the creationTimestamp of pod %s)", r.CreatedAtOf)
		}
		b.WriteByte('\n')
		for _, q := range r.Before {
			fmt.Fprintf(&b, "  before each attempt: %s %s\n  Content-Type: %s\n  %s\n", q.Method(), q.Path(), q.PatchType, q.Patch)
		}
		switch {
		case r.Patch != nil:
			fmt.Fprintf(&b, "Content-Type: %s\n%s\n", r.PatchType, r.Patch)
		case r.Body != nil:
			fmt.Fprintf(&b, "Content-Type: application/json\n%s\n", r.Body)
		case r.DeleteBody() != nil:
			fmt.Fprintf(&b, "Content-Type: application/json\n%s\n", r.DeleteBody())
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestRequestsGolden pins the exact requests of every action kind and of
// the answer to every kind of failure, byte for byte, against
// testdata/requests/<case>.golden (go test ./wire -run TestRequestsGolden
// -update rewrites them). Each file holds the snapshot (state lines), the
// plan (Describe) and the requests (SPEC 13, 13.1).
func TestRequestsGolden(t *testing.T) {
	type golden struct {
		name, why string
		preset    dcplan.Preset
		edit      func(t *testing.T, s *dcplan.Snapshot)
		plan      func(s dcplan.Snapshot) (dcplan.Plan, error)
	}
	config := func(s dcplan.Snapshot) (dcplan.Plan, error) { return reconcile.Config(s), nil }
	step := func(name string) func(dcplan.Snapshot) (dcplan.Plan, error) {
		return func(s dcplan.Snapshot) (dcplan.Plan, error) { return phase.Step(s, name), nil }
	}
	complete3 := func(t *testing.T, s *dcplan.Snapshot) {
		rc(t, s, "frontend-3").Phase = dcplan.PhaseComplete
		s.Pods = nil
	}
	cases := []golden{
		{name: "transition-complete", why: "SPEC 2.2, 4.4: the deployer pod succeeded: one PUT of the RC as read, phase Complete, replicas annotation from desired, desired removed, completed-at",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				// As the pod is once its container exited (the stored RC,
				// rc-frontend-3-complete.json, says completed-at 11:59:00).
				s.Pods[0].Phase = dcplan.PodSucceeded
				s.Pods[0].Containers = []dcplan.ContainerStatus{{Name: "deployment", Terminated: true,
					FinishedAt: time.Date(2026, 11, 1, 11, 59, 0, 0, time.UTC)}}
			}, plan: step("frontend-3")},
		{name: "transition-update-failed", why: "SPEC 4.4.3, 1.7, 13: the RC write failed: the plan keeps it, and returns the plain error",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				s.Pods[0].Phase = dcplan.PodSucceeded
				failed(s, dcplan.ActionTransition, "frontend-3", dcplan.StatusConflict, 409,
					`Operation cannot be fulfilled on replicationcontrollers "frontend-3": the object has been modified; please apply your changes to the latest version and try again`)
			}, plan: step("frontend-3")},
		{name: "scale", why: "SPEC 3.6.3: scale updates, newest first, each retried on Conflict, each followed by its event; then the status",
			edit: complete3, plan: config},
		{name: "versionless-rc", why: "SPEC 13.1, 5.1, 3.3.2, 3.6.3: an RC made by hand with the DC's label and no version or phase annotation (version -1, phase none) is adopted, scaled to 0 and counted; its PUT keeps it without those annotations",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				complete3(t, s)
				d, err := wire.DecodeDeployment([]byte(`{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"frontend-manual","namespace":"shop","uid":"5b0a7e52-0d0c-4a9e-9d37-2f1f0c1d9a11","resourceVersion":"4213999","labels":{"openshift.io/deployment-config.name":"frontend"},"annotations":{"openshift.io/deployment-config.latest-version":"manual"}},"spec":{"replicas":1,"selector":{"app":"frontend-manual"},"template":{"metadata":{"labels":{"app":"frontend-manual"}},"spec":{"containers":[{"name":"app","image":"quay.io/shop/frontend:v1"}]}}},"status":{"replicas":1}}`))
				if err != nil {
					t.Fatal(err)
				}
				s.Deployments = append(s.Deployments, d)
				s.Recheck = dcplan.Recheck{Done: true, UID: s.Config.UID}
			}, plan: config},
		{name: "scale-failed", why: "SPEC 3.6.3, 1.6, 13: a scale failed after its retries: ReplicationControllerScaleFailed after it, the error, no status",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				complete3(t, s)
				failed(s, dcplan.ActionScale, "frontend-3", dcplan.StatusForbidden, 403, `replicationcontrollers "frontend-3" is forbidden: exceeded quota`)
			}, plan: config},
		{name: "status-failed", why: "SPEC 3.9, 13: the status write failed: its error is the handler's",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				complete3(t, s)
				failed(s, dcplan.ActionStatus, "frontend", dcplan.StatusInternalError, 500, "Internal error occurred: etcdserver: request timed out")
			}, plan: config},
		{name: "cancel", why: "SPEC 3.4.3: a superseded rollout: cancel update retried on Conflict, DeploymentCancelled after it, DeploymentAwaitingCancellation at the end",
			edit: func(t *testing.T, s *dcplan.Snapshot) { s.Config.Status.LatestVersion = 4 }, plan: config},
		{name: "cancel-failed", why: "SPEC 3.4.3, 1.6, 13: the cancel failed: DeploymentCancellationFailed after it, the error",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				s.Config.Status.LatestVersion = 4
				failed(s, dcplan.ActionCancel, "frontend-3", dcplan.StatusNotFound, 404, `replicationcontrollers "frontend-3" not found`)
			}, plan: config},
		{name: "create-rc", why: "SPEC 3.8, 3.2.12, 3.7.5: the new RC (byte-exact encoded config), DeploymentCreated, history cleanup with Background propagation, status with NewReplicationControllerCreated",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				complete3(t, s)
				s.Config.Status.LatestVersion = 4
				s.Config.RevisionHistoryLimit, s.Config.HasRevisionHistoryLimit = 0, true
				rc(t, s, "frontend-1").Replicas = 0
			}, plan: config},
		{name: "create-rc-failed", why: "SPEC 3.2.12, 1.5, 1.6, 13: the create failed: DeploymentCreationFailed, the ReplicationControllerCreateError condition, the error",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				complete3(t, s)
				s.Config.Status.LatestVersion = 4
				failed(s, dcplan.ActionCreateRC, "frontend-4", dcplan.StatusForbidden, 403, `replicationcontrollers "frontend-4" is forbidden: exceeded quota`)
			}, plan: config},
		{name: "create-rc-exists-ours", why: "SPEC 3.2.12, 13: AlreadyExists and the live RC is ours: the stale-cache error, nothing else",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				complete3(t, s)
				s.Config.Status.LatestVersion = 4
				failed(s, dcplan.ActionCreateRC, "frontend-4", dcplan.StatusAlreadyExists, 409, `replicationcontrollers "frontend-4" already exists`)
				live, err := dcplan.NewDeployment(&s.Config)
				if err != nil {
					t.Fatal(err)
				}
				s.Outcome.Live = &live
			}, plan: config},
		{name: "create-rc-exists-foreign-exact", why: "SPEC 3.2.12 quirk, 10.3: AlreadyExists, another controller's RC: Exact reports the raw API error",
			preset: dcplan.Exact,
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				complete3(t, s)
				s.Config.Status.LatestVersion = 4
				failed(s, dcplan.ActionCreateRC, "frontend-4", dcplan.StatusAlreadyExists, 409, `replicationcontrollers "frontend-4" already exists`)
				s.Outcome.Live = &dcplan.Deployment{Name: "frontend-4", Namespace: "shop", HasController: true, Controller: dcplan.OwnerRef{UID: "someone-else", Controller: true}}
			}, plan: config},
		{name: "cleanup-failed", why: "SPEC 3.7.5, 1.6, 13: a history delete failed (NotFound would be success): the group goes on, one cleanup warning, then the status",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				complete3(t, s)
				s.Config.RevisionHistoryLimit, s.Config.HasRevisionHistoryLimit = 0, true
				rc(t, s, "frontend-1").Replicas = 0
				failed(s, dcplan.ActionDeleteRC, "frontend-1", dcplan.StatusInternalError, 500, "Internal error occurred: etcdserver: leader changed")
			}, plan: config},
		{name: "cleanup-exact", why: "SPEC 3.7.5, 3.7.5.unchanged: upstream's history deletes carry no preconditions (UnconditionalDeletes); Modern's (cleanup-failed, create-rc) carry the RC's uid and resourceVersion as read",
			preset: dcplan.Exact,
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				complete3(t, s)
				s.Config.RevisionHistoryLimit, s.Config.HasRevisionHistoryLimit = 0, true
				rc(t, s, "frontend-1").Replicas = 0
			}, plan: config},
		{name: "claims", why: "SPEC 3.3, 3.3.reclaim: adopt an orphan and release a relabelled RC: strategic-merge patches with the RC's uid as precondition, one group; the orphan's scale carries the owner reference and the version the adoption leaves (Modern)",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				complete3(t, s)
				o := rc(t, s, "frontend-1")
				o.HasController, o.Controller = false, dcplan.OwnerRef{}
				rc(t, s, "frontend-2").ConfigLabel = "other"
			}, plan: config},
		{name: "claims-exact", why: "SPEC 3.3.reclaim: upstream re-claims the orphan it adopted before each attempt of its scale: the adoption patch again, then the update of the RC as its cache holds it",
			preset: dcplan.Exact,
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				complete3(t, s)
				o := rc(t, s, "frontend-1")
				o.HasController, o.Controller = false, dcplan.OwnerRef{}
				rc(t, s, "frontend-2").ConfigLabel = "other"
			}, plan: config},
		{name: "claims-failed", why: "SPEC 3.3, 1.7, 13.1: the adoption patch failed: the claim error, nothing else",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				complete3(t, s)
				o := rc(t, s, "frontend-1")
				o.HasController, o.Controller = false, dcplan.OwnerRef{}
				s.Recheck = dcplan.Recheck{Done: true, UID: s.Config.UID}
				failed(s, dcplan.ActionAdopt, "frontend-1", dcplan.StatusInternalError, 500, "Internal error occurred: etcdserver: request timed out")
			}, plan: config},
		{name: "create-pod", why: "SPEC 4.3.new.4, 4.5, 13: the deployer pod (no metadata.namespace), then the RC to Pending with the pod's name and created-at",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				d := rc(t, s, "frontend-3")
				d.Phase, d.CreationTime = dcplan.PhaseNew, goldenNow.Add(-time.Minute)
				s.Pods = nil
			}, plan: step("frontend-3")},
		{name: "create-pod-failed", why: "SPEC 4.3.new.4, 1.6, 1.7, 13: the pod create failed: FailedCreate after it, the actionable error, no RC write",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				d := rc(t, s, "frontend-3")
				d.Phase, d.CreationTime = dcplan.PhaseNew, goldenNow.Add(-time.Minute)
				s.Pods = nil
				failed(s, dcplan.ActionCreatePod, "frontend-3-deploy", dcplan.StatusForbidden, 403, `pods "frontend-3-deploy" is forbidden: exceeded quota`)
			}, plan: step("frontend-3")},
		{name: "pod-owner", why: "SPEC 4.6: a deployer pod without owners gets the RC as owner: a strategic-merge patch",
			edit: func(t *testing.T, s *dcplan.Snapshot) { s.Pods[0].Owners = nil }, plan: step("frontend-3")},
		{name: "delete-pods-cancelled", why: "SPEC 4.3.pending.3, 4.6: a cancelled Running RC: its pods are deleted (NotFound tolerated, one group); the RC keeps Running",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				d := rc(t, s, "frontend-3")
				d.Cancelled, d.Reason = true, dcplan.ReasonCancelledByUser
				hook := s.Pods[0]
				hook.Name, hook.UID = "frontend-3-hook-pre", "hook-uid"
				s.Pods = append(s.Pods, hook)
			}, plan: step("frontend-3")},
		{name: "delete-pods-failed", why: "SPEC 4.6, 1.7, 13: a pod delete failed: the group goes on, then the actionable cleanup error",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				d := rc(t, s, "frontend-3")
				d.Cancelled, d.Reason = true, dcplan.ReasonCancelledByUser
				failed(s, dcplan.ActionDeletePod, "frontend-3-deploy", dcplan.StatusInternalError, 500, "Internal error occurred: etcdserver: request timed out")
			}, plan: step("frontend-3")},
		{name: "retry", why: "SPEC 6m.2.3.6-7: oc rollout retry of the failed latest: pod deletes with gracePeriodSeconds 0, then the RC back to New",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				d := rc(t, s, "frontend-3")
				d.Phase = dcplan.PhaseFailed
				s.Pods[0].Phase = dcplan.PodFailed
			},
			plan: func(s dcplan.Snapshot) (dcplan.Plan, error) { p, _, err := cancel.Retry(s); return p, err }},
		{name: "user-cancel", why: "SPEC 6m.1.3.5: oc rollout cancel of the running rollout",
			plan: func(s dcplan.Snapshot) (dcplan.Plan, error) { p, _, err := cancel.Cancel(s); return p, err }},
		{name: "rollout-latest", why: "SPEC 6m.3, 6.4: oc rollout latest: the instantiate request",
			edit: complete3,
			plan: func(s dcplan.Snapshot) (dcplan.Plan, error) {
				p, _, err := reconcile.RolloutLatest(s, false, dcplan.DryRunNone)
				return p, err
			}},
		{name: "rollout-latest-fallback", why: "SPEC 6.4, 6m.3.7, 13: the instantiate endpoint answered NotFound: one PUT of the DC with latestVersion + 1",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				complete3(t, s)
				failed(s, dcplan.ActionInstantiate, "frontend", dcplan.StatusNotFound, 404, "the server could not find the requested resource")
			},
			plan: func(s dcplan.Snapshot) (dcplan.Plan, error) {
				p, _, err := reconcile.RolloutLatest(s, false, dcplan.DryRunNone)
				return p, err
			}},
		{name: "rollback", why: "SPEC 6m.4a, 6.6: oc rollout undo: one PUT of the generated DC, latestVersion + 1 included",
			edit: complete3,
			plan: func(s dcplan.Snapshot) (dcplan.Plan, error) {
				p, _, err := history.Undo(s, 1, dcplan.DryRunNone)
				return p, err
			}},
		{name: "pause", why: "SPEC 6m.7.5: oc rollout pause",
			plan: reconcile.Pause},
		{name: "resume", why: "SPEC 6m.7.5: oc rollout resume: paused is omitempty, so the patch deletes it",
			edit: func(t *testing.T, s *dcplan.Snapshot) { s.Config.Paused = true },
			plan: reconcile.Resume},
		{name: "rollout-latest-again", why: "SPEC 6.4, 13: oc rollout latest --again: the instantiate request with latest false (redeploy without resolving triggers), force true",
			edit: complete3,
			plan: func(s dcplan.Snapshot) (dcplan.Plan, error) {
				p, _, err := reconcile.RolloutLatest(s, true, dcplan.DryRunNone)
				return p, err
			}},
		{name: "pod-owners", why: "SPEC 4.6, 13.1: two deployer-owned pods without owners: every pod is patched, one group (the errors are combined)",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				s.Pods[0].Owners = nil
				hook := s.Pods[0]
				hook.Name, hook.UID = "frontend-3-hook-pre", "hook-uid"
				s.Pods = append(s.Pods, hook)
			}, plan: step("frontend-3")},
		{name: "retry-two-pods", why: "SPEC 6m.2.3.6, 6m.2.3.7: oc rollout retry of a cancelled rollout deletes every deployer and hook pod, one group (a failed delete does not stop the others), then the reset patch, which removes the cancelled and status-reason annotations (null)",
			edit: cancelledWithHook, plan: retryPlan},
		{name: "deploy-retry-origin15", why: "SPEC 6.2.5, 6.2.6: oc deploy --retry of a cancelled rollout stops at the first failed pod delete: each delete stands alone (no group); the reset PUT leaves out the cancelled and status-reason annotations",
			preset: dcplan.Origin15,
			edit:   cancelledWithHook, plan: retryPlan},
		{name: "user-cancel-two", why: "SPEC 6m.1.3.5, 6.1: oc rollout cancel of two rollouts in flight: each patch sent once, one group (oc tries them all)",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				d := rc(t, s, "frontend-2")
				d.Phase, d.Cancelled, d.Reason = dcplan.PhaseRunning, false, ""
			},
			plan: func(s dcplan.Snapshot) (dcplan.Plan, error) { p, _, err := cancel.Cancel(s); return p, err }},
		{name: "replica-sync-origin13", why: "SPEC 3.11, 7: the replica-sync seed: the DC's replicas follow the active RC (PUT), each RC's scale syncs the replicas annotation, the status PUT goes Rebase after the DC update",
			preset: dcplan.Origin13,
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				complete3(t, s)
				rc(t, s, "frontend-3").Replicas = 2
			}, plan: config},
		{name: "transition-test-dc", why: "SPEC 2.4, 4.4: the deployer pod of a test DC's rollout (spec.test in the RC's encoded DC) succeeded: the RC goes Complete and is scaled to 0 in the same PUT",
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				rc(t, s, "frontend-3").Encoded.Test = true
				s.Pods[0].Phase = dcplan.PodSucceeded
			}, plan: step("frontend-3")},
		{name: "deadline-origin10", why: "SPEC 2.3, 7 row 25: the oldest seed cancels by activeDeadlineSeconds 1: a PUT of the pod",
			preset: dcplan.Origin10,
			edit: func(t *testing.T, s *dcplan.Snapshot) {
				d := rc(t, s, "frontend-3")
				d.Cancelled, d.Reason = true, dcplan.ReasonCancelledByUser
			}, plan: step("frontend-3")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := fixtureWorld(t, c.preset)
			if c.edit != nil {
				c.edit(t, &s)
				var err error
				if s, err = wire.Reencoded(s); err != nil { // as a cache holds the objects edited
					t.Fatal(err)
				}
			}
			p, err := c.plan(s)
			var b strings.Builder
			fmt.Fprintf(&b, "# %s\n# Generated by TestRequestsGolden (-update); compared byte for byte.\n\nsnapshot:\n%s\nplan:\n%s",
				c.why, scenario.FormatState(s), dcplan.Describe(p))
			if err != nil {
				fmt.Fprintf(&b, "error: %v\n", err)
			}
			reqs, rerr := wire.Requests(s, p)
			if rerr != nil {
				t.Fatalf("Requests() error: %v", rerr)
			}
			if len(reqs) == 0 {
				t.Fatalf("the case plans no request (%s)", c.why)
			}
			b.WriteString("\nrequests:\n" + renderRequests(reqs))
			file := filepath.Join("testdata", "requests", c.name+".golden")
			if *updateGolden {
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if d := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(b.String(), "\n")); d != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", file, d)
			}
		})
	}
}

// cancelledWithHook makes frontend-3 a rollout the user cancelled, Failed,
// with its failed deployer pod and a hook pod: what a retry deletes.
func cancelledWithHook(t *testing.T, s *dcplan.Snapshot) {
	d := rc(t, s, "frontend-3")
	d.Phase, d.Cancelled, d.Reason = dcplan.PhaseFailed, true, dcplan.ReasonCancelledByUser
	s.Pods[0].Phase = dcplan.PodFailed
	hook := s.Pods[0]
	hook.Name, hook.UID = "frontend-3-hook-pre", "hook-uid"
	s.Pods = append(s.Pods, hook)
}

// retryPlan is cancel.Retry's plan.
func retryPlan(s dcplan.Snapshot) (dcplan.Plan, error) { p, _, err := cancel.Retry(s); return p, err }
