package dcplan

import (
	"strconv"
	"strings"
	"time"
)

// Describe renders a plan as text, one line per action in contract order
// (see Plan), each `verb target key=value ... rule=<id>`, then the events,
// then `wait <reason> "<message>"` (with `error=actionable` or
// `error=fatal` when the handler error is of that class rather than a plain
// retried one) and `recheck-after <duration>` when set.
// Fields at their default are omitted. A status write prints the changed
// fields on its line and one indented line per changed condition. Left
// out, being checked where they show: an event's place among the writes
// (Event.After: the order of wire.Requests), the new RC's and the
// deployer pod's full objects (their bodies), a DC update's strategy and
// template beyond a hash or "replaced", and the uids actions carry. An empty
// plan prints "<empty plan>". The output ends with a newline and is stable:
// scenario files, examples and simulator traces compare it byte for byte.
//
// The rule=<id> that ends an action's line names the rule that produced
// it; docs/rules.md, the repository's rule index, says in one line what
// each id decides and lists the code and tests that cite it.
func Describe(p Plan) string {
	var b strings.Builder
	DescribeTo(&b, p)
	if b.Len() == 0 {
		return "<empty plan>\n"
	}
	return b.String()
}

// DescribeTo writes Describe's lines to b, writing nothing for an empty plan.
func DescribeTo(b *strings.Builder, p Plan) {
	for _, a := range p.Adopt {
		line(b, "adopt", "rc/"+a.RC, a.Rule, "owner", "dc/"+a.Config, "live", flag(a.Live, "true"))
	}
	for _, a := range p.Release {
		line(b, "release", "rc/"+a.RC, a.Rule, "live", flag(a.Live, "true"))
	}
	for _, a := range p.Instantiate {
		line(b, "instantiate", "dc/"+a.Config, a.Rule, "latest", strconv.FormatBool(a.Latest), "force", strconv.FormatBool(a.Force))
	}
	for _, a := range p.UpdateConfig {
		describeConfigUpdate(b, a)
	}
	for _, a := range p.CreatePods {
		line(b, "create-pod", "pod/"+a.Pod.Name, a.Rule, "rc", a.Pod.RC, "image", a.Pod.Image,
			"serviceAccount", a.Pod.ServiceAccount, "deadline", itoa(a.Pod.ActiveDeadlineSeconds),
			"owner", flag(a.Pod.Unowned, "none"), "spec", flag(a.Pod.SeedSpec, "seed"))
	}
	for _, a := range p.SetPodOwners {
		line(b, "set-pod-owner", "pod/"+a.Pod, a.Rule, "rc", a.RC)
	}
	for _, a := range p.SetPodDeadlines {
		from := "none"
		if a.HadDeadline {
			from = itoa(a.From)
		}
		line(b, "set-pod-deadline", "pod/"+a.Pod, a.Rule, "deadline", from+"->"+itoa(a.To))
	}
	for _, a := range p.DeletePods {
		grace := ""
		if a.GracePeriodZero {
			grace = "0"
		}
		line(b, "delete-pod", "pod/"+a.Pod, a.Rule, "rc", a.RC, "grace", grace, "stopOnFailure", flag(a.StopOnFailure, "true"))
	}
	for _, a := range p.CreateRCs {
		d := a.Deployment
		desired := ""
		if d.HasDesiredReplicas {
			desired = itoa(int64(d.DesiredReplicas))
		}
		line(b, "create-rc", "rc/"+d.Name, a.Rule, "v", itoa(int64(d.Version)), "phase", d.Phase.String(),
			"replicas", itoa(int64(d.Replicas)), "desired", desired, "reason", d.Reason)
	}
	for _, a := range p.Cancels {
		line(b, "cancel", "rc/"+a.RC, a.Rule, "v", itoa(int64(a.Version)), "phase", a.Phase.String(), "reason", a.Reason,
			"by", flag(a.ByUser, "user"), "write", flag(a.Patch, "patch"), "reclaim", flag(a.Reclaim, "true"), "once", flag(a.Once, "true"))
	}
	for _, a := range p.Scales {
		sync := ""
		if a.SyncAnnotation {
			sync = "true"
		}
		line(b, "scale", "rc/"+a.RC, a.Rule, "v", itoa(int64(a.Version)),
			"replicas", itoa(int64(a.From))+"->"+itoa(int64(a.To)), "syncAnnotation", sync, "reclaim", flag(a.Reclaim, "true"))
	}
	for _, a := range p.Transitions {
		describeTransition(b, a)
	}
	for _, a := range p.DeleteRCs {
		line(b, "delete-rc", "rc/"+a.RC, a.Rule, "v", itoa(int64(a.Version)), "replicas", itoa(int64(a.Replicas)),
			"ifUnchanged", flag(a.IfUnchanged, "true"), "options", flag(a.WithoutOptions, "none"))
	}
	if p.Status != nil {
		describeStatus(b, *p.Status)
	}
	for _, e := range p.Events {
		line(b, "event", strings.ToLower(e.Object.Kindish())+"/"+e.Object.Name, e.Rule,
			"type", e.Type.String(), "reason", e.Reason, "message", e.Message)
	}
	if p.Wait != WaitNone || p.Message != "" {
		b.WriteString("wait")
		if p.Wait != WaitNone {
			b.WriteString(" " + p.Wait.String())
		}
		if p.Message != "" {
			b.WriteString(" " + strconv.Quote(p.Message))
		}
		if p.Error != ErrorNone && p.Error != ErrorRetry {
			b.WriteString(" error=" + p.Error.String())
		}
		b.WriteByte('\n')
	}
	if p.RecheckAfter > 0 {
		b.WriteString("recheck-after " + p.RecheckAfter.String() + "\n")
	}
}

// Kindish returns the short kind Describe prints: "dc", "rc", or the kind
// itself for anything else.
func (o ObjectRef) Kindish() string {
	switch o.Kind {
	case "DeploymentConfig":
		return "dc"
	case "ReplicationController":
		return "rc"
	}
	return o.Kind
}

func describeConfigUpdate(b *strings.Builder, a ConfigUpdate) {
	var kv []string
	if a.SetReplicas {
		kv = append(kv, "replicas", itoa(int64(a.ReplicasFrom))+"->"+itoa(int64(a.ReplicasTo)))
	}
	if a.SetSelector {
		parts := make([]string, 0, len(a.Selector))
		for _, e := range a.Selector {
			parts = append(parts, e.Key+"="+e.Value)
		}
		kv = append(kv, "selector", "{"+strings.Join(parts, ",")+"}")
	}
	if a.SetPaused {
		kv = append(kv, "paused", strconv.FormatBool(a.PausedFrom)+"->"+strconv.FormatBool(a.PausedTo))
	}
	if a.SetTemplate {
		kv = append(kv, "template", shortHash(a.TemplateFrom)+"->"+shortHash(a.Template.Hash))
	}
	if a.SetTriggers {
		parts := make([]string, 0, len(a.Triggers))
		for _, t := range a.Triggers {
			s := t.TypeText()
			if t.Type == TriggerImageChange && !t.Automatic {
				s += "(manual)"
			}
			parts = append(parts, s)
		}
		kv = append(kv, "triggers", "["+strings.Join(parts, ",")+"]")
	}
	if a.SetStrategy {
		kv = append(kv, "strategy", "replaced")
	}
	if a.SetLatestVersion {
		kv = append(kv, "latestVersion", itoa(int64(a.LatestVersionFrom))+"->"+itoa(int64(a.LatestVersionTo)))
	}
	kv = append(kv, "write", flag(a.Patch, "patch"))
	line(b, "update-dc", "dc/"+a.Config, a.Rule, kv...)
}

func describeTransition(b *strings.Builder, a Transition) {
	kv := []string{"v", itoa(int64(a.Version)), "phase", a.From.String() + "->" + a.To.String()}
	if a.ClearCancel {
		kv = append(kv, "clearCancel", "true")
	}
	if a.SetReason {
		kv = append(kv, "reason", a.Reason)
	}
	kv = append(kv, "deployerPod", a.DeployerPod,
		"createdAt", stamp(a.CreatedAt), "startedAt", stamp(a.StartedAt), "completedAt", completedStamp(a),
		"retriedAt", stamp(a.RetriedAt))
	if a.RetriedPod != "" {
		kv = append(kv, "retriedPod", a.RetriedPod)
	}
	if a.SyncDesired {
		kv = append(kv, "syncDesired", itoa(int64(a.Desired)))
	}
	if a.CommitDesired {
		kv = append(kv, "commitDesired", itoa(int64(a.Desired)))
	}
	if a.ScaleToZero {
		kv = append(kv, "replicas", itoa(int64(a.ReplicasFrom))+"->0")
	}
	kv = append(kv, "write", flag(a.Patch, "patch"))
	line(b, "transition", "rc/"+a.RC, a.Rule, kv...)
}

func describeStatus(b *strings.Builder, s StatusUpdate) {
	f, t := s.From, s.To
	var kv []string
	num := func(name string, from, to int64) {
		if from != to {
			kv = append(kv, name, itoa(from)+"->"+itoa(to))
		}
	}
	num("latestVersion", int64(f.LatestVersion), int64(t.LatestVersion))
	num("observedGeneration", f.ObservedGeneration, t.ObservedGeneration)
	num("replicas", int64(f.Replicas), int64(t.Replicas))
	num("updated", int64(f.UpdatedReplicas), int64(t.UpdatedReplicas))
	num("available", int64(f.AvailableReplicas), int64(t.AvailableReplicas))
	num("unavailable", int64(f.UnavailableReplicas), int64(t.UnavailableReplicas))
	num("ready", int64(f.ReadyReplicas), int64(t.ReadyReplicas))
	if !f.Details.Equal(t.Details) {
		kv = append(kv, "details", describeDetails(t.Details))
	} else if s.RecordsDetails {
		kv = append(kv, "details", "recorded") // replaced whole, reading the same
	}
	line(b, "status", "dc/"+s.Config, s.Rule, kv...)
	for _, c := range t.Conditions {
		if old, ok := findCondition(f.Conditions, c); ok && old.Equal(c) {
			continue
		}
		line(b, "  condition", c.TypeText(), "", "status", c.StatusText(), "reason", c.ReasonText(),
			"message", c.Message, "transition", stamp(c.LastTransitionTime), "update", stamp(c.LastUpdateTime))
	}
	for _, c := range f.Conditions {
		if _, ok := findCondition(t.Conditions, c); !ok {
			line(b, "  condition", c.TypeText(), "", "removed", "true")
		}
	}
}

func describeDetails(d Details) string {
	if d.Message == "" && len(d.Causes) == 0 {
		return "none"
	}
	parts := make([]string, 0, len(d.Causes))
	for _, c := range d.Causes {
		s := c.TypeText()
		if c.Image != "" {
			s += ":" + c.Image
		}
		parts = append(parts, s)
	}
	return d.Message + " [" + strings.Join(parts, ",") + "]"
}

// findCondition returns the first condition of cs of like's type (for
// ConditionOther, of its text), and whether there is one.
func findCondition(cs []Condition, like Condition) (Condition, bool) {
	for _, c := range cs {
		if c.Type == like.Type && c.OtherType == like.OtherType {
			return c, true
		}
	}
	return Condition{}, false
}

// line writes `verb target k=v ... rule=<id>`, skipping empty values.
func line(b *strings.Builder, verb, target string, rule Rule, kv ...string) {
	b.WriteString(verb)
	if target != "" {
		b.WriteByte(' ')
		b.WriteString(target)
	}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == "" {
			continue
		}
		b.WriteByte(' ')
		b.WriteString(kv[i])
		b.WriteByte('=')
		b.WriteString(quoteIfNeeded(kv[i+1]))
	}
	if rule != "" {
		b.WriteString(" rule=")
		b.WriteString(string(rule))
	}
	b.WriteByte('\n')
}

func quoteIfNeeded(s string) string {
	if strings.ContainsAny(s, " \t\n\"'=\\") || s == "" {
		return strconv.Quote(s)
	}
	for _, r := range s {
		if !strconv.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// stamp renders a time as RFC 3339 in UTC, or "" for the zero time.
// completedStamp is the transition's completed-at as written: the zero
// time too when Completed is set.
func completedStamp(a Transition) string {
	if a.Completed && a.CompletedAt.IsZero() {
		return a.CompletedAt.UTC().Format(time.RFC3339)
	}
	return stamp(a.CompletedAt)
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func shortHash(h string) string {
	if h == "" {
		return "none"
	}
	if len(h) > 8 {
		return h[:8]
	}
	return h
}

// flag returns word when set, else "" (which line leaves out).
func flag(set bool, word string) string {
	if set {
		return word
	}
	return ""
}
