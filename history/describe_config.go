package history

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/ages"
)

// DescribeConfigOptions is what `oc describe dc` reads of the cluster
// besides the DC and its RCs (SPEC 6m.8), each as oc finds it. The zero
// value describes a DC that no autoscaler targets, whose RCs have no
// pods, without the events section.
type DescribeConfigOptions struct {
	// Autoscaler is the HorizontalPodAutoscaler (autoscaling/v1) oc
	// reports: the first in list order whose scaleTargetRef names the DC
	// with kind "DeploymentConfig" or "DeploymentConfig.apps.openshift.io";
	// nil when none does.
	Autoscaler *Autoscaler
	// Pods counts, for an RC by name, its pods by phase: those its
	// spec.selector selects. An RC without an entry counts none.
	Pods map[string]PodPhases
	// ShowEvents adds the events section (`--show-events`, on by
	// default), listing Events: the events about the DC in the order the
	// API server lists them.
	ShowEvents bool
	Events     []DescribedEvent
}

// Autoscaler is what `oc describe dc` prints of a HorizontalPodAutoscaler.
type Autoscaler struct {
	// MinReplicas and MaxReplicas are spec.minReplicas (the server
	// defaults it to 1) and spec.maxReplicas.
	MinReplicas, MaxReplicas int32
	// TargetCPU is spec.targetCPUUtilizationPercentage when HasTargetCPU.
	TargetCPU    int32
	HasTargetCPU bool
}

// PodPhases counts pods by status.phase; a pod in phase Unknown counts in
// none.
type PodPhases struct {
	Running, Pending, Succeeded, Failed int
}

// DescribedEvent is what kubectl's events table prints of one event.
type DescribedEvent struct {
	Type, Reason, Message string
	// FieldPath is involvedObject.fieldPath; when set, the message prints
	// after "<FieldPath>: ".
	FieldPath string
	// From is source.component, or reportingController when that is
	// empty.
	From string
	// First is eventTime, or firstTimestamp when eventTime is not set;
	// Last is lastTimestamp, by which the table is sorted, and Count the
	// count: an event seen more than once prints `<Last> (x<Count> over
	// <First>)`. The zero time prints `<unknown>`.
	First, Last time.Time
	Count       int32
	// Series, when set, is the event's series: it then prints `<last
	// observed> (x<count> over <First>)` whatever the count, though the
	// table stays sorted by Last.
	Series *EventSeries
}

// EventSeries is an event's series (events.k8s.io): how many times it
// was observed, the last time when.
type EventSeries struct {
	Count        int32
	LastObserved time.Time
}

// maxDescribedDeployments and maxDescribedEvents bound the deployments
// (the latest included) and the events `oc describe dc` prints.
const (
	maxDescribedDeployments = 3
	maxDescribedEvents      = 8
)

// DescribeConfig returns what `oc describe dc/<name>` prints for the DC
// of s at s.Now, its RCs the snapshot's Deployments labelled
// openshift.io/deployment-config.name=<name> (SPEC 6m.8). Through one
// tabwriter (minwidth 0, tab width 8, padding 1, padding with tabs),
// rule by rule:
//
//  1. The object's metadata (SPEC 6m.8.1): `Name:`, `Namespace:` when set,
//     `Created:` + the age (docker/go-units words) + ` ago` when the DC
//     has a creation time, `Labels:` (sorted k=v lines, later ones after a
//     tab alone, or `<none>`), `Description:` for the description
//     annotation, `Annotations:` the others as the labels.
//  2. `Latest Version:` status.latestVersion, or `Not deployed` at 0
//     (SPEC 6m.8.2).
//  3. The spec (SPEC 6m.8.3): `Selector:` (k=v,...), `Replicas:` with
//     ` (test, will be scaled down between deployments)` for a test DC,
//     `Paused:\tyes` when paused, the autoscaler line, `Triggers:`
//     (`Config`, `Image(<name>@<tag>, auto=<bool>)` for an image trigger
//     with a from.name, joined by `, `, or `<none>`), `Strategy:` and its
//     custom parameters and hooks, `MinReadySeconds:` when above 0, then
//     `Template:` and the pod template as DescribePodTemplate words it.
//  4. A blank line, then the latest rollout (SPEC 6m.8.4): `Latest
//     Deployment:\t<none>` when no RC is named <name>-<latestVersion>,
//     else `Deployment #<v> (latest):` and the RC's lines, in detail when
//     it is the active rollout or the only RC.
//  5. When it exists, up to two older rollouts (SPEC 6m.8.5): the other RCs
//     whose deployment-config.name annotation names the DC, newest
//     created first (ties: the name, descending), each `Deployment
//     #<v>:`, in detail for the active one. An RC's lines: `\tName:`
//     (detail), `\tCreated:\t<age> ago` (lowercased), `\tStatus:` the
//     phase annotation as written, `\tReplicas:\t<status> current /
//     <spec> desired` when spec.replicas is set, and in detail
//     `\tSelector:`, `\tLabels:` (k=v,..., empty when none) and `\tPods
//     Status:\t<r> Running / <p> Waiting / <s> Succeeded / <f> Failed`.
//  6. With ShowEvents (SPEC 6m.8.6): a blank line and kubectl's events table
//     of the last eight events, oldest last-seen first (`Events:\t<none>`
//     when there are none), its rows escaped for a terminal as the pod
//     template is (ESC as `^[`, CR as `\r`); the other lines are oc's own
//     and print as they stand.
//
// A snapshot that is not one of a DC (Snapshot.ValidateConfig) returns
// its validation error and no text.
//
// Ports: oc's DeploymentConfigDescriber (pkg/helpers/describe).
func DescribeConfig(s dcplan.Snapshot, opts DescribeConfigOptions) (string, error) {
	if err := s.ValidateConfig(); err != nil {
		return "", err
	}
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 8, 1, '\t', 0)
	cfg := &s.Config
	root, _ := parseTemplateJSON(cfg.Raw)
	meta := root.get("metadata")
	describeMeta(w, cfg, meta, s.Now)
	if cfg.Status.LatestVersion == 0 {
		field(w, "Latest Version", "Not deployed")
	} else {
		field(w, "Latest Version", itoa(int64(cfg.Status.LatestVersion)))
	}
	describeSpec(w, cfg, root.get("spec"), opts.Autoscaler)
	writeString(w, "\n")
	describeRollouts(w, s, opts.Pods)
	if opts.ShowEvents {
		writeString(w, "\n")
		w.Flush()
		describeEvents(w, opts.Events, s.Now)
	}
	w.Flush() // a strings.Builder never fails, so neither does the tabwriter
	return b.String(), nil
}

// describeMeta writes rule 1 of DescribeConfig.
func describeMeta(w *tabwriter.Writer, cfg *dcplan.Config, meta templateJSON, now time.Time) {
	field(w, "Name", cfg.Name)
	if cfg.Namespace != "" {
		field(w, "Namespace", cfg.Namespace)
	}
	if created := meta.get("creationTimestamp").str(); created != "" {
		if t, err := time.Parse(time.RFC3339, created); err == nil {
			writeString(w, "Created:\t", ages.GoUnits(now.Sub(t)), " ago\n")
		}
	}
	labels := cfg.Labels
	if meta.has() {
		labels = meta.get("labels").entries()
	}
	fieldMap(w, "Labels", labels)
	var annotations []dcplan.KeyValue
	description := ""
	for _, kv := range meta.get("annotations").entries() {
		if kv.Key == "description" {
			description = kv.Value
			continue
		}
		annotations = append(annotations, kv)
	}
	if description != "" {
		field(w, "Description", description)
	}
	fieldMap(w, "Annotations", annotations)
}

// describeSpec writes rule 3 of DescribeConfig.
func describeSpec(w *tabwriter.Writer, cfg *dcplan.Config, spec templateJSON, hpa *Autoscaler) {
	field(w, "Selector", labelSet(cfg.Selector))
	test := ""
	if cfg.Test {
		test = " (test, will be scaled down between deployments)"
	}
	field(w, "Replicas", itoa(int64(cfg.Replicas))+test)
	if cfg.Paused {
		field(w, "Paused", "yes")
	}
	if hpa != nil {
		writeString(w, "Autoscaling:\tbetween ", itoa(int64(hpa.MinReplicas)), " and ", itoa(int64(hpa.MaxReplicas)), " replicas")
		if hpa.HasTargetCPU {
			writeString(w, " targeting ", itoa(int64(hpa.TargetCPU)), "% CPU over all the pods\n")
		} else {
			writeString(w, " (default autoscaling policy)\n")
		}
	}
	field(w, "Triggers", describeTriggers(cfg.Triggers))
	strategy := spec.get("strategy")
	if !strategy.has() {
		strategy, _ = parseTemplateJSON(cfg.Strategy.Raw)
	}
	strategyType := strategy.get("type").str()
	if !strategy.has() && cfg.Strategy.Type != dcplan.StrategyUnset {
		strategyType = cfg.Strategy.Type.String()
	}
	field(w, "Strategy", strategyType)
	describeStrategy(w, cfg.Strategy, strategy, "  ")
	if cfg.MinReadySeconds > 0 {
		field(w, "MinReadySeconds", itoa(int64(cfg.MinReadySeconds)))
	}
	writeString(w, "Template:\n", DescribePodTemplate(cfg.Template))
}

// describeTriggers is the value of the Triggers line: "" when no trigger
// prints (field then writes <none>).
func describeTriggers(triggers []dcplan.Trigger) string {
	var names []string
	for _, t := range triggers {
		switch {
		case t.Type == dcplan.TriggerConfigChange:
			names = append(names, "Config")
		case t.Type == dcplan.TriggerImageChange && t.FromName != "":
			name, tag, _ := strings.Cut(t.FromName, ":")
			if tag == "" {
				tag = "latest"
			}
			names = append(names, "Image("+name+"@"+tag+", auto="+strconv.FormatBool(t.Automatic)+")")
		}
	}
	return strings.Join(names, ", ")
}

// describeStrategy writes the strategy's custom parameters and its hooks,
// from its JSON (strategy) or, for a DC built in code, its typed
// custom parameters (its hooks are then unknown).
func describeStrategy(w *tabwriter.Writer, typed dcplan.Strategy, strategy templateJSON, indent string) {
	custom := strategy.get("customParams")
	if !strategy.has() && (typed.CustomImage != "" || len(typed.CustomCommand) > 0 || len(typed.CustomEnv) > 0) {
		env := make([]templateJSON, len(typed.CustomEnv))
		for i, e := range typed.CustomEnv {
			env[i] = jsonObjectOf([]string{"name", "value"}, jsonStringOf(e.Name), jsonStringOf(e.Value))
		}
		cmd := make([]templateJSON, len(typed.CustomCommand))
		for i, c := range typed.CustomCommand {
			cmd[i] = jsonStringOf(c)
		}
		custom = jsonObjectOf([]string{"image", "environment", "command"}, jsonStringOf(typed.CustomImage),
			templateJSON{kind: jsonArray, kids: env}, templateJSON{kind: jsonArray, kids: cmd})
	}
	if custom.has() {
		image := custom.get("image").str()
		if image == "" {
			image = "<default>"
		}
		writeString(w, indent, "Image:\t", image, "\n")
		if env := custom.get("environment").items(); len(env) > 0 {
			writeString(w, indent, "Environment:\t", envSet(env), "\n")
		}
		if cmd := custom.get("command").strs(); len(cmd) > 0 {
			writeString(w, indent, "Command:\t", multilineArgs("\t  ", cmd), "\n")
		}
	}
	for _, params := range []struct {
		key   string
		hooks []string
	}{{"recreateParams", []string{"pre", "mid", "post"}}, {"rollingParams", []string{"pre", "post"}}} {
		p := strategy.get(params.key)
		if !p.has() {
			continue
		}
		for _, h := range params.hooks {
			if hook := p.get(h); hook.has() {
				describeHook(w, hookTitle[h], hook, indent)
			}
		}
	}
}

// hookTitle names a lifecycle hook by its member of the strategy params.
var hookTitle = map[string]string{"pre": "Pre-deployment", "mid": "Mid-deployment", "post": "Post-deployment"}

// describeHook writes one lifecycle hook: its pod (execNewPod) and its
// image tags (tagImages), each under its own title.
func describeHook(w *tabwriter.Writer, title string, hook templateJSON, indent string) {
	policy := hook.get("failurePolicy").str()
	if pod := hook.get("execNewPod"); pod.has() {
		writeString(w, indent, title, " hook (pod type, failure policy: ", policy, "):\n")
		writeString(w, indent, "  Container:\t", pod.get("containerName").str(), "\n")
		writeString(w, indent, "  Command:\t", multilineArgs("\t  ", pod.get("command").strs()), "\n")
		if env := pod.get("env").items(); len(env) > 0 {
			writeString(w, indent, "  Env:\t", envSet(env), "\n")
		}
	}
	if tags := hook.get("tagImages").items(); len(tags) > 0 {
		writeString(w, indent, title, " hook (tag images, failure policy: ", policy, "):\n")
		for _, t := range tags {
			to := t.get("to")
			writeString(w, indent, "  Tag:\tcontainer ", t.get("containerName").str(), " to ", to.get("kind").str(), " ",
				to.get("name").str(), " ", to.get("namespace").str(), "\n")
		}
	}
}

// describeRollouts writes rules 4 and 5 of DescribeConfig.
func describeRollouts(w *tabwriter.Writer, s dcplan.Snapshot, pods map[string]PodPhases) {
	cfg := &s.Config
	listed := labelled(s)
	latestName := dcplan.DeploymentName(cfg.Name, cfg.Status.LatestVersion)
	active := ""
	if a := Active(listed); a != nil {
		active = a.Name
	}
	latest := -1
	for i := range listed {
		if listed[i].Name == latestName {
			latest = i // the last of that name, as oc keeps it
		}
	}
	if latest < 0 {
		field(w, "Latest Deployment", "<none>")
		return
	}
	d := &listed[latest]
	describeRollout(w, d, "Deployment #"+itoa(int64(d.Version))+" (latest)", d.Name == active || len(listed) == 1, pods, s.Now)
	older := slices.Clone(listed)
	slices.SortStableFunc(older, func(a, b dcplan.Deployment) int {
		if c := b.CreationTime.Compare(a.CreationTime); c != 0 {
			return c
		}
		return cmp.Compare(b.Name, a.Name)
	})
	shown := 1
	for i := range older {
		d := &older[i]
		if d.Name != latestName && cfg.Name == d.ConfigName {
			describeRollout(w, d, "Deployment #"+itoa(int64(d.Version)), d.Name == active, pods, s.Now)
			shown++
		}
		if shown == maxDescribedDeployments {
			break
		}
	}
}

// describeRollout writes one RC's lines under header (rule 5 of
// DescribeConfig).
func describeRollout(w *tabwriter.Writer, d *dcplan.Deployment, header string, detail bool, pods map[string]PodPhases, now time.Time) {
	root, _ := parseTemplateJSON(d.Raw)
	writeString(w, header, ":\n")
	if detail {
		writeString(w, "\tName:\t", d.Name, "\n")
	}
	writeString(w, "\tCreated:\t", strings.ToLower(ages.GoUnits(now.Sub(d.CreationTime))), " ago\n")
	writeString(w, "\tStatus:\t", d.PhaseText(), "\n")
	if !root.has() || root.get("spec").get("replicas").has() {
		writeString(w, "\tReplicas:\t", itoa(int64(d.StatusReplicas)), " current / ", itoa(int64(d.Replicas)), " desired\n")
	}
	if !detail {
		return
	}
	labels := root.get("metadata").get("labels").entries()
	if !root.has() && d.ConfigLabel != "" {
		labels = []dcplan.KeyValue{{Key: dcplan.LabelConfigName, Value: d.ConfigLabel}}
	}
	p := pods[d.Name]
	writeString(w, "\tSelector:\t", labelSet(root.get("spec").get("selector").entries()), "\n")
	writeString(w, "\tLabels:\t", labelSet(labels), "\n")
	writeString(w, "\tPods Status:\t", strconv.Itoa(p.Running), " Running / ", strconv.Itoa(p.Pending), " Waiting / ",
		strconv.Itoa(p.Succeeded), " Succeeded / ", strconv.Itoa(p.Failed), " Failed\n")
}

// field writes `label:` and value, each line of it after a tab, or
// `<none>` when value is empty (oc's formatString).
func field(w *tabwriter.Writer, label, value string) {
	if value == "" {
		value = "<none>"
	}
	writeString(w, label, ":")
	for line := range strings.SplitSeq(value, "\n") {
		writeString(w, "\t", line, "\n")
	}
}

// fieldMap writes `label:` and the sorted k=v entries, one a line, the
// later ones after a tab alone, or `<none>` (oc's formatMapStringString).
func fieldMap(w *tabwriter.Writer, label string, kvs []dcplan.KeyValue) {
	kvs = sortedSet(kvs)
	if len(kvs) == 0 {
		field(w, label, "")
		return
	}
	for i, kv := range kvs {
		if i == 0 {
			field(w, label, kv.Key+"="+kv.Value)
		} else {
			writeString(w, "\t", kv.Key, "=", kv.Value, "\n")
		}
	}
}

// labelSet renders kvs as a label set prints: sorted k=v joined by
// commas, "" when empty.
func labelSet(kvs []dcplan.KeyValue) string {
	parts := make([]string, 0, len(kvs))
	for _, kv := range sortedSet(kvs) {
		parts = append(parts, kv.Key+"="+kv.Value)
	}
	return strings.Join(parts, ",")
}

// sortedSet returns a copy of kvs as a map holds them: sorted by key, the
// last of duplicate keys kept.
func sortedSet(kvs []dcplan.KeyValue) []dcplan.KeyValue {
	return sortedLastByKey(slices.Clone(kvs))
}

// envSet renders env entries as oc's convertEnv and formatLabels do:
// name=value sorted by name (the last of a name kept), an empty value
// `<none>`, valueFrom left out.
func envSet(env []templateJSON) string {
	kvs := make([]dcplan.KeyValue, 0, len(env))
	for _, e := range env {
		v := e.get("value").str()
		if v == "" {
			v = "<none>"
		}
		kvs = append(kvs, dcplan.KeyValue{Key: e.get("name").str(), Value: v})
	}
	return labelSet(kvs)
}

// multilineArgs joins args with spaces, an argument holding a newline
// starting on a new line with each of its lines after indent (one final
// newline of an argument dropped first), as oc's multilineStringArray.
func multilineArgs(indent string, args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		a = strings.TrimSuffix(a, "\n")
		if strings.Contains(a, "\n") {
			a = "\n" + indent + strings.ReplaceAll(a, "\n", "\n"+indent)
		}
		out[i] = a
	}
	return strings.Join(out, " ")
}

// writeString writes parts to w (a tabwriter over a strings.Builder,
// which never fails).
func writeString(w *tabwriter.Writer, parts ...string) {
	for _, p := range parts {
		_, _ = w.Write([]byte(p))
	}
}
