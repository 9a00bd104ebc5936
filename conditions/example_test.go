package conditions_test

import (
	"errors"
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

func ExampleCreated() {
	c := conditions.Created("web-3", 3, time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC))
	fmt.Println(c.Type, c.Status, c.Reason)
	fmt.Println(c.Message)
	// Output:
	// Progressing True NewReplicationControllerCreated
	// Created new replication controller "web-3" for version 3
}

// A pass whose create failed writes the error text on the Progressing
// condition (a DC with no RC yet is not Available).
func ExampleCreateError() {
	at := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	s := dcplan.Snapshot{
		Now:    at,
		Config: dcplan.Config{Name: "web", Generation: 1, Status: dcplan.ConfigStatus{LatestVersion: 1}},
	}
	st := conditions.Status(s, true, conditions.CreateError(`replicationcontrollers "web-1" is forbidden`, at))
	for _, c := range st.Conditions {
		fmt.Printf("%s=%s %s: %s\n", c.Type, c.Status, c.Reason, c.Message)
	}
	// Output:
	// Available=False : Deployment config does not have minimum availability.
	// Progressing=False ReplicationControllerCreateError: replicationcontrollers "web-1" is forbidden
}

// `oc rollout status dc/web` as an adapter runs it: validate the
// arguments, feed the watch each event (here the DC's successive states)
// and print its stdout, then end the command with what the watch ended
// with.
func ExampleWatch() {
	o := conditions.StatusOptions{Resources: []string{"dc/web"}, Namespace: "shop"}
	if err := o.Validate(); err != nil {
		end := conditions.EndStatus(o.Namespace, 0, []error{err})
		fmt.Print(end.Stderr)
		return
	}
	dc := dcplan.Config{Namespace: "shop", Name: "web", Generation: 2, Replicas: 2,
		Triggers: []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}},
		Status:   dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 2, Replicas: 3, UpdatedReplicas: 1, AvailableReplicas: 1}}
	looks := []func(*dcplan.Config){
		func(*dcplan.Config) {},
		func(c *dcplan.Config) { c.Status.UpdatedReplicas, c.Status.AvailableReplicas = 2, 2 },
		func(c *dcplan.Config) {
			c.Status.Replicas = 2
			c.Status.Conditions = []dcplan.Condition{{Type: dcplan.ConditionProgressing, Status: dcplan.StatusTrue,
				Reason: dcplan.ReasonNewReplicationControllerAvailable, Message: `replication controller "web-2" successfully rolled out`}}
		},
	}
	w := conditions.NewWatch(o)
	for i, look := range looks {
		look(&dc)
		typ := conditions.WatchModified
		if i == 0 {
			typ = conditions.WatchAdded // the initial list
		}
		step := w.Step(conditions.WatchEvent{Type: typ, Snapshot: dcplan.Snapshot{Config: dc}})
		fmt.Print(step.Stdout)
		if step.Ended {
			break
		}
	}
	end := conditions.EndStatus(o.Namespace, 1, []error{w.Err()})
	fmt.Printf("stderr %q, exit code %d\n", end.Stderr, end.Code)
	// Output:
	// Waiting for rollout to finish: 1 out of 2 new replicas have been updated...
	// Waiting for rollout to finish: 1 old replicas are pending termination...
	// replication controller "web-2" successfully rolled out
	// stderr "", exit code 0
}

// A watch that the DC's deletion ends: nothing more on stdout, the error
// on stderr when the command ends, exit code 1.
func ExampleWatch_Step_deleted() {
	w := conditions.NewWatch(conditions.StatusOptions{Resources: []string{"dc/web"}})
	step := w.Step(conditions.WatchEvent{Type: conditions.WatchDeleted})
	fmt.Println(step.Ended, errors.Is(step.Err, conditions.ErrObjectDeleted))
	fmt.Println(w.Step(conditions.WatchEvent{Type: conditions.WatchTimedOut}) == conditions.WatchStep{}) // ended: ignored
	end := conditions.EndStatus("shop", 1, []error{w.Err()})
	fmt.Print(end.Stderr)
	fmt.Println("exit code", end.Code)
	// Output:
	// true true
	// true
	// error: object has been deleted
	// exit code 1
}
