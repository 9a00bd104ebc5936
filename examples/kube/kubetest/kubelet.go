package kubetest

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
)

// Kubelet plays the nodes and the deployer process: it moves
// deployer pods Pending → Running → Succeeded (or Failed), scaling the
// rollout's RC to its desired replicas and the DC's other RCs to zero
// before it succeeds, as the deployer does (running the DC's pre hook
// first: see preHookDone), and keeps every RC's
// status.replicas equal to its spec. Every write goes through the
// clientset; a write that fails (a conflict with the controller, say) is
// tried again on the next tick.
type Kubelet struct {
	c  *Cluster
	ns string

	mu         sync.Mutex
	hold       map[string]bool // RCs whose deployer pod stays Running
	fail       map[string]bool // RCs whose deployer pod fails
	violations []string
}

// NewKubelet returns a Kubelet for the cluster's namespace ns.
func NewKubelet(c *Cluster, ns string) *Kubelet {
	return &Kubelet{c: c, ns: ns, hold: map[string]bool{}, fail: map[string]bool{}}
}

// Run steps every tick until ctx ends.
func (k *Kubelet) Run(ctx context.Context, tick time.Duration) {
	for ctx.Err() == nil {
		k.Step(ctx)
		time.Sleep(tick)
	}
}

// Violations returns the invariant violations seen so far: more than one
// deployer pod of one DC not yet terminated.
func (k *Kubelet) Violations() []string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]string(nil), k.violations...)
}

// Hold keeps the deployer pod of RC rc Running while on.
func (k *Kubelet) Hold(rc string, on bool) { k.set(k.hold, rc, on) }

// Fail makes the deployer pod of RC rc fail while on.
func (k *Kubelet) Fail(rc string, on bool) { k.set(k.fail, rc, on) }

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

// Step does one round of the kubelet's work.
func (k *Kubelet) Step(ctx context.Context) {
	core := k.c.Kube.CoreV1()
	pods, err := core.Pods(k.ns).List(ctx, metav1.ListOptions{})
	if err != nil {
		return
	}
	running := map[string][]string{}
	for i := range pods.Items {
		p := &pods.Items[i]
		if p.Labels[dcplan.LabelDeployerPodFor] == "" || isHook(p) {
			continue
		}
		if p.Status.Phase != corev1.PodSucceeded && p.Status.Phase != corev1.PodFailed {
			dc := p.Annotations[dcplan.AnnotationConfigName]
			running[dc] = append(running[dc], p.Name)
		}
	}
	for dc, names := range running {
		if len(names) > 1 {
			k.mu.Lock()
			k.violations = append(k.violations, fmt.Sprintf("dc %s runs %d deployer pods: %v", dc, len(names), names))
			k.mu.Unlock()
		}
	}
	for i := range pods.Items {
		p := pods.Items[i].DeepCopy()
		rc := p.Annotations[dcplan.AnnotationDeploymentName]
		if p.Labels[dcplan.LabelDeployerPodFor] == "" || rc == "" {
			continue
		}
		switch p.Status.Phase {
		case "":
			p.Status.Phase = corev1.PodPending
		case corev1.PodPending:
			p.Status.Phase = corev1.PodRunning
			now := metav1.NewTime(k.c.Now)
			p.Status.StartTime = &now
		case corev1.PodRunning:
			if isHook(p) {
				p.Status.Phase = corev1.PodSucceeded
				break
			}
			if !k.preHookDone(ctx, rc, p) || k.is(k.hold, rc) {
				continue
			}
			if k.is(k.fail, rc) {
				p.Status.Phase = corev1.PodFailed
				break
			}
			if !k.deploy(ctx, p.Annotations[dcplan.AnnotationConfigName], rc) {
				continue
			}
			p.Status.Phase = corev1.PodSucceeded
		default:
			continue
		}
		_, _ = core.Pods(k.ns).UpdateStatus(ctx, p, metav1.UpdateOptions{})
	}
	rcs, err := core.ReplicationControllers(k.ns).List(ctx, metav1.ListOptions{})
	if err != nil {
		return
	}
	for i := range rcs.Items {
		rc := rcs.Items[i].DeepCopy()
		want := replicas(rc)
		if rc.Status.Replicas == want && rc.Status.ReadyReplicas == want && rc.Status.AvailableReplicas == want {
			continue
		}
		rc.Status.Replicas, rc.Status.ReadyReplicas, rc.Status.AvailableReplicas = want, want, want
		_, _ = core.ReplicationControllers(k.ns).UpdateStatus(ctx, rc, metav1.UpdateOptions{})
	}
}

// deploy does the deployer's work for RC target of DC dc: the target to
// its desired replicas, the DC's other RCs to zero. It reports whether
// every write succeeded.
func (k *Kubelet) deploy(ctx context.Context, dc, target string) bool {
	rcs := k.c.Kube.CoreV1().ReplicationControllers(k.ns)
	list, err := rcs.List(ctx, metav1.ListOptions{})
	if err != nil {
		return false
	}
	for i := range list.Items {
		rc := list.Items[i].DeepCopy()
		if rc.Annotations[dcplan.AnnotationConfigName] != dc {
			continue
		}
		want := int32(0)
		if rc.Name == target {
			n, err := strconv.Atoi(rc.Annotations[dcplan.AnnotationDesiredReplicas])
			if err != nil {
				return false
			}
			want = int32(n)
		}
		if replicas(rc) == want {
			continue
		}
		rc.Spec.Replicas = &want
		if _, err := rcs.Update(ctx, rc, metav1.UpdateOptions{}); err != nil {
			return false
		}
	}
	return true
}

// replicas is an RC's spec.replicas, 0 when unset.
func replicas(rc *corev1.ReplicationController) int32 {
	if rc.Spec.Replicas == nil {
		return 0
	}
	return *rc.Spec.Replicas
}
