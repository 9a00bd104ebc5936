package fake_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// worldWithConfig returns a World at fake.Epoch holding fake.NewConfig's
// DC ns/web.
func worldWithConfig(t *testing.T) *fake.World {
	t.Helper()
	w := fake.NewWorld(fake.Epoch)
	if err := w.CreateConfig(fake.NewConfig("ns", "web", 2)); err != nil {
		t.Fatal(err)
	}
	return w
}

// TestWorldUpdateConfigCountsSpecChanges: UpdateConfig bumps
// metadata.generation by one for a change of any spec field, as the API
// server does, and not for a change of status or labels (metadata).
func TestWorldUpdateConfigCountsSpecChanges(t *testing.T) {
	tests := []struct {
		name string
		edit func(c *dcplan.Config)
		bump bool
	}{
		{"replicas", func(c *dcplan.Config) { c.Replicas = 5 }, true},
		{"revisionHistoryLimit", func(c *dcplan.Config) { c.RevisionHistoryLimit = 9 }, true},
		{"revisionHistoryLimit unset", func(c *dcplan.Config) { c.HasRevisionHistoryLimit = false }, true},
		{"minReadySeconds", func(c *dcplan.Config) { c.MinReadySeconds = 10 }, true},
		{"test", func(c *dcplan.Config) { c.Test = true }, true},
		{"paused", func(c *dcplan.Config) { c.Paused = true }, true},
		{"selector", func(c *dcplan.Config) { c.Selector = []dcplan.KeyValue{{Key: "deploymentconfig", Value: "other"}} }, true},
		{"template", func(c *dcplan.Config) {
			c.Template = wire.TemplateFor(dcplan.Container{Name: "c0", Image: fake.Images[1]})
		}, true},
		{"strategy", func(c *dcplan.Config) { c.Strategy.MaxSurge.Str = "50%" }, true},
		{"triggers", func(c *dcplan.Config) { c.Triggers = nil }, true},
		{"status", func(c *dcplan.Config) { c.Status.LatestVersion = 1 }, false},
		{"labels", func(c *dcplan.Config) { c.Labels = []dcplan.KeyValue{{Key: "app", Value: "other"}} }, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := worldWithConfig(t)
			before, _ := w.Config("ns", "web")
			if err := w.UpdateConfig("ns", "web", func(c *dcplan.Config) error { tc.edit(c); return nil }); err != nil {
				t.Fatal(err)
			}
			after, _ := w.Config("ns", "web")
			want := before.Generation
			if tc.bump {
				want++
			}
			if after.Generation != want {
				t.Errorf("generation %d -> %d, want %d", before.Generation, after.Generation, want)
			}
			if after.ResourceVersion == before.ResourceVersion {
				t.Errorf("the update kept resourceVersion %s", after.ResourceVersion)
			}
		})
	}
}

// TestWorldUpdateUnchanged: an update function returning ErrUnchanged
// ends the update without a write (nil, the resourceVersion kept);
// another error is returned as is, also without a write.
func TestWorldUpdateUnchanged(t *testing.T) {
	boom := errors.New("boom")
	for _, tc := range []struct {
		err, want error
	}{{fake.ErrUnchanged, nil}, {boom, boom}} {
		w := worldWithConfig(t)
		before, _ := w.Config("ns", "web")
		err := w.UpdateConfig("ns", "web", func(c *dcplan.Config) error { c.Replicas = 9; return tc.err })
		if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
			t.Errorf("f returning %v: UpdateConfig = %v, want %v", tc.err, err, tc.want)
		}
		if after, _ := w.Config("ns", "web"); after.ResourceVersion != before.ResourceVersion || after.Replicas != 2 {
			t.Errorf("f returning %v wrote: resourceVersion %s -> %s, replicas %d", tc.err, before.ResourceVersion, after.ResourceVersion, after.Replicas)
		}
	}
}

// TestWorldCreateStamps: a create keeps what the caller set and stamps
// what it left zero: a DC's generation (1), an RC's and a pod's creation
// time (the World's clock); a taken name is AlreadyExists.
func TestWorldCreateStamps(t *testing.T) {
	w := worldWithConfig(t)
	if c, _ := w.Config("ns", "web"); c.Generation != 1 {
		t.Errorf("DC created without a generation: %d, want 1", c.Generation)
	}
	cfg := fake.NewConfig("ns", "api", 1)
	cfg.Generation = 4
	if err := w.CreateConfig(cfg); err != nil {
		t.Fatal(err)
	}
	if c, _ := w.Config("ns", "api"); c.Generation != 4 {
		t.Errorf("DC created at generation 4: %d", c.Generation)
	}

	set := fake.Epoch.Add(-time.Hour)
	for _, tc := range []struct {
		name  string
		read  func(name string) time.Time
		write func(name string, at time.Time) error
	}{
		{name: "rc", read: func(n string) time.Time { d, _ := w.Deployment("ns", n); return d.CreationTime },
			write: func(n string, at time.Time) error {
				return w.CreateDeployment(dcplan.Deployment{Namespace: "ns", Name: n, ConfigName: "web", Version: 1, CreationTime: at})
			}},
		{name: "pod", read: func(n string) time.Time { p, _ := w.Pod("ns", n); return p.CreationTime },
			write: func(n string, at time.Time) error {
				return w.CreatePodObject(dcplan.Pod{Namespace: "ns", Name: n, DeploymentName: "web-1", CreationTime: at})
			}},
	} {
		for _, at := range []time.Time{{}, set} {
			name := tc.name + "-" + map[bool]string{true: "stamped", false: "set"}[at.IsZero()]
			if err := tc.write(name, at); err != nil {
				t.Fatal(err)
			}
			want := at
			if at.IsZero() {
				want = fake.Epoch
			}
			if got := tc.read(name); !got.Equal(want) {
				t.Errorf("%s created with creation time %v: stored %v, want %v", tc.name, at, got, want)
			}
			if err := tc.write(name, at); !errors.Is(err, dcplan.ErrAlreadyExists) {
				t.Errorf("%s created twice: %v, want AlreadyExists", tc.name, err)
			}
		}
	}
	if err := w.CreateConfig(fake.NewConfig("ns", "web", 2)); !errors.Is(err, dcplan.ErrAlreadyExists) {
		t.Errorf("DC created twice: %v, want AlreadyExists", err)
	}
}

// TestWorldSnapshotFindsRCsEachWay: a DC's snapshot holds every RC that
// names it by any one of the three ways (config-name annotation, config
// label, controller owner reference with the DC's uid), and one naming it
// by none now (filed under it when created) is left out.
func TestWorldSnapshotFindsRCsEachWay(t *testing.T) {
	w := worldWithConfig(t)
	cfg, _ := w.Config("ns", "web")
	for _, d := range []dcplan.Deployment{
		{Namespace: "ns", Name: "by-annotation", ConfigName: "web", Version: 1},
		{Namespace: "ns", Name: "by-label", ConfigLabel: "web", Version: 2},
		{Namespace: "ns", Name: "by-owner", Version: 3, HasController: true,
			Controller: dcplan.OwnerRef{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: "web", UID: cfg.UID, Controller: true}},
		{Namespace: "ns", Name: "by-none", ConfigName: "web", Version: 4},
	} {
		if err := w.CreateDeployment(d); err != nil {
			t.Fatal(err)
		}
	}
	// Filed under web when created, it names another DC now.
	if err := w.UpdateDeployment("ns", "by-none", func(d *dcplan.Deployment) error { d.ConfigName = "api"; return nil }); err != nil {
		t.Fatal(err)
	}
	s, err := w.Snapshot("ns", "web", fake.Epoch, dcplan.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range s.Deployments {
		got = append(got, d.Name)
	}
	if want := []string{"by-annotation", "by-label", "by-owner"}; !slices.Equal(got, want) {
		t.Errorf("snapshot RCs %v, want %v", got, want)
	}
}

// TestWorldSnapshotListsAPodOnce: a pod related to two RCs of one DC (its
// deployment.name annotation names one, its deployer-pod-for label the
// other) is in the DC's snapshot once.
func TestWorldSnapshotListsAPodOnce(t *testing.T) {
	w := worldWithConfig(t)
	for v := range dcplan.Version(2) {
		if err := w.CreateDeployment(dcplan.Deployment{Namespace: "ns", Name: dcplan.DeploymentName("web", v+1), ConfigName: "web", Version: v + 1}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.CreatePodObject(dcplan.Pod{Namespace: "ns", Name: "web-2-deploy", DeploymentName: "web-1", DeployerFor: "web-2"}); err != nil {
		t.Fatal(err)
	}
	s, err := w.Snapshot("ns", "web", fake.Epoch, dcplan.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Pods) != 1 || s.Pods[0].Name != "web-2-deploy" {
		t.Errorf("snapshot pods %+v, want web-2-deploy once", s.Pods)
	}
}

// TestWorldKeepEventsBoundsEvents: with KeepEvents(n), Events returns at
// most the n most recent events, the same as the tail of an unbounded
// log (the log itself may hold up to 2n between trims).
func TestWorldKeepEventsBoundsEvents(t *testing.T) {
	run := func(keep int) []fake.Recorded {
		s := fake.NewSim(fake.Options{Seed: 1})
		s.World().KeepEvents(keep)
		if err := s.AddConfig(fake.NewConfig("ns", "web", 1)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Stabilize(20); err != nil {
			t.Fatal(err)
		}
		if err := s.RolloutLatest("ns", "web"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Stabilize(20); err != nil {
			t.Fatal(err)
		}
		return s.World().Events()
	}
	all := run(0)
	if len(all) < 2 {
		t.Fatalf("the run recorded %d events, want at least 2", len(all))
	}
	got := run(1)
	if len(got) != 1 || got[0] != all[len(all)-1] {
		t.Errorf("KeepEvents(1): Events() = %d events %v, want the last one %v", len(got), got, all[len(all)-1])
	}
}

// TestWorldSnapshotFollowsUpdatedLinks: an update that makes an RC name a
// DC (here its config-name label, as `oc label` sets it) puts the RC in
// that DC's snapshot, and one that makes a pod name an RC puts the pod
// in the snapshot, while a pod that no longer names the RC leaves it:
// the store filed objects only under the links they had when created.
func TestWorldSnapshotFollowsUpdatedLinks(t *testing.T) {
	w := worldWithConfig(t)
	if err := w.CreateConfig(fake.NewConfig("ns", "api", 1)); err != nil {
		t.Fatal(err)
	}
	for _, d := range []dcplan.Deployment{
		{Namespace: "ns", Name: "web-1", ConfigName: "web", Version: 1},
		{Namespace: "ns", Name: "stray", Version: 1},
		{Namespace: "ns", Name: "moved", ConfigName: "web", Version: 2},
	} {
		if err := w.CreateDeployment(d); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []dcplan.Pod{
		{Namespace: "ns", Name: "late"},
		{Namespace: "ns", Name: "gone", DeploymentName: "web-1"},
	} {
		if err := w.CreatePodObject(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.UpdateDeployment("ns", "stray", func(d *dcplan.Deployment) error { d.ConfigLabel = "web"; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := w.UpdateDeployment("ns", "moved", func(d *dcplan.Deployment) error { d.ConfigName = "api"; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := w.UpdatePod("ns", "late", func(p *dcplan.Pod) error { p.DeploymentName = "web-1"; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := w.UpdatePod("ns", "gone", func(p *dcplan.Pod) error { p.DeploymentName = ""; return nil }); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dc        string
		rcs, pods []string
	}{
		{"web", []string{"stray", "web-1"}, []string{"late"}},
		{"api", []string{"moved"}, nil},
	} {
		s, err := w.Snapshot("ns", tc.dc, fake.Epoch, dcplan.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		var rcs, pods []string
		for _, d := range s.Deployments {
			rcs = append(rcs, d.Name)
		}
		for _, p := range s.Pods {
			pods = append(pods, p.Name)
		}
		if !slices.Equal(rcs, tc.rcs) || !slices.Equal(pods, tc.pods) {
			t.Errorf("dc %s: snapshot RCs %v pods %v, want %v %v", tc.dc, rcs, pods, tc.rcs, tc.pods)
		}
	}
}
