package dcplan

import (
	"cmp"
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

// TestValidAgreesWithViolations pins the fast path of Validate to the
// path that builds the errors: for every drawn snapshot, valid() is true
// exactly when violations() finds nothing.
func TestValidAgreesWithViolations(t *testing.T) {
	var valid, invalid int
	rapid.Check(t, func(t *rapid.T) {
		s := genSmallSnapshot(t)
		fast, slow := s.valid(), s.violations()
		if fast != (slow == nil) {
			t.Fatalf("valid() = %v but violations() = %v", fast, slow)
		}
		if fast {
			valid++
		} else {
			invalid++
		}
	})
	if valid == 0 || invalid == 0 {
		t.Errorf("the generator drew %d valid and %d invalid snapshots; both must occur", valid, invalid)
	}
}

// TestNameOrderProvesDistinct checks the sorted-list fast path of the
// duplicate checks: whenever nameOrder says a list is strictly monotone,
// its names are distinct, and lists sorted by version (names
// <dc>-<version>) or by name are recognised as such.
func TestNameOrderProvesDistinct(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		names := rapid.SliceOfN(rapid.SampledFrom([]string{"web-1", "web-2", "web-9", "web-10", "web-11", "web-100", "x", "", "web"}), 1, 8).Draw(t, "names")
		switch rapid.IntRange(0, 4).Draw(t, "order") {
		case 1:
			slices.Sort(names)
		case 2:
			slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(len(b), len(a)), strings.Compare(b, a)) })
		case 3:
			slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b)) })
		}
		o := nameOrder{prev: names[0], orders: allOrders}
		monotone := true
		for _, n := range names[1:] {
			if !o.add(n) {
				monotone = false
				break
			}
		}
		seen := map[string]bool{}
		distinct := true
		for _, n := range names {
			distinct = distinct && !seen[n]
			seen[n] = true
		}
		if monotone && !distinct {
			t.Fatalf("nameOrder calls %q monotone, but it repeats a name", names)
		}
	})
	var byVersion []string
	for v := 1; v <= 120; v++ {
		byVersion = append(byVersion, DeploymentName("web", Version(v)))
	}
	byName := slices.Sorted(slices.Values(byVersion))
	for what, names := range map[string][]string{"by version": byVersion, "by version, descending": reversed(byVersion), "by name": byName} {
		o := nameOrder{prev: names[0], orders: allOrders}
		for _, n := range names[1:] {
			if !o.add(n) {
				t.Errorf("names %s: nameOrder gives up at %q", what, n)
				break
			}
		}
	}
}

func reversed(s []string) []string {
	out := slices.Clone(s)
	slices.Reverse(out)
	return out
}

// TestKeyOrderProvesDistinct checks the first duplicate check of the RCs:
// whenever keyOrder says a list is strictly monotone, its names are
// distinct, and lists in version order (names <dc>-<version>, short and
// long DC names), ascending or descending, are recognised as such.
func TestKeyOrderProvesDistinct(t *testing.T) {
	follow := func(names []string) keyOrder {
		o := keyOrder{up: true, down: true}
		for i, n := range names {
			o.add(i, len(n), nameKey(n))
		}
		return o
	}
	rapid.Check(t, func(t *rapid.T) {
		names := rapid.SliceOfN(rapid.SampledFrom([]string{
			"web-1", "web-2", "web-9", "web-10", "web-11", "web-100", "x", "xy", "yx", "", "web",
			"frontend-12", "frontenc-12", "a-frontend-12", "b-frontend-12", "web-12345678", "wex-12345678",
		}), 1, 8).Draw(t, "names")
		if rapid.Bool().Draw(t, "sorted") {
			slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b)) })
		}
		o := follow(names)
		seen := map[string]bool{}
		distinct := true
		for _, n := range names {
			distinct = distinct && !seen[n]
			seen[n] = true
		}
		if (o.up || o.down) && !distinct {
			t.Fatalf("keyOrder calls %q monotone, but it repeats a name", names)
		}
	})
	for _, dc := range []string{"w", "web", "frontend-api"} {
		var byVersion []string
		for v := 1; v <= 1200; v++ {
			byVersion = append(byVersion, DeploymentName(dc, Version(v)))
		}
		if o := follow(byVersion); !o.up {
			t.Errorf("names of DC %q by version: keyOrder gives up", dc)
		}
		if o := follow(reversed(byVersion)); !o.down {
			t.Errorf("names of DC %q by version, descending: keyOrder gives up", dc)
		}
	}
}

// TestNamespacesMatchAgreesWithSameNamespace holds namespacesMatch, which
// compares short namespaces by loads, to sameNamespace, the rule it
// applies to every RC: namespaces of every length up to 20 bytes, equal or
// differing in one byte anywhere, or in length.
func TestNamespacesMatchAgreesWithSameNamespace(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		ns := rapid.StringMatching(`[a-c]{0,20}`).Draw(t, "ns")
		got := ns
		switch rapid.IntRange(0, 3).Draw(t, "edit") {
		case 1:
			if len(got) > 0 {
				i := rapid.IntRange(0, len(got)-1).Draw(t, "at")
				got = got[:i] + "z" + got[i+1:]
			}
		case 2:
			got = rapid.StringMatching(`[a-c]{0,20}`).Draw(t, "other")
		case 3:
			got = ""
		}
		rcs := []Deployment{{Name: "web-1", Namespace: ns}, {Name: "web-2", Namespace: got}}
		if want := sameNamespace(ns, ns) && sameNamespace(ns, got); namespacesMatch(ns, rcs) != want {
			t.Fatalf("namespacesMatch(%q, [%q %q]) = %v, sameNamespace says %v", ns, ns, got, !want, want)
		}
	})
}
