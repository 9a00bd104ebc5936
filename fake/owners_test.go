package fake_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// createHookPod stores the pod ns/web-1-hook, owned by the RC web-1
// (uid rc-uid).
func createHookPod(t *testing.T, w *fake.World) {
	t.Helper()
	if err := w.CreatePodObject(dcplan.Pod{Namespace: "ns", Name: "web-1-hook", DeploymentName: "web-1",
		Owners: []dcplan.OwnerRef{{APIVersion: "v1", Kind: "ReplicationController", Name: "web-1", UID: "rc-uid"}}}); err != nil {
		t.Fatal(err)
	}
}

// TestWorldRefusesOwnerRefsWithoutUID pins the World's answer to an object
// whose owner reference has no UID, and to a UID changed by an update: an
// error wrapping ErrInvalid and no write. Before, an RC built from a DC the
// World had not stored yet (so with an empty UID) was stored, never
// recognised by the DC controller as its own, and the simulator retried
// creating it ("already exists") for ever.
func TestWorldRefusesOwnerRefsWithoutUID(t *testing.T) {
	unstored := fake.NewConfig("ns", "web", 2)
	unstored.Status.LatestVersion = 1
	tests := []struct {
		name  string
		why   string
		write func(t *testing.T, w *fake.World) error
		want  error // nil or fake.ErrInvalid
	}{
		{
			name: "rc from unstored dc",
			why:  "NewDeployment copies the DC's empty UID into the RC's controller reference",
			write: func(t *testing.T, w *fake.World) error {
				d, err := dcplan.NewDeployment(&unstored)
				if err != nil {
					t.Fatal(err)
				}
				return w.CreateDeployment(d)
			},
			want: fake.ErrInvalid,
		},
		{
			name: "rc from stored dc",
			why:  "the stored DC has the UID the World gave it",
			write: func(t *testing.T, w *fake.World) error {
				c, _ := w.Config("ns", "web")
				d, err := dcplan.NewDeployment(&c)
				if err != nil {
					t.Fatal(err)
				}
				return w.CreateDeployment(d)
			},
		},
		{
			name: "orphan rc",
			why:  "an RC without a controller has no owner reference to check",
			write: func(t *testing.T, w *fake.World) error {
				return w.CreateDeployment(dcplan.Deployment{Namespace: "ns", Name: "web-1", ConfigName: "web", Version: 1})
			},
		},
		{
			name: "pod owner without uid",
			why:  "every owner reference of a pod needs a UID",
			write: func(t *testing.T, w *fake.World) error {
				return w.CreatePodObject(dcplan.Pod{Namespace: "ns", Name: "web-1-deploy", DeploymentName: "web-1",
					Owners: []dcplan.OwnerRef{{APIVersion: "v1", Kind: "ReplicationController", Name: "web-1"}}})
			},
			want: fake.ErrInvalid,
		},
		{
			name: "rc update drops controller uid",
			why:  "an update is checked like a create",
			write: func(t *testing.T, w *fake.World) error {
				c, _ := w.Config("ns", "web")
				d, _ := dcplan.NewDeployment(&c)
				if err := w.CreateDeployment(d); err != nil {
					t.Fatal(err)
				}
				return w.UpdateDeployment("ns", "web-1", func(d *dcplan.Deployment) error {
					d.Controller.UID = ""
					return nil
				})
			},
			want: fake.ErrInvalid,
		},
		{
			name: "rc update changes uid",
			why:  "metadata.uid is immutable for an RC too",
			write: func(t *testing.T, w *fake.World) error {
				if err := w.CreateDeployment(dcplan.Deployment{Namespace: "ns", Name: "web-1", ConfigName: "web", Version: 1}); err != nil {
					t.Fatal(err)
				}
				return w.UpdateDeployment("ns", "web-1", func(d *dcplan.Deployment) error {
					d.UID = "another-uid"
					return nil
				})
			},
			want: fake.ErrInvalid,
		},
		{
			name: "pod update changes uid",
			why:  "metadata.uid is immutable for a pod too",
			write: func(t *testing.T, w *fake.World) error {
				createHookPod(t, w)
				return w.UpdatePod("ns", "web-1-hook", func(p *dcplan.Pod) error {
					p.UID = "another-uid"
					return nil
				})
			},
			want: fake.ErrInvalid,
		},
		{
			name: "pod update drops owner uid",
			why:  "a pod update is checked like a create: every owner reference needs a UID",
			write: func(t *testing.T, w *fake.World) error {
				createHookPod(t, w)
				return w.UpdatePod("ns", "web-1-hook", func(p *dcplan.Pod) error {
					p.Owners[0].UID = ""
					return nil
				})
			},
			want: fake.ErrInvalid,
		},
		{
			name: "dc update clears uid",
			why:  "metadata.uid is immutable, so a stored DC never loses its UID",
			write: func(t *testing.T, w *fake.World) error {
				return w.UpdateConfig("ns", "web", func(c *dcplan.Config) error {
					c.UID = ""
					return nil
				})
			},
			want: fake.ErrInvalid,
		},
		{
			name: "plan from a snapshot without dc uid",
			why:  "the create request of a plan made from a hand-built snapshot whose DC has no UID is refused, as the API server refuses an owner reference without a uid",
			write: func(t *testing.T, w *fake.World) error {
				s := dcplan.Snapshot{Now: fake.Epoch, Config: unstored}
				s.Config.Generation = 1
				plan := reconcile.Config(s)
				if len(plan.CreateRCs) != 1 {
					t.Fatalf("reconcile.Config() creates %d RCs, want 1:\n%s", len(plan.CreateRCs), dcplan.Describe(plan))
				}
				reqs, err := wire.Requests(s, dcplan.Plan{CreateRCs: plan.CreateRCs})
				if err != nil {
					t.Fatal(err)
				}
				_, err = w.Client().Do(context.Background(), reqs[0])
				if se := (*wire.StatusError)(nil); errors.As(err, &se) && se.Reason == dcplan.StatusInvalid {
					return fmt.Errorf("%w: create rc ns/web-1: %w", fake.ErrInvalid, err) // the server's answer: Invalid
				}
				return err
			},
			want: fake.ErrInvalid,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := fake.NewWorld(fake.Epoch)
			if err := w.CreateConfig(unstored); err != nil {
				t.Fatal(err)
			}
			err := tt.write(t, w)
			if !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
				t.Fatalf("error = %v, want %v (%s)", err, tt.want, tt.why)
			}
			if err != nil && !strings.Contains(err.Error(), "ns/web") {
				t.Errorf("error %q does not name the object", err)
			}
			if tt.want == nil {
				return
			}
			// The refused write left nothing behind: no pod, and no RC
			// other than one a step before the refusal created.
			if _, ok := w.Pod("ns", "web-1-deploy"); ok {
				t.Errorf("refused pod was stored")
			}
			if d, ok := w.Deployment("ns", "web-1"); ok && d.Controller.UID == "" && d.HasController {
				t.Errorf("RC with an empty controller UID was stored: %+v", d.Controller)
			}
			if c, _ := w.Config("ns", "web"); c.UID == "" {
				t.Errorf("stored DC has no UID")
			}
		})
	}
}

// TestWorldFillsConfigUID pins the other half of the rule: a DC stored
// without a UID gets one from the World's counter, the same in every World
// that stores the same objects in the same order, and RCs made from the
// stored DC are claimed, so the DC comes to rest.
func TestWorldFillsConfigUID(t *testing.T) {
	uidOf := func() string {
		w := fake.NewWorld(fake.Epoch)
		if err := w.CreateConfig(fake.NewConfig("ns", "web", 1)); err != nil {
			t.Fatal(err)
		}
		c, _ := w.Config("ns", "web")
		return c.UID
	}
	a, b := uidOf(), uidOf()
	if a == "" || a != b {
		t.Fatalf("stored DC UIDs = %q and %q, want one non-empty UID", a, b)
	}

	s := fake.NewSim(fake.Options{Seed: 1})
	c := fake.NewConfig("ns", "web", 2)
	c.Status.LatestVersion = 1
	if err := s.AddConfig(c); err != nil {
		t.Fatal(err)
	}
	stored, _ := s.World().Config("ns", "web")
	d, err := dcplan.NewDeployment(&stored)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.World().CreateDeployment(d); err != nil {
		t.Fatalf("CreateDeployment() of an RC made from the stored DC: %v", err)
	}
	if _, err := s.Stabilize(20); err != nil {
		t.Fatalf("Stabilize() error = %v\n%s", err, s.Trace())
	}
	if strings.Contains(s.Trace(), "already exists") {
		t.Errorf("the DC controller did not claim web-1:\n%s", s.Trace())
	}
	if got, want := summary(s.World(), "ns", "web"), "dc web v1 replicas=2 | web-1 Complete 2/2"; got != want {
		t.Errorf("summary = %q, want %q\n%s", got, want, s.Trace())
	}
}
