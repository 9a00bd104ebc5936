package wire

import (
	"errors"
	"fmt"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
)

// ErrNotRebasable is wrapped by the error Rebased and WithCreatedAt
// return for a request whose body is not a JSON object.
var ErrNotRebasable = errors.New("wire: the request has no object body to rebase")

// Rebased returns r with the metadata.resourceVersion of its body set to
// version, the rest of the body as rendered: how an adapter sends a
// Rebase request once it knows the version the earlier write of the plan
// left on the object (RunPass does this for every Rebase request). A
// delete has no body: its resourceVersion precondition becomes version.
// The error, for a body that is not a JSON object, wraps
// ErrNotRebasable.
func (r Request) Rebased(version string) (Request, error) {
	if r.Verb == VerbDelete {
		if r.Delete.Preconditions.ResourceVersion != "" {
			r.Delete.Preconditions.ResourceVersion = version
		}
		return r, nil
	}
	return r.edit(make(changes, 0, 1).setString(version, "metadata", "resourceVersion"))
}

// WithCreatedAt returns r with the openshift.io/deployer-pod.created-at
// annotation of its body set to created, rendered as upstream renders it
// (FormatAnnotationTime), the rest of the body as rendered: how an
// adapter sends a CreatedAtOf request once it knows the creationTimestamp
// the server gave the pod (RunPass does this for every such request). The
// error, for a body that is not a JSON object, wraps ErrNotRebasable.
func (r Request) WithCreatedAt(created time.Time) (Request, error) {
	return r.edit(make(changes, 0, 1).setAnnotation(dcplan.AnnotationDeployerCreatedAt, FormatAnnotationTime(created)))
}

// edit returns r with cs applied to its body, rendered again in the
// resource's key order.
func (r Request) edit(cs changes) (Request, error) {
	w, ok := readBody(r.Body)
	if !ok {
		if _, err := jsontree.Parse(r.Body); err != nil {
			return r, fmt.Errorf("%w: %s %s/%s: %w", ErrNotRebasable, r.Resource, r.Namespace, r.Name, err)
		}
		return r, fmt.Errorf("%w: %s %s/%s", ErrNotRebasable, r.Resource, r.Namespace, r.Name)
	}
	r.Body = w.render(orderOf(r.Resource), cs)
	w.release()
	return r, nil
}

// orderOf is the key order of the objects of resource, nil (sorted keys)
// for a resource the codec does not know.
func orderOf(resource string) *keyOrder {
	switch resource {
	case ResourceConfigs:
		return orderDC
	case ResourceRCs:
		return orderRC
	case ResourcePods:
		return orderPod
	}
	return nil
}
