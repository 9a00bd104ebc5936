package history_test

import (
	"cmp"
	"slices"
	"strconv"
	"testing"
	"time"

	gocmp "github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/dcplan/dcplan/wire"
)

// genHistory draws a DC and a list of its RCs shaped to reach every branch
// of Latest, Active, Prunable and ToDelete: up to 14 RCs with distinct
// names, versions from -1 (NoVersion: no latest-version annotation) to 12
// (sometimes shared by two RCs, which keep their list order, SPEC 13.1),
// any phase, 0 to 2 replicas, and a revisionHistoryLimit of 0 to 4 three
// times in four. The versions -1 and 0 reach the rule that only versions
// above 0 can be active (SPEC 5.5) and old RCs cleanup may prune whatever
// their version (SPEC 3.7.3).
func genHistory() *rapid.Generator[historyCase] {
	return rapid.Custom(func(t *rapid.T) historyCase {
		cfg := dcplan.Config{Namespace: "ns", Name: "web", UID: "dc-uid"}
		cfg.Status.LatestVersion = dcplan.Version(rapid.IntRange(0, 12).Draw(t, "latestVersion"))
		if rapid.IntRange(0, 3).Draw(t, "hasLimit") > 0 {
			cfg.HasRevisionHistoryLimit = true
			cfg.RevisionHistoryLimit = int32(rapid.IntRange(0, 4).Draw(t, "limit"))
		}
		n := rapid.IntRange(0, 14).Draw(t, "n")
		rcs := make([]dcplan.Deployment, n)
		for i := range rcs {
			v := dcplan.Version(rapid.IntRange(-1, 12).Draw(t, "version"))
			rcs[i] = dcplan.Deployment{
				Namespace: "ns",
				// The index keeps names distinct even when versions repeat.
				Name:        "web-" + strconv.Itoa(int(v)) + "-" + strconv.Itoa(i),
				ConfigLabel: "web",
				Version:     v,
				Phase: rapid.SampledFrom([]dcplan.Phase{dcplan.PhaseUnknown, dcplan.PhaseNew, dcplan.PhasePending,
					dcplan.PhaseRunning, dcplan.PhaseComplete, dcplan.PhaseComplete, dcplan.PhaseFailed}).Draw(t, "phase"),
				Replicas: dcplan.Replicas(rapid.IntRange(0, 2).Draw(t, "replicas")),
				// Template.Containers gives the values a slice the functions
				// could alias or scribble on.
				Template: wire.TemplateFor(dcplan.Container{Name: "app", Image: "app:" + strconv.Itoa(int(v))}),
			}
		}
		return historyCase{cfg: cfg, rcs: rcs}
	})
}

type historyCase struct {
	cfg dcplan.Config
	rcs []dcplan.Deployment
}

// refNewestFirst is the dumb ordering: a copy sorted by version
// descending, stable (RCs sharing a version keep their list order, SPEC
// 13.1).
func refNewestFirst(rcs []dcplan.Deployment) []dcplan.Deployment {
	out := slices.Clone(rcs)
	slices.SortStableFunc(out, func(a, b dcplan.Deployment) int { return cmp.Compare(b.Version, a.Version) })
	return out
}

// refOldestFirst is refNewestFirst ascending: RCs sharing a version keep
// their list order here too.
func refOldestFirst(rcs []dcplan.Deployment) []dcplan.Deployment {
	out := slices.Clone(rcs)
	slices.SortStableFunc(out, func(a, b dcplan.Deployment) int { return cmp.Compare(a.Version, b.Version) })
	return out
}

// refLatest is SPEC 5.6 with a sort, as upstream writes it.
func refLatest(cfg dcplan.Config, rcs []dcplan.Deployment) history.LatestInfo {
	if cfg.Status.LatestVersion == 0 || len(rcs) == 0 {
		return history.LatestInfo{}
	}
	first := refNewestFirst(rcs)[0]
	return history.LatestInfo{Candidate: &first, Exists: first.Version == cfg.Status.LatestVersion}
}

// refActive is SPEC 5.5: the first Complete RC with a version > 0 in
// newest-first order.
func refActive(rcs []dcplan.Deployment) *dcplan.Deployment {
	for _, d := range refNewestFirst(rcs) {
		if d.Phase == dcplan.PhaseComplete && d.Version > 0 {
			return &d
		}
	}
	return nil
}

// refPrunable is SPEC 3.7.3, oldest first.
func refPrunable(cfg dcplan.Config, rcs []dcplan.Deployment) []dcplan.Deployment {
	active := refActive(rcs)
	ok := active != nil
	var out []dcplan.Deployment
	for _, d := range refOldestFirst(rcs) {
		if ok && d.Version < active.Version || !ok && d.Version != cfg.Status.LatestVersion {
			out = append(out, d)
		}
	}
	return out
}

// refToDelete is SPEC 3.7 steps 1, 4 and 5.
func refToDelete(cfg dcplan.Config, rcs []dcplan.Deployment) []dcplan.Deployment {
	if !cfg.HasRevisionHistoryLimit {
		return nil
	}
	p := refPrunable(cfg, rcs)
	excess := len(p) - int(cfg.RevisionHistoryLimit)
	var out []dcplan.Deployment
	for i := 0; i < excess; i++ {
		if p[i].Replicas == 0 {
			out = append(out, p[i])
		}
	}
	return out
}

// historyResults is everything the ordering and cleanup functions return
// for one input.
type historyResults struct {
	Latest        history.LatestInfo
	Active        *dcplan.Deployment
	Sorted        []dcplan.Deployment
	NewestFirst   []dcplan.Deployment
	Prunable      []dcplan.Deployment
	CountPrunable int
	ToDelete      []dcplan.Deployment
	Describe      []string
}

func allResults(cfg dcplan.Config, rcs []dcplan.Deployment, now time.Time) historyResults {
	r := historyResults{
		Latest:        history.Latest(&cfg, rcs),
		Sorted:        history.Sorted(rcs),
		NewestFirst:   history.NewestFirst(rcs),
		Prunable:      history.Prunable(&cfg, rcs),
		CountPrunable: history.CountPrunable(&cfg, rcs),
		ToDelete:      history.ToDelete(&cfg, rcs),
	}
	r.Active = history.Active(rcs)
	for i, d := range rcs {
		r.Describe = append(r.Describe, history.Describe(d, i == 0, cfg.Test, now))
	}
	return r
}

// TestHistoryProperties checks Latest, Active, Sorted, NewestFirst,
// Prunable, CountPrunable and ToDelete against references written from
// SPEC 3.7, 5.5, 5.6, 5.7 (Sorted, NewestFirst) and 5.8 (Prunable) the
// obvious way (sort, filter, take), and checks
// that every one of them (and Describe) leaves its input unmutated, that
// the returned slices share no memory with it, and that shuffling the RC
// list changes no result.
//
// Reference: appsutil.LatestDeploymentInfo, ActiveDeployment,
// DeploymentsForCleanup; deploymentconfig_controller.go cleanupOldDeployments.
func TestHistoryProperties(t *testing.T) {
	var reached struct{ deletes, skipped, activePrune, noActivePrune, ties int }
	gen.CheckReaching(t, func(t *rapid.T) {
		c := genHistory().Draw(t, "history")
		now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
		cfgBefore, rcsBefore := c.cfg.Clone(), cloneRCs(c.rcs)
		got := allResults(c.cfg, c.rcs, now)
		if d := gocmp.Diff(cfgBefore, c.cfg); d != "" {
			t.Fatalf("history functions mutated the config (-before +after):\n%s", d)
		}
		if d := gocmp.Diff(rcsBefore, c.rcs); d != "" {
			t.Fatalf("history functions mutated the RC list (-before +after):\n%s", d)
		}

		if d := gocmp.Diff(refLatest(c.cfg, c.rcs), got.Latest); d != "" {
			t.Errorf("Latest() differs from the reference (-want +got):\n%s", d)
		}
		if d := gocmp.Diff(refActive(c.rcs), got.Active); d != "" {
			t.Errorf("Active() differs from the reference (-want +got):\n%s", d)
		}
		wantSorted := refNewestFirst(c.rcs)
		if d := gocmp.Diff(wantSorted, got.NewestFirst, nilIsEmpty); d != "" {
			t.Errorf("NewestFirst() differs from the reference (-want +got):\n%s", d)
		}
		if d := gocmp.Diff(refOldestFirst(c.rcs), got.Sorted, nilIsEmpty); d != "" {
			t.Errorf("Sorted() differs from the reference (-want +got):\n%s", d)
		}
		if d := gocmp.Diff(refPrunable(c.cfg, c.rcs), got.Prunable); d != "" {
			t.Errorf("Prunable() differs from the reference (-want +got):\n%s", d)
		}
		if got.CountPrunable != len(got.Prunable) {
			t.Errorf("CountPrunable() = %d, len(Prunable()) = %d", got.CountPrunable, len(got.Prunable))
		}
		if d := gocmp.Diff(refToDelete(c.cfg, c.rcs), got.ToDelete); d != "" {
			t.Errorf("ToDelete() differs from the reference (-want +got):\n%s", d)
		}
		checkToDeleteSafety(t, c, got)

		// Returned slices never alias the input: scribbling on them leaves
		// the input as it was.
		for _, out := range [][]dcplan.Deployment{got.Sorted, got.NewestFirst, got.Prunable, got.ToDelete} {
			for i := range out {
				out[i].Name, out[i].Replicas = "scribbled", -1
			}
		}
		if d := gocmp.Diff(rcsBefore, c.rcs); d != "" {
			t.Fatalf("a returned slice aliases the RC list (-before +after):\n%s", d)
		}

		// The order of the list matters only between RCs sharing a
		// version (they keep it, SPEC 13.1): with distinct versions the
		// results do not depend on it.
		if !hasSharedVersion(c.rcs) {
			shuffled := rapid.Permutation(c.rcs).Draw(t, "order")
			again := allResults(c.cfg, shuffled, now)
			again.Describe = nil // per RC, and "first" is positional
			fresh := allResults(c.cfg, c.rcs, now)
			fresh.Describe = nil
			if d := gocmp.Diff(fresh, again); d != "" {
				t.Fatalf("history results depend on the RC order (-in order +shuffled):\n%s", d)
			}
		}

		fresh := allResults(c.cfg, c.rcs, now)
		if len(got.ToDelete) > 0 {
			reached.deletes++
		}
		if len(fresh.Prunable)-int(c.cfg.RevisionHistoryLimit) > len(fresh.ToDelete) && c.cfg.HasRevisionHistoryLimit && len(fresh.Prunable) > int(c.cfg.RevisionHistoryLimit) {
			reached.skipped++
		}
		if got.Active != nil && len(fresh.Prunable) > 0 {
			reached.activePrune++
		}
		if got.Active == nil && len(fresh.Prunable) > 0 {
			reached.noActivePrune++
		}
		if len(c.rcs) > 1 && hasSharedVersion(c.rcs) {
			reached.ties++
		}
	}, func() bool {
		return reached.deletes > 0 && reached.skipped > 0 && reached.activePrune > 0 && reached.noActivePrune > 0 && reached.ties > 0
	})
	// The properties above are vacuous unless the generator reaches the
	// interesting branches; insist that it does.
	if reached.deletes == 0 || reached.skipped == 0 || reached.activePrune == 0 || reached.noActivePrune == 0 || reached.ties == 0 {
		t.Errorf("generator did not reach every branch: %+v", reached)
	}
}

// checkToDeleteSafety checks the promises of SPEC 0 rule 10 and 3.7
// directly, independent of the reference: never the active RC or anything
// newer, never the latest version, never an RC with replicas, and never
// more than the excess over the limit.
func checkToDeleteSafety(t *rapid.T, c historyCase, got historyResults) {
	if !c.cfg.HasRevisionHistoryLimit && got.ToDelete != nil {
		t.Fatalf("ToDelete() deletes without a revisionHistoryLimit: %v", names(got.ToDelete))
	}
	if excess := len(got.Prunable) - int(c.cfg.RevisionHistoryLimit); len(got.ToDelete) > max(excess, 0) {
		t.Fatalf("ToDelete() deletes %d RCs, excess over the limit is %d", len(got.ToDelete), excess)
	}
	for _, d := range got.ToDelete {
		if d.Replicas != 0 {
			t.Fatalf("ToDelete() deletes %s with %d replicas", d.Name, d.Replicas)
		}
		if got.Active != nil && d.Version >= got.Active.Version {
			t.Fatalf("ToDelete() deletes %s, not older than the active %s", d.Name, got.Active.Name)
		}
		if got.Active == nil && d.Version == c.cfg.Status.LatestVersion {
			t.Fatalf("ToDelete() deletes %s of the latest version", d.Name)
		}
	}
	if !slices.IsSortedFunc(got.ToDelete, func(a, b dcplan.Deployment) int { return cmp.Compare(a.Version, b.Version) }) {
		t.Fatalf("ToDelete() not oldest first: %v", names(got.ToDelete))
	}
}

func hasSharedVersion(rcs []dcplan.Deployment) bool {
	seen := map[dcplan.Version]bool{}
	for _, d := range rcs {
		if seen[d.Version] {
			return true
		}
		seen[d.Version] = true
	}
	return false
}

func cloneRCs(rcs []dcplan.Deployment) []dcplan.Deployment {
	if rcs == nil {
		return nil
	}
	out := make([]dcplan.Deployment, len(rcs))
	for i, d := range rcs {
		out[i] = d.Clone()
	}
	return out
}

// nilIsEmpty treats a nil and an empty slice alike: the dumb reference
// clones an empty list into an empty, non-nil slice.
var nilIsEmpty = gocmp.Comparer(func(a, b []dcplan.Deployment) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	return slices.EqualFunc(a, b, func(x, y dcplan.Deployment) bool { return gocmp.Equal(x, y) })
})

// TestSnapshotFunctionsOrderFree checks, on the shared snapshot generator,
// that List, RollbackTarget and Rollback leave the snapshot unmutated and
// give the same result whatever the order of the RC and pod lists.
func TestSnapshotFunctionsOrderFree(t *testing.T) {
	rolledBack := 0
	gen.CheckReaching(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		// gen.Snapshot holds no RC in half its draws, and a version drawn
		// from 0 to 7 named none of the others' in most, so that
		// Rollback planned in one check in thirty: an RC is added to a
		// snapshot without one, and to is mostly an RC's version.
		if len(s.Deployments) == 0 {
			v := dcplan.Version(rapid.IntRange(1, int(s.Config.Status.LatestVersion)+1).Draw(t, "addedVersion"))
			s.Deployments = append(s.Deployments, gen.Deployment(s.Config, v).Draw(t, "addedRC"))
		}
		to := dcplan.Version(rapid.IntRange(0, 7).Draw(t, "to"))
		if rapid.IntRange(0, 3).Draw(t, "toHeld") > 0 {
			to = max(rapid.SampledFrom(s.Deployments).Draw(t, "toRC").Version, 0)
		}
		opts := history.RollbackOptions{
			IncludeTriggers:        rapid.Bool().Draw(t, "triggers"),
			IncludeStrategy:        rapid.Bool().Draw(t, "strategy"),
			IncludeScalingSettings: rapid.Bool().Draw(t, "scaling"),
			DryRun:                 rapid.Bool().Draw(t, "dryRun"),
		}
		type results struct {
			List      []history.Revision
			Target    dcplan.Deployment
			TargetErr string
			Plan      dcplan.Plan
			Config    dcplan.Config
			Warnings  []string
			Err       string
		}
		run := func(s dcplan.Snapshot) results {
			var r results
			var err error
			r.List = history.List(s)
			r.Target, err = history.RollbackTarget(s, to)
			r.TargetErr = lrErrString(err)
			r.Plan, r.Config, r.Warnings, err = history.Rollback(s, to, opts)
			r.Err = lrErrString(err)
			return r
		}
		before := s.Clone()
		got := run(s)
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("List/RollbackTarget/Rollback mutated the snapshot (-before +after):\n%s", d)
		}
		shuffled := s.Clone()
		shuffled.Deployments = gen.Reorder(shuffled.Deployments).Draw(t, "rcs")
		shuffled.Pods = rapid.Permutation(shuffled.Pods).Draw(t, "pods")
		if d := gocmp.Diff(got, run(shuffled)); d != "" {
			t.Fatalf("results depend on the input order (-in order +shuffled):\n%s", d)
		}
		if got.Err == "" {
			rolledBack++
		}
	}, func() bool { return rolledBack > 0 })
	if rolledBack == 0 {
		t.Errorf("Rollback never succeeded: the properties judged its refusals only")
	}
}

// TestDescribeDeterministic checks that Describe is a function of the RC
// and the clock only, and that it never reads the wall clock: the same
// inputs give the same line, and moving now and the creation time together
// changes nothing.
func TestDescribeDeterministic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genHistory().Filter(func(c historyCase) bool { return len(c.rcs) > 0 }).Draw(t, "history")
		d := rapid.SampledFrom(c.rcs).Draw(t, "rc")
		age := time.Duration(rapid.Int64Range(-int64(time.Hour), 400*24*int64(time.Hour)).Draw(t, "age"))
		d.CreationTime = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		shift := time.Duration(rapid.IntRange(0, 1000).Draw(t, "shift")) * time.Hour
		first, test := rapid.Bool().Draw(t, "first"), rapid.Bool().Draw(t, "test")
		a := history.Describe(d, first, test, d.CreationTime.Add(age))
		moved := d
		moved.CreationTime = d.CreationTime.Add(shift)
		b := history.Describe(moved, first, test, moved.CreationTime.Add(age))
		if a != b {
			t.Fatalf("Describe() depends on absolute time: %q vs %q", a, b)
		}
	})
}
