package wire_test

import (
	"fmt"
	"os"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

func ExampleDecodeDeployment() {
	data, err := os.ReadFile("../testdata/fixtures/rc-frontend-2-failed-cancelled.json")
	if err != nil {
		panic(err)
	}
	d, err := wire.DecodeDeployment(data)
	if err != nil {
		panic(err)
	}
	fmt.Println(d.Name, d.Version, d.Phase, d.Cancelled, d.Reason)
	fmt.Println("deployer pod created at", d.CreatedAt)
	fmt.Println("encoded:", d.Encoded.Name, "latestVersion", d.Encoded.Status.LatestVersion)
	// Output:
	// frontend-2 2 Failed true cancelled by the user
	// deployer pod created at 2026-10-28 14:30:02 +0000 UTC
	// encoded: frontend latestVersion 2
}

func ExampleDecodeDeployment_malformed() {
	_, err := wire.DecodeDeployment([]byte(`{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","annotations":{"openshift.io/deployment.phase":5}}}`))
	fmt.Println(err)
	// Annotations are text anyone may edit: they read as upstream reads
	// them, and are never an error (SPEC 13.1).
	d, err := wire.DecodeDeployment([]byte(`{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","annotations":{"openshift.io/deployment.phase":"Done"}}}`))
	fmt.Printf("%v %q %d\n", err, d.Phase, d.Version)
	// Output:
	// dcplan: malformed object: ReplicationController "web-1": metadata.annotations[openshift.io/deployment.phase]: want a string, got number
	// <nil> "" -1
}

func ExampleNewDeployment() {
	cfg := dcplan.Config{
		Namespace: "ns", Name: "web", UID: "dc-uid", Replicas: 2,
		Strategy: dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true},
		Template: wire.TemplateFor(dcplan.Container{Name: "app", Image: " registry.example/app:2 "}),
		Status:   dcplan.ConfigStatus{LatestVersion: 4, Details: dcplan.Details{Message: "config change"}},
	}
	d, err := wire.NewDeployment(cfg)
	if err != nil {
		panic(err)
	}
	fmt.Println(d.Name, d.Phase, d.Version, d.Reason)
	fmt.Println("replicas", d.Replicas, "desired", d.DesiredReplicas, "synced", d.SyncedReplicas)
	fmt.Printf("image %q\n", d.Template.Containers[0].Image)
	fmt.Println("controller", d.Controller.Kind, d.Controller.Name, d.Controller.UID)
	// Output:
	// web-4 New 4 config change
	// replicas 0 desired 2 synced 0
	// image "registry.example/app:2"
	// controller DeploymentConfig web dc-uid
}

func ExampleEncodePod() {
	b, err := wire.EncodePod(dcplan.DeployerPod{
		Namespace: "ns", Name: "web-4-deploy", RC: "web-4", RCUID: "rc-uid",
		Image:                 "registry.example/deployer:v4",
		Env:                   []dcplan.EnvVar{{Name: "OPENSHIFT_DEPLOYMENT_NAME", Value: "web-4"}},
		ActiveDeadlineSeconds: dcplan.MaxDeploymentDurationSeconds,
		ServiceAccount:        "deployer",
		Labels:                []dcplan.KeyValue{{Key: dcplan.LabelDeployerPodFor, Value: "web-4"}},
		CopyFields:            dcplan.ModernTemplateFields,
	}, dcplan.Template{Raw: dcplan.RawJSON(`{"spec":{"dnsPolicy":"ClusterFirst","schedulerName":"other"}}`)})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output:
	// {"kind":"Pod","apiVersion":"v1","metadata":{"name":"web-4-deploy","namespace":"ns","labels":{"openshift.io/deployer-pod-for.name":"web-4"},"ownerReferences":[{"apiVersion":"v1","kind":"ReplicationController","name":"web-4","uid":"rc-uid"}]},"spec":{"containers":[{"name":"deployment","image":"registry.example/deployer:v4","env":[{"name":"OPENSHIFT_DEPLOYMENT_NAME","value":"web-4"}],"resources":{},"terminationMessagePolicy":"FallbackToLogsOnError","imagePullPolicy":"IfNotPresent"}],"restartPolicy":"Never","terminationGracePeriodSeconds":10,"activeDeadlineSeconds":21600,"dnsPolicy":"ClusterFirst","serviceAccountName":"deployer","shareProcessNamespace":false},"status":{}}
}

func ExampleDeployerTemplateFields() {
	t, err := wire.NewTemplate([]byte(`{"spec":{"containers":[{"name":"app","image":"x"}],"dnsPolicy":"ClusterFirst","nodeSelector":{"role":"web"},"tolerations":[]}}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(string(wire.DeployerTemplateFields(t, dcplan.ModernTemplateFields)))
	// Output:
	// {"dnsPolicy":"ClusterFirst","nodeSelector":{"role":"web"}}
}

func ExampleDecodeSnapshot() {
	data, err := os.ReadFile("../testdata/fixtures/list-dc-rc-pods.json")
	if err != nil {
		panic(err)
	}
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	s, err := wire.DecodeSnapshot(data, "shop", "frontend", now, dcplan.Settings{ServiceAccount: "deployer"})
	if err != nil {
		panic(err)
	}
	fmt.Println("dc", s.Config.Name, "latestVersion", s.Config.Status.LatestVersion)
	for _, d := range s.Deployments {
		fmt.Println("rc", d.Name, d.Phase, d.Replicas)
	}
	for _, p := range s.Pods {
		fmt.Println("pod", p.Name, p.Phase, "for", p.DeploymentName)
	}
	// Output:
	// dc frontend latestVersion 3
	// rc frontend-1 Complete 1
	// rc frontend-2 Failed 0
	// rc frontend-3 Running 2
	// pod frontend-3-deploy Running for frontend-3
}

// Example_changeAndEncode is the adapter's write path: decode the stored
// object, change typed fields, encode. Only the changed fields move.
func Example_changeAndEncode() {
	d, err := wire.DecodeDeployment([]byte(`{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1",` +
		`"annotations":{"openshift.io/deployment.phase":"Running","kubectl.kubernetes.io/desired-replicas":"2","example.com/x":"kept"}},` +
		`"spec":{"replicas":2}}`))
	if err != nil {
		panic(err)
	}
	d.Phase = dcplan.PhaseComplete
	d.SyncedReplicas, d.HasSyncedReplicas = d.DesiredReplicas, true
	d.HasDesiredReplicas, d.DesiredReplicas = false, 0
	d.CompletedAt = time.Date(2026, 11, 1, 11, 59, 0, 0, time.UTC)
	b, err := wire.EncodeDeployment(d)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output:
	// {"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","annotations":{"example.com/x":"kept","openshift.io/deployer-pod.completed-at":"2026-11-01 11:59:00 +0000 UTC","openshift.io/deployment.phase":"Complete","openshift.io/deployment.replicas":"2"}},"spec":{"replicas":2}}
}

// ExampleReencoded shows what a write sends: the object as read with the
// action's change. A typed edit reaches the body once the snapshot is
// re-encoded.
func ExampleReencoded() {
	d, err := wire.DecodeDeployment([]byte(`{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1",` +
		`"namespace":"shop","resourceVersion":"7","labels":{"app":"web"}},"spec":{"replicas":2}}`))
	if err != nil {
		panic(err)
	}
	s := dcplan.Snapshot{Deployments: []dcplan.Deployment{d}}
	s.Deployments[0].Cancelled, s.Deployments[0].Reason = true, "by hand"
	plan := dcplan.Plan{Scales: []dcplan.Scale{{RC: "web-1", From: 2, To: 3}}}
	for _, snap := range []dcplan.Snapshot{s, must(wire.Reencoded(s))} {
		reqs, err := wire.Requests(snap, plan)
		if err != nil {
			panic(err)
		}
		fmt.Println(string(reqs[0].Body))
	}
	// Output:
	// {"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","namespace":"shop","resourceVersion":"7","labels":{"app":"web"}},"spec":{"replicas":3}}
	// {"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","namespace":"shop","resourceVersion":"7","labels":{"app":"web"},"annotations":{"openshift.io/deployment.cancelled":"true","openshift.io/deployment.status-reason":"by hand"}},"spec":{"replicas":3}}
}

// must returns v, panicking on err.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
