package wire

import (
	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"

	"fmt"
	"strconv"
	"strings"
	"time"
)

// This file is the only code that reads or writes annotation and label
// maps. Everything else in the codec handles JSON structure and calls the
// functions below for metadata.labels, metadata.annotations and the other
// string maps (selectors, strategy labels and annotations).

// AnnotationTimeLayout is how the deployer writes the created-at,
// started-at and completed-at annotations: the layout of Go's
// time.Time.String (e.g. "2026-11-01 11:59:00 +0000 UTC"). Readers also
// accept, and drop, the " m=±..." monotonic clock suffix String can add.
const AnnotationTimeLayout = "2006-01-02 15:04:05.999999999 -0700 MST"

// FormatAnnotationTime renders t for a deployer timestamp annotation, in
// UTC (upstream renders in the controller's local zone, which is UTC in
// the controller image).
//
// Ports: deployer_controller.go, pod.CreationTimestamp.String() into
// openshift.io/deployer-pod.created-at (and started-at, completed-at).
func FormatAnnotationTime(t time.Time) string { return t.UTC().String() }

// ParseAnnotationTime reads a deployer timestamp annotation written by
// FormatAnnotationTime or by upstream.
func ParseAnnotationTime(s string) (time.Time, error) {
	if i := strings.Index(s, " m="); i >= 0 {
		s = s[:i]
	}
	t, err := time.Parse(AnnotationTimeLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%w: time %q is not in the layout %q", dcplan.ErrMalformed, s, AnnotationTimeLayout)
	}
	return t, nil
}

// stringObj returns m's member key, a JSON object of strings; none when
// absent or null. Every member must be a string; the first that is not
// (in document order) is the error. Look its entries up with entry.
func (r *reader) stringObj(m node, path, key string) node {
	o := r.obj(m, path, key)
	for k, j := 0, r.t.FirstMember(o); k < r.t.Len(o); k, j = k+1, r.t.NextMember(j) {
		if r.t.Kind(j+1) != jsontree.KindString && !r.nullIsZero(j+1) {
			return r.firstNonString(o, path, key)
		}
	}
	return o
}

// firstNonString is stringObj for an object o with a member that is no
// string: the first such member (in document order) that no later
// duplicate shadows is the error (none: o is accepted). The members that
// count come from one sort (DistinctMembers), not a lookup per member,
// which walks the whole object each time.
func (r *reader) firstNonString(o node, path, key string) node {
	var buf [16]node
	bad := none
	for _, j := range r.t.DistinctMembers(o, buf[:0]) {
		if r.t.Kind(j+1) != jsontree.KindString && !r.nullIsZero(j+1) && (bad == none || j < bad) {
			bad = j
		}
	}
	if bad == none {
		return o
	}
	r.wrongType(join(path, key)+"["+r.t.Text(bad)+"]", "a string", bad+1)
	return none
}

// entry returns the value of k in o, an object stringObj accepted, and
// whether it is there ("" for a null nullIsZero accepts). Its string is
// the tape's: a caller owns (see rehome) what it keeps.
func (r *reader) entry(o node, k string) (string, bool) {
	v := r.t.Member(o, k)
	if r.nullIsZero(v) {
		return "", true
	}
	return r.t.Text(v), v != none
}

// value is entry's string alone: "" when k is absent (SPEC 5.13).
func (r *reader) value(o node, k string) string {
	v, _ := r.entry(o, k)
	return v
}

// keyValues reads m's member key, a JSON object of strings, as a list
// sorted by key (of duplicate keys the last); nil when absent or empty.
func (r *reader) keyValues(m node, path, key string) []dcplan.KeyValue {
	o := r.obj(m, path, key)
	if r.t.Len(o) == 0 {
		return nil
	}
	var buf [16]node
	keys := r.t.DistinctMembers(o, buf[:0])
	out := make([]dcplan.KeyValue, len(keys))
	for i, j := range keys {
		out[i].Key = r.t.Text(j)
		if r.nullIsZero(j + 1) {
			continue // ""
		}
		if r.t.Kind(j+1) != jsontree.KindString {
			r.wrongType(join(path, key)+"["+r.t.Text(j)+"]", "a string", j+1)
			return nil
		}
		out[i].Value = r.t.Text(j + 1)
	}
	return out
}

// kvObject renders a key/value list as a JSON object tree (a later
// duplicate key wins).
func kvObject(kvs []dcplan.KeyValue) map[string]any {
	o := make(map[string]any, len(kvs))
	for _, kv := range kvs {
		o[kv.Key] = kv.Value
	}
	return o
}

// putKeyValues replaces the string map m[key] by kvs, leaving it untouched
// when it already holds exactly those pairs. An empty list removes the
// field.
func putKeyValues(m map[string]any, key string, kvs []dcplan.KeyValue) {
	want := kvObject(kvs)
	if cur, ok := m[key].(map[string]any); ok && len(cur) == len(want) {
		same := true
		for k, v := range want {
			if cur[k] != v {
				same = false
				break
			}
		}
		if same {
			return
		}
	} else if m[key] == nil && len(want) == 0 {
		return
	}
	if len(want) == 0 {
		delete(m, key)
		return
	}
	m[key] = want
}

// mapEntry returns entry k of the string map m[key] and whether it is
// present.
func mapEntry(m map[string]any, key, k string) (string, bool) {
	o, _ := m[key].(map[string]any)
	v, ok := o[k].(string)
	return v, ok
}

// putEntry overlays one entry of the string map m[key] (labels or
// annotations). When the entry is present and reads(current) holds, it is
// left as it is. Otherwise it is set to value when want, else removed. The
// map is created only to set an entry.
func putEntry(m map[string]any, key, k string, want bool, value string, reads func(cur string) bool) {
	putEntryFunc(m, key, k, want, func() string { return value }, reads)
}

// putEntryFunc is putEntry for a value that costs to render: value is
// called only when the entry is written.
func putEntryFunc(m map[string]any, key, k string, want bool, value func() string, reads func(cur string) bool) {
	cur, present := mapEntry(m, key, k)
	if present && reads(cur) {
		return
	}
	if want {
		child(m, key)[k] = value()
		return
	}
	if o, ok := m[key].(map[string]any); ok {
		delete(o, k)
	}
}

// putStringEntry overlays a string-valued entry whose absence reads "".
func putStringEntry(m map[string]any, key, k, v string) {
	putEntry(m, key, k, v != "", v, func(cur string) bool { return cur == v })
}

// putTimeEntry overlays a deployer timestamp annotation; the zero time
// removes it (an empty value, which reads as zero, is kept).
func putTimeEntry(meta map[string]any, k string, t time.Time) {
	putEntry(meta, "annotations", k, !t.IsZero(), FormatAnnotationTime(t), func(cur string) bool {
		return timeOf(cur).Equal(t)
	})
}

// readConfigWire reads the labels and annotations of a DC's metadata.
func (r *reader) readConfigWire(meta node, c *dcplan.Config) {
	c.Labels = r.keyValues(meta, "metadata", "labels")
	ann := r.stringObj(meta, "metadata", "annotations")
	c.IgnoreDeployerPodValue, c.IgnoreDeployerPod = r.entry(ann, dcplan.AnnotationIgnoreDeployerPod)
}

// putConfigWire overlays a DC's labels and ignore-pod annotation.
func putConfigWire(meta map[string]any, c dcplan.Config) {
	putKeyValues(meta, "labels", c.Labels)
	putEntry(meta, "annotations", dcplan.AnnotationIgnoreDeployerPod, c.IgnoreDeployerPod, c.IgnoreDeployerPodValue,
		func(cur string) bool { return c.IgnoreDeployerPod && cur == c.IgnoreDeployerPodValue })
}

// readDeploymentWire reads the labels and annotations of an RC's metadata
// into d, and returns the annotations object and the value of the
// encoded-deployment-config annotation (none when absent), which the
// caller decodes or leaves for later.
//
// Rules, as upstream reads them (SPEC 5.1, 5.2, 5.22): the version is a base-10
// integer, NoVersion when missing or not one (versionOf); the phase is one
// of the five exact spellings, PhaseUnknown otherwise (phaseOf); the
// desired-replicas and replicas annotations are base-10 int32s, absent
// when missing, empty (the deployer writes "" when desired-replicas was
// absent) or not one (a desired-replicas annotation present but not one
// is UnreadDesiredReplicas); cancelled is true iff the value equals "true"
// ignoring case; the ignore annotation counts by presence, and so does
// deployment-config.name (EmptyConfigName: present, empty); the deployer
// timestamps are AnnotationTimeLayout renderings, zero when empty or not
// one. Annotations are text anyone may edit, so none of them fails the
// decode (SPEC 13.1); the encoder keeps each spelling while it reads back
// the same.
func (r *reader) readDeploymentWire(meta node, d *dcplan.Deployment) (ann, encoded node) {
	labels := r.stringObj(meta, "metadata", "labels")
	ann = r.stringObj(meta, "metadata", "annotations")
	d.ConfigLabel = r.value(labels, dcplan.LabelConfigName)
	configName, owned := r.entry(ann, dcplan.AnnotationConfigName)
	d.ConfigName, d.EmptyConfigName = configName, owned && configName == ""
	d.Version = versionOf(r.entry(ann, dcplan.AnnotationLatestVersion))
	// An unknown phase spelling decodes as PhaseUnknown and keeps its
	// spelling for oc's texts (SPEC 11a.7, 13.1).
	if v := r.value(ann, dcplan.AnnotationPhase); v != "" {
		if d.Phase = phaseOf(v); d.Phase == dcplan.PhaseUnknown {
			d.PhaseSpelling = v
		}
	}
	// Cancelled when the annotation is "true", ignoring case (SPEC 5.4).
	d.Cancelled = strings.EqualFold(r.value(ann, dcplan.AnnotationCancelled), dcplan.CancelledValue)
	d.Reason = r.value(ann, dcplan.AnnotationStatusReason)
	d.DeployerPodName = r.value(ann, dcplan.AnnotationDeployerPodName)
	desired, hasDesired := r.entry(ann, dcplan.AnnotationDesiredReplicas)
	d.DesiredReplicas, d.HasDesiredReplicas = replicasOf(desired)
	d.UnreadDesiredReplicas = hasDesired && !d.HasDesiredReplicas
	d.SyncedReplicas, d.HasSyncedReplicas = replicasOf(r.value(ann, dcplan.AnnotationReplicas))
	_, d.IgnoreDeployerPod = r.entry(ann, dcplan.AnnotationIgnoreDeployerPod)
	d.CreatedAt = timeOf(r.value(ann, dcplan.AnnotationDeployerCreatedAt))
	d.StartedAt = timeOf(r.value(ann, dcplan.AnnotationDeployerStartedAt))
	d.CompletedAt = timeOf(r.value(ann, dcplan.AnnotationDeployerCompletedAt))
	d.RetriedAt = timeOf(r.value(ann, dcplan.AnnotationRetriedAt))
	d.RetriedPod = r.value(ann, dcplan.AnnotationRetriedPod)
	return ann, r.t.Member(ann, dcplan.AnnotationEncodedConfig)
}

// replicasOf reads a replica-count annotation as upstream's
// DeploymentReplicas and DeploymentDesiredReplicas do: a base-10 int32,
// absent (false) when the value is missing, empty or not one (SPEC 5.22,
// "present-and-valid").
func replicasOf(v string) (dcplan.Replicas, bool) {
	n, err := strconv.ParseInt(v, 10, 32)
	if err != nil {
		return 0, false
	}
	return dcplan.Replicas(n), true
}

// timeOf reads a deployer timestamp annotation: an AnnotationTimeLayout
// rendering, zero when missing, empty or not one (upstream only writes
// them, SPEC 1.1).
func timeOf(v string) time.Time {
	if v == "" {
		return time.Time{}
	}
	t, err := ParseAnnotationTime(v)
	if err != nil {
		return time.Time{}
	}
	return t
}

// putDeploymentWire overlays d's typed label and annotation fields onto an
// RC's metadata. Entries that already read back as d's values are kept
// verbatim; the others are written in the form upstream writes them
// (cancelled "true", the ignore annotation "true" when d gains it).
// encoded renders the encoded-deployment-config value to write when
// d.Encoded is present and keepEncoded(current) is false.
func putDeploymentWire(meta map[string]any, d dcplan.Deployment, encoded func() string, keepEncoded func(cur string) bool) {
	putStringEntry(meta, "labels", dcplan.LabelConfigName, d.ConfigLabel)
	const a = "annotations"
	putEntry(meta, a, dcplan.AnnotationConfigName, d.ConfigName != "" || d.EmptyConfigName, d.ConfigName,
		func(cur string) bool { return cur == d.ConfigName })
	putEntry(meta, a, dcplan.AnnotationLatestVersion, d.Version != dcplan.NoVersion, strconv.FormatInt(int64(d.Version), 10), func(cur string) bool {
		return versionOf(cur, true) == d.Version
	})
	putEntry(meta, a, dcplan.AnnotationPhase, d.Phase != dcplan.PhaseUnknown, d.Phase.String(), func(cur string) bool {
		return phaseOf(cur) == d.Phase
	})
	putEntry(meta, a, dcplan.AnnotationCancelled, d.Cancelled, dcplan.CancelledValue, func(cur string) bool {
		return strings.EqualFold(cur, dcplan.CancelledValue) == d.Cancelled
	})
	putStringEntry(meta, a, dcplan.AnnotationStatusReason, d.Reason)
	putStringEntry(meta, a, dcplan.AnnotationDeployerPodName, d.DeployerPodName)
	putEntry(meta, a, dcplan.AnnotationDesiredReplicas, d.HasDesiredReplicas, strconv.Itoa(int(d.DesiredReplicas)), func(cur string) bool {
		n, ok := replicasOf(cur)
		return ok == d.HasDesiredReplicas && n == d.DesiredReplicas
	})
	putEntry(meta, a, dcplan.AnnotationReplicas, d.HasSyncedReplicas, strconv.Itoa(int(d.SyncedReplicas)), func(cur string) bool {
		n, ok := replicasOf(cur)
		return ok == d.HasSyncedReplicas && n == d.SyncedReplicas
	})
	putEntry(meta, a, dcplan.AnnotationIgnoreDeployerPod, d.IgnoreDeployerPod, dcplan.CancelledValue, func(string) bool {
		return d.IgnoreDeployerPod
	})
	putTimeEntry(meta, dcplan.AnnotationDeployerCreatedAt, d.CreatedAt)
	putTimeEntry(meta, dcplan.AnnotationDeployerStartedAt, d.StartedAt)
	putTimeEntry(meta, dcplan.AnnotationDeployerCompletedAt, d.CompletedAt)
	putTimeEntry(meta, dcplan.AnnotationRetriedAt, d.RetriedAt)
	putStringEntry(meta, a, dcplan.AnnotationRetriedPod, d.RetriedPod)
	putEntryFunc(meta, a, dcplan.AnnotationEncodedConfig, d.HasEncoded(), encoded, keepEncoded)
}

// readPodWire reads the deployer annotation and label of a pod.
func (r *reader) readPodWire(meta node, p *dcplan.Pod) {
	labels := r.stringObj(meta, "metadata", "labels")
	ann := r.stringObj(meta, "metadata", "annotations")
	p.DeploymentName = r.value(ann, dcplan.AnnotationDeploymentName)
	p.DeployerFor = r.value(labels, dcplan.LabelDeployerPodFor)
}

// putPodWire overlays a pod's deployer annotation and label.
func putPodWire(meta map[string]any, p dcplan.Pod) {
	putStringEntry(meta, "annotations", dcplan.AnnotationDeploymentName, p.DeploymentName)
	putStringEntry(meta, "labels", dcplan.LabelDeployerPodFor, p.DeployerFor)
}

// versionOf reads the latest-version annotation (value v, present ok) as
// upstream's DeploymentVersionFor does: a base-10 int64, and
// dcplan.NoVersion (-1) when missing or not one (SPEC 5.1). A hand-edited
// annotation is a state clusters hold, not malformed input (SPEC 13.1);
// the encoder keeps its spelling while it reads back the same.
func versionOf(v string, ok bool) dcplan.Version {
	if !ok {
		return dcplan.NoVersion
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return dcplan.NoVersion
	}
	return dcplan.Version(n)
}

// phaseOf reads the phase annotation as upstream's DeploymentStatusFor
// does, verbatim: one of the five exact spellings is that phase, anything
// else (absent, empty, "running") is none of them, dcplan.PhaseUnknown,
// which no transition leaves and the DC controller counts as in flight
// (SPEC 1.3, 3.4, 13.1). The encoder keeps the spelling while the phase
// does not change.
func phaseOf(v string) dcplan.Phase {
	p, err := dcplan.ParsePhase(v)
	if err != nil {
		return dcplan.PhaseUnknown
	}
	return p
}
