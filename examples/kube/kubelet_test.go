package kube_test

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
)

// kubelet plays the nodes and the deployer process for the tests: it moves
// deployer pods Pending → Running → Succeeded (or Failed), scaling the
// rollout's RC to its desired replicas and the DC's other RCs to zero
// before it succeeds, as the deployer does, and keeps every RC's
// status.replicas equal to its spec. Every write goes through the
// clientset; a write that fails (a conflict with the controller, say) is
// tried again on the next tick.
type kubelet struct {
	c *cluster

	mu         sync.Mutex
	hold       map[string]bool // RCs whose deployer pod stays Running
	fail       map[string]bool // RCs whose deployer pod fails
	violations []string
}

func newKubelet(c *cluster) *kubelet {
	return &kubelet{c: c, hold: map[string]bool{}, fail: map[string]bool{}}
}

// run ticks until the test ends.
func (k *kubelet) run(t testing.TB) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		for ctx.Err() == nil {
			k.step(ctx)
			time.Sleep(3 * time.Millisecond)
		}
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		k.mu.Lock()
		defer k.mu.Unlock()
		for _, v := range k.violations {
			t.Errorf("invariant: %s", v)
		}
	})
}

func (k *kubelet) set(m map[string]bool, rc string, on bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	m[rc] = on
}

func (k *kubelet) is(m map[string]bool, rc string) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	return m[rc]
}

// step does one round of the kubelet's work.
func (k *kubelet) step(ctx context.Context) {
	core := k.c.kube.CoreV1()
	pods, err := core.Pods(ns).List(ctx, metav1.ListOptions{})
	if err != nil {
		return
	}
	running := map[string][]string{}
	for i := range pods.Items {
		p := &pods.Items[i]
		if p.Labels[dcplan.LabelDeployerPodFor] == "" {
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
			now := metav1.NewTime(epoch)
			p.Status.StartTime = &now
		case corev1.PodRunning:
			if k.is(k.hold, rc) {
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
		_, _ = core.Pods(ns).UpdateStatus(ctx, p, metav1.UpdateOptions{})
	}
	rcs, err := core.ReplicationControllers(ns).List(ctx, metav1.ListOptions{})
	if err != nil {
		return
	}
	for i := range rcs.Items {
		rc := rcs.Items[i].DeepCopy()
		want := ptrVal(rc.Spec.Replicas)
		if rc.Status.Replicas == want && rc.Status.ReadyReplicas == want && rc.Status.AvailableReplicas == want {
			continue
		}
		rc.Status.Replicas, rc.Status.ReadyReplicas, rc.Status.AvailableReplicas = want, want, want
		_, _ = core.ReplicationControllers(ns).UpdateStatus(ctx, rc, metav1.UpdateOptions{})
	}
}

// deploy does the deployer's work for RC target of DC dc: the target to
// its desired replicas, the DC's other RCs to zero. It reports whether
// every write succeeded.
func (k *kubelet) deploy(ctx context.Context, dc, target string) bool {
	rcs := k.c.kube.CoreV1().ReplicationControllers(ns)
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
		if ptrVal(rc.Spec.Replicas) == want {
			continue
		}
		rc.Spec.Replicas = &want
		if _, err := rcs.Update(ctx, rc, metav1.UpdateOptions{}); err != nil {
			return false
		}
	}
	return true
}
