package conditions_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/internal/dcstatus"
	"github.com/dcplan/dcplan/internal/scenario"
)

// TestScenarios runs testdata/*.txt with the commands of this package
// (rollout-status [revision=N]: conditions.RolloutStatus, its state, then
// stdout as "oc: ..." and stderr as "oc stderr: ..."):
//
//	rollout-watch [revision=N] [no-watch] [no-resource]
//	    oc rollout status dc/<dc> begins (StatusOptions.Validate, then
//	    NewWatch): "watching dc/<dc>", or the refusal as the command's end
//	    ("oc stderr: ..." lines, "exit <code>"). no-resource drops the
//	    dc/<dc> argument.
//	watch-event added|modified|deleted|timeout|other [wire=<type>] [object=<text>]
//	    one event of the watch begun last (Watch.Step), Added and Modified
//	    carrying the current snapshot: stdout as "oc: ..." lines; when the
//	    watch ends, "ended" and the command's end (EndStatus of one
//	    object); after the end, "ignored".
//
//	status [bump] [created] [create-error=<msg>] [write]
//	    the status computed for the snapshot: the dc line's status keys,
//	    one line per condition (state format), then "write" or "no write"
//	    (Changed); with write, the snapshot's status becomes the computed
//	    one, as after the DC controller's UpdateStatus. created adds the
//	    Created condition of <dc>-<latest>; create-error adds CreateError.
//	fenceposts
//	    "resolve" and what ResolveFenceposts gives for the DC's rolling
//	    parameters (or its error), then "dc" and MaxSurge, MaxUnavailable.
func TestScenarios(t *testing.T) {
	watches := map[*scenario.Env]*conditions.Watch{} // the watch begun last, per file
	scenario.RunDir(t, "testdata", func(t *testing.T, c *scenario.Case) string {
		s := c.Env.Snapshot
		switch c.Cmd {
		case "rollout-watch": // rollout-watch revision=3 no-watch
			o := conditions.StatusOptions{Resources: []string{"dc/" + s.Config.Name}, Namespace: s.Config.Namespace}
			for _, a := range c.Each() {
				switch a.Key {
				case "revision":
					rev, err := strconv.ParseInt(a.Val, 10, 64)
					if err != nil {
						t.Fatalf("%s: rollout-watch revision=%q: %v", c.Pos, a.Val, err)
					}
					o.Revision = dcplan.Version(rev)
				case "no-watch":
					o.NoWatch = true
				case "no-resource":
					o.Resources = nil
				default:
					t.Fatalf("%s: rollout-watch: unknown argument %q (revision=, no-watch, no-resource)", c.Pos, a.Key)
				}
			}
			if err := o.Validate(); err != nil {
				delete(watches, c.Env)
				return formatEnd(conditions.EndStatus(o.Namespace, 0, []error{err}))
			}
			watches[c.Env] = conditions.NewWatch(o)
			return "watching dc/" + s.Config.Name + "\n"
		case "watch-event": // watch-event modified
			w := watches[c.Env]
			if w == nil {
				t.Fatalf("%s: watch-event before rollout-watch", c.Pos)
			}
			return formatWatchStep(t, c, w)
		case "status": // status [bump] [created] [create-error=<msg>] [write]
			flags := map[string]bool{}
			for _, w := range c.Positional() {
				if w != "bump" && w != "created" && w != "write" {
					t.Fatalf("%s: status: unknown flag %q (bump, created, write, create-error=)", c.Pos, w)
				}
				flags[w] = true
			}
			var extra []dcplan.Condition
			if flags["created"] {
				v := s.Config.Status.LatestVersion
				extra = append(extra, conditions.Created(dcplan.DeploymentName(s.Config.Name, v), v, s.Now))
			}
			if msg, ok := c.Arg("create-error"); ok {
				extra = append(extra, conditions.CreateError(msg, s.Now))
			}
			st := conditions.Status(s, flags["bump"], extra...)
			changed := conditions.Changed(s, flags["bump"], extra...)
			if flags["write"] {
				c.Env.Snapshot.Config.Status = st
			}
			return formatStatus(s.Config, st, changed)
		case "rollout-status": // rollout-status revision=3
			var rev int64
			if v, ok := c.Arg("revision"); ok {
				var err error
				if rev, err = strconv.ParseInt(v, 10, 64); err != nil {
					t.Fatalf("%s: rollout-status revision=%q: %v", c.Pos, v, err)
				}
			}
			r := conditions.RolloutStatus(s, dcplan.Version(rev))
			var b strings.Builder
			b.WriteString(r.State.String() + "\n")
			for l := range strings.Lines(r.Stdout()) {
				b.WriteString("oc: " + l)
			}
			for l := range strings.Lines(r.Stderr()) {
				b.WriteString("oc stderr: " + l)
			}
			return b.String()
		case "fenceposts": // fenceposts
			st := s.Config.Strategy
			out := "resolve "
			if surge, unavailable, err := dcstatus.ResolveFenceposts(st.MaxSurge, st.MaxUnavailable, s.Config.Replicas); err != nil {
				out += "error: " + err.Error() + "\n"
			} else {
				out += fmt.Sprintf("surge=%d unavailable=%d\n", surge, unavailable)
			}
			return out + fmt.Sprintf("dc surge=%d unavailable=%d\n", dcstatus.MaxSurge(&s.Config), dcstatus.MaxUnavailable(&s.Config))
		}
		return c.Env.Handle(t, c)
	})
}

// formatWatchStep feeds w the event c spells and prints the step: the
// stdout lines, then "ended" and the end of a one-object command, or
// "ignored" for an event after the end.
func formatWatchStep(t *testing.T, c *scenario.Case, w *conditions.Watch) string {
	e := conditions.WatchEvent{Snapshot: c.Env.Snapshot}
	pos := c.Positional()
	if len(pos) != 1 {
		t.Fatalf("%s: watch-event: want one type (added, modified, deleted, timeout, other), got %q", c.Pos, pos)
	}
	switch pos[0] {
	case "added":
		e.Type = conditions.WatchAdded
	case "modified":
		e.Type = conditions.WatchModified
	case "deleted":
		e.Type = conditions.WatchDeleted
	case "timeout":
		e.Type = conditions.WatchTimedOut
	case "other":
		e.Type = conditions.WatchOther
		e.Wire, _ = c.Arg("wire")
		e.Object, _ = c.Arg("object")
	default:
		t.Fatalf("%s: watch-event: unknown type %q (added, modified, deleted, timeout, other)", c.Pos, pos[0])
	}
	if w.Ended() {
		w.Step(e)
		return "ignored\n"
	}
	st := w.Step(e)
	var b strings.Builder
	for l := range strings.Lines(st.Stdout) {
		b.WriteString("oc: " + l)
	}
	if st.Ended {
		b.WriteString("ended\n" + formatEnd(conditions.EndStatus(c.Env.Snapshot.Config.Namespace, 1, []error{st.Err})))
	}
	return b.String()
}

// formatEnd prints how the command ends: stderr as "oc stderr: ..."
// lines, then the exit code.
func formatEnd(end conditions.StatusEnd) string {
	var b strings.Builder
	for l := range strings.Lines(end.Stderr) {
		b.WriteString("oc stderr: " + l)
	}
	return b.String() + fmt.Sprintf("exit %d\n", end.Code)
}

// formatStatus prints st in the state line format: the dc line reduced to
// its status keys, then the condition lines, then whether it is written.
func formatStatus(cfg dcplan.Config, st dcplan.ConfigStatus, changed bool) string {
	cfg.Status = st
	var b strings.Builder
	for _, line := range strings.Split(scenario.FormatState(dcplan.Snapshot{Config: cfg}), "\n") {
		switch {
		case strings.HasPrefix(line, "dc "):
			args, err := scenario.Tokenize(line)
			if err != nil {
				panic("conditions: FormatState printed an unreadable dc line: " + err.Error())
			}
			b.WriteString("dc " + cfg.Name)
			for _, a := range args {
				switch a.Key {
				case "latest", "observed", "status", "details", "causes":
					b.WriteString(" " + a.String())
				}
			}
			b.WriteByte('\n')
		case strings.HasPrefix(line, "condition "):
			b.WriteString(line + "\n")
		}
	}
	if changed {
		b.WriteString("write\n")
	} else {
		b.WriteString("no write\n")
	}
	return b.String()
}
