package reconcile_test

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/reconcile"
)

// errText renders an error for comparison: its text, or "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Reference: openshift-apiserver instantiate.go (*REST).Create, canTrigger
func TestInstantiate(t *testing.T) {
	v1 := config(1)
	paused := v1
	paused.Paused = true
	changed := v1
	changed.Template = fake.TemplateOf(imageB)
	images := config(1)
	images.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "app:latest", LastTriggeredImage: imageB}}
	unresolved := images
	unresolved.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerImageChange, FromName: "app:latest"}}
	prevImages := rollout(t, images, 1, dcplan.PhaseComplete, 3)
	prevImages.Encoded.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "app:latest", LastTriggeredImage: imageA}}
	noEncoded := rollout(t, v1, 1, dcplan.PhaseComplete, 3)
	noEncoded.Encoded = nil
	bump := func(d dcplan.Details) shape {
		return shape{Status: &statusShape{Rule: "6.4", LatestVersion: 2, Details: d}}
	}
	manual := dcplan.Details{Message: "manual change", Causes: []dcplan.Cause{{Type: dcplan.TriggerManual}}}
	// retriggered is the image-trigger world with the DC's triggers cur
	// and those of the DC its latest RC encodes, prev.
	retriggered := func(cur, prev []dcplan.Trigger) dcplan.Snapshot {
		c, d := images, prevImages
		c.Triggers = cur
		enc := *d.Encoded
		enc.Triggers = prev
		d.Encoded = &enc
		return snapshot(c, d)
	}

	tests := []struct {
		name    string
		why     string
		s       dcplan.Snapshot
		force   bool
		want    shape
		wantErr string
		is      error
	}{{
		name:    "paused",
		why:     "ValidateRequestForDeploymentConfig: a paused DC is Invalid, forced or not",
		s:       snapshot(paused, rollout(t, v1, 1, dcplan.PhaseComplete, 3)),
		force:   true,
		wantErr: `DeploymentRequest.apps.openshift.io "web" is invalid: spec.paused: Invalid value: true: deployment config "web" is paused - unpause to request a new deployment`,
		is:      reconcile.ErrInvalid,
	}, {
		name:    "paused, not forced",
		why:     "SPEC 11a.10: a paused DC is refused without force too, with the same Invalid text, though its template changed",
		s:       snapshot(func() dcplan.Config { c := changed; c.Paused = true; return c }(), rollout(t, v1, 1, dcplan.PhaseComplete, 3)),
		wantErr: `DeploymentRequest.apps.openshift.io "web" is invalid: spec.paused: Invalid value: true: deployment config "web" is paused - unpause to request a new deployment`,
		is:      reconcile.ErrInvalid,
	}, {
		name:    "latest RC missing",
		why:     "decodeFromLatestDeployment: the GET of <dc>-<latestVersion> answers NotFound",
		s:       snapshot(v1),
		wantErr: `replicationcontrollers "web-1" not found`,
		is:      dcplan.ErrNotFound,
	}, {
		name:    "latest RC without encoded config",
		why:     "decodeFromLatestDeployment: an internal error",
		s:       snapshot(v1, noEncoded),
		wantErr: "Internal error occurred: object web-1 does not have encoded deployment config annotation",
		is:      reconcile.ErrInternal,
	}, {
		name:    "unresolved images",
		why:     "canTrigger: BadRequest even when forced",
		s:       snapshot(unresolved, rollout(t, unresolved, 1, dcplan.PhaseComplete, 3)),
		force:   true,
		wantErr: `cannot trigger a deployment for "web" because it contains unresolved images`,
		is:      reconcile.ErrBadRequest,
	}, {
		name:  "forced",
		why:   "canTrigger: force gives one Manual cause, message manual change",
		s:     snapshot(v1, rollout(t, v1, 1, dcplan.PhaseComplete, 3)),
		force: true,
		want:  bump(manual),
	}, {
		name: "nothing changed",
		why:  "canTrigger: no cause: 204 cannot be instantiated, no write",
		s:    snapshot(v1, rollout(t, v1, 1, dcplan.PhaseComplete, 3)),
		want: shape{Message: `deployment config "web" cannot be instantiated`},
	}, {
		name: "config change",
		why:  "canTrigger: the template differs from the encoded one",
		s:    snapshot(changed, rollout(t, v1, 1, dcplan.PhaseComplete, 3)),
		want: bump(dcplan.Details{Message: "config change", Causes: []dcplan.Cause{{Type: dcplan.TriggerConfigChange}}}),
	}, {
		name: "image change",
		why:  "canTrigger: an automatic trigger whose lastTriggeredImage moved; the cause names the trigger's ImageStreamTag (SPEC 11a.11)",
		s:    snapshot(images, prevImages),
		want: bump(dcplan.Details{Message: "image change", Causes: []dcplan.Cause{{Type: dcplan.TriggerImageChange, Image: "app:latest", FromKind: "ImageStreamTag"}}}),
	}, {
		name: "image change from another namespace",
		why:  "SPEC 11a.11: the cause carries the trigger's from as the wire does, namespace included: ImageStreamTag images/app:latest, never a DockerImage stand-in",
		s: retriggered(
			[]dcplan.Trigger{{Type: dcplan.TriggerImageChange, Automatic: true, FromKind: "ImageStreamTag", FromNamespace: "images", FromName: "app:latest", LastTriggeredImage: imageB}},
			[]dcplan.Trigger{{Type: dcplan.TriggerImageChange, Automatic: true, FromKind: "ImageStreamTag", FromNamespace: "images", FromName: "app:latest", LastTriggeredImage: imageA}}),
		want: bump(dcplan.Details{Message: "image change", Causes: []dcplan.Cause{{Type: dcplan.TriggerImageChange, Image: "app:latest", FromKind: "ImageStreamTag", FromNamespace: "images"}}}),
	}, {
		name: "one image name in two namespaces, neither moved",
		why:  "canTrigger, triggeredByDifferentImage (6.4): a trigger is compared with the previous DC's trigger of the same from, namespace and name, not the first of that name",
		s: func() dcplan.Snapshot {
			both := []dcplan.Trigger{
				{Type: dcplan.TriggerImageChange, Automatic: true, FromKind: "ImageStreamTag", FromNamespace: "a", FromName: "app:latest", LastTriggeredImage: imageA},
				{Type: dcplan.TriggerImageChange, Automatic: true, FromKind: "ImageStreamTag", FromNamespace: "b", FromName: "app:latest", LastTriggeredImage: imageB},
			}
			return retriggered(both, slices.Clone(both))
		}(),
		want: shape{Message: `deployment config "web" cannot be instantiated`},
	}, {
		name: "image trigger moved to another namespace",
		why:  "canTrigger, hasUpdatedTriggers (6.4): a trigger's source is its namespace and name; the same name in another namespace is a new source, an image change though the image is the same",
		s: retriggered(
			[]dcplan.Trigger{{Type: dcplan.TriggerImageChange, Automatic: true, FromKind: "ImageStreamTag", FromNamespace: "b", FromName: "app:latest", LastTriggeredImage: imageA}},
			[]dcplan.Trigger{{Type: dcplan.TriggerImageChange, Automatic: true, FromKind: "ImageStreamTag", FromNamespace: "a", FromName: "app:latest", LastTriggeredImage: imageA}}),
		want: bump(dcplan.Details{Message: "image change", Causes: []dcplan.Cause{{Type: dcplan.TriggerImageChange, Image: "app:latest", FromKind: "ImageStreamTag", FromNamespace: "b"}}}),
	}, {
		name: "image trigger of a new source",
		why:  "canTrigger, hasUpdatedTriggers (6.4): a trigger whose from the previous rollout's DC has no trigger of is an image change, the image unchanged",
		s: func() dcplan.Snapshot {
			cur := config(1)
			cur.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "app:next", LastTriggeredImage: imageA}}
			prev := rollout(t, cur, 1, dcplan.PhaseComplete, 3)
			prev.Encoded.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "app:latest", LastTriggeredImage: imageA}}
			return snapshot(cur, prev)
		}(),
		want: bump(dcplan.Details{Message: "image change", Causes: []dcplan.Cause{{Type: dcplan.TriggerImageChange, Image: "app:next", FromKind: "ImageStreamTag"}}}),
	}, {
		name: "latest RC with an undecodable encoded config",
		why:  "decodeFromLatestDeployment: NewInternalError of the decoder's own complaint, not the missing-annotation text",
		s: func() dcplan.Snapshot {
			bad := rollout(t, v1, 1, dcplan.PhaseComplete, 3)
			bad.Encoded, bad.EncodedProblem = nil, "couldn't get version/kind; json parse error: unexpected end of JSON input"
			return snapshot(v1, bad)
		}(),
		wantErr: "Internal error occurred: couldn't get version/kind; json parse error: unexpected end of JSON input",
		is:      reconcile.ErrInternal,
	}, {
		name: "config and image triggers, template changed, image unchanged",
		why:  "canTrigger, hasUpdatedTriggers: the ConfigChange trigger is no image trigger to compare; the image trigger is the previous one with the same image, so no image cause, and the changed template fires the ConfigChange trigger",
		s:    snapshot(bothTriggers(imageA, true, imageB), rollout(t, bothTriggers(imageA, true, imageA), 1, dcplan.PhaseComplete, 3)),
		want: bump(dcplan.Details{Message: "config change", Causes: []dcplan.Cause{{Type: dcplan.TriggerConfigChange}}}),
	}, {
		name: "config and image triggers, image moved",
		why:  "canTrigger: an image cause keeps the ConfigChange trigger from firing (len(causes) == 0), though the template changed too",
		s:    snapshot(bothTriggers(imageB, true, imageB), rollout(t, bothTriggers(imageA, true, imageA), 1, dcplan.PhaseComplete, 3)),
		want: bump(dcplan.Details{Message: "image change", Causes: []dcplan.Cause{{Type: dcplan.TriggerImageChange, Image: "app:latest", FromKind: "ImageStreamTag"}}}),
	}, {
		name: "manual image trigger moved, config trigger",
		why:  "canTrigger: a non-automatic trigger adds no cause whatever its image; the changed template fires the ConfigChange trigger",
		s:    snapshot(bothTriggers(imageB, false, imageB), rollout(t, bothTriggers(imageA, false, imageA), 1, dcplan.PhaseComplete, 3)),
		want: bump(dcplan.Details{Message: "config change", Causes: []dcplan.Cause{{Type: dcplan.TriggerConfigChange}}}),
	}, {
		name: "manual image trigger moved, no config trigger",
		why:  "canTrigger: a non-automatic trigger adds no cause; with no ConfigChange trigger nothing fires (204, no write)",
		s: func() dcplan.Snapshot {
			cur, prev := bothTriggers(imageB, false, imageB), bothTriggers(imageA, false, imageA)
			cur.Triggers, prev.Triggers = cur.Triggers[1:], prev.Triggers[1:]
			return snapshot(cur, rollout(t, prev, 1, dcplan.PhaseComplete, 3))
		}(),
		want: shape{Message: `deployment config "web" cannot be instantiated`},
	}, {
		name: "initial rollout, image and config triggers",
		why:  "canTrigger (6.4): on the initial rollout (latestVersion 0, the DC is its own previous) every automatic resolved trigger is an image change, which keeps the ConfigChange trigger from firing",
		s: func() dcplan.Snapshot {
			cur := bothTriggers(imageB, true, imageB)
			cur.Status.LatestVersion = 0
			return snapshot(cur)
		}(),
		want: shape{Status: &statusShape{Rule: "6.4", LatestVersion: 1, Details: dcplan.Details{Message: "image change", Causes: []dcplan.Cause{{Type: dcplan.TriggerImageChange, Image: "app:latest", FromKind: "ImageStreamTag"}}}}},
	}, {
		name: "two image triggers, only the first moved",
		why:  "canTrigger (6.4): once one trigger established an image change, every later automatic trigger adds its cause too, its own image unchanged (upstream's loop keeps its flag)",
		s: retriggered(
			[]dcplan.Trigger{
				{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "app:latest", LastTriggeredImage: imageB},
				{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "side:latest", LastTriggeredImage: imageA},
			},
			[]dcplan.Trigger{
				{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "app:latest", LastTriggeredImage: imageA},
				{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "side:latest", LastTriggeredImage: imageA},
			}),
		want: bump(dcplan.Details{Message: "image change", Causes: []dcplan.Cause{
			{Type: dcplan.TriggerImageChange, Image: "app:latest", FromKind: "ImageStreamTag"},
			{Type: dcplan.TriggerImageChange, Image: "side:latest", FromKind: "ImageStreamTag"},
		}}),
	}, {
		name: "previous DC with two triggers of one source, the first unchanged",
		why:  "triggeredByDifferentImage (6.4): only the previous DC's first ImageChange trigger with the same from is compared (validation allows two triggers of one from); a later one with another image does not count",
		s: retriggered(
			[]dcplan.Trigger{
				{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "app:latest", LastTriggeredImage: imageA},
			},
			[]dcplan.Trigger{
				{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "app:latest", LastTriggeredImage: imageA},
				{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "app:latest", LastTriggeredImage: imageB},
			}),
		want: shape{Message: `deployment config "web" cannot be instantiated`},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := reconcile.Instantiate(tt.s, true, tt.force)
			if d := cmp.Diff(tt.wantErr, errText(err)); d != "" {
				t.Errorf("Instantiate() error mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("Instantiate() error %v is not %v", err, tt.is)
			}
			if d := cmp.Diff(tt.want, shapeOf(p)); d != "" {
				t.Errorf("Instantiate() mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

// bothTriggers is config(1) with a ConfigChange trigger and then an
// ImageChange trigger from app:latest (automatic or not) last triggered
// with image, its template running tmplImage.
func bothTriggers(image string, automatic bool, tmplImage string) dcplan.Config {
	cfg := config(1)
	cfg.Triggers = []dcplan.Trigger{
		{Type: dcplan.TriggerConfigChange},
		{Type: dcplan.TriggerImageChange, Automatic: automatic, FromName: "app:latest", LastTriggeredImage: image},
	}
	cfg.Template = fake.TemplateOf(tmplImage)
	return cfg
}

// Reference: oc originpolymorphichelpers NewObjectPauserFn / NewObjectResumerFn
// (SPEC 6m.7: oc rollout pause / resume on a DC).
func TestPauseResume(t *testing.T) {
	running := config(1)
	paused := config(1)
	paused.Paused = true
	update := func(from, to bool) shape {
		return shape{UpdateConfig: []dcplan.ConfigUpdate{{Rule: "0.4", Config: "web", SetPaused: true, PausedFrom: from, PausedTo: to, Patch: true}}}
	}
	failed := func(s dcplan.Snapshot) dcplan.Snapshot {
		s.Outcome.Failures = []dcplan.Failure{{Action: dcplan.ActionUpdateConfig, Name: "web", Reason: dcplan.StatusForbidden, Code: 403,
			Message: `deploymentconfigs.apps.openshift.io "web" is forbidden: User "dev" cannot patch resource`}}
		return s
	}
	tests := []struct {
		name     string
		why      string
		op       func(dcplan.Snapshot) (dcplan.Plan, error)
		s        dcplan.Snapshot
		want     shape
		wantErr  string
		sentinel error
	}{
		{"pause", "sets spec.paused", reconcile.Pause, snapshot(running), update(false, true), "", nil},
		{"pause failed", "6m.7.5: the patch failed: the plan that sent it, and oc's `failed to patch: <err>`", reconcile.Pause, failed(snapshot(running)), update(false, true),
			`failed to patch: deploymentconfigs.apps.openshift.io "web" is forbidden: User "dev" cannot patch resource`, reconcile.ErrPatchFailed},
		{"resume failed", "6m.7.5: as for pause", reconcile.Resume, failed(snapshot(paused)), update(true, false),
			`failed to patch: deploymentconfigs.apps.openshift.io "web" is forbidden: User "dev" cannot patch resource`, reconcile.ErrPatchFailed},
		{"pause paused", "oc refuses (SPEC 6m.7.3)", reconcile.Pause, snapshot(paused), shape{}, `deploymentconfigs.apps.openshift.io "web" is already paused`, reconcile.ErrRefused},
		{"resume", "clears spec.paused", reconcile.Resume, snapshot(paused), update(true, false), "", nil},
		{"resume running", "oc refuses (SPEC 6m.7.3)", reconcile.Resume, snapshot(running), shape{}, `deploymentconfigs.apps.openshift.io "web" is not paused`, reconcile.ErrRefused},
	}
	// What kubectl prints for a refusal among several (dc/a dc/b): its
	// error's own text starts with "error: " (SPEC 6m.7.5, and step 6 of the SPEC); a
	// failed patch is listed as its text.
	listed := map[string]string{
		"pause paused":   `error: deploymentconfigs.apps.openshift.io "web" is already paused`,
		"resume running": `error: deploymentconfigs.apps.openshift.io "web" is not paused`,
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := tt.op(tt.s)
			if d := cmp.Diff(tt.wantErr, errText(err)); d != "" {
				t.Errorf("error mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
			if r, ok := err.(*dcplan.Refusal); ok && r.Listed != listed[tt.name] {
				t.Errorf("Refusal.Listed = %q, want %q", r.Listed, listed[tt.name])
			}
			if err != nil && !errors.Is(err, tt.sentinel) {
				t.Errorf("error %v is not %v", err, tt.sentinel)
			}
			if d := cmp.Diff(tt.want, shapeOf(p)); d != "" {
				t.Errorf("plan mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

// Reference: oc pkg/cli/rollout/latest.go (RolloutLatestOptions).RunRolloutLatest
// misspelt gives d a phase annotation that is none of the five
// spellings, as the codec reads it (SPEC 13.1, overriding SPEC 11a.7).
func misspelt(d dcplan.Deployment, spelling string) dcplan.Deployment {
	d.Phase, d.PhaseSpelling = dcplan.PhaseUnknown, spelling
	return d
}

// updateFailed returns s after the fallback PUT of the DC failed.
func updateFailed(s dcplan.Snapshot, reason dcplan.StatusReason, msg string) dcplan.Snapshot {
	s.Outcome.Failures = append(slices.Clone(s.Outcome.Failures), dcplan.Failure{Action: dcplan.ActionUpdateConfig, Name: "web", Reason: reason, Message: msg})
	return s
}

func TestRolloutLatest(t *testing.T) {
	v1 := config(1)
	paused := v1
	paused.Paused = true
	complete := rollout(t, v1, 1, dcplan.PhaseComplete, 3)
	old := snapshot(v1, complete)
	old.InstantiateUnavailable = true
	instantiate := []dcplan.Instantiate{{Rule: "6.4", Config: "web", Latest: true, Force: true}}
	sent := shape{Instantiate: instantiate}
	bump := []dcplan.ConfigUpdate{{Rule: "6.4", Config: "web", SetLatestVersion: true, LatestVersionFrom: 1, LatestVersionTo: 2}}
	// answered is the snapshot after the instantiate request failed.
	answered := func(s dcplan.Snapshot, reason dcplan.StatusReason, msg string) dcplan.Snapshot {
		s.Outcome.Failures = []dcplan.Failure{{Action: dcplan.ActionInstantiate, Name: "web", Reason: reason, Message: msg}}
		return s
	}
	line := "deploymentconfig.apps.openshift.io/web rolled out"
	conflict := `Operation cannot be fulfilled on deploymentconfigs.apps.openshift.io "web": the object has been modified; please apply your changes to the latest version and try again`
	exact := func(s dcplan.Snapshot) dcplan.Snapshot { s.Settings.Switches = dcplan.Exact.Switches(); return s }
	seed := func(p dcplan.Preset, s dcplan.Snapshot) dcplan.Snapshot { s.Settings.Switches = p.Switches(); return s }
	tests := []struct {
		name       string
		why        string
		s          dcplan.Snapshot
		dryRun     dcplan.DryRun
		want       shape
		wantReport reconcile.RolloutReport
		wantErr    string
	}{{
		name:    "paused",
		why:     "6.4: oc refuses before calling the server (SPEC 6m.3.5)",
		s:       snapshot(paused, complete),
		wantErr: "cannot deploy a paused deployment config",
	}, {
		name:    "in progress",
		why:     "6.4: the latest RC is not terminal (SPEC 6m.3.6: the phase as written, capitalised)",
		s:       snapshot(v1, rollout(t, v1, 1, dcplan.PhaseRunning, 1)),
		wantErr: "#1 is already in progress (Running).",
	}, {
		name:    "in progress, phase misspelt",
		why:     "6.4, 13.1 (over 11a.7): an RC whose phase annotation is none of the five spellings is not terminal; oc prints the annotation as written",
		s:       snapshot(v1, misspelt(rollout(t, v1, 1, dcplan.PhaseRunning, 1), "Bogus")),
		wantErr: "#1 is already in progress (Bogus).",
	}, {
		name:    "in progress, phase absent",
		why:     "6.4, 6m.3.6: an RC without the phase annotation is not terminal; oc prints the empty annotation",
		s:       snapshot(v1, misspelt(rollout(t, v1, 1, dcplan.PhaseRunning, 1), "")),
		wantErr: "#1 is already in progress ().",
	}, {
		name:       "dry run",
		why:        "6.4: nothing written, current revision printed, the success line with the dry-run suffix (SPEC 6m.3.2)",
		s:          snapshot(v1, complete),
		dryRun:     dcplan.DryRunClient,
		wantReport: reconcile.RolloutReport{Revision: 1, Text: line + " (dry run)"},
	}, {
		name:       "server dry run modern",
		why:        "6m.3.7, 13.2 OcServerDryRunWrites off: Modern's server dry run writes nothing",
		s:          snapshot(v1, complete),
		dryRun:     dcplan.DryRunServer,
		wantReport: reconcile.RolloutReport{Revision: 1, Text: line + " (server dry run)"},
	}, {
		name:       "server dry run exact",
		why:        "6m.3.7, 13.2 OcServerDryRunWrites: upstream instantiates for real and says (server dry run)",
		s:          exact(snapshot(v1, complete)),
		dryRun:     dcplan.DryRunServer,
		want:       sent,
		wantReport: reconcile.RolloutReport{Revision: 2, Text: line + " (server dry run)"},
	}, {
		name:       "seed line",
		why:        "6.4, SPEC 12 SeedRolloutLatestLine: the Origin15 success line",
		s:          seed(dcplan.Origin15, snapshot(v1, complete)),
		want:       sent,
		wantReport: reconcile.RolloutReport{Revision: 2, Text: `deploymentconfig "web" rolled out`},
	}, {
		name:    "in progress origin10",
		why:     "6.4, SPEC 12 note: rollout latest refuses with one line in every preset",
		s:       seed(dcplan.Origin10, snapshot(v1, rollout(t, v1, 1, dcplan.PhasePending, 1))),
		wantErr: "#1 is already in progress (Pending).",
	}, {
		name:       "instantiate",
		why:        "6.4: the forced instantiate request; the server decides the causes; the report holds the new latestVersion -o revision prints (SPEC 6m.3.3) and the rolled-out line (SPEC 6m.3.8)",
		s:          snapshot(v1, complete),
		want:       sent,
		wantReport: reconcile.RolloutReport{Revision: 2, Text: line},
	}, {
		name:       "latest failed",
		why:        "6.4, 6m.3.6: Failed is terminal as Complete is (IsTerminatedDeployment): a failed latest rollout does not block a new one",
		s:          snapshot(v1, rollout(t, v1, 1, dcplan.PhaseFailed, 0)),
		want:       sent,
		wantReport: reconcile.RolloutReport{Revision: 2, Text: line},
	}, {
		name:       "fallback without instantiate",
		why:        "6.3: a server without the endpoint: one PUT of the DC with latestVersion+1",
		s:          old,
		want:       shape{UpdateConfig: bump},
		wantReport: reconcile.RolloutReport{Revision: 2, Text: line},
	}, {
		name:       "fallback on a missing latest RC",
		why:        "6.4, 13: instantiate's NotFound (for the RC) is taken for a missing endpoint: the bump follows the request",
		s:          answered(snapshot(v1), dcplan.StatusNotFound, `replicationcontrollers "web-1" not found`),
		want:       shape{Instantiate: instantiate, UpdateConfig: bump},
		wantReport: reconcile.RolloutReport{Revision: 2, Text: line},
	}, {
		name:    "refused by the server",
		why:     "6.4, 13: any other failure of the request is the command's error, as the server worded it",
		s:       answered(snapshot(v1, complete), dcplan.StatusInternalError, "Internal error occurred: etcdserver: request timed out"),
		want:    sent,
		wantErr: "Internal error occurred: etcdserver: request timed out",
	}, {
		name: "fallback update failed",
		why:  "6m.3.7: after instantiate's NotFound the PUT of the DC failed: \"Any remaining error is returned\", no success line",
		s: updateFailed(answered(snapshot(v1), dcplan.StatusNotFound, `replicationcontrollers "web-1" not found`),
			dcplan.StatusConflict, conflict),
		want:    shape{Instantiate: instantiate, UpdateConfig: bump},
		wantErr: conflict,
	}, {
		name:    "fallback without instantiate failed",
		why:     "6.4, 6m.3.7: the bump of a server without the endpoint failed: its error, no success line",
		s:       updateFailed(old, dcplan.StatusConflict, conflict),
		want:    shape{UpdateConfig: bump},
		wantErr: conflict,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, report, err := reconcile.RolloutLatest(tt.s, false, tt.dryRun)
			if d := cmp.Diff(tt.wantErr, errText(err)); d != "" {
				t.Errorf("RolloutLatest() error mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
			if d := cmp.Diff(tt.want, shapeOf(p)); d != "" {
				t.Errorf("RolloutLatest() plan mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
			if d := cmp.Diff(tt.wantReport, report); d != "" {
				t.Errorf("RolloutLatest() report mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

// Reference: Origin oc cmd/cli/cmd/deploy.go (DeployOptions).deploy, the
// oldest form and the instantiate form (SPEC 6.3).
func TestDeployLatest(t *testing.T) {
	v1 := config(1)
	paused := v1
	paused.Paused = true
	complete := rollout(t, v1, 1, dcplan.PhaseComplete, 3)
	with := func(p dcplan.Preset, s dcplan.Snapshot) dcplan.Snapshot { s.Settings.Switches = p.Switches(); return s }
	bumped := shape{UpdateConfig: []dcplan.ConfigUpdate{{Rule: "6.3", Config: "web", SetLatestVersion: true, LatestVersionFrom: 1, LatestVersionTo: 2}}}
	instantiate := []dcplan.Instantiate{{Rule: "6.3", Config: "web", Force: true}}
	unresolved := v1
	unresolved.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "web:latest"}}
	old := with(dcplan.Origin15, snapshot(v1, complete))
	old.InstantiateUnavailable = true
	tests := []struct {
		name       string
		why        string
		s          dcplan.Snapshot
		want       shape
		wantReport reconcile.RolloutReport
		wantErr    string
		// wantPrinted is the refusal's Printed: what kubectl prints for
		// the server's error returned as it is; "" for oc's own errors.
		wantPrinted string
	}{{
		name:    "modern has no oc deploy",
		why:     "SPEC 12 OcDeployLatest=DeployLatestAbsent: today's oc has no deploy command",
		s:       snapshot(v1, complete),
		wantErr: `unknown command "deploy" for "oc"`,
	}, {
		name:       "oldest",
		why:        "6.3 oldest form (Origin10): bump latestVersion and update the DC",
		s:          with(dcplan.Origin10, snapshot(v1, complete)),
		want:       bumped,
		wantReport: reconcile.RolloutReport{Revision: 2, Text: "Started deployment #2"},
	}, {
		name:       "oldest ignores paused",
		why:        "6.3 oldest form (Origin13): no paused check",
		s:          with(dcplan.Origin13, snapshot(paused, complete)),
		want:       bumped,
		wantReport: reconcile.RolloutReport{Revision: 2, Text: "Started deployment #2"},
	}, {
		name:    "oldest in progress",
		why:     "6.3, SPEC 12 note: the two-line refusal of oc deploy --latest",
		s:       with(dcplan.Origin10, snapshot(v1, rollout(t, v1, 1, dcplan.PhaseRunning, 1))),
		wantErr: "#1 is already in progress (Running).\nOptionally, you can cancel this deployment using the --cancel option.",
	}, {
		name:    "newer paused",
		why:     "6.3 newer form (Origin15): a paused DC is refused",
		s:       with(dcplan.Origin15, snapshot(paused, complete)),
		wantErr: "cannot deploy a paused deployment config",
	}, {
		name:    "newer in progress",
		why:     "6.3 newer form: the hint names oc rollout cancel",
		s:       with(dcplan.Origin15, snapshot(v1, rollout(t, v1, 1, dcplan.PhaseNew, 1))),
		wantErr: "#1 is already in progress (New).\nOptionally, you can cancel this deployment using 'oc rollout cancel dc/web'.",
	}, {
		name:       "newer instantiate",
		why:        "6.3 newer form: instantiate {latest: false, force: true}, then the logs hint",
		s:          with(dcplan.Origin15, snapshot(v1, complete)),
		want:       shape{Instantiate: instantiate},
		wantReport: reconcile.RolloutReport{Revision: 2, Text: "Started deployment #2\nUse 'oc logs -f dc/web' to track its progress."},
	}, {
		name:       "newer fallback",
		why:        "6.3 newer form: a pre-1.4 server without instantiate: the bump",
		s:          old,
		want:       bumped,
		wantReport: reconcile.RolloutReport{Revision: 2, Text: "Started deployment #2\nUse 'oc logs -f dc/web' to track its progress."},
	}, {
		name: "newer bad request",
		why:  "6.3 newer form, 13: the server's BadRequest gets the rollout latest hint",
		s: func() dcplan.Snapshot {
			s := with(dcplan.Origin15, snapshot(unresolved, rollout(t, unresolved, 1, dcplan.PhaseComplete, 3)))
			s.Outcome.Failures = []dcplan.Failure{{Action: dcplan.ActionInstantiate, Name: "web", Reason: dcplan.StatusBadRequest,
				Message: `cannot trigger a deployment for "web" because it contains unresolved images`}}
			return s
		}(),
		want:    shape{Instantiate: instantiate},
		wantErr: `cannot trigger a deployment for "web" because it contains unresolved images - try 'oc rollout latest dc/web'`,
	}, {
		name:        "oldest update failed",
		why:         "6.3 oldest form: the update's error is returned and nothing is printed",
		s:           updateFailed(with(dcplan.Origin13, snapshot(v1, complete)), dcplan.StatusInternalError, "Internal error occurred: etcdserver: request timed out"),
		want:        bumped,
		wantErr:     "Internal error occurred: etcdserver: request timed out",
		wantPrinted: "Error from server (InternalError): Internal error occurred: etcdserver: request timed out",
	}, {
		name: "newer instantiate failed",
		why:  "6.3 newer form: an error other than BadRequest, NotFound or Forbidden is returned as is, without the hint",
		s: func() dcplan.Snapshot {
			s := with(dcplan.Origin15, snapshot(v1, complete))
			s.Outcome.Failures = []dcplan.Failure{{Action: dcplan.ActionInstantiate, Name: "web", Reason: dcplan.StatusConflict, Code: 409,
				Message: `Operation cannot be fulfilled on deploymentconfigs.apps.openshift.io "web": the object has been modified`}}
			return s
		}(),
		want:        shape{Instantiate: instantiate},
		wantErr:     `Operation cannot be fulfilled on deploymentconfigs.apps.openshift.io "web": the object has been modified`,
		wantPrinted: `Error from server (Conflict): Operation cannot be fulfilled on deploymentconfigs.apps.openshift.io "web": the object has been modified`,
	}, {
		name: "newer fallback failed",
		why:  "6.3 newer form: the fallback update's error is returned, a BadRequest with the rollout latest hint as instantiate's",
		s: updateFailed(old, dcplan.StatusBadRequest,
			`DeploymentConfig.apps.openshift.io "web" is invalid: status.latestVersion: Invalid value: 2`),
		want:    bumped,
		wantErr: `DeploymentConfig.apps.openshift.io "web" is invalid: status.latestVersion: Invalid value: 2 - try 'oc rollout latest dc/web'`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, report, err := reconcile.DeployLatest(tt.s)
			if d := cmp.Diff(tt.wantErr, errText(err)); d != "" {
				t.Errorf("DeployLatest() error mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
			if r, ok := errors.AsType[*dcplan.Refusal](err); ok && r.Printed != tt.wantPrinted {
				t.Errorf("DeployLatest() error prints as %q, want %q (why: %s)", r.Printed, tt.wantPrinted, tt.why)
			}
			if d := cmp.Diff(tt.want, shapeOf(p)); d != "" {
				t.Errorf("DeployLatest() plan mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
			if d := cmp.Diff(tt.wantReport, report); d != "" {
				t.Errorf("DeployLatest() report mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

// Reference: kubectl rollout pause/resume name printer (SPEC 6m.7.5).
func TestPauseText(t *testing.T) {
	tests := []struct {
		name   string
		why    string
		paused bool
		want   string
	}{
		{"pause", "6m.7.5: success line of oc rollout pause", true, "deploymentconfig.apps.openshift.io/web paused"},
		{"resume", "6m.7.5: success line of oc rollout resume", false, "deploymentconfig.apps.openshift.io/web resumed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, reconcile.PauseText("web", tt.paused)); d != "" {
				t.Errorf("PauseText() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
}

// TestInstantiateImageTriggersUnchanged: canTrigger (SPEC 6m.3, server
// side of oc rollout latest) finds no image cause when every automatic
// ImageChange trigger has a trigger of the same from in the previous
// rollout's DC (hasUpdatedTriggers) with the same lastTriggeredImage
// (triggeredByDifferentImage, which compares a trigger only with the
// previous trigger of its own from, not with another trigger of the
// namespace): without force, nothing can be instantiated (204, no write).
func TestInstantiateImageTriggersUnchanged(t *testing.T) {
	one := config(1)
	one.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "app:latest", LastTriggeredImage: imageA}}
	two := config(1)
	two.Triggers = []dcplan.Trigger{
		{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "app:latest", LastTriggeredImage: imageA},
		{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "sidecar:latest", LastTriggeredImage: imageB},
	}
	for name, cfg := range map[string]dcplan.Config{"one trigger": one, "two triggers": two} {
		t.Run(name, func(t *testing.T) {
			p, err := reconcile.Instantiate(snapshot(cfg, rollout(t, cfg, 1, dcplan.PhaseComplete, 3)), true, false)
			if err != nil {
				t.Fatalf("Instantiate() error = %v", err)
			}
			if d := cmp.Diff(shape{Message: `deployment config "web" cannot be instantiated`}, shapeOf(p)); d != "" {
				t.Errorf("Instantiate() mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// TestInstantiateAtMaxVersion: a DC whose status.latestVersion is the
// largest int64 can start no rollout, forced or not: Instantiate refuses
// rather than write a wrapped, negative version (the rule the code cites
// as SPEC 3.2.10.max).
func TestInstantiateAtMaxVersion(t *testing.T) {
	cfg := config(math.MaxInt64)
	p, err := reconcile.Instantiate(snapshot(cfg, rollout(t, cfg, math.MaxInt64, dcplan.PhaseComplete, 3)), true, true)
	if !errors.Is(err, reconcile.ErrInvalid) {
		t.Errorf("Instantiate() error = %v, want ErrInvalid", err)
	}
	if !p.IsEmpty() {
		t.Errorf("Instantiate() = %s, want an empty plan", dcplan.Describe(p))
	}
}
