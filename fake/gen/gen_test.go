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

// TestGenSnapshotDrawsTwins: Snapshot sometimes draws two RCs with one
// version (issue 35 item 13), so that every property test and simulator
// run over its worlds meets them; before, it never did.
func TestGenSnapshotDrawsTwins(t *testing.T) {
	const draws = 1000 // about 7 % hold twins; 300 draws ran within sampling noise of the bar
	twins := 0
	for i := range draws {
		s := gen.Snapshot().Example(i)
		seen := map[dcplan.Version]bool{}
		for _, d := range s.Deployments {
			if d.Version > 0 && seen[d.Version] {
				twins++
				break
			}
			seen[d.Version] = true
		}
	}
	if twins < draws/20 {
		t.Errorf("%d of %d snapshots have two RCs of one version, want at least %d", twins, draws, draws/20)
	}
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
