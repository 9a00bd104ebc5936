package fake_test

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestWorldRefusesInvalidWrites pins that every create and update method
// of World refuses an object dcplan's rules for one object reject (an RC
// or DC with replicas below zero, a pod without a name) with an error
// wrapping fake.ErrInvalid and dcplan.ErrInvalidSnapshot, and stores
// nothing: the object keeps its stored bytes, or stays absent.
func TestWorldRefusesInvalidWrites(t *testing.T) {
	tests := []struct {
		name      string
		kind      fake.Kind
		obj       string // the object the write names
		write     func(w *fake.World) error
		wantStore bool // whether the object was stored before the write
	}{
		{name: "create rc", kind: fake.KindRC, obj: "web-7", write: func(w *fake.World) error {
			return w.CreateDeployment(dcplan.Deployment{Namespace: "ns", Name: "web-7", ConfigName: "web", Version: 7, Replicas: -3})
		}},
		{name: "update rc", kind: fake.KindRC, obj: "web-1", wantStore: true, write: func(w *fake.World) error {
			return w.UpdateDeployment("ns", "web-1", func(d *dcplan.Deployment) error { d.Replicas = -3; return nil })
		}},
		{name: "create dc", kind: fake.KindConfig, obj: "api", write: func(w *fake.World) error {
			return w.CreateConfig(fake.NewConfig("ns", "api", -1))
		}},
		{name: "update dc", kind: fake.KindConfig, obj: "web", wantStore: true, write: func(w *fake.World) error {
			return w.UpdateConfig("ns", "web", func(c *dcplan.Config) error { c.Replicas = -1; return nil })
		}},
		{name: "update pod", kind: fake.KindPod, obj: "web-1-deploy", wantStore: true, write: func(w *fake.World) error {
			return w.UpdatePod("ns", "web-1-deploy", func(p *dcplan.Pod) error { p.Name = ""; return nil })
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := worldWithRC(t)
			before, stored := w.Wire(tt.kind, "ns", tt.obj)
			if stored != tt.wantStore {
				t.Fatalf("%s stored %v before the write, want %v", tt.obj, stored, tt.wantStore)
			}
			err := tt.write(w)
			if !errors.Is(err, fake.ErrInvalid) || !errors.Is(err, dcplan.ErrInvalidSnapshot) {
				t.Errorf("%s = %v, want an error wrapping fake.ErrInvalid and dcplan.ErrInvalidSnapshot", tt.name, err)
			}
			after, ok := w.Wire(tt.kind, "ns", tt.obj)
			if ok != tt.wantStore || string(after) != string(before) {
				t.Errorf("%s refused, yet %s is %s (stored %v), was %s", tt.name, tt.obj, after, ok, before)
			}
		})
	}
}

// TestWorldMissingObjectIsNotFound pins that updating or deleting an
// object the World does not hold returns an error wrapping
// dcplan.ErrNotFound that names it, and writes nothing.
func TestWorldMissingObjectIsNotFound(t *testing.T) {
	tests := []struct {
		name, want string
		do         func(w *fake.World) error
	}{
		{name: "update dc", want: "fake: dc ns/api: dcplan: not found", do: func(w *fake.World) error {
			return w.UpdateConfig("ns", "api", func(*dcplan.Config) error { return nil })
		}},
		{name: "update rc", want: "fake: rc ns/web-9: dcplan: not found", do: func(w *fake.World) error {
			return w.UpdateDeployment("ns", "web-9", func(*dcplan.Deployment) error { return nil })
		}},
		{name: "update pod", want: "fake: pod ns/web-9-deploy: dcplan: not found", do: func(w *fake.World) error {
			return w.UpdatePod("ns", "web-9-deploy", func(*dcplan.Pod) error { return nil })
		}},
		{name: "delete rc", want: "fake: rc ns/web-9: dcplan: not found", do: func(w *fake.World) error {
			return w.Delete(fake.KindRC, "ns", "web-9")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := worldWithConfig(t)
			seq := w.Seq()
			err := tt.do(w)
			if !errors.Is(err, dcplan.ErrNotFound) || err.Error() != tt.want {
				t.Errorf("%s of a missing object = %v, want %q wrapping dcplan.ErrNotFound", tt.name, err, tt.want)
			}
			if w.Seq() != seq {
				t.Errorf("%s of a missing object wrote: seq %d, want %d", tt.name, w.Seq(), seq)
			}
		})
	}
}

// TestWorldUpdateRefusesRename pins that an update changing the object's
// name or namespace is refused with an error wrapping fake.ErrInvalid and
// stores nothing, as the API server refuses a body naming another object
// than the URL: before, the World stored bytes naming ns/other under the
// key ns/web, so World.Config("ns", "web") returned a DC named other.
func TestWorldUpdateRefusesRename(t *testing.T) {
	tests := []struct {
		name  string
		kind  fake.Kind
		obj   string
		write func(w *fake.World) error
	}{
		{"dc name", fake.KindConfig, "web", func(w *fake.World) error {
			return w.UpdateConfig("ns", "web", func(c *dcplan.Config) error { c.Name = "other"; return nil })
		}},
		{"dc namespace", fake.KindConfig, "web", func(w *fake.World) error {
			return w.UpdateConfig("ns", "web", func(c *dcplan.Config) error { c.Namespace = "other"; return nil })
		}},
		{"rc name", fake.KindRC, "web-1", func(w *fake.World) error {
			return w.UpdateDeployment("ns", "web-1", func(d *dcplan.Deployment) error { d.Name = "web-2"; return nil })
		}},
		{"rc namespace", fake.KindRC, "web-1", func(w *fake.World) error {
			return w.UpdateDeployment("ns", "web-1", func(d *dcplan.Deployment) error { d.Namespace = "other"; return nil })
		}},
		{"pod name", fake.KindPod, "web-1-deploy", func(w *fake.World) error {
			return w.UpdatePod("ns", "web-1-deploy", func(p *dcplan.Pod) error { p.Name = "web-2-deploy"; return nil })
		}},
		{"pod namespace", fake.KindPod, "web-1-deploy", func(w *fake.World) error {
			return w.UpdatePod("ns", "web-1-deploy", func(p *dcplan.Pod) error { p.Namespace = "other"; return nil })
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := worldWithRC(t)
			before, _ := w.Wire(tt.kind, "ns", tt.obj)
			if err := tt.write(w); !errors.Is(err, fake.ErrInvalid) {
				t.Errorf("%s = %v, want an error wrapping fake.ErrInvalid", tt.name, err)
			}
			if after, _ := w.Wire(tt.kind, "ns", tt.obj); string(after) != string(before) {
				t.Errorf("%s refused, yet %s is %s, was %s", tt.name, tt.obj, after, before)
			}
		})
	}
}

// worldWithRC is worldWithConfig's world with RC web-1 and its running
// deployer pod web-1-deploy stored.
func worldWithRC(t *testing.T) *fake.World {
	t.Helper()
	w := worldWithConfig(t)
	if err := w.CreateDeployment(dcplan.Deployment{Namespace: "ns", Name: "web-1", ConfigName: "web", Version: 1, Replicas: 1}); err != nil {
		t.Fatal(err)
	}
	if err := w.CreatePodObject(dcplan.Pod{Namespace: "ns", Name: "web-1-deploy", DeploymentName: "web-1", Phase: dcplan.PodRunning}); err != nil {
		t.Fatal(err)
	}
	return w
}
