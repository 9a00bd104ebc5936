package fake_test

import (
	"context"
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestServerRefusesSecondController checks that a create, an update or a
// patch leaving more than one owner reference with controller true is
// refused with the API server's Invalid answer (apimachinery's
// ValidateOwnerReferences; texts as apimachinery v0.37.2 renders them),
// and stores nothing.
func TestServerRefusesSecondController(t *testing.T) {
	const dc = `{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"web","uid":"dc-uid","controller":true,"blockOwnerDeletion":true}`
	const dc2 = `{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"web","uid":"dc-uid-2","controller":true,"blockOwnerDeletion":true}`
	const x = `{"apiVersion":"v1","kind":"X","name":"x","uid":"x-uid","controller":true}`
	const only = `: Only one reference can have Controller set to true. Found "true" in references for `
	tests := []struct {
		name string
		req  wire.Request
		want string
	}{
		{
			name: "adopt patch adding a second controller",
			req: wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", PatchType: wire.PatchStrategicMerge,
				Patch: []byte(`{"metadata":{"ownerReferences":[` + dc2 + `],"uid":"rc-uid-1"}}`)},
			// The patch's reference comes first in the merged list.
			want: `ReplicationController "web-1" is invalid: metadata.ownerReferences: Invalid value: [` + dc2 + `,` + dc + `]` + only + `DeploymentConfig/web and DeploymentConfig/web`,
		},
		{
			name: "update with two controllers",
			req: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
				Body: []byte(`{"metadata":{"name":"web-1","ownerReferences":[` + x + `,` + dc + `]},"spec":{"replicas":2,"selector":{"a":"b"}}}`)},
			want: `ReplicationController "web-1" is invalid: metadata.ownerReferences: Invalid value: [` + x + `,` + dc + `]` + only + `X/x and DeploymentConfig/web`,
		},
		{
			name: "create with three controllers",
			req: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "shop",
				Body: []byte(`{"metadata":{"name":"web-9","ownerReferences":[` + dc + `,{"apiVersion":"v1","kind":"B","name":"b","uid":"b-uid","controller":false,"extra":1},` + x + `,` + dc2 + `]}}`)},
			want: `ReplicationController "web-9" is invalid: [` +
				`metadata.ownerReferences: Invalid value: [` + dc + `,{"apiVersion":"v1","kind":"B","name":"b","uid":"b-uid","controller":false},` + x + `,` + dc2 + `]` + only + `DeploymentConfig/web and X/x, ` +
				`metadata.ownerReferences: Invalid value: [` + dc + `,{"apiVersion":"v1","kind":"B","name":"b","uid":"b-uid","controller":false},` + x + `,` + dc2 + `]` + only + `DeploymentConfig/web and DeploymentConfig/web]`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestServer(t)
			before, _ := s.Object(wire.ResourceRCs, "shop", "web-1")
			_, err := s.Do(context.Background(), tc.req)
			var se *wire.StatusError
			if !errors.As(err, &se) || se.Code != 422 || se.Reason != dcplan.StatusInvalid {
				t.Fatalf("error %v, want 422 Invalid", err)
			}
			if se.Message != tc.want {
				t.Errorf("message\n got %s\nwant %s", se.Message, tc.want)
			}
			if after, _ := s.Object(wire.ResourceRCs, "shop", "web-1"); string(after) != string(before) {
				t.Errorf("web-1 changed:\n%s\n%s", before, after)
			}
			if _, ok := s.Object(wire.ResourceRCs, "shop", "web-9"); ok {
				t.Error("web-9 was created")
			}
		})
	}
}

// TestServerOneControllerAmongOwners checks that any number of owner
// references with controller false or unset go with one controller.
func TestServerOneControllerAmongOwners(t *testing.T) {
	s := newTestServer(t)
	_, err := s.Do(context.Background(), wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", PatchType: wire.PatchStrategicMerge,
		Patch: []byte(`{"metadata":{"ownerReferences":[{"apiVersion":"v1","kind":"X","name":"x","uid":"x-uid","controller":false},{"apiVersion":"v1","kind":"Y","name":"y","uid":"y-uid"}]}}`)})
	if err != nil {
		t.Fatal(err)
	}
	if got := get(t, s, wire.ResourceRCs, "web-1", "metadata|ownerReferences|2|uid"); got != "dc-uid" {
		t.Errorf("ownerReferences[2].uid = %v, want dc-uid", got)
	}
}
