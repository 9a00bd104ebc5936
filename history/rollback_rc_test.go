package history_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/internal/mutation"
)

// Reference: oc (*RollbackOptions).Run, the ReplicationController case;
// apiserver rollback (*REST).Create.
func TestRollbackRCRefusals(t *testing.T) {
	h := time.Hour
	std := []dcplan.Deployment{
		lrRC(1, dcplan.PhaseComplete, 3*h), lrRC(2, dcplan.PhaseFailed, 2*h), lrRC(3, dcplan.PhaseComplete, h),
	}
	paused := lrConfig(3)
	paused.Paused = true
	foreign := lrRC(2, dcplan.PhaseComplete, 2*h)
	foreign.ConfigName = "other"
	noEnc := lrRC(1, dcplan.PhaseComplete, 3*h)
	noEnc.Encoded = nil
	tests := []struct {
		name    string
		why     string
		profile dcplan.Preset
		cfg     dcplan.Config
		rcs     []dcplan.Deployment
		rc      string
		to      dcplan.Version
		wantErr string
		wantIs  error
	}{
		{"6m.4.b.1: negative", "oc Validate: --to-version must be >= 0, RC or not", dcplan.Modern, lrConfig(3), std, "web-1", -1,
			"the to version must be >= 0", history.ErrInvalidRevision},
		{"6m.4.b.3.rc: not in the snapshot", "the caller's snapshot lacks the RC it resolved", dcplan.Exact, lrConfig(3), std, "web-9", 0,
			`dcplan: invalid snapshot: rollback: rc "web-9" is not in the snapshot of deployment config "web"`, dcplan.ErrInvalidSnapshot},
		{"6m.4.b.3.rc: another DC's RC", "the RC's annotation names another DC than the snapshot's", dcplan.Modern, lrConfig(3),
			[]dcplan.Deployment{lrRC(1, dcplan.PhaseComplete, 3*h), foreign, lrRC(3, dcplan.PhaseComplete, h)}, "web-2", 0,
			`dcplan: invalid snapshot: rollback: rc "web-2" names deployment config "other", not "web"`, dcplan.ErrInvalidSnapshot},
		{"6m.4.b.3.rc: paused", "the DC the RC names is paused", dcplan.Modern, paused, std, "web-1", 0,
			"cannot rollback a paused deployment config", history.ErrRollbackPaused},
		{"6m.4.b.3.rc: paused exact", "the same text in every preset", dcplan.Exact, paused, std, "web-1", 0,
			"cannot rollback a paused deployment config", history.ErrRollbackPaused},
		{"6m.4.b.3.rc: undeployed", "server: latestVersion 0", dcplan.Modern, lrConfig(0), std, "web-1", 0,
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": cannot rollback an undeployed config`, history.ErrNoPreviousRevision},
		{"6m.4.b.3.rc: only one", "server: latestVersion 1", dcplan.Exact, lrConfig(1), std, "web-1", 0,
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": no previous deployment exists for "ns/web"`, history.ErrNoPreviousRevision},
		{"6m.4.b.3.rc: exact to the latest", "Exact: the server checks --to-version, which it honours", dcplan.Exact, lrConfig(3), std, "web-1", 3,
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": version 3 is already the latest`, history.ErrCurrentRevision},
		{"6m.4.b.3.rc: modern the latest RC", "Modern: the RC given is the latest, as the server says of that revision", dcplan.Modern, lrConfig(3), std, "web-3", 0,
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": version 3 is already the latest`, history.ErrCurrentRevision},
		{"6m.4.b.3.rc: exact previous pruned", "Exact: the server takes latestVersion-1, which is gone", dcplan.Exact, lrConfig(3),
			[]dcplan.Deployment{lrRC(1, dcplan.PhaseComplete, 3*h), lrRC(3, dcplan.PhaseComplete, h)}, "web-1", 0,
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": replicationcontrollers "web-2" not found`, history.ErrRevisionNotFound},
		{"6m.4.b.3.rc: no encoded config", "Modern: the RC given must carry its DC", dcplan.Modern, lrConfig(3),
			[]dcplan.Deployment{noEnc, lrRC(3, dcplan.PhaseComplete, h)}, "web-1", 0,
			`The DeploymentConfigRollback "web" is invalid: name: Invalid value: "web": couldn't decode deployment config from deployment: object web-1 does not have encoded deployment config annotation`,
			history.ErrNoEncodedConfig},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, cfg, warnings, err := history.RollbackRC(lrSnap(tt.profile, tt.cfg, tt.rcs...), tt.rc, tt.to, history.RollbackOptions{})
			checkRefused(t, "RollbackRC", tt.why, tt.wantErr, tt.wantIs, p, cfg, warnings, err)
		})
	}
}

// Reference: oc (*RollbackOptions).Run, the ReplicationController case
// (target = the RC, spec.revision = --to-version); apiserver rollback
// (*REST).Create, which ignores spec.from.
func TestRollbackRCRevision(t *testing.T) {
	h := time.Hour
	rcs := []dcplan.Deployment{
		lrRC(1, dcplan.PhaseComplete, 4*h), lrRC(2, dcplan.PhaseComplete, 3*h), lrRC(3, dcplan.PhaseFailed, 2*h), lrRC(4, dcplan.PhaseComplete, h),
	}
	tests := []struct {
		name      string
		why       string
		profile   dcplan.Preset
		rc        string
		to        dcplan.Version
		wantImage string
		wantMsg   string
	}{
		{"6m.4.b.3.rc: modern the RC given", "Modern: the RC named is the one rolled back to", dcplan.Modern, "web-1", 0, "app:v1",
			"deploymentconfig.apps.openshift.io/web deployment #5 rolled back to web-1"},
		{"6m.4.b.3.rc: modern a failed RC", "Modern: the RC named, whatever its phase", dcplan.Modern, "web-3", 0, "app:v3",
			"deploymentconfig.apps.openshift.io/web deployment #5 rolled back to web-3"},
		{"6m.4.b.3.rc: modern ignores to-version", "Modern: --to-version is ignored for an RC, as its help says", dcplan.Modern, "web-1", 2, "app:v1",
			"deploymentconfig.apps.openshift.io/web deployment #5 rolled back to web-1"},
		{"6m.4.b.3.rc: exact previous", "Exact: the server ignores spec.from and takes latestVersion-1 while oc names web-1", dcplan.Exact, "web-1", 0, "app:v3",
			"deploymentconfig.apps.openshift.io/web deployment #5 rolled back to web-1"},
		{"6m.4.b.3.rc: exact to-version", "Exact: the server takes --to-version while oc names web-1", dcplan.Exact, "web-1", 2, "app:v2",
			"deploymentconfig.apps.openshift.io/web deployment #5 rolled back to web-1"},
		{"6m.4.b.3.rc: origin text", "Origin: the server's choice and the seed's success line", dcplan.Origin, "web-2", 0, "app:v3",
			"#5 rolled back to web-2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := lrSnap(tt.profile, lrConfig(4), rcs...)
			before := s.Clone()
			p, cfg, _, err := history.RollbackRC(s, tt.rc, tt.to, history.RollbackOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if d := mutation.Diff(before, s); d != "" {
				t.Fatalf("RollbackRC() mutated its input (-before +after):\n%s", d)
			}
			if d := cmp.Diff(tt.wantImage, lrImage(cfg.Template)); d != "" {
				t.Errorf("RollbackRC() template mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.wantMsg, history.RolledBackMessage(cfg, tt.rc, tt.profile.Switches())); d != "" {
				t.Errorf("RolledBackMessage() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if len(p.UpdateConfig) != 1 || p.UpdateConfig[0].Rule != history.RuleRollback || p.UpdateConfig[0].LatestVersionTo != 5 {
				t.Errorf("RollbackRC() plan is not Rollback's one DC write:\n%s", dcplan.Describe(p))
			}
		})
	}
}

// TestRollbackRCProperties checks, on generated snapshots, that `oc
// rollback <rc>` for the RC `oc rollback dc/<dc>` picks without
// --to-version gives exactly what the DC form gives, in every preset
// (metamorphic: Modern rolls back to that RC either way, the others to
// latestVersion − 1 either way); that in Exact and the seeds, for any RC
// of the DC and any --to-version that Rollback accepts, the RC given plays
// no part (the server ignores spec.from); and that RollbackRC never
// mutates its input, refuses with an empty plan, and plans only the DC.
func TestRollbackRCProperties(t *testing.T) {
	var reached struct{ same, ignored, refused int }
	gen.CheckReaching(t, func(t *rapid.T) {
		s := rollbackSnapshots.Draw(t, "snapshot")
		if rapid.IntRange(0, 3).Draw(t, "unpause") > 0 {
			s.Config.Paused = false
		}
		opts := history.RollbackOptions{
			IncludeTriggers:        rapid.Bool().Draw(t, "triggers"),
			IncludeStrategy:        rapid.Bool().Draw(t, "strategy"),
			IncludeScalingSettings: rapid.Bool().Draw(t, "scaling"),
			DryRun:                 rapid.Bool().Draw(t, "dry"),
		}
		rc := rapid.SampledFrom(s.Deployments).Draw(t, "rc").Name
		to := dcplan.Version(rapid.IntRange(-1, 4).Draw(t, "to"))
		before := s.Clone()
		p, cfg, warnings, err := history.RollbackRC(s, rc, to, opts)
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("RollbackRC() mutated its input (-before +after):\n%s", d)
		}
		if err != nil {
			if !p.IsEmpty() || cfg.Name != "" || warnings != nil {
				t.Fatalf("RollbackRC() refused (%v) with a plan, config or warnings", err)
			}
			reached.refused++
		} else if len(p.UpdateConfig) != p.Actions() || opts.DryRun != p.IsEmpty() {
			t.Fatalf("RollbackRC() (dry run %v) planned:\n%s", opts.DryRun, dcplan.Describe(p))
		}

		if target, terr := history.RollbackTarget(s, 0); terr == nil && target.ConfigName == s.Config.Name {
			if _, ok := s.Deployment(target.Name); ok {
				wp, wcfg, ww, werr := history.Rollback(s, 0, opts)
				gp, gcfg, gw, gerr := history.RollbackRC(s, target.Name, 0, opts)
				if lrErrString(werr) != lrErrString(gerr) || !cmp.Equal(wp, gp, lrJSONEqual) || !cmp.Equal(wcfg, gcfg, lrJSONEqual) || !cmp.Equal(ww, gw) {
					t.Fatalf("rollback dc/%s = %s, %v; rollback %s = %s, %v", s.Config.Name, dcplan.Describe(wp), werr, target.Name, dcplan.Describe(gp), gerr)
				}
				reached.same++
			}
		}

		if s.Settings.RollbackToPrevious && err == nil {
			for _, other := range s.Deployments {
				if other.ConfigName != s.Config.Name || other.Name == rc {
					continue
				}
				op, ocfg, _, oerr := history.RollbackRC(s, other.Name, to, opts)
				if oerr != nil || !cmp.Equal(p, op, lrJSONEqual) || !cmp.Equal(cfg, ocfg, lrJSONEqual) {
					t.Fatalf("Exact: rollback %s and rollback %s differ: %s vs %s (%v)", rc, other.Name, dcplan.Describe(p), dcplan.Describe(op), oerr)
				}
				reached.ignored++
			}
		}
	}, func() bool { return reached.same > 0 && reached.ignored > 0 && reached.refused > 0 })
	if reached.same == 0 || reached.ignored == 0 || reached.refused == 0 {
		t.Errorf("generator did not reach every branch: %+v", reached)
	}
}
