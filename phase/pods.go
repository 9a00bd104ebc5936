package phase

import (
	"cmp"
	"slices"
	"strings"

	"github.com/dcplan/dcplan"
)

// deployerPods returns the pods labelled openshift.io/deployer-pod-for.name
// = rc (the deployer pod and its hook pods, SPEC 1.2) that keep reports
// true for, sorted by name. It returns nil when there is none.
func deployerPods(pods []dcplan.Pod, rc string, keep func(dcplan.Pod) bool) []dcplan.Pod {
	var out []dcplan.Pod
	for i := range pods {
		if pods[i].DeployerFor == rc && keep(pods[i]) {
			out = append(out, pods[i])
		}
	}
	if len(out) > 1 {
		slices.SortFunc(out, func(a, b dcplan.Pod) int { return cmp.Compare(a.Name, b.Name) })
	}
	return out
}

func anyPod(dcplan.Pod) bool { return true }

// deploySuffix is what dcplan.DeployerPodName appends to a short RC name.
const deploySuffix = "-deploy"

// findDeployerPod returns the pod named dcplan.DeployerPodName(rc), a
// pointer into pods, or nil when there is none.
func findDeployerPod(pods []dcplan.Pod, rc string) *dcplan.Pod {
	for i := range pods {
		if isDeployerPodOf(pods[i].Name, rc) {
			return &pods[i]
		}
	}
	return nil
}

// isDeployerPodOf reports whether name is dcplan.DeployerPodName(rc). For
// the usual short names it matches "<rc>-deploy" in place, without
// building the name, so that a pass at rest allocates nothing.
func isDeployerPodOf(name, rc string) bool {
	if len(rc)+len(deploySuffix) > dcplan.MaxPodNameLength {
		return name == dcplan.DeployerPodName(rc)
	}
	return len(name) == len(rc)+len(deploySuffix) && strings.HasPrefix(name, rc) && strings.HasSuffix(name, deploySuffix)
}

// cleanup returns the deletions of every deployer and hook pod of d, sorted
// by pod name, or nil when there is none (SPEC 4.6 "Cleanup"). Pods already
// being deleted are deleted again, as upstream does: the delete is
// idempotent and the adapter treats NotFound as success.
//
// Ports: deployer_controller.go (*DeploymentController).cleanupDeployerPods.
func cleanup(all []dcplan.Pod, d *dcplan.Deployment, rule dcplan.Rule, graceZero bool) []dcplan.DeletePod {
	pods := deployerPods(all, d.Name, anyPod)
	if len(pods) == 0 {
		return nil
	}
	out := make([]dcplan.DeletePod, len(pods))
	for i, p := range pods {
		out[i] = dcplan.DeletePod{Rule: rule, Pod: p.Name, RC: d.Name, GracePeriodZero: graceZero}
	}
	return out
}

// owners returns an owner-reference patch for every deployer and hook pod of
// d that has no owner reference at all, sorted by pod name, or nil (SPEC
// 4.6 "Owner refs"). Pods with any owner, even another one, are left alone.
//
// Ports: deployer_controller.go (*DeploymentController).setDeployerPodsOwnerRef.
func owners(all []dcplan.Pod, d *dcplan.Deployment) []dcplan.SetPodOwner {
	pods := deployerPods(all, d.Name, func(p dcplan.Pod) bool { return len(p.Owners) == 0 })
	if len(pods) == 0 {
		return nil
	}
	out := make([]dcplan.SetPodOwner, len(pods))
	for i, p := range pods {
		out[i] = dcplan.SetPodOwner{Rule: ruleOwners, Pod: p.Name, RC: d.Name, RCUID: d.UID}
	}
	return out
}
