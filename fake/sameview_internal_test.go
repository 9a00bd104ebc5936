package fake

import (
	"testing"

	"github.com/dcplan/dcplan"
)

// TestSameView: a pass whose lagging caches show the DC's objects as the
// live world holds them (the writes it missed were to other objects)
// read the live world, and is judged as one; any object at another
// resourceVersion, missing or extra makes it stale.
func TestSameView(t *testing.T) {
	live := ConfigState{
		Config:      dcplan.Config{Name: "web", UID: "u", ResourceVersion: "5"},
		Deployments: []dcplan.Deployment{{Name: "web-1", ResourceVersion: "7"}, {Name: "web-2", ResourceVersion: "9"}},
		Pods:        []dcplan.Pod{{Name: "web-2-deploy", ResourceVersion: "8"}},
	}
	view := func(edit func(*dcplan.Snapshot)) dcplan.Snapshot {
		s := dcplan.Snapshot{Config: live.Config,
			// The snapshot lists RCs in any order.
			Deployments: []dcplan.Deployment{live.Deployments[1], live.Deployments[0]},
			Pods:        []dcplan.Pod{live.Pods[0]}}
		if edit != nil {
			edit(&s)
		}
		return s
	}
	tests := []struct {
		name string
		edit func(*dcplan.Snapshot)
		same bool
	}{
		{"as live", nil, true},
		{"older dc", func(s *dcplan.Snapshot) { s.Config.ResourceVersion = "4" }, false},
		{"dc made again", func(s *dcplan.Snapshot) { s.Config.UID = "v" }, false},
		{"older rc", func(s *dcplan.Snapshot) { s.Deployments[0].ResourceVersion = "6" }, false},
		{"rc missing", func(s *dcplan.Snapshot) { s.Deployments = s.Deployments[:1] }, false},
		{"rc of another name", func(s *dcplan.Snapshot) { s.Deployments[1].Name = "web-3" }, false},
		{"pod missing", func(s *dcplan.Snapshot) { s.Pods = nil }, false},
		{"pod gone since", func(s *dcplan.Snapshot) {
			s.Pods = append(s.Pods, dcplan.Pod{Name: "web-1-deploy", ResourceVersion: "3"})
		}, false},
		{"older pod", func(s *dcplan.Snapshot) { s.Pods[0].ResourceVersion = "2" }, false},
	}
	for _, tt := range tests {
		if got := sameView(view(tt.edit), live); got != tt.same {
			t.Errorf("%s: sameView = %v, want %v", tt.name, got, tt.same)
		}
	}
}
