package gen_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/gen"
)

// scribbleDeployment writes over every byte and string d shares through
// a slice or a pointer.
func scribbleDeployment(d *dcplan.Deployment) {
	scribble := func(tpl *dcplan.Template) {
		for j := range tpl.Raw {
			tpl.Raw[j] = 'x'
		}
		for j := range tpl.Containers {
			tpl.Containers[j].Image = "scribbled"
		}
	}
	scribble(&d.Template)
	for j := range d.Raw {
		d.Raw[j] = 'x'
	}
	if d.Encoded != nil {
		scribble(&d.Encoded.Template)
		d.Encoded.Name = "scribbled"
		for j := range d.Encoded.Labels {
			d.Encoded.Labels[j].Value = "scribbled"
		}
	}
}

// TestReorderSharesNoMemory: the package doc promises that generated
// values share no memory with the arguments. Reorder's RCs used to be the
// argument's RCs copied shallowly, so writing to a reordered RC's template
// or encoded config wrote to the caller's.
func TestReorderSharesNoMemory(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		want := s.Clone()
		out := gen.Reorder(s.Deployments).Draw(t, "order")
		for i := range out {
			scribbleDeployment(&out[i])
		}
		if d := cmp.Diff(want.Deployments, s.Deployments); d != "" {
			t.Fatalf("writing to Reorder's result changed its argument (-want +got):\n%s", d)
		}
	})
}

// TestArgumentsUnchangedAndUnshared holds the package doc's promise for
// every function with arguments: Deployment, Pod and Reorder leave their
// arguments as they were, and writing to what they draw leaves the
// arguments as they were too.
func TestArgumentsUnchangedAndUnshared(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		want := s.Clone()
		d := gen.Deployment(s.Config, 3).Draw(t, "rc")
		if len(s.Deployments) > 0 {
			p := gen.Pod(s.Deployments[0]).Draw(t, "pod")
			for j := range p.Owners {
				p.Owners[j].UID = "scribbled"
			}
			for j := range p.Containers {
				p.Containers[j].Name = "scribbled"
			}
		}
		out := gen.Reorder(s.Deployments).Draw(t, "order")
		if d := cmp.Diff(want, s); d != "" {
			t.Fatalf("drawing changed the arguments (-want +got):\n%s", d)
		}
		scribbleDeployment(&d)
		for i := range out {
			scribbleDeployment(&out[i])
		}
		if d := cmp.Diff(want, s); d != "" {
			t.Fatalf("writing to drawn values changed the arguments (-want +got):\n%s", d)
		}
	})
}
