package wire

import (
	"errors"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"

	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Objects is what DecodeList finds in a document, each kind in document
// order.
type Objects struct {
	Configs     []dcplan.Config
	Deployments []dcplan.Deployment
	Pods        []dcplan.Pod
}

// DecodeList decodes the output of `oc get dc,rc,pods -o json`.
//
// Rules, in order:
//  1. A single DeploymentConfig, ReplicationController or Pod object gives
//     an Objects holding just it.
//  2. A kind: List, or a typed list (kind ending in "List", such as
//     ReplicationControllerList, whose items may omit their kind), gives
//     its items of kind DeploymentConfig, ReplicationController and Pod in
//     list order; items of other kinds are skipped.
//  3. Anything else is an error, as is any item that does not decode (the
//     error names the item: "items[3]: ...").
//
// Its objects decode as DecodeConfig, DecodeDeployment and DecodePod decode
// them, but for the type metadata: the kind (an item's, or the one its
// typed list implies) says what an object is, so a missing apiVersion is
// no error here, of a single object or of any list's item; a wrong one
// is. Every error wraps ErrMalformed. DecodeList never panics.
func DecodeList(data []byte) (Objects, error) {
	top, items, hasItems, ok := jsontree.ScanList(data)
	kind, _ := top["kind"].(string)
	var out Objects
	var err error
	if ok && hasItems && strings.HasSuffix(kind, "List") {
		out, err = decodeItems(data, kind, items)
	} else {
		// Anything else (one object, a list whose items are not an
		// array, a document that does not parse) takes the general
		// path, which words every error.
		out, err = decodeWhole(data)
	}
	if err != nil {
		return Objects{}, err
	}
	return out, nil
}

// decodeWhole is DecodeList reading the whole document onto one tape
// first: the reference decodeItems agrees with.
func decodeWhole(data []byte) (Objects, error) {
	t, raw, err := scanObject(data, string(data), "List")
	if err != nil {
		return Objects{}, err
	}
	defer jsontree.PutTape(t)
	var out Objects
	kindNode := t.Member(0, "kind")
	kind := ""
	if t.Kind(kindNode) == jsontree.KindString {
		kind = t.Text(kindNode)
	}
	if isItemKind(kind) {
		err := out.add(t, 0, kind, raw)
		return out, err
	}
	if !strings.HasSuffix(kind, "List") {
		return Objects{}, &dcplan.FieldError{Kind: "List", Field: "kind",
			Problem: "want List, a typed list, DeploymentConfig, ReplicationController or Pod, got " + strconv.Quote(kind), Err: dcplan.ErrMalformed}
	}
	implied := strings.TrimSuffix(kind, "List")
	r := &reader{t: t, kind: "List"}
	for i, v := range r.each(r.list(0, "", "items")) {
		if err := out.addItem(r, v, i, implied, nil); err != nil {
			return Objects{}, err
		}
	}
	return out, r.err
}

// decodeItems is DecodeList for a list whose items are the elements at
// the given offsets of data: it reads one item at a time onto a tape and
// decodes it, so that nothing of the whole list is held but the decoded
// objects.
func decodeItems(data []byte, kind string, items [][2]int) (Objects, error) {
	implied := strings.TrimSuffix(kind, "List")
	var out Objects
	for i, span := range items {
		item := data[span[0]:span[1]]
		t, canon, ok := jsontree.ScanTape(item, string(item), true)
		if !ok {
			panic("wire: a list item that ScanList accepted does not read")
		}
		var raw dcplan.RawJSON
		if t.Kind(0) == jsontree.KindObject {
			raw = jsontree.ExactCopy(canon)
		} else {
			jsontree.PutScratch(canon)
		}
		err := out.addItem(&reader{t: t, kind: "List"}, 0, i, implied, raw)
		jsontree.PutTape(t)
		if err != nil {
			return Objects{}, err
		}
	}
	return out, nil
}

// addItem decodes items[i] of a List, the value v on r's tape (raw its
// canonical form, or nil to render it), and appends it when it is a DC,
// an RC or a pod; an item without a kind has the kind the list's own kind
// implies (ReplicationControllerList: ReplicationController). Items of
// other kinds are skipped.
func (o *Objects) addItem(r *reader, v node, i int, implied string, raw dcplan.RawJSON) error {
	had := r.err != nil
	item := r.elem(v, "")
	k := r.str(item, "", "kind")
	r.under(had, "items", i, "")
	if r.err != nil {
		return r.err
	}
	if k == "" {
		k = implied
	}
	if !isItemKind(k) {
		return nil
	}
	if err := o.add(r.t, item, k, raw); err != nil {
		return fmt.Errorf("items[%d]: %w", i, err)
	}
	return nil
}

func isItemKind(k string) bool { return k == kindConfig || k == kindRC || k == kindPod }

// add decodes object m of the given kind on tape t (raw its canonical
// form, or nil to render it) and appends it.
func (o *Objects) add(t *jsontree.Tape, m node, kind string, raw dcplan.RawJSON) error {
	switch kind {
	case kindConfig:
		c, err := decodeConfigTape(t, m, false, raw, false)
		if err != nil {
			return err
		}
		o.Configs = append(o.Configs, c)
	case kindRC:
		d, err := decodeDeploymentTape(t, m, false, raw, nil)
		if err != nil {
			return err
		}
		o.Deployments = append(o.Deployments, d)
	default:
		p, err := decodePodTape(t, m, false, raw)
		if err != nil {
			return err
		}
		o.Pods = append(o.Pods, p)
	}
	return nil
}

// ErrAmbiguous reports a DC name that several namespaces of a document
// hold, asked for without a namespace.
var ErrAmbiguous = errors.New("wire: ambiguous deployment config")

// DecodeSnapshot builds the Snapshot of the DC namespace/config from a
// document DecodeList accepts, with Now = now and Settings = st: DecodeList
// then Objects.Snapshot.
func DecodeSnapshot(data []byte, namespace, config string, now time.Time, st dcplan.Settings) (dcplan.Snapshot, error) {
	objs, err := DecodeList(data)
	if err != nil {
		return dcplan.Snapshot{}, err
	}
	return objs.Snapshot(namespace, config, now, st)
}

// Snapshot builds the Snapshot of the DC namespace/config from decoded
// objects, with Now = now and Settings = st. Rules, in order:
//  1. Config is the DC named config in namespace ("" matches any
//     namespace). None is an error wrapping dcplan.ErrNotFound; with an
//     empty namespace, the name in several namespaces is an error wrapping
//     ErrAmbiguous that names them: two DCs of one name are never
//     confused.
//  2. Deployments are, in document order, the RCs in the DC's namespace
//     that name it (SPEC 3.2.2): label or annotation openshift.io/deployment-config.name
//     equal to config (the label is the selector of SPEC 5.11), or a
//     controller owner reference with the DC's UID.
//     (RCs owned by another controller are kept: claiming is the
//     planner's business, SPEC 3.3.)
//  3. Pods are, in document order, the pods in that namespace related to
//     one of those RCs: labelled openshift.io/deployer-pod-for.name with
//     its name, annotated openshift.io/deployment.name with its name, or
//     named DeployerPodName(rc).
//
// RCs and pods whose namespace is empty count as being in any namespace;
// the DC does not: its namespace is the snapshot's, which the requests'
// paths take, so one without metadata.namespace (a manifest, say) is
// found only when namespace is "". The snapshot is not validated:
// planners do that.
func (o Objects) Snapshot(namespace, config string, now time.Time, st dcplan.Settings) (dcplan.Snapshot, error) {
	var matches []int
	for i, c := range o.Configs {
		if c.Name == config && (namespace == "" || c.Namespace == namespace) {
			matches = append(matches, i)
		}
	}
	switch {
	case len(matches) == 0 && namespace != "":
		return dcplan.Snapshot{}, fmt.Errorf("%w: deployment config %s/%s is not in the document%s", dcplan.ErrNotFound, namespace, config, elsewhere(o.Configs, config))
	case len(matches) == 0:
		return dcplan.Snapshot{}, fmt.Errorf("%w: deployment config %q is not in the document", dcplan.ErrNotFound, config)
	case len(matches) > 1:
		var nss []string
		for _, i := range matches {
			nss = append(nss, o.Configs[i].Namespace)
		}
		return dcplan.Snapshot{}, fmt.Errorf("%w: deployment config %q is in several namespaces (%s): name one", ErrAmbiguous, config, strings.Join(nss, ", "))
	}
	cfg := o.Configs[matches[0]]
	sameNS := func(ns string) bool { return ns == "" || cfg.Namespace == "" || ns == cfg.Namespace }
	s := dcplan.Snapshot{Now: now, Config: cfg, Settings: st}
	rcs := map[string]bool{}
	deployers := map[string]bool{}
	ours := func(d *dcplan.Deployment) bool {
		owned := d.HasController && cfg.UID != "" && d.Controller.UID == cfg.UID
		return sameNS(d.Namespace) && (d.ConfigLabel == config || d.ConfigName == config || owned)
	}
	n := 0
	for i := range o.Deployments {
		if ours(&o.Deployments[i]) {
			n++
		}
	}
	if n > 0 {
		s.Deployments = make([]dcplan.Deployment, 0, n) // the snapshot keeps it: no slack
	}
	for _, d := range o.Deployments {
		if ours(&d) {
			s.Deployments = append(s.Deployments, d)
			rcs[d.Name] = true
			deployers[dcplan.DeployerPodName(d.Name)] = true
		}
	}
	for _, p := range o.Pods {
		if sameNS(p.Namespace) && (rcs[p.DeployerFor] || rcs[p.DeploymentName] || deployers[p.Name]) {
			s.Pods = append(s.Pods, p)
		}
	}
	return s, nil
}

// elsewhere tells, for the error of a DC not found in the namespace asked
// for, the namespaces of the document's DCs of that name, a DC without
// one as `"" (none given)`, which namespace "" finds: "" when there are
// none.
func elsewhere(configs []dcplan.Config, name string) string {
	var nss []string
	for _, c := range configs {
		if c.Name != name {
			continue
		}
		ns := c.Namespace
		if ns == "" {
			ns = `"" (none given)`
		}
		if !slices.Contains(nss, ns) {
			nss = append(nss, ns)
		}
	}
	if len(nss) == 0 {
		return ""
	}
	return fmt.Sprintf(" (it holds %q in namespace %s)", name, strings.Join(nss, ", "))
}
