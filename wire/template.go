package wire

import (
	"bytes"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"

	"errors"
)

// NewTemplate builds a Template from the JSON of a pod template (a
// PodTemplateSpec object: metadata and spec): Raw is its canonical form,
// Hash the hash of Raw, Containers the name and image of each entry of
// spec.containers. Equal templates give equal hashes whatever their key
// order or spacing; the hash also ignores object members whose value is
// null, which upstream's reflect.DeepEqual of decoded templates cannot
// tell from absent ones (SPEC 3.5.6). The error wraps ErrMalformed and
// comes with the zero Template, as DecodeDeployment's does.
func NewTemplate(raw []byte) (dcplan.Template, error) {
	t, _, ok := jsontree.ScanTape(raw, "", false)
	defer jsontree.PutTape(t)
	if !ok {
		_, err := jsontree.ParseStd(raw)
		return dcplan.Template{}, &dcplan.FieldError{Kind: "PodTemplate", Field: "(document)", Problem: "invalid JSON: " + err.Error(), Err: dcplan.ErrMalformed}
	}
	r := &reader{t: t, kind: "PodTemplate"}
	m := r.elem(0, "(document)")
	tpl := r.templateOf(m, "", nil)
	if r.err != nil {
		return dcplan.Template{}, r.err
	}
	return tpl, nil
}

// TemplateFor returns the smallest template holding the given containers,
// {"spec":{"containers":[{"image":...,"name":...},...]}}, with Raw, Hash
// and Containers filled consistently, for hand-built values and
// generators. With no containers it returns the zero Template (no
// template).
func TemplateFor(containers ...dcplan.Container) dcplan.Template {
	if len(containers) == 0 {
		return dcplan.Template{}
	}
	return templateOfTree(templateTree(dcplan.Template{Containers: containers}))
}

// template reads m's member key as a pod template; the zero Template when
// absent. raw is its canonical form when the caller has it (see
// templateOf).
func (r *reader) template(m node, path, key string, raw dcplan.RawJSON) dcplan.Template {
	t := r.obj(m, path, key)
	if t == none {
		return dcplan.Template{}
	}
	had := r.err != nil
	tpl := r.templateOf(t, "", raw)
	r.under(had, path, -1, key)
	return tpl
}

// templateOf reads a pod template object (path is its field path). raw is
// its canonical form when the caller has it, typically a part of the Raw
// of the object holding the template, which Template.Raw then shares;
// nil renders it.
func (r *reader) templateOf(t node, path string, raw dcplan.RawJSON) dcplan.Template {
	if t == none {
		return dcplan.Template{}
	}
	had := r.err != nil
	spec := r.obj(t, "", "spec")
	var cs []dcplan.Container
	if l := r.list(spec, "spec", "containers"); r.t.Len(l) > 0 {
		cs = make([]dcplan.Container, 0, r.t.Len(l))
		for i, v := range r.each(l) {
			had := r.err != nil
			c := r.elem(v, "")
			cs = append(cs, dcplan.Container{Name: r.str(c, "", "name"), Image: r.str(c, "", "image")})
			r.under(had, "spec.containers", i, "")
		}
	}
	labels := r.keyValues(r.obj(t, "", "metadata"), "metadata", "labels")
	r.under(had, path, -1, "")
	if raw == nil {
		raw = r.t.AppendCanonical(nil, t, false)
	}
	return dcplan.Template{Containers: cs, Labels: labels, Hash: templateHash(r.t, t, raw), Raw: raw}
}

// templateOfTree is templateOf for a tree the codec built itself, which
// always reads.
func templateOfTree(t map[string]any) dcplan.Template {
	raw := canonicalExact(t)
	tp, _, ok := jsontree.ScanTape(raw, "", false)
	defer jsontree.PutTape(tp)
	if !ok {
		panic("wire: a template tree the codec built does not read")
	}
	r := &reader{t: tp, kind: "PodTemplate"}
	return r.templateOf(0, "spec.template", raw)
}

// templateTree returns a fresh JSON tree of t: Raw with t.Containers
// overlaid entry by entry (Containers is authoritative: extra entries of
// Raw are dropped, missing ones added with just name and image). It
// returns nil when t has neither Raw nor Containers. Hash is ignored: it is
// recomputed from the result.
func templateTree(t dcplan.Template) map[string]any {
	if t.Raw == nil && len(t.Containers) == 0 {
		return nil
	}
	m := objectOf(t.Raw)
	spec, _ := m["spec"].(map[string]any)
	if spec == nil && len(t.Containers) == 0 {
		return m
	}
	withChild(m, "spec", func(spec map[string]any) {
		for i, e := range elems(spec, "containers", len(t.Containers)) {
			c := t.Containers[i]
			putString(e, "name", c.Name)
			putString(e, "image", c.Image)
		}
	})
	return m
}

// putTemplate overlays t onto m[key] (a DC's or RC's spec.template):
// removed when t is empty, replaced by templateTree(t) otherwise. orig is
// the canonical form of m[key] as parsed, nil when unknown: when it is
// t.Raw and m[key]'s containers already read as t.Containers, templateTree
// would give m[key] back, and m[key] stays (no parse of t.Raw).
func putTemplate(m map[string]any, key string, t dcplan.Template, orig []byte) {
	if orig != nil && bytes.Equal(orig, t.Raw) && containersRead(m[key], t.Containers) {
		return
	}
	tree := templateTree(t)
	if tree == nil {
		if m[key] != nil {
			delete(m, key)
		}
		return
	}
	m[key] = tree
}

// DeployerTemplateFields returns the fields of the pod template spec t
// that a deployer pod copies (SPEC 4.5: fields names them, e.g.
// dcplan.ModernTemplateFields) as one canonical JSON object, as EncodePod
// writes them into the pod spec. Fields
// that are absent, null, "" or empty lists/objects are left out, as
// encoding/json leaves out those omitempty fields, but for an empty
// dnsConfig, a pointer, kept as {}. It returns nil when none is left (or
// t has no template).
//
// Ports: deployer_controller.go (*DeploymentController).makeDeployerPod, the
// fields copied from rc.Spec.Template.Spec.
func DeployerTemplateFields(t dcplan.Template, fields dcplan.TemplateFields) dcplan.RawJSON {
	var out []byte
	eachTemplateField(t, fields, func(w written, name string, i int32) {
		out = append(out, ',')
		out = jsontree.AppendString(out, name)
		out = append(out, ':')
		out = append(out, w.bytesOf(i)...)
	})
	if out == nil {
		return nil
	}
	out[0] = '{'
	return append(out, '}')
}

// withChild runs f on the object m[key]. A missing (or non-object) child
// is given to f as a new empty object, attached only if f filled it, so
// that overlays never add empty objects the input did not have.
func withChild(m map[string]any, key string, f func(c map[string]any)) {
	c, ok := m[key].(map[string]any)
	if !ok {
		c = map[string]any{}
	}
	f(c)
	if !ok && len(c) > 0 {
		m[key] = c
	}
}

// innerProblem renders a nested decode error as one problem text.
func innerProblem(err error) string {
	var fe *dcplan.FieldError
	if errors.As(err, &fe) {
		return fe.Field + ": " + fe.Problem
	}
	return err.Error()
}

// containersRead reports whether the template tree v has exactly cs as
// spec.containers, each with its name and image (both non-empty) as
// strings, so that templateTree's overlay of cs changes nothing.
func containersRead(v any, cs []dcplan.Container) bool {
	t, _ := v.(map[string]any)
	spec, _ := t["spec"].(map[string]any)
	l, _ := spec["containers"].([]any)
	if len(cs) == 0 || len(l) != len(cs) {
		return false
	}
	for i, c := range cs {
		e, _ := l[i].(map[string]any)
		name, _ := e["name"].(string)
		image, _ := e["image"].(string)
		if c.Name == "" || c.Image == "" || name != c.Name || image != c.Image {
			return false
		}
	}
	return true
}
