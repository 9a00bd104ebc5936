package gen_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
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

// TestGenSnapshotTimes holds the package doc's words on time: Now at or
// after fake.Epoch, creation times (when set) in the 20 minutes up to
// fake.Epoch, a pod's start at or after its creation. (The doc used to say
// that every time is at or after fake.Epoch; nearly every creation time is
// before it.)
func TestGenSnapshotTimes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		if s.Now.Before(fake.Epoch) {
			t.Fatalf("Now %v is before Epoch", s.Now)
		}
		created := func(what string, at time.Time) {
			if at.Before(fake.Epoch.Add(-20*time.Minute)) || at.After(fake.Epoch) {
				t.Fatalf("%s created at %v, want within the 20 minutes up to Epoch", what, at)
			}
		}
		for _, d := range s.Deployments {
			if !d.CreationTime.IsZero() {
				created("RC "+d.Name, d.CreationTime)
			}
		}
		for _, p := range s.Pods {
			created("pod "+p.Name, p.CreationTime)
			if !p.StartTime.IsZero() && p.StartTime.Before(p.CreationTime) {
				t.Fatalf("pod %s started at %v, before its creation at %v", p.Name, p.StartTime, p.CreationTime)
			}
		}
	})
}
