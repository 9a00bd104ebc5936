package scenario

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
)

// stateParser holds what the lines of a state read so far tell the
// defaults of the others: the clock, the DC, the named configs.
type stateParser struct {
	snap   dcplan.Snapshot
	hasNow bool
	hasCfg bool
	labels map[string]dcplan.Config
}

func (p *stateParser) time(s string) (time.Time, error) { return parseTime(s, p.snap.Now, p.hasNow) }

// namespace is the default namespace of every object: the DC's, or "ns"
// when there is no DC line.
func (p *stateParser) namespace() string {
	if p.hasCfg {
		return p.snap.Config.Namespace
	}
	return "ns"
}

type record struct {
	line int // 1-based
	kind string
	args []Arg
}

// settingsKeys, recheckKeys, failedKeys and outcomeKeys are the keys of
// those lines; lineKinds the lines a state holds.
var (
	settingsKeys = []string{"profile", "switch", "image", "sa", "env", "env-from", "requeues", "no-instantiate", "unobserved", "undeleted"}
	recheckKeys  = []string{"uid", "err", "deleted"}
	failedKeys   = []string{"reason", "code", "err", "from-code", "stated", "prelude"}
	outcomeKeys  = []string{"live-err"}
	lineKinds    = []string{"now", "settings", "recheck", "failed", "outcome", "dc", "condition", "rc", "pod"}
)

// ParseState reads a state: one object per line (see README.md). Blank
// lines and lines starting with '#' are skipped. The lines may come in any
// order, except that condition lines belong to the dc line above them and
// times relative to now need the now line. It returns the first error,
// prefixed with its 1-based line number.
func ParseState(lines []string) (dcplan.Snapshot, error) {
	s, _, err := parseState(&stateParser{labels: map[string]dcplan.Config{}}, lines)
	return s, err
}

func parseState(p *stateParser, lines []string) (dcplan.Snapshot, map[string]dcplan.Config, error) {
	var recs []record
	for i, l := range lines {
		if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		args, err := Tokenize(l)
		if err != nil {
			return dcplan.Snapshot{}, nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		if args[0].HasVal || !slicesContains(lineKinds, args[0].Key) {
			return dcplan.Snapshot{}, nil, fmt.Errorf("line %d: unknown line kind %q (known: %s)", i+1, args[0].String(), joinKeys(lineKinds))
		}
		recs = append(recs, record{line: i + 1, kind: args[0].Key, args: args[1:]})
	}
	fail := func(r record, err error) (dcplan.Snapshot, map[string]dcplan.Config, error) {
		return dcplan.Snapshot{}, nil, fmt.Errorf("line %d: %s: %w", r.line, r.kind, err)
	}
	// 1. the clock.
	for _, r := range recs {
		if r.kind != "now" {
			continue
		}
		if p.hasNow {
			return fail(r, fmt.Errorf("a second now line"))
		}
		if len(r.args) != 1 || r.args[0].HasVal {
			return fail(r, fmt.Errorf("want: now <RFC 3339 time>"))
		}
		t, err := parseTime(r.args[0].Key, time.Time{}, false)
		if err != nil {
			return fail(r, err)
		}
		p.snap.Now, p.hasNow = t, true
	}
	// 2. the DC, then the named configs, then the conditions of each.
	byLine := map[int]*dcBuilder{}
	var dcs []*dcBuilder
	for pass := 0; pass < 2; pass++ {
		for _, r := range recs {
			if _, named := argValue(r.args, "as"); r.kind != "dc" || named != (pass == 1) {
				continue
			}
			if pass == 0 && p.hasCfg {
				return fail(r, fmt.Errorf("a second dc line without as=<label>"))
			}
			b, err := p.parseDC(r)
			if err != nil {
				return fail(r, err)
			}
			byLine[r.line] = b
			dcs = append(dcs, b)
			if pass == 0 {
				p.snap.Config, p.hasCfg = b.c, true
			}
		}
	}
	var cur *dcBuilder
	for _, r := range recs {
		switch r.kind {
		case "dc":
			cur = byLine[r.line]
		case "condition":
			if cur == nil {
				return fail(r, fmt.Errorf("a condition line must follow a dc line"))
			}
			c, err := parseCondition(r.args, p)
			if err != nil {
				return fail(r, err)
			}
			cur.c.Status.Conditions = append(cur.c.Status.Conditions, c)
		}
	}
	for _, b := range dcs {
		if b.label == "" {
			p.snap.Config = b.c
			continue
		}
		if _, dup := p.labels[b.label]; dup {
			return dcplan.Snapshot{}, nil, fmt.Errorf("line %d: dc: label as=%s used twice", b.line, b.label)
		}
		p.labels[b.label] = b.c
	}
	// 3. everything else, in line order.
	for _, r := range recs {
		var err error
		switch r.kind {
		case "settings":
			err = p.parseSettings(r.args)
		case "recheck":
			err = p.parseRecheck(r.args)
		case "failed":
			err = p.parseFailed(r.args)
		case "outcome":
			err = p.parseOutcome(r.args)
		case "rc":
			err = p.parseRC(r.args)
		case "pod":
			err = p.parsePod(r.args)
		}
		if err != nil {
			return fail(r, err)
		}
	}
	return p.snap, p.labels, nil
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func argValue(args []Arg, key string) (string, bool) {
	for _, a := range args {
		if a.Key == key && a.HasVal {
			return a.Val, true
		}
	}
	return "", false
}

// name takes the positional name of an object line.
func name(kind string, args []Arg) (string, []Arg, error) {
	if len(args) == 0 || args[0].HasVal {
		return "", nil, errNoName(kind)
	}
	return args[0].Key, args[1:], nil
}

// listKeys are the keys of dc, rc and pod lines that may repeat (marked
// rep. in README.md): each one appends to a list.
var listKeys = map[string]bool{"label": true, "selector": true, "command": true, "custom-env": true,
	"custom-env-from": true, "strategy-label": true, "strategy-annotation": true}

// apply runs set for every argument, recording which keys were given. A
// key that is not a list key may be given once (onceEach).
func apply(args []Arg, set map[string]bool, f func(Arg) error) error {
	if err := onceEach(args, listKeys); err != nil {
		return err
	}
	for _, a := range args {
		if err := f(a); err != nil {
			return fmt.Errorf("%s: %w", a.Key, err)
		}
		set[a.Key] = true
	}
	return nil
}

func (p *stateParser) parseDC(r record) (*dcBuilder, error) {
	n, args, err := name("dc", r.args)
	if err != nil {
		return nil, err
	}
	b := &dcBuilder{c: dcplan.Config{Name: n}, set: map[string]bool{}, line: r.line}
	if err := apply(args, b.set, func(a Arg) error { return b.setKey(a, p) }); err != nil {
		return nil, err
	}
	b.finish(p.namespace())
	return b, nil
}

func (p *stateParser) parseRC(args []Arg) error {
	n, args, err := name("rc", args)
	if err != nil {
		return err
	}
	b := &rcBuilder{d: dcplan.Deployment{Name: n}, set: map[string]bool{}}
	if err := apply(args, b.set, func(a Arg) error { return b.setKey(a, p) }); err != nil {
		return err
	}
	if err := b.finish(p); err != nil {
		return err
	}
	if b.live {
		if p.snap.Outcome.Live != nil {
			return fmt.Errorf("a second rc line marked live")
		}
		live := b.d
		p.snap.Outcome.Live = &live
		return nil
	}
	p.snap.Deployments = append(p.snap.Deployments, b.d)
	return nil
}

func (p *stateParser) parsePod(args []Arg) error {
	n, args, err := name("pod", args)
	if err != nil {
		return err
	}
	b := &podBuilder{p: dcplan.Pod{Name: n}, set: map[string]bool{}}
	if err := apply(args, b.set, func(a Arg) error { return b.setKey(a, p) }); err != nil {
		return err
	}
	b.finish(p)
	p.snap.Pods = append(p.snap.Pods, b.p)
	return nil
}

// setSettingsKey applies one key of a settings line (or of the set
// command) to s.
func setSettingsKey(s *dcplan.Snapshot, a Arg) error {
	var err error
	switch a.Key {
	case "profile":
		if err = needVal(a); err == nil {
			var p dcplan.Preset
			if p, err = dcplan.ParsePreset(a.Val); err == nil {
				s.Settings.Switches = p.Switches()
			}
		}
	case "switch":
		if err = needVal(a); err == nil {
			err = s.Settings.Switches.Set(a.Val)
		}
	case "image":
		err = needVal(a)
		s.Settings.DeployerImage = a.Val
	case "sa":
		err = needVal(a)
		s.Settings.ServiceAccount = a.Val
	case "env", "env-from":
		var e dcplan.EnvVar
		if e, err = parseEnv(a, a.Key == "env-from"); err == nil {
			s.Settings.Environment = append(s.Settings.Environment, e)
		}
	case "requeues":
		var n int64
		n, err = parseInt64(a)
		s.Requeues = int(n)
	case "no-instantiate":
		s.InstantiateUnavailable, err = parseFlag(a)
	case "unobserved":
		err = needVal(a)
		s.Unobserved = append(s.Unobserved, a.Val)
	case "undeleted":
		err = needVal(a)
		s.Undeleted = append(s.Undeleted, a.Val)
	default:
		return unknownKey("settings", a.Key, settingsKeys)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", a.Key, err)
	}
	return nil
}

func (p *stateParser) parseSettings(args []Arg) error {
	if err := checkSettingsArgs(args); err != nil {
		return err
	}
	for _, a := range args {
		if err := setSettingsKey(&p.snap, a); err != nil {
			return err
		}
	}
	return nil
}

// settingsListKeys are the keys of a settings line (or of the set
// command) that may repeat: each one appends.
var settingsListKeys = map[string]bool{"switch": true, "env": true, "env-from": true, "unobserved": true, "undeleted": true}

// onceEach refuses a line that gives a key twice, unless repeat holds
// it (a list key, each one appending): the second would silently win
// over the first.
func onceEach(args []Arg, repeat map[string]bool) error {
	seen := map[string]bool{}
	for _, a := range args {
		if seen[a.Key] && !repeat[a.Key] {
			return fmt.Errorf("%s: given twice (only list keys repeat)", a.Key)
		}
		seen[a.Key] = true
	}
	return nil
}

// checkSettingsArgs refuses a settings line (or set command) that gives
// a key other than a list key twice (onceEach), or a switch before the
// profile (the profile replaces every switch, so the switch would
// silently go).
func checkSettingsArgs(args []Arg) error {
	if err := onceEach(args, settingsListKeys); err != nil {
		return err
	}
	switchAt := slices.IndexFunc(args, func(a Arg) bool { return a.Key == "switch" })
	if profileAt := slices.IndexFunc(args, func(a Arg) bool { return a.Key == "profile" }); switchAt >= 0 && profileAt > switchAt {
		return errors.New("profile: given after a switch, which it would replace (give the profile first)")
	}
	return nil
}

// parseRecheck reads "recheck uid= err= deleted=": the adoption recheck was
// done. uid defaults to the DC's uid, or "" when err is given.
func (p *stateParser) parseRecheck(args []Arg) error {
	if p.snap.Recheck.Done {
		return errors.New("a second recheck line (the snapshot has one recheck)")
	}
	r := dcplan.Recheck{Done: true}
	set := map[string]bool{}
	err := apply(args, set, func(a Arg) error {
		var err error
		switch a.Key {
		case "uid":
			err = needVal(a)
			r.UID = a.Val
		case "err":
			err = needVal(a)
			r.Err = a.Val
		case "deleted":
			if err = needVal(a); err == nil {
				r.DeletionTime, err = p.time(a.Val)
			}
		default:
			err = unknownKey("recheck", a.Key, recheckKeys)
		}
		return err
	})
	if err != nil {
		return err
	}
	if !set["uid"] {
		r.UID = p.defaultRecheckUID(r.Err)
	}
	p.snap.Recheck = r
	return nil
}

func (p *stateParser) defaultRecheckUID(errText string) string {
	if errText != "" {
		return ""
	}
	return p.snap.Config.UID
}

// parseFailed reads "failed <action> <name> reason= code= err=": one
// failed request of the pass (Outcome.Failures, in line order). <action>
// is the verb Describe prints for the action kind (create-rc, scale, ...).
func (p *stateParser) parseFailed(args []Arg) error {
	if len(args) < 2 || args[0].HasVal || args[1].HasVal {
		return fmt.Errorf("failed needs an action and an object name")
	}
	var f dcplan.Failure
	kind, ok := actionKindOf(args[0].Key)
	if !ok {
		return fmt.Errorf("failed: unknown action %q", args[0].Key)
	}
	f.Action, f.Name = kind, args[1].Key
	err := apply(args[2:], map[string]bool{}, func(a Arg) error {
		var err error
		switch a.Key {
		case "reason":
			err = needVal(a)
			f.Reason = dcplan.StatusReason(a.Val)
		case "code":
			var n int64
			n, err = strconv.ParseInt(a.Val, 10, 32)
			f.Code = int32(n)
		case "err":
			err = needVal(a)
			f.Message = a.Val
		case "from-code":
			f.ReasonFromCode, err = parseFlag(a)
		case "stated":
			err = needVal(a)
			f.StatedReason = dcplan.StatusReason(a.Val)
		case "prelude":
			f.Prelude, err = parseFlag(a)
		default:
			err = unknownKey("failed", a.Key, failedKeys)
		}
		return err
	})
	p.snap.Outcome.Failures = append(p.snap.Outcome.Failures, f)
	return err
}

// actionKindOf reads the Describe verb of an action kind.
func actionKindOf(verb string) (dcplan.ActionKind, bool) {
	for k := dcplan.ActionAdopt; k <= dcplan.ActionStatus; k++ {
		if k.String() == verb {
			return k, true
		}
	}
	return dcplan.ActionNone, false
}

// parseOutcome reads "outcome live-err=": the GET after an AlreadyExists
// failed. The live RC, when found, is the rc line marked live.
func (p *stateParser) parseOutcome(args []Arg) error {
	if p.snap.Outcome.LiveErr != "" {
		return errors.New("a second outcome line (the snapshot has one live GET)")
	}
	return apply(args, map[string]bool{}, func(a Arg) error {
		if a.Key != "live-err" {
			return unknownKey("outcome", a.Key, outcomeKeys)
		}
		p.snap.Outcome.LiveErr = a.Val
		return needVal(a)
	})
}

// FormatState renders s in the state line format, one object per line in a
// fixed order (now, settings, recheck, failed, outcome, the dc and its
// conditions, named configs, rcs in slice order, the live rc, pods in
// slice order), every key at its default omitted. ParseState(FormatState(s))
// equals s for every snapshot in normal form (see README.md).
func FormatState(s dcplan.Snapshot) string {
	p := &stateParser{snap: s, hasNow: !s.Now.IsZero(), labels: map[string]dcplan.Config{}}
	p.hasCfg = !reflect.DeepEqual(s.Config, dcplan.Config{})
	var b strings.Builder
	line := func(words ...string) {
		b.WriteString(joinWords(words))
		b.WriteByte('\n')
	}
	if p.hasNow {
		line("now", formatTime(s.Now))
	}
	if w := formatSettings(s); len(w) > 0 {
		line(append([]string{"settings"}, w...)...)
	}
	if s.Recheck.Done {
		w := []string{"recheck"}
		r := s.Recheck
		if r.UID != p.defaultRecheckUID(r.Err) {
			w = append(w, kv("uid", r.UID))
		}
		if r.Err != "" {
			w = append(w, kv("err", r.Err))
		}
		if !r.DeletionTime.IsZero() {
			w = append(w, "deleted="+formatTime(r.DeletionTime))
		}
		line(w...)
	}
	for _, f := range s.Outcome.Failures {
		w := []string{"failed", f.Action.String(), Quote(f.Name)}
		if f.Reason != "" {
			w = append(w, kv("reason", string(f.Reason)))
		}
		if f.Code != 0 {
			w = append(w, "code="+strconv.Itoa(int(f.Code)))
		}
		if f.Message != "" {
			w = append(w, kv("err", f.Message))
		}
		if f.ReasonFromCode {
			w = append(w, "from-code")
		}
		if f.StatedReason != "" {
			w = append(w, kv("stated", string(f.StatedReason)))
		}
		if f.Prelude {
			w = append(w, "prelude")
		}
		line(w...)
	}
	if s.Outcome.LiveErr != "" {
		line("outcome", kv("live-err", s.Outcome.LiveErr))
	}
	ns := "ns"
	main := ""
	if p.hasCfg {
		ns = s.Config.Namespace
		main = configText(s.Config, ns)
		line(dcLine(s.Config, "ns", "")...)
		for _, c := range s.Config.Status.Conditions {
			b.WriteString(formatCondition(c) + "\n")
		}
	}
	// Named configs: one per distinct encoded config that is not the DC.
	byText := map[string]string{}
	encodedWord := func(d dcplan.Deployment) string {
		if d.Encoded == nil {
			return ""
		}
		t := configText(*d.Encoded, ns)
		if p.hasCfg && t == main {
			return ""
		}
		if l, ok := byText[t]; ok {
			return l
		}
		l := "e" + strconv.Itoa(len(byText)+1)
		byText[t] = l
		p.labels[l] = *d.Encoded
		line(dcLine(*d.Encoded, ns, l)...)
		for _, c := range d.Encoded.Status.Conditions {
			b.WriteString(formatCondition(c) + "\n")
		}
		return l
	}
	words := make([][]string, 0, len(s.Deployments)+1)
	for _, d := range s.Deployments {
		words = append(words, formatDeployment(d, p, encodedWord(d), false))
	}
	if s.Outcome.Live != nil {
		live := *s.Outcome.Live
		words = append(words, formatDeployment(live, p, encodedWord(live), true))
	}
	for i, w := range words {
		var n string
		if i < len(s.Deployments) {
			n = s.Deployments[i].Name
		} else {
			n = s.Outcome.Live.Name
		}
		line(append([]string{"rc", Quote(n)}, w...)...)
	}
	for _, o := range s.Pods {
		line(append([]string{"pod", Quote(o.Name)}, formatPod(o, p)...)...)
	}
	return b.String()
}

func dcLine(c dcplan.Config, ns, label string) []string {
	return append([]string{"dc", Quote(c.Name)}, formatConfig(c, ns, label)...)
}

// configText is a config's full text, for equality.
func configText(c dcplan.Config, ns string) string {
	var b strings.Builder
	b.WriteString(joinWords(dcLine(c, ns, "")))
	for _, cond := range c.Status.Conditions {
		b.WriteString("\n" + formatCondition(cond))
	}
	return b.String()
}

func formatSettings(s dcplan.Snapshot) []string {
	var out []string
	st := s.Settings
	if st.Switches != (dcplan.Switches{}) {
		p := st.Switches.Nearest()
		if p != dcplan.Modern {
			out = append(out, kv("profile", p.String()))
		}
		for _, c := range st.Switches.Changes(p.Switches()) {
			out = append(out, kv("switch", c))
		}
	}
	if st.DeployerImage != "" {
		out = append(out, kv("image", st.DeployerImage))
	}
	if st.ServiceAccount != "" {
		out = append(out, kv("sa", st.ServiceAccount))
	}
	out = append(out, formatEnv("env", "env-from", st.Environment)...)
	if s.Requeues != 0 {
		out = append(out, "requeues="+strconv.Itoa(s.Requeues))
	}
	if s.InstantiateUnavailable {
		out = append(out, "no-instantiate")
	}
	for _, n := range s.Unobserved {
		out = append(out, kv("unobserved", n))
	}
	for _, n := range s.Undeleted {
		out = append(out, kv("undeleted", n))
	}
	return out
}
