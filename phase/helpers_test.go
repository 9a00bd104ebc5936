package phase_test

import (
	"time"

	"github.com/dcplan/dcplan"
)

// now is the clock of every hand-built snapshot.
var now = time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)

// testConfig is the DC "ns/web": Rolling with its parameters (timeout
// default 600), 3 replicas.
func testConfig() dcplan.Config {
	return dcplan.Config{
		Namespace: "ns", Name: "web", UID: "dc-uid", Replicas: 3,
		Strategy: dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true},
		Selector: []dcplan.KeyValue{{Key: "deploymentconfig", Value: "web"}},
	}
}

// rcOpt changes a hand-built RC.
type rcOpt func(*dcplan.Deployment)

// testRC builds RC web-<v> of testConfig in the given phase, created 60 s
// before now, with desired-replicas 3 and the config encoded in it.
func testRC(v dcplan.Version, ph dcplan.Phase, opts ...rcOpt) dcplan.Deployment {
	name := dcplan.DeploymentName("web", v)
	d := dcplan.Deployment{
		Namespace: "ns", Name: name, UID: "uid-" + name, CreationTime: now.Add(-time.Minute),
		ConfigLabel: "web", ConfigName: "web", Version: v, Phase: ph,
		HasDesiredReplicas: true, DesiredReplicas: 3,
		HasController: true, Controller: dcplan.OwnerRef{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: "web", UID: "dc-uid", Controller: true, BlockOwnerDeletion: true},
		Encoded: new(testConfig()),
	}
	for _, o := range opts {
		o(&d)
	}
	return d
}

func cancelled(d *dcplan.Deployment)  { d.Cancelled, d.Reason = true, dcplan.ReasonCancelledByUser }
func noEncoded(d *dcplan.Deployment)  { d.Encoded = nil }
func noDesired(d *dcplan.Deployment)  { d.HasDesiredReplicas, d.DesiredReplicas = false, 0 }
func ignorePod(d *dcplan.Deployment)  { d.IgnoreDeployerPod = true }
func noCreation(d *dcplan.Deployment) { d.CreationTime = time.Time{} }
func testDC(d *dcplan.Deployment)     { d.Encoded.Test = true }
func replicas(n dcplan.Replicas) rcOpt {
	return func(d *dcplan.Deployment) { d.Replicas = n }
}
func age(a time.Duration) rcOpt {
	return func(d *dcplan.Deployment) { d.CreationTime = now.Add(-a) }
}
func timeout(sec int64) rcOpt {
	return func(d *dcplan.Deployment) {
		d.Encoded.Strategy.HasTimeout, d.Encoded.Strategy.TimeoutSeconds = true, sec
	}
}

// podOpt changes a hand-built pod.
type podOpt func(*dcplan.Pod)

var (
	podCreated  = now.Add(-50 * time.Second)
	podStarted  = now.Add(-45 * time.Second)
	podFinished = now.Add(-5 * time.Second)
)

// deployer builds the related deployer pod of RC rc in the given phase,
// owned by the RC; Succeeded and Failed pods have a terminated container.
func deployer(rc string, ph dcplan.PodPhase, opts ...podOpt) dcplan.Pod {
	p := dcplan.Pod{
		Namespace: "ns", Name: dcplan.DeployerPodName(rc), UID: "uid-" + rc + "-deploy",
		CreationTime: podCreated, Phase: ph, DeploymentName: rc, DeployerFor: rc,
		Owners: []dcplan.OwnerRef{{APIVersion: "v1", Kind: "ReplicationController", Name: rc, UID: "uid-" + rc}},
	}
	if ph != dcplan.PodPending && ph != dcplan.PodPhaseUnset {
		p.StartTime = podStarted
	}
	switch ph {
	case dcplan.PodSucceeded:
		p.Containers = []dcplan.ContainerStatus{{Name: "deployment", Terminated: true, FinishedAt: podFinished}}
	case dcplan.PodFailed:
		p.Containers = []dcplan.ContainerStatus{{Name: "deployment", Terminated: true, ExitCode: 1, FinishedAt: podFinished}}
	}
	for _, o := range opts {
		o(&p)
	}
	return p
}

// hook builds a hook pod of RC rc (labelled for it, not its deployer).
func hook(rc, suffix string, opts ...podOpt) dcplan.Pod {
	p := dcplan.Pod{Namespace: "ns", Name: rc + "-" + suffix, UID: "uid-" + rc + "-" + suffix, CreationTime: podCreated,
		Phase: dcplan.PodRunning, DeploymentName: rc, DeployerFor: rc}
	for _, o := range opts {
		o(&p)
	}
	return p
}

// unrelated makes a pod belong to another RC (it squats the name).
func unrelated(p *dcplan.Pod) { p.DeploymentName, p.DeployerFor, p.Owners = "other-1", "", nil }
func orphan(p *dcplan.Pod)    { p.Owners = nil }
func exitCode(c int32) podOpt {
	return func(p *dcplan.Pod) { p.Containers[0].ExitCode = c }
}
func podDeadline(sec int64) podOpt {
	return func(p *dcplan.Pod) { p.HasActiveDeadline, p.ActiveDeadlineSeconds = true, sec }
}

// snapshot puts RCs and pods around testConfig with the given profile.
func snapshot(profile dcplan.Preset, rcs []dcplan.Deployment, pods ...dcplan.Pod) dcplan.Snapshot {
	return dcplan.Snapshot{
		Now: now, Config: testConfig(), Deployments: rcs, Pods: pods,
		Settings: dcplan.Settings{Switches: profile.Switches(), DeployerImage: "registry.example/deployer:v4", ServiceAccount: "deployer"},
	}
}

// dcEvent is an event the deployer records on DC ns/web.
// rcEvent is an event recorded on the RC web-1 (SPEC 12 EventsOnRC).
func rcEvent(rule dcplan.Rule, typ dcplan.EventType, reason, msg string) dcplan.Event {
	return dcplan.Event{Rule: rule, Object: dcplan.ObjectRef{Kind: "ReplicationController", Namespace: "ns", Name: "web-1", UID: "uid-web-1"}, Type: typ, Reason: reason, Message: msg}
}

func dcEvent(rule dcplan.Rule, typ dcplan.EventType, reason, msg string) dcplan.Event {
	return dcplan.Event{Rule: rule, Object: dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: "ns", Name: "web", UID: "dc-uid"}, Type: typ, Reason: reason, Message: msg}
}

// early marks an expected event as recorded before every write of the
// pass (SPEC 13.1).
func early(e dcplan.Event) dcplan.Event {
	e.After = dcplan.AtStart()
	return e
}

// afterTransition marks an expected event as recorded right after the
// pass's RC write.
func afterTransition(e dcplan.Event) dcplan.Event {
	e.After = dcplan.ActionRef{Kind: dcplan.ActionTransition}
	return e
}

// afterDeadline marks an expected event as recorded right after the i-th
// activeDeadlineSeconds write of the pass (SPEC 13.1).
func afterDeadline(i int, e dcplan.Event) dcplan.Event {
	e.After = dcplan.ActionRef{Kind: dcplan.ActionSetPodDeadline, Index: i}
	return e
}
