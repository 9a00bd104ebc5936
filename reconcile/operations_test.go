package reconcile_test

import (
	"errors"
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
		why:  "canTrigger: an automatic trigger whose lastTriggeredImage moved",
		s:    snapshot(images, prevImages),
		want: bump(dcplan.Details{Message: "image change", Causes: []dcplan.Cause{{Type: dcplan.TriggerImageChange, Image: "app:latest"}}}),
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

// Reference: oc originpolymorphichelpers NewObjectPauserFn / NewObjectResumerFn
func TestPauseResume(t *testing.T) {
	running := config(1)
	paused := config(1)
	paused.Paused = true
	update := func(from, to bool) shape {
		return shape{UpdateConfig: []dcplan.ConfigUpdate{{Rule: "0.4", Config: "web", SetPaused: true, PausedFrom: from, PausedTo: to}}}
	}
	tests := []struct {
		name    string
		why     string
		op      func(dcplan.Snapshot) (dcplan.Plan, error)
		s       dcplan.Snapshot
		want    shape
		wantErr string
	}{
		{"pause", "sets spec.paused", reconcile.Pause, snapshot(running), update(false, true), ""},
		{"pause paused", "oc refuses", reconcile.Pause, snapshot(paused), shape{}, `deploymentconfigs.apps.openshift.io "web" is already paused`},
		{"resume", "clears spec.paused", reconcile.Resume, snapshot(paused), update(true, false), ""},
		{"resume running", "oc refuses", reconcile.Resume, snapshot(running), shape{}, `deploymentconfigs.apps.openshift.io "web" is not paused`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := tt.op(tt.s)
			if d := cmp.Diff(tt.wantErr, errText(err)); d != "" {
				t.Errorf("error mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
			if err != nil && !errors.Is(err, reconcile.ErrRefused) {
				t.Errorf("error %v is not ErrRefused", err)
			}
			if d := cmp.Diff(tt.want, shapeOf(p)); d != "" {
				t.Errorf("plan mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

// Reference: oc pkg/cli/rollout/latest.go (RolloutLatestOptions).RunRolloutLatest
func TestRolloutLatest(t *testing.T) {
	v1 := config(1)
	paused := v1
	paused.Paused = true
	complete := rollout(t, v1, 1, dcplan.PhaseComplete, 3)
	old := snapshot(v1, complete)
	old.InstantiateUnavailable = true
	bumped := func(d dcplan.Details) shape {
		return shape{Status: &statusShape{Rule: "6.4", LatestVersion: 2, Details: d}}
	}
	manual := dcplan.Details{Message: "manual change", Causes: []dcplan.Cause{{Type: dcplan.TriggerManual}}}
	line := "deploymentconfig.apps.openshift.io/web rolled out"
	tests := []struct {
		name       string
		why        string
		s          dcplan.Snapshot
		dryRun     bool
		want       shape
		wantReport reconcile.RolloutReport
		wantErr    string
	}{{
		name:    "paused",
		why:     "6.4: oc refuses before calling the server",
		s:       snapshot(paused, complete),
		wantErr: "cannot deploy a paused deployment config",
	}, {
		name:    "in progress",
		why:     "6.4: the latest RC is not terminal",
		s:       snapshot(v1, rollout(t, v1, 1, dcplan.PhaseRunning, 1)),
		wantErr: "#1 is already in progress (Running).",
	}, {
		name:       "dry run",
		why:        "6.4: nothing written, current revision printed",
		s:          snapshot(v1, complete),
		dryRun:     true,
		wantReport: reconcile.RolloutReport{Revision: 1, Text: line + " (dry run)"},
	}, {
		name:       "instantiate",
		why:        "6.4: forced instantiate",
		s:          snapshot(v1, complete),
		want:       bumped(manual),
		wantReport: reconcile.RolloutReport{Revision: 2, Text: line},
	}, {
		name:       "fallback without instantiate",
		why:        "6.3: a server without the endpoint: latestVersion+1, details unchanged",
		s:          old,
		want:       bumped(dcplan.Details{}),
		wantReport: reconcile.RolloutReport{Revision: 2, Text: line},
	}, {
		name:       "fallback on a missing latest RC",
		why:        "6.4: instantiate's NotFound for the RC is taken for a missing endpoint",
		s:          snapshot(v1),
		want:       bumped(dcplan.Details{}),
		wantReport: reconcile.RolloutReport{Revision: 2, Text: line},
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
