package explore_test

import (
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var (
	mutants     = flag.Bool("mutants", false, "apply each deliberate bug of TestMutants to a copy of the module and check that a test kills it (minutes)")
	mutantsOnly = flag.Bool("mutants.explorer", false, "with -mutants, try the explorer alone as killer (to measure the properties' strength)")
)

// mutant is one deliberate bug: old, found exactly once in file, becomes
// new. killers are the test runs (package and -run pattern) that must
// fail with it, tried in order until one does.
type mutant struct {
	name, why string
	file      string
	old, new  string
	killers   [][2]string
}

// explorer is the kill of last resort: Modern's searches of the explorer
// at the CI bounds (TestExplore's subtests search/Modern/... with
// -explore.ci) and from a world with history to prune
// (TestExploreHistory).
var explorer = [2]string{"./fake/explore", "TestExploreHistory|TestExplore$/search/Modern"}

var mutantList = []mutant{
	{name: "history limit off by one", why: "cleanup keeps one RC fewer than revisionHistoryLimit",
		file: "history/prune.go", old: "considered := candidates[:len(candidates)-limit]", new: "considered := candidates[:min(len(candidates)-limit+1, len(candidates))]",
		killers: [][2]string{{"./history", ""}, explorer}},
	{name: "flipped transition", why: "Running may no longer become Complete",
		file: "phase/table.go", old: "	dcplan.PhaseRunning: {\n		dcplan.PhaseComplete: true,", new: "	dcplan.PhaseRunning: {\n		dcplan.PhaseComplete: false,",
		killers: [][2]string{{"./phase", ""}, explorer}},
	{name: "active guard skipped", why: "with an active RC every RC is prunable, the active one included",
		file: "history/prune.go", old: "	if active != nil {\n		return newer(active, d)\n	}", new: "	if active != nil {\n		return true\n	}",
		killers: [][2]string{{"./history", ""}, explorer}},
	{name: "scale the wrong RC", why: "reconcile gives the replicas to the latest RC instead of the active one",
		file: "reconcile/scale.go", old: "	active := c.track.Active(rcs)\n	want := cfg.Replicas", new: "	active := c.tally.Latest.Candidate\n	want := cfg.Replicas",
		killers: [][2]string{{"./reconcile", ""}, explorer}},
	{name: "dropped precondition", why: "RC updates no longer carry the resourceVersion read",
		file: "wire/requests.go", old: "	cs = edit.changes(w, cs)\n", new: "	cs = cs.remove(\"metadata\", \"resourceVersion\")\n	cs = edit.changes(w, cs)\n",
		killers: [][2]string{{"./wire", ""}, explorer}},
	{name: "dropped cancel annotation", why: "a cancel writes the reason but not cancelled=true",
		file: "wire/requests.go", old: "		return cs.setAnnotation(dcplan.AnnotationCancelled, dcplan.CancelledValue).\n			setAnnotation(", new: "		return cs.setAnnotation(",
		killers: [][2]string{{"./wire", ""}, explorer}},
	{name: "status lag delayed", why: "the status-lag catch-up waits until the newest RC is terminal (issue 13)",
		file: "reconcile/config.go", old: "newest != nil && newest.Version > cfg.Status.LatestVersion {",
		new:     "newest != nil && newest.Version > cfg.Status.LatestVersion && newest.Phase.Terminal() {",
		killers: [][2]string{{"./reconcile", ""}, explorer}},
	{name: "hook pods survive cancel", why: "the deployer's cleanup deletes a cancelled RC's deployer pod but not its hook pod (SPEC 4.6)",
		file: "phase/pods.go", old: "	pods := deployerPods(all, d.Name, anyPod)\n", new: "	pods := deployerPods(all, d.Name, func(p dcplan.Pod) bool { return p.Name == dcplan.DeployerPodName(d.Name) })\n",
		killers: [][2]string{{"./phase", ""}, explorer}},
	// Issue 35 item 14: five bugs the suite let through, each now killed
	// by the test named first.
	{name: "adopt a deleting orphan", why: "the claim adopts an orphan with a deletionTimestamp (SPEC 3.3.2)",
		file: "reconcile/claim.go", old: "	case cfg.Deleting, !matches, d.Deleting:\n", new: "	case cfg.Deleting, !matches:\n",
		killers: [][2]string{{"./reconcile", "TestScenarios/claims"}, explorer}},
	{name: "adoption NotFound is an error", why: "an adoption patch answered NotFound counts as a claim error (SPEC 3.3.2)",
		file: "reconcile/claim.go", old: "				if f.Reason != dcplan.StatusNotFound {\n", new: "				if true {\n",
		killers: [][2]string{{"./reconcile", "TestScenarios/claims"}, explorer}},
	{name: "one image trigger suffices", why: "the initial rollout starts when any one of two ImageChange triggers has its image (SPEC 5.15)",
		file: "reconcile/triggers.go", old: "		if t.LastTriggeredImage == \"\" {\n			return false\n		}\n", new: "		if t.LastTriggeredImage == \"\" {\n			continue\n		}\n",
		killers: [][2]string{{"./reconcile", "TestScenarios/triggers"}, explorer}},
	{name: "cancel race without the table", why: "a Failed cancelled RC whose pod succeeds is taken as raced by success (SPEC 2.1, 2.3)",
		file: "phase/step.go", old: "	if !st.sw().FailedCancellationEveryPass && !CanTransition(st.current, dcplan.PhaseComplete) {\n		return\n	}\n", new: "",
		killers: [][2]string{{"./phase", "TestScenarios/cancel_raced_by_success"}, explorer}},
	{name: "version 0 active", why: "a Complete RC of version 0 counts as the active rollout (SPEC 5.5)",
		file: "history/latest.go", old: "d.Phase == dcplan.PhaseComplete && d.Version > 0 && (t.active == 0", new: "d.Phase == dcplan.PhaseComplete && (t.active == 0",
		killers: [][2]string{{"./history", "TestActive"}, explorer}},
	{name: "deployer pod copies empty fields", why: "the deployer pod copies a template field the template holds empty, {} (SPEC 4.5: omitempty drops it)",
		file: "wire/deployer.go", old: "		return name != \"dnsConfig\"\n", new: "		return false\n",
		killers: [][2]string{{"./wire", "TestDeployerTemplateFields|TestEncodePod"}, explorer}},
	{name: "deployer pod unowned", why: "the deployer pod is created without its owner reference to the RC (SPEC 4.5)",
		file: "wire/deployer.go", old: "	if !p.Unowned {\n", new: "	if false {\n",
		killers: [][2]string{{"./wire", "TestEncodePod|TestRequestsGolden"}, explorer}},
	{name: "deleting DC planned as any other", why: "the DC controller goes on with a DC being deleted: it creates, scales and prunes (SPEC 3.2.4)",
		file: "reconcile/config.go", old: "	if cfg.Deleting && !sw.IgnoreDeleting {\n", new: "	if false && cfg.Deleting && !sw.IgnoreDeleting {\n",
		killers: [][2]string{{"./reconcile", "TestScenarios/deleting"}, {"./fake/explore", "TestExploreDeleting"}}},
	// Three bugs only scripted and exact-count tests killed before the
	// invariants SupersedesInFlight, StatusSumsAtRest and
	// CancelDeletesPods.
	{name: "superseded rollout not cancelled", why: "the DC controller waits for an older rollout in flight without cancelling it (SPEC 0 rule 2, 3.4)",
		file: "reconcile/supersede.go", old: "return awaited(d, sw) && !d.Cancelled }) {", new: "return false && awaited(d, sw) && !d.Cancelled }) {",
		killers: [][2]string{{"./fake", "TestSimSeeds"}, explorer}},
	{name: "status never refreshed", why: "the DC controller writes no status but a version bump (SPEC 0 rule 10, 3.9)",
		file: "reconcile/status.go", old: "	if !changed {\n", new: "	if !changed || true {\n",
		killers: [][2]string{{"./fake", "TestSimSeeds"}, explorer}},
	{name: "cancel ignored by the deployer", why: "the deployer leaves a cancelled rollout's pods running, and the rollout completes (SPEC 0 rule 9, 2.3)",
		file: "phase/step.go", old: "	case st.cancelled:\n		st.plan.DeletePods = cleanup(st.pods, d, rulePendingExists, false)\n", new: "	case st.cancelled:\n",
		killers: [][2]string{{"./fake", "TestSimSeeds"}, explorer}},
	{name: "retried pod not awaited", why: "the deployer fails a retried rollout for the deleted pod its cache still shows (SPEC 4.2.expect.retry)",
		file: "phase/step.go", old: "	return p != nil && p.UID == d.RetriedPod\n", new: "	return false && p != nil && p.UID == d.RetriedPod\n",
		killers: [][2]string{{"./phase", ""}, explorer}},
	{name: "retry names no pod", why: "the retry writes no dcplan.io/retried-pod, so the deployer cannot tell the deleted pod (SPEC 4.2.expect.retry)",
		file: "cancel/retry.go", old: "		reset.RetriedPod = deletedDeployerUID(s, p.DeletePods, name)", new: "		reset.RetriedPod = \"\"",
		killers: [][2]string{{"./cancel", ""}, {"./wire", ""}, explorer}},
	{name: "deleted pod not awaited", why: "the deployer fails a retried rollout for the pod it deleted itself, still in its cache (SPEC 4.2.expect.delete)",
		file: "phase/step.go", old: "	return findDeployerPod(pods, rc) != nil\n", new: "	return false && findDeployerPod(pods, rc) != nil\n",
		killers: [][2]string{{"./phase", ""}, explorer}},
	{name: "pod deletes not expected", why: "the simulator's deployer keeps no expectations for its pod deletes (SPEC 4.2.expect.delete)",
		file: "fake/sim.go", old: "		s.expectDeletes(expectKey{it, instance}, pass, wire.ResourcePods)\n", new: "",
		killers: [][2]string{{"./fake", "TestSimOwnDeleteRace"}}},
}

// TestMutantsStillApply runs on every go test, without -mutants: each
// mutant's text must occur exactly once in its file, so a change to the
// code cannot quietly turn a mutant into a no-op that -mutants then
// reports as an error only when someone runs it.
func TestMutantsStillApply(t *testing.T) {
	for _, m := range mutantList {
		src, err := os.ReadFile(filepath.Join("../..", m.file))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(src), m.old); n != 1 {
			t.Errorf("mutant %q: %s holds its text %d times, want once (%s)", m.name, m.file, n, m.why)
		}
	}
}

// TestMutants applies each mutant of mutantList to a copy of the module
// and runs its killers: every mutant must be killed. Run with -mutants.
func TestMutants(t *testing.T) {
	if !*mutants {
		t.Skip("run with -mutants to apply the mutants (minutes: each mutant rebuilds and runs its killers)")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mutantList {
		t.Run(m.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := copyModule(root, dir); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, m.file)
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(src), m.old); n != 1 {
				t.Fatalf("%s: the mutated text occurs %d times, want once (%s)", m.file, n, m.why)
			}
			if err := os.WriteFile(path, []byte(strings.Replace(string(src), m.old, m.new, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			killers := m.killers
			if *mutantsOnly {
				killers = [][2]string{explorer}
			}
			for _, k := range killers {
				args := []string{"test", "-count=1", k[0]}
				if k[1] != "" {
					args = append(args, "-run", k[1])
				}
				if k == explorer {
					args = append(args, "-explore.ci") // the CI tier's Modern searches
				}
				cmd := exec.Command("go", args...)
				cmd.Dir = dir
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Logf("killed by go test %s -run %q: %s", k[0], k[1], firstFailure(string(out)))
					return
				}
			}
			t.Errorf("mutant survived every killer (%s)", m.why)
		})
	}
}

// firstFailure is the first failure line of go test output.
func firstFailure(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "--- FAIL") || strings.Contains(l, "panic:") {
			return strings.TrimSpace(l)
		}
	}
	return "(build failure or no FAIL line)"
}

// copyModule copies the module at src to dst, without .git.
func copyModule(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
}
