package history_test

import (
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/internal/scenario"
)

// TestScenarios runs testdata/*.txt. Commands (besides the built-in ones):
//
//	latest              history.Latest: "candidate <rc> exists=<bool>" or "none"
//	active              history.Active: the RC name or "none"
//	prunable            history.Prunable: one RC per line, or "none"
//	todelete            history.ToDelete: one RC per line, or "none"
//	describe [rc=<name>] [first]
//	                    history.Describe of one RC (test = the DC's spec.test), or of
//	                    every RC newest first, the first one with first=true
//	duration d=<Go duration>
//	                    history.HumanDuration
//	list, rollback      see lrScenario in rollback_test.go
//	resolve arg=<arg> [to=N]
//	                    see raScenario in rollbackarg_test.go
func TestScenarios(t *testing.T) {
	scenario.RunDir(t, "testdata", func(t *testing.T, c *scenario.Case) string {
		if out, ok := lrScenario(t, c); ok { // list, rollback: see rollback_test.go
			return out
		}
		if c.Cmd == "resolve" { // see raScenario in rollbackarg_test.go
			return raScenario(t, c)
		}
		s := c.Env.Snapshot
		switch c.Cmd {
		case "latest":
			l := history.Latest(&s.Config, s.Deployments)
			if l.Candidate == nil {
				return "none"
			}
			return "candidate " + l.Candidate.Name + " exists=" + boolText(l.Exists)
		case "active":
			if d := history.Active(s.Deployments); d != nil {
				return d.Name
			}
			return "none"
		case "prunable":
			return nameLines(history.Prunable(&s.Config, s.Deployments))
		case "todelete":
			return nameLines(history.ToDelete(&s.Config, s.Deployments))
		case "describe":
			if rc, ok := c.Arg("rc"); ok {
				d, found := s.Deployment(rc)
				if !found {
					return "error: no rc " + rc
				}
				first := c.Flag(t, "first")
				return history.Describe(d, first, s.Config.Test, s.Now)
			}
			var b strings.Builder
			for i, d := range history.NewestFirst(s.Deployments) {
				b.WriteString(history.Describe(d, i == 0, s.Config.Test, s.Now) + "\n")
			}
			return b.String()
		case "duration":
			v, ok := c.Arg("d")
			if !ok {
				t.Fatalf("%s: duration needs d=<duration>", c.Pos)
			}
			d, err := time.ParseDuration(v)
			if err != nil {
				return "error: " + err.Error()
			}
			return history.HumanDuration(d)
		}
		return c.Env.Handle(t, c)
	})
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func nameLines(ds []dcplan.Deployment) string {
	if len(ds) == 0 {
		return "none"
	}
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.Name + "\n")
	}
	return b.String()
}
