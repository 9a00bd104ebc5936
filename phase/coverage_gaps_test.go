package phase_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/phase"
)

// TestNewUndecodableEncodedConfig: an RC in New whose encoded-deployment-
// config annotation is present but does not decode gets the codec's own
// complaint, not the missing-annotation text (SPEC 4.3.new.2, 1.7 "decode
// error (... or codec error)"): a wait without a write, and for Origin
// (which decodes only to build the pod, 7.22) the same complaint inside
// the fatal "couldn't make deployer pod" text.
func TestNewUndecodableEncodedConfig(t *testing.T) {
	const why = "couldn't get version/kind; json parse error: unexpected end of JSON input"
	s, err := scenario.ParseState([]string{
		"now 2026-11-30T10:00:00Z",
		"settings image=registry.example/deployer:v4 sa=deployer",
		"dc web replicas=3",
		"rc web-1 phase=New created=now-1m desired=3",
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Deployments[0].Encoded, s.Deployments[0].EncodedProblem = nil, why
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		profile dcplan.Preset
		want    string
	}{
		{dcplan.Modern, `wait config-decode "` + why + `"`},
		{dcplan.Origin10, `wait config-decode "fatal error handling rollout: couldn't make deployer pod for \"ns/web-1\": ` + why + `" error=fatal`},
	} {
		t.Run(tt.profile.String(), func(t *testing.T) {
			s := s
			s.Settings.Switches = tt.profile.Switches()
			got := strings.TrimSuffix(dcplan.Describe(phase.Step(s, "web-1")), "\n")
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Step() mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// TestStepAllPodNamedForOneRCLabelledForAnother: a pod named as web-2's
// deployer but labelled openshift.io/deployer-pod-for.name=web-1 is read
// by both RCs' steps, web-2's by name and web-1's by label (SPEC 4.3: the
// deployer looks its pod up by name, cleanup lists by label). StepAll,
// which groups the pods per RC to stay linear, must hand it to both: its
// plan is the one of stepping each RC, newest first.
func TestStepAllPodNamedForOneRCLabelledForAnother(t *testing.T) {
	s, err := scenario.ParseState([]string{
		"now 2026-11-30T10:00:00Z",
		"settings image=registry.example/deployer:v4 sa=deployer",
		"dc web replicas=3 latest=2",
		"rc web-1 phase=Running created=now-10m desired=3 cancelled",
		"rc web-2 phase=New created=now-1m desired=3",
		"pod web-2-deploy for=web-1 phase=Running owners=rc:web-1",
	})
	if err != nil {
		t.Fatal(err)
	}
	want := phase.Step(s, "web-2").Merge(phase.Step(s, "web-1"))
	got := phase.StepAll(s)
	if d := cmp.Diff(dcplan.Describe(want), dcplan.Describe(got)); d != "" {
		t.Errorf("StepAll() differs from Step per RC (-want +got):\n%s", d)
	}
}

// TestStepAllButInvalidSnapshot: StepAllBut, like StepAll, plans nothing
// for an invalid snapshot, even one with work to do.
func TestStepAllButInvalidSnapshot(t *testing.T) {
	s := snapshot(dcplan.Modern, []dcplan.Deployment{testRC(1, dcplan.PhaseNew)})
	s.Config.Replicas = -1
	if p := phase.StepAllBut(s, nil); !p.IsEmpty() {
		t.Errorf("StepAllBut(invalid) = %s, want an empty plan", dcplan.Describe(p))
	}
}

// TestStepAllTiesByNameDescending: RCs that share a version (SPEC 13.1)
// are stepped in CompareDeployments order reversed, the greater name
// first (SPEC 11 item 9), so a shared pass (StepAllBut, one deployer pod
// at a time, 3.4) starts the pod of copy-b, not of copy-a, whatever the
// list order.
func TestStepAllTiesByNameDescending(t *testing.T) {
	for _, order := range [][]string{{"copy-a", "copy-b"}, {"copy-b", "copy-a"}} {
		lines := []string{
			"now 2026-11-30T10:00:00Z",
			"settings image=registry.example/deployer:v4 sa=deployer",
			"dc web replicas=3 latest=2",
		}
		for _, name := range order {
			lines = append(lines, "rc "+name+" v=2 phase=New created=now-1m desired=3")
		}
		s, err := scenario.ParseState(lines)
		if err != nil {
			t.Fatal(err)
		}
		var all, shared []string
		for _, c := range phase.StepAll(s).CreatePods {
			all = append(all, c.Pod.RC)
		}
		for _, c := range phase.StepAllBut(s, nil).CreatePods {
			shared = append(shared, c.Pod.RC)
		}
		if d := cmp.Diff([]string{"copy-b", "copy-a"}, all); d != "" {
			t.Errorf("list %v: StepAll deployer pods (-want +got):\n%s", order, d)
		}
		if d := cmp.Diff([]string{"copy-b"}, shared); d != "" {
			t.Errorf("list %v: StepAllBut deployer pods (-want +got):\n%s", order, d)
		}
	}
}
