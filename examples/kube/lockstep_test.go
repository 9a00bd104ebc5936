package kube_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/cache"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// lockstep drives the controller one pass at a time (informers running,
// no workers) and checks every pass against the simulator: the same
// snapshot applied with wire.RunPass to a fake.Server seeded with the
// cluster's objects must send exactly the requests the adapter sends over
// client-go, fault for fault.
type lockstep struct {
	t    *testing.T
	c    *cluster
	k    *kubelet
	ctrl *kube.Controller
	rec  map[string]*recording

	mu    sync.Mutex
	fault *passFault // armed for the next pass
	hits  int
}

// passFault fails the first Times matching requests of one pass, in both
// worlds.
type passFault struct {
	Verb, Resource, Subresource string
	Times                       int
	Err                         error // what client-go returns
}

func newLockstep(t *testing.T, settings dcplan.Settings) *lockstep {
	l := &lockstep{t: t, c: newCluster(t), rec: map[string]*recording{}}
	l.k = newKubelet(l.c)
	react := func(a clienttesting.Action) (bool, runtime.Object, error) {
		l.mu.Lock()
		defer l.mu.Unlock()
		f := l.fault
		if f == nil || a.GetVerb() != f.Verb || a.GetResource().Resource != f.Resource || a.GetSubresource() != f.Subresource || l.hits >= f.Times {
			return false, nil, nil
		}
		l.hits++
		return true, nil, f.Err
	}
	l.c.kube.PrependReactor("*", "*", react)
	l.c.apps.PrependReactor("*", "*", react)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	l.ctrl = kube.New(l.c.kube, l.c.apps, kube.Options{Namespace: ns, Settings: settings, Recorder: l.c.recorder,
		Now: func() time.Time { return epoch },
		Wrap: func(component string, c wire.Client) wire.Client {
			r := &recording{Client: c}
			l.rec[component] = r
			return r
		}})
	t.Cleanup(l.ctrl.Close)
	if err := l.ctrl.Start(ctx); err != nil {
		t.Fatal(err)
	}
	return l
}

// caughtUp waits until ctrl's informer caches hold what the server holds.
func (c *cluster) caughtUp(t testing.TB, ctrl *kube.Controller) {
	t.Helper()
	dcs, rcs, pods := ctrl.Informers()
	waitFor(t, "caches", func() bool {
		return same(t, dcs.GetStore(), c.objects(t, "deploymentconfigs")) &&
			same(t, rcs.GetStore(), c.objects(t, "replicationcontrollers")) &&
			same(t, pods.GetStore(), c.objects(t, "pods"))
	})
}

// same reports whether store holds exactly objs, by name and version.
func same(t testing.TB, store cache.Store, objs []runtime.Object) bool {
	if len(store.List()) != len(objs) {
		return false
	}
	for _, o := range objs {
		m, _ := meta.Accessor(o)
		got, ok, _ := store.GetByKey(m.GetNamespace() + "/" + m.GetName())
		if !ok {
			return false
		}
		gm, _ := meta.Accessor(got)
		if gm.GetResourceVersion() != m.GetResourceVersion() {
			return false
		}
	}
	return true
}

// objects lists the server's objects of one resource.
func (c *cluster) objects(t testing.TB, resource string) []runtime.Object {
	t.Helper()
	var out []runtime.Object
	ctx := context.Background()
	switch resource {
	case "deploymentconfigs":
		list, err := c.apps.AppsV1().DeploymentConfigs(ns).List(ctx, metav1.ListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range list.Items {
			o := &list.Items[i]
			o.Kind, o.APIVersion = "DeploymentConfig", "apps.openshift.io/v1"
			out = append(out, o)
		}
	case "replicationcontrollers":
		list, err := c.kube.CoreV1().ReplicationControllers(ns).List(ctx, metav1.ListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range list.Items {
			o := &list.Items[i]
			o.Kind, o.APIVersion = "ReplicationController", "v1"
			out = append(out, o)
		}
	case "pods":
		list, err := c.kube.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range list.Items {
			o := &list.Items[i]
			o.Kind, o.APIVersion = "Pod", "v1"
			out = append(out, o)
		}
	}
	return out
}

// pass runs one pass of a controller for key, both ways, with f armed,
// and fails the test unless both send the same requests. It returns the
// adapter's pass.
func (l *lockstep) pass(component, key string, f *passFault) wire.Pass {
	l.t.Helper()
	l.c.caughtUp(l.t, l.ctrl)
	ctx := context.Background()

	// The simulator: fake.Server seeded with the cluster's objects.
	srv := fake.NewServer(epoch)
	for _, res := range []string{"deploymentconfigs", "replicationcontrollers", "pods"} {
		for _, o := range l.c.objects(l.t, res) {
			data, err := json.Marshal(o)
			if err != nil {
				l.t.Fatal(err)
			}
			if err := srv.Put(res, data); err != nil {
				l.t.Fatal(err)
			}
		}
	}
	var s dcplan.Snapshot
	var ok bool
	var err error
	var planner wire.Planner
	if component == kube.ComponentConfig {
		s, ok, err = l.ctrl.ConfigSnapshot(key, 0)
		planner = reconcile.Config
	} else {
		s, ok, err = l.ctrl.DeploymentSnapshot(key, 0)
		_, name, _ := cache.SplitMetaNamespaceKey(key)
		planner = func(s dcplan.Snapshot) dcplan.Plan { return phase.Step(s, name) }
	}
	if err != nil || !ok {
		l.t.Fatalf("snapshot %s: %v %v", key, ok, err)
	}
	if f != nil {
		resource := f.Resource
		if f.Subresource != "" {
			resource += "/" + f.Subresource
		}
		srv.Inject(fake.Fault{Verb: f.Verb, Resource: resource, Times: f.Times, Err: kube.StatusError(f.Err)})
	}
	sim := &recording{Client: srv}
	if _, err := wire.RunPass(ctx, sim, s, planner); err != nil {
		l.t.Fatalf("simulated pass %s: %v", key, err)
	}
	want := sim.take()

	// The adapter, with the same fault armed in the clientsets.
	l.mu.Lock()
	l.fault, l.hits = f, 0
	l.mu.Unlock()
	var pass wire.Pass
	if component == kube.ComponentConfig {
		pass, ok, err = l.ctrl.SyncConfig(ctx, key, 0)
	} else {
		pass, ok, err = l.ctrl.SyncDeployment(ctx, key, 0)
	}
	l.mu.Lock()
	l.fault = nil
	l.mu.Unlock()
	if err != nil || !ok {
		l.t.Fatalf("pass %s: %v %v", key, ok, err)
	}
	got := l.rec[component].take()
	if d := cmp.Diff(want, got); d != "" {
		l.t.Fatalf("%s %s: adapter and simulator disagree (-simulator +adapter):\n%s", component, key, d)
	}
	if len(got) == 0 && !pass.Plan.IsEmpty() && pass.Plan.Message == "" {
		l.t.Fatalf("%s %s: a plan with actions sent nothing:\n%s", component, key, dcplan.Describe(pass.Plan))
	}
	return pass
}

// verbs returns "verb resource name" of the requests that are not events.
func verbs(p wire.Pass) []string {
	var out []string
	for _, r := range p.Requests[:p.Sent] {
		if r.Verb != wire.VerbEvent {
			out = append(out, string(r.Verb)+" "+r.Resource+"/"+r.Subresource+" "+r.Name)
		}
	}
	return out
}

// TestAdapterAgreesWithSimulator walks a first rollout one pass at a
// time, with a transport error on the deployer pod create and a conflict on
// an RC write, and a config change onto an RC name squatted by a foreign
// controller (AlreadyExists, live GET): at every pass the requests the
// adapter sends over client-go equal those wire.RunPass sends to
// fake.Server for the same snapshot, request for request.
func TestAdapterAgreesWithSimulator(t *testing.T) {
	for _, preset := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		t.Run(preset.String(), func(t *testing.T) {
			l := newLockstep(t, preset.Settings())
			const dcKey, rcKey = ns + "/frontend", ns + "/frontend-1"
			l.c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
			steps := []struct {
				component, key string
				fault          *passFault
				kubelet        int // kubelet steps before the pass
				want           []string
				message        string
			}{
				{component: kube.ComponentConfig, key: dcKey, want: []string{"update deploymentconfigs/status frontend"}},
				{component: kube.ComponentConfig, key: dcKey, want: []string{"create replicationcontrollers/ frontend-1", "update deploymentconfigs/status frontend"}},
				{component: kube.ComponentDeployer, key: rcKey,
					fault: &passFault{Verb: "create", Resource: "pods", Times: 1, Err: errors.New("connection reset by peer")},
					want:  []string{"create pods/ frontend-1-deploy"}, message: `couldn't create deployer pod for "shop/frontend-1": connection reset by peer`},
				{component: kube.ComponentDeployer, key: rcKey, want: []string{"create pods/ frontend-1-deploy", "update replicationcontrollers/ frontend-1"}},
				{component: kube.ComponentDeployer, key: rcKey, kubelet: 1, // the pod Pending since its create: Running
					fault: &passFault{Verb: "update", Resource: "replicationcontrollers", Times: 1, Err: apierrors.NewConflict(rcResource, "frontend-1", errors.New("the object has been modified"))},
					want:  []string{"update replicationcontrollers/ frontend-1"}, message: `couldn't update rollout status for "shop/frontend-1" to Running: Operation cannot be fulfilled on replicationcontrollers "frontend-1": the object has been modified`},
				{component: kube.ComponentDeployer, key: rcKey, want: []string{"update replicationcontrollers/ frontend-1"}},
				{component: kube.ComponentDeployer, key: rcKey, kubelet: 1, want: []string{"update replicationcontrollers/ frontend-1"}},
				{component: kube.ComponentConfig, key: dcKey, want: []string{"update deploymentconfigs/status frontend"}},
			}
			for i, st := range steps {
				for range st.kubelet {
					l.k.Step(context.Background())
				}
				p := l.pass(st.component, st.key, st.fault)
				if d := cmp.Diff(st.want, verbs(p)); d != "" {
					t.Fatalf("step %d: writes mismatch (-want +got):\n%s\n%s", i, d, dcplan.Describe(p.Plan))
				}
				if p.Plan.Message != st.message {
					t.Fatalf("step %d: message = %q, want %q", i, p.Plan.Message, st.message)
				}
			}
			if got := l.c.summary(t, "frontend"); got != "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2" {
				t.Errorf("world after the rollout:\n%s", got)
			}

			// A foreign RC squats the next rollout's name.
			isController := true
			foreign := &corev1.ReplicationController{ObjectMeta: metav1.ObjectMeta{Name: "frontend-2", Namespace: ns,
				OwnerReferences: []metav1.OwnerReference{{APIVersion: "apps/v1", Kind: "Deployment", Name: "other", UID: "other-uid", Controller: &isController}}}}
			if _, err := l.c.kube.CoreV1().ReplicationControllers(ns).Create(context.Background(), foreign, metav1.CreateOptions{}); err != nil {
				t.Fatal(err)
			}
			l.c.setImage(t, "frontend", "registry/shop/frontend:v2")
			l.pass(kube.ComponentConfig, dcKey, nil) // trigger: latestVersion 2
			p := l.pass(kube.ComponentConfig, dcKey, nil)
			if want := []string{"create replicationcontrollers/ frontend-2", "update deploymentconfigs/status frontend"}; !slices.Equal(verbs(p), want) {
				t.Errorf("AlreadyExists pass wrote %q, want %q", verbs(p), want)
			}
			if p.Snapshot.Outcome.Live == nil {
				t.Errorf("AlreadyExists pass has no live RC in its outcome")
			}
		})
	}
}
