package dcplan_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/gen"
)

var afterNow = time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)

// afterBase is a small world: DC web (v3 latest), three RCs, one pod.
func afterBase() dcplan.Snapshot {
	dcRef := dcplan.OwnerRef{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: "web", UID: "dc-uid",
		Controller: true, BlockOwnerDeletion: true}
	return dcplan.Snapshot{
		Now: afterNow,
		Config: dcplan.Config{Namespace: "ns", Name: "web", UID: "dc-uid", Generation: 4, Replicas: 3,
			Triggers: []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}},
			Template: dcplan.Template{Containers: []dcplan.Container{{Name: "c0", Image: "img:1"}}, Hash: "h1"},
			Status:   dcplan.ConfigStatus{LatestVersion: 3, ObservedGeneration: 4}},
		Deployments: []dcplan.Deployment{
			{Namespace: "ns", Name: "web-1", UID: "u1", Version: 1, Phase: dcplan.PhaseComplete, Controller: dcRef, HasController: true},
			{Namespace: "ns", Name: "web-2", UID: "u2", Version: 2, Phase: dcplan.PhaseComplete, Replicas: 3},
			{Namespace: "ns", Name: "web-3", UID: "u3", Version: 3, Phase: dcplan.PhaseRunning, Replicas: 3,
				DesiredReplicas: 3, HasDesiredReplicas: true, Cancelled: true, Reason: dcplan.ReasonCancelledByUser,
				Controller: dcRef, HasController: true},
		},
		Pods: []dcplan.Pod{{Namespace: "ns", Name: "web-3-deploy", UID: "p3", DeploymentName: "web-3", DeployerFor: "web-3",
			Phase: dcplan.PodRunning}},
	}
}

// SPEC 5.14: Cancel is SetCancelledBy…Reason, a ClearCancel transition is
// DeleteStatusReasons; every other action as actions.go documents it.
func TestAfter(t *testing.T) {
	later := afterNow.Add(time.Minute)
	tests := []struct {
		name, why string
		plan      dcplan.Plan
		want      func(s *dcplan.Snapshot)
	}{
		{name: "empty plan", why: "nothing to apply, nothing changes", want: func(*dcplan.Snapshot) {}},
		{name: "adopt", why: "Adopt sets the DC as controller owner",
			plan: dcplan.Plan{Adopt: []dcplan.Adopt{{RC: "web-2", RCUID: "u2", Config: "web", ConfigUID: "dc-uid"}}},
			want: func(s *dcplan.Snapshot) {
				s.Deployments[1].Controller = s.Deployments[0].Controller
				s.Deployments[1].HasController = true
			}},
		{name: "release", why: "Release clears the controller reference with the DC's uid",
			plan: dcplan.Plan{Release: []dcplan.Release{{RC: "web-1", RCUID: "u1", ConfigUID: "dc-uid"}}},
			want: func(s *dcplan.Snapshot) {
				s.Deployments[0].Controller, s.Deployments[0].HasController = dcplan.OwnerRef{}, false
			}},
		{name: "release foreign", why: "a reference with another uid is not the DC's to release",
			plan: dcplan.Plan{Release: []dcplan.Release{{RC: "web-1", ConfigUID: "other"}}},
			want: func(*dcplan.Snapshot) {}},
		{name: "update config", why: "flagged spec fields change and the generation goes up once",
			plan: dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{{Config: "web", SetReplicas: true, ReplicasFrom: 3, ReplicasTo: 5,
				SetPaused: true, PausedTo: true,
				SetTemplate: true, TemplateFrom: "h1", Template: dcplan.Template{Containers: []dcplan.Container{{Name: "c0", Image: "img:0"}}, Hash: "h0"},
				SetTriggers: true, Triggers: []dcplan.Trigger{{Type: dcplan.TriggerImageChange}}}}},
			want: func(s *dcplan.Snapshot) {
				s.Config.Replicas, s.Config.Paused, s.Config.Generation = 5, true, 5
				s.Config.Template = dcplan.Template{Containers: []dcplan.Container{{Name: "c0", Image: "img:0"}}, Hash: "h0"}
				s.Config.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerImageChange}}
			}},
		{name: "update config no change", why: "writing the same values does not bump the generation",
			plan: dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{{Config: "web", SetReplicas: true, ReplicasFrom: 3, ReplicasTo: 3}}},
			want: func(*dcplan.Snapshot) {}},
		{name: "update strategy", why: "SetStrategy replaces the typed strategy, its whole JSON included, and bumps the generation",
			plan: dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{{Config: "web", SetStrategy: true,
				Strategy: dcplan.Strategy{Type: dcplan.StrategyCustom, Raw: dcplan.RawJSON(`{"type":"Custom"}`)}}}},
			want: func(s *dcplan.Snapshot) {
				s.Config.Strategy = dcplan.Strategy{Type: dcplan.StrategyCustom, Raw: dcplan.RawJSON(`{"type":"Custom"}`)}
				s.Config.Generation++
			}},
		{name: "create pod", why: "a created pod has the annotation, label, owner and deadline, is created now and is Pending",
			plan: dcplan.Plan{CreatePods: []dcplan.CreatePod{{Pod: dcplan.DeployerPod{Namespace: "ns", Name: "web-2-deploy", RC: "web-2", RCUID: "u2",
				ActiveDeadlineSeconds: 21600,
				Labels:                []dcplan.KeyValue{{Key: dcplan.LabelDeployerPodFor, Value: "web-2"}},
				Annotations:           []dcplan.KeyValue{{Key: dcplan.AnnotationDeploymentName, Value: "web-2"}}}}}},
			want: func(s *dcplan.Snapshot) {
				s.Pods = append(s.Pods, dcplan.Pod{Namespace: "ns", Name: "web-2-deploy", CreationTime: afterNow, Phase: dcplan.PodPending,
					DeploymentName: "web-2", DeployerFor: "web-2",
					Owners:                []dcplan.OwnerRef{{APIVersion: "v1", Kind: "ReplicationController", Name: "web-2", UID: "u2"}},
					ActiveDeadlineSeconds: 21600, HasActiveDeadline: true})
			}},
		{name: "create pod taken", why: "a create whose name is taken is skipped (AlreadyExists)",
			plan: dcplan.Plan{CreatePods: []dcplan.CreatePod{{Pod: dcplan.DeployerPod{Namespace: "ns", Name: "web-3-deploy", RC: "web-9"}}}},
			want: func(*dcplan.Snapshot) {}},
		{name: "set pod owner and deadline", why: "SetPodOwner appends an RC reference; SetPodDeadline sets the deadline",
			plan: dcplan.Plan{SetPodOwners: []dcplan.SetPodOwner{{Pod: "web-3-deploy", RC: "web-3", RCUID: "u3"}},
				SetPodDeadlines: []dcplan.SetPodDeadline{{Pod: "web-3-deploy", To: 1}}},
			want: func(s *dcplan.Snapshot) {
				s.Pods[0].Owners = []dcplan.OwnerRef{{APIVersion: "v1", Kind: "ReplicationController", Name: "web-3", UID: "u3"}}
				s.Pods[0].ActiveDeadlineSeconds, s.Pods[0].HasActiveDeadline = 1, true
			}},
		{name: "delete pod", why: "DeletePod removes it; the last pod leaves a nil list",
			plan: dcplan.Plan{DeletePods: []dcplan.DeletePod{{Pod: "web-3-deploy", RC: "web-3"}}},
			want: func(s *dcplan.Snapshot) { s.Pods = nil }},
		{name: "create rc", why: "CreateRC appends the Deployment as given, created now",
			plan: dcplan.Plan{CreateRCs: []dcplan.CreateRC{{Deployment: dcplan.Deployment{Namespace: "ns", Name: "web-4", Version: 4, Phase: dcplan.PhaseNew,
				DesiredReplicas: 3, HasDesiredReplicas: true}}}},
			want: func(s *dcplan.Snapshot) {
				s.Deployments = append(s.Deployments, dcplan.Deployment{Namespace: "ns", Name: "web-4", Version: 4, Phase: dcplan.PhaseNew,
					DesiredReplicas: 3, HasDesiredReplicas: true, CreationTime: afterNow})
			}},
		{name: "cancel", why: "Cancel sets cancelled and the reason",
			plan: dcplan.Plan{Cancels: []dcplan.Cancel{{RC: "web-2", Version: 2, Reason: dcplan.ReasonCancelledByNewer}}},
			want: func(s *dcplan.Snapshot) {
				s.Deployments[1].Cancelled, s.Deployments[1].Reason = true, dcplan.ReasonCancelledByNewer
			}},
		{name: "scale", why: "Scale sets spec.replicas; SyncAnnotation also the replicas annotation",
			plan: dcplan.Plan{Scales: []dcplan.Scale{{RC: "web-2", From: 3, To: 0}, {RC: "web-1", From: 0, To: 2, SyncAnnotation: true}}},
			want: func(s *dcplan.Snapshot) {
				s.Deployments[1].Replicas = 0
				s.Deployments[0].Replicas, s.Deployments[0].SyncedReplicas, s.Deployments[0].HasSyncedReplicas = 2, 2, true
			}},
		{name: "transition complete", why: "ClearCancel, phase, timestamps, CommitDesired, ScaleToZero in one write",
			plan: dcplan.Plan{Transitions: []dcplan.Transition{{RC: "web-3", Version: 3, From: dcplan.PhaseRunning, To: dcplan.PhaseComplete,
				ClearCancel: true, DeployerPod: "web-3-deploy", CreatedAt: afterNow, StartedAt: afterNow, CompletedAt: later,
				CommitDesired: true, Desired: 3, ScaleToZero: true, ReplicasFrom: 3}}},
			want: func(s *dcplan.Snapshot) {
				d := &s.Deployments[2]
				d.Cancelled, d.Reason, d.Phase = false, "", dcplan.PhaseComplete
				d.DeployerPodName, d.CreatedAt, d.StartedAt, d.CompletedAt = "web-3-deploy", afterNow, afterNow, later
				d.SyncedReplicas, d.HasSyncedReplicas, d.DesiredReplicas, d.HasDesiredReplicas = 3, true, 0, false
				d.Replicas = 0
			}},
		{name: "transition reason after clear", why: "SetReason applies after ClearCancel",
			plan: dcplan.Plan{Transitions: []dcplan.Transition{{RC: "web-3", From: dcplan.PhaseRunning, To: dcplan.PhaseFailed,
				ClearCancel: true, SetReason: true, Reason: dcplan.ReasonDeployerPodGone}}},
			want: func(s *dcplan.Snapshot) {
				d := &s.Deployments[2]
				d.Cancelled, d.Reason, d.Phase = false, dcplan.ReasonDeployerPodGone, dcplan.PhaseFailed
			}},
		{name: "commit without desired", why: "CommitDesired with no desired count leaves no synced count",
			plan: dcplan.Plan{Transitions: []dcplan.Transition{{RC: "web-2", From: dcplan.PhaseComplete, To: dcplan.PhaseComplete, CommitDesired: true}}},
			want: func(*dcplan.Snapshot) {}},
		{name: "delete rc", why: "DeleteRC removes it",
			plan: dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{RC: "web-1", Version: 1}}},
			want: func(s *dcplan.Snapshot) { s.Deployments = s.Deployments[1:] }},
		{name: "status", why: "Status replaces the DC status",
			plan: dcplan.Plan{Status: &dcplan.StatusUpdate{Config: "web", To: dcplan.ConfigStatus{LatestVersion: 4, Replicas: 3,
				Conditions: []dcplan.Condition{{Type: dcplan.ConditionAvailable, Status: dcplan.StatusTrue}}}}},
			want: func(s *dcplan.Snapshot) {
				s.Config.Status = dcplan.ConfigStatus{LatestVersion: 4, Replicas: 3,
					Conditions: []dcplan.Condition{{Type: dcplan.ConditionAvailable, Status: dcplan.StatusTrue}}}
			}},
		{name: "events and outcome", why: "events, Wait and RecheckAfter change nothing",
			plan: dcplan.Plan{Events: []dcplan.Event{{Reason: dcplan.EventDeploymentCreated}}, Wait: dcplan.WaitDeployer, RecheckAfter: time.Second},
			want: func(*dcplan.Snapshot) {}},
		{name: "missing targets", why: "actions on objects that do not exist are skipped",
			plan: dcplan.Plan{
				Adopt: []dcplan.Adopt{{RC: "nope"}}, Release: []dcplan.Release{{RC: "nope"}},
				UpdateConfig:    []dcplan.ConfigUpdate{{Config: "other", SetReplicas: true, ReplicasTo: 9}},
				SetPodOwners:    []dcplan.SetPodOwner{{Pod: "nope"}},
				SetPodDeadlines: []dcplan.SetPodDeadline{{Pod: "nope", To: 1}},
				DeletePods:      []dcplan.DeletePod{{Pod: "nope"}},
				Cancels:         []dcplan.Cancel{{RC: "nope"}}, Scales: []dcplan.Scale{{RC: "nope", To: 1}},
				Transitions: []dcplan.Transition{{RC: "nope", To: dcplan.PhaseFailed}},
				DeleteRCs:   []dcplan.DeleteRC{{RC: "nope"}},
				Status:      &dcplan.StatusUpdate{Config: "other", To: dcplan.ConfigStatus{LatestVersion: 9}},
			},
			want: func(*dcplan.Snapshot) {}},
		{name: "contract order", why: "a created RC can be transitioned and a deleted one is gone, in contract order",
			plan: dcplan.Plan{
				CreateRCs:   []dcplan.CreateRC{{Deployment: dcplan.Deployment{Name: "web-4", Version: 4, Phase: dcplan.PhaseNew}}},
				Transitions: []dcplan.Transition{{RC: "web-4", From: dcplan.PhaseNew, To: dcplan.PhasePending}},
				DeleteRCs:   []dcplan.DeleteRC{{RC: "web-1"}, {RC: "web-2"}},
			},
			want: func(s *dcplan.Snapshot) {
				s.Deployments = append(s.Deployments[2:], dcplan.Deployment{Name: "web-4", Version: 4, Phase: dcplan.PhasePending,
					CreationTime: afterNow})
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := afterBase()
			want := afterBase()
			tt.want(&want)
			got := s.After(tt.plan)
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("After() mismatch (-want +got):\n%s", d)
			}
			if d := cmp.Diff(afterBase(), s); d != "" {
				t.Errorf("After() modified its receiver (-before +after):\n%s", d)
			}
		})
	}
}

// genPlanFor draws a plan whose actions mostly target objects of s.
func genPlanFor(t *rapid.T, s dcplan.Snapshot) dcplan.Plan {
	rcNames := []string{"missing"}
	for _, d := range s.Deployments {
		rcNames = append(rcNames, d.Name)
	}
	podNames := []string{"missing"}
	for _, p := range s.Pods {
		podNames = append(podNames, p.Name)
	}
	rc := rapid.SampledFrom(rcNames)
	pod := rapid.SampledFrom(podNames)
	var p dcplan.Plan
	for i := rapid.IntRange(0, 8).Draw(t, "actions"); i > 0; i-- {
		switch rapid.IntRange(0, 12).Draw(t, "kind") {
		case 0:
			p.Adopt = append(p.Adopt, dcplan.Adopt{RC: rc.Draw(t, "rc"), Config: s.Config.Name, ConfigUID: s.Config.UID})
		case 1:
			p.Release = append(p.Release, dcplan.Release{RC: rc.Draw(t, "rc"), ConfigUID: s.Config.UID})
		case 2:
			p.UpdateConfig = append(p.UpdateConfig, dcplan.ConfigUpdate{Config: s.Config.Name, SetReplicas: true,
				ReplicasTo: dcplan.Replicas(rapid.Int32Range(0, 5).Draw(t, "to")), SetTriggers: true,
				Triggers: []dcplan.Trigger{{Type: dcplan.TriggerImageChange, ContainerNames: []string{"c0"}}}})
		case 3:
			p.CreatePods = append(p.CreatePods, dcplan.CreatePod{Pod: dcplan.DeployerPod{Name: rapid.StringMatching(`[a-z]{1,4}-deploy`).Draw(t, "pod"),
				RC: rc.Draw(t, "rc"), Labels: []dcplan.KeyValue{{Key: dcplan.LabelDeployerPodFor, Value: "x"}}}})
		case 4:
			p.SetPodOwners = append(p.SetPodOwners, dcplan.SetPodOwner{Pod: pod.Draw(t, "pod"), RC: rc.Draw(t, "rc")})
		case 5:
			p.SetPodDeadlines = append(p.SetPodDeadlines, dcplan.SetPodDeadline{Pod: pod.Draw(t, "pod"), To: 1})
		case 6:
			p.DeletePods = append(p.DeletePods, dcplan.DeletePod{Pod: pod.Draw(t, "pod")})
		case 7:
			p.CreateRCs = append(p.CreateRCs, dcplan.CreateRC{Deployment: dcplan.Deployment{Name: rapid.StringMatching(`new-[0-9]`).Draw(t, "new"),
				Version: 99, Template: dcplan.Template{Containers: []dcplan.Container{{Name: "c0"}}}}})
		case 8:
			p.Cancels = append(p.Cancels, dcplan.Cancel{RC: rc.Draw(t, "rc"), Reason: "r"})
		case 9:
			p.Scales = append(p.Scales, dcplan.Scale{RC: rc.Draw(t, "rc"), To: 7, SyncAnnotation: rapid.Bool().Draw(t, "sync")})
		case 10:
			p.Transitions = append(p.Transitions, dcplan.Transition{RC: rc.Draw(t, "rc"), To: dcplan.PhaseComplete,
				ClearCancel: true, CommitDesired: true, ScaleToZero: true})
		case 11:
			p.DeleteRCs = append(p.DeleteRCs, dcplan.DeleteRC{RC: rc.Draw(t, "rc")})
		case 12:
			p.Status = &dcplan.StatusUpdate{Config: s.Config.Name, To: dcplan.ConfigStatus{LatestVersion: 1,
				Conditions: []dcplan.Condition{{Type: dcplan.ConditionAvailable}}}}
		}
	}
	return p
}

// TestAfterDoesNotMutate checks on random snapshots and plans that After
// leaves its receiver and plan untouched and that its result shares no
// memory with them: scribbling over every slice of the result changes
// neither.
func TestAfterDoesNotMutate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		p := genPlanFor(t, s)
		sCopy, pCopy := s.Clone(), clonePlan(p)
		out := s.After(p)
		scribble(&out)
		if d := cmp.Diff(sCopy, s); d != "" {
			t.Fatalf("After() modified or aliased the snapshot (-before +after):\n%s", d)
		}
		if d := cmp.Diff(pCopy, p); d != "" {
			t.Fatalf("After() modified or aliased the plan (-before +after):\n%s", d)
		}
	})
}

func clonePlan(p dcplan.Plan) dcplan.Plan {
	q := p.Merge(dcplan.Plan{}) // copies every slice
	for i := range q.CreateRCs {
		q.CreateRCs[i].Deployment = q.CreateRCs[i].Deployment.Clone()
	}
	for i := range q.UpdateConfig {
		q.UpdateConfig[i].Triggers = append([]dcplan.Trigger(nil), q.UpdateConfig[i].Triggers...)
		for j := range q.UpdateConfig[i].Triggers {
			q.UpdateConfig[i].Triggers[j] = q.UpdateConfig[i].Triggers[j].Clone()
		}
	}
	for i := range q.CreatePods {
		q.CreatePods[i].Pod.Labels = append([]dcplan.KeyValue(nil), q.CreatePods[i].Pod.Labels...)
	}
	if p.Status != nil {
		st := *p.Status
		st.To = st.To.Clone()
		q.Status = &st
	}
	return q
}

// scribble overwrites every element of every slice reachable from s.
func scribble(s *dcplan.Snapshot) {
	c := &s.Config
	for i := range c.Triggers {
		c.Triggers[i].Type = 0
		for j := range c.Triggers[i].ContainerNames {
			c.Triggers[i].ContainerNames[j] = "X"
		}
	}
	for i := range c.Template.Containers {
		c.Template.Containers[i].Image = "X"
	}
	for i := range c.Status.Conditions {
		c.Status.Conditions[i].Message = "X"
	}
	for i := range s.Deployments {
		d := &s.Deployments[i]
		for j := range d.Template.Containers {
			d.Template.Containers[j].Image = "X"
		}
		if d.Encoded != nil {
			for j := range d.Encoded.Template.Containers {
				d.Encoded.Template.Containers[j].Image = "X"
			}
		}
		d.Name = "X"
	}
	for i := range s.Pods {
		for j := range s.Pods[i].Owners {
			s.Pods[i].Owners[j].Name = "X"
		}
		s.Pods[i].Name = "X"
	}
}

// TestAfterOtherOwnerThatIsNoRCHoldsNothing: when an RC's delete leaves a
// pod whose other owner reference names no RC the snapshot holds, the
// garbage collector deletes the pod (Snapshot.After step 6, collect;
// SPEC 3.7, 7 row 29). Such a reference is one without a uid ("a uid of
// "" owns nothing"), even when its name is an RC's, or one whose uid no
// RC has, however many other RCs remain. Kills the mutants of holds'
// `if uid == "" { return false }` as `return true` and of its RC lookup
// `d.UID == uid` as `!=`, which kept the pod.
func TestAfterOtherOwnerThatIsNoRCHoldsNothing(t *testing.T) {
	ref := func(name, uid string) dcplan.OwnerRef {
		return dcplan.OwnerRef{APIVersion: "v1", Kind: "ReplicationController", Name: name, UID: uid}
	}
	for _, tt := range []struct {
		name  string
		other dcplan.Deployment
		owner dcplan.OwnerRef
	}{
		{"owner without uid", dcplan.Deployment{Namespace: "ns", Name: "web-2"}, ref("web-2", "")},
		{"owner gone", dcplan.Deployment{Namespace: "ns", Name: "web-3", UID: "rc-3"}, ref("web-2", "rc-2")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := dcplan.Snapshot{Now: afterNow, Config: dcplan.Config{Namespace: "ns", Name: "web", UID: "dc-uid"},
				Deployments: []dcplan.Deployment{{Namespace: "ns", Name: "web-1", UID: "rc-1"}, tt.other},
				Pods:        []dcplan.Pod{{Namespace: "ns", Name: "web-1-deploy", UID: "pod-1", Owners: []dcplan.OwnerRef{ref("web-1", "rc-1"), tt.owner}}}}
			after := s.After(dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{RC: "web-1"}}})
			if p, ok := after.Pod("web-1-deploy"); ok {
				t.Errorf("After() keeps the pod with owners %+v, want it collected", p.Owners)
			}
		})
	}
}
