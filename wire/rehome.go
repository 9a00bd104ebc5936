package wire

import (
	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
)

// A decoder reads the strings of a document as views of one string
// holding it (see reader): no allocation per string while decoding. What
// it keeps must not hold the document alive, so once an object is decoded
// rehome moves every string it keeps into one string of their own: one
// allocation for all of them, exactly their size, instead of one
// allocation per string (with the tape's numbers no longer boxed either,
// BenchmarkDecodeDeployment went from 130 to 51 allocs, CPU time within
// noise).
//
// The walks below name every string field of the decoded types, and each
// visits them in one fixed order, so that the copying pass and the
// assigning pass agree. TestDecodedStringsOwnTheirBytes fails when a field
// is missed (the document then stays alive).
//
// The strings that many objects hold alike and that the planners compare
// on every pass are interned instead (shared, through Intern's table):
// namespaces, the DC's name and UID wherever an RC names its DC (the
// config label and annotation, the controller reference), owner kinds
// and API versions, template hashes, containers, and the identity,
// labels, selector and triggers of the DC an RC encodes. Equal interned
// strings have one data pointer, and Go's string equality returns on
// equal pointers before it reads a byte, so the DC controller's claim
// walk compares an RC's owner UID and config label with the DC's without
// loading either string (BenchmarkConfig, cpu-ns/op, old and new
// alternating, medians of 6 on a busy host: steady 2.02 -> 1.42 µs at 100
// RCs, 18.0 -> 11.8 µs at 1 000; scale 3.98 -> 3.11 µs and 27.3 ->
// 20.3 µs), and the RCs of one DC keep one copy of each instead of one
// apiece. Strings of one object alone (its own name, UID, resource
// version, messages, its own template's labels and hash) are still
// copied: interning them would cost a table entry per object and churn
// the bounded table (see Intern).

// rehomer is the walk's visitor: its first pass (sizing) gathers the
// bytes of every string, its second gives each string its part of them.
// A struct rather than a func value, so that nothing of it is allocated.
type rehomer struct {
	buf    *[]byte
	b      []byte
	all    string
	off    int
	assign bool
}

// shared visits one string field that many objects hold alike: the
// assigning pass interns it (the intern table copies it out of the
// document the first time it is seen; rehome holds the table's lock);
// the sizing pass leaves it out. A string longer than maxShared is no
// identity (a strategy annotation's value, say) and is visited as str
// visits it: the table holds its strings strongly, so interning it would
// keep it alive long after the objects holding it are gone.
func (h *rehomer) shared(s *string) {
	if len(*s) > maxShared {
		h.str(s)
		return
	}
	if h.assign && *s != "" {
		*s = shared.get(*s)
	}
}

// maxShared is the longest string rehome interns: names, UIDs, label
// values and image references are shorter, and the intern table's two
// generations then hold at most 2 × 16 384 × 512 bytes (16 MB).
const maxShared = 512

// str visits one string field.
func (h *rehomer) str(s *string) {
	n := len(*s)
	if !h.assign {
		h.b = append(h.b, *s...)
		return
	}
	if n > 0 {
		*s = h.all[h.off : h.off+n]
	}
	h.off += n
}

// rehome moves every string of v (a *dcplan.Deployment, *dcplan.Config
// or *dcplan.Pod) into one string of their own: a sizing pass over its
// string fields, then an assigning one.
func rehome(v any) {
	var h rehomer
	h.start()
	h.visit(v)
	h.turn()
	shared.mu.Lock()
	h.visit(v)
	shared.mu.Unlock()
}

// visit walks the string fields of v (see rehome).
func (h *rehomer) visit(v any) {
	switch v := v.(type) {
	case *dcplan.Deployment:
		visitDeployment(v, h)
	case *dcplan.Config:
		visitConfig(v, h)
	case *dcplan.Pod:
		visitPod(v, h)
	default:
		panic("wire: rehome of a value that holds no decoded strings")
	}
}

// start begins the sizing pass, gathering into pooled scratch.
func (h *rehomer) start() {
	h.buf = jsontree.Scratch()
	h.b = (*h.buf)[:0]
}

// turn ends the sizing pass: the gathered bytes become one string, the
// scratch goes back, and the assigning pass begins.
func (h *rehomer) turn() {
	h.all = string(h.b)
	*h.buf = h.b
	jsontree.PutScratch(h.buf)
	h.buf, h.b, h.assign = nil, nil, true
}

func visitKeyValues(kvs []dcplan.KeyValue, h *rehomer) {
	for i := range kvs {
		h.str(&kvs[i].Key)
		h.str(&kvs[i].Value)
	}
}

// sharedKeyValues interns every key and value of kvs (see shared).
func sharedKeyValues(kvs []dcplan.KeyValue, h *rehomer) {
	for i := range kvs {
		h.shared(&kvs[i].Key)
		h.shared(&kvs[i].Value)
	}
}

// visitOwner visits an owner reference: its kind and API version are
// shared, and with shared its name and UID too (an RC's reference to its
// DC, which every RC of the DC holds).
func visitOwner(o *dcplan.OwnerRef, h *rehomer, shared bool) {
	h.shared(&o.APIVersion)
	h.shared(&o.Kind)
	if shared {
		h.shared(&o.UID)
		h.shared(&o.Name)
		return
	}
	h.str(&o.UID)
	h.str(&o.Name)
}

// visitTemplate visits a pod template: its containers are shared, and
// its labels and hash too unless own (an RC's own template, which
// carries the RC's name and version, so they are its alone; a DC's is
// shared by every RC that encodes it).
func visitTemplate(t *dcplan.Template, h *rehomer, own bool) {
	for i := range t.Containers {
		h.shared(&t.Containers[i].Name)
		h.shared(&t.Containers[i].Image)
	}
	if own {
		visitKeyValues(t.Labels, h)
		h.str(&t.Hash)
		return
	}
	sharedKeyValues(t.Labels, h)
	h.shared(&t.Hash)
}

func visitDeployment(d *dcplan.Deployment, h *rehomer) {
	h.str(&d.Name)
	h.shared(&d.Namespace)
	h.shared(&d.ConfigLabel)
	visitOwner(&d.Controller, h, true)
	h.str(&d.UID)
	h.str(&d.ResourceVersion)
	h.shared(&d.ConfigName)
	h.str(&d.Reason)
	h.str(&d.PhaseSpelling)
	h.str(&d.DeployerPodName)
	h.str(&d.RetriedPod)
	visitTemplate(&d.Template, h, true)
}

func visitConfig(c *dcplan.Config, h *rehomer) {
	h.shared(&c.Namespace)
	h.shared(&c.Name)
	h.shared(&c.UID)
	h.str(&c.ResourceVersion)
	h.shared(&c.IgnoreDeployerPodValue)
	sharedKeyValues(c.Labels, h)
	sharedKeyValues(c.Selector, h)
	for i := range c.Triggers {
		t := &c.Triggers[i]
		h.shared(&t.OtherType)
		for j := range t.ContainerNames {
			h.shared(&t.ContainerNames[j])
		}
		h.shared(&t.FromKind)
		h.shared(&t.FromNamespace)
		h.shared(&t.FromName)
		h.shared(&t.LastTriggeredImage)
	}
	st := &c.Status
	h.str(&st.Details.Message)
	for i := range st.Details.Causes {
		h.str(&st.Details.Causes[i].Image)
		h.str(&st.Details.Causes[i].OtherType)
		h.str(&st.Details.Causes[i].FromKind)
		h.str(&st.Details.Causes[i].FromNamespace)
	}
	for i := range st.Conditions {
		h.str(&st.Conditions[i].OtherReason)
		h.str(&st.Conditions[i].OtherType)
		h.str(&st.Conditions[i].OtherStatus)
		h.str(&st.Conditions[i].Message)
	}
	s := &c.Strategy
	h.str(&s.MaxSurge.Str)
	h.str(&s.MaxUnavailable.Str)
	h.str(&s.CustomImage)
	for i := range s.CustomCommand {
		h.str(&s.CustomCommand[i])
	}
	for i := range s.CustomEnv {
		h.str(&s.CustomEnv[i].Name)
		h.str(&s.CustomEnv[i].Value)
	}
	sharedKeyValues(s.Labels, h)
	sharedKeyValues(s.Annotations, h)
	visitTemplate(&c.Template, h, false)
}

func visitPod(p *dcplan.Pod, h *rehomer) {
	h.shared(&p.Namespace)
	h.str(&p.Name)
	h.str(&p.UID)
	h.str(&p.ResourceVersion)
	h.str(&p.DeploymentName)
	h.str(&p.DeployerFor)
	for i := range p.Owners {
		visitOwner(&p.Owners[i], h, false)
	}
	for i := range p.Containers {
		h.str(&p.Containers[i].Name)
	}
}
