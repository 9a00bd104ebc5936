package kubetest

import (
	"fmt"
	"slices"

	appsfake "github.com/openshift/client-go/apps/clientset/versioned/fake"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	kubefake "k8s.io/client-go/kubernetes/fake"
	clienttesting "k8s.io/client-go/testing"
)

// Authorize returns clientsets over the cluster's objects for user,
// granted rules (a ClusterRole's, say), that answer 403 Forbidden, with
// the RBAC authorizer's message, to every request (reads, lists and
// watches included) no rule grants, and serve the others as c.Kube and
// c.Apps do. Discovery is granted to everyone, as system:discovery grants
// it. A rule grants a request when it lists the request's verb, API group
// and resource (resource/subresource for a subresource; "*" matches any),
// and, when it lists resource names, the request's object name (so no
// create or list). Aggregated roles, non-resource URLs and namespaced
// bindings are not modelled: the rules hold in every namespace.
// Reactors prepended to c.Kube or c.Apps after the call do not run for
// requests through the returned clientsets.
func (c *Cluster) Authorize(user string, rules []rbacv1.PolicyRule) (*kubefake.Clientset, *appsfake.Clientset) {
	deny := func(a clienttesting.Action) error {
		if allowed(rules, a) {
			return nil
		}
		return forbidden(user, a)
	}
	kc, ac := kubefake.NewClientset(), appsfake.NewClientset()
	for _, f := range []struct{ from, to *clienttesting.Fake }{{&c.Kube.Fake, &kc.Fake}, {&c.Apps.Fake, &ac.Fake}} {
		f.to.ReactionChain = append([]clienttesting.Reactor{&clienttesting.SimpleReactor{Verb: "*", Resource: "*",
			Reaction: func(a clienttesting.Action) (bool, runtime.Object, error) {
				if err := deny(a); err != nil {
					return true, nil, err
				}
				return false, nil, nil
			}}}, f.from.ReactionChain...)
		f.to.WatchReactionChain = append([]clienttesting.WatchReactor{&clienttesting.SimpleWatchReactor{Resource: "*",
			Reaction: func(a clienttesting.Action) (bool, watch.Interface, error) {
				if err := deny(a); err != nil {
					return true, nil, err
				}
				return false, nil, nil
			}}}, f.from.WatchReactionChain...)
	}
	ac.Resources = c.Apps.Resources
	return kc, ac
}

// allowed reports whether a rule grants action a.
func allowed(rules []rbacv1.PolicyRule, a clienttesting.Action) bool {
	gvr := a.GetResource()
	if gvr.Resource == "resource" && gvr.Group == "" && gvr.Version == "" {
		return true // discovery
	}
	verb, resource, name := rbacVerb(a), gvr.Resource, actionName(a)
	if a.GetSubresource() != "" {
		resource += "/" + a.GetSubresource()
	}
	for _, r := range rules {
		if matches(r.Verbs, verb) && matches(r.APIGroups, gvr.Group) && matches(r.Resources, resource) &&
			(len(r.ResourceNames) == 0 || name != "" && slices.Contains(r.ResourceNames, name)) {
			return true
		}
	}
	return false
}

func matches(list []string, s string) bool {
	return slices.Contains(list, s) || slices.Contains(list, rbacv1.VerbAll)
}

// rbacVerb is the RBAC verb of a: the fake's verb, deletecollection
// spelt as RBAC spells it.
func rbacVerb(a clienttesting.Action) string {
	if v := a.GetVerb(); v != "delete-collection" {
		return v
	}
	return "deletecollection"
}

// actionName is the name of the object a addresses, "" for a create, a
// list or a watch.
func actionName(a clienttesting.Action) string {
	switch a := a.(type) {
	case interface{ GetName() string }: // get, patch, delete
		return a.GetName()
	case clienttesting.UpdateAction:
		if m, ok := a.GetObject().(interface{ GetName() string }); ok {
			return m.GetName()
		}
	}
	return ""
}

// forbidden is the RBAC authorizer's answer to user for a.
func forbidden(user string, a clienttesting.Action) error {
	gvr := a.GetResource()
	resource := gvr.Resource
	if a.GetSubresource() != "" {
		resource += "/" + a.GetSubresource()
	}
	where := "at the cluster scope"
	if ns := a.GetNamespace(); ns != "" {
		where = fmt.Sprintf("in the namespace %q", ns)
	}
	return apierrors.NewForbidden(gvr.GroupResource(), actionName(a),
		//lint:ignore ST1005 the RBAC authorizer's text, capital letter included
		fmt.Errorf("User %q cannot %s resource %q in API group %q %s", user, rbacVerb(a), resource, gvr.Group, where))
}
