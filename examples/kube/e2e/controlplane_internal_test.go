package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// TestRemoveStale: of the control plane directories under a base, only
// the one whose owner file names a process of this pid namespace that is
// gone is removed; the one of a running process (this one), the one of
// another pid namespace and the one without an owner file stay.
func TestRemoveStale(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	ns, err := os.Readlink("/proc/self/ns/pid")
	if err != nil {
		t.Fatal(err)
	}
	self, err := selfOwner()
	if err != nil {
		t.Fatal(err)
	}
	dead := strconv.Itoa(cmd.Process.Pid) + " 1 " + ns + "\n"
	// A reused pid: this process's pid with another start time.
	reused := strconv.Itoa(os.Getpid()) + " 1 " + ns + "\n"
	owners := map[string]string{
		"dead":     dead,
		"reused":   reused,
		"live":     self,
		"other-ns": strconv.Itoa(cmd.Process.Pid) + " 1 pid:[1]\n",
		"no-owner": "",
	}
	for name, owner := range owners {
		dir := filepath.Join(base, dirPrefix+name)
		if err := os.MkdirAll(filepath.Join(dir, "etcd-data"), 0o755); err != nil {
			t.Fatal(err)
		}
		if owner != "" {
			if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(owner), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	removed, err := removeStale(base)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(base, dirPrefix+"dead"), filepath.Join(base, dirPrefix+"reused")}
	slices.Sort(removed)
	if !slices.Equal(removed, want) {
		t.Errorf("removeStale = %v, want %v", removed, want)
	}
	for name := range owners {
		_, err := os.Stat(filepath.Join(base, dirPrefix+name))
		if gone := os.IsNotExist(err); gone != slices.Contains(want, filepath.Join(base, dirPrefix+name)) {
			t.Errorf("%s: removed %v", name, gone)
		}
	}
}
