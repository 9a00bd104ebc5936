package wire_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// TestRunPassAdoptsTheLiveRC: the DC controller's create meets
// AlreadyExists of an orphan RC its cache had not shown; the plan after
// the failure adopts the live RC (SPEC 3.2.12, 3.3.2), and RunPass sends
// the adoption after the create, as upstream does, instead of stopping
// with ErrProtocol.
//
// A client whose Get leaves kind and apiVersion empty, as client-go's
// typed Get does, gets the same pass.
func TestRunPassAdoptsTheLiveRC(t *testing.T) {
	for _, typeless := range []bool{false, true} {
		t.Run(fmt.Sprint("typeless=", typeless), func(t *testing.T) { adoptsTheLiveRC(t, typeless) })
	}
}

// typelessGets is a Client whose Get answers lack kind and apiVersion.
type typelessGets struct{ wire.Client }

func (c typelessGets) Get(ctx context.Context, resource, namespace, name string) ([]byte, error) {
	data, err := c.Client.Get(ctx, resource, namespace, name)
	if err != nil {
		return nil, err
	}
	var obj map[string]any
	if err := json.Unmarshal(data, &obj); err != nil {
		return nil, err
	}
	delete(obj, "kind")
	delete(obj, "apiVersion")
	return json.Marshal(obj)
}

func adoptsTheLiveRC(t *testing.T, typeless bool) {
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	w := fake.NewWorld(now)
	cfg := fake.NewConfig("ns", "web", 1)
	cfg.Status.LatestVersion = 1
	if err := w.CreateConfig(cfg); err != nil {
		t.Fatal(err)
	}
	s, err := w.Snapshot("ns", "web", now, dcplan.Settings{ServiceAccount: "deployer"})
	if err != nil {
		t.Fatal(err)
	}
	stored, _ := w.Config("ns", "web")
	orphan, err := wire.NewDeployment(stored)
	if err != nil {
		t.Fatal(err)
	}
	orphan.HasController, orphan.Controller = false, dcplan.OwnerRef{}
	if err := w.CreateDeployment(orphan); err != nil { // after the snapshot: the cache missed it
		t.Fatal(err)
	}
	var c wire.Client = w.Client()
	if typeless {
		c = typelessGets{c}
	}
	p, err := wire.RunPass(context.Background(), c, s, reconcile.Config)
	if err != nil {
		t.Fatalf("RunPass: %v", err)
	}
	var got []string
	for _, q := range p.Requests[:p.Sent] {
		if q.Verb != wire.VerbEvent {
			got = append(got, string(q.Verb)+" "+q.Resource+"/"+q.Name)
		}
	}
	want := []string{"create replicationcontrollers/web-1", "patch replicationcontrollers/web-1"}
	if len(got) < len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("requests sent = %q, want %q first", got, want)
	}
	live, _ := w.Deployment("ns", "web-1")
	if !live.HasController || live.Controller.UID != stored.UID {
		t.Errorf("web-1's controller = %+v, want the DC (uid %s)", live.Controller, stored.UID)
	}
}

// TestRunPassLiveAdoptionFails: the create meets AlreadyExists of an
// orphan, and the adoption of the live RC then fails. Upstream's claim
// error makes the RC not ours and falls through to the creation failure
// (SPEC 3.2.12): after the adoption, the DeploymentCreationFailed
// warning, the status with ReplicationControllerCreateError, and the
// retried `couldn't create deployment ...` error, whose text carries
// the claim error in Modern and the raw AlreadyExists text in Exact.
// Before, the plan after the failure still took the RC for ours and
// stopped at `caches for RC ... are stale`.
func TestRunPassLiveAdoptionFails(t *testing.T) {
	const boom = "Internal error occurred: etcdserver: request timed out"
	tests := []struct {
		name   string
		why    string
		preset dcplan.Preset
		text   string // the creation failure's text
	}{
		{"modern", "11 item 3: the intended text, the claim error as its cause", dcplan.Modern,
			"deployment ns/web-1 already exists and it couldn't be adopted: " + boom},
		{"exact", "3.2.12 quirk: the raw API error shadows the intended text", dcplan.Exact,
			`replicationcontrollers "web-1" already exists`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
			srv := fake.NewServer(now)
			cfg := fake.NewConfig("ns", "web", 1)
			cfg.Status.LatestVersion = 1
			cfg.UID = "uid-web" // the new RC's owner reference names it: the server validates that before it finds the name taken
			b, err := wire.EncodeConfig(cfg)
			if err == nil {
				err = srv.Put(wire.ResourceConfigs, b)
			}
			if err != nil {
				t.Fatal(err)
			}
			s, err := srv.Snapshot("ns", "web", now, dcplan.Settings{Switches: tt.preset.Switches(), ServiceAccount: "deployer"})
			if err != nil {
				t.Fatal(err)
			}
			orphan, err := wire.NewDeployment(s.Config)
			if err != nil {
				t.Fatal(err)
			}
			orphan.UID, orphan.HasController, orphan.Controller = "uid-web-1", false, dcplan.OwnerRef{}
			b, err = wire.EncodeDeployment(orphan)
			if err == nil {
				err = srv.Put(wire.ResourceRCs, b) // after the snapshot: the cache missed it
			}
			if err != nil {
				t.Fatal(err)
			}
			srv.Inject(fake.Fault{Verb: "patch", Resource: wire.ResourceRCs, Name: "web-1",
				Err: &wire.StatusError{Reason: dcplan.StatusInternalError, Code: 500, Message: boom}})
			p, err := wire.RunPass(context.Background(), srv, s, reconcile.Config)
			if err != nil {
				t.Fatalf("RunPass: %v", err)
			}
			if want := "couldn't create deployment for deployment config ns/web: " + tt.text; p.Plan.Message != want || p.Plan.Error != dcplan.ErrorRetry {
				t.Errorf("pass error = %q (class %v), want %q, retry (%s)\n%s", p.Plan.Message, p.Plan.Error, want, tt.why, dcplan.Describe(p.Plan))
			}
			var got []string
			for _, q := range p.Requests[:p.Sent] {
				got = append(got, string(q.Verb)+" "+q.Resource+"/"+q.Subresource+"/"+q.Name)
			}
			want := []string{"create replicationcontrollers//web-1", "patch replicationcontrollers//web-1", "event //web",
				"update deploymentconfigs/status/web"}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("requests sent mismatch (-want +got):\n%s", d)
			}
			var events []string
			for _, e := range srv.Events() {
				events = append(events, e.Reason+": "+e.Message)
			}
			if d := cmp.Diff([]string{"DeploymentCreationFailed: Couldn't deploy version 1: " + tt.text}, events); d != "" {
				t.Errorf("events mismatch (-want +got):\n%s", d)
			}
		})
	}
}
