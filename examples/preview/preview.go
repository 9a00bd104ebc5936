package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// decode reads the document: the one call into the JSON codec.
func decode(data []byte) (wire.Objects, error) { return wire.DecodeList(data) }

// preview decodes data and computes the preview of every operation. It
// fails only when the document cannot be read as a snapshot of one DC;
// refusals of the operations are part of the preview.
func preview(data []byte, o options) (report, error) {
	data, err := asUTF8(data)
	if err != nil {
		return report{}, err
	}
	if err := checkInput(data); err != nil {
		return report{}, err
	}
	objs, err := decode(data)
	if err != nil {
		if line, col, ok := syntaxErrorAt(data); ok {
			return report{}, fmt.Errorf("reading the document: line %d, column %d: %w", line, col, err)
		}
		return report{}, fmt.Errorf("reading the document: %w", err)
	}
	cfg, err := chooseConfig(objs.Configs, o.Namespace, o.Config)
	if err != nil {
		// The DC sought may be among the items the decoder skipped: say
		// so, in the words of the warnings no preview will print.
		for _, w := range kindlessItems(data) {
			err = fmt.Errorf("%w\n%s: %s", err, w.Object, w.Message)
		}
		return report{}, err
	}
	s := snapshotOf(objs, cfg, o.Now, o.Profile.Settings())
	if err := s.ValidateConfig(); err != nil { // a DC without a name makes no snapshot either
		return report{}, fmt.Errorf("the document does not make a valid snapshot:\n%w", err)
	}
	r := newReport(s)
	r.Describe = describeConfig(objs, s)
	r.Skipped = skipped(objs, s)
	r.Warnings = append(append([]warning{}, kindlessItems(data)...), inconsistencies(s)...) // [] when none
	r.Health = healthOf(s)
	r.operations(s, o.To)
	return r, nil
}

// asUTF8 returns data as UTF-8 without a byte order mark: a UTF-8 BOM is
// dropped, and UTF-16 (with a BOM, or without one when its first
// character is ASCII, as PowerShell's redirection writes it) is decoded.
// UTF-16 of an odd length is an error.
func asUTF8(data []byte) ([]byte, error) {
	if rest, ok := bytes.CutPrefix(data, []byte("\xef\xbb\xbf")); ok {
		return rest, nil
	}
	var big bool
	switch {
	case bytes.HasPrefix(data, []byte("\xff\xfe")):
		data = data[2:]
	case bytes.HasPrefix(data, []byte("\xfe\xff")):
		data, big = data[2:], true
	case len(data) >= 2 && data[0] != 0 && data[0] < 0x80 && data[1] == 0:
	case len(data) >= 2 && data[0] == 0 && data[1] != 0 && data[1] < 0x80:
		big = true
	default:
		return data, nil
	}
	if len(data)%2 != 0 {
		return nil, errors.New("the input reads as UTF-16 but has an odd number of bytes: save it as UTF-8 (PowerShell: `| Out-File -Encoding utf8`)")
	}
	units := make([]uint16, len(data)/2)
	for i := range units {
		if big {
			units[i] = uint16(data[2*i])<<8 | uint16(data[2*i+1])
		} else {
			units[i] = uint16(data[2*i+1])<<8 | uint16(data[2*i])
		}
	}
	return []byte(string(utf16.Decode(units))), nil
}

// checkInput turns the common wrong inputs into a message saying what to
// do: nothing at all, bytes that are not text, an error message of oc's
// instead of its output, a warning of oc's before it, oc's default table or its -o name lines, or YAML
// (-o yaml) instead of JSON. Anything else that is not JSON is left to
// the decoder's words.
func checkInput(data []byte) error {
	text := bytes.TrimSpace(data)
	if len(text) == 0 {
		return errors.New("empty input: pipe `oc get dc,rc,pods -o json` into preview, or name the file it was saved in")
	}
	if text[0] == '{' || text[0] == '[' {
		return nil
	}
	if !utf8.Valid(text) || bytes.ContainsFunc(text, func(r rune) bool { return r < ' ' && r != '\t' && r != '\n' && r != '\r' }) {
		return fmt.Errorf("the input is not text (%d bytes, binary data?): pipe `oc get dc,rc,pods -o json` into preview", len(data))
	}
	first, _, _ := strings.Cut(string(text), "\n")
	first = strings.TrimSpace(first)
	for _, p := range ocErrorPrefixes {
		if strings.HasPrefix(first, p) {
			return fmt.Errorf("the input is an error message from oc, not its output: %q; fix the oc command first", first)
		}
	}
	if strings.HasPrefix(first, ocWarningPrefix) {
		return fmt.Errorf("the input starts with a warning oc printed on its standard error: %q; pipe or save only its standard output (no 2>&1)", first)
	}
	if tableHeader.MatchString(first) || nameLine.MatchString(first) {
		return errors.New("the input is oc's table (or -o name) output; preview reads JSON: run `oc get dc,rc,pods -o json`")
	}
	if yamlLine.MatchString(first) {
		return errors.New("the input looks like YAML; preview reads JSON: run `oc get dc,rc,pods -o json`")
	}
	return nil
}

// ocErrorPrefixes start the messages oc and kubectl print on stderr when
// they fail (piped along with 2>&1, or saved in place of the output).
var ocErrorPrefixes = []string{"Error from server", "error: ", "Error: ", "The connection to the server",
	"Unable to connect to the server", "No resources found", "Unauthorized"}

// ocWarningPrefix starts the warnings oc and kubectl print on stderr
// before their output, such as the deprecation warning of every
// DeploymentConfig request since OpenShift 4.14 (piped along with 2>&1,
// it comes before the JSON).
const ocWarningPrefix = "Warning: "

// tableHeader matches the header of oc get's default table: NAME, then
// more upper-case column names.
var tableHeader = regexp.MustCompile(`^NAME\s+[A-Z][A-Z -]*$`)

// nameLine matches a line of oc get -o name: <resource>[.<group>]/<name>.
var nameLine = regexp.MustCompile(`^[a-z][a-z0-9]*(\.[a-z0-9.-]+)?/[a-z0-9][a-z0-9.-]*$`)

// yamlLine matches the first line of a YAML document: a document marker
// or directive, a comment, a sequence item, or a mapping key followed by
// ": " or the end of the line.
var yamlLine = regexp.MustCompile(`^(---|\.\.\.|%YAML|#|- |[A-Za-z_][A-Za-z0-9_./-]*:(\s|$))`)

// syntaxErrorAt returns the line and column (from 1) where encoding/json
// finds data not to be JSON, and whether it finds so.
func syntaxErrorAt(data []byte) (line, col int, ok bool) {
	var v any
	var se *json.SyntaxError
	if err := json.Unmarshal(data, &v); !errors.As(err, &se) {
		return 0, 0, false
	}
	off := int(min(max(se.Offset, 1), int64(len(data))))
	nl := bytes.LastIndexByte(data[:off-1], '\n')
	return 1 + bytes.Count(data[:off-1], []byte("\n")), off - nl - 1, true
}

// chooseConfig picks the DC to preview: the one named config (any, when
// empty) in namespace ns (any, when empty). Several candidates are an
// error naming them, never a silent pick.
func chooseConfig(configs []dcplan.Config, ns, config string) (dcplan.Config, error) {
	var found []dcplan.Config
	for _, c := range configs {
		if (ns == "" || c.Namespace == ns) && (config == "" || c.Name == config) {
			found = append(found, c)
		}
	}
	where := ""
	if ns != "" {
		where = " in namespace " + ns
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) == 0 && config == "":
		return dcplan.Config{}, fmt.Errorf("the document holds no DeploymentConfig%s", where)
	case len(found) == 0:
		return dcplan.Config{}, fmt.Errorf("%w: deployment config %q is not in the document%s", dcplan.ErrNotFound, config, where)
	}
	var names, namespaces []string
	for _, c := range found {
		if !slices.Contains(names, c.Name) {
			names = append(names, c.Name)
		}
		if !slices.Contains(namespaces, c.Namespace) {
			namespaces = append(namespaces, c.Namespace)
		}
	}
	switch {
	case len(names) == 1 && len(namespaces) > 1:
		return dcplan.Config{}, fmt.Errorf("deployment config %q is in several namespaces (%s): choose one with -n", names[0], strings.Join(namespaces, ", "))
	case len(names) == 1:
		return dcplan.Config{}, fmt.Errorf("the document holds deployment config %s/%s %d times", namespaces[0], names[0], len(found))
	}
	var all []string
	for _, c := range found {
		all = append(all, c.Namespace+"/"+c.Name)
	}
	return dcplan.Config{}, fmt.Errorf("the document holds several DeploymentConfigs%s (%s): choose one with -dc", where, strings.Join(all, ", "))
}

// snapshotOf builds the snapshot of cfg from the document's objects with
// the selection rules of wire.DecodeSnapshot (which picks the first DC
// of a name whatever its namespace): the RCs of cfg's namespace that name
// it by label, annotation or controller reference, and the pods related to
// them. Objects without a namespace count as being in any.
func snapshotOf(objs wire.Objects, cfg dcplan.Config, now time.Time, st dcplan.Settings) dcplan.Snapshot {
	sameNS := func(ns string) bool { return ns == "" || cfg.Namespace == "" || ns == cfg.Namespace }
	s := dcplan.Snapshot{Now: now, Config: cfg, Settings: st}
	rcs := map[string]bool{}
	deployers := map[string]bool{}
	for _, d := range objs.Deployments {
		owned := d.HasController && cfg.UID != "" && d.Controller.UID == cfg.UID
		if sameNS(d.Namespace) && (d.ConfigLabel == cfg.Name || d.ConfigName == cfg.Name || owned) {
			s.Deployments = append(s.Deployments, d)
			rcs[d.Name] = true
			deployers[dcplan.DeployerPodName(d.Name)] = true
		}
	}
	for _, p := range objs.Pods {
		related := rcs[p.DeployerFor] || rcs[p.DeploymentName] || deployers[p.Name]
		if sameNS(p.Namespace) && related {
			s.Pods = append(s.Pods, p)
		}
	}
	return s
}

// skipped lists, as namespace/name in document order, the RCs of the
// document the snapshot leaves out: those of other DCs or namespaces.
func skipped(objs wire.Objects, s dcplan.Snapshot) []string {
	out := []string{}
	for _, d := range objs.Deployments {
		in := slices.ContainsFunc(s.Deployments, func(x dcplan.Deployment) bool {
			return x.Namespace == d.Namespace && x.Name == d.Name
		})
		if !in {
			out = append(out, d.Namespace+"/"+d.Name)
		}
	}
	return out
}

// operation is the preview of one oc command.
type operation struct {
	Name    string `json:"name"`
	Command string `json:"command"`
	// State is what oc rollout status concludes: "in progress", "done"
	// or "failed"; empty (and left out of -o json) for the other
	// commands.
	State   string   `json:"state,omitempty"`
	Plan    []string `json:"plan"`
	Refused bool     `json:"refused"`
	Error   string   `json:"error"`
	Output  string   `json:"output"`
	Rules   []string `json:"rules"`
}

// Operation names (the "name" of -o json), in the order the preview
// shows them.
const (
	opStatus       = "status"
	opCancel       = "cancel"
	opRetry        = "retry"
	opLatest       = "latest"
	opDeployLatest = "deploy-latest" // only when OcDeployLatest is not DeployLatestAbsent
	opUndo         = "undo"
	opPause        = "pause"  // for a DC that is not paused
	opResume       = "resume" // for a paused DC
	opRollback     = "rollback"
)

// ruleStatus is the rule oc rollout status follows; the status viewer
// plans no write, so the preview cites it for the section itself.
const ruleStatus dcplan.Rule = "6m.6"

// operations previews every user operation of s, in the order of the
// text output: rollout status, cancel, retry, rollout latest, deploy
// --latest (when the preset has it), rollout undo, pause or resume, and
// rollback.
func (r *report) operations(s dcplan.Snapshot, to dcplan.Version) {
	name := s.Config.Name
	r.status(s)

	// The seeds' generations are oc deploy commands (SPEC 6.1, 6.2).
	cancelCmd, retryCmd := "oc rollout cancel dc/", "oc rollout retry dc/"
	if s.Settings.OcCancel != dcplan.CancelRollout {
		cancelCmd = "oc deploy --cancel dc/"
	}
	if s.Settings.OcRetry != dcplan.RetryRollout {
		retryCmd = "oc deploy --retry dc/"
	}
	plan, rep, err := cancel.Cancel(s)
	if err == nil {
		// Exact: upstream complains about a paused DC after cancelling
		// it anyway (SPEC 6m.1 step 3.2).
		err = rep.Err()
	}
	r.add(opCancel, cancelCmd+name, plan, rep.String(), err)

	plan, rep, err = cancel.Retry(s)
	r.add(opRetry, retryCmd+name, plan, rep.String(), err)

	plan, latest, err := reconcile.RolloutLatest(s, false, dcplan.DryRunNone)
	r.add(opLatest, "oc rollout latest dc/"+name, plan, latest.Text+"\n", err)

	if s.Settings.OcDeployLatest != dcplan.DeployLatestAbsent {
		plan, latest, err = reconcile.DeployLatest(s)
		r.add(opDeployLatest, "oc deploy --latest dc/"+name, plan, latest.Text+"\n", err)
	}

	undoCmd := "oc rollout undo dc/" + name
	if to > 0 {
		undoCmd += fmt.Sprintf(" --to-revision=%d", to)
	}
	plan, undone, err := history.Undo(s, to, dcplan.DryRunNone)
	r.add(opUndo, undoCmd, plan, undone, err)

	// The one of pause and resume that oc would not refuse outright.
	op, toggle := opPause, reconcile.Pause
	if s.Config.Paused {
		op, toggle = opResume, reconcile.Resume
	}
	plan, err = toggle(s)
	out := ""
	if err == nil {
		out = reconcile.PauseText(name, !s.Config.Paused) + "\n"
	}
	r.add(op, "oc rollout "+op+" dc/"+name, plan, out, err)

	cmd := "oc rollback dc/" + name
	if to > 0 {
		cmd += fmt.Sprintf(" --to-version=%d", to)
	}
	plan, rolled, warnings, err := history.Rollback(s, to, history.RollbackOptions{})
	out = ""
	if err == nil {
		target, terr := history.RollbackTarget(s, to)
		if terr != nil {
			err = fmt.Errorf("rollback planned without a target: %w", terr)
		} else {
			out = history.RolledBackMessage(rolled, target.Name, s.Settings.Switches) + "\n"
			for _, w := range warnings {
				out += w + "\n"
			}
		}
	}
	r.add(opRollback, cmd, plan, out, err)
	r.citeAll()
}

// status records what oc rollout status prints for one look at the DC:
// refused when the viewer fails (oc exits 1), the output otherwise.
func (r *report) status(s dcplan.Snapshot) {
	st := conditions.RolloutStatus(s, 0)
	op := operation{
		Name: opStatus, Command: "oc rollout status dc/" + s.Config.Name, State: st.State.String(),
		Plan: []string{}, Output: st.Stdout(), Rules: []string{string(ruleStatus)},
	}
	if st.State == conditions.RolloutFailed {
		op.Refused, op.Error = true, strings.TrimSuffix(st.Stderr(), "\n")
	}
	r.Operations = append(r.Operations, op)
}

// add records the preview of one command: out is what oc prints on
// stdout, err the error it then exits with. oc may do both (cancel of a
// paused DC in Exact prints its report, then fails), so a caller passes
// out only when oc prints it.
func (r *report) add(name, cmd string, plan dcplan.Plan, out string, err error) {
	op := operation{Name: name, Command: cmd, Plan: []string{}, Rules: []string{}}
	if !plan.IsEmpty() {
		op.Plan = strings.Split(strings.TrimSuffix(dcplan.Describe(plan), "\n"), "\n")
	}
	for _, rule := range rulesOf(plan) {
		op.Rules = append(op.Rules, string(rule))
	}
	if err != nil {
		op.Refused, op.Error = true, ocError(err)
	}
	if strings.TrimSpace(out) != "" {
		op.Output = out
	}
	r.Operations = append(r.Operations, op)
}

// ocError is what kubectl's CheckErr prints on stderr for err, without
// the final newline (SPEC 6m "Error output"): a refusal's Printed when
// it has one (a status error as kubectl words it, several errors one
// per line); any other error as it is when it starts with "error: ",
// else after "error: ".
func ocError(err error) string {
	if r, ok := errors.AsType[*dcplan.Refusal](err); ok && r.Printed != "" {
		return r.Printed
	}
	msg := strings.TrimSuffix(err.Error(), "\n")
	if strings.HasPrefix(msg, "error: ") {
		return msg
	}
	return "error: " + msg
}

// rulesOf returns the rules the writes of plan cite, in plan order, each
// once.
func rulesOf(plan dcplan.Plan) []dcplan.Rule { return plan.Rules() }

// ruleText says, for the rules these operations cite, what they decide.
var ruleText = map[dcplan.Rule]string{
	"0.4":                            "pause / resume: spec.paused is written; a paused DC only gets history cleanup and a status refresh",
	cancel.RuleCancel:                "user cancel: every New, Pending or Running RC not yet cancelled gets cancelled=true and the user reason; the deployer controller then deletes its pods and fails it",
	cancel.RuleRolloutCancel:         "oc rollout cancel: every New, Pending or Running RC not yet cancelled gets cancelled=true and the user reason; the deployer controller then deletes its pods and fails it",
	"6.3":                            "oc deploy --latest: refused while the latest RC is in flight, else status.latestVersion + 1 (instantiate in the newer form); the DC controller then creates the new RC",
	cancel.RuleRetryDeletePod:        "oc deploy --retry: the deployer and hook pods of the failed latest RC are deleted with grace period 0, stopping at the first failure",
	cancel.RuleRetryReset:            "oc deploy --retry: the failed latest RC goes back to New, its cancel and reason annotations removed; the deployer controller starts it again",
	cancel.RuleRolloutRetryDeletePod: "oc rollout retry: the deployer and hook pods of the failed latest RC are deleted with grace period 0, each tried",
	cancel.RuleRolloutRetryReset:     "oc rollout retry: the failed latest RC is patched back to New, its cancel and reason annotations removed; the deployer controller starts it again",
	"6.4":                            "rollout latest: the instantiate request bumps status.latestVersion; the DC controller then creates the new RC",
	history.RuleRollback:             "rollback: the DC gets the revision's pod template (image triggers made manual) and latestVersion + 1, so a new RC rolls it out",
	ruleStatus:                       "oc rollout status: from the DC alone (never its RCs), the status viewer's message and whether the rollout is done, failed or still in progress",
}

// rule is one cited rule of -o json.
type rule struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// citeAll collects the rules every operation cites, sorted.
func (r *report) citeAll() {
	var ids []string
	for _, op := range r.Operations {
		for _, id := range op.Rules {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	slices.Sort(ids)
	r.Rules = []rule{}
	for _, id := range ids {
		text, ok := ruleText[dcplan.Rule(id)]
		if !ok {
			text = "see docs/rules.md"
		}
		r.Rules = append(r.Rules, rule{id, text})
	}
}
