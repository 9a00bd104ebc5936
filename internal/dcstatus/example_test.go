package dcstatus_test

import (
	"fmt"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/dcstatus"
)

// A planner computes the status of its pass from the RC list as the pass
// scaled it, through the tally of that list: the old RC scaled to 0 no
// longer counts towards unavailableReplicas, and the status is written.
func ExampleStatusChanged() {
	s := dcplan.Snapshot{
		Now:    time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC),
		Config: dcplan.Config{Name: "web", Generation: 1, Replicas: 2, Status: dcplan.ConfigStatus{LatestVersion: 2}},
		Deployments: []dcplan.Deployment{
			{Name: "web-1", Version: 1, Phase: dcplan.PhaseComplete, Replicas: 1},
			{Name: "web-2", Version: 2, Phase: dcplan.PhaseComplete, Replicas: 2, StatusReplicas: 2, AvailableReplicas: 2},
		},
	}
	t := dcstatus.TallyOf(&s.Config, s.Deployments)
	fmt.Println(dcstatus.Status(&s, s.Deployments, &t, true).UnavailableReplicas)
	t.Spec += 0 - 1 // the pass scales web-1 from 1 to 0
	to, changed := dcstatus.StatusChanged(&s, s.Deployments, &t, true)
	fmt.Println(to.UnavailableReplicas, changed)
	// Output:
	// 1
	// 0 true
}

func ExampleResolveFenceposts() {
	pct := func(s string) dcplan.Fencepost { return dcplan.Fencepost{Set: true, IsString: true, Str: s} }
	fmt.Println(dcstatus.ResolveFenceposts(pct("25%"), pct("25%"), 3))
	fmt.Println(dcstatus.ResolveFenceposts(dcplan.Fencepost{Set: true}, pct("25%"), 3))
	fmt.Println(dcstatus.ResolveFenceposts(dcplan.Fencepost{}, pct("25%"), 3))
	// Output:
	// 1 0 <nil>
	// 0 1 <nil>
	// 0 0 conditions: invalid fencepost: maxSurge: nil value for IntOrString
}
