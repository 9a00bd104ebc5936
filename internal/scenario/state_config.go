package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/dcplan/dcplan"
)

// dcBuilder collects one dc line.
type dcBuilder struct {
	c     dcplan.Config
	tmpl  tmplSpec
	set   map[string]bool
	label string // as=<label>: a named config for rc encoded=<label>
	line  int    // 1-based line of the dc line
}

// dcKeys are the keys of a dc line, in the order State prints them.
var dcKeys = []string{
	"as", "ns", "uid", "rv", "gen", "deleting", "label", "ignore-pod", "replicas", "limit", "min-ready",
	"test", "paused", "selector", "strategy", "params", "timeout", "surge", "unavailable", "deadline",
	"custom-image", "command", "custom-env", "custom-env-from", "resources", "strategy-label",
	"strategy-annotation", "triggers", "image", "containers", "template-hash", "template-raw",
	"latest", "observed", "status", "details", "causes", "raw",
}

func (b *dcBuilder) setKey(a Arg, p *stateParser) error {
	c := &b.c
	var err error
	switch a.Key {
	case "as":
		if err = needVal(a); err == nil {
			b.label = a.Val
		}
	case "ns":
		err = needVal(a)
		c.Namespace = a.Val
	case "uid":
		err = needVal(a)
		c.UID = a.Val
	case "rv":
		err = needVal(a)
		c.ResourceVersion = a.Val
	case "gen":
		c.Generation, err = parseInt64(a)
	case "deleting":
		c.Deleting, err = parseFlag(a)
	case "label":
		var e dcplan.KeyValue
		if e, err = parseKeyValue(a); err == nil {
			c.Labels = append(c.Labels, e)
		}
	case "ignore-pod":
		c.IgnoreDeployerPod, c.IgnoreDeployerPodValue = true, a.Val
	case "replicas":
		var n int32
		n, err = parseInt32(a)
		c.Replicas = dcplan.Replicas(n)
	case "limit":
		c.RevisionHistoryLimit, err = parseInt32(a)
		c.HasRevisionHistoryLimit = true
		if a.Val == "none" {
			c.RevisionHistoryLimit, c.HasRevisionHistoryLimit, err = 0, false, nil
		}
	case "min-ready":
		c.MinReadySeconds, err = parseInt32(a)
	case "test":
		c.Test, err = parseFlag(a)
	case "paused":
		c.Paused, err = parseFlag(a)
	case "selector":
		var e dcplan.KeyValue
		if e, err = parseKeyValue(a); err == nil {
			c.Selector = append(c.Selector, e)
		}
	default:
		return b.setStrategyKey(a, p)
	}
	return err
}

func (b *dcBuilder) setStrategyKey(a Arg, p *stateParser) error {
	c := &b.c
	st := &c.Strategy
	var err error
	switch a.Key {
	case "strategy":
		if err = needVal(a); err == nil {
			st.Type, err = dcplan.ParseStrategyType(a.Val)
		}
	case "params":
		st.HasParams, err = parseFlag(a)
	case "timeout":
		st.TimeoutSeconds, err = parseInt64(a)
		st.HasTimeout = true
		if a.Val == "none" {
			st.TimeoutSeconds, st.HasTimeout, err = 0, false, nil
		}
	case "surge":
		st.MaxSurge, err = parseFencepost(a)
	case "unavailable":
		st.MaxUnavailable, err = parseFencepost(a)
	case "deadline":
		st.ActiveDeadlineSeconds, err = parseInt64(a)
		st.HasActiveDeadline = true
	case "custom-image":
		err = needVal(a)
		st.CustomImage = a.Val
	case "command":
		err = needVal(a)
		st.CustomCommand = append(st.CustomCommand, a.Val)
	case "custom-env", "custom-env-from":
		var e dcplan.EnvVar
		if e, err = parseEnv(a, a.Key == "custom-env-from"); err == nil {
			st.CustomEnv = append(st.CustomEnv, e)
		}
	case "resources":
		if err = needVal(a); err == nil {
			st.Resources, err = parseJSON(a.Val)
		}
	case "strategy-label", "strategy-annotation":
		var e dcplan.KeyValue
		if e, err = parseKeyValue(a); err == nil && a.Key == "strategy-label" {
			st.Labels = append(st.Labels, e)
		} else if err == nil {
			st.Annotations = append(st.Annotations, e)
		}
	case "triggers":
		if err = needVal(a); err == nil {
			c.Triggers, err = parseTriggers(a.Val)
		}
	case "image", "containers", "template-hash", "template-raw":
		err = b.tmpl.setKey(a)
	default:
		return b.setStatusKey(a, p)
	}
	return err
}

func (b *dcBuilder) setStatusKey(a Arg, _ *stateParser) error {
	c := &b.c
	st := &c.Status
	var err error
	switch a.Key {
	case "latest":
		var n int64
		n, err = parseInt64(a)
		st.LatestVersion = dcplan.Version(n)
	case "observed":
		st.ObservedGeneration, err = parseInt64(a)
	case "status":
		var n []dcplan.Replicas
		if n, err = parseCounts(a, 5); err == nil {
			st.Replicas, st.UpdatedReplicas, st.AvailableReplicas, st.UnavailableReplicas, st.ReadyReplicas = n[0], n[1], n[2], n[3], n[4]
		}
	case "details":
		err = needVal(a)
		st.Details.Message = a.Val
	case "causes":
		if err = needVal(a); err == nil {
			st.Details.Causes, err = parseCauses(a.Val)
		}
	case "raw":
		if err = needVal(a); err == nil {
			c.Raw, err = parseJSON(a.Val)
		}
	default:
		return unknownKey("dc", a.Key, dcKeys)
	}
	return err
}

func unknownKey(kind, key string, known []string) error {
	return fmt.Errorf("unknown %s key %q (known: %s)", kind, key, joinKeys(known))
}

func joinKeys(keys []string) string {
	var b bytes.Buffer
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(k)
	}
	return b.String()
}

// defaultFencepost is the API default of maxSurge and maxUnavailable for a
// Rolling strategy: 25%.
var defaultFencepost = dcplan.Fencepost{Set: true, IsString: true, Str: "25%"}

// finish fills the defaults of the keys the line did not give: ns (the
// main DC's namespace, or "ns"), uid (uid-<name>), replicas 1, strategy
// Rolling, params (true for Rolling and Recreate), surge and unavailable
// (25% for Rolling), and the template.
func (b *dcBuilder) finish(ns string) {
	c := &b.c
	if !b.set["ns"] {
		c.Namespace = ns
	}
	if !b.set["uid"] {
		c.UID = "uid-" + c.Name
	}
	if !b.set["replicas"] {
		c.Replicas = 1
	}
	if !b.set["strategy"] {
		c.Strategy.Type = dcplan.StrategyRolling
	}
	rolling := c.Strategy.Type == dcplan.StrategyRolling
	if !b.set["params"] {
		c.Strategy.HasParams = rolling || c.Strategy.Type == dcplan.StrategyRecreate
	}
	if !b.set["surge"] && rolling {
		c.Strategy.MaxSurge = defaultFencepost
	}
	if !b.set["unavailable"] && rolling {
		c.Strategy.MaxUnavailable = defaultFencepost
	}
	c.Template = b.tmpl.apply(c.Template)
}

// formatConfig renders c as the words of a dc line (after "dc <name>")
// over the defaults of finish.
func formatConfig(c dcplan.Config, ns, label string) []string {
	def := dcBuilder{c: dcplan.Config{Name: c.Name, Strategy: dcplan.Strategy{Type: c.Strategy.Type}},
		set: map[string]bool{"strategy": true}}
	def.finish(ns)
	d := def.c
	var out []string
	add := func(cond bool, words ...string) {
		if cond {
			out = append(out, words...)
		}
	}
	add(label != "", kv("as", label))
	add(c.Namespace != d.Namespace, kv("ns", c.Namespace))
	add(c.UID != d.UID, kv("uid", c.UID))
	add(c.ResourceVersion != "", kv("rv", c.ResourceVersion))
	add(c.Generation != 0, "gen="+strconv.FormatInt(c.Generation, 10))
	add(c.Deleting, "deleting")
	out = append(out, formatKeyValues("label", c.Labels)...)
	if c.IgnoreDeployerPod {
		add(c.IgnoreDeployerPodValue == "", "ignore-pod")
		add(c.IgnoreDeployerPodValue != "", kv("ignore-pod", c.IgnoreDeployerPodValue))
	}
	add(c.Replicas != d.Replicas, "replicas="+strconv.Itoa(int(c.Replicas)))
	add(c.HasRevisionHistoryLimit, "limit="+strconv.Itoa(int(c.RevisionHistoryLimit)))
	add(c.MinReadySeconds != 0, "min-ready="+strconv.Itoa(int(c.MinReadySeconds)))
	add(c.Test, "test")
	add(c.Paused, "paused")
	out = append(out, formatKeyValues("selector", c.Selector)...)
	st, ds := c.Strategy, d.Strategy
	add(st.Type != dcplan.StrategyRolling, kv("strategy", st.Type.String()))
	add(st.HasParams != ds.HasParams, "params="+strconv.FormatBool(st.HasParams))
	add(st.HasTimeout, "timeout="+strconv.FormatInt(st.TimeoutSeconds, 10))
	add(st.MaxSurge != ds.MaxSurge, formatFencepost("surge", st.MaxSurge))
	add(st.MaxUnavailable != ds.MaxUnavailable, formatFencepost("unavailable", st.MaxUnavailable))
	add(st.HasActiveDeadline, "deadline="+strconv.FormatInt(st.ActiveDeadlineSeconds, 10))
	add(st.CustomImage != "", kv("custom-image", st.CustomImage))
	for _, s := range st.CustomCommand {
		out = append(out, kv("command", s))
	}
	out = append(out, formatEnv("custom-env", "custom-env-from", st.CustomEnv)...)
	add(st.Resources != nil, kv("resources", string(st.Resources)))
	out = append(out, formatKeyValues("strategy-label", st.Labels)...)
	out = append(out, formatKeyValues("strategy-annotation", st.Annotations)...)
	add(len(c.Triggers) > 0, kv("triggers", formatTriggers(c.Triggers)))
	out = append(out, formatTemplate(c.Template, d.Template)...)
	s := c.Status
	add(s.LatestVersion != 0, "latest="+strconv.FormatInt(int64(s.LatestVersion), 10))
	add(s.ObservedGeneration != 0, "observed="+strconv.FormatInt(s.ObservedGeneration, 10))
	counts := []dcplan.Replicas{s.Replicas, s.UpdatedReplicas, s.AvailableReplicas, s.UnavailableReplicas, s.ReadyReplicas}
	add(slices.ContainsFunc(counts, func(n dcplan.Replicas) bool { return n != 0 }), formatCounts("status", counts...))
	add(s.Details.Message != "", kv("details", s.Details.Message))
	add(len(s.Details.Causes) > 0, kv("causes", formatCauses(s.Details.Causes)))
	add(c.Raw != nil, kv("raw", string(c.Raw)))
	return out
}

// conditionKeys are the keys of a condition line.
var conditionKeys = []string{"status", "reason", "msg", "transition", "update"}

// parseCondition reads "condition <Type> status= reason= msg= transition=
// update=". Defaults: status True, no reason, no message, zero times, and
// update equal to transition.
func parseCondition(args []Arg, p *stateParser) (dcplan.Condition, error) {
	if len(args) == 0 || args[0].HasVal {
		return dcplan.Condition{}, errors.New("condition needs a type (condition <Type> [key=value])")
	}
	// Another writer's type or status is carried as written (SPEC 13.1).
	c := dcplan.Condition{Status: dcplan.StatusTrue}
	typ, err := dcplan.ParseConditionType(args[0].Key)
	if err != nil {
		typ, c.OtherType, err = dcplan.ConditionOther, args[0].Key, nil
	}
	c.Type = typ
	hasUpdate := false
	if err := onceEach(args[1:], nil); err != nil {
		return dcplan.Condition{}, err
	}
	for _, a := range args[1:] {
		switch a.Key {
		case "status":
			if err = needVal(a); err == nil {
				if c.Status, err = dcplan.ParseConditionStatus(a.Val); err != nil {
					c.Status, c.OtherStatus, err = dcplan.StatusOther, a.Val, nil
				}
			}
		case "reason":
			if err = needVal(a); err == nil {
				c.Reason = dcplan.ParseConditionReason(a.Val)
				if c.Reason == dcplan.ReasonOther {
					c.OtherReason = a.Val
				}
			}
		case "msg":
			err = needVal(a)
			c.Message = a.Val
		case "transition":
			if err = needVal(a); err == nil {
				c.LastTransitionTime, err = p.time(a.Val)
			}
		case "update":
			if err = needVal(a); err == nil {
				c.LastUpdateTime, err = p.time(a.Val)
				hasUpdate = true
			}
		default:
			err = unknownKey("condition", a.Key, conditionKeys)
		}
		if err != nil {
			return dcplan.Condition{}, fmt.Errorf("%s: %w", a.Key, err)
		}
	}
	if !hasUpdate {
		c.LastUpdateTime = c.LastTransitionTime
	}
	return c, nil
}

func formatCondition(c dcplan.Condition) string {
	words := []string{"condition", c.TypeText()}
	if c.Status != dcplan.StatusTrue {
		words = append(words, kv("status", c.StatusText()))
	}
	if reason := c.ReasonText(); reason != "" {
		words = append(words, kv("reason", reason))
	}
	if c.Message != "" {
		words = append(words, kv("msg", c.Message))
	}
	if !c.LastTransitionTime.IsZero() {
		words = append(words, "transition="+formatTime(c.LastTransitionTime))
	}
	if !c.LastUpdateTime.Equal(c.LastTransitionTime) {
		words = append(words, "update="+formatTime(c.LastUpdateTime))
	}
	return joinWords(words)
}

func joinWords(words []string) string {
	var b bytes.Buffer
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}
