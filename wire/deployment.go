package wire

import (
	"encoding/json"
	"reflect"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"

	"bytes"
	"slices"
)

// DecodeDeployment decodes a ReplicationController as `oc get rc -o json`
// prints it. Every field of Deployment is filled; Raw is the whole object
// in canonical form, Template the RC's own pod template, and Encoded the
// DC of the openshift.io/encoded-deployment-config annotation (absent
// when the annotation is). Template.Raw shares the bytes of Raw.
//
// The encoded DC is decoded here, once, so that the planners receive it
// as a value and never call a decoder; its parts share the bytes of its
// own Raw (see DecodeConfig).
//
// Rules, in order: the document must be one JSON object; kind must be
// ReplicationController and apiVersion v1 (missing ones are errors too,
// see DecodeConfig); the fields the planners read
// must have their JSON types, and annotation values must be strings. The
// first violation is returned as a *FieldError wrapping ErrMalformed.
// What the annotations say never fails the decode: they are text anyone
// may edit, and they read as upstream reads them (SPEC 5.1, 5.2, 5.22,
// 13.1): the version is a base-10 integer, dcplan.NoVersion when missing
// or not one; the phase is one of the five exact spellings, PhaseUnknown
// otherwise; the desired-replicas and replicas annotations are base-10
// int32s, absent when missing, empty or not one (a desired-replicas
// annotation present but not one sets UnreadDesiredReplicas); cancelled
// is true iff its value is "true" in any case; the deployer-pod ignore
// annotation and deployment-config.name count by presence
// (EmptyConfigName: present, empty); the deployer timestamps are
// AnnotationTimeLayout renderings, zero when empty or not one. An
// encoded config that is not a DeploymentConfig DecodeConfig accepts
// reads as no DC, EncodedProblem saying why in upstream's words, except
// for its strategy and trigger types, which upstream's annotation codec
// does not check either (an unknown strategy type reads as StrategyUnset,
// a trigger without a type as TriggerUnset), and for a null element of
// its lists or a null value of its string maps, which that codec reads as
// the zero element and "" (encoding/json's rules), and so does this one.
// DecodeDeployment never panics.
//
// The strings of the result share one allocation of their exact size
// (and those of its encoded DC another): a caller that
// keeps one of them long after the Deployment (a map key of an index,
// say) should keep a copy (strings.Clone), or it keeps them all alive. The same holds for
// DecodeConfig, DecodePod and DecodeList.
//
// Ports: library-go appsutil DeploymentVersionFor, DeploymentStatusFor,
// IsDeploymentCancelled, DecodeDeploymentConfig.
func DecodeDeployment(data []byte) (dcplan.Deployment, error) {
	t, raw, err := scanObject(data, string(data), kindRC)
	if err != nil {
		return dcplan.Deployment{}, err
	}
	defer jsontree.PutTape(t)
	return decodeDeploymentTape(t, 0, true, raw, nil)
}

// EncodeDeployment returns the ReplicationController JSON of d: d's typed
// fields overlaid onto d.Raw (or onto an empty object when Raw is nil),
// keys in Kubernetes field order, compact. Labels, annotations and fields
// d does not model pass through; a field that already reads back as d's
// value keeps its exact spelling. Without Raw, spec.replicas is written
// even at 0, as a typed client writes it (a server defaults a missing one
// to 1). The encoded-deployment-config annotation
// is kept verbatim when it decodes to d.Encoded (as the annotation
// d.Encoded was read from does), when it is spelled or reads back as this
// codec writes d.Encoded, or when d.Encoded is nil (an annotation that
// does not decode); it is otherwise rewritten from d.Encoded the way upstream
// serialises a DC (kind DeploymentConfig, apiVersion apps.openshift.io/v1,
// Kubernetes key order, trailing newline), so
// DecodeDeployment(EncodeDeployment(d)) gives d back for any d in normal
// form (with Raw filled).
//
// Overlay rules: the controller owner reference is the first entry of
// metadata.ownerReferences with controller true (added when d gains one,
// removed when d loses it); Template is authoritative for spec.template;
// the ignore annotation a Deployment gains is written "true"; a deleting
// Deployment without a deletionTimestamp gets the Unix epoch.
func EncodeDeployment(d dcplan.Deployment) ([]byte, error) {
	return renderOrdered(deploymentTree(d), orderRC), nil
}

// decodeDeploymentTape decodes the RC object m on tape t; strict requires
// kind and apiVersion (an RC decoded alone; a list's items may omit
// them). raw is its canonical form when the caller has it (nil renders
// it). The encoded-deployment-config annotation is decoded here, unless
// written is not nil: the DC the caller has just serialised into it
// (NewDeployment), which Encoded then holds as a copy, so that nothing is
// decoded. The strings of the result, its encoded DC's included, are
// moved out of the document (rehome).
func decodeDeploymentTape(t *jsontree.Tape, m node, strict bool, raw dcplan.RawJSON, written *dcplan.Config) (dcplan.Deployment, error) {
	r := &reader{t: t, kind: kindRC, name: nameOf(t, m)}
	r.checkKind(m, kindRC, strict, apiVersionCore)
	meta := r.obj(m, "", "metadata")
	var d dcplan.Deployment
	d.Namespace, d.Name, d.UID, d.ResourceVersion = r.identity(meta)
	d.CreationTime = r.timestamp(meta, "metadata", "creationTimestamp")
	d.Deleting = r.deleting(meta)
	for _, o := range r.owners(meta) {
		if o.Controller {
			d.Controller, d.HasController = o, true
			break
		}
	}
	spec := r.obj(m, "", "spec")
	d.Replicas = dcplan.Replicas(r.int32At(spec, "spec", "replicas"))
	status := r.obj(m, "", "status")
	d.StatusReplicas = dcplan.Replicas(r.int32At(status, "status", "replicas"))
	d.ReadyReplicas = dcplan.Replicas(r.int32At(status, "status", "readyReplicas"))
	d.AvailableReplicas = dcplan.Replicas(r.int32At(status, "status", "availableReplicas"))
	_, encoded := r.readDeploymentWire(meta, &d)
	if r.err != nil {
		return dcplan.Deployment{}, r.err
	}
	if raw == nil {
		raw = t.AppendCanonical(nil, m, false)
	}
	d.Raw = raw
	d.Template = r.template(spec, "spec", "template", r.canonPart(r.canonPart(raw, spec, "spec"), r.member(spec, "template"), "template"))
	if r.err != nil {
		return dcplan.Deployment{}, r.err
	}
	switch {
	case encoded == none:
	case written != nil:
		d.Encoded = new(written.Clone())
	default:
		d.Encoded, d.EncodedProblem = decodeEncodedString(r.t.Text(encoded))
	}
	rehome(&d)
	return d, nil
}

// decodeEncodedString decodes the value s of an encoded-deployment-config
// annotation: the DC, or nil and why it does not decode, in upstream's
// words (encodedConfigProblem). An annotation that is not a
// DeploymentConfig is a state real clusters reach (SPEC 13.1): the RC
// still decodes, and the planners answer as upstream does. The strings of
// the DC share one allocation of their own (rehome).
func decodeEncodedString(s string) (*dcplan.Config, string) {
	cfg, err := decodeEncodedConfig(s)
	if err != nil {
		return nil, encodedConfigProblem(s, err)
	}
	rehome(&cfg)
	return &cfg, ""
}

// decodeEncodedConfig decodes the value of an encoded-deployment-config
// annotation: a DC document with kind and apiVersion.
func decodeEncodedConfig(s string) (dcplan.Config, error) {
	t, raw, err := scanObjectString(s, kindConfig)
	if err != nil {
		return dcplan.Config{}, err
	}
	defer jsontree.PutTape(t)
	return decodeConfigTape(t, 0, true, raw, true)
}

// encodedConfigProblem words why the encoded-deployment-config annotation
// s does not decode. A value that is not JSON gets the text upstream's
// codec gives (it reads the type metadata first: `couldn't get
// version/kind; json parse error: <encoding/json's error>`); a JSON value
// that is no DeploymentConfig gets this codec's own description.
func encodedConfigProblem(s string, err error) string {
	var probe any
	if jerr := json.Unmarshal([]byte(s), &probe); jerr != nil {
		return "couldn't get version/kind; json parse error: " + jerr.Error()
	}
	return "encoded deployment config does not decode: " + innerProblem(err)
}

// decodesTo reports whether the encoded-deployment-config value cur
// decodes to exactly *e. Such a value reads back as e (see readsBack):
// overlaying a Config onto the tree of its own Raw changes nothing
// (FuzzDecodeConfig's round trip holds it, Raw included;
// TestDecodesToReadsBack checks the implication). It is the test that
// keeps the annotation of nearly every RC write, whose Deployment was
// decoded and its encoded DC left alone.
//
// A Config built by hand (Raw nil, as NewDeployment's Encoded of a DC built
// in code) is never what a value decodes to: a decoded Config always
// carries its Raw. decodesTo answers that without decoding.
func decodesTo(cur string, e *dcplan.Config) bool {
	if e.Raw == nil {
		return false
	}
	c, err := decodeEncodedConfig(cur)
	return err == nil && reflect.DeepEqual(c, *e)
}

// readsBack reports whether the encoded-deployment-config value cur is,
// in canonical form, the value this codec writes (want): the annotation
// then keeps its spelling.
func readsBack(cur, want string) bool {
	a, araw, err := scanObjectString(cur, kindConfig)
	if err != nil {
		return false // no object reads back as a DC
	}
	jsontree.PutTape(a)
	b, braw, err := scanObjectString(want, kindConfig)
	if err != nil {
		return false
	}
	jsontree.PutTape(b)
	return bytes.Equal(araw, braw)
}

// owners reads metadata.ownerReferences.
func (r *reader) owners(meta node) []dcplan.OwnerRef {
	const p = "metadata.ownerReferences"
	l := r.list(meta, "metadata", "ownerReferences")
	if r.t.Len(l) == 0 {
		return nil
	}
	out := make([]dcplan.OwnerRef, r.t.Len(l))
	for i, v := range r.each(l) {
		had := r.err != nil
		e := r.elem(v, "")
		out[i] = dcplan.OwnerRef{
			APIVersion:         r.str(e, "", "apiVersion"),
			Kind:               r.str(e, "", "kind"),
			Name:               r.str(e, "", "name"),
			UID:                r.str(e, "", "uid"),
			Controller:         r.boolean(e, "", "controller"),
			BlockOwnerDeletion: r.boolean(e, "", "blockOwnerDeletion"),
		}
		r.under(had, p, i, "")
	}
	return out
}

func putOwner(e map[string]any, o dcplan.OwnerRef) {
	putString(e, "apiVersion", o.APIVersion)
	putString(e, "kind", o.Kind)
	putString(e, "name", o.Name)
	putString(e, "uid", o.UID)
	putBool(e, "controller", o.Controller)
	putBool(e, "blockOwnerDeletion", o.BlockOwnerDeletion)
}

// putController overlays the controller owner reference of an RC.
func putController(meta map[string]any, d dcplan.Deployment) {
	refs, _ := meta["ownerReferences"].([]any)
	idx := slices.IndexFunc(refs, func(v any) bool {
		e, _ := v.(map[string]any)
		c, _ := e["controller"].(bool)
		return c
	})
	switch {
	case d.HasController && idx >= 0:
		o := d.Controller
		o.Controller = true
		putOwner(refs[idx].(map[string]any), o)
	case d.HasController:
		o := d.Controller
		o.Controller = true
		e := map[string]any{}
		putOwner(e, o)
		meta["ownerReferences"] = append(slices.Clone(refs), e)
	case idx >= 0:
		refs = slices.Delete(slices.Clone(refs), idx, idx+1)
		if len(refs) == 0 {
			delete(meta, "ownerReferences")
		} else {
			meta["ownerReferences"] = refs
		}
	}
}

// deploymentTree overlays d onto a fresh tree of d.Raw.
func deploymentTree(d dcplan.Deployment) map[string]any {
	raw := d.Raw
	m := objectOf(raw)
	if raw == nil {
		m["kind"], m["apiVersion"] = kindRC, apiVersionCore
	}
	overlayDeployment(m, raw, d)
	return m
}

// overlayDeployment overlays d onto m, the tree of raw (canonical JSON
// of an RC, nil for none).
func overlayDeployment(m map[string]any, raw []byte, d dcplan.Deployment) {
	encoded := func() string { return "" }
	keep := func(string) bool { return false }
	if d.HasEncoded() {
		// Rendered only when needed: nearly every write keeps the annotation.
		var value string
		encoded = func() string {
			if enc := d.Encoded; value == "" && enc != nil {
				typed := *enc // its typed fields, as this encoder writes every object
				typed.Raw = canonical(configTree(typed))
				value = encodedConfig(typed)
			}
			return value
		}
		// Called only when the RC has the annotation.
		keep = func(cur string) bool {
			enc := d.Encoded
			if enc == nil {
				return true // an annotation that does not decode is carried as it is
			}
			// A value that decodes to enc (as a rule, the annotation
			// enc was read from), or is spelled as this codec writes
			// enc (as NewDeployment wrote it), or reads back as it.
			return decodesTo(cur, enc) || cur == encoded() || readsBack(cur, encoded())
		}
	}
	withChild(m, "metadata", func(meta map[string]any) {
		putObjectMeta(meta, d.Namespace, d.Name, d.UID, d.ResourceVersion, d.Deleting)
		putTime(meta, "creationTimestamp", d.CreationTime)
		putDeploymentWire(meta, d, encoded, keep)
		putController(meta, d)
	})
	withChild(m, "spec", func(spec map[string]any) {
		if raw == nil {
			// An RC built in code: spec.replicas is written even at 0, as
			// a typed client writes the pointer it always sets; a server
			// would default a missing one to 1.
			spec["replicas"] = num(int64(d.Replicas))
		}
		putInt(spec, "replicas", int64(d.Replicas))
		putTemplate(spec, "template", d.Template, rawMember(rawMember(raw, "spec"), "template"))
	})
	withChild(m, "status", func(st map[string]any) {
		putInt(st, "replicas", int64(d.StatusReplicas))
		putInt(st, "readyReplicas", int64(d.ReadyReplicas))
		putInt(st, "availableReplicas", int64(d.AvailableReplicas))
	})
}
