package gen_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/gen"
)

func TestGenSnapshotIsValid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		if err := s.Validate(); err != nil {
			t.Fatalf("generated snapshot is invalid: %v", err)
		}
	})
}

func TestGenSnapshotCloneIsDeep(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		reference := s.Clone()
		if d := cmp.Diff(s, reference); d != "" {
			t.Fatalf("Clone() differs (-orig +clone):\n%s", d)
		}
		// Scribble over every slice of a second clone: s must not change.
		c := s.Clone()
		scribble := func(tpl *dcplan.Template) {
			for j := range tpl.Raw {
				tpl.Raw[j] = 'x'
			}
			for j := range tpl.Containers {
				tpl.Containers[j].Image = "scribbled"
			}
		}
		scribble(&c.Config.Template)
		for i := range c.Deployments {
			scribble(&c.Deployments[i].Template)
			if c.Deployments[i].Encoded != nil {
				scribble(&c.Deployments[i].Encoded.Template)
			}
		}
		for i := range c.Pods {
			for j := range c.Pods[i].Owners {
				c.Pods[i].Owners[j].UID = "scribbled"
			}
		}
		if d := cmp.Diff(reference, s); d != "" {
			t.Fatalf("writing to a clone changed the original (-want +got):\n%s", d)
		}
	})
}
