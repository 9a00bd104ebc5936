package scenario

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
)

// Env is the state the cases of one scenario file share: the snapshot
// being planned for and the last plan computed. Package handlers read
// Env.Snapshot, call their planner, and hand the plan to Record; the
// built-in commands (Handle) edit the snapshot and apply the plan.
type Env struct {
	// Snapshot is the current world.
	Snapshot dcplan.Snapshot
	// Plan is the last plan recorded; HasPlan is false before the first
	// Record and after apply.
	Plan    dcplan.Plan
	HasPlan bool

	labels map[string]dcplan.Config // as= configs of the last snapshot command
	// hasSnapshot is true once a snapshot command parsed: a file whose
	// first snapshot fails runs nothing after it (RunFile).
	hasSnapshot bool
}

// NewEnv returns an empty environment: the zero Snapshot and no plan.
func NewEnv() *Env { return &Env{labels: map[string]dcplan.Config{}} }

// Record stores p as the last plan and returns dcplan.Describe(p), the
// output of a planning command.
func (e *Env) Record(p dcplan.Plan) string {
	e.Plan, e.HasPlan = p, true
	return dcplan.Describe(p)
}

// Handle runs a built-in command and returns its output:
//
//	snapshot            input: state lines; replaces the snapshot; prints ok or the Validate errors
//	add                 input: rc, pod, failed and outcome lines; appends them; prints ok or the Validate errors
//	edit <kind> <name> key=value...
//	                    changes the given keys of the dc, an rc or a pod; prints the object's new line
//	remove <kind> <name>
//	                    removes an rc or a pod; prints ok
//	set key=value...    now=<time> (now+5m advances the clock) and the settings-line keys
//	                    (profile, switch, image, sa, env, env-from, requeues, no-instantiate,
//	                    unobserved, undeleted); prints ok
//	state               prints the snapshot in the state line format
//	plan                prints the last recorded plan again
//	apply               replaces the snapshot by Snapshot.After(last plan); prints the state
//	validate            prints ok or one Validate error per line
//	clear-outcome       forgets the failed requests (Snapshot.Outcome); prints ok
//
// Errors in the command's input, and arguments given to a command that
// takes none, are printed as "error: ...". An unknown command fails the
// test.
func (e *Env) Handle(t *testing.T, c *Case) string {
	t.Helper()
	out, err := e.handle(c)
	if errors.Is(err, errUnknownCommand) {
		t.Fatalf("%s: %v", c.Pos, err)
	}
	if err != nil {
		return "error: " + err.Error() + "\n"
	}
	return out
}

var errUnknownCommand = errors.New("unknown command")

func (e *Env) handle(c *Case) (string, error) {
	switch c.Cmd {
	case "snapshot", "add", "state", "plan", "apply", "validate", "clear-outcome":
		if args := c.Each(); len(args) > 0 {
			c.Lines() // the refusal answers the whole case, its input too
			words := make([]string, len(args))
			for i, a := range args {
				words[i] = a.String()
			}
			return "", fmt.Errorf("%s takes no arguments, got %s", c.Cmd, joinWords(words))
		}
	}
	switch c.Cmd {
	case "snapshot":
		p := &stateParser{labels: map[string]dcplan.Config{}}
		s, labels, err := parseState(p, c.Lines())
		if err != nil {
			return "", err
		}
		e.Snapshot, e.labels, e.HasPlan, e.hasSnapshot = s, labels, false, true
		return validation(s), nil
	case "add":
		return e.add(c.Lines())
	case "edit":
		return e.edit(c.Each())
	case "remove":
		return e.remove(c.Each())
	case "set":
		return e.set(c.Each())
	case "state":
		return FormatState(e.Snapshot), nil
	case "plan":
		if !e.HasPlan {
			return "", errors.New("no plan recorded yet")
		}
		return dcplan.Describe(e.Plan), nil
	case "apply":
		if !e.HasPlan {
			return "", errors.New("no plan to apply (plan first; apply clears the plan)")
		}
		e.Snapshot, e.HasPlan = e.Snapshot.After(e.Plan), false
		return FormatState(e.Snapshot), nil
	case "validate":
		return validation(e.Snapshot), nil
	case "clear-outcome":
		e.Snapshot.Outcome = dcplan.Outcome{}
		return "ok\n", nil
	}
	return "", fmt.Errorf("%w %q (built-in: snapshot, add, edit, remove, set, state, plan, apply, validate, clear-outcome)", errUnknownCommand, c.Cmd)
}

// validation prints "ok" or one line per Validate error.
func validation(s dcplan.Snapshot) string {
	if err := s.Validate(); err != nil {
		return err.Error() + "\n"
	}
	return "ok\n"
}

// context returns a parser primed with the env's snapshot, for lines that
// add to it.
func (e *Env) context() *stateParser {
	s := e.Snapshot
	return &stateParser{snap: s, hasNow: !s.Now.IsZero(), hasCfg: !reflect.DeepEqual(s.Config, dcplan.Config{}), labels: e.labels}
}

func (e *Env) add(lines []string) (string, error) {
	p := e.context()
	p.snap = p.snap.Clone()
	for i, l := range lines {
		if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		args, err := Tokenize(l)
		if err != nil {
			return "", fmt.Errorf("line %d: %w", i+1, err)
		}
		switch args[0].Key {
		case "rc":
			err = p.parseRC(args[1:])
		case "pod":
			err = p.parsePod(args[1:])
		case "failed":
			err = p.parseFailed(args[1:])
		case "outcome":
			err = p.parseOutcome(args[1:])
		default:
			err = fmt.Errorf("add takes rc, pod, failed and outcome lines, not %q", args[0].Key)
		}
		if err != nil {
			return "", fmt.Errorf("line %d: %w", i+1, err)
		}
	}
	e.Snapshot = p.snap
	return validation(e.Snapshot), nil
}

func (e *Env) edit(args []Arg) (string, error) {
	if len(args) < 2 || args[0].HasVal || args[1].HasVal {
		return "", errors.New("usage: edit dc|rc|pod <name> [key=value]")
	}
	kind, n, keys := args[0].Key, args[1].Key, args[2:]
	p := e.context()
	s := e.Snapshot.Clone()
	var line []string
	switch kind {
	case "dc":
		if s.Config.Name != n {
			return "", fmt.Errorf("no dc %q", n)
		}
		b := &dcBuilder{c: s.Config, set: map[string]bool{}}
		if err := apply(keys, b.set, func(a Arg) error {
			if a.Key == "as" {
				return errors.New("cannot edit as=")
			}
			return b.setKey(a, p)
		}); err != nil {
			return "", err
		}
		b.c.Template = b.tmpl.apply(b.c.Template)
		s.Config = b.c
		line = dcLine(s.Config, "ns", "")
	case "rc":
		i := indexFunc(s.Deployments, func(d dcplan.Deployment) bool { return d.Name == n })
		if i < 0 {
			return "", fmt.Errorf("no rc %q", n)
		}
		b := &rcBuilder{d: s.Deployments[i], set: map[string]bool{}}
		if err := apply(keys, b.set, func(a Arg) error {
			if a.Key == "live" {
				return errors.New("cannot edit live")
			}
			return b.setKey(a, p)
		}); err != nil {
			return "", err
		}
		switch b.encoded {
		case "":
		case "none":
			b.d.Encoded, b.d.EncodedProblem = nil, ""
		default:
			enc, ok := e.labels[b.encoded]
			if !ok {
				return "", fmt.Errorf("encoded=%s: no dc line with as=%s in the last snapshot", b.encoded, b.encoded)
			}
			b.d.Encoded, b.d.EncodedProblem = new(enc), ""
		}
		if err := b.applyProblem(); err != nil {
			return "", err
		}
		b.d.Template = b.tmpl.apply(b.d.Template)
		s.Deployments[i] = b.d
		line = []string{"rc", Quote(n)}
		line = append(line, formatDeployment(b.d, p, e.labelOf(b.d), false)...)
	case "pod":
		i := indexFunc(s.Pods, func(o dcplan.Pod) bool { return o.Name == n })
		if i < 0 {
			return "", fmt.Errorf("no pod %q", n)
		}
		b := &podBuilder{p: s.Pods[i], set: map[string]bool{}}
		if err := apply(keys, b.set, func(a Arg) error { return b.setKey(a, p) }); err != nil {
			return "", err
		}
		s.Pods[i] = b.p
		line = append([]string{"pod", Quote(n)}, formatPod(b.p, p)...)
	default:
		return "", fmt.Errorf("edit takes dc, rc or pod, not %q", kind)
	}
	e.Snapshot = s
	return joinWords(line) + "\n", nil
}

// labelOf returns the as= label of d's encoded config, or "" for the DC.
func (e *Env) labelOf(d dcplan.Deployment) string {
	if d.Encoded == nil {
		return ""
	}
	t := configText(*d.Encoded, "ns")
	if t == configText(e.Snapshot.Config, "ns") && !reflect.DeepEqual(e.Snapshot.Config, dcplan.Config{}) {
		return ""
	}
	// Sorted labels: when two named configs print alike, the output must
	// not depend on map iteration order.
	for _, l := range slices.Sorted(maps.Keys(e.labels)) {
		if configText(e.labels[l], "ns") == t {
			return l
		}
	}
	return "?"
}

func (e *Env) remove(args []Arg) (string, error) {
	if len(args) != 2 || args[0].HasVal || args[1].HasVal {
		return "", errors.New("usage: remove rc|pod <name>")
	}
	s := e.Snapshot.Clone()
	n := args[1].Key
	switch args[0].Key {
	case "rc":
		i := indexFunc(s.Deployments, func(d dcplan.Deployment) bool { return d.Name == n })
		if i < 0 {
			return "", fmt.Errorf("no rc %q", n)
		}
		s.Deployments = append(s.Deployments[:i], s.Deployments[i+1:]...)
	case "pod":
		i := indexFunc(s.Pods, func(o dcplan.Pod) bool { return o.Name == n })
		if i < 0 {
			return "", fmt.Errorf("no pod %q", n)
		}
		s.Pods = append(s.Pods[:i], s.Pods[i+1:]...)
	default:
		return "", fmt.Errorf("remove takes rc or pod, not %q", args[0].Key)
	}
	if len(s.Deployments) == 0 {
		s.Deployments = nil
	}
	if len(s.Pods) == 0 {
		s.Pods = nil
	}
	e.Snapshot = s
	return "ok\n", nil
}

func (e *Env) set(args []Arg) (string, error) {
	if err := checkSettingsArgs(args); err != nil {
		return "", err
	}
	s := e.Snapshot.Clone()
	for _, a := range args {
		if a.Key == "now" {
			if err := needVal(a); err != nil {
				return "", fmt.Errorf("now: %w", err)
			}
			t, err := parseTime(a.Val, s.Now, true)
			if err != nil {
				return "", fmt.Errorf("now: %w", err)
			}
			s.Now = t
			continue
		}
		if err := setSettingsKey(&s, a); err != nil {
			return "", err
		}
	}
	e.Snapshot = s
	return "ok\n", nil
}

func indexFunc[T any](s []T, f func(T) bool) int {
	for i, v := range s {
		if f(v) {
			return i
		}
	}
	return -1
}
