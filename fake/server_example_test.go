package fake_test

import (
	"context"
	"fmt"
	"time"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// A Server executes requests with Kubernetes semantics: here the release
// patch upstream's controller-ref manager sends, then the same patch again
// once the owner is gone and the object was recreated.
func ExampleServer() {
	s := fake.NewServer(time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	_ = s.Put(wire.ResourceRCs, []byte(`{"metadata":{"name":"web-1","namespace":"shop","uid":"rc-1","resourceVersion":"10",
		"ownerReferences":[{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"web","uid":"dc-1"}]},"spec":{"replicas":1}}`))
	release := wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
		PatchType: wire.PatchStrategicMerge,
		Patch:     []byte(`{"metadata":{"ownerReferences":[{"$patch":"delete","uid":"dc-1"}],"uid":"rc-1"}}`)}
	written, err := s.Do(context.Background(), release)
	fmt.Println(written.ResourceVersion, err)
	rc, _ := s.Object(wire.ResourceRCs, "shop", "web-1")
	fmt.Println(string(rc))

	release.Patch = []byte(`{"metadata":{"ownerReferences":[{"$patch":"delete","uid":"dc-1"}],"uid":"rc-0"}}`)
	_, err = s.Do(context.Background(), release)
	fmt.Println(err)
	fmt.Println(len(s.Log()), "writes logged")
	// Output:
	// 11 <nil>
	// {"metadata":{"name":"web-1","namespace":"shop","resourceVersion":"11","uid":"rc-1"},"spec":{"replicas":1}}
	// ReplicationController "web-1" is invalid: metadata.uid: Invalid value: "rc-0": field is immutable
	// 2 writes logged
}
