package explore_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/fake/explore"
	"github.com/dcplan/dcplan/wire"
)

// config is the explored DC at latestVersion latest.
func config(t *testing.T, latest dcplan.Version, image string) dcplan.Config {
	t.Helper()
	cfg := fake.NewConfig(explore.Namespace, explore.Name, 1)
	cfg.UID = "uid-" + explore.Name
	cfg.Template = fake.TemplateOf(image)
	cfg.Status.LatestVersion = latest
	return cfg
}

// rcJSON is the RC of cfg's version v in phase ph with n replicas; edit
// may change it before encoding.
func rcJSON(t *testing.T, cfg dcplan.Config, v dcplan.Version, ph dcplan.Phase, n dcplan.Replicas, edit func(*dcplan.Deployment)) []byte {
	t.Helper()
	cfg.Status.LatestVersion = v
	d, err := wire.NewDeployment(cfg)
	if err != nil {
		t.Fatal(err)
	}
	d.Phase, d.Replicas = ph, n
	if edit != nil {
		edit(&d)
	}
	b, err := wire.EncodeDeployment(d)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func dcJSON(t *testing.T, cfg dcplan.Config) []byte {
	t.Helper()
	b, err := wire.EncodeConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// world builds Objects from a DC and RCs.
func world(t *testing.T, cfg dcplan.Config, rcs map[string][]byte) explore.Objects {
	o := explore.Objects{wire.ResourceConfigs + "/" + cfg.Name: dcJSON(t, cfg)}
	for n, b := range rcs {
		o[wire.ResourceRCs+"/"+n] = b
	}
	return o
}

func decode(t *testing.T, o explore.Objects) explore.World {
	t.Helper()
	w, err := explore.Decode(o)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestTransitionProperties feeds each transition property a write that
// breaks it and one that does not: a property that cannot fail is no
// property.
func TestTransitionProperties(t *testing.T) {
	cfg3 := config(t, 3, "app:1")
	web := func(v dcplan.Version, ph dcplan.Phase, n dcplan.Replicas) []byte {
		return rcJSON(t, cfg3, v, ph, n, nil)
	}
	live := world(t, cfg3, map[string][]byte{
		"web-1": web(1, dcplan.PhaseComplete, 0),
		"web-2": web(2, dcplan.PhaseComplete, 1),
		"web-3": web(3, dcplan.PhaseFailed, 0),
	})
	del := func(rc string) explore.Write {
		return explore.Write{Request: wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Name: rc}, Before: live[wire.ResourceRCs+"/"+rc], Live: live}
	}
	update := func(rc string, before, after []byte) explore.Write {
		return explore.Write{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Name: rc}, Before: before, After: after, Live: live}
	}
	create := func(after []byte) explore.Write {
		return explore.Write{Request: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs}, After: after, Live: live}
	}
	orphan := rcJSON(t, cfg3, 1, dcplan.PhaseComplete, 0, func(d *dcplan.Deployment) { d.HasController, d.Controller = false, dcplan.OwnerRef{} })
	liveOrphan := world(t, cfg3, map[string][]byte{"web-1": orphan})
	cfgOld := config(t, 3, "app:0")
	wrong := world(t, cfg3, map[string][]byte{
		"web-2": web(2, dcplan.PhaseComplete, 0),
		"web-3": web(3, dcplan.PhaseFailed, 1),
	})
	tests := []struct {
		name    string
		why     string
		prop    func(explore.Transition) error
		t       explore.Transition
		wantErr string
	}{
		{name: "3.7.5 delete old", why: "web-1 is older than the active web-2 and has no replicas", prop: explore.NoDeleteLive,
			t: explore.Transition{Writes: []explore.Write{del("web-1")}}},
		{name: "3.7.5 delete active", why: "web-2 is the newest Complete RC", prop: explore.NoDeleteLive,
			t: explore.Transition{Writes: []explore.Write{del("web-2")}}, wantErr: "deleted rc/web-2, the active one"},
		{name: "3.7.5 delete latest", why: "web-3 is the RC latestVersion names, even Failed", prop: explore.NoDeleteLive,
			t: explore.Transition{Writes: []explore.Write{del("web-3")}}, wantErr: "deleted rc/web-3, the latest"},
		{name: "3.2.10 version down", why: "latestVersion must never decrease", prop: explore.LatestVersionMonotonic,
			t: explore.Transition{Before: decode(t, live), After: decode(t, world(t, config(t, 2, "app:1"), nil))}, wantErr: "latestVersion 3 -> 2"},
		{name: "3.2.10 version up", why: "a bump is fine", prop: explore.LatestVersionMonotonic,
			t: explore.Transition{Before: decode(t, world(t, config(t, 2, "app:1"), nil)), After: decode(t, live)}},
		{name: "3.3 write orphan", why: "an RC the DC does not control is not the controller's to write",
			prop:    explore.OnlyClaimedRCs,
			t:       explore.Transition{Writes: []explore.Write{{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Name: "web-1"}, Live: liveOrphan}}},
			wantErr: "update rc/web-1, which the DC does not control"},
		{name: "3.3 adopt orphan", why: "the adoption itself writes an orphan", prop: explore.OnlyClaimedRCs,
			t: explore.Transition{Writes: []explore.Write{{Request: wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Name: "web-1", Action: dcplan.ActionRef{Kind: dcplan.ActionAdopt}}, Live: liveOrphan}}}},
		{name: "3.8 created matches", why: "the RC of latestVersion with the DC's template", prop: explore.CreatedRCMatchesConfig,
			t: explore.Transition{Writes: []explore.Write{create(web(3, dcplan.PhaseNew, 0))}}},
		{name: "3.8 created stale template", why: "an RC built from a stale read of the DC carries an old template", prop: explore.CreatedRCMatchesConfig,
			t: explore.Transition{Writes: []explore.Write{create(rcJSON(t, cfgOld, 3, dcplan.PhaseNew, 0, nil))}}, wantErr: "with a template that is not the DC's"},
		{name: "3.8 created wrong version", why: "two rollouts from a stale read: web-2 while latestVersion is 3", prop: explore.CreatedRCMatchesConfig,
			t: explore.Transition{Writes: []explore.Write{create(web(2, dcplan.PhaseNew, 0))}}, wantErr: "(version 2) while latestVersion is 3"},
		{name: "2.1 running to complete", why: "allowed by SPEC 2.1", prop: explore.PhaseMoves,
			t: explore.Transition{Writes: []explore.Write{update("web-3", web(3, dcplan.PhaseRunning, 0), web(3, dcplan.PhaseComplete, 0))}}},
		{name: "2.1 complete to running", why: "terminal phases never move", prop: explore.PhaseMoves,
			t: explore.Transition{Writes: []explore.Write{update("web-3", web(3, dcplan.PhaseComplete, 0), web(3, dcplan.PhaseRunning, 0))}}, wantErr: "moved Complete -> Running"},
		{name: "2.1 failed to new by a controller", why: "only oc rollout retry moves Failed to New", prop: explore.PhaseMoves,
			t: explore.Transition{Move: explore.Move{Actor: explore.ActorConfig}, Writes: []explore.Write{update("web-3", web(3, dcplan.PhaseFailed, 0), web(3, dcplan.PhaseNew, 0))}}, wantErr: "moved Failed -> New"},
		{name: "6.2 failed to new by retry", why: "oc rollout retry", prop: explore.PhaseMoves,
			t: explore.Transition{Move: explore.Move{Actor: explore.ActorUser, Target: "retry"}, Writes: []explore.Write{update("web-3", web(3, dcplan.PhaseFailed, 0), web(3, dcplan.PhaseNew, 0))}}},
		{name: "3.6 replicas on active", why: "the latest failed, the active web-2 holds the DC's replica", prop: explore.ReplicasAfterReconcile,
			t: explore.Transition{Move: explore.Move{Actor: explore.ActorConfig}, Before: decode(t, live), After: decode(t, live), Writes: []explore.Write{del("web-1")}}},
		{name: "3.6 replicas on the wrong RC", why: "scaling the latest (failed) RC instead of the active one", prop: explore.ReplicasAfterReconcile,
			t:       explore.Transition{Move: explore.Move{Actor: explore.ActorConfig}, Before: decode(t, live), After: decode(t, wrong), Writes: []explore.Write{del("web-1")}},
			wantErr: "after reconcile rc/web-2 has 0 replicas, want 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.prop(tt.t)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if tt.wantErr == "" && got != "" || tt.wantErr != "" && !strings.Contains(got, tt.wantErr) {
				t.Errorf("got %q, want %q (%s)", got, tt.wantErr, tt.why)
			}
		})
	}
}

// TestStateProperties does the same for the state properties.
func TestStateProperties(t *testing.T) {
	cfg := config(t, 3, "app:1")
	two := world(t, cfg, map[string][]byte{
		"web-2": rcJSON(t, cfg, 2, dcplan.PhaseRunning, 0, nil),
		"web-3": rcJSON(t, cfg, 3, dcplan.PhaseRunning, 0, nil),
	})
	one := world(t, cfg, map[string][]byte{
		"web-2": rcJSON(t, cfg, 2, dcplan.PhaseFailed, 0, nil),
		"web-3": rcJSON(t, cfg, 3, dcplan.PhaseRunning, 0, nil),
	})
	pod := func(rc string) dcplan.Pod {
		return dcplan.Pod{Namespace: explore.Namespace, Name: dcplan.DeployerPodName(rc), DeploymentName: rc, DeployerFor: rc, Phase: dcplan.PodRunning}
	}
	twoPods := decode(t, one)
	twoPods.Pods = []dcplan.Pod{pod("web-2"), pod("web-3")}
	donePod := decode(t, one)
	donePod.Pods = []dcplan.Pod{pod("web-2"), pod("web-3")}
	donePod.Pods[0].Phase = dcplan.PodSucceeded
	tests := []struct {
		name    string
		why     string
		prop    func(explore.World) error
		w       explore.World
		wantErr string
	}{
		{name: "3.4 two in flight", why: "stale reads started two rollouts (issue 13 defect 3)", prop: explore.OneRolloutInFlight, w: decode(t, two), wantErr: "2 rollouts in flight: web-2, web-3"},
		{name: "3.4 one in flight", why: "web-2 ended", prop: explore.OneRolloutInFlight, w: decode(t, one)},
		{name: "4.3.new.4 two pods", why: "two deployer pods run at once", prop: explore.OneDeployerPod, w: twoPods, wantErr: "2 deployer pods running"},
		{name: "4.3.new.4 one done", why: "a succeeded deployer pod is not running", prop: explore.OneDeployerPod, w: donePod},
		{name: "13 no config", why: "a world without its DC cannot be judged", prop: explore.Decodes, w: explore.World{}, wantErr: "no deployment config"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.prop(tt.w)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if tt.wantErr == "" && got != "" || tt.wantErr != "" && !strings.Contains(got, tt.wantErr) {
				t.Errorf("got %q, want %q (%s)", got, tt.wantErr, tt.why)
			}
		})
	}
}
