package fake

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestErrForbiddenCreateNamesNoObject: RBAC's refusal of a create (SPEC
// 13: the API status text the planners copy into events and conditions)
// names no object, as the API server words it: a POST to a collection
// carries no name in its URL, so the authorizer's attributes have none
// ("pods is forbidden: User ... cannot create resource "pods" ...");
// a create through a subresource (instantiate) names the object its URL
// names.
func TestErrForbiddenCreateNamesNoObject(t *testing.T) {
	const user = `User "system:serviceaccount:openshift-infra:dcplan-sim"`
	tests := []struct {
		r    wire.Request
		want string
	}{
		{wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "ns", Name: "web-2"},
			`replicationcontrollers is forbidden: ` + user + ` cannot create resource "replicationcontrollers" in API group "" in the namespace "ns"`},
		{wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Namespace: "ns", Name: "web-2-deploy"},
			`pods is forbidden: ` + user + ` cannot create resource "pods" in API group "" in the namespace "ns"`},
		{wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceInstantiate, Namespace: "ns", Name: "web"},
			`deploymentconfigs.apps.openshift.io "web" is forbidden: ` + user + ` cannot create resource "deploymentconfigs/instantiate" in API group "apps.openshift.io" in the namespace "ns"`},
		{wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "ns", Name: "web-1"},
			`replicationcontrollers "web-1" is forbidden: ` + user + ` cannot delete resource "replicationcontrollers" in API group "" in the namespace "ns"`},
	}
	for _, tt := range tests {
		var se *wire.StatusError
		if err := errForbidden(tt.r); !errors.As(err, &se) || se.Reason != dcplan.StatusForbidden || se.Code != 403 || se.Message != tt.want {
			t.Errorf("errForbidden(%s %s) = %v\nwant Forbidden (403) %q", tt.r.Verb, tt.r.Resource, err, tt.want)
		}
	}
}
