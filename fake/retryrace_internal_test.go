package fake

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestRacesRetry pins the mark of ConfigState.RetryRace (SPEC 6m.2.3.7,
// 3.4): a DC controller's RC create races a user's retry only when the
// pass read the retried RC as ended and the live world holds it in
// flight. A pass that read it in flight, or did not read it at all (its
// own create it has not seen yet, which Modern waits for), is judged.
func TestRacesRetry(t *testing.T) {
	cfg := dcplan.Config{Name: "web", Namespace: "ns", UID: "dc-uid"}
	rc := func(v dcplan.Version, p dcplan.Phase) dcplan.Deployment {
		return dcplan.Deployment{Name: dcplan.DeploymentName("web", v), Namespace: "ns", Version: v, Phase: p,
			ConfigLabel: "web", HasController: true, Controller: dcplan.OwnerRef{UID: "dc-uid"}}
	}
	live := ConfigState{Config: cfg, Deployments: []dcplan.Deployment{rc(3, dcplan.PhaseComplete), rc(4, dcplan.PhaseNew)}}
	create := wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "ns"}
	read := func(d ...dcplan.Deployment) dcplan.Snapshot { return dcplan.Snapshot{Config: cfg, Deployments: d} }
	for _, c := range []struct {
		name string
		req  wire.Request
		read dcplan.Snapshot
		want bool
	}{
		{"web-4 read Failed, live New", create, read(rc(3, dcplan.PhaseComplete), rc(4, dcplan.PhaseFailed)), true},
		{"web-4 read New", create, read(rc(3, dcplan.PhaseComplete), rc(4, dcplan.PhaseNew)), false},
		{"web-4 not read", create, read(rc(3, dcplan.PhaseComplete)), false},
		{"an RC update, not a create", wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "ns", Name: "web-3"},
			read(rc(3, dcplan.PhaseComplete), rc(4, dcplan.PhaseFailed)), false},
	} {
		if got := racesRetry(LiveWrite{Request: c.req, Live: live}, c.read, false); got != c.want {
			t.Errorf("%s: racesRetry = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestRetryRaceExcusesTwoRollouts pins what ConfigState.RetryRace
// excuses (SPEC 3.2.8, 4.3.new.4): two rollouts in flight, and their two
// deployer pods, after a retry race; without the mark both are reported.
func TestRetryRaceExcusesTwoRollouts(t *testing.T) {
	cfg := dcplan.Config{Name: "web", Namespace: "ns", UID: "dc-uid"}
	var c ConfigState
	c.Config = cfg
	for v := dcplan.Version(4); v <= 5; v++ {
		name := dcplan.DeploymentName("web", v)
		c.Deployments = append(c.Deployments, dcplan.Deployment{Name: name, Namespace: "ns", Version: v, Phase: dcplan.PhasePending,
			ConfigLabel: "web", HasController: true, Controller: dcplan.OwnerRef{UID: "dc-uid"}})
		c.Pods = append(c.Pods, dcplan.Pod{Name: dcplan.DeployerPodName(name), Namespace: "ns", DeployerFor: name, Phase: dcplan.PodRunning})
	}
	for _, inv := range []struct {
		name  string
		check func(ConfigState) error
	}{{"OneRolloutInFlight", OneRolloutInFlight}, {"OneDeployerPod", OneDeployerPod}} {
		c.RetryRace = false
		if inv.check(c) == nil {
			t.Errorf("%s: two rollouts in flight without a retry race reported nothing", inv.name)
		}
		c.RetryRace = true
		if err := inv.check(c); err != nil {
			t.Errorf("%s after a retry race: %v, want nothing", inv.name, err)
		}
	}
}
