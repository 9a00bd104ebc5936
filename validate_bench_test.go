package dcplan_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/benchcpu"
)

// bigSnapshot has n owned RCs and n pods, all distinct, in version order;
// shuffled, the same in an order no sort gives, so that the duplicate
// checks need their hash set.
func bigSnapshot(n int) dcplan.Snapshot {
	s := validSnapshot()
	s.Deployments, s.Pods = nil, nil
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("web-%d", i)
		s.Deployments = append(s.Deployments, dcplan.Deployment{Namespace: "ns", Name: name, Version: dcplan.Version(i), Phase: dcplan.PhaseComplete})
		s.Pods = append(s.Pods, dcplan.Pod{Namespace: "ns", Name: name + "-deploy"})
	}
	return s
}

func TestValidateFindsDuplicatesAtScale(t *testing.T) {
	for _, n := range []int{10, 300, 3000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			if err := bigSnapshot(n).Validate(); err != nil {
				t.Fatalf("Validate() on %d distinct RCs = %v", n, err)
			}
			if err := shuffled(bigSnapshot(n)).Validate(); err != nil {
				t.Fatalf("Validate() on %d distinct RCs = %v", n, err)
			}
			// SPEC 13.1: two RCs with one version are a world clusters hold.
			s := bigSnapshot(n)
			s.Deployments[n-1].Version = dcplan.Version(n / 2)
			if err := s.Validate(); err != nil {
				t.Errorf("Validate() with a shared version = %v, want nil (SPEC 13.1)", err)
			}
			s.Deployments[n-1].Name = s.Deployments[0].Name
			if err := shuffled(s).Validate(); !errors.Is(err, dcplan.ErrInvalidSnapshot) || !strings.Contains(err.Error(), "duplicate name") {
				t.Errorf("Validate() of the list shuffled = %v, want the duplicate RC named", err)
			}
			if err := s.Validate(); !errors.Is(err, dcplan.ErrInvalidSnapshot) || !strings.Contains(err.Error(), "duplicate name") {
				t.Errorf("Validate() = %v, want the duplicate RC named", err)
			}
			s = bigSnapshot(n)
			s.Pods[n-1].Name = s.Pods[0].Name
			if err := s.Validate(); err == nil || !strings.Contains(err.Error(), `Pod "web-1-deploy": metadata.name: duplicate name`) {
				t.Errorf("Validate() = %v, want the duplicate pod named", err)
			}
		})
	}
}

// benchValidate runs s.Validate as the sub-benchmark name, reporting
// allocations and the thread's CPU time; s must be valid.
func benchValidate(b *testing.B, name string, s dcplan.Snapshot) {
	b.Run(name, func(b *testing.B) {
		b.ReportAllocs()
		stop := benchcpu.Start(b)
		for b.Loop() {
			if err := s.Validate(); err != nil {
				b.Fatal(err)
			}
		}
		stop()
	})
}

func BenchmarkValidate(b *testing.B) {
	for _, n := range []int{1, 10, 100, 1000, 10000} {
		benchValidate(b, fmt.Sprintf("rcs=%d", n), bigSnapshot(n))
	}
	for _, n := range []int{100, 1000} {
		benchValidate(b, fmt.Sprintf("shuffled/rcs=%d", n), shuffled(bigSnapshot(n)))
	}
}

// shuffled returns s with its RCs and pods in a fixed order that is
// neither by name nor by version: every third swapped with the last.
func shuffled(s dcplan.Snapshot) dcplan.Snapshot {
	s = s.Clone()
	for i := 0; i < len(s.Deployments); i += 3 {
		j := len(s.Deployments) - 1 - i/3
		s.Deployments[i], s.Deployments[j] = s.Deployments[j], s.Deployments[i]
		s.Pods[i], s.Pods[j] = s.Pods[j], s.Pods[i]
	}
	return s
}

// BenchmarkValidateRCs is Validate over RCs alone, as reconcile.Config
// validates a pass that scales: names <dc>-<version> in version order, in
// a namespace whose string each RC shares with the config (a hand-built
// snapshot) or holds its own bytes of (fresh, as a decoder leaves it).
func BenchmarkValidateRCs(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		for _, fresh := range []bool{false, true} {
			s := validSnapshot()
			s.Deployments, s.Pods = nil, nil
			for i := 1; i <= n; i++ {
				ns := s.Config.Namespace
				if fresh {
					ns = strings.Clone(ns)
				}
				s.Deployments = append(s.Deployments, dcplan.Deployment{Namespace: ns, Name: fmt.Sprintf("web-%d", i), Version: dcplan.Version(i), Phase: dcplan.PhaseComplete})
			}
			benchValidate(b, fmt.Sprintf("rcs=%d/fresh=%v", n, fresh), s)
		}
	}
}
