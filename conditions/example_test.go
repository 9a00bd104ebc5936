package conditions_test

import (
	"fmt"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
)

func ExampleStatus() {
	at := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	s := dcplan.Snapshot{
		Now: at,
		Config: dcplan.Config{
			Name: "web", Generation: 2, Replicas: 3,
			Strategy: dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true,
				MaxSurge:       dcplan.Fencepost{Set: true, IsString: true, Str: "25%"},
				MaxUnavailable: dcplan.Fencepost{Set: true, IsString: true, Str: "25%"}},
			Status: dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 1},
		},
		Deployments: []dcplan.Deployment{
			{Name: "web-1", Version: 1, Phase: dcplan.PhaseComplete, Replicas: 1, StatusReplicas: 1, ReadyReplicas: 1, AvailableReplicas: 1},
			{Name: "web-2", Version: 2, Phase: dcplan.PhaseRunning, Replicas: 2, StatusReplicas: 2, ReadyReplicas: 2, AvailableReplicas: 1},
		},
	}
	st := conditions.Status(s, false)
	fmt.Printf("replicas=%d updated=%d available=%d unavailable=%d observedGeneration=%d\n",
		st.Replicas, st.UpdatedReplicas, st.AvailableReplicas, st.UnavailableReplicas, st.ObservedGeneration)
	for _, c := range st.Conditions {
		fmt.Printf("%s=%s %s: %s\n", c.Type, c.Status, c.Reason, c.Message)
	}
	// Output:
	// replicas=3 updated=2 available=2 unavailable=1 observedGeneration=1
	// Available=False : Deployment config does not have minimum availability.
	// Progressing=True ReplicationControllerUpdated: replication controller "web-2" is progressing
}

func ExampleChanged() {
	at := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	s := dcplan.Snapshot{
		Now:         at,
		Config:      dcplan.Config{Name: "web", Generation: 1, Replicas: 1, Status: dcplan.ConfigStatus{LatestVersion: 1}},
		Deployments: []dcplan.Deployment{{Name: "web-1", Version: 1, Phase: dcplan.PhaseComplete, Replicas: 1, StatusReplicas: 1, AvailableReplicas: 1}},
	}
	fmt.Println(conditions.Changed(s, true))
	s.Config.Status = conditions.Status(s, true) // the adapter writes it
	s.Now = at.Add(time.Minute)                  // a later pass
	fmt.Println(conditions.Changed(s, true))
	// Output:
	// true
	// false
}

func ExampleSet() {
	t0 := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	at := t0.Add(time.Hour)
	conds := []dcplan.Condition{conditions.Progressing("web-2", t0), conditions.Available(t0)}
	// Same status (True), new reason: replaced, moved to the end, transition time kept.
	conds = conditions.Set(conds, conditions.RolledOut("web-2", at))
	for _, c := range conds {
		fmt.Printf("%s %s transition=%s update=%s\n", c.Type, c.Reason, c.LastTransitionTime.Format("15:04"), c.LastUpdateTime.Format("15:04"))
	}
	// Output:
	// Available  transition=09:00 update=09:00
	// Progressing NewReplicationControllerAvailable transition=09:00 update=10:00
}

func ExampleResolveFenceposts() {
	pct := func(s string) dcplan.Fencepost { return dcplan.Fencepost{Set: true, IsString: true, Str: s} }
	fmt.Println(conditions.ResolveFenceposts(pct("25%"), pct("25%"), 3))
	fmt.Println(conditions.ResolveFenceposts(dcplan.Fencepost{Set: true}, pct("25%"), 3))
	fmt.Println(conditions.ResolveFenceposts(dcplan.Fencepost{}, pct("25%"), 3))
	// Output:
	// 1 0 <nil>
	// 0 1 <nil>
	// 0 0 conditions: invalid fencepost: maxSurge: nil value for IntOrString
}

func ExampleCreated() {
	c := conditions.Created("web-3", 3, time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC))
	fmt.Println(c.Type, c.Status, c.Reason)
	fmt.Println(c.Message)
	// Output:
	// Progressing True NewReplicationControllerCreated
	// Created new replication controller "web-3" for version 3
}

// ExampleStatusFor computes the status of a pass from the RC list as the
// pass has scaled it, without copying the snapshot: the old RC scaled to 0
// no longer counts towards unavailableReplicas.
func ExampleStatusFor() {
	s := dcplan.Snapshot{
		Now:    time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC),
		Config: dcplan.Config{Name: "web", Generation: 1, Replicas: 2, Status: dcplan.ConfigStatus{LatestVersion: 2}},
		Deployments: []dcplan.Deployment{
			{Name: "web-1", Version: 1, Phase: dcplan.PhaseComplete, Replicas: 1},
			{Name: "web-2", Version: 2, Phase: dcplan.PhaseComplete, Replicas: 2, StatusReplicas: 2, AvailableReplicas: 2},
		},
	}
	scaled := []dcplan.Deployment{s.Deployments[0], s.Deployments[1]}
	scaled[0].Replicas = 0
	fmt.Println(conditions.Status(s, true).UnavailableReplicas, conditions.StatusFor(&s, scaled, true).UnavailableReplicas)
	// Output:
	// 1 0
}
