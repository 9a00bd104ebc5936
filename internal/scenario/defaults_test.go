package scenario

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
)

// TestStateDefaults pins the defaults README.md documents for short state
// lines. The round trip cannot: ParseState and FormatState share the
// defaults, so a wrong default reads back as it was written.
func TestStateDefaults(t *testing.T) {
	rolling := dcplan.Config{Name: "web", Namespace: "ns", UID: "uid-web", Replicas: 1,
		Strategy: dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true,
			MaxSurge:       dcplan.Fencepost{Set: true, IsString: true, Str: "25%"},
			MaxUnavailable: dcplan.Fencepost{Set: true, IsString: true, Str: "25%"}}}
	owner := dcplan.OwnerRef{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: "web", UID: "uid-web",
		Controller: true, BlockOwnerDeletion: true}
	tests := []struct {
		name, why, state string
		want             dcplan.Snapshot
	}{
		{name: "dc", why: "namespace ns, uid-<name>, one replica, Rolling with params and 25% fenceposts",
			state: "dc web", want: dcplan.Snapshot{Config: rolling}},
		{name: "recreate", why: "Recreate has params but no fenceposts",
			state: "dc web strategy=Recreate",
			want: dcplan.Snapshot{Config: dcplan.Config{Name: "web", Namespace: "ns", UID: "uid-web", Replicas: 1,
				Strategy: dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true}}}},
		{name: "rc of the dc", why: "version from the name; owned by, labelled for and encoding the DC",
			state: "dc web\nrc web-3",
			want: dcplan.Snapshot{Config: rolling, Deployments: []dcplan.Deployment{{Name: "web-3", Version: 3,
				Namespace: "ns", UID: "uid-web-3", ConfigLabel: "web", ConfigName: "web",
				Controller: owner, HasController: true, Encoded: &rolling}}}},
		{name: "rc without dc", why: "no DC: no owner, labels or encoded config; version 0 without a number",
			state: "rc web-x",
			want:  dcplan.Snapshot{Deployments: []dcplan.Deployment{{Name: "web-x", Namespace: "ns", UID: "uid-web-x"}}}},
		{name: "deployer pod", why: "a pod named <rc>-deploy is that RC's deployer",
			state: "pod web-3-deploy\npod web-3-abcde",
			want: dcplan.Snapshot{Pods: []dcplan.Pod{
				{Name: "web-3-deploy", Namespace: "ns", UID: "uid-web-3-deploy", DeploymentName: "web-3", DeployerFor: "web-3"},
				{Name: "web-3-abcde", Namespace: "ns", UID: "uid-web-3-abcde"}}}},
		{name: "namespace", why: "objects take the DC's namespace",
			state: "dc web ns=shop\npod p",
			want: dcplan.Snapshot{Config: func() dcplan.Config { c := rolling; c.Namespace = "shop"; return c }(),
				Pods: []dcplan.Pod{{Name: "p", Namespace: "shop", UID: "uid-p"}}}},
		{name: "recheck", why: "the recheck's uid is the DC's, or empty with err=",
			state: "dc web\nrecheck",
			want:  dcplan.Snapshot{Config: rolling, Recheck: dcplan.Recheck{Done: true, UID: "uid-web"}}},
		{name: "recheck err", why: "the recheck's uid is the DC's, or empty with err=",
			state: "dc web\nrecheck err=boom",
			want:  dcplan.Snapshot{Config: rolling, Recheck: dcplan.Recheck{Done: true, Err: "boom"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseState(strings.Split(tt.state, "\n"))
			if err != nil {
				t.Fatalf("ParseState(%q): %v", tt.state, err)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("%s: ParseState(%q) mismatch (-want +got):\n%s", tt.why, tt.state, d)
			}
		})
	}
}
