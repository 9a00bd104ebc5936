package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestSnapshotOf checks which RCs and pods snapshotOf takes into the
// snapshot of one DC: an object without a namespace counts as being in
// any (and so does every object, for a DC without one), an RC names the
// DC by label, annotation or controller reference (an empty UID matches
// nothing), and a pod is related by its deployer label, its deployment
// annotation or a deployer pod's name.
func TestSnapshotOf(t *testing.T) {
	rc := func(ns, name string) dcplan.Deployment { return dcplan.Deployment{Namespace: ns, Name: name} }
	tests := []struct {
		name      string
		why       string
		cfg       dcplan.Config
		objs      wire.Objects
		rcs, pods []string // names taken
	}{
		{"rc without a namespace", "an object without a namespace counts as being in any",
			dcplan.Config{Namespace: "ns", Name: "web"},
			wire.Objects{Deployments: []dcplan.Deployment{func() dcplan.Deployment { d := rc("", "web-1"); d.ConfigLabel = "web"; return d }()}},
			[]string{"web-1"}, nil},
		{"dc without a namespace", "a DC without a namespace takes its RCs from any",
			dcplan.Config{Name: "web"},
			wire.Objects{Deployments: []dcplan.Deployment{func() dcplan.Deployment { d := rc("ns", "web-1"); d.ConfigLabel = "web"; return d }()}},
			[]string{"web-1"}, nil},
		{"annotation only", "the openshift.io/deployment-config.name annotation names the DC without the label",
			dcplan.Config{Namespace: "ns", Name: "web"},
			wire.Objects{Deployments: []dcplan.Deployment{func() dcplan.Deployment { d := rc("ns", "web-1"); d.ConfigName = "web"; return d }()}},
			[]string{"web-1"}, nil},
		{"empty uids", "a DC without a UID owns no RC whose controller reference has none either",
			dcplan.Config{Namespace: "ns", Name: "web"},
			wire.Objects{Deployments: []dcplan.Deployment{func() dcplan.Deployment { d := rc("ns", "other-1"); d.HasController = true; return d }()}},
			nil, nil},
		{"related pods", "a deployer pod by its label alone, and by its name alone",
			dcplan.Config{Namespace: "ns", Name: "web"},
			wire.Objects{
				Deployments: []dcplan.Deployment{func() dcplan.Deployment { d := rc("ns", "web-1"); d.ConfigLabel = "web"; return d }()},
				Pods: []dcplan.Pod{
					{Namespace: "ns", Name: "renamed", DeployerFor: "web-1"},
					{Namespace: "ns", Name: dcplan.DeployerPodName("web-1")},
					{Namespace: "ns", Name: "unrelated"},
				}},
			[]string{"web-1"}, []string{"renamed", dcplan.DeployerPodName("web-1")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := snapshotOf(tt.objs, tt.cfg, clock, dcplan.Modern.Settings())
			var rcs, pods []string
			for _, d := range s.Deployments {
				rcs = append(rcs, d.Name)
			}
			for _, p := range s.Pods {
				pods = append(pods, p.Name)
			}
			if d := cmp.Diff(tt.rcs, rcs); d != "" {
				t.Errorf("RCs taken (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.pods, pods); d != "" {
				t.Errorf("pods taken (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
}
