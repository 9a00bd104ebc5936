package history

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dcplan/dcplan"
)

// DescribePodTemplate renders a pod template as kubectl's
// DescribePodTemplate prints it through a bare PrefixWriter, the way oc's
// history viewer (`oc rollout history --revision`, SPEC 6m.5) and `oc
// rollout undo --dry-run` (SPEC 6m.4a) use it: two spaces per level, raw
// tabs between a field and its value, no tabwriter alignment. It reads
// the template's JSON (Raw); a template without Raw, or whose Raw is not
// JSON, is rendered from its typed fields (Labels, Containers). The rules,
// in order:
//
//  1. `Pod Template:`. A template that is not there (no Raw or a null one,
//     and no containers) then prints `  <unset>` without a newline, and
//     nothing else.
//  2. `  Labels:` + tab, the labels as sorted `k=v` lines (each one after
//     the first preceded by a tab alone), or `<none>`.
//  3. When metadata.annotations is not empty: `  Annotations:` + tab, the
//     annotations but kubectl.kubernetes.io/last-applied-configuration as
//     sorted `k: v` lines (later ones preceded by a tab); a value with a
//     newline or longer than 140 bytes with its key goes under `k:` as
//     tab + two spaces + line, each line cut to 138 bytes + `...`; one
//     final newline of a value is dropped. `<none>` when all are skipped.
//  4. `  Service Account:` + tab + spec.serviceAccountName when set.
//  5. `  Init Containers:` and each init container when there are any,
//     then `  Containers:` (` <none>` when empty) and each container, as
//     kubectl describe's describeContainers words them (a template's: no
//     statuses, no environment resolved from other objects).
//  6. The volumes as kubectl describe's describeVolumes words them.
//  7. `  Topology Spread Constraints:` + tab when there are any, sorted by
//     topology key, each `<key>:<whenUnsatisfiable> when max skew <n> is
//     exceeded[ for selector <selector>]`, later ones after two spaces
//     and a tab.
//  8. `  Priority Class Name:` + tab + spec.priorityClassName when set.
//  9. `  Node-Selectors:` as the labels in rule 2.
//  10. `  Tolerations:` + tab, sorted by key, each `<key>[=<value>][:<effect>]`,
//     ` op=Exists` (no space when key and effect are empty) for an Exists
//     toleration without a value, ` for <n>s` with tolerationSeconds;
//     later ones preceded by a tab; `<none>` when there are none.
//
// Every line ends in a newline. The whole text is escaped for a terminal
// as cli-runtime's WriteEscaped does: ESC becomes `^[` and CR `\r`.
//
// The template is read as the API server stores it. Where the server
// defaults a field that is absent here, the default is shown: port
// protocol TCP, probe timeout 1s, period 10s, #success 1, #failure 3,
// HTTP probe scheme HTTP and path /, fieldRef apiVersion v1, hostPath type
// "", projected token expiry 3600, and the ISCSI, RBD, ScaleIO and
// AzureDisk volume defaults. Quantities are shown as written (the server
// writes them canonical).
//
// Ports: k8s.io/kubectl describe.DescribePodTemplate, written through
// describe.NewPrefixWriter as oc's DeploymentConfigHistoryViewer does.
func DescribePodTemplate(t dcplan.Template) string {
	root, ok := parseTemplateJSON(t.Raw)
	if len(t.Containers) == 0 && (t.Raw == nil || ok && root.kind == jsonNull) {
		return "Pod Template:\n  <unset>"
	}
	if !ok || root.kind != jsonObject {
		root = templateFromFields(t)
	}
	var w describeWriter
	meta, spec := root.get("metadata"), root.get("spec")
	w.write(0, "Pod Template:\n")
	describeKeyValues(&w, "  Labels", meta.get("labels").entries())
	if ann := meta.get("annotations").entries(); len(ann) > 0 {
		describeAnnotations(&w, 0, "  Annotations", ann)
	}
	if sa := spec.get("serviceAccountName").str(); sa != "" {
		w.write(1, "Service Account:\t", sa, "\n")
	}
	if inits := spec.get("initContainers").items(); len(inits) > 0 {
		describeContainers(&w, "Init Containers", inits)
	}
	describeContainers(&w, "Containers", spec.get("containers").items())
	describeVolumes(&w, spec.get("volumes").items())
	describeTopologySpread(&w, spec.get("topologySpreadConstraints").items())
	if pc := spec.get("priorityClassName").str(); pc != "" {
		w.write(1, "Priority Class Name:\t", pc, "\n")
	}
	describeKeyValues(&w, "  Node-Selectors", spec.get("nodeSelector").entries())
	describeTolerations(&w, "  Tolerations", spec.get("tolerations").items())
	return terminalEscaper.Replace(w.b.String())
}

// terminalEscaper is cli-runtime's printers.WriteEscaped replacement,
// which every write of kubectl's PrefixWriter goes through.
var terminalEscaper = strings.NewReplacer("\x1b", "^[", "\r", `\r`)

// describeWriter builds text as kubectl's PrefixWriter writes it: each
// write at a level starts with two spaces per level.
type describeWriter struct{ b strings.Builder }

// write writes the parts at level.
func (w *describeWriter) write(level int, parts ...string) {
	for range level {
		w.b.WriteString("  ")
	}
	for _, p := range parts {
		w.b.WriteString(p)
	}
}

// templateFromFields is the JSON of a template given by its typed fields:
// its labels and the name and image of each container.
func templateFromFields(t dcplan.Template) templateJSON {
	labels := templateJSON{kind: jsonObject}
	for _, kv := range t.Labels {
		labels.keys, labels.kids = append(labels.keys, kv.Key), append(labels.kids, jsonStringOf(kv.Value))
	}
	containers := templateJSON{kind: jsonArray}
	for _, c := range t.Containers {
		containers.kids = append(containers.kids, jsonObjectOf([]string{"name", "image"}, jsonStringOf(c.Name), jsonStringOf(c.Image)))
	}
	return jsonObjectOf([]string{"metadata", "spec"},
		jsonObjectOf([]string{"labels"}, labels), jsonObjectOf([]string{"containers"}, containers))
}

// describeKeyValues writes title, a colon and a tab, then one sorted `k=v`
// per line, later ones preceded by a tab, or `<none>`.
//
// Ports: kubectl describe printLabelsMultiline.
func describeKeyValues(w *describeWriter, title string, kvs []dcplan.KeyValue) {
	w.write(0, title, ":\t")
	if len(kvs) == 0 {
		w.write(0, "<none>\n")
		return
	}
	for i, kv := range kvs {
		if i > 0 {
			w.write(0, "\t")
		}
		w.write(0, kv.Key, "=", kv.Value, "\n")
	}
}

// lastAppliedAnnotation is the annotation kubectl never describes.
const lastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

// maxAnnotationLen is the length of `k: v` past which kubectl puts an
// annotation's value under its key, each line cut to two bytes less.
const maxAnnotationLen = 140

// describeAnnotations writes rule 3 of DescribePodTemplate through a
// PrefixWriter that starts every write at level: 0 for the template's own
// annotations, 2 for a volume claim template's (a nested PrefixWriter).
//
// Ports: kubectl describe printAnnotationsMultiline.
func describeAnnotations(w *describeWriter, level int, title string, kvs []dcplan.KeyValue) {
	w.write(level, title, ":\t")
	kvs = slices.DeleteFunc(slices.Clone(kvs), func(kv dcplan.KeyValue) bool { return kv.Key == lastAppliedAnnotation })
	if len(kvs) == 0 {
		w.write(level, "<none>\n")
		return
	}
	for i, kv := range kvs {
		if i > 0 {
			w.write(level, "\t")
		}
		value := strings.TrimSuffix(kv.Value, "\n")
		if len(value)+len(kv.Key)+2 <= maxAnnotationLen && !strings.Contains(value, "\n") {
			w.write(level, kv.Key, ": ", value, "\n")
			continue
		}
		w.write(level, kv.Key, ":\n")
		for line := range strings.SplitSeq(value, "\n") {
			w.write(level, "\t  ", shorten(line, maxAnnotationLen-2), "\n")
		}
	}
}

// shorten cuts s to n bytes followed by `...` when it is longer.
func shorten(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// describeTolerations writes rule 10 of DescribePodTemplate.
//
// Ports: kubectl describe printPodTolerationsMultiline.
func describeTolerations(w *describeWriter, title string, tols []templateJSON) {
	w.write(0, title, ":\t")
	if len(tols) == 0 {
		w.write(0, "<none>\n")
		return
	}
	tols = slices.Clone(tols)
	slices.SortStableFunc(tols, func(a, b templateJSON) int { return strings.Compare(a.get("key").str(), b.get("key").str()) })
	for i, t := range tols {
		if i > 0 {
			w.write(0, "\t")
		}
		key, value, effect := t.get("key").str(), t.get("value").str(), t.get("effect").str()
		w.write(0, key)
		if value != "" {
			w.write(0, "=", value)
		}
		if effect != "" {
			w.write(0, ":", effect)
		}
		if t.get("operator").str() == "Exists" && value == "" {
			if key != "" || effect != "" {
				w.write(0, " ")
			}
			w.write(0, "op=Exists")
		}
		if s := t.get("tolerationSeconds"); s.has() {
			w.write(0, " for ", strconv.FormatInt(s.integer(), 10), "s")
		}
		w.write(0, "\n")
	}
}

// describeTopologySpread writes rule 7 of DescribePodTemplate.
//
// Ports: kubectl describe describeTopologySpreadConstraints.
func describeTopologySpread(w *describeWriter, tscs []templateJSON) {
	if len(tscs) == 0 {
		return
	}
	tscs = slices.Clone(tscs)
	slices.SortStableFunc(tscs, func(a, b templateJSON) int {
		return strings.Compare(a.get("topologyKey").str(), b.get("topologyKey").str())
	})
	w.write(1, "Topology Spread Constraints:\t")
	for i, tsc := range tscs {
		if i > 0 {
			w.write(1, "\t")
		}
		w.write(0, tsc.get("topologyKey").str(), ":", tsc.get("whenUnsatisfiable").str(),
			" when max skew ", strconv.FormatInt(tsc.get("maxSkew").integer(), 10), " is exceeded")
		if sel := tsc.get("labelSelector"); sel.has() {
			w.write(0, " for selector ", formatLabelSelector(sel))
		}
		w.write(0, "\n")
	}
}

// formatLabelSelector renders a metav1.LabelSelector as labels.Selector's
// String does: its requirements sorted by key and joined by commas,
// matchLabels as `k=v`, In and NotIn as `k in (v1,v2)` / `k notin (...)`
// with sorted values, Exists as `k`, DoesNotExist as `!k`; `<none>` for an
// empty selector and `<error>` for an operator it does not know, In or
// NotIn without values, or Exists or DoesNotExist with some. (Label keys
// and values are not checked for syntax.)
//
// Ports: apimachinery metav1.FormatLabelSelector.
func formatLabelSelector(sel templateJSON) string {
	type requirement struct{ key, text string }
	var reqs []requirement
	for _, kv := range sel.get("matchLabels").entries() {
		reqs = append(reqs, requirement{kv.Key, kv.Key + "=" + kv.Value})
	}
	for _, e := range sel.get("matchExpressions").items() {
		key, values := e.get("key").str(), e.get("values").strs()
		slices.Sort(values)
		var text string
		switch op := e.get("operator").str(); {
		case (op == "In" || op == "NotIn") && len(values) > 0:
			text = key + " " + strings.ToLower(op) + " (" + strings.Join(values, ",") + ")"
		case op == "Exists" && len(values) == 0:
			text = key
		case op == "DoesNotExist" && len(values) == 0:
			text = "!" + key
		default:
			return "<error>"
		}
		reqs = append(reqs, requirement{key, text})
	}
	if len(reqs) == 0 {
		return "<none>"
	}
	slices.SortStableFunc(reqs, func(a, b requirement) int { return strings.Compare(a.key, b.key) })
	texts := make([]string, len(reqs))
	for i, r := range reqs {
		texts[i] = r.text
	}
	return strings.Join(texts, ",")
}
