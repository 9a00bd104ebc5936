package fake_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

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
