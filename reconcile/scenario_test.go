package reconcile_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/reconcile"
)

// TestScenarios runs the scenario files under testdata (see
// internal/scenario/README.md). Commands of this package:
//
//	config                      plans Config over the snapshot
//	all                         plans All over the snapshot
//	instantiate [latest] [force]
//	pause / resume
//	rollout-latest [again] [dry-run]
//	fail cancel|scale|delete|other [n=<i>] err=<text>
//	                            OnFailure for the i-th (from 0) action of
//	                            that kind in the last plan, failed with err
//	                            (the last plan stays recorded)
//
// The user operations print their plan, then `error: <text>` when they
// fail, or `report: <revision> <text>` for rollout-latest.
func TestScenarios(t *testing.T) {
	scenario.RunDir(t, "testdata", func(t *testing.T, c *scenario.Case) string {
		has := func(flag string) bool { _, ok := c.Arg(flag); return ok }
		s := c.Env.Snapshot
		switch c.Cmd {
		case "config": // config
			return c.Env.Record(reconcile.Config(s))
		case "all": // all
			return c.Env.Record(reconcile.All(s))
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
			switch v, _ := c.Arg("dry-run"); {
			case has("dry-run") && (v == "" || v == "client"):
				mode = dcplan.DryRunClient
			case v == "server":
				mode = dcplan.DryRunServer
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
		case "fail": // fail scale n=1 err="conflict"
			return dcplan.Describe(onFailure(t, c)) // the plan stays the last recorded one
		}
		return c.Env.Handle(t, c)
	})
}

// onFailure runs reconcile.OnFailure for the action named by the fail
// command's arguments in the last recorded plan.
func onFailure(t *testing.T, c *scenario.Case) dcplan.Plan {
	if !c.Env.HasPlan {
		t.Fatalf("%s: fail needs a plan first", c.Pos)
	}
	p := c.Env.Plan
	errText, _ := c.Arg("err")
	i := 0
	if n, ok := c.Arg("n"); ok {
		var err error
		if i, err = strconv.Atoi(n); err != nil {
			t.Fatalf("%s: fail: n=%q: %v", c.Pos, n, err)
		}
	}
	kind := c.Positional()
	if len(kind) != 1 {
		t.Fatalf("%s: fail needs one of cancel, scale, delete, other", c.Pos)
	}
	pick := func(n int) {
		if i >= n {
			t.Fatalf("%s: fail %s n=%d: the plan has %d", c.Pos, kind[0], i, n)
		}
	}
	var action any
	switch kind[0] {
	case "cancel":
		pick(len(p.Cancels))
		action = p.Cancels[i]
	case "scale":
		pick(len(p.Scales))
		action = p.Scales[i]
	case "delete":
		pick(len(p.DeleteRCs))
		action = p.DeleteRCs[i]
	case "other":
		action = p.Status
	default:
		t.Fatalf("%s: fail: unknown action kind %q", c.Pos, kind[0])
	}
	return reconcile.OnFailure(c.Env.Snapshot, p, action, errText)
}

func withError(out string, err error) string {
	if err != nil {
		return out + "error: " + strings.ReplaceAll(err.Error(), "\n", `\n`) + "\n"
	}
	return out
}
