package reconcile_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
)

// TestScenarios runs the scenario files under testdata (see
// internal/scenario/README.md). Commands of this package:
//
//	config                      plans Config over the snapshot
//	all                         plans All over the snapshot
//	step rc=<name>              plans the deployer's phase.Step for one RC
//	instantiate [latest] [force]
//	pause / resume
//	rollout-latest [again] [dry-run]
//
// The user operations print their plan, then `error: <text>` when they
// fail, or `report: <revision> <text>` for rollout-latest.
func TestScenarios(t *testing.T) {
	scenario.RunDir(t, "testdata", func(t *testing.T, c *scenario.Case) string {
		has := func(flag string) bool { return c.Flag(t, flag) }
		s := c.Env.Snapshot
		switch c.Cmd {
		case "config": // config
			return c.Env.Record(reconcile.Config(s))
		case "all": // all
			return c.Env.Record(reconcile.All(s))
		case "step": // step rc=web-2
			rc, ok := c.Arg("rc")
			if !ok {
				t.Fatalf("%s: step needs rc=<name>", c.Pos)
			}
			return c.Env.Record(phase.Step(s, rc))
		case "instantiate": // instantiate latest force
			p, err := reconcile.Instantiate(s, has("latest"), has("force"))
			return withError(c.Env.Record(p), err)
		case "pause": // pause
			p, err := reconcile.Pause(s)
			return withError(c.Env.Record(p), err)
		case "resume": // resume
			p, err := reconcile.Resume(s)
			return withError(c.Env.Record(p), err)
		case "rollout-latest": // rollout-latest again dry-run=client|server
			mode := dcplan.DryRunNone
			if v, ok := c.Arg("dry-run"); ok {
				switch v {
				case "", "client":
					mode = dcplan.DryRunClient
				case "server":
					mode = dcplan.DryRunServer
				default:
					t.Fatalf("%s: dry-run=%q: want client or server", c.Pos, v)
				}
			}
			p, report, err := reconcile.RolloutLatest(s, has("again"), mode)
			out := withError(c.Env.Record(p), err)
			if err == nil {
				out += fmt.Sprintf("report: %d %s\n", report.Revision, report.Text)
			}
			return out
		case "deploy-latest": // deploy-latest
			p, report, err := reconcile.DeployLatest(s)
			out := withError(c.Env.Record(p), err)
			if err == nil {
				out += fmt.Sprintf("report: %d %s\n", report.Revision, report.Text)
			}
			return out
		}
		return c.Env.Handle(t, c)
	})
}

func withError(out string, err error) string {
	if err != nil {
		return out + "error: " + strings.ReplaceAll(err.Error(), "\n", `\n`) + "\n"
	}
	return out
}
