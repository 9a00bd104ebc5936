package fake_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// A DC rolls out on a fault-free simulator; the world comes to rest.
func ExampleSim() {
	s := fake.NewSim(fake.Options{Seed: 1})
	if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
		panic(err)
	}
	passes, err := s.Stabilize(20)
	fmt.Println(passes > 0, err)
	d, _ := s.World().Deployment("ns", "web-1")
	fmt.Println(d.Name, d.Phase, d.Replicas)
	// Output:
	// true <nil>
	// web-1 Complete 2
}

// A World is an API server too (World.Client): a write planned from a
// stale read carries the resourceVersion it read, and is refused with
// Conflict.
func ExampleWorld_Client() {
	w := fake.NewWorld(fake.Epoch)
	c := fake.NewConfig("ns", "web", 1)
	c.Status.LatestVersion = 1
	_ = w.CreateConfig(c)
	c, _ = w.Config("ns", "web")
	d, _ := wire.NewDeployment(c)
	_ = w.CreateDeployment(d)
	snap, _ := w.Snapshot("ns", "web", fake.Epoch, dcplan.Settings{})

	// Someone else scales web-1 after the snapshot was read.
	_ = w.UpdateDeployment("ns", "web-1", func(d *dcplan.Deployment) error { d.Replicas = 5; return nil })

	reqs, _ := wire.Requests(snap, dcplan.Plan{Scales: []dcplan.Scale{{RC: "web-1", From: 0, To: 1}}})
	_, err := w.Client().Do(context.Background(), reqs[0])
	var se *wire.StatusError
	fmt.Println(errors.As(err, &se), se.Reason)
	// Output:
	// true Conflict
}

// Invariants name the rule they check, and judge the live world.
func ExampleCheckState() {
	c := fake.NewConfig("ns", "web", 1)
	c.Status.LatestVersion = 2
	w := fake.ConfigState{Config: c, Deployments: []dcplan.Deployment{
		{Name: "web-1", Version: 1, Phase: dcplan.PhaseRunning, ConfigLabel: "web"},
		{Name: "web-2", Version: 2, Phase: dcplan.PhaseNew, ConfigLabel: "web"},
	}}
	fmt.Println(fake.OneRolloutInFlight(w))
	// Output:
	// 2 rollouts in flight: web-1, web-2
}

func ExampleParseFaults() {
	f, err := fake.ParseFaults("conflict=0.1,stale=2")
	fmt.Println(f, err)
	// Output:
	// conflict=0.1,stale=2 <nil>
}
