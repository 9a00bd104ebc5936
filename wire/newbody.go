package wire

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
)

// newDeploymentBody renders the RC NewDeployment builds for cfg (SPEC 3.8)
// as its create sends it: keys in Kubernetes order, compact. The DC's
// parts the RC carries (its labels, selector and pod template, and the
// whole DC in the encoded-deployment-config annotation) are the DC as
// read, its Raw (see Requests), read as w; the scalars are cfg's typed
// fields.
func newDeploymentBody(cfg dcplan.Config, w written) ([]byte, error) {
	tpl := w.node("spec", "template")
	if tpl < 0 || w.raw[(*w.spans)[tpl].start] != '{' {
		return nil, &dcplan.FieldError{Kind: kindConfig, Name: cfg.Name, Field: "spec.template",
			Problem: "a config without a pod template cannot be rolled out", Err: dcplan.ErrInvalidSnapshot}
	}
	rc := dcplan.DeploymentName(cfg.Name, cfg.Status.LatestVersion)
	version := strconv.FormatInt(int64(cfg.Status.LatestVersion), 10)
	buf := jsontree.Scratch()
	b := append((*buf)[:0], `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":`...)
	b = jsontree.AppendString(b, rc)
	if cfg.Namespace != "" {
		b = append(b, `,"namespace":`...)
		b = jsontree.AppendString(b, cfg.Namespace)
	}
	labels := make(changes, 0, 8)
	labels = labels.setString(cfg.Name, dcplan.LabelConfigName)
	b = append(b, `,"labels":`...)
	b = w.valueOrNew(b, w.node("metadata", "labels"), labels)

	ann := make(changes, 0, 8)
	ann = ann.setString(cfg.Name, dcplan.AnnotationConfigName)
	enc := jsontree.Scratch()
	defer jsontree.PutScratch(enc)
	*enc = appendEncoded((*enc)[:0], w)
	ann = ann.setStringBytes(*enc, dcplan.AnnotationEncodedConfig)
	ann = ann.setString(dcplan.PhaseNew.String(), dcplan.AnnotationPhase)
	ann = ann.setString(version, dcplan.AnnotationLatestVersion)
	ann = ann.setString(strconv.Itoa(int(cfg.Replicas)), dcplan.AnnotationDesiredReplicas)
	ann = ann.setString("0", dcplan.AnnotationReplicas)
	if msg := cfg.Status.Details.Message; msg != "" {
		ann = ann.setString(msg, dcplan.AnnotationStatusReason)
	}
	if cfg.IgnoreDeployerPod {
		ann = ann.setString(cfg.IgnoreDeployerPodValue, dcplan.AnnotationIgnoreDeployerPod)
	}
	b = append(b, `,"annotations":`...)
	b = appendNew(b, nil, ann, all(ann), 0)

	b = append(b, `,"ownerReferences":[{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":`...)
	b = jsontree.AppendString(b, cfg.Name)
	b = append(b, `,"uid":`...)
	b = jsontree.AppendString(b, cfg.UID)
	b = append(b, `,"controller":true,"blockOwnerDeletion":true}]},"spec":{"replicas":0`...)
	if cfg.MinReadySeconds != 0 {
		b = append(b, `,"minReadySeconds":`...)
		b = strconv.AppendInt(b, int64(cfg.MinReadySeconds), 10)
	}
	sel := make(changes, 0, 8)
	sel = sel.setString(cfg.Name, dcplan.LabelDeploymentConfig)
	sel = sel.setString(rc, dcplan.LabelDeployment)
	b = append(b, `,"selector":`...)
	b = w.valueOrNew(b, w.node("spec", "selector"), sel)

	// The template's metadata is a new ObjectMeta holding only the DC
	// template's labels and annotations, extended; every container image
	// is trimmed of surrounding whitespace.
	tl, ta := make(changes, 0, 4), make(changes, 0, 4)
	tl = tl.setString(cfg.Name, dcplan.LabelDeploymentConfig)
	tl = tl.setString(rc, dcplan.LabelDeployment)
	ta = ta.setString(rc, dcplan.AnnotationDeploymentName)
	ta = ta.setString(cfg.Name, dcplan.AnnotationConfigName)
	ta = ta.setString(version, dcplan.AnnotationLatestVersion)
	meta := jsontree.Scratch()
	*meta = w.valueOrNew(append((*meta)[:0], `{"labels":`...), w.node("spec", "template", "metadata", "labels"), tl)
	*meta = w.valueOrNew(append(*meta, `,"annotations":`...), w.node("spec", "template", "metadata", "annotations"), ta)
	*meta = append(*meta, '}')
	defer jsontree.PutScratch(meta)
	tc := make(changes, 0, 8)
	tc = tc.set(*meta, "metadata")
	var inPlace [8]int32
	containers := w.elems(w.node("spec", "template", "spec", "containers"), inPlace[:0])
	if slices.ContainsFunc(containers, func(c int32) bool { _, ok := trimmedImage(w, c); return ok }) {
		list := jsontree.Scratch()
		defer jsontree.PutScratch(list)
		*list = append((*list)[:0], '[')
		for k, c := range containers {
			if k > 0 {
				*list = append(*list, ',')
			}
			cs := make(changes, 0, 1)
			switch img, ok := trimmedImage(w, c); {
			case ok && img == "":
				cs = cs.remove("image") // omitempty: trimmed to nothing, no key
			case ok:
				cs = cs.setString(img, "image")
			}
			*list = w.value(*list, c, orderContainer, cs, all(cs), 0)
		}
		*list = append(*list, ']')
		tc = tc.set(*list, "spec", "containers")
	}
	b = append(b, `,"template":`...)
	b = w.value(b, tpl, orderPodTemplate, tc, all(tc), 0)
	b = append(b, `},"status":{"replicas":0}}`...)
	*buf = b
	return jsontree.ExactCopy(buf), nil
}

// appendEncoded appends the DC w as upstream's annotation encoder writes
// it (SPEC 1.1): Kubernetes key order, compact, a trailing newline, and
// kind DeploymentConfig and apiVersion apps.openshift.io/v1 whatever the
// DC as read says (a DC read from a typed list has neither, one read from
// the legacy API says v1; upstream's encoder writes its own group
// version).
func appendEncoded(b []byte, w written) []byte {
	cs := typedChanges(make(changes, 0, 2), kindConfig, apiVersionApps)
	return append(w.value(b, 0, orderDC, cs, all(cs), 0), '\n')
}

// encodedConfig is the encoded-deployment-config value of the DC c.
func encodedConfig(c dcplan.Config) string {
	w := readConfig(c)
	defer w.release()
	return string(appendEncoded(nil, w))
}

// trimmedImage returns the image of container c trimmed of surrounding
// whitespace, and false when trimming leaves it alone (or c has no
// image). It reads the image only when its spelling says trimming could
// change it: its first or last byte is a space, a control character or
// beyond ASCII (where Unicode spaces are), or it holds an escape.
func trimmedImage(w written, c int32) (string, bool) {
	lit := w.atFrom(c, "image")
	if len(lit) < 3 || lit[0] != '"' {
		return "", false
	}
	edge := func(c byte) bool { return c <= ' ' || c >= 0x80 }
	if !edge(lit[1]) && !edge(lit[len(lit)-2]) && bytes.IndexByte(lit, '\\') < 0 {
		return "", false
	}
	img, ok := w.textAt(c, "image")
	if !ok || strings.TrimSpace(img) == img {
		return "", false
	}
	return strings.TrimSpace(img), true
}
