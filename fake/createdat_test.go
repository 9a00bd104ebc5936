package fake_test

import (
	"context"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/wire"
)

// TestCreatedAtIsTheServersStamp: the deployer pass that creates the
// deployer pod writes the pod's creationTimestamp, as the server stamped
// it, into the RC's openshift.io/deployer-pod.created-at (SPEC 1.1,
// 4.3.new.4), not the planner's clock: here the server's clock runs 86 s
// ahead of the controller's, which reads nanoseconds (issue 35 item 21;
// a real kube-apiserver showed `...17:05:47.697209501` where upstream
// wrote `17:07:13`). The stamp comes from the create's answer
// (wire.Written), as upstream's from the object Create returns: the pass
// reads nothing back. The seeds write no created-at (SPEC 7 row 33).
func TestCreatedAtIsTheServersStamp(t *testing.T) {
	controller := time.Date(2026, 12, 3, 17, 5, 47, 697209501, time.UTC)
	server := controller.Add(86 * time.Second) // 17:07:13.697209501
	for _, preset := range dcplan.Presets() {
		t.Run(preset.String(), func(t *testing.T) {
			s, err := scenario.ParseState([]string{
				"now 2026-12-03T17:05:47.697209501Z",
				"settings profile=" + preset.String() + " image=registry.example/deployer:v4 sa=deployer",
				"dc web replicas=3 latest=1",
				"rc web-1 phase=New created=now-1s desired=3",
			})
			if err != nil {
				t.Fatal(err)
			}
			srv := fake.NewServer(server)
			storeSnapshot(t, srv, s)
			read := func() dcplan.Snapshot { return readSnapshot(t, srv, controller, s.Settings) }
			step := func(s dcplan.Snapshot) dcplan.Plan { return phase.Step(s, "web-1") }
			c := &counting{Server: srv}
			if _, err := wire.RunPass(context.Background(), c, read(), step); err != nil {
				t.Fatal(err)
			}
			if c.gets != 0 {
				t.Errorf("the pass read %d objects back; the create's answer carries the stamp", c.gets)
			}
			after := read()
			pod, ok := after.Pod("web-1-deploy")
			if !ok {
				t.Fatal("no deployer pod was created")
			}
			if want := server.Truncate(time.Second); !pod.CreationTime.Equal(want) {
				t.Errorf("pod creationTimestamp %v, want the server's clock in whole seconds, %v", pod.CreationTime, want)
			}
			d, _ := after.Deployment("web-1")
			want := pod.CreationTime
			if s.Settings.NoTimestamps {
				want = time.Time{}
			}
			if d.Phase != dcplan.PhasePending || !d.CreatedAt.Equal(want) {
				t.Errorf("web-1 after the pass: %v, created-at %v; want Pending, created-at %v (the pod's creationTimestamp)", d.Phase, d.CreatedAt, want)
			}
		})
	}
}
