package wire

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
)

// Fixed parts of every deployer pod (SPEC 4.5).
const (
	deployerContainerName     = "deployment"
	deployerPullPolicy        = "IfNotPresent"
	deployerTerminationPolicy = "FallbackToLogsOnError"
	deployerRestartPolicy     = "Never"
)

// EncodePod returns the Pod JSON a create of the deployer pod p sends
// (SPEC 4.5), keys in Kubernetes field order, compact:
//
//   - metadata: name, namespace, p.Labels and p.Annotations as given (the
//     complete maps), and one owner reference {apiVersion v1, kind
//     ReplicationController, name p.RC, uid p.RCUID} without controller
//     flags — none when p.Unowned (the seed-era pod, SPEC 7 row 31);
//   - one container "deployment": image p.Image and command p.Command
//     when non-empty, env p.Env in order (value and valueFrom left out
//     when empty), resources p.Resources (or {}), imagePullPolicy IfNotPresent,
//     terminationMessagePolicy FallbackToLogsOnError (not with
//     p.SeedSpec);
//   - spec: activeDeadlineSeconds p.ActiveDeadlineSeconds, always (every
//     deployer pod upstream builds carries one, SPEC 4.5, 7 row 31, and an
//     encoded strategy's 0 is sent as 0, which the API server refuses),
//     restartPolicy Never, serviceAccountName p.ServiceAccount,
//     terminationGracePeriodSeconds 10 and shareProcessNamespace false
//     (neither with p.SeedSpec, the seed-era pod, SPEC 7 row 31), and the
//     fields p.CopyFields names, taken from template (the RC's pod
//     template), empty ones left out;
//   - status {}.
//
// p.ConfigName is not written by itself: the openshift.io/deployment-config.name
// annotation, like every label and annotation, comes from p.Annotations.
//
// The empty resourceClaims and schedulingGates lists upstream sets vanish
// on the wire (SPEC 10.15), so they are not written. The error, for a
// Resources or Env ValueFrom value that is not valid JSON, is a
// *FieldError wrapping ErrMalformed.
//
// Ports: deployer_controller.go (*DeploymentController).makeDeployerPod.
func EncodePod(p dcplan.DeployerPod, template dcplan.Template) ([]byte, error) {
	vals := jsontree.Scratch()
	defer jsontree.PutScratch(vals)
	v := values{b: (*vals)[:0]}
	containers, err := v.deployerContainers(p)
	if err != nil {
		return nil, err
	}
	cs := typedChanges(make(changes, 0, 20), kindPod, apiVersionCore).
		setString(p.Name, "metadata", "name")
	if p.Namespace != "" {
		cs = cs.setString(p.Namespace, "metadata", "namespace")
	}
	if len(p.Labels) > 0 {
		cs = cs.set(v.add(appendStringMap(v.b, p.Labels)), "metadata", "labels")
	}
	if len(p.Annotations) > 0 {
		cs = cs.set(v.add(appendStringMap(v.b, p.Annotations)), "metadata", "annotations")
	}
	if !p.Unowned {
		owner := append(v.b, `[{"apiVersion":"`+apiVersionCore+`","kind":"`+kindRC+`","name":`...)
		owner = append(jsontree.AppendString(owner, p.RC), `,"uid":`...)
		cs = cs.set(v.add(append(jsontree.AppendString(owner, p.RCUID), "}]"...)), "metadata", "ownerReferences")
	}
	cs = cs.set(containers, "spec", "containers").
		setString(deployerRestartPolicy, "spec", "restartPolicy")
	if !p.SeedSpec {
		cs = cs.set(v.add(strconv.AppendInt(v.b, dcplan.DeployerGracePeriodSeconds, 10)), "spec", "terminationGracePeriodSeconds").
			set(v.add(append(v.b, "false"...)), "spec", "shareProcessNamespace")
	}
	if p.ServiceAccount != "" {
		cs = cs.setString(p.ServiceAccount, "spec", "serviceAccountName")
	}
	cs = cs.set(v.add(strconv.AppendInt(v.b, p.ActiveDeadlineSeconds, 10)), "spec", "activeDeadlineSeconds")
	eachTemplateField(template, p.CopyFields, func(w written, name string, i int32) {
		cs = cs.set(v.add(w.value(v.b, i, orderPodSpec.subOf(name), nil, 0, 0)), "spec", name)
	})
	cs = cs.set(v.add(append(v.b, "{}"...)), "status")
	buf := jsontree.Scratch()
	*buf = appendNew((*buf)[:0], orderPod, cs, all(cs), 0)
	*vals = v.b[:0]
	return jsontree.ExactCopy(buf), nil
}

// values holds the rendered values of a body's changes in one buffer:
// each is appended to b, then taken by add. A value taken stays as it is
// while b grows, since append writes only past the end of what b holds.
type values struct{ b []byte }

// add makes grown, b with one value appended, the buffer, and returns
// that value.
func (v *values) add(grown []byte) []byte {
	start := len(v.b)
	v.b = grown
	return grown[start:len(grown):len(grown)]
}

// deployerContainers renders the containers list of the deployer pod p,
// its one container "deployment" (see EncodePod), in Kubernetes order.
// The error is a *FieldError for resources or a valueFrom that is not the
// JSON it must be.
func (v *values) deployerContainers(p dcplan.DeployerPod) ([]byte, error) {
	fail := func(field string) error {
		return &dcplan.FieldError{Kind: kindPod, Name: p.Name, Field: field, Problem: "invalid JSON", Err: dcplan.ErrMalformed}
	}
	cs := make(changes, 0, 8).
		setString(deployerContainerName, "name").
		setString(deployerPullPolicy, "imagePullPolicy")
	if p.Image != "" {
		cs = cs.setString(p.Image, "image") // image,omitempty upstream
	}
	if !p.SeedSpec {
		cs = cs.setString(deployerTerminationPolicy, "terminationMessagePolicy")
	}
	if len(p.Command) > 0 {
		cs = cs.set(v.add(appendStrings(v.b, p.Command)), "command")
	}
	resources := v.add(append(v.b, "{}"...))
	if len(p.Resources) > 0 {
		r, ok := appendOrderedJSON(v.b, p.Resources, orderResources)
		r = v.add(r)
		switch {
		case !ok || r[0] != '{' && string(r) != "null":
			return nil, fail("spec.containers[0].resources")
		case r[0] == '{':
			resources = r
		}
	}
	cs = cs.set(resources, "resources")
	if len(p.Env) > 0 {
		env := append(v.b, '[')
		for i, e := range p.Env {
			if i > 0 {
				env = append(env, ',')
			}
			env = append(env, `{"name":`...)
			env = jsontree.AppendString(env, e.Name)
			if e.Value != "" {
				env = append(env, `,"value":`...)
				env = jsontree.AppendString(env, e.Value)
			}
			if len(e.ValueFrom) > 0 {
				start := len(env)
				with, ok := appendOrderedJSON(append(env, `,"valueFrom":`...), e.ValueFrom, orderEnvVarSource)
				switch {
				case !ok:
					return nil, fail(at("spec.containers[0].env", i) + ".valueFrom")
				case string(with[start:]) == `,"valueFrom":null`:
					with = with[:start]
				}
				env = with
			}
			env = append(env, '}')
		}
		cs = cs.set(v.add(append(env, ']')), "env")
	}
	return v.add(append(appendNew(append(v.b, '['), orderContainer, cs, all(cs), 0), ']')), nil
}

// eachTemplateField calls f, in name order, with each field of the pod
// template's spec that fields names and that encoding/json writes under
// omitempty (see omitsEmpty): the fields a deployer pod copies (SPEC 4.5,
// 7 row 31). f gets the template as read (canonical) and the field's
// value in it.
func eachTemplateField(template dcplan.Template, fields dcplan.TemplateFields, f func(w written, name string, i int32)) {
	if fields == 0 || template.Raw == nil {
		return
	}
	w, ok := readWritten(template.Raw)
	if !ok {
		return
	}
	defer w.release()
	spec := w.node("spec")
	for _, name := range fields.Names() {
		i := w.nodeFrom(spec, name)
		if i < 0 {
			continue
		}
		if !omitsEmpty(name, w.bytesOf(i)) {
			f(w, name, i)
		}
	}
}

// omitsEmpty reports whether encoding/json leaves out the copied pod spec
// field name holding v (as read) under omitempty: null, "", [] and {},
// the zero string, empty slices and maps, and nil pointers; but not an
// empty dnsConfig, which decodes to a non-nil *PodDNSConfig, a pointer
// omitempty never drops, so makeDeployerPod, which copies the pointer,
// writes "dnsConfig":{}.
func omitsEmpty(name string, v []byte) bool {
	switch string(v) {
	case "null", `""`, "[]":
		return true
	case "{}":
		return name != "dnsConfig"
	}
	return false
}

// appendStringMap appends kvs as the JSON object of a string map, as
// encoding/json writes one: keys sorted, the last of a repeated key
// winning.
func appendStringMap(b []byte, kvs []dcplan.KeyValue) []byte {
	if !slices.IsSortedFunc(kvs, func(a, b dcplan.KeyValue) int { return strings.Compare(a.Key, b.Key) }) {
		kvs = slices.Clone(kvs)
		slices.SortStableFunc(kvs, func(a, b dcplan.KeyValue) int { return strings.Compare(a.Key, b.Key) })
	}
	b = append(b, '{')
	for i, kv := range kvs {
		if i+1 < len(kvs) && kvs[i+1].Key == kv.Key {
			continue // a later value of the key wins
		}
		if b[len(b)-1] != '{' {
			b = append(b, ',')
		}
		b = jsontree.AppendString(b, kv.Key)
		b = append(b, ':')
		b = jsontree.AppendString(b, kv.Value)
	}
	return append(b, '}')
}

// appendStrings appends ss as a JSON array of strings.
func appendStrings(b []byte, ss []string) []byte {
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsontree.AppendString(b, s)
	}
	return append(b, ']')
}
