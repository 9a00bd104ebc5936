package fake

import (
	"unique"

	"github.com/dcplan/dcplan"
)

// The decode cache interns the identity strings of decoded objects: the
// planners compare namespaces, owner names and UIDs, template hashes and
// images on every pass, and interned equal strings compare by pointer
// (Go's string equality returns early on equal data pointers) instead of
// byte by byte in memory the pass has not touched yet. Interning also lets
// the cached values of all the RCs of one DC share one copy of each.

func intern(s *string) {
	if *s != "" {
		*s = unique.Make(*s).Value()
	}
}

func internTemplate(t *dcplan.Template) {
	intern(&t.Hash)
	for i := range t.Containers {
		intern(&t.Containers[i].Name)
		intern(&t.Containers[i].Image)
	}
}

func internOwner(r *dcplan.OwnerRef) {
	intern(&r.APIVersion)
	intern(&r.Kind)
	intern(&r.Name)
	intern(&r.UID)
}

func internConfig(c *dcplan.Config) {
	intern(&c.Namespace)
	intern(&c.Name)
	intern(&c.UID)
	internTemplate(&c.Template)
}

func internDeployment(d *dcplan.Deployment) {
	intern(&d.Namespace)
	intern(&d.Name)
	intern(&d.ConfigLabel)
	intern(&d.ConfigName)
	intern(&d.DeployerPodName)
	internOwner(&d.Controller)
	internTemplate(&d.Template)
	if d.Encoded != nil {
		internConfig(d.Encoded)
	}
}

func internPod(p *dcplan.Pod) {
	intern(&p.Namespace)
	intern(&p.Name)
	intern(&p.DeploymentName)
	intern(&p.DeployerFor)
	for i := range p.Owners {
		internOwner(&p.Owners[i])
	}
}
