package phase_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// Reference: deployer_controller.go (*DeploymentController).makeDeployerPod
func TestBuildDeployerPod(t *testing.T) {
	big := strings.Repeat("x", dcplan.MaxInjectedEnvBytes+1)
	limit := strings.Repeat("y", dcplan.MaxInjectedEnvBytes)
	settings := dcplan.Settings{
		DeployerImage: "registry.example/deployer:v4", ServiceAccount: "deployer",
		Environment: []dcplan.EnvVar{
			{Name: "HTTP_PROXY", Value: "http://proxy"},
			{Name: "MODE", Value: "injected"},
			{Name: "HUGE", Value: big},
			{Name: "LIMIT", Value: limit},
		},
	}
	custom := func(d *dcplan.Deployment) {
		st := &d.Encoded.Strategy
		st.CustomImage = "registry.example/custom:1"
		st.CustomCommand = []string{"/bin/deploy", "--fast"}
		st.CustomEnv = []dcplan.EnvVar{{Name: "MODE", Value: "custom"}, {Name: "FROM", ValueFrom: dcplan.RawJSON(`{"fieldRef":{"fieldPath":"metadata.name"}}`)}}
		st.Resources = dcplan.RawJSON(`{"limits":{"cpu":"1"}}`)
		st.HasActiveDeadline, st.ActiveDeadlineSeconds = true, 3600
		st.Labels = []dcplan.KeyValue{{Key: "openshift.io/deployer-pod-for.name", Value: "hijack"}, {Key: "team", Value: "a"}}
		st.Annotations = []dcplan.KeyValue{{Key: "note", Value: "n"}, {Key: "openshift.io/deployment.name", Value: "hijack"}}
	}
	wantEnv := func(capped bool) []dcplan.EnvVar {
		env := []dcplan.EnvVar{
			{Name: "MODE", Value: "custom"},
			{Name: "FROM", ValueFrom: dcplan.RawJSON(`{"fieldRef":{"fieldPath":"metadata.name"}}`)},
			{Name: "HTTP_PROXY", Value: "http://proxy"},
		}
		if !capped {
			env = append(env, dcplan.EnvVar{Name: "HUGE", Value: big})
		}
		return append(env,
			dcplan.EnvVar{Name: "LIMIT", Value: limit},
			dcplan.EnvVar{Name: "OPENSHIFT_DEPLOYMENT_NAME", Value: "web-1"},
			dcplan.EnvVar{Name: "OPENSHIFT_DEPLOYMENT_NAMESPACE", Value: "ns"})
	}
	tests := []struct {
		name    string
		why     string
		profile dcplan.Preset
		rc      dcplan.Deployment
		want    dcplan.DeployerPod
	}{
		{
			name: "custom-params", why: "4.5: custom image, command and env win; injected env fills in under the 128000-byte cap; strategy labels and annotations never overwrite",
			profile: dcplan.Modern, rc: testRC(1, dcplan.PhaseNew, custom),
			want: dcplan.DeployerPod{
				Namespace: "ns", Name: "web-1-deploy", RC: "web-1", RCUID: "uid-web-1", ConfigName: "web",
				Image: "registry.example/custom:1", Command: []string{"/bin/deploy", "--fast"}, Env: wantEnv(true),
				Resources: dcplan.RawJSON(`{"limits":{"cpu":"1"}}`), ActiveDeadlineSeconds: 3600, ServiceAccount: "deployer",
				Labels: []dcplan.KeyValue{{Key: "openshift.io/deployer-pod-for.name", Value: "web-1"}, {Key: "team", Value: "a"}},
				Annotations: []dcplan.KeyValue{
					{Key: "note", Value: "n"},
					{Key: "openshift.io/deployment-config.name", Value: "web"},
					{Key: "openshift.io/deployment.name", Value: "web-1"},
				},
				CopyFields: dcplan.ModernTemplateFields,
			},
		},
		{
			name: "custom-params/origin", why: "7.31: the seed pod: deadline always 21600, no env cap, no owner ref, no dc annotation, no modern pod spec fields",
			profile: dcplan.Origin, rc: testRC(1, dcplan.PhaseNew, custom),
			want: dcplan.DeployerPod{
				Namespace: "ns", Name: "web-1-deploy", RC: "web-1", RCUID: "uid-web-1", Unowned: true, SeedSpec: true, ConfigName: "web",
				Image: "registry.example/custom:1", Command: []string{"/bin/deploy", "--fast"}, Env: wantEnv(false),
				Resources: dcplan.RawJSON(`{"limits":{"cpu":"1"}}`), ActiveDeadlineSeconds: 21600, ServiceAccount: "deployer",
				Labels:      []dcplan.KeyValue{{Key: "openshift.io/deployer-pod-for.name", Value: "web-1"}, {Key: "team", Value: "a"}},
				Annotations: []dcplan.KeyValue{{Key: "note", Value: "n"}, {Key: "openshift.io/deployment.name", Value: "web-1"}},
				CopyFields:  dcplan.OriginTemplateFields,
			},
		},
		{
			name: "strategy-from-encoded-config", why: "4.5: strategy data comes from the RC's encoded config, not from the current DC",
			profile: dcplan.Exact, rc: testRC(1, dcplan.PhaseNew, func(d *dcplan.Deployment) { d.Encoded.Strategy.CustomImage = "registry.example/old:1" }),
			want: dcplan.DeployerPod{
				Namespace: "ns", Name: "web-1-deploy", RC: "web-1", RCUID: "uid-web-1", ConfigName: "web",
				Image: "registry.example/old:1", Env: []dcplan.EnvVar{
					{Name: "HTTP_PROXY", Value: "http://proxy"},
					{Name: "MODE", Value: "injected"},
					{Name: "LIMIT", Value: limit},
					{Name: "OPENSHIFT_DEPLOYMENT_NAME", Value: "web-1"},
					{Name: "OPENSHIFT_DEPLOYMENT_NAMESPACE", Value: "ns"},
				},
				ActiveDeadlineSeconds: 21600, ServiceAccount: "deployer",
				Labels: []dcplan.KeyValue{{Key: "openshift.io/deployer-pod-for.name", Value: "web-1"}},
				Annotations: []dcplan.KeyValue{
					{Key: "openshift.io/deployment-config.name", Value: "web"},
					{Key: "openshift.io/deployment.name", Value: "web-1"},
				},
				CopyFields: dcplan.ModernTemplateFields,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := snapshot(tt.profile, []dcplan.Deployment{tt.rc})
			s.Settings.Environment = settings.Environment
			s.Config.Strategy.CustomImage = "registry.example/current:9"
			got := phase.BuildDeployerPod(s, tt.rc)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("BuildDeployerPod() mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

func TestBuildDeployerPodLongName(t *testing.T) {
	// 5.10: a 250-character RC name gets the hashed 253-character pod name.
	rc := testRC(1, dcplan.PhaseNew, func(d *dcplan.Deployment) { d.Name = strings.Repeat("a", 248) + "-1" })
	got := phase.BuildDeployerPod(snapshot(dcplan.Modern, []dcplan.Deployment{rc}), rc)
	if len(got.Name) != dcplan.MaxPodNameLength || got.Name != dcplan.DeployerPodName(rc.Name) {
		t.Errorf("BuildDeployerPod().Name = %q (%d chars), want DeployerPodName (253 chars)", got.Name, len(got.Name))
	}
}

// TestBuildDeployerPodDeadlineAsSet pins rule 4.5's activeDeadlineSeconds:
// the strategy's value whenever it is set, even 0 (upstream copies the
// pointer's value; the API server then refuses the pod), and the 21600 s
// default only when it is absent.
func TestBuildDeployerPodDeadlineAsSet(t *testing.T) {
	for _, tt := range []struct {
		name string
		set  bool
		val  int64
		want int64
	}{
		{"absent", false, 0, dcplan.MaxDeploymentDurationSeconds},
		{"zero", true, 0, 0},
		{"set", true, 60, 60},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rc := testRC(1, dcplan.PhaseNew, func(d *dcplan.Deployment) {
				d.Encoded.Strategy.HasActiveDeadline, d.Encoded.Strategy.ActiveDeadlineSeconds = tt.set, tt.val
			})
			got := phase.BuildDeployerPod(snapshot(dcplan.Modern, []dcplan.Deployment{rc}), rc)
			if got.ActiveDeadlineSeconds != tt.want {
				t.Errorf("BuildDeployerPod().ActiveDeadlineSeconds = %d, want %d", got.ActiveDeadlineSeconds, tt.want)
			}
		})
	}
}
