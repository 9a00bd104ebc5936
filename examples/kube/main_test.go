package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	dynamicfake "k8s.io/client-go/dynamic/fake"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

var rewriteGolden = flag.Bool("rewrite", false, "rewrite testdata/demo.golden")

var demoSettings = dcplan.Settings{DeployerImage: "quay.io/openshift/origin-deployer:latest", ServiceAccount: "deployer"}

// TestDemo runs the demo and compares its output with testdata/demo.golden:
// the fixture DC rolled out through the dynamic client, pass by pass (SPEC
// 3.2.12 create, 4.3.new.4 deployer pod, 2.2 phase moves, 3.6.5 status),
// until a pass has nothing to do.
func TestDemo(t *testing.T) {
	var out bytes.Buffer
	if err := runDemo(context.Background(), &out, demoSettings); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "demo.golden")
	if *rewriteGolden {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, out.Bytes()) {
		t.Errorf("demo output differs from %s (go test -rewrite to update):\n%s", golden, out.String())
	}
}

// cluster is the demo's API server after some passes.
type cluster struct {
	t      *testing.T
	client *dynamicfake.FakeDynamicClient
}

// demoAfter runs passes passes of the demo (0: none, only the DC of the
// fixture exists) and returns its API server.
func demoAfter(t *testing.T, passes int) cluster {
	t.Helper()
	dc, err := objectOf(frontendDC)
	if err != nil {
		t.Fatal(err)
	}
	c := cluster{t: t, client: newDemoClient(dc)}
	for i := range passes {
		now := demoStart.Add(time.Duration(i) * 10 * time.Second)
		if _, err := pass(context.Background(), &bytes.Buffer{}, c.client, "shop", "frontend", now, demoSettings, true); err != nil {
			t.Fatal(err)
		}
		if err := playCluster(context.Background(), c.client, "shop"); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// rc reads RC name back through the codec.
func (c cluster) rc(name string) dcplan.Deployment {
	c.t.Helper()
	u, err := c.client.Resource(rcResource).Namespace("shop").Get(context.Background(), name, metav1.GetOptions{})
	if err != nil {
		c.t.Fatal(err)
	}
	data, err := jsonOf(u)
	if err != nil {
		c.t.Fatal(err)
	}
	d, err := wire.DecodeDeployment(data)
	if err != nil {
		c.t.Fatal(err)
	}
	return d
}

func (c cluster) backend() *Backend {
	return &Backend{Client: c.client, Namespace: "shop", Component: "test", Now: func() time.Time { return demoStart }}
}

// TestCreatedRCIsTheFixture checks that the RC the adapter creates, read
// back from the API server, is the object upstream's controller creates
// (testdata/rc-frontend-3-new.json, SPEC 3.8).
func TestCreatedRCIsTheFixture(t *testing.T) {
	c := demoAfter(t, 0) // the DC alone
	if _, err := pass(context.Background(), &bytes.Buffer{}, c.client, "shop", "frontend", demoStart, demoSettings, true); err != nil {
		t.Fatal(err)
	}
	u, err := c.client.Resource(rcResource).Namespace("shop").Get(context.Background(), "frontend-3", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "rc-frontend-3-new.json"))
	if err != nil {
		t.Fatal(err)
	}
	var wantObj map[string]any
	if err := json.Unmarshal(want, &wantObj); err != nil {
		t.Fatal(err)
	}
	got, err := jsonOf(u)
	if err != nil {
		t.Fatal(err)
	}
	var gotObj map[string]any
	if err := json.Unmarshal(got, &gotObj); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(wantObj, gotObj) {
		t.Errorf("created RC differs from the fixture:\ngot  %s\nwant %s", got, want)
	}
}

// TestDryRunWritesNothing checks that a pass without apply prints the plan
// and leaves the API server alone.
func TestDryRunWritesNothing(t *testing.T) {
	c := demoAfter(t, 0) // the DC alone
	var out bytes.Buffer
	p, err := pass(context.Background(), &out, c.client, "shop", "frontend", demoStart, demoSettings, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.CreateRCs) != 1 || !strings.Contains(out.String(), "create-rc rc/frontend-3") {
		t.Fatalf("dry run planned %s", out.String())
	}
	list, err := c.client.Resource(rcResource).Namespace("shop").List(context.Background(), metav1.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Items) != 0 {
		t.Errorf("dry run created %d RCs", len(list.Items))
	}
}

// TestEndState checks the API server once the demo is at rest: the RC
// Complete at 3 replicas with its deployer pod succeeded, the DC status
// rolled out, and the events recorded.
func TestEndState(t *testing.T) {
	c := demoAfter(t, 5)
	rc := c.rc("frontend-3")
	if rc.Phase != dcplan.PhaseComplete || rc.Replicas != 3 {
		t.Errorf("rc frontend-3: phase %v, %d replicas; want Complete, 3", rc.Phase, rc.Replicas)
	}
	u, err := c.client.Resource(dcResource).Namespace("shop").Get(context.Background(), "frontend", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := jsonOf(u)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := wire.DecodeConfig(data)
	if err != nil {
		t.Fatal(err)
	}
	var progressing dcplan.Condition
	for _, cond := range cfg.Status.Conditions {
		if cond.Type == dcplan.ConditionProgressing {
			progressing = cond
		}
	}
	if cfg.Status.AvailableReplicas != 3 || cfg.Status.UpdatedReplicas != 3 || progressing.Reason != dcplan.ReasonNewReplicationControllerAvailable {
		t.Errorf("dc status: available %d, updated %d, progressing %v; want 3, 3, NewReplicationControllerAvailable",
			cfg.Status.AvailableReplicas, cfg.Status.UpdatedReplicas, progressing.Reason)
	}
	events, err := c.client.Resource(eventResource).Namespace("shop").List(context.Background(), metav1.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(events.Items) != 1 || events.Items[0].Object["reason"] != dcplan.EventDeploymentCreated {
		t.Errorf("events: %v, want one DeploymentCreated", events.Items)
	}
}

// TestWritesCheckPreconditions checks that a write whose precondition no
// longer holds fails with dcplan.ErrConflict and writes nothing, that an
// action already in effect writes nothing and succeeds, and that API
// errors come back as the dcplan sentinels.
func TestWritesCheckPreconditions(t *testing.T) {
	ctx := context.Background()
	c := demoAfter(t, 1) // frontend-3 exists, New, 0 replicas
	b := c.backend()
	if err := b.ScaleRC(ctx, dcplan.Scale{RC: "frontend-3", From: 2, To: 5}); !errors.Is(err, dcplan.ErrConflict) {
		t.Errorf("ScaleRC with a stale From = %v, want ErrConflict", err)
	}
	if got := c.rc("frontend-3").Replicas; got != 0 {
		t.Errorf("a refused scale wrote replicas %d", got)
	}
	if err := b.ScaleRC(ctx, dcplan.Scale{RC: "frontend-3", From: 0, To: 2}); err != nil {
		t.Fatalf("ScaleRC = %v", err)
	}
	if got := c.rc("frontend-3").Replicas; got != 2 {
		t.Errorf("scaled to %d replicas, want 2", got)
	}
	if err := b.DeleteRC(ctx, dcplan.DeleteRC{RC: "frontend-3", Replicas: 0}); !errors.Is(err, dcplan.ErrConflict) {
		t.Errorf("DeleteRC of an RC scaled up since = %v, want ErrConflict", err)
	}
	owner := dcplan.SetPodOwner{Pod: "frontend-3-deploy", RC: "frontend-3", RCUID: "x"}
	if err := b.SetPodOwner(ctx, owner); !errors.Is(err, dcplan.ErrNotFound) {
		t.Errorf("SetPodOwner of a missing pod = %v, want ErrNotFound", err)
	}
	created := c.rc("frontend-3")
	if err := b.CreateRC(ctx, dcplan.CreateRC{Deployment: created}); !errors.Is(err, dcplan.ErrAlreadyExists) {
		t.Errorf("CreateRC of an existing RC = %v, want ErrAlreadyExists", err)
	}
	release := dcplan.Release{RC: "frontend-3", RCUID: created.UID, ConfigUID: "not-the-owner"}
	if err := b.ReleaseRC(ctx, release); err != nil {
		t.Errorf("ReleaseRC of an RC the DC does not control = %v, want nil (nothing to write)", err)
	}
}
