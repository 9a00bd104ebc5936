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
	h.visit(v)
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

func visitOwner(o *dcplan.OwnerRef, h *rehomer) {
	h.str(&o.UID)
	h.str(&o.APIVersion)
	h.str(&o.Kind)
	h.str(&o.Name)
}

func visitTemplate(t *dcplan.Template, h *rehomer) {
	for i := range t.Containers {
		h.str(&t.Containers[i].Name)
		h.str(&t.Containers[i].Image)
	}
	visitKeyValues(t.Labels, h)
	h.str(&t.Hash)
}

func visitDeployment(d *dcplan.Deployment, h *rehomer) {
	h.str(&d.Name)
	h.str(&d.Namespace)
	h.str(&d.ConfigLabel)
	visitOwner(&d.Controller, h)
	h.str(&d.UID)
	h.str(&d.ResourceVersion)
	h.str(&d.ConfigName)
	h.str(&d.Reason)
	h.str(&d.DeployerPodName)
	h.str(&d.EncodedErr)
	visitTemplate(&d.Template, h)
	if d.Encoded != nil {
		visitConfig(d.Encoded, h)
	}
}

func visitConfig(c *dcplan.Config, h *rehomer) {
	h.str(&c.Namespace)
	h.str(&c.Name)
	h.str(&c.UID)
	h.str(&c.ResourceVersion)
	h.str(&c.IgnoreDeployerPodValue)
	visitKeyValues(c.Labels, h)
	visitKeyValues(c.Selector, h)
	for i := range c.Triggers {
		t := &c.Triggers[i]
		for j := range t.ContainerNames {
			h.str(&t.ContainerNames[j])
		}
		h.str(&t.FromKind)
		h.str(&t.FromNamespace)
		h.str(&t.FromName)
		h.str(&t.LastTriggeredImage)
	}
	st := &c.Status
	h.str(&st.Details.Message)
	for i := range st.Details.Causes {
		h.str(&st.Details.Causes[i].Image)
		h.str(&st.Details.Causes[i].FromKind)
		h.str(&st.Details.Causes[i].FromNamespace)
	}
	for i := range st.Conditions {
		h.str(&st.Conditions[i].OtherReason)
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
	visitKeyValues(s.Labels, h)
	visitKeyValues(s.Annotations, h)
	visitTemplate(&c.Template, h)
}

func visitPod(p *dcplan.Pod, h *rehomer) {
	h.str(&p.Namespace)
	h.str(&p.Name)
	h.str(&p.UID)
	h.str(&p.ResourceVersion)
	h.str(&p.DeploymentName)
	h.str(&p.DeployerFor)
	for i := range p.Owners {
		visitOwner(&p.Owners[i], h)
	}
	for i := range p.Containers {
		h.str(&p.Containers[i].Name)
	}
}
