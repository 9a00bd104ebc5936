package dcplan

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// genSmallSnapshot draws snapshots from small domains, so that both valid
// snapshots and every kind of violation (duplicate names and versions,
// foreign controllers sharing a version, bad counts, phases, namespaces,
// strategies, triggers, settings) turn up often, with the RC list in
// every order: ascending, descending and mixed versions.
func genSmallSnapshot(t *rapid.T) Snapshot {
	pick := func(label string, xs ...string) string { return rapid.SampledFrom(xs).Draw(t, label) }
	small := func(label string, lo, hi int) int { return rapid.IntRange(lo, hi).Draw(t, label) }
	rare := func(label string) bool { return rapid.IntRange(0, 9).Draw(t, label) == 0 }
	config := func(label string) Config {
		c := Config{Namespace: "ns", Name: "web", UID: "dc-uid", Replicas: 3}
		if rare(label + "Broken") {
			switch small(label+"How", 0, 6) {
			case 0:
				c.Name = ""
			case 1:
				c.Replicas = -1
			case 2:
				c.RevisionHistoryLimit, c.HasRevisionHistoryLimit = -1, true
			case 3:
				c.Strategy.Type = StrategyType(small(label+"Strategy", 0, 4))
			case 4:
				c.Strategy.TimeoutSeconds, c.Strategy.HasTimeout = -1, true
			case 5:
				c.Triggers = []Trigger{{Type: TriggerType(small(label+"Trigger", 0, 3))}}
			case 6:
				c.Status.LatestVersion = -1
			}
		}
		return c
	}
	s := Snapshot{Config: config("config"), Requeues: small("requeues", 0, 2)}
	if rare("badRequeues") {
		s.Requeues = -1
	}
	if rare("badSettings") {
		s.Settings.OcCancel = CancelOutput(small("cancelOutput", 0, 4))
		s.Settings.Environment = []EnvVar{{Name: pick("envName", "", "X")}}
	}
	for range small("rcs", 0, 6) {
		d := Deployment{
			Name:      pick("rcName", "web-1", "web-2", "web-3", "web-4", "web-5", "web-6", "x"),
			Namespace: pick("rcNamespace", "ns", "ns", "", "other"),
			Version:   Version(small("version", 1, 6)),
			Phase:     Phase(small("phase", 0, NumPhases-1)),
		}
		if rare("badVersion") {
			d.Version = Version(small("badVersionValue", -1, 0))
		}
		if rare("badPhase") {
			d.Phase = NumPhases
		}
		if rare("badName") {
			d.Name = ""
		}
		if rare("negative") {
			d.StatusReplicas = -1
		}
		if rapid.Bool().Draw(t, "hasController") {
			d.HasController = true
			d.Controller.UID = pick("controllerUID", "dc-uid", "other-uid")
		}
		if rapid.Bool().Draw(t, "hasEncoded") {
			d.Encoded = new(config("encoded"))
		}
		s.Deployments = append(s.Deployments, d)
	}
	for range small("pods", 0, 4) {
		p := Pod{Name: pick("podName", "web-1-deploy", "web-2-deploy", "web-3-deploy", "hook"), Namespace: pick("podNamespace", "ns", "", "other")}
		if rare("badPod") {
			p.Phase = PodUnknown + 1
		}
		s.Pods = append(s.Pods, p)
	}
	return s
}

// TestValidateProperties draws snapshots of every kind of violation and
// checks what holds for each: Validate is nil exactly when the duplicate
// names, checked here through a map, and the per-object rules, checked
// by Validate on the snapshot with each object alone, find nothing; every
// error is a *FieldError wrapping ErrInvalidSnapshot or
// ErrInvalidSettings; two calls give the same text.
func TestValidateProperties(t *testing.T) {
	var valid, invalid int
	prop := func(t *rapid.T) {
		s := genSmallSnapshot(t)
		err := s.Validate()
		if again := s.Validate(); fmt.Sprint(again) != fmt.Sprint(err) {
			t.Fatalf("Validate() twice: %v, then %v", err, again)
		}
		alone := Snapshot{Settings: s.Settings, Config: s.Config, Requeues: s.Requeues}
		ok := alone.Validate() == nil
		for _, d := range s.Deployments {
			ok = ok && (Snapshot{Config: s.Config, Deployments: []Deployment{d}}).Validate() == nil
		}
		for _, p := range s.Pods {
			ok = ok && (Snapshot{Config: s.Config, Pods: []Pod{p}}).Validate() == nil
		}
		_, _, rcDup := referenceRepeat(names(s.Deployments, rcName))
		_, _, podDup := referenceRepeat(names(s.Pods, podName))
		ok = ok && !rcDup && !podDup
		if ok != (err == nil) {
			t.Fatalf("Validate() = %v; each object alone valid and names distinct: %v", err, ok)
		}
		if err == nil {
			valid++
			return
		}
		invalid++
		for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
			var fe *FieldError
			if !errors.As(e, &fe) || !errors.Is(e, ErrInvalidSnapshot) && !errors.Is(e, ErrInvalidSettings) {
				t.Fatalf("Validate() holds %T %v, want a *FieldError wrapping ErrInvalidSnapshot or ErrInvalidSettings", e, e)
			}
		}
	}
	// Under -short a round draws 20 snapshots, too few to draw a valid one
	// for certain: check more rounds, up to five, until both kinds were
	// drawn (gen.CheckReaching's rule; fake/gen imports this package).
	for round := 0; round == 0 || round < 5 && (valid == 0 || invalid == 0); round++ {
		rapid.Check(t, prop)
	}
	if valid == 0 || invalid == 0 {
		t.Errorf("the generator drew %d valid and %d invalid snapshots; both must occur", valid, invalid)
	}
}

func names[T any](xs []T, name func(*T) string) []string {
	var out []string
	for i := range xs {
		out = append(out, name(&xs[i]))
	}
	return out
}

// referenceRepeat is firstRepeat's rule written the plain way: the first
// j whose name an earlier i holds, found through a map.
func referenceRepeat(names []string) (i, j int, found bool) {
	seen := map[string]int{}
	for k, n := range names {
		if first, ok := seen[n]; ok {
			return first, k, true
		}
		seen[n] = k
	}
	return 0, 0, false
}

// TestFirstRepeatMatchesTheMap checks firstRepeat against referenceRepeat
// on lists long and short (past the stack table's 64), sorted in each
// order its monotone pass knows and in none.
func TestFirstRepeatMatchesTheMap(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pool := []string{"web-1", "web-2", "web-9", "web-10", "web-11", "web-100", "x", "", "web"}
		for v := range rapid.IntRange(0, 200).Draw(t, "extra") {
			pool = append(pool, DeploymentName("web", Version(v+12)))
		}
		names := rapid.SliceOfN(rapid.SampledFrom(pool), 0, 300).Draw(t, "names")
		if rapid.Bool().Draw(t, "distinct") {
			slices.Sort(names)
			names = slices.Compact(names)
		}
		switch rapid.IntRange(0, 4).Draw(t, "order") {
		case 1:
			slices.Sort(names)
		case 2:
			slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(len(b), len(a)), strings.Compare(b, a)) })
		case 3:
			slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b)) })
		case 4:
			slices.Reverse(names)
		}
		wi, wj, wfound := referenceRepeat(names)
		gi, gj, gfound := firstRepeat(names, func(s *string) string { return *s })
		if gfound != wfound || gfound && (gi != wi || gj != wj) {
			t.Fatalf("firstRepeat(%q) = %d, %d, %v; the map says %d, %d, %v", names, gi, gj, gfound, wi, wj, wfound)
		}
	})
}

// TestSortedNamesNeedNoTable checks that the lists adapters and planners
// hold, names <dc>-<version> in version order either way and names sorted
// byte-wise, are proved distinct by strictlyMonotone alone.
func TestSortedNamesNeedNoTable(t *testing.T) {
	var byVersion []string
	for v := 1; v <= 120; v++ {
		byVersion = append(byVersion, DeploymentName("web", Version(v)))
	}
	descending := slices.Clone(byVersion)
	slices.Reverse(descending)
	byName := slices.Sorted(slices.Values(byVersion))
	for what, names := range map[string][]string{"by version": byVersion, "by version, descending": descending, "by name": byName} {
		if !strictlyMonotone(names, func(s *string) string { return *s }) {
			t.Errorf("names %s: strictlyMonotone says no", what)
		}
	}
}
