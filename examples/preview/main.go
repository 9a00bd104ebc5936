// Command preview shows what the user operations on a DeploymentConfig
// would do, without doing anything: it reads the `kind: List` JSON that
// `oc get dc,rc,pods -o json` prints (one DC, its RCs and pods) and prints,
// for `oc rollout history`, `oc rollout cancel`, `oc rollout retry`,
// `oc rollout latest` and `oc rollback`, the plan dcplan computes (one line
// per write, each with the SPEC rule that produced it) and what oc would
// print or the error it would fail with.
//
// Usage:
//
//	oc get dc,rc,pods -o json | preview [-dc name] [-profile Modern|Exact|Origin] [-now RFC3339] [-to N]
//	preview -f list.json
//
// It needs nothing but the core module: no Kubernetes client, no cluster.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/reconcile"
)

// options are the command-line flags.
type options struct {
	// Config names the DC; empty means the only DC of the document.
	Config string
	// Profile selects the behaviour preset.
	Profile dcplan.Preset
	// Now is the clock the plans are computed at.
	Now time.Time
	// To is the rollback revision (0: the last Complete one before the
	// latest).
	To dcplan.Version
}

func main() {
	file := flag.String("f", "-", "the List JSON to read (\"-\": standard input)")
	config := flag.String("dc", "", "the DeploymentConfig to preview (default: the only one in the document)")
	profile := flag.String("profile", "Modern", "behaviour preset: Modern, Exact, Origin10, Origin13, Origin15 (Origin)")
	now := flag.String("now", "", "the time to plan at, RFC 3339 (default: the current time)")
	to := flag.Int64("to", 0, "the revision oc rollback returns to (0: the last complete one)")
	flag.Parse()

	o := options{Config: *config, To: dcplan.Version(*to), Now: time.Now().UTC()}
	var err error
	if o.Profile, err = dcplan.ParsePreset(*profile); err != nil {
		fail(err)
	}
	if *now != "" {
		if o.Now, err = time.Parse(time.RFC3339, *now); err != nil {
			fail(fmt.Errorf("-now: %w", err))
		}
	}
	var data []byte
	if *file == "-" {
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(*file)
	}
	if err != nil {
		fail(err)
	}
	if err := run(os.Stdout, data, o); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "preview:", err)
	os.Exit(1)
}

// run decodes data and writes the preview of every operation to w. It
// fails only when the document cannot be read as a snapshot; refusals of
// the operations are part of the preview.
func run(w io.Writer, data []byte, o options) error {
	name := o.Config
	if name == "" {
		objs, err := dcplan.DecodeList(data)
		if err != nil {
			return err
		}
		switch len(objs.Configs) {
		case 0:
			return errors.New("the document holds no DeploymentConfig")
		case 1:
			name = objs.Configs[0].Name
		default:
			names := make([]string, len(objs.Configs))
			for i, c := range objs.Configs {
				names[i] = c.Name
			}
			return fmt.Errorf("the document holds several DeploymentConfigs (%s): choose one with -dc", strings.Join(names, ", "))
		}
	}
	s, err := dcplan.DecodeSnapshot(data, name, o.Now, o.Profile.Settings())
	if err != nil {
		return err
	}
	if err := s.Validate(); err != nil {
		return fmt.Errorf("the document does not make a valid snapshot:\n%w", err)
	}
	var p printer
	p.header(s)
	p.rollouts(s)

	p.section("oc rollout status dc/" + s.Config.Name)
	st := conditions.RolloutStatus(s, 0)
	fmt.Fprintf(&p.b, "the rollout is %s; oc would print:\n", st.State)
	p.indent(st.Stdout() + st.Stderr())

	cancelCmd, retryCmd := "oc rollout cancel dc/", "oc rollout retry dc/"
	if s.Settings.OcCancel != dcplan.CancelRollout {
		cancelCmd = "oc deploy --cancel dc/" // the seeds' generations (SPEC 6.1)
	}
	if s.Settings.OcRetry != dcplan.RetryRollout {
		retryCmd = "oc deploy --retry dc/"
	}
	p.section(cancelCmd + s.Config.Name)
	plan, report, err := cancel.Cancel(s)
	if err == nil {
		err = report.Err() // upstream complains after cancelling a paused DC (Exact)
	}
	p.outcome(plan, report.String(), err)

	p.section(retryCmd + s.Config.Name)
	plan, report, err = cancel.Retry(s)
	p.outcome(plan, report.String(), err)

	p.section("oc rollout latest dc/" + s.Config.Name)
	plan, latest, err := reconcile.RolloutLatest(s, false, dcplan.DryRunNone)
	p.outcome(plan, latest.Text+"\n", err)

	if s.Settings.OcDeployLatest != dcplan.DeployLatestAbsent {
		p.section("oc deploy --latest dc/" + s.Config.Name)
		plan, latest, err = reconcile.DeployLatest(s)
		p.outcome(plan, latest.Text+"\n", err)
	}

	p.section("oc rollout undo dc/" + s.Config.Name)
	plan, undone, err := history.Undo(s, o.To, dcplan.DryRunNone)
	p.outcome(plan, undone, err)

	verb, op := "pause", reconcile.Pause
	if s.Config.Paused {
		verb, op = "resume", reconcile.Resume
	}
	p.section("oc rollout " + verb + " dc/" + s.Config.Name)
	plan, err = op(s)
	p.outcome(plan, reconcile.PauseText(s.Config.Name, !s.Config.Paused)+"\n", err)

	cmd := "oc rollback dc/" + s.Config.Name
	if o.To > 0 {
		cmd += fmt.Sprintf(" --to-version=%d", o.To)
	}
	p.section(cmd)
	plan, rolled, warnings, err := history.Rollback(s, o.To, history.RollbackOptions{})
	out := ""
	if err == nil {
		target, terr := history.RollbackTarget(s, o.To)
		if terr != nil {
			return fmt.Errorf("rollback planned without a target: %w", terr)
		}
		out = history.RolledBackMessage(rolled, target.Name, s.Settings.Switches) + "\n"
		for _, w := range warnings {
			out += w + "\n"
		}
	}
	p.outcome(plan, out, err)

	p.rules()
	_, err = io.WriteString(w, p.b.String())
	return err
}

// printer accumulates the preview text and the rules its plans cite.
type printer struct {
	b     strings.Builder
	cited []dcplan.Rule
}

func (p *printer) header(s dcplan.Snapshot) {
	c := s.Config
	state := ""
	if c.Paused {
		state = ", paused"
	}
	fmt.Fprintf(&p.b, "DeploymentConfig %s/%s: latestVersion %d, %d replicas%s; %d RCs, %d related pods\n",
		c.Namespace, c.Name, c.Status.LatestVersion, c.Replicas, state, len(s.Deployments), len(s.Pods))
	fmt.Fprintf(&p.b, "Profile %s, planned at %s. Nothing is changed: each section shows the writes\n", s.Settings.Switches.Name(), s.Now.UTC().Format(time.RFC3339))
	p.b.WriteString("the command would make (with the SPEC rule behind each) and what oc would print.\n")
}

// rollouts prints the rollout history and the one-line summary of each RC.
func (p *printer) rollouts(s dcplan.Snapshot) {
	p.section("oc rollout history dc/" + s.Config.Name)
	table := history.FormatList(history.List(s))
	if !strings.HasSuffix(table, "\n") {
		table += "\n" // history.NoHistory has no newline
	}
	p.indent(table)
	p.b.WriteString("\nrollouts, newest first (oc describe):\n")
	for i, d := range history.NewestFirst(s.Deployments) {
		p.indent(history.Describe(d, i == 0, s.Config.Test, s.Now) + "\n")
	}
}

func (p *printer) section(cmd string) {
	p.b.WriteString("\n$ " + cmd + "\n")
}

// outcome prints a plan and what oc prints, or the error oc fails with.
func (p *printer) outcome(plan dcplan.Plan, out string, err error) {
	p.b.WriteString("plan:\n")
	p.indent(dcplan.Describe(plan))
	p.cite(plan)
	switch {
	case err != nil:
		p.b.WriteString("oc would fail with:\n")
		p.indent("error: " + err.Error() + "\n")
	case out != "":
		p.b.WriteString("oc would print:\n")
		p.indent(out)
	}
}

func (p *printer) indent(text string) {
	for l := range strings.Lines(text) {
		p.b.WriteString("  " + l)
	}
}

// cite records the rules of every write of plan.
func (p *printer) cite(plan dcplan.Plan) {
	add := func(r dcplan.Rule) {
		if r != "" && !slices.Contains(p.cited, r) {
			p.cited = append(p.cited, r)
		}
	}
	for _, a := range plan.UpdateConfig {
		add(a.Rule)
	}
	for _, a := range plan.DeletePods {
		add(a.Rule)
	}
	for _, a := range plan.Cancels {
		add(a.Rule)
	}
	for _, a := range plan.Transitions {
		add(a.Rule)
	}
	if plan.Status != nil {
		add(plan.Status.Rule)
	}
}

// ruleText says, for the rules these operations cite, what they are.
var ruleText = map[dcplan.Rule]string{
	cancel.RuleCancel:         "user cancel: every New, Pending or Running RC not yet cancelled gets cancelled=true and the user reason; the deployer controller then deletes its pods and fails it",
	cancel.RuleRolloutCancel:  "oc rollout cancel: every New, Pending or Running RC not yet cancelled gets cancelled=true and the user reason; the deployer controller then deletes its pods and fails it",
	"6.3":                     "oc deploy --latest: status.latestVersion + 1; the DC controller then creates the new RC",
	"0.4":                     "pause / resume: spec.paused is written; a paused DC only gets history cleanup and a status refresh",
	cancel.RuleRetryDeletePod: "retry: the deployer and hook pods of the failed latest RC are deleted with grace period 0",
	cancel.RuleRetryReset:     "retry: the failed latest RC goes back to New, its cancel and reason annotations removed; the deployer controller starts it again",
	"6.4":                     "rollout latest: the instantiate request bumps status.latestVersion; the DC controller then creates the new RC",
	history.RuleRollback:      "rollback: the DC gets the revision's pod template (image triggers made manual) and latestVersion + 1, so a new RC rolls it out",
}

func (p *printer) rules() {
	if len(p.cited) == 0 {
		return
	}
	p.b.WriteString("\nrules cited (SPEC.md):\n")
	slices.Sort(p.cited)
	for _, r := range p.cited {
		text, ok := ruleText[r]
		if !ok {
			text = "see SPEC.md"
		}
		fmt.Fprintf(&p.b, "  %s: %s\n", r, text)
	}
}
