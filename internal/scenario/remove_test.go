package scenario

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRemoveKeepsNormalForm: removing the last rc and the last pod leaves
// the snapshot that the state without them parses to (nil lists, the
// normal form of README.md), not empty slices that compare differently.
func TestRemoveKeepsNormalForm(t *testing.T) {
	env := NewEnv()
	for _, c := range []*Case{
		{Cmd: "snapshot", Input: []string{"dc web", "rc web-1", "pod web-1-deploy"}},
		{Cmd: "remove", Args: []Arg{{Key: "rc"}, {Key: "web-1"}}},
		{Cmd: "remove", Args: []Arg{{Key: "pod"}, {Key: "web-1-deploy"}}},
	} {
		c.Env = env
		if got := env.Handle(t, c); got != "ok\n" {
			t.Fatalf("%s: %q", c.Cmd, got)
		}
	}
	want, err := ParseState([]string{"dc web"})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, env.Snapshot); d != "" {
		t.Errorf("snapshot after removing everything (-want +got):\n%s", d)
	}
}
