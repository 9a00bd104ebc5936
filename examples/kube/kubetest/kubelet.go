package kubetest

import (
	"context"
	"fmt"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	"github.com/dcplan/dcplan"
)

// Kubelet plays, for one namespace of an API server (a Cluster's fake
// clientset or a real server), the node agent and the deployer process
// that examples/kube does not run: every tick it moves each deployer and
// hook pod one step Pending → Running → Succeeded (or Failed) through
// pods/status. While a deployer pod runs, it does what the deployer image
// does: it runs the DC's pre hook first (see preHookDone), then scales
// the rollout's RC to its desired replicas and the DC's other RCs to zero
// through replicationcontrollers/scale before the pod succeeds. It keeps
// each RC's status (replicas, ready, available, observedGeneration)
// equal to its spec through replicationcontrollers/status, as the RC
// manager and kubelets would. A write that fails (a conflict with the
// controller, the server restarting) is tried again on the next tick.
type Kubelet struct {
	kube kubernetes.Interface
	ns   string
	now  func() time.Time

	mu          sync.Mutex
	holdPending map[string]bool // RCs whose deployer pod stays Pending
	hold        map[string]bool // RCs whose deployer pod stays Running
	fail        map[string]bool // RCs whose deployer pod fails
	violations  []string
}

// NewKubelet returns a Kubelet for namespace ns of kube whose pods start
// and finish at now(): Cluster.Clock for a Cluster, time.Now for a real
// server.
func NewKubelet(kube kubernetes.Interface, ns string, now func() time.Time) *Kubelet {
	return &Kubelet{kube: kube, ns: ns, now: now, holdPending: map[string]bool{}, hold: map[string]bool{}, fail: map[string]bool{}}
}

// HoldPending keeps the deployer pod of RC rc Pending while on.
func (k *Kubelet) HoldPending(rc string, on bool) { k.set(k.holdPending, rc, on) }

// Hold keeps the deployer pod of RC rc Running, once it runs (and its pre
// hook, if any, succeeded), while on.
func (k *Kubelet) Hold(rc string, on bool) { k.set(k.hold, rc, on) }

// Fail makes the deployer pod of RC rc fail once it runs, while on.
func (k *Kubelet) Fail(rc string, on bool) { k.set(k.fail, rc, on) }

// Violations returns what the kubelet saw that must never be: two deployer
// pods of one DC not terminated at once.
func (k *Kubelet) Violations() []string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]string(nil), k.violations...)
}

func (k *Kubelet) set(m map[string]bool, rc string, on bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	m[rc] = on
}

func (k *Kubelet) is(m map[string]bool, rc string) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	return m[rc]
}

// Run steps every tick until ctx ends.
func (k *Kubelet) Run(ctx context.Context, tick time.Duration) {
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		k.Step(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Step does one round of work.
func (k *Kubelet) Step(ctx context.Context) {
	pods, err := k.kube.CoreV1().Pods(k.ns).List(ctx, metav1.ListOptions{LabelSelector: dcplan.LabelDeployerPodFor})
	if err != nil {
		return
	}
	k.check(pods.Items)
	for i := range pods.Items {
		k.stepPod(ctx, pods.Items[i].DeepCopy())
	}
	k.syncStatus(ctx)
}

// check records DCs with more than one deployer pod not terminated.
func (k *Kubelet) check(pods []corev1.Pod) {
	active := map[string][]string{}
	for i := range pods {
		p := &pods[i]
		if isHook(p) {
			continue
		}
		if p.DeletionTimestamp == nil && p.Status.Phase != corev1.PodSucceeded && p.Status.Phase != corev1.PodFailed {
			dc := p.Annotations[dcplan.AnnotationConfigName]
			active[dc] = append(active[dc], p.Name)
		}
	}
	for dc, names := range active {
		if len(names) > 1 {
			k.mu.Lock()
			k.violations = append(k.violations, fmt.Sprintf("dc %s has %d deployer pods at once: %v", dc, len(names), names))
			k.mu.Unlock()
		}
	}
}

// stepPod moves one deployer or hook pod one phase on.
func (k *Kubelet) stepPod(ctx context.Context, p *corev1.Pod) {
	rc := p.Annotations[dcplan.AnnotationDeploymentName]
	if rc == "" || p.DeletionTimestamp != nil {
		return
	}
	now := metav1.NewTime(k.now())
	switch p.Status.Phase {
	case "", corev1.PodPending:
		if k.is(k.holdPending, rc) {
			return
		}
		p.Status.Phase = corev1.PodRunning
		p.Status.StartTime = &now
		p.Status.ContainerStatuses = []corev1.ContainerStatus{{Name: containerName(p), Image: containerImage(p), Ready: true,
			State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: now}}}}
	case corev1.PodRunning:
		code := int32(0)
		switch {
		case isHook(p):
			p.Status.Phase = corev1.PodSucceeded
		case !k.preHookDone(ctx, rc, p), k.is(k.hold, rc):
			return
		case k.is(k.fail, rc):
			p.Status.Phase, code = corev1.PodFailed, 1
		default:
			if !k.deploy(ctx, p.Annotations[dcplan.AnnotationConfigName], rc) {
				return
			}
			p.Status.Phase = corev1.PodSucceeded
		}
		p.Status.ContainerStatuses = []corev1.ContainerStatus{{Name: containerName(p), Image: containerImage(p),
			State: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{ExitCode: code, FinishedAt: now}}}}
	default:
		return
	}
	_, _ = k.kube.CoreV1().Pods(k.ns).UpdateStatus(ctx, p, metav1.UpdateOptions{})
}

// containerName is the name of p's first container, "" for none.
func containerName(p *corev1.Pod) string {
	if len(p.Spec.Containers) == 0 {
		return ""
	}
	return p.Spec.Containers[0].Name
}

// containerImage is the image of p's first container, "" for none.
func containerImage(p *corev1.Pod) string {
	if len(p.Spec.Containers) == 0 {
		return ""
	}
	return p.Spec.Containers[0].Image
}
