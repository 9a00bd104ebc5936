package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"

	autoscalingv1 "k8s.io/api/autoscaling/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	"github.com/dcplan/dcplan"
)

// Kubelet plays, for one namespace of a real API server, the node agent
// and the deployer process that examples/kube does not run: every tick it
// moves each deployer and hook pod one step Pending → Running → Succeeded
// (or Failed) through pods/status. While a deployer pod runs, it does what
// the deployer image does: for a DC with a pre hook (its RC's encoded DC
// has strategy.recreateParams.pre) it creates the hook pod <rc>-hook-pre
// (labelled for the RC, no owner reference) and waits for it to succeed,
// then scales the rollout's RC to its desired replicas and the DC's other
// RCs to zero through replicationcontrollers/scale before the pod
// succeeds. It keeps each RC's status (replicas, ready, available,
// observedGeneration) equal to its spec through
// replicationcontrollers/status, as the RC manager and kubelets would. A
// write that fails (a conflict, the server restarting) is tried again on
// the next tick.
type Kubelet struct {
	kube kubernetes.Interface
	ns   string

	mu          sync.Mutex
	holdPending map[string]bool
	hold        map[string]bool
	fail        map[string]bool
	violations  []string
}

// NewKubelet returns a Kubelet for namespace ns.
func NewKubelet(kube kubernetes.Interface, ns string) *Kubelet {
	return &Kubelet{kube: kube, ns: ns, holdPending: map[string]bool{}, hold: map[string]bool{}, fail: map[string]bool{}}
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
	for _, p := range pods {
		if isHook(&p) {
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

// stepPod moves one deployer pod one phase on.
func (k *Kubelet) stepPod(ctx context.Context, p *corev1.Pod) {
	rc := p.Annotations[dcplan.AnnotationDeploymentName]
	if rc == "" || p.DeletionTimestamp != nil {
		return
	}
	now := metav1.Now()
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

// hookSuffix names the pre hook pod of an RC: <rc>-hook-pre.
const hookSuffix = "-hook-pre"

// isHook reports whether p is a hook pod: labelled for an RC, not its
// deployer pod.
func isHook(p *corev1.Pod) bool {
	rc := p.Labels[dcplan.LabelDeployerPodFor]
	return rc != "" && p.Name != rc+"-deploy"
}

// preHookDone runs the pre hook of RC rc as the deployer image does: when
// the DC the RC encodes has one, it creates <rc>-hook-pre once and reports
// true when that pod has succeeded; without a hook it reports true.
func (k *Kubelet) preHookDone(ctx context.Context, rc string, deployer *corev1.Pod) bool {
	pods := k.kube.CoreV1().Pods(k.ns)
	hook, err := pods.Get(ctx, rc+hookSuffix, metav1.GetOptions{})
	if err == nil {
		return hook.Status.Phase == corev1.PodSucceeded
	}
	r, err := k.kube.CoreV1().ReplicationControllers(k.ns).Get(ctx, rc, metav1.GetOptions{})
	if err != nil {
		return false
	}
	var dc struct {
		Spec struct {
			Strategy struct {
				RecreateParams *struct {
					Pre *json.RawMessage `json:"pre"`
				} `json:"recreateParams"`
			} `json:"strategy"`
		} `json:"spec"`
	}
	if json.Unmarshal([]byte(r.Annotations[dcplan.AnnotationEncodedConfig]), &dc) != nil {
		return false
	}
	if p := dc.Spec.Strategy.RecreateParams; p == nil || p.Pre == nil {
		return true
	}
	hook = &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: rc + hookSuffix,
			Labels:      map[string]string{dcplan.LabelDeployerPodFor: rc, "openshift.io/deployer-pod.type": "hook-pre"},
			Annotations: map[string]string{dcplan.AnnotationDeploymentName: rc}},
		Spec: corev1.PodSpec{RestartPolicy: corev1.RestartPolicyNever, ServiceAccountName: deployer.Spec.ServiceAccountName,
			Containers: []corev1.Container{{Name: "lifecycle", Image: r.Spec.Template.Spec.Containers[0].Image}}},
	}
	_, _ = pods.Create(ctx, hook, metav1.CreateOptions{})
	return false
}

func containerName(p *corev1.Pod) string {
	if len(p.Spec.Containers) == 0 {
		return ""
	}
	return p.Spec.Containers[0].Name
}

func containerImage(p *corev1.Pod) string {
	if len(p.Spec.Containers) == 0 {
		return ""
	}
	return p.Spec.Containers[0].Image
}

// deploy does the deployer's work for RC target of DC dc through the
// scale subresource. It reports whether every write succeeded.
func (k *Kubelet) deploy(ctx context.Context, dc, target string) bool {
	rcs := k.kube.CoreV1().ReplicationControllers(k.ns)
	list, err := rcs.List(ctx, metav1.ListOptions{LabelSelector: dcplan.LabelConfigName + "=" + dc})
	if err != nil {
		return false
	}
	for _, rc := range list.Items {
		want := int32(0)
		if rc.Name == target {
			n, err := strconv.Atoi(rc.Annotations[dcplan.AnnotationDesiredReplicas])
			if err != nil {
				return false
			}
			want = int32(n)
		}
		if rc.Spec.Replicas != nil && *rc.Spec.Replicas == want {
			continue
		}
		scale := &autoscalingv1.Scale{ObjectMeta: metav1.ObjectMeta{Name: rc.Name, Namespace: k.ns, ResourceVersion: rc.ResourceVersion},
			Spec: autoscalingv1.ScaleSpec{Replicas: want}}
		if _, err := rcs.UpdateScale(ctx, rc.Name, scale, metav1.UpdateOptions{}); err != nil {
			return false
		}
	}
	return true
}

// syncStatus makes every RC's status follow its spec.
func (k *Kubelet) syncStatus(ctx context.Context) {
	rcs := k.kube.CoreV1().ReplicationControllers(k.ns)
	list, err := rcs.List(ctx, metav1.ListOptions{})
	if err != nil {
		return
	}
	for i := range list.Items {
		rc := list.Items[i].DeepCopy()
		want := int32(1)
		if rc.Spec.Replicas != nil {
			want = *rc.Spec.Replicas
		}
		st := &rc.Status
		if st.Replicas == want && st.ReadyReplicas == want && st.AvailableReplicas == want && st.ObservedGeneration == rc.Generation {
			continue
		}
		st.Replicas, st.ReadyReplicas, st.AvailableReplicas, st.FullyLabeledReplicas = want, want, want, want
		st.ObservedGeneration = rc.Generation
		_, _ = rcs.UpdateStatus(ctx, rc, metav1.UpdateOptions{})
	}
}
