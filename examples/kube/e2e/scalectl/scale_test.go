package main

import (
	"context"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestPopulateIsAtRest populates kubetest with 3 DCs of 4 RCs and
// measures the controller over them: every key is passed once, no pass
// sends a request (the DC status and the RCs are what the controllers
// would have left), and a resync round passes every key again.
func TestPopulateIsAtRest(t *testing.T) {
	ctx := context.Background()
	c := kubetest.NewCluster(time.Now())
	if err := Populate(ctx, c.Kube, c.Apps, "shop", 3, 4, 2, time.Now()); err != nil {
		t.Fatal(err)
	}
	rcs, err := c.Kube.CoreV1().ReplicationControllers("shop").List(ctx, metav1.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rcs.Items) != 12 {
		t.Fatalf("%d RCs, want 12", len(rcs.Items))
	}
	for _, rc := range rcs.Items {
		if rc.Annotations[dcplan.AnnotationPhase] != "Complete" || rc.Annotations["openshift.io/encoded-deployment-config"] == "" {
			t.Errorf("rc %s: annotations %v, want Complete with an encoded config", rc.Name, rc.Annotations)
		}
	}
	dc, err := c.Apps.AppsV1().DeploymentConfigs("shop").Get(ctx, ConfigName(2), metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if dc.Status.LatestVersion != 4 || dc.Status.AvailableReplicas != 1 || len(dc.Status.Conditions) != 2 {
		t.Errorf("dc status %+v, want latestVersion 4, 1 available, 2 conditions", dc.Status)
	}
	res, err := Measure(ctx, c.Kube, c.Apps, Options{Namespace: "shop", DCs: 3, RCs: 4, Resync: time.Second,
		Quiet: 200 * time.Millisecond, Timeout: time.Minute, Recorder: kubetest.Discard})
	if err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]*Round{"first": &res.First, "resync": res.Resync} {
		if r == nil || r.Passes < 15 || r.Requests != 0 {
			t.Errorf("%s round %+v, want at least 15 passes and no request; plans %q", name, r, res.Plans)
		}
	}
}
