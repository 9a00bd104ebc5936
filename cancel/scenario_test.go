package cancel_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/internal/scenario"
)

// TestScenarios runs the scenario files of testdata/ (format:
// internal/scenario/README.md). Commands of this package:
//
//	cancel                      plans Cancel; prints the plan, then oc's output ("oc: ") or error ("oc error: ")
//	retry                       plans Retry; same output
//	cancel-failed <v>=<err> ... plans Cancel and renders Failed with those write errors
func TestScenarios(t *testing.T) {
	scenario.RunDir(t, "testdata", func(t *testing.T, c *scenario.Case) string {
		switch c.Cmd {
		case "cancel": // cancel
			p, r, err := cancel.Cancel(c.Env.Snapshot)
			if err == nil {
				err = r.Err()
			}
			return c.Env.Record(p) + ocOutput(r.String(), err)
		case "retry": // retry
			p, r, err := cancel.Retry(c.Env.Snapshot)
			return c.Env.Record(p) + ocOutput(r.String(), err)
		case "cancel-failed": // cancel-failed 3="the object has been modified"
			var failures []cancel.Failure
			for _, a := range c.Each() {
				v, err := strconv.ParseInt(a.Key, 10, 64)
				if err != nil || !a.HasVal {
					t.Fatalf("%s: cancel-failed wants <version>=<error>, got %q", c.Pos, a.Key)
				}
				failures = append(failures, cancel.Failure{Version: dcplan.Version(v), Err: errors.New(a.Val)})
			}
			_, r, err := cancel.Cancel(c.Env.Snapshot)
			if err != nil {
				return ocOutput("", err)
			}
			return ocOutput(cancel.Failed(r, failures))
		}
		return c.Env.Handle(t, c)
	})
}

// ocOutput prefixes each line oc prints with "oc: " and each line of its
// error with "oc error: ".
func ocOutput(out string, err error) string {
	var b strings.Builder
	for l := range strings.Lines(out) {
		b.WriteString("oc: " + l)
	}
	if err != nil {
		for l := range strings.Lines(err.Error() + "\n") {
			b.WriteString("oc error: " + l)
		}
	}
	return b.String()
}
