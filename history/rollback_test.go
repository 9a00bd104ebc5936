package history_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/wire"
)

func lrErrString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// lrImage is the image of the first container of t, "" if none.
func lrImage(t dcplan.Template) string {
	if len(t.Containers) == 0 {
		return ""
	}
	return t.Containers[0].Image
}

// Reference: oc (*RollbackOptions).Run, findTargetDeployment; apiserver
// rollback (*REST).Create.
func TestRollbackRefusals(t *testing.T) {
	h := time.Hour
	std := []dcplan.Deployment{
		lrRC(1, dcplan.PhaseComplete, 3*h), lrRC(2, dcplan.PhaseFailed, 2*h), lrRC(3, dcplan.PhaseComplete, h),
	}
	noEnc := lrRC(1, dcplan.PhaseComplete, 3*h)
	noEnc.Encoded = nil
	tests := []struct {
		name    string
		why     string
		profile dcplan.Preset
		cfg     dcplan.Config
		rcs     []dcplan.Deployment
		to      dcplan.Version
		wantErr string
		wantIs  error
	}{
		{"negative", "oc Validate: --to-version must be >= 0", dcplan.Modern, lrConfig(3), std, -1,
			"the to version must be >= 0", history.ErrInvalidRevision},
		{"paused", "oc rollback refuses a paused DC", dcplan.Exact,
			func() dcplan.Config { c := lrConfig(3); c.Paused = true; return c }(), std, 0,
			"cannot rollback a paused deployment config", history.ErrRollbackPaused},
		{"no complete older", "findTargetDeployment: no Complete RC older than the latest", dcplan.Modern, lrConfig(3),
			[]dcplan.Deployment{lrRC(2, dcplan.PhaseFailed, h), lrRC(3, dcplan.PhaseComplete, h)}, 0,
			"couldn't find deployment for rollback", history.ErrRevisionNotFound},
		{"missing version", "findTargetDeployment: no RC of that version", dcplan.Modern, lrConfig(3), std, 7,
			"couldn't find deployment for rollback", history.ErrRevisionNotFound},
		{"unlabelled version", "findTargetDeployment lists by the config label", dcplan.Modern, lrConfig(3),
			func() []dcplan.Deployment {
				d := lrRC(1, dcplan.PhaseComplete, h)
				d.ConfigLabel = ""
				return []dcplan.Deployment{d}
			}(), 1,
			"couldn't find deployment for rollback", history.ErrRevisionNotFound},
		{"undeployed", "server: latestVersion 0", dcplan.Modern, lrConfig(0), std, 1,
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": cannot rollback an undeployed config`, history.ErrNoPreviousRevision},
		{"only one", "server: latestVersion 1", dcplan.Origin, lrConfig(1), std, 1,
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": no previous deployment exists for "ns/web"`, history.ErrNoPreviousRevision},
		{"current", "server: the revision is the latest", dcplan.Modern, lrConfig(3), std, 3,
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": version 3 is already the latest`, history.ErrCurrentRevision},
		{"no encoded config", "server: DecodeDeploymentConfig fails", dcplan.Modern, lrConfig(3),
			[]dcplan.Deployment{noEnc, lrRC(3, dcplan.PhaseComplete, h)}, 1,
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": couldn't decode deployment config from deployment: object web-1 does not have encoded deployment config annotation`,
			history.ErrNoEncodedConfig},
		{"exact previous pruned", "Exact: the server takes latestVersion-1, which is gone", dcplan.Exact, lrConfig(3),
			[]dcplan.Deployment{lrRC(1, dcplan.PhaseComplete, 3*h), lrRC(3, dcplan.PhaseComplete, h)}, 0,
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": replicationcontrollers "web-2" not found`, history.ErrRevisionNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, cfg, warnings, err := history.Rollback(lrSnap(tt.profile, tt.cfg, tt.rcs...), tt.to, history.RollbackOptions{})
			checkRefused(t, "Rollback", tt.why, tt.wantErr, tt.wantIs, p, cfg, warnings, err)
		})
	}
}

// checkRefused fails t unless a rollback command (Rollback, RollbackRC)
// refused with the error text want wrapping is, and returned no plan,
// config or warnings.
func checkRefused(t *testing.T, command, why, want string, is error, p dcplan.Plan, cfg dcplan.Config, warnings []string, err error) {
	t.Helper()
	if d := cmp.Diff(want, lrErrString(err)); d != "" {
		t.Errorf("%s() error mismatch (-want +got) [%s]:\n%s", command, why, d)
	}
	if !errors.Is(err, is) {
		t.Errorf("%s() error %v is not %v", command, err, is)
	}
	if !p.IsEmpty() || cfg.Name != "" || warnings != nil {
		t.Errorf("%s() refused but returned plan %q, config %q, warnings %q", command, dcplan.Describe(p), cfg.Name, warnings)
	}
}

// Reference: oc (*RollbackOptions).Validate and findTargetDeployment:
// RollbackTarget on its own, as callers naming oc's target use it.
func TestRollbackTarget(t *testing.T) {
	h := time.Hour
	handMade := func(v dcplan.Version, p dcplan.Phase) dcplan.Deployment {
		d := lrRC(v, p, 5*h)
		d.Name = "web-manual"
		return d
	}
	tests := []struct {
		name     string
		why      string
		latest   dcplan.Version
		rcs      []dcplan.Deployment
		to       dcplan.Version
		wantName string
		wantErr  string
		wantIs   error
	}{
		{"negative", "6m.4b step 1, oc Validate: a negative --to-version is `the to version must be >= 0`, not a revision that is not found",
			2, []dcplan.Deployment{lrRC(1, dcplan.PhaseComplete, 2*h), lrRC(2, dcplan.PhaseComplete, h)}, -1,
			"", "the to version must be >= 0", history.ErrInvalidRevision},
		{"version zero not asked for", "6m.4b step 3, findTargetDeployment: without --to-version only a Complete RC older than latestVersion is a target; a Failed RC of version 0 (made by hand, SPEC 13.1) is not the revision 0 asks for",
			2, []dcplan.Deployment{handMade(0, dcplan.PhaseFailed), lrRC(2, dcplan.PhaseComplete, h)}, 0,
			"", "couldn't find deployment for rollback", history.ErrRevisionNotFound},
		{"complete version zero", "6m.4b step 3, findTargetDeployment: a Complete RC of version 0 is older than latestVersion, so it is a target",
			2, []dcplan.Deployment{handMade(0, dcplan.PhaseComplete), lrRC(1, dcplan.PhaseFailed, 2*h), lrRC(2, dcplan.PhaseComplete, h)}, 0,
			"web-manual", "", nil},
		{"only complete", "6m.4b step 3, findTargetDeployment: IsCompleteDeployment; an older RC still Running (or New, Pending) is passed over for an older Complete one",
			3, []dcplan.Deployment{lrRC(1, dcplan.PhaseComplete, 3*h), lrRC(2, dcplan.PhaseRunning, 2*h), lrRC(3, dcplan.PhaseNew, h)}, 0,
			"web-1", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := history.RollbackTarget(lrSnap(dcplan.Modern, lrConfig(tt.latest), tt.rcs...), tt.to)
			if d := cmp.Diff(tt.wantName, got.Name); d != "" {
				t.Errorf("RollbackTarget() target mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.wantErr, lrErrString(err)); d != "" {
				t.Errorf("RollbackTarget() error mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
				t.Errorf("RollbackTarget() error %v is not %v", err, tt.wantIs)
			}
		})
	}
}

// Rollback rule 6: the rolled-back DC is built from typed fields, so its
// Raw is nil; a DC decoded from the server keeps no JSON of the DC before
// the rollback that a caller printing the result (`oc rollback -o json`,
// SPEC 6m.4b step 5) or writing it could read back instead.
func TestRollbackResultHasNoRaw(t *testing.T) {
	s := fixtureSnapshot(t)
	if s.Config.Raw == nil {
		t.Fatal("the decoded DC has no Raw: the test needs one")
	}
	for _, dry := range []bool{false, true} {
		_, cfg, _, err := history.Rollback(s, 1, history.RollbackOptions{DryRun: dry})
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Raw != nil {
			t.Errorf("Rollback(DryRun %v) config Raw = %.60q..., want nil (rule 6)", dry, cfg.Raw)
		}
	}
}

// Reference: (*rollbackGenerator).GenerateRollback; (*REST).Create
// revision selection.
func TestRollbackRevision(t *testing.T) {
	h := time.Hour
	rcs := []dcplan.Deployment{
		lrRC(1, dcplan.PhaseComplete, 4*h), lrRC(2, dcplan.PhaseComplete, 3*h), lrRC(3, dcplan.PhaseFailed, 2*h), lrRC(4, dcplan.PhaseComplete, h),
	}
	tests := []struct {
		name      string
		why       string
		profile   dcplan.Preset
		to        dcplan.Version
		wantImage string
		wantMsg   string
	}{
		{"modern default", "6m.4b.6 name printer; to 0: the newest Complete RC older than the latest", dcplan.Modern, 0, "app:v2", "deploymentconfig.apps.openshift.io/web deployment #5 rolled back to web-2"},
		{"exact default", "to 0: the server takes latestVersion-1 (a Failed RC) while oc names the target", dcplan.Exact, 0, "app:v3", "deploymentconfig.apps.openshift.io/web deployment #5 rolled back to web-2"},
		{"origin default", "to 0: same server accident; old success line", dcplan.Origin, 0, "app:v3", "#5 rolled back to web-2"},
		{"explicit", "to > 0: that revision, whatever its phase", dcplan.Exact, 3, "app:v3", "deploymentconfig.apps.openshift.io/web deployment #5 rolled back to web-3"},
		{"explicit oldest", "to > 0: any older revision", dcplan.Modern, 1, "app:v1", "deploymentconfig.apps.openshift.io/web deployment #5 rolled back to web-1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := lrSnap(tt.profile, lrConfig(4), rcs...)
			_, cfg, _, err := history.Rollback(s, tt.to, history.RollbackOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.wantImage, lrImage(cfg.Template)); d != "" {
				t.Errorf("Rollback() template mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			target, err := history.RollbackTarget(s, tt.to)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.wantMsg, history.RolledBackMessage(cfg, target.Name, tt.profile.Switches())); d != "" {
				t.Errorf("RolledBackMessage() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
}

// Reference: (*rollbackGenerator).GenerateRollback; oc (*RollbackOptions).Run
// warnings.
func TestRollbackPlan(t *testing.T) {
	h := time.Hour
	imageTrigger := func(auto bool, name string) dcplan.Trigger {
		return dcplan.Trigger{Type: dcplan.TriggerImageChange, Automatic: auto, ContainerNames: []string{"app"},
			FromKind: "ImageStreamTag", FromNamespace: "ns", FromName: name, LastTriggeredImage: "app@sha256:1"}
	}
	old := lrRC(1, dcplan.PhaseComplete, 2*h)
	old.Encoded.Replicas = 5
	old.Encoded.Selector = []dcplan.KeyValue{{Key: "app", Value: "web"}}
	old.Encoded.Triggers = []dcplan.Trigger{imageTrigger(true, "app:stable")}
	old.Encoded.Strategy = dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true, TimeoutSeconds: 120, HasTimeout: true}
	cur := lrConfig(2)
	cur.Triggers = append(cur.Triggers, imageTrigger(true, "app:latest"))
	cur.Status.Details = dcplan.Details{Message: "image change"}
	rcs := []dcplan.Deployment{old, lrRC(2, dcplan.PhaseComplete, h)}
	disabled := func(name string, p dcplan.Preset) string {
		if p.Switches().SeedRollbackText {
			return "Warning: the following images triggers were disabled: " + name + "\n  You can re-enable them with: oc deploy web --enable-triggers -n ns"
		}
		return "Warning: the following images triggers were disabled: " + name + "\n  You can re-enable them with: oc set triggers dc/web --auto"
	}
	manualCur := []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}, imageTrigger(false, "app:latest")}
	tests := []struct {
		name     string
		why      string
		profile  dcplan.Preset
		opts     history.RollbackOptions
		wantPlan dcplan.Plan
		wantWarn []string
	}{
		{
			name: "template only", why: "the template is restored, the image trigger made manual, latestVersion +1",
			profile: dcplan.Modern,
			wantPlan: dcplan.Plan{
				UpdateConfig: []dcplan.ConfigUpdate{{Rule: history.RuleRollback, Config: "web",
					SetTemplate: true, TemplateFrom: cur.Template.Hash, Template: old.Encoded.Template,
					SetTriggers: true, Triggers: manualCur,
					SetLatestVersion: true, LatestVersionFrom: 2, LatestVersionTo: 3}},
			},
			wantWarn: []string{disabled("app:latest", dcplan.Modern)},
		},
		{
			name: "origin warning", why: "Origin re-enable hint is oc deploy --enable-triggers",
			profile: dcplan.Origin,
			wantPlan: dcplan.Plan{
				UpdateConfig: []dcplan.ConfigUpdate{{Rule: history.RuleRollback, Config: "web",
					SetTemplate: true, TemplateFrom: cur.Template.Hash, Template: old.Encoded.Template,
					SetTriggers: true, Triggers: manualCur,
					SetLatestVersion: true, LatestVersionFrom: 2, LatestVersionTo: 3}},
			},
			wantWarn: []string{disabled("app:latest", dcplan.Origin)},
		},
		{
			name: "everything", why: "--change-triggers/-strategy/-scaling-settings restore those too",
			profile: dcplan.Exact,
			opts:    history.RollbackOptions{IncludeTriggers: true, IncludeStrategy: true, IncludeScalingSettings: true},
			wantPlan: dcplan.Plan{
				UpdateConfig: []dcplan.ConfigUpdate{{Rule: history.RuleRollback, Config: "web",
					SetReplicas: true, ReplicasFrom: 3, ReplicasTo: 5,
					SetSelector: true, Selector: []dcplan.KeyValue{{Key: "app", Value: "web"}},
					SetTemplate: true, TemplateFrom: cur.Template.Hash, Template: old.Encoded.Template,
					SetTriggers: true, Triggers: []dcplan.Trigger{imageTrigger(false, "app:stable")}, TriggersRC: "web-1",
					SetStrategy: true, Strategy: old.Encoded.Strategy,
					SetLatestVersion: true, LatestVersionFrom: 2, LatestVersionTo: 3}},
			},
			wantWarn: []string{disabled("app:stable", dcplan.Exact)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := lrSnap(tt.profile, cur, rcs...)
			p, cfg, warnings, err := history.Rollback(s, 1, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.wantPlan, p, lrJSONEqual); d != "" {
				t.Errorf("Rollback() plan mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.wantWarn, warnings); d != "" {
				t.Errorf("Rollback() warnings mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			u := p.UpdateConfig[0]
			if d := cmp.Diff(u.Template, cfg.Template); d != "" {
				t.Errorf("Rollback() config template differs from the plan's (-plan +config):\n%s", d)
			}
			if cfg.Status.LatestVersion != 3 || cfg.Raw != nil {
				t.Errorf("Rollback() config latestVersion %d raw %q, want 3 and nil", cfg.Status.LatestVersion, cfg.Raw)
			}
			if u.SetTriggers && !cmp.Equal(u.Triggers, cfg.Triggers) {
				t.Errorf("Rollback() config triggers differ from the plan's")
			}
		})
	}
}

// lrJSONEqual compares raw JSON semantically.
var lrJSONEqual = cmp.FilterValues(func(a, b dcplan.RawJSON) bool { return a != nil && b != nil },
	cmp.Comparer(func(a, b dcplan.RawJSON) bool {
		var x, y any
		return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && cmp.Equal(x, y)
	}))

func TestRollbackNoImageTrigger(t *testing.T) {
	s := lrSnap(dcplan.Modern, lrConfig(2), lrRC(1, dcplan.PhaseComplete, time.Hour), lrRC(2, dcplan.PhaseComplete, 0))
	p, _, warnings, err := history.Rollback(s, 0, history.RollbackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if warnings != nil {
		t.Errorf("Rollback() warnings = %q, want none without image triggers", warnings)
	}
	if u := p.UpdateConfig[0]; u.SetTriggers || u.SetReplicas || u.SetStrategy || u.SetSelector || !u.SetTemplate {
		t.Errorf("Rollback() writes more than the template: %s", dcplan.Describe(p))
	}
}

func TestRollbackDryRun(t *testing.T) {
	s := lrSnap(dcplan.Modern, lrConfig(2), lrRC(1, dcplan.PhaseComplete, time.Hour), lrRC(2, dcplan.PhaseComplete, 0))
	want, wantCfg, _, err := history.Rollback(s, 0, history.RollbackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, cfg, _, err := history.Rollback(s, 0, history.RollbackOptions{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if !p.IsEmpty() {
		t.Errorf("Rollback(DryRun) plan = %s, want empty", dcplan.Describe(p))
	}
	if d := cmp.Diff(wantCfg, cfg); d != "" {
		t.Errorf("Rollback(DryRun) config differs from the real rollback's (-real +dry):\n%s", d)
	}
	if want.IsEmpty() {
		t.Errorf("Rollback() plan is empty")
	}
}

func TestRollbackInvalidSnapshot(t *testing.T) {
	s := lrSnap(dcplan.Modern, lrConfig(2), lrRC(1, dcplan.PhaseComplete, time.Hour), lrRC(1, dcplan.PhaseComplete, 0))
	p, _, _, err := history.Rollback(s, 1, history.RollbackOptions{})
	if !errors.Is(err, dcplan.ErrInvalidSnapshot) {
		t.Errorf("Rollback() error = %v, want ErrInvalidSnapshot", err)
	}
	if !p.IsEmpty() {
		t.Errorf("Rollback() plan = %s, want empty", dcplan.Describe(p))
	}
}

// lrScenario runs the scenario commands of List and Rollback for
// TestScenarios (scenario_test.go), reporting false for any other command:
//
//	list                     FormatList(List(snapshot))
//	history [revision=N]     View: oc's stdout as "oc: ..." (tabs shown as \t), or its error
//	undo [to=N] [dry-run=client|server]
//	                         plans Undo; prints the plan, then oc's output or error
//	rollback [rc=<name>] [to=N] [triggers] [strategy] [scaling] [dry-run]
//	                         plans Rollback (RollbackRC with rc=, `oc rollback <rc>`);
//	                         prints the plan, then (dry-run) the rolled-back DC
//	                         as "dc: ...", oc's output as "oc: ..." or its error as "oc error: ..."
func lrScenario(t *testing.T, c *scenario.Case) (string, bool) {
	switch c.Cmd {
	case "list": // list
		return history.FormatList(history.List(c.Env.Snapshot)) + "\n", true
	case "history": // history revision=2
		out, err := history.View(c.Env.Snapshot, lrVersionArg(t, c, "revision"))
		return lrOC(out, err), true
	case "undo": // undo to=2 dry-run=client|server
		dry := dcplan.DryRunNone
		if v, ok := c.Arg("dry-run"); ok {
			switch v {
			case "client":
				dry = dcplan.DryRunClient
			case "server":
				dry = dcplan.DryRunServer
			default:
				t.Fatalf("%s: undo dry-run=%q: want client or server", c.Pos, v)
			}
		}
		p, out, err := history.Undo(c.Env.Snapshot, lrVersionArg(t, c, "to"), dry)
		return c.Env.Record(p) + lrOC(out, err), true
	case "rollback": // rollback rc=web-1 to=2 triggers strategy scaling dry-run
		var to dcplan.Version
		if v, ok := c.Arg("to"); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				t.Fatalf("%s: rollback to=%q: %v", c.Pos, v, err)
			}
			to = dcplan.Version(n)
		}
		opts := history.RollbackOptions{}
		for _, w := range c.Positional() {
			switch w {
			case "triggers":
				opts.IncludeTriggers = true
			case "strategy":
				opts.IncludeStrategy = true
			case "scaling":
				opts.IncludeScalingSettings = true
			case "dry-run":
				opts.DryRun = true
			default:
				t.Fatalf("%s: rollback: unknown flag %q", c.Pos, w)
			}
		}
		rc, byRC := c.Arg("rc")
		var (
			p        dcplan.Plan
			cfg      dcplan.Config
			warnings []string
			err      error
		)
		if byRC {
			p, cfg, warnings, err = history.RollbackRC(c.Env.Snapshot, rc, to, opts)
		} else {
			p, cfg, warnings, err = history.Rollback(c.Env.Snapshot, to, opts)
		}
		var b strings.Builder
		b.WriteString(c.Env.Record(p))
		if err != nil {
			for l := range strings.Lines(err.Error() + "\n") {
				b.WriteString("oc error: " + l)
			}
			return b.String(), true
		}
		if opts.DryRun {
			b.WriteString("dc: " + lrDescribeConfig(cfg) + "\n")
		}
		target := rc // oc names the RC given (SPEC 6m.4.b.3.rc)
		if !byRC {
			d, terr := history.RollbackTarget(c.Env.Snapshot, to)
			if terr != nil {
				t.Fatalf("%s: Rollback succeeded but RollbackTarget failed: %v", c.Pos, terr)
			}
			target = d.Name
		}
		out := history.RolledBackMessage(cfg, target, c.Env.Snapshot.Settings.Switches) + "\n"
		for _, w := range warnings {
			out += w + "\n"
		}
		if opts.DryRun && !c.Env.Snapshot.Settings.SeedRollbackText {
			// Today's oc prints only the dry-run line (SPEC 6m.4b.5).
			out = history.RollbackDryRunMessage(cfg.Name, target) + "\n"
		}
		for l := range strings.Lines(out) {
			b.WriteString("oc: " + l)
		}
		return b.String(), true
	}
	return "", false
}

// lrDescribeConfig renders what a rollback changes in a DC on one line.
func lrDescribeConfig(c dcplan.Config) string {
	var images, triggers, selector []string
	for _, ct := range c.Template.Containers {
		images = append(images, ct.Image)
	}
	for _, tr := range c.Triggers {
		s := tr.Type.String()
		if tr.Type == dcplan.TriggerImageChange {
			s += "(" + tr.FromName
			if tr.Automatic {
				s += ",auto"
			}
			s += ")"
		}
		triggers = append(triggers, s)
	}
	for _, kv := range c.Selector {
		selector = append(selector, kv.Key+"="+kv.Value)
	}
	return fmt.Sprintf("%s latest=%d replicas=%d strategy=%s image=%s triggers=%s selector=%s", c.Name,
		c.Status.LatestVersion, c.Replicas, c.Strategy.Type, strings.Join(images, ","),
		strings.Join(triggers, ","), strings.Join(selector, ","))
}

// rollbackSnapshots are generated snapshots with at least two RCs (the
// others are refused before anything interesting happens).
var rollbackSnapshots = gen.Snapshot().Filter(func(s dcplan.Snapshot) bool { return len(s.Deployments) >= 2 })

// TestRollbackProperties checks, on generated snapshots, that Rollback
// never deletes or creates anything, writes only the DC (spec, then the
// +1 status), leaves every image trigger of the result manual, takes the
// template of an RC of the DC, and never mutates its input; DryRun plans
// nothing and returns the same DC.
func TestRollbackProperties(t *testing.T) {
	var reached struct{ planned, refused, warned int }
	gen.CheckReaching(t, func(t *rapid.T) {
		s := rollbackSnapshots.Draw(t, "snapshot")
		if rapid.IntRange(0, 3).Draw(t, "unpause") > 0 {
			s.Config.Paused = false // paused DCs are refused: three in four are not
		}
		var candidates []dcplan.Version
		for _, d := range s.Deployments {
			candidates = append(candidates, d.Version)
		}
		// Three times in four an RC's version, else 0 (the previous one),
		// a version no RC has, or a negative one; rapid draws the ends of
		// a range more often than its middle.
		to := rapid.SampledFrom(candidates).Draw(t, "to")
		if rapid.IntRange(0, 3).Draw(t, "toOther") == 0 {
			to = rapid.SampledFrom([]dcplan.Version{0, 7, -1}).Draw(t, "toOther")
		}
		opts := history.RollbackOptions{
			IncludeTriggers:        rapid.Bool().Draw(t, "triggers"),
			IncludeStrategy:        rapid.Bool().Draw(t, "strategy"),
			IncludeScalingSettings: rapid.Bool().Draw(t, "scaling"),
		}
		before := s.Clone()
		p, cfg, warnings, err := history.Rollback(s, to, opts)
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("Rollback() mutated its input (-before +after):\n%s", d)
		}
		if err != nil {
			if !p.IsEmpty() || warnings != nil {
				t.Fatalf("Rollback() refused (%v) with a plan or warnings", err)
			}
			var re *dcplan.Refusal
			if !errors.As(err, &re) && !errors.Is(err, dcplan.ErrInvalidSnapshot) {
				t.Fatalf("Rollback() error %T %v is neither a Refusal nor invalid input", err, err)
			}
			reached.refused++
			return
		}
		if len(p.DeleteRCs)+len(p.DeletePods)+len(p.CreateRCs)+len(p.CreatePods)+len(p.Cancels)+len(p.Scales)+len(p.Transitions) != 0 {
			t.Fatalf("Rollback() touches RCs or pods:\n%s", dcplan.Describe(p))
		}
		if len(p.UpdateConfig) != 1 || p.Status != nil || p.Actions() != 1 || !p.UpdateConfig[0].SetLatestVersion {
			t.Fatalf("Rollback() plan is not one update of the DC, latestVersion included (SPEC 6m.4a):\n%s", dcplan.Describe(p))
		}
		if up := p.UpdateConfig[0]; up.LatestVersionTo != s.Config.Status.LatestVersion+1 || cfg.Status.LatestVersion != up.LatestVersionTo {
			t.Fatalf("Rollback() latestVersion %d -> %d (config %d)", s.Config.Status.LatestVersion, up.LatestVersionTo, cfg.Status.LatestVersion)
		}
		n := 0
		for _, tr := range cfg.Triggers {
			if tr.Type == dcplan.TriggerImageChange {
				n++
				if tr.Automatic {
					t.Fatalf("Rollback() left an automatic image trigger: %+v", tr)
				}
			}
		}
		if n != len(warnings) {
			t.Fatalf("Rollback() %d image triggers, %d warnings", n, len(warnings))
		}
		found := false
		for _, d := range s.Deployments {
			if d.Encoded != nil && d.Encoded.Template.Hash == cfg.Template.Hash {
				found = true
			}
		}
		if !found {
			t.Fatalf("Rollback() template %s is no RC's", cfg.Template.Hash)
		}
		opts.DryRun = true
		dp, dcfg, _, derr := history.Rollback(s, to, opts)
		if derr != nil || !dp.IsEmpty() {
			t.Fatalf("Rollback(DryRun) = %s, %v", dcplan.Describe(dp), derr)
		}
		if d := cmp.Diff(cfg, dcfg); d != "" {
			t.Fatalf("Rollback(DryRun) config differs (-real +dry):\n%s", d)
		}
		reached.planned++
		if len(warnings) > 0 {
			reached.warned++
		}
	}, func() bool { return reached.planned > 0 && reached.refused > 0 && reached.warned > 0 })
	if reached.planned == 0 || reached.refused == 0 || reached.warned == 0 {
		t.Errorf("generator did not reach every branch: %+v", reached)
	}
}

// TestListProperties checks that List has one row per labelled RC, oldest
// first, and never mutates its input.
func TestListProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		before := s.Clone()
		rows := history.List(s)
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("List() mutated its input (-before +after):\n%s", d)
		}
		want := 0
		for _, d := range s.Deployments {
			if d.ConfigLabel == s.Config.Name {
				want++
			}
		}
		if len(rows) != want {
			t.Fatalf("List() has %d rows, want %d", len(rows), want)
		}
		for i := 1; i < len(rows); i++ {
			if rows[i-1].Version > rows[i].Version {
				t.Fatalf("List() not oldest first: %d before %d", rows[i-1].Version, rows[i].Version)
			}
		}
		if got := strings.Count(history.FormatList(rows), "\n"); len(rows) > 0 && got != len(rows)+1 {
			t.Fatalf("FormatList() has %d lines for %d rows", got, len(rows))
		}
	})
}

func ExampleRollback() {
	tpl := func(image string) dcplan.Template {
		return wire.TemplateFor(dcplan.Container{Name: "app", Image: image})
	}
	dc := func(v dcplan.Version, image string) dcplan.Config {
		return dcplan.Config{Namespace: "shop", Name: "frontend", Replicas: 3, Template: tpl(image),
			Triggers: []dcplan.Trigger{{Type: dcplan.TriggerConfigChange},
				{Type: dcplan.TriggerImageChange, Automatic: true, ContainerNames: []string{"app"},
					FromKind: "ImageStreamTag", FromName: "frontend:latest", LastTriggeredImage: image}},
			Status: dcplan.ConfigStatus{LatestVersion: v}}
	}
	rc := func(v dcplan.Version, p dcplan.Phase, image string) dcplan.Deployment {
		return dcplan.Deployment{Namespace: "shop", Name: dcplan.DeploymentName("frontend", v), ConfigLabel: "frontend",
			Version: v, Phase: p, Encoded: new(dc(v, image)), Template: tpl(image)}
	}
	s := dcplan.Snapshot{
		Config: dc(3, "app:3"),
		Deployments: []dcplan.Deployment{
			rc(1, dcplan.PhaseComplete, "app:1"), rc(2, dcplan.PhaseFailed, "app:2"), rc(3, dcplan.PhaseComplete, "app:3"),
		},
	}
	_, cfg, warnings, err := history.Rollback(s, 0, history.RollbackOptions{DryRun: true})
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	target, _ := history.RollbackTarget(s, 0)
	fmt.Println(cfg.Template.Containers[0].Image, cfg.Status.LatestVersion, cfg.Triggers[1].Automatic)
	fmt.Println(history.RolledBackMessage(cfg, target.Name, dcplan.Modern.Switches()))
	fmt.Println(warnings[0])
	// Output:
	// app:1 4 false
	// deploymentconfig.apps.openshift.io/frontend deployment #4 rolled back to frontend-1
	// Warning: the following images triggers were disabled: frontend:latest
	//   You can re-enable them with: oc set triggers dc/frontend --auto
}

func ExampleRollback_refused() {
	s := dcplan.Snapshot{Config: dcplan.Config{Name: "frontend", Status: dcplan.ConfigStatus{LatestVersion: 2}},
		Deployments: []dcplan.Deployment{{Name: "frontend-2", ConfigLabel: "frontend", Version: 2, Phase: dcplan.PhaseComplete}}}
	_, _, _, err := history.Rollback(s, 2, history.RollbackOptions{})
	fmt.Println(err)
	fmt.Println(errors.Is(err, history.ErrCurrentRevision))
	// Output:
	// The DeploymentConfigRollback "frontend" is invalid: name: Invalid value: "frontend": version 2 is already the latest
	// true
}

// lrHistory is a snapshot of DC "web" with n Complete RCs, each encoding
// its own template.
func lrHistory(n int) dcplan.Snapshot {
	s := lrSnap(dcplan.Modern, lrConfig(dcplan.Version(n)))
	for v := 1; v <= n; v++ {
		s.Deployments = append(s.Deployments, lrRC(dcplan.Version(v), dcplan.PhaseComplete, time.Duration(n-v)*time.Hour))
	}
	return s
}

func BenchmarkRollback(b *testing.B) {
	for _, n := range []int{2, 10, 100, 1000, 10000} {
		s := lrHistory(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, _, err := history.Rollback(s, 0, history.RollbackOptions{IncludeStrategy: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkList(b *testing.B) {
	for _, n := range []int{1, 10, 100, 1000, 10000} {
		s := lrHistory(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = history.FormatList(history.List(s))
			}
		})
	}
}

// FuzzRollback decodes arbitrary `oc get dc,rc,pods -o json` documents and
// checks that Rollback never panics, never mutates its input, answers the
// same when asked again, plans nothing on a refusal or a dry run, and
// plans only DC writes.
func FuzzRollback(f *testing.F) {
	data := fixture(f, "list-dc-rc-pods.json")
	f.Add(data, int64(0), uint8(0), uint8(0))
	f.Add(data, int64(1), uint8(1), uint8(7))
	f.Add(data, int64(2), uint8(2), uint8(15))
	f.Fuzz(func(t *testing.T, data []byte, to int64, profile, flags uint8) {
		s, err := wire.DecodeSnapshot(data, "shop", "frontend", fixtureNow, dcplan.Settings{Switches: dcplan.Preset(profile % 5).Switches()})
		if err != nil {
			return
		}
		opts := history.RollbackOptions{IncludeTriggers: flags&1 != 0, IncludeStrategy: flags&2 != 0,
			IncludeScalingSettings: flags&4 != 0, DryRun: flags&8 != 0}
		before := s.Clone()
		p, cfg, warnings, err := history.Rollback(s, dcplan.Version(to), opts)
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("Rollback() mutated its input:\n%s", d)
		}
		p2, cfg2, warnings2, err2 := history.Rollback(s, dcplan.Version(to), opts)
		if lrErrString(err2) != lrErrString(err) || !cmp.Equal(p, p2) || !cmp.Equal(cfg, cfg2) || !cmp.Equal(warnings, warnings2) {
			t.Fatalf("Rollback() answers differently for the same snapshot (%v, then %v):\n%s%s", err, err2, cmp.Diff(p, p2), cmp.Diff(cfg, cfg2))
		}
		if (err != nil || opts.DryRun) && !p.IsEmpty() {
			t.Fatalf("Rollback() (err %v, dry run %v) planned:\n%s", err, opts.DryRun, dcplan.Describe(p))
		}
		if p.Actions() != len(p.UpdateConfig)+len(p.Events) {
			t.Fatalf("Rollback() plans more than the DC's write and events:\n%s", dcplan.Describe(p))
		}
	})
}

// lrVersionArg reads the version argument key of c, 0 when absent.
func lrVersionArg(t *testing.T, c *scenario.Case, key string) dcplan.Version {
	v, ok := c.Arg(key)
	if !ok {
		return 0
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		t.Fatalf("%s: %s=%q: %v", c.Pos, key, v, err)
	}
	return dcplan.Version(n)
}

// lrOC prefixes each line oc prints with "oc: " (tabs shown as \t, so the
// exact padding is visible) and each line of its error with "oc error: ".
func lrOC(out string, err error) string {
	var b strings.Builder
	for l := range strings.Lines(out) {
		b.WriteString("oc: " + strings.ReplaceAll(l, "\t", `\t`))
	}
	if err != nil {
		for l := range strings.Lines(err.Error() + "\n") {
			b.WriteString("oc error: " + l)
		}
	}
	return b.String()
}

// SPEC 6m.4a server side, 13.1: the rollback subresource decodes the
// revision's encoded-deployment-config annotation; one present but
// undecodable is refused with the decoder's words after `couldn't decode
// deployment config from deployment: `, not as a missing annotation, by
// `oc rollback` and `oc rollout undo` alike.
func TestRollbackUndecodableEncodedConfigSaysWhy(t *testing.T) {
	h := time.Hour
	const why = "couldn't get version/kind; json parse error: unexpected end of JSON input"
	bad := lrRC(2, dcplan.PhaseComplete, 2*h)
	bad.Encoded, bad.EncodedProblem = nil, why
	s := lrSnap(dcplan.Exact, lrConfig(3), lrRC(1, dcplan.PhaseComplete, 3*h), bad, lrRC(3, dcplan.PhaseComplete, h))
	const detail = "couldn't decode deployment config from deployment: " + why
	want := `The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": ` + detail
	_, _, _, err := history.Rollback(s, 2, history.RollbackOptions{})
	if d := cmp.Diff(want, lrErrString(err)); d != "" {
		t.Errorf("Rollback() error mismatch (-want +got):\n%s", d)
	}
	if !errors.Is(err, history.ErrNoEncodedConfig) {
		t.Errorf("Rollback() error %v is not ErrNoEncodedConfig", err)
	}
	_, _, err = history.Undo(s, 2, dcplan.DryRunNone)
	if d := cmp.Diff(want, lrErrString(err)); d != "" {
		t.Errorf("Undo() error mismatch (-want +got):\n%s", d)
	}
}
