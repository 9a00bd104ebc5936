package gen_test

import (
	"slices"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/gen"
)

// TestGenSnapshotDrawsRareWorlds: Snapshot draws, now and then, the hand
// edits and in-between states a cluster holds (SPEC 13.1), each of which
// no generated world held once, so that every property test meets them:
// two RCs of one version (a restore's twin); an RC two or more versions
// above status.latestVersion, which the DC controller catches up one
// version a pass (SPEC 3.2.7), a lag of one could not tell from a jump;
// an encoded-config annotation that does not decode; an orphan being
// deleted, which is never adopted (SPEC 3.3.2); a New RC with the
// deployer-pod ignore annotation and no deployer pod (SPEC 4.3.new.4); a
// phase annotation no phase spells; a desired-replicas annotation that is
// no number; an RC without its config-name annotation; a pod being
// deleted; a DC with minReadySeconds or the ignore annotation its new
// RCs inherit; an adoption recheck (SPEC 3.3.2) that found another DC of
// the name.
func TestGenSnapshotDrawsRareWorlds(t *testing.T) {
	const draws = 1000
	rc := func(f func(dcplan.Snapshot, dcplan.Deployment) bool) func(dcplan.Snapshot) bool {
		return func(s dcplan.Snapshot) bool {
			return slices.ContainsFunc(s.Deployments, func(d dcplan.Deployment) bool { return f(s, d) })
		}
	}
	tests := []struct {
		name string
		has  func(dcplan.Snapshot) bool
		min  int // of draws
	}{
		{"two RCs of one version", func(s dcplan.Snapshot) bool {
			seen := map[dcplan.Version]bool{}
			return slices.ContainsFunc(s.Deployments, func(d dcplan.Deployment) bool {
				twin := d.Version > 0 && seen[d.Version]
				seen[d.Version] = true
				return twin
			})
		}, 50},
		{"an RC two or more versions above latestVersion", rc(func(s dcplan.Snapshot, d dcplan.Deployment) bool {
			return d.Version > s.Config.Status.LatestVersion+1
		}), 20},
		{"an encoded config that does not decode", rc(func(_ dcplan.Snapshot, d dcplan.Deployment) bool {
			return d.Encoded == nil && d.EncodedProblem != ""
		}), 20},
		{"an orphan the DC selects, being deleted", rc(func(s dcplan.Snapshot, d dcplan.Deployment) bool {
			return d.Deleting && !d.HasController && d.ConfigLabel == s.Config.Name
		}), 10},
		{"a New RC to ignore, without its deployer pod", rc(func(s dcplan.Snapshot, d dcplan.Deployment) bool {
			_, found := s.Pod(dcplan.DeployerPodName(d.Name))
			return d.Phase == dcplan.PhaseNew && d.IgnoreDeployerPod && !found
		}), 10},
		{"a misspelled phase", rc(func(_ dcplan.Snapshot, d dcplan.Deployment) bool { return d.PhaseSpelling != "" }), 20},
		{"an unread desired-replicas", rc(func(_ dcplan.Snapshot, d dcplan.Deployment) bool { return d.UnreadDesiredReplicas }), 20},
		{"no config-name annotation", rc(func(_ dcplan.Snapshot, d dcplan.Deployment) bool { return d.ConfigName == "" }), 20},
		{"a pod being deleted", func(s dcplan.Snapshot) bool {
			return slices.ContainsFunc(s.Pods, func(p dcplan.Pod) bool { return p.Deleting })
		}, 20},
		{"an adoption recheck that finds another DC", func(s dcplan.Snapshot) bool {
			return s.Recheck.Done && s.Recheck.UID != "" && s.Recheck.UID != s.Config.UID
		}, 20},
		{"minReadySeconds", func(s dcplan.Snapshot) bool { return s.Config.MinReadySeconds > 0 }, 50},
		// Most worlds hold a rollout: every planner's property is about
		// RCs, and rapid, drawing lengths from 0 up, left more than half
		// of the worlds without one. A world without RCs is drawn still.
		{"an RC of a version", rc(func(_ dcplan.Snapshot, d dcplan.Deployment) bool { return d.Version > 0 }), 750},
		{"no RC at all", func(s dcplan.Snapshot) bool { return len(s.Deployments) == 0 }, 40},
		{"a DC whose new RCs ignore their deployer pod", func(s dcplan.Snapshot) bool { return s.Config.IgnoreDeployerPod }, 20},
	}
	seen := make([]int, len(tests))
	for i := range draws {
		s := gen.Snapshot().Example(i)
		for j, tt := range tests {
			if tt.has(s) {
				seen[j]++
			}
		}
	}
	for j, tt := range tests {
		if seen[j] < tt.min {
			t.Errorf("%s: %d of %d snapshots, want at least %d", tt.name, seen[j], draws, tt.min)
		}
	}
}
