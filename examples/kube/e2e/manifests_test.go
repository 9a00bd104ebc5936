package e2e_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/discovery/cached/memory"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/restmapper"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// deployDir holds the shipped manifests; kubectl apply -f deploy/ applies
// its *.yaml in name order, not crd/.
const deployDir = "../deploy"

// manifest is one object of a shipped file.
type manifest struct {
	File string
	Obj  *unstructured.Unstructured
}

// readManifests parses every object of deploy/*.yaml, in kubectl's order,
// then of deploy/crd/*.yaml.
func readManifests(t testing.TB) []manifest {
	t.Helper()
	var files []string
	for _, glob := range []string{"*.yaml", "crd/*.yaml"} {
		m, err := filepath.Glob(filepath.Join(deployDir, glob))
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(m)
		files = append(files, m...)
	}
	var out []manifest
	for _, f := range files {
		r, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		dec := yaml.NewYAMLOrJSONDecoder(r, 4096)
		for {
			var obj map[string]any
			err := dec.Decode(&obj)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				r.Close()
				t.Fatalf("%s: %v", f, err)
			}
			if obj != nil {
				out = append(out, manifest{File: filepath.Base(f), Obj: &unstructured.Unstructured{Object: obj}})
			}
		}
		r.Close()
	}
	if len(out) == 0 {
		t.Fatalf("no manifests in %s", deployDir)
	}
	return out
}

// manifestOf returns the object of kind in the manifests (the first).
func manifestOf(t testing.TB, ms []manifest, kind string) *unstructured.Unstructured {
	t.Helper()
	for _, m := range ms {
		if m.Obj.GetKind() == kind {
			return m.Obj
		}
	}
	t.Fatalf("no %s in %s", kind, deployDir)
	return nil
}

// shippedDeployment returns the manifests' Deployment, typed.
func shippedDeployment(t testing.TB, ms []manifest) *appsv1.Deployment {
	t.Helper()
	var d appsv1.Deployment
	if err := runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation(manifestOf(t, ms, "Deployment").Object, &d, true); err != nil {
		t.Fatalf("the Deployment: %v", err)
	}
	return &d
}

// applier applies manifests with server-side apply.
type applier struct {
	dyn    dynamic.Interface
	mapper *restmapper.DeferredDiscoveryRESTMapper
}

// newApplier returns an applier with cfg.
func newApplier(t testing.TB, cfg *rest.Config) *applier {
	t.Helper()
	dc, err := discovery.NewDiscoveryClientForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &applier{dyn: dynamic.NewForConfigOrDie(cfg), mapper: restmapper.NewDeferredDiscoveryRESTMapper(memory.NewMemCacheClient(dc))}
}

// apply applies obj (server-side, field manager e2e-manifests, taking
// over fields another manager set), only as a dry run when dryRun.
func (a *applier) apply(ctx context.Context, obj *unstructured.Unstructured, dryRun bool) error {
	gvk := obj.GroupVersionKind()
	m, err := a.mapper.RESTMapping(gvk.GroupKind(), gvk.Version)
	if err != nil {
		return err
	}
	opts := metav1.ApplyOptions{FieldManager: "e2e-manifests", Force: true}
	if dryRun {
		opts.DryRun = []string{metav1.DryRunAll}
	}
	var ri dynamic.ResourceInterface = a.dyn.Resource(m.Resource)
	if m.Scope.Name() == "namespace" {
		ri = a.dyn.Resource(m.Resource).Namespace(obj.GetNamespace())
	}
	_, err = ri.Apply(ctx, obj.GetName(), obj, opts)
	return err
}

// shipped is what applyManifests applied: the names the shipped objects
// give the controller's namespace and ServiceAccount.
type shipped struct {
	Namespace, ServiceAccount string
}

var applied struct {
	once sync.Once
	s    shipped
	err  error
}

// applyManifests applies, once per test binary, every shipped object but
// the Deployment (no kubelet runs its pods) and the CRD (TestMain
// installed it): the Namespace, the ServiceAccount, the ClusterRole and
// its binding, the Lease Role and its binding. It returns the names of
// the Namespace and ServiceAccount.
func applyManifests(t testing.TB) shipped {
	t.Helper()
	applied.once.Do(func() {
		// Until the end: a t.Fatal of readManifests ends Do too.
		applied.err = errors.New("the manifests could not be read")
		ms := readManifests(t)
		applied.err = nil
		a := newApplier(t, cp.APIServer.Config(cp.APIServer.AdminToken))
		for _, m := range ms {
			switch m.Obj.GetKind() {
			case "Deployment", "CustomResourceDefinition":
				continue
			case "ServiceAccount":
				applied.s = shipped{Namespace: m.Obj.GetNamespace(), ServiceAccount: m.Obj.GetName()}
			}
			if err := a.apply(context.Background(), m.Obj, false); err != nil {
				applied.err = errors.Join(applied.err, err)
			}
		}
		if applied.s.ServiceAccount == "" {
			applied.err = errors.Join(applied.err, errors.New("the manifests have no ServiceAccount"))
		}
	})
	if applied.err != nil {
		t.Fatalf("apply %s: %v", deployDir, applied.err)
	}
	return applied.s
}
