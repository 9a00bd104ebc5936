package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/history"
)

// schema names the -o json format; fields are only ever added to it.
const schema = "dcplan.preview/v1"

// report is the preview of one DC, in the key order of -o json (see the
// package documentation for the schema).
type report struct {
	Schema        string      `json:"schema"`
	Namespace     string      `json:"namespace"`
	Config        string      `json:"config"`
	LatestVersion int64       `json:"latestVersion"`
	Replicas      int32       `json:"replicas"`
	Paused        bool        `json:"paused"`
	Profile       string      `json:"profile"`
	Now           string      `json:"now"`
	RCs           int         `json:"rcs"`
	Pods          int         `json:"pods"`
	Skipped       []string    `json:"skipped"`
	Warnings      []warning   `json:"warnings"`
	Health        health      `json:"health"`
	History       []revision  `json:"history"`
	Describe      string      `json:"describe"`
	Operations    []operation `json:"operations"`
	Rules         []rule      `json:"rules"`

	// historyTable and rollouts are the text form's oc rollout history
	// table and one-line rollout summaries, newest first.
	historyTable string
	rollouts     []string
}

// revision is one row of oc rollout history.
type revision struct {
	Revision  int64  `json:"revision"`
	Name      string `json:"name"`
	Status    string `json:"status"`
	Cancelled bool   `json:"cancelled"`
	Cause     string `json:"cause"`
	Replicas  int32  `json:"replicas"`
	Current   int32  `json:"current"`
}

// newReport fills the DC and history parts of the report of s.
func newReport(s dcplan.Snapshot) report {
	c := s.Config
	r := report{
		Schema: schema, Namespace: c.Namespace, Config: c.Name,
		LatestVersion: int64(c.Status.LatestVersion), Replicas: int32(c.Replicas), Paused: c.Paused,
		Profile: s.Settings.Switches.Name(), Now: s.Now.UTC().Format(time.RFC3339),
		RCs: len(s.Deployments), Pods: len(s.Pods), History: []revision{},
	}
	rows := history.List(s)
	for _, row := range rows {
		// The STATUS column as oc prints it: a hand-edited phase as
		// written, a missing one empty (SPEC 6m.5.4, 13.1).
		status := row.Phase.Text(row.PhaseSpelling)
		r.History = append(r.History, revision{int64(row.Version), row.Name, status, row.Cancelled, row.Cause,
			int32(row.Replicas), int32(row.Current)})
	}
	r.historyTable = history.FormatList(rows)
	if !strings.HasSuffix(r.historyTable, "\n") {
		r.historyTable += "\n" // history.NoHistory has no newline
	}
	for i, d := range history.NewestFirst(s.Deployments) {
		r.rollouts = append(r.rollouts, history.Describe(d, i == 0, s.Config.Test, s.Now))
	}
	return r
}

// strictFailure says why --strict fails the run ("" when it does not):
// the rollout is not healthy (see healthOf), or the input is
// inconsistent (a warning). A refused operation is not a failure: it is
// the normal answer for the state (retry of a complete rollout, cancel
// with nothing in flight), and the health says what is wrong.
func (r report) strictFailure() string {
	var why []string
	if r.Health.State != healthHealthy {
		why = append(why, fmt.Sprintf("the rollout is not healthy (%s): %s", r.Health.State, r.Health.Message))
	}
	if n := len(r.Warnings); n > 0 {
		why = append(why, fmt.Sprintf("%d warning(s) about the input", n))
	}
	return strings.Join(why, "; ")
}

// writeJSON prints the report as one indented JSON object.
func (r report) writeJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // plan lines hold "->"
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	return nil
}

// writeText prints the report for a person.
func (r report) writeText(w io.Writer) error {
	var b strings.Builder
	state := ""
	if r.Paused {
		state = ", paused"
	}
	fmt.Fprintf(&b, "DeploymentConfig %s/%s: latestVersion %d, %d replicas%s; %d RCs, %d related pods\n",
		r.Namespace, r.Config, r.LatestVersion, r.Replicas, state, r.RCs, r.Pods)
	fmt.Fprintf(&b, "Profile %s, planned at %s. Nothing is changed: each section shows the writes\n", r.Profile, r.Now)
	b.WriteString("the command would make (with the rule behind each) and what oc would print.\n")
	if n := len(r.Skipped); n > 0 {
		fmt.Fprintf(&b, "Skipped %d RC(s) of the document that belong to other DCs or namespaces: %s\n", n, strings.Join(r.Skipped, ", "))
	}
	fmt.Fprintf(&b, "Health: %s: %s\n", r.Health.State, sentence(r.Health.Message))

	if len(r.Warnings) > 0 {
		b.WriteString("\nwarnings: the input is inconsistent, so some lines below may read oddly\n")
		for _, wn := range r.Warnings {
			indent(&b, wn.Object+": "+wn.Message+"\n")
		}
	}

	b.WriteString("\n$ oc rollout history dc/" + r.Config + "\n")
	indent(&b, r.historyTable)
	b.WriteString("\nrollouts, newest first (oc describe):\n")
	for _, line := range r.rollouts {
		indent(&b, line+"\n")
	}
	if r.Describe != "" {
		b.WriteString("\n$ oc describe dc/" + r.Config + " (without its events: the document lists none)\n")
		indent(&b, r.Describe)
	}

	for _, op := range r.Operations {
		if op.State != "" {
			writeStatus(&b, op)
			continue
		}
		b.WriteString("\n$ " + op.Command + "\nplan:\n")
		if len(op.Plan) == 0 {
			indent(&b, dcplan.Describe(dcplan.Plan{}))
		}
		for _, line := range op.Plan {
			indent(&b, line+"\n")
		}
		if op.Output != "" {
			b.WriteString("oc would print:\n")
			indent(&b, op.Output)
		}
		if op.Refused {
			b.WriteString("oc would fail with:\n")
			indent(&b, op.Error+"\n")
		}
	}

	if len(r.Rules) > 0 {
		b.WriteString("\nrules cited (docs/rules.md):\n")
		for _, rl := range r.Rules {
			fmt.Fprintf(&b, "  %s: %s\n", rl.ID, rl.Text)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeStatus prints the oc rollout status section: no plan (the
// status viewer writes nothing), the state, and what oc prints.
func writeStatus(b *strings.Builder, op operation) {
	b.WriteString("\n$ " + op.Command + "\n")
	switch {
	case op.Refused:
		fmt.Fprintf(b, "state %s; oc would fail with:\n", op.State)
		indent(b, op.Error+"\n")
	case op.State == conditions.RolloutDone.String():
		fmt.Fprintf(b, "state %s; oc would print, then stop watching:\n", op.State)
		indent(b, op.Output)
	default:
		fmt.Fprintf(b, "state %s; oc would print, then keep watching:\n", op.State)
		indent(b, op.Output)
	}
}

// indent writes text with every line indented by two spaces.
func indent(b *strings.Builder, text string) {
	for l := range strings.Lines(text) {
		b.WriteString("  " + l)
	}
}

// sentence ends msg with a full stop, unless it ends with one already (oc's
// status messages end in "...").
func sentence(msg string) string {
	if strings.HasSuffix(msg, ".") {
		return msg
	}
	return msg + "."
}
