package phase

import (
	"slices"
	"strings"

	"github.com/dcplan/dcplan"
)

// StepAll plans one pass of the deployer controller over every RC of s
// that its informer queues on its own: the RCs carrying the
// openshift.io/deployment-config.name annotation, with a value or empty
// (SPEC 4.7, 5.12), as a relist queues them. An RC without it is queued
// only by a change of one of its pods, which a snapshot does not show:
// ask Step for it then. StepAll validates s first, once, and plans Step
// for each such RC, newest version first (ties by name descending),
// then, with the SeedPodController switch, DeployerPod for each pod in name order (the
// seed-era deployer-pod controller, which is what moves an Origin RC along
// with its pod), except the pods of an RC the first half already writes:
// two updates of one RC in a pass would carry the same resourceVersion, so
// the pod waits for the next pass. The plans are concatenated field by field; the first
// non-empty Wait and Message win and the earliest RecheckAfter is kept, as
// dcplan.Plan.Merge does.
//
// It returns an empty plan for an invalid snapshot and when every RC is at
// its fixed point.
//
// Ports: the work queues of the deployer controller (and, in Origin, the
// deployer-pod controller) draining one item per RC (per pod).
func StepAll(s dcplan.Snapshot) dcplan.Plan {
	if s.Validate() != nil {
		return dcplan.Plan{}
	}
	return stepAll(&s, nil)
}

// StepAllBut is StepAll for a pass that shares its snapshot with another
// controller's plan (reconcile.All): it skips the RCs busy reports (the
// ones the other plan adopts, releases, cancels, scales, deletes or
// creates, and the pods of those RCs), and it starts at most one deployer
// pod, the newest RC's, so that a merged plan never writes an RC twice,
// never creates a pod for an RC it also cancels or deletes, nor pods for
// two RCs at once (SPEC 4.3.new.4, rule 3.4 "one rollout at a time").
func StepAllBut(s dcplan.Snapshot, busy func(rc string) bool) dcplan.Plan {
	if busy == nil {
		busy = func(string) bool { return false }
	}
	if s.Validate() != nil {
		return dcplan.Plan{}
	}
	return stepAll(&s, busy)
}

// stepAll is StepAll for a validated snapshot; a non-nil busy makes it
// StepAllBut.
func stepAll(s *dcplan.Snapshot, busy func(string) bool) dcplan.Plan {
	var out dcplan.Plan
	podsOf := podsByRC(s)
	started := false
	for _, i := range newestFirst(s.Deployments) {
		d := &s.Deployments[i]
		if busy != nil && busy(d.Name) || !queuedByInformer(d) {
			continue
		}
		q := stepOn(s, podsOf[d.Name], d)
		if busy != nil && len(q.CreatePods) > 0 {
			if started {
				continue
			}
			started = true
		}
		out.Append(q)
	}
	if s.Settings.SeedPodController {
		rcIndex := make(map[string]int, len(s.Deployments))
		for i := range s.Deployments {
			rcIndex[s.Deployments[i].Name] = i
		}
		for _, i := range byName(s.Pods) {
			p := s.Pods[i]
			if busy != nil && busy(p.DeploymentName) || out.WritesRC(p.DeploymentName) {
				// the pod half leaves an RC the step half writes to the next
				// pass, whose snapshot holds the write (SPEC 13)
				continue
			}
			j, found := rcIndex[p.DeploymentName]
			var d dcplan.Deployment
			if found {
				d = s.Deployments[j]
			}
			out.Append(deployerPodOn(*s, p, d, found))
		}
	}
	return out
}

// queuedByInformer reports whether the deployer controller's informer
// queues RC d on its own adds and updates: d carries the
// openshift.io/deployment-config.name annotation, whatever its value
// (SPEC 4.7, 5.12 IsOwnedByConfig).
func queuedByInformer(d *dcplan.Deployment) bool { return d.ConfigName != "" || d.EmptyConfigName }

// podsByRC groups the pods of s by the RC they belong to, in snapshot
// order: the RC's deployer pod (dcplan.DeployerPodName) and every pod
// labelled openshift.io/deployer-pod-for.name = the RC. These are the only
// pods Step reads, so stepping an RC over its group is stepping it over s,
// in time linear in the size of the snapshot. Without pods (the common
// state of a DC at rest) it returns nil and allocates nothing.
func podsByRC(s *dcplan.Snapshot) map[string][]dcplan.Pod {
	if len(s.Pods) == 0 {
		return nil
	}
	byPodName := make(map[string]string, len(s.Deployments))
	for i := range s.Deployments {
		byPodName[dcplan.DeployerPodName(s.Deployments[i].Name)] = s.Deployments[i].Name
	}
	groups := make(map[string][]dcplan.Pod, len(s.Deployments))
	for _, p := range s.Pods {
		named, isDeployer := byPodName[p.Name]
		if p.DeployerFor != "" {
			groups[p.DeployerFor] = append(groups[p.DeployerFor], p)
		}
		if isDeployer && named != p.DeployerFor {
			groups[named] = append(groups[named], p)
		}
	}
	return groups
}

// newestFirst returns the indices of rcs ordered by version descending,
// ties by name descending, without copying the RCs.
func newestFirst(rcs []dcplan.Deployment) []int {
	idx := make([]int, len(rcs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		if rcs[a].Version != rcs[b].Version {
			if rcs[a].Version > rcs[b].Version {
				return -1
			}
			return 1
		}
		return -strings.Compare(rcs[a].Name, rcs[b].Name)
	})
	return idx
}

// byName returns the indices of pods ordered by name.
func byName(pods []dcplan.Pod) []int {
	idx := make([]int, len(pods))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return strings.Compare(pods[a].Name, pods[b].Name) })
	return idx
}
