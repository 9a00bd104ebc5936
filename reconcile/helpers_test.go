package reconcile_test

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// now is the clock of every hand-built snapshot.
var now = time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)

const (
	imageA = "registry.example/app:1"
	imageB = "registry.example/app:2"
)

// config returns the DC "ns/web": 3 replicas, Recreate, a ConfigChange
// trigger, one container running imageA, at latestVersion v.
func config(v dcplan.Version) dcplan.Config {
	return dcplan.Config{
		Namespace:  "ns",
		Name:       "web",
		UID:        "dc-uid",
		Generation: 2,
		Labels:     []dcplan.KeyValue{{Key: "app", Value: "web"}},
		Replicas:   3,
		Selector:   []dcplan.KeyValue{{Key: "deploymentconfig", Value: "web"}},
		Strategy:   dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true},
		Triggers:   []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}},
		Template:   fake.TemplateOf(imageA),
		Status:     dcplan.ConfigStatus{LatestVersion: v},
	}
}

// rollout returns the RC of cfg at version v as the DC controller creates
// it (wire.NewDeployment), then moved to phase ph with the given
// spec.replicas and matching status counters.
func rollout(t testing.TB, cfg dcplan.Config, v dcplan.Version, ph dcplan.Phase, replicas dcplan.Replicas) dcplan.Deployment {
	t.Helper()
	c := cfg
	c.Status.LatestVersion = v
	d, err := wire.NewDeployment(c)
	if err != nil {
		t.Fatalf("NewDeployment(v%d): %v", v, err)
	}
	d.UID = "rc-uid-" + d.Name
	d.Phase = ph
	d.Replicas = replicas
	d.StatusReplicas, d.ReadyReplicas, d.AvailableReplicas = replicas, replicas, replicas
	return d
}

// snapshot returns a Modern snapshot of cfg and rcs at now.
func snapshot(cfg dcplan.Config, rcs ...dcplan.Deployment) dcplan.Snapshot {
	return dcplan.Snapshot{Now: now, Config: cfg, Deployments: rcs}
}

// settled returns s with the DC's status already what the controller
// computes from the RCs (observedGeneration bumped): a DC whose status
// needs no write.
func settled(s dcplan.Snapshot) dcplan.Snapshot {
	s.Config.Status = conditions.Status(s, true)
	return s
}

// withPreset returns s with the switches of preset p.
func withPreset(s dcplan.Snapshot, p dcplan.Preset) dcplan.Snapshot {
	s.Settings.Switches = p.Switches()
	return s
}

// shape is the part of a plan the table tests pin: every action, with the
// status write reduced to its rule, version, generation and details (its
// counters and conditions belong to package conditions).
type shape struct {
	Adopt        []dcplan.Adopt
	Release      []dcplan.Release
	Instantiate  []dcplan.Instantiate
	UpdateConfig []dcplan.ConfigUpdate
	CreateRCs    []string
	Cancels      []dcplan.Cancel
	Scales       []dcplan.Scale
	DeleteRCs    []dcplan.DeleteRC
	Status       *statusShape
	Events       []string
	Wait         dcplan.WaitReason
	Message      string
}

type statusShape struct {
	Rule               dcplan.Rule
	LatestVersion      dcplan.Version
	ObservedGeneration int64
	Details            dcplan.Details
	// Progressing is "<status>/<reason>: <message>" of the Progressing
	// condition written, "" when there is none.
	Progressing string
}

func shapeOf(p dcplan.Plan) shape {
	out := shape{
		Adopt: p.Adopt, Release: p.Release, Instantiate: p.Instantiate, UpdateConfig: p.UpdateConfig, Cancels: p.Cancels,
		Scales: p.Scales, DeleteRCs: p.DeleteRCs, Wait: p.Wait, Message: p.Message,
	}
	for _, c := range p.CreateRCs {
		out.CreateRCs = append(out.CreateRCs, c.Deployment.Name)
	}
	for _, e := range p.Events {
		out.Events = append(out.Events, e.Type.String()+" "+e.Reason+" "+e.Message+" rule="+string(e.Rule))
	}
	if st := p.Status; st != nil {
		out.Status = &statusShape{Rule: st.Rule, LatestVersion: st.To.LatestVersion,
			ObservedGeneration: st.To.ObservedGeneration, Details: st.To.Details}
		for _, c := range st.To.Conditions {
			if c.Type == dcplan.ConditionProgressing {
				out.Status.Progressing = c.Status.String() + "/" + c.Reason.String() + ": " + c.Message
			}
		}
	}
	return out
}

// ev renders an expected event as shapeOf does.
func ev(typ dcplan.EventType, reason, msg string, rule dcplan.Rule) string {
	return typ.String() + " " + reason + " " + msg + " rule=" + string(rule)
}
