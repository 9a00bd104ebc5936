package wire

import (
	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"

	"strconv"
	"strings"
)

// Wire identity of the objects the codec reads.
const (
	kindConfig     = "DeploymentConfig"
	kindRC         = "ReplicationController"
	kindPod        = "Pod"
	apiVersionApps = "apps.openshift.io/v1"
	apiVersionCore = "v1"
)

// DecodeConfig decodes a DeploymentConfig as `oc get dc -o json` prints it
// (apiVersion apps.openshift.io/v1, or the legacy v1). Every field of
// Config is filled; Raw is the whole object in canonical form, and
// Template.Raw and Strategy.Raw are parts of it, sharing its bytes (one
// copy per object; Clone copies them apart).
//
// Rules, in order: the document must be one JSON object; kind must be
// DeploymentConfig and apiVersion apps.openshift.io/v1 or v1 (a missing
// one is an error too: `oc get` prints both, and an object without them
// cannot be told from another kind; DecodeList, which goes by the kind,
// lets its objects omit the apiVersion and a typed list's items the kind
// too); every field the planners read must have its JSON type;
// the strategy type of the spec must be a known spelling, and every
// trigger of the spec must have a type (one none of the known spellings
// is carried as written, TriggerOther: the API server stores it and no
// controller acts on it, SPEC 13.1); timestamps are RFC 3339. The status
// is another matter: its condition types and statuses and its cause types
// are strings other writers set, and a value none of the known spellings
// is carried as written
// (ConditionOther, StatusOther, TriggerOther, with the text beside them;
// SPEC 13.1). Absent and null fields read as zero. The first violation is
// returned as a *FieldError wrapping ErrMalformed, naming the field path.
// DecodeConfig never panics.
func DecodeConfig(data []byte) (dcplan.Config, error) {
	t, raw, err := scanObject(data, string(data), kindConfig)
	if err != nil {
		return dcplan.Config{}, err
	}
	defer jsontree.PutTape(t)
	return decodeConfigTape(t, 0, true, raw, false)
}

// EncodeConfig returns the DeploymentConfig JSON of c: c's typed fields
// overlaid onto c.Raw (or onto an empty object when Raw is nil), keys in
// Kubernetes field order, compact. Fields of Raw that c does not model
// pass through unchanged, and a field that already reads back as c's
// value keeps its exact spelling, so EncodeConfig(DecodeConfig(x)) is x up
// to key order and spacing, and DecodeConfig(EncodeConfig(c)) gives c back
// (with Raw filled) for any c in normal form.
//
// Limitations: Strategy.TimeoutSeconds is written only for Rolling and
// Recreate strategies (in their parameters); fenceposts always live in
// rollingParams; a deleting Config without a deletionTimestamp in Raw gets
// the Unix epoch.
func EncodeConfig(c dcplan.Config) ([]byte, error) {
	return renderOrdered(configTree(c), orderDC), nil
}

// checkKind checks the kind and apiVersion of an object. When required
// is false, absent values are accepted.
func (r *reader) checkKind(m node, kind string, required bool, versions ...string) {
	k := r.typeMeta(m, "kind")
	if (k != "" || required) && k != kind {
		r.fail("kind", "want "+strconv.Quote(kind)+", got "+strconv.Quote(k))
	}
	v := r.typeMeta(m, "apiVersion")
	if v == "" && !required {
		return
	}
	for _, want := range versions {
		if v == want {
			return
		}
	}
	if v == "" {
		r.fail("apiVersion", "missing; want "+strconv.Quote(versions[0])+" for "+kind)
		return
	}
	r.fail("apiVersion", "unsupported apiVersion "+strconv.Quote(v)+" for "+kind)
}

// typeMeta returns m's member key ("kind" or "apiVersion") as a string.
// In an encoded DC it is found as upstream's annotation codec finds it:
// apimachinery reads the type metadata with encoding/json, whose keys
// match case-insensitively (the last string member whose key folds to key
// wins, "Kind" included; a null one leaves the value as it was, and one
// of any other type fails the read even when a string follows it), so an
// annotation spelled so is a DC to upstream and here (SPEC 13.1). An API
// server always serves the exact keys.
func (r *reader) typeMeta(m node, key string) string {
	if !r.encoded {
		return r.str(m, "", key)
	}
	s := ""
	for k, j := 0, r.t.FirstMember(m); k < r.t.Len(m); k, j = k+1, r.t.NextMember(j) {
		if !strings.EqualFold(r.t.Text(j), key) {
			continue
		}
		switch v := j + 1; r.t.Kind(v) {
		case jsontree.KindNull:
		case jsontree.KindString:
			s = r.t.Text(v)
		default:
			r.wrongType(key, "a string", v)
			return ""
		}
	}
	return s
}

// nameOf returns metadata.name of object m on t when it is a string, for
// error messages.
func nameOf(t *jsontree.Tape, m node) string {
	v := t.Member(t.Member(m, "metadata"), "name")
	if t.Kind(v) != jsontree.KindString {
		return ""
	}
	return t.Text(v)
}

// decodeConfigTape decodes the DC object m on tape t; strict requires
// kind and apiVersion (a DC decoded alone, and the
// encoded-deployment-config annotation; a list's items may omit them). raw is
// its canonical form when the caller has it (nil renders it). The strings
// of the result are moved out of the document (rehome) unless nested:
// the encoded DC of an RC, whose strings the RC's decoder moves with its
// own, and whose strategy and trigger types are read as upstream's
// annotation codec reads them, unchecked: an unknown strategy type is
// StrategyUnset, a trigger without a type TriggerUnset (SPEC 13.1).
func decodeConfigTape(t *jsontree.Tape, m node, strict bool, raw dcplan.RawJSON, nested bool) (dcplan.Config, error) {
	r := &reader{t: t, kind: kindConfig, name: nameOf(t, m), encoded: nested}
	r.checkKind(m, kindConfig, strict, apiVersionApps, apiVersionCore)
	meta := r.obj(m, "", "metadata")
	var c dcplan.Config
	c.Namespace, c.Name, c.UID, c.ResourceVersion = r.identity(meta)
	c.Generation = r.int64At(meta, "metadata", "generation")
	c.Deleting = r.deleting(meta)
	r.readConfigWire(meta, &c)

	spec := r.obj(m, "", "spec")
	c.Replicas = dcplan.Replicas(r.int32At(spec, "spec", "replicas"))
	limit, has := r.integer(spec, "spec", "revisionHistoryLimit", 32)
	c.RevisionHistoryLimit, c.HasRevisionHistoryLimit = int32(limit), has
	c.MinReadySeconds = r.int32At(spec, "spec", "minReadySeconds")
	c.Test = r.boolean(spec, "spec", "test")
	c.Paused = r.boolean(spec, "spec", "paused")
	c.Selector = r.keyValues(spec, "spec", "selector")
	c.Strategy = r.strategy(spec)
	c.Triggers = r.triggers(spec)
	c.Status = r.configStatus(r.obj(m, "", "status"))
	if r.err != nil {
		return dcplan.Config{}, r.err
	}
	// Raw is the one copy of the DC's bytes: the strategy and the
	// template share theirs with it.
	if raw == nil {
		raw = t.AppendCanonical(nil, m, false)
	}
	c.Raw = raw
	rawSpec := r.canonPart(c.Raw, spec, "spec")
	c.Strategy.Raw = r.canonPart(rawSpec, r.member(spec, "strategy"), "strategy")
	c.Template = r.template(spec, "spec", "template", r.canonPart(rawSpec, r.member(spec, "template"), "template"))
	if r.err != nil {
		return dcplan.Config{}, r.err
	}
	if !nested {
		rehome(&c)
	}
	return c, nil
}

// configTree overlays c onto a fresh tree of c.Raw.
func configTree(c dcplan.Config) map[string]any {
	m := objectOf(c.Raw)
	if c.Raw == nil {
		m["kind"], m["apiVersion"] = kindConfig, apiVersionApps
	}
	withChild(m, "metadata", func(meta map[string]any) {
		putObjectMeta(meta, c.Namespace, c.Name, c.UID, c.ResourceVersion, c.Deleting)
		putInt(meta, "generation", c.Generation)
		putConfigWire(meta, c)
	})
	withChild(m, "spec", func(spec map[string]any) {
		if c.Strategy.Raw != nil {
			spec["strategy"] = objectOf(c.Strategy.Raw)
		}
		withChild(spec, "strategy", func(s map[string]any) { putStrategy(s, c.Strategy) })
		putInt(spec, "minReadySeconds", int64(c.MinReadySeconds))
		putTriggers(spec, c.Triggers)
		putInt(spec, "replicas", int64(c.Replicas))
		putOptInt(spec, "revisionHistoryLimit", int64(c.RevisionHistoryLimit), c.HasRevisionHistoryLimit)
		putBool(spec, "test", c.Test)
		putOmitBool(spec, "paused", c.Paused)
		putKeyValues(spec, "selector", c.Selector)
		putTemplate(spec, "template", c.Template, rawMember(rawMember(c.Raw, "spec"), "template"))
	})
	withChild(m, "status", func(st map[string]any) { putConfigStatus(st, c.Status) })
	return m
}

// putObjectMeta overlays the identity fields every object has.
func putObjectMeta(meta map[string]any, namespace, name, uid, resourceVersion string, deleting bool) {
	putString(meta, "name", name)
	putString(meta, "namespace", namespace)
	putString(meta, "uid", uid)
	putString(meta, "resourceVersion", resourceVersion)
	cur, _ := meta["deletionTimestamp"].(string)
	switch {
	case deleting && cur == "":
		meta["deletionTimestamp"] = "1970-01-01T00:00:00Z"
	case !deleting && cur != "":
		delete(meta, "deletionTimestamp")
	}
}

// strategy reads spec.strategy.
func (r *reader) strategy(spec node) dcplan.Strategy {
	const p = "spec.strategy"
	s := r.obj(spec, "spec", "strategy")
	var st dcplan.Strategy
	typ := r.str(s, p, "type")
	t, err := dcplan.ParseStrategyType(typ)
	switch {
	case err != nil && r.encoded:
		// Upstream's annotation codec reads any spelling, and its
		// controllers treat a type they do not know as StrategyUnset
		// (no timeout, SPEC 5.21). The annotation keeps the spelling.
	case err != nil:
		r.fail(p+".type", "unknown strategy type "+strconv.Quote(typ))
	}
	st.Type = t
	rolling := r.obj(s, p, "rollingParams")
	if key := paramsKey(t); key != "" {
		params := r.obj(s, p, key)
		st.HasParams = params != none
		had := r.err != nil
		st.TimeoutSeconds, st.HasTimeout = r.integer(params, "", "timeoutSeconds", 64)
		r.under(had, p, -1, key)
	}
	st.MaxSurge = r.fencepost(rolling, p+".rollingParams", "maxSurge")
	st.MaxUnavailable = r.fencepost(rolling, p+".rollingParams", "maxUnavailable")
	st.ActiveDeadlineSeconds, st.HasActiveDeadline = r.integer(s, p, "activeDeadlineSeconds", 64)
	custom := r.obj(s, p, "customParams")
	st.CustomImage = r.str(custom, p+".customParams", "image")
	st.CustomCommand = r.strs(custom, p+".customParams", "command")
	st.CustomEnv = r.envVars(custom, p+".customParams", "environment")
	st.Resources = r.rawObject(s, p, "resources")
	st.Labels = r.keyValues(s, p, "labels")
	st.Annotations = r.keyValues(s, p, "annotations")
	return st
}

// knownStrategy reports whether s is a strategy type ParseStrategyType
// reads ("" included).
func knownStrategy(s string) bool {
	_, err := dcplan.ParseStrategyType(s)
	return err == nil
}

// paramsKey names the parameters object of a strategy type, "" for types
// without one.
func paramsKey(t dcplan.StrategyType) string {
	switch t {
	case dcplan.StrategyRolling:
		return "rollingParams"
	case dcplan.StrategyRecreate:
		return "recreateParams"
	}
	return ""
}

func putStrategy(s map[string]any, st dcplan.Strategy) {
	// A spelling no type has (read from an encoded DC) reads as
	// StrategyUnset and keeps it: a rollback sends it as upstream does.
	if cur, ok := s["type"].(string); st.Type != dcplan.StrategyUnset || !ok || knownStrategy(cur) {
		putString(s, "type", st.Type.String())
	}
	if key := paramsKey(st.Type); key != "" {
		if st.HasParams || st.HasTimeout {
			params := child(s, key)
			putOptInt(params, "timeoutSeconds", st.TimeoutSeconds, st.HasTimeout)
		} else if s[key] != nil {
			delete(s, key)
		}
	}
	if _, ok := s["rollingParams"].(map[string]any); ok || st.MaxSurge.Set || st.MaxUnavailable.Set {
		rp := child(s, "rollingParams")
		putFencepost(rp, "maxSurge", st.MaxSurge)
		putFencepost(rp, "maxUnavailable", st.MaxUnavailable)
	}
	putOptInt(s, "activeDeadlineSeconds", st.ActiveDeadlineSeconds, st.HasActiveDeadline)
	withChild(s, "customParams", func(cp map[string]any) {
		putString(cp, "image", st.CustomImage)
		putStrings(cp, "command", st.CustomCommand)
		putEnvVars(cp, "environment", st.CustomEnv)
	})
	putRaw(s, "resources", st.Resources)
	putKeyValues(s, "labels", st.Labels)
	putKeyValues(s, "annotations", st.Annotations)
}

// fencepost reads an int-or-string rolling parameter.
func (r *reader) fencepost(m node, path, key string) dcplan.Fencepost {
	switch v := r.member(m, key); r.t.Kind(v) {
	case 0:
		return dcplan.Fencepost{}
	case jsontree.KindString:
		return dcplan.Fencepost{Set: true, IsString: true, Str: r.t.Text(v)}
	}
	i, _ := r.integer(m, path, key, 32)
	return dcplan.Fencepost{Set: true, Int: int32(i)}
}

func putFencepost(m map[string]any, key string, f dcplan.Fencepost) {
	switch {
	case !f.Set:
		if m[key] != nil {
			delete(m, key)
		}
	case f.IsString:
		if s, ok := m[key].(string); !ok || s != f.Str {
			m[key] = f.Str
		}
	default:
		if _, ok := m[key].(string); ok {
			delete(m, key)
		}
		putOptInt(m, key, int64(f.Int), true)
	}
}

// envVars reads a list of environment variables.
func (r *reader) envVars(m node, path, key string) []dcplan.EnvVar {
	l := r.list(m, path, key)
	had := r.err != nil
	env := r.envList(l, "")
	r.under(had, path, -1, key)
	return env
}

// envList reads the array l (at path) of environment variables.
func (r *reader) envList(l node, path string) []dcplan.EnvVar {
	if r.t.Len(l) == 0 {
		return nil
	}
	out := make([]dcplan.EnvVar, r.t.Len(l))
	for i, v := range r.each(l) {
		had := r.err != nil
		e := r.elem(v, "")
		out[i] = dcplan.EnvVar{Name: r.str(e, "", "name"), Value: r.str(e, "", "value"), ValueFrom: r.rawObject(e, "", "valueFrom")}
		r.under(had, path, i, "")
	}
	return out
}

func putEnvVars(m map[string]any, key string, env []dcplan.EnvVar) {
	for i, e := range elems(m, key, len(env)) {
		putString(e, "name", env[i].Name)
		putString(e, "value", env[i].Value)
		putRaw(e, "valueFrom", env[i].ValueFrom)
	}
}

// triggers reads spec.triggers.
func (r *reader) triggers(spec node) []dcplan.Trigger {
	const p = "spec.triggers"
	l := r.list(spec, "spec", "triggers")
	if r.t.Len(l) == 0 {
		return nil
	}
	out := make([]dcplan.Trigger, r.t.Len(l))
	for i, v := range r.each(l) {
		had := r.err != nil
		e := r.elem(v, "")
		typ := r.str(e, "", "type")
		t, err := dcplan.ParseTriggerType(typ)
		other := ""
		switch {
		case typ == "" && r.encoded:
			// TriggerUnset: upstream's annotation codec reads it, and no
			// controller acts on it (SPEC 13.1).
		case typ == "":
			r.fail("type", "required") // as the API server requires it
		case err != nil:
			// Stored by the API server, which requires only a type; no
			// controller acts on it (SPEC 13.1).
			t, other = dcplan.TriggerOther, typ
		}
		const pp = "imageChangeParams"
		params := r.obj(e, "", pp)
		from := r.obj(params, pp, "from")
		out[i] = dcplan.Trigger{
			Type:               t,
			OtherType:          other,
			Automatic:          r.boolean(params, pp, "automatic"),
			ContainerNames:     r.strs(params, pp, "containerNames"),
			FromKind:           r.str(from, pp+".from", "kind"),
			FromNamespace:      r.str(from, pp+".from", "namespace"),
			FromName:           r.str(from, pp+".from", "name"),
			LastTriggeredImage: r.str(params, pp, "lastTriggeredImage"),
		}
		r.under(had, p, i, "")
	}
	return out
}

// putTriggers overlays ts on spec.triggers. Each trigger is written over
// the element of the list as read that is the same trigger (see
// overTriggers), so that the members the library does not model stay with
// their trigger however a rollback reorders the list. An empty ts writes a
// list read non-empty as [] (a DC whose PUT lacks the key is given a
// ConfigChange trigger by the API server's defaulting), leaves [] and an
// absent key as they are, and drops any other value.
func putTriggers(spec map[string]any, ts []dcplan.Trigger) {
	cur, isList := spec["triggers"].([]any)
	if len(ts) == 0 {
		switch {
		case isList && len(cur) > 0:
			spec["triggers"] = []any{}
		case !isList && spec["triggers"] != nil:
			delete(spec, "triggers")
		}
		return
	}
	spec["triggers"] = overTriggers(cur, ts)
}

// putRevisionTriggers sets spec.triggers to ts written over the elements
// of rev, the spec.triggers of a revision's encoded DC as raw JSON (nil
// when it has none), as a rollback with --change-triggers sends them: the
// rollback generator copies the revision's triggers whole and oc PUTs
// them as its typed client encodes them, so each trigger goes out as the
// revision's element, with the typed fields of ts over it (the automatic
// the generator switched off, say), and nothing of the element the DC
// held. An empty ts goes out as [], whatever the revision held ([], null
// or no key): the generator starts the copy from an empty list and
// appends the revision's triggers to it, so the generated DC never holds
// a nil list (a PUT without the key would be defaulted to a ConfigChange
// trigger by the API server, SPEC 6m.4a).
func putRevisionTriggers(spec map[string]any, ts []dcplan.Trigger, rev []byte) {
	if len(ts) == 0 {
		spec["triggers"] = []any{}
		return
	}
	list, _ := treeOf(rev).([]any)
	spec["triggers"] = overTriggers(list, ts)
}

// overTriggers returns the list of ts, each written over the element of
// cur (a spec.triggers as read) that is the same trigger (its type and
// image reference; the first such element not taken by an earlier
// trigger). A trigger cur does not hold starts from an empty object, and
// carries nothing of the element that stood at its index. The elements of
// cur are taken over, not copied.
func overTriggers(cur []any, ts []dcplan.Trigger) []any {
	taken := make([]bool, len(cur))
	list := make([]any, len(ts))
	for i := range ts {
		t := &ts[i]
		e := map[string]any{}
		for j, c := range cur {
			if old, ok := c.(map[string]any); ok && !taken[j] && sameTrigger(old, t) {
				e, taken[j] = old, true
				break
			}
		}
		list[i] = e
		putString(e, "type", t.TypeText())
		hasParams := t.Automatic || len(t.ContainerNames) > 0 || t.FromKind != "" || t.FromNamespace != "" ||
			t.FromName != "" || t.LastTriggeredImage != ""
		if _, ok := e["imageChangeParams"].(map[string]any); !ok && !hasParams {
			continue
		}
		p := child(e, "imageChangeParams")
		putOmitBool(p, "automatic", t.Automatic) // omitempty: a manual trigger has no key
		putStrings(p, "containerNames", t.ContainerNames)
		withChild(p, "from", func(from map[string]any) {
			putString(from, "kind", t.FromKind)
			putString(from, "namespace", t.FromNamespace)
			putString(from, "name", t.FromName)
		})
		putString(p, "lastTriggeredImage", t.LastTriggeredImage)
	}
	return list
}

// sameTrigger reports whether e, an element of spec.triggers as read, is
// the trigger t: the same type and the same image reference.
func sameTrigger(e map[string]any, t *dcplan.Trigger) bool {
	typ, _ := e["type"].(string)
	params, _ := e["imageChangeParams"].(map[string]any)
	from, _ := params["from"].(map[string]any)
	kind, _ := from["kind"].(string)
	ns, _ := from["namespace"].(string)
	name, _ := from["name"].(string)
	return typ == t.TypeText() && kind == t.FromKind && ns == t.FromNamespace && name == t.FromName
}

// configStatus reads a DC's status.
func (r *reader) configStatus(st node) dcplan.ConfigStatus {
	const p = "status"
	s := dcplan.ConfigStatus{
		LatestVersion:       dcplan.Version(r.int64At(st, p, "latestVersion")),
		ObservedGeneration:  r.int64At(st, p, "observedGeneration"),
		Replicas:            dcplan.Replicas(r.int32At(st, p, "replicas")),
		UpdatedReplicas:     dcplan.Replicas(r.int32At(st, p, "updatedReplicas")),
		AvailableReplicas:   dcplan.Replicas(r.int32At(st, p, "availableReplicas")),
		UnavailableReplicas: dcplan.Replicas(r.int32At(st, p, "unavailableReplicas")),
		ReadyReplicas:       dcplan.Replicas(r.int32At(st, p, "readyReplicas")),
	}
	details := r.obj(st, p, "details")
	s.Details.Message = r.str(details, p+".details", "message")
	causes := r.list(details, p+".details", "causes")
	if r.t.Len(causes) > 0 {
		s.Details.Causes = make([]dcplan.Cause, 0, r.t.Len(causes))
	}
	for i, v := range r.each(causes) {
		had := r.err != nil
		e := r.elem(v, "")
		typ := r.str(e, "", "type")
		// A type none of the spellings is another writer's, carried as
		// written (SPEC 13.1); "" is TriggerUnset.
		t, other := dcplan.TriggerUnset, ""
		if typ != "" {
			var err error
			if t, err = dcplan.ParseTriggerType(typ); err != nil {
				t, other = dcplan.TriggerOther, typ
			}
		}
		from := r.obj(r.obj(e, "", "imageTrigger"), "imageTrigger", "from")
		c := dcplan.Cause{Type: t, OtherType: other, Image: r.str(from, "imageTrigger.from", "name"),
			FromKind: r.str(from, "imageTrigger.from", "kind"), FromNamespace: r.str(from, "imageTrigger.from", "namespace")}
		s.Details.Causes = append(s.Details.Causes, c)
		r.under(had, p+".details.causes", i, "")
	}
	conds := r.list(st, p, "conditions")
	if r.t.Len(conds) > 0 {
		s.Conditions = make([]dcplan.Condition, 0, r.t.Len(conds))
	}
	for i, v := range r.each(conds) {
		had := r.err != nil
		s.Conditions = append(s.Conditions, r.condition(r.elem(v, "")))
		r.under(had, p+".conditions", i, "")
	}
	return s
}

// condition reads one condition e of a DC status, naming fields relative to
// it (see under).
func (r *reader) condition(e node) dcplan.Condition {
	// Types and statuses are strings upstream: one none of the spellings
	// is another writer's, carried as written (SPEC 13.1); "" is the
	// Unset value.
	var c dcplan.Condition
	if typ := r.str(e, "", "type"); typ != "" {
		var err error
		if c.Type, err = dcplan.ParseConditionType(typ); err != nil {
			c.Type, c.OtherType = dcplan.ConditionOther, typ
		}
	}
	if status := r.str(e, "", "status"); status != "" {
		var err error
		if c.Status, err = dcplan.ParseConditionStatus(status); err != nil {
			c.Status, c.OtherStatus = dcplan.StatusOther, status
		}
	}
	c.Message = r.str(e, "", "message")
	c.LastUpdateTime = r.timestamp(e, "", "lastUpdateTime")
	c.LastTransitionTime = r.timestamp(e, "", "lastTransitionTime")
	reason := r.str(e, "", "reason")
	c.Reason = dcplan.ParseConditionReason(reason)
	if c.Reason == dcplan.ReasonOther {
		c.OtherReason = reason
	}
	return c
}

func putConfigStatus(st map[string]any, s dcplan.ConfigStatus) {
	putInt(st, "latestVersion", int64(s.LatestVersion))
	putInt(st, "observedGeneration", s.ObservedGeneration)
	putInt(st, "replicas", int64(s.Replicas))
	putInt(st, "updatedReplicas", int64(s.UpdatedReplicas))
	putInt(st, "availableReplicas", int64(s.AvailableReplicas))
	putInt(st, "unavailableReplicas", int64(s.UnavailableReplicas))
	withChild(st, "details", func(d map[string]any) {
		putString(d, "message", s.Details.Message)
		for i, e := range elems(d, "causes", len(s.Details.Causes)) {
			c := s.Details.Causes[i]
			putString(e, "type", c.TypeText())
			withChild(e, "imageTrigger", func(it map[string]any) {
				withChild(it, "from", func(from map[string]any) {
					putString(from, "kind", c.FromKind)
					putString(from, "namespace", c.FromNamespace)
					putString(from, "name", c.Image)
				})
			})
		}
	})
	for i, e := range elems(st, "conditions", len(s.Conditions)) {
		c := s.Conditions[i]
		putString(e, "type", c.TypeText())
		putString(e, "status", c.StatusText())
		putString(e, "reason", c.ReasonText())
		putString(e, "message", c.Message)
		putTime(e, "lastUpdateTime", c.LastUpdateTime)
		putTime(e, "lastTransitionTime", c.LastTransitionTime)
	}
	putInt(st, "readyReplicas", int64(s.ReadyReplicas))
}

// DecodeEnv decodes a JSON list of environment variables ([{name, value,
// valueFrom}]), e.g. the environment a controller injects into deployer
// pods (Settings.Environment). Null or an empty document gives nil.
func DecodeEnv(data []byte) ([]dcplan.EnvVar, error) {
	if len(data) == 0 {
		return nil, nil
	}
	t, _, ok := jsontree.ScanTape(data, "", false)
	defer jsontree.PutTape(t)
	if !ok {
		_, err := jsontree.ParseStd(data)
		return nil, &dcplan.FieldError{Kind: "Settings", Field: "environment", Problem: "invalid JSON: " + err.Error(), Err: dcplan.ErrMalformed}
	}
	r := &reader{t: t, kind: "Settings"}
	l := node(0)
	switch t.Kind(l) {
	case jsontree.KindNull:
		l = none
	case jsontree.KindArray:
	default:
		r.wrongType("environment", "an array", l)
		l = none
	}
	env := r.envList(l, "environment")
	if r.err != nil {
		return nil, r.err
	}
	return env, nil
}
