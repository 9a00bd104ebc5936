package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	appsclient "github.com/openshift/client-go/apps/clientset/versioned"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube/e2e"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// Settings are the planners' settings of the measured controller (the
// e2e tests' own): Modern, with a deployer image and service account.
func Settings() dcplan.Settings {
	s := dcplan.Modern.Settings()
	s.DeployerImage = "registry.example/openshift/origin-deployer:v4"
	s.ServiceAccount = "deployer"
	return s
}

// ConfigName is the name of DC number i.
func ConfigName(i int) string { return fmt.Sprintf("app-%04d", i) }

// NewConfig returns DC name of namespace ns with one replica at image
// version v and revisionHistoryLimit history: e2e.NewConfig, labelled
// app=<name>.
func NewConfig(ns, name string, v int, history int32) *appsv1.DeploymentConfig {
	dc := e2e.NewConfig(name, fmt.Sprintf("registry.example/shop/%s:v%d", name, v), 1, history)
	dc.Namespace, dc.Labels = ns, map[string]string{"app": name}
	return dc
}

// Populate creates DCs 0 .. dcs-1 in ns, each with the rcs RCs of rcs
// finished rollouts (one image edit each), as the controllers leave them:
// RCs made by wire.NewDeployment from the DC at each version (the
// encoded-config annotation included), all Complete, the newest scaled
// to 1 with its status settled, the others at 0, and the DC with the
// status reconcile.Config writes on seeing them. Status goes through
// UpdateStatus, as a server with status subresources keeps it from
// creates. clients goroutines send the requests; now is the planners'
// clock for the DC status.
func Populate(ctx context.Context, kube kubernetes.Interface, apps appsclient.Interface, ns string, dcs, rcs, clients int, now time.Time) error {
	next := make(chan int)
	errs := make(chan error, clients)
	var wg sync.WaitGroup
	for range max(clients, 1) {
		wg.Go(func() {
			for i := range next {
				if err := populateOne(ctx, kube, apps, ns, ConfigName(i), rcs, now); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	var err error
feed:
	for i := range dcs {
		select {
		case next <- i:
		case err = <-errs:
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err == nil {
		select {
		case err = <-errs:
		default:
		}
	}
	return err
}

// populateOne creates one DC and its RCs (see Populate).
func populateOne(ctx context.Context, kube kubernetes.Interface, apps appsclient.Interface, ns, name string, rcs int, now time.Time) error {
	dcs := apps.AppsV1().DeploymentConfigs(ns)
	dc, err := dcs.Create(ctx, NewConfig(ns, name, rcs, int32(rcs)), metav1.CreateOptions{})
	if err != nil {
		return fmt.Errorf("scale: create dc %s: %w", name, err)
	}
	ds := make([]dcplan.Deployment, 0, rcs)
	for v := 1; v <= rcs; v++ {
		rc, err := createRC(ctx, kube, dc, v, v == rcs)
		if err != nil {
			return err
		}
		d, err := decodeRC(rc)
		if err != nil {
			return err
		}
		ds = append(ds, d)
	}
	c, err := decodeConfig(dc, rcs)
	if err != nil {
		return err
	}
	plan := reconcile.Config(dcplan.Snapshot{Now: now, Config: c, Deployments: ds, Settings: Settings()})
	if plan.Status == nil {
		return fmt.Errorf("scale: dc %s: reconcile.Config plans no status", name)
	}
	c.Status = plan.Status.To
	var settled appsv1.DeploymentConfig
	if err := recode(c, wire.EncodeConfig, &settled); err != nil {
		return err
	}
	dc.Status = settled.Status
	if _, err := dcs.UpdateStatus(ctx, dc, metav1.UpdateOptions{}); err != nil {
		return fmt.Errorf("scale: dc %s status: %w", name, err)
	}
	return nil
}

// decodeConfig is dc as the planners read it, at image version v and
// latestVersion v.
func decodeConfig(dc *appsv1.DeploymentConfig, v int) (dcplan.Config, error) {
	at := dc.DeepCopy()
	at.Spec.Template.Spec.Containers[0].Image = fmt.Sprintf("registry.example/shop/%s:v%d", dc.Name, v)
	at.Status.LatestVersion = int64(v)
	at.TypeMeta = metav1.TypeMeta{Kind: "DeploymentConfig", APIVersion: "apps.openshift.io/v1"}
	data, err := json.Marshal(at)
	if err != nil {
		return dcplan.Config{}, err
	}
	return wire.DecodeConfig(data)
}

// createRC creates the RC of dc's version v, Complete; the latest one
// runs dc's replicas with its status settled.
func createRC(ctx context.Context, kube kubernetes.Interface, dc *appsv1.DeploymentConfig, v int, latest bool) (*corev1.ReplicationController, error) {
	c, err := decodeConfig(dc, v)
	if err != nil {
		return nil, err
	}
	d, err := wire.NewDeployment(c)
	if err != nil {
		return nil, err
	}
	d.Phase = dcplan.PhaseComplete
	d.HasSyncedReplicas, d.SyncedReplicas = true, dcplan.Replicas(dc.Spec.Replicas)
	d.HasDesiredReplicas = false
	if latest {
		d.Replicas = dcplan.Replicas(dc.Spec.Replicas)
	}
	var rc corev1.ReplicationController
	if err := recode(d, wire.EncodeDeployment, &rc); err != nil {
		return nil, err
	}
	rc.UID, rc.ResourceVersion, rc.CreationTimestamp = "", "", metav1.Time{}
	rcs := kube.CoreV1().ReplicationControllers(dc.Namespace)
	got, err := rcs.Create(ctx, &rc, metav1.CreateOptions{})
	if err != nil {
		return nil, fmt.Errorf("scale: create rc %s: %w", rc.Name, err)
	}
	if !latest {
		return got, nil
	}
	n := dc.Spec.Replicas
	got.Status = corev1.ReplicationControllerStatus{Replicas: n, FullyLabeledReplicas: n, ReadyReplicas: n,
		AvailableReplicas: n, ObservedGeneration: got.Generation}
	if got, err = rcs.UpdateStatus(ctx, got, metav1.UpdateOptions{}); err != nil {
		return nil, fmt.Errorf("scale: rc %s status: %w", rc.Name, err)
	}
	return got, nil
}

// decodeRC is rc as the planners read it.
func decodeRC(rc *corev1.ReplicationController) (dcplan.Deployment, error) {
	at := rc.DeepCopy()
	at.TypeMeta = metav1.TypeMeta{Kind: "ReplicationController", APIVersion: "v1"}
	data, err := json.Marshal(at)
	if err != nil {
		return dcplan.Deployment{}, err
	}
	return wire.DecodeDeployment(data)
}

// recode encodes v with the library's encoder and decodes the JSON into
// the typed object out.
func recode[T any](v T, encode func(T) ([]byte, error), out any) error {
	data, err := encode(v)
	if err != nil {
		return fmt.Errorf("scale: encode: %w", err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("scale: decode: %w", err)
	}
	return nil
}
