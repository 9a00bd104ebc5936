package kube

import (
	"testing"
	"time"

	"github.com/go-logr/logr/funcr"
	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestOptionsLogger pins Options.Logger: the controller logs to the
// logger it is given (not klog.Background()), under the name "dcplan".
func TestOptionsLogger(t *testing.T) {
	var lines []string
	log := funcr.New(func(prefix, args string) { lines = append(lines, prefix+" "+args) }, funcr.Options{})
	cl := kubetest.NewCluster(time.Now())
	c := New(cl.Kube, cl.Apps, Options{Namespace: "shop", Recorder: kubetest.Discard, Logger: log})
	t.Cleanup(c.Close)
	c.enqueueConfig(42) // no object: it cannot be keyed
	want := []string{`dcplan "msg"="Cannot key a deployment config" "error"="object has no meta: object does not implement the Object interfaces"`}
	if d := cmp.Diff(want, lines); d != "" {
		t.Errorf("log lines (-want +got):\n%s", d)
	}
}
