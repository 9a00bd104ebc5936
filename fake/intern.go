package fake

import (
	"unique"

	"github.com/dcplan/dcplan"
)

// The decode cache interns the names of decoded objects on top of what
// wire's decoders intern already (the strings many objects share:
// namespaces, the DC's name and UID in its RCs, owner kinds, template
// hashes, images; see wire's rehome.go). A cached value lives as long as
// its version, and the planners compare an RC's name with its pods'
// deployment annotation and deployer label and with the deployer pod name
// it records; interned, equal names compare by pointer (Go's string
// equality returns early on equal data pointers) instead of byte by byte
// in memory the pass has not touched yet. Names are left alone where the
// cache is off: an object's own name is held by it alone, and interning
// it costs a table entry per object for nothing.
//
// Names go through package unique rather than wire.Intern: a world holds
// one name per object, and that many would churn wire's bounded table of
// shared strings. unique's entries die with their last Handle, so a name
// decoded after a collection may be a copy of its own: equal all the same,
// only slower to compare.

func intern(s *string) {
	if *s != "" {
		*s = unique.Make(*s).Value()
	}
}

func internDeployment(d *dcplan.Deployment) {
	intern(&d.Name)
	intern(&d.DeployerPodName)
}

func internPod(p *dcplan.Pod) {
	intern(&p.Name)
	intern(&p.DeploymentName)
	intern(&p.DeployerFor)
	for i := range p.Owners {
		intern(&p.Owners[i].Name)
		intern(&p.Owners[i].UID)
	}
}
