package fake_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

func TestGenSnapshotIsValid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := fake.GenSnapshot().Draw(t, "snapshot")
		if err := s.Validate(); err != nil {
			t.Fatalf("generated snapshot is invalid: %v", err)
		}
	})
}

func TestGenSnapshotCloneIsDeep(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := fake.GenSnapshot().Draw(t, "snapshot")
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

func TestTemplateOfIsDeterministic(t *testing.T) {
	a := fake.TemplateOf("img:1", "img:2")
	b := fake.TemplateOf("img:1", "img:2")
	c := fake.TemplateOf("img:2", "img:1")
	if a.Hash != b.Hash {
		t.Errorf("equal templates hash differently: %s vs %s", a.Hash, b.Hash)
	}
	if a.Hash == c.Hash {
		t.Errorf("different templates share hash %s", a.Hash)
	}
	if fromCodec, err := wire.NewTemplate(a.Raw); err != nil || fromCodec.Hash != a.Hash {
		t.Errorf("TemplateOf hash %s differs from the codec's %s (err %v)", a.Hash, fromCodec.Hash, err)
	}
	if d := cmp.Diff([]dcplan.Container{{Name: "c0", Image: "img:1"}, {Name: "c1", Image: "img:2"}}, a.Containers); d != "" {
		t.Errorf("containers mismatch (-want +got):\n%s", d)
	}
}
