package wire

import (
	"errors"
	"strconv"
	"time"

	"github.com/dcplan/dcplan"
)

// Verb is what a Request does.
type Verb string

// The verbs of the requests a plan turns into. VerbEvent is a recorded
// event: upstream's event recorder is not a write of the objects, but it is
// part of what a pass does, in order (SPEC 13.1, "events are requests in
// upstream's order").
const (
	VerbCreate Verb = "create"
	VerbUpdate Verb = "update"
	VerbPatch  Verb = "patch"
	VerbDelete Verb = "delete"
	VerbEvent  Verb = "event"
)

// The resources the requests name (plural, as in the API path).
const (
	ResourceRCs     = "replicationcontrollers"
	ResourcePods    = "pods"
	ResourceConfigs = "deploymentconfigs"
)

// The subresources of deploymentconfigs the requests use.
const (
	SubresourceStatus      = "status"
	SubresourceInstantiate = "instantiate"
)

// PatchStrategicMerge is the patch type of every patch upstream sends.
const PatchStrategicMerge = "application/strategic-merge-patch+json"

// PropagationBackground is the propagation policy of history cleanup
// deletes (SPEC 3.7.5).
const PropagationBackground = "Background"

// DeleteOptions are the options of a delete request; the zero value is the
// default options (upstream passes metav1.DeleteOptions{}).
type DeleteOptions struct {
	// PropagationPolicy is "" (the server's default) or "Background".
	PropagationPolicy string
	// GracePeriodSeconds applies when HasGracePeriod (oc retry sends 0).
	GracePeriodSeconds int64
	HasGracePeriod     bool
	// Preconditions, when set, make the server refuse the delete
	// (Conflict) unless the object still has them (SPEC 3.7.5.unchanged).
	Preconditions Preconditions
}

// Preconditions are a delete's conditions on the object it deletes, as
// metav1.Preconditions: its uid and its resourceVersion ("" for no
// condition on either).
type Preconditions struct {
	UID             string
	ResourceVersion string
}

// Event is an event request: what upstream's event recorder records.
type Event struct {
	// Object is the object the event is recorded on, e.g.
	// {Kind: "DeploymentConfig", Namespace: "shop", Name: "frontend"}.
	Object dcplan.ObjectRef
	// Type is "Normal" or "Warning".
	Type    string
	Reason  string
	Message string
	// Time is the snapshot's Now.
	Time time.Time
}

// Request is one API request of a plan, exactly as upstream sends it
// (SPEC 13), or one event. Requests are plain values; an adapter sends them
// in order and reports the first failure in the next snapshot's Outcome.
type Request struct {
	Verb Verb
	// Resource is the plural resource ("replicationcontrollers", "pods",
	// "deploymentconfigs"); empty for events.
	Resource string
	// Subresource is "", "status" or "instantiate".
	Subresource string
	Namespace   string
	Name        string
	// Body is the request body of a create, an update or an instantiate:
	// the complete object as JSON (Kubernetes field order, compact, as
	// encoding/json writes upstream's typed structs). An update's body
	// carries the resourceVersion read, its precondition: the server
	// answers Conflict when the object changed since.
	Body []byte
	// PatchType and Patch are the patch of a patch request. A patch
	// carrying metadata.uid has that uid as precondition.
	PatchType string
	Patch     []byte
	// FieldManager is the fieldManager query parameter of a write, as
	// kubectl sends its --field-manager: FieldManagerRollout on the DC
	// patch of oc rollout pause and resume (SPEC 6m.7.5); "" for none,
	// as the controllers and oc's other commands send it.
	FieldManager string
	// Delete holds the options of a delete request.
	Delete DeleteOptions
	// Event is set for VerbEvent.
	Event *Event

	// Failure handling (SPEC 13, 13.1), part of the plan.

	// Attempts is how many times the request is sent while the answer is
	// Conflict: 1 for a request tried once, 4 for upstream's
	// retry.RetryOnConflict with client-go's DefaultBackoff (cancel and
	// scale updates). Every attempt sends the same body (upstream re-reads
	// its cache, which has not moved), after the Before requests.
	Attempts int
	// Rebase marks an update of an object that an earlier write of the
	// same pass changes (of this plan, or of the plan a failure came
	// after): upstream sends the object that write returned,
	// so the body's metadata.resourceVersion must be the version the
	// server gave that write, not the version read (the seed's DC status
	// write after its replica-sync update of the DC, SPEC 3.11). The body
	// as rendered carries the version read; RunPass takes the new one
	// from the earlier write's answer (Written) and sends
	// Rebased(version). Sent with the version read, the request would
	// always meet Conflict. A delete is marked so when its resourceVersion
	// precondition names an RC the same plan adopts, cancels or scales
	// first (Modern's prune of an RC its pass has just scaled to 0, SPEC
	// 3.6.4, 3.7.5.unchanged): the precondition is then the version that
	// write left.
	Rebase bool
	// CreatedAtOf, on an RC write, names the deployer pod an earlier
	// request of the same pass creates: upstream writes that pod's
	// creationTimestamp, as the server stamped it and the create
	// returned it, into the RC's openshift.io/deployer-pod.created-at
	// annotation (SPEC 1.1, 4.3.new.4). The body as rendered carries the
	// planner's estimate there (Snapshot.Now in whole seconds); RunPass
	// takes the server's from the create's answer (Written) and sends
	// WithCreatedAt(creationTimestamp).
	CreatedAtOf string
	// Before lists requests sent again before each attempt of this one,
	// in order, the first attempt included: upstream's RetryOnConflict
	// claims its cached copy of an RC before every scale or cancel update
	// attempt, and for an orphan the pass adopted that copy still shows
	// no owner, so each attempt is the adoption patch and then the update
	// (Scale.Reclaim, Cancel.Reclaim; SPEC 3.3.reclaim). A failure of one
	// of them, unless it tolerates it, ends the attempts and is the
	// request's failure, marked Prelude.
	Before []Request
	// Tolerate lists the failures that count as success: NotFound for
	// the deletes of the controllers (oc retry's pod deletes tolerate
	// none, SPEC 6m.2.3.6), NotFound and Invalid for a release patch.
	Tolerate []dcplan.StatusReason
	// Group, when non-zero, joins consecutive requests whose failures do not
	// stop one another: every request of the group is sent, and the plan
	// stops after the group if any failed (deployer pod deletes and owner
	// patches, claims, history cleanup).
	Group int

	// Action names the plan action the request renders, for the Outcome
	// the adapter reports.
	Action dcplan.ActionRef
}

// Tolerates reports whether a failure with reason r counts as success.
func (r *Request) Tolerates(reason dcplan.StatusReason) bool {
	for _, t := range r.Tolerate {
		if t == reason {
			return true
		}
	}
	return false
}

// StatusError is an API status error as a client reports it: the reason,
// the HTTP code and the text (err.Error() of client-go's StatusError, e.g.
// `replicationcontrollers "web-2" already exists`). Clients return it for
// every answer that is an API status; any other error is a transport error.
// An empty Reason, or one Kubernetes does not know (an admission webhook's
// own word), is read from Code as Kubernetes' API machinery reads it (404
// NotFound, 409 Conflict, 422 Invalid, and 400, 403, 500); the Failure
// marks such a reason ReasonFromCode and keeps the one the answer carried
// in StatedReason, which is what kubectl prints.
type StatusError struct {
	Reason  dcplan.StatusReason
	Code    int32
	Message string
}

// Error returns the text. A nil *StatusError (a client's typed nil
// returned as an error) says so rather than panic.
func (e *StatusError) Error() string {
	if e == nil {
		return "wire: nil *StatusError"
	}
	return e.Message
}

// reasonCodes are the reasons an answer without a known Reason (see
// knownReasons) stands for by its HTTP code, as Kubernetes' API machinery
// reads such an answer (409 is Conflict there: AlreadyExists is known by
// its reason only).
var reasonCodes = map[int32]dcplan.StatusReason{
	400: dcplan.StatusBadRequest,
	403: dcplan.StatusForbidden,
	404: dcplan.StatusNotFound,
	409: dcplan.StatusConflict,
	422: dcplan.StatusInvalid,
	500: dcplan.StatusInternalError,
}

// knownReasons are the reasons Kubernetes' API machinery knows
// (apimachinery's errors.knownReasons): its IsNotFound, IsConflict and the
// rest read an answer with any other reason, or none, by its code.
var knownReasons = map[dcplan.StatusReason]bool{
	"Unauthorized": true, "Forbidden": true, "NotFound": true, "AlreadyExists": true, "Conflict": true,
	"Gone": true, "Invalid": true, "ServerTimeout": true, "StoreReadError": true, "Timeout": true,
	"TooManyRequests": true, "BadRequest": true, "MethodNotAllowed": true, "NotAcceptable": true,
	"RequestEntityTooLarge": true, "UnsupportedMediaType": true, "InternalError": true, "Expired": true,
	"ServiceUnavailable": true,
}

// statusOf returns the *StatusError err is or wraps, nil for a transport
// error (a typed nil included), with the reason its code stands for when
// its Reason is empty or unknown (see knownReasons).
func statusOf(err error) *StatusError {
	var se *StatusError
	if !errors.As(err, &se) || se == nil {
		return nil
	}
	if !knownReasons[se.Reason] && reasonCodes[se.Code] != "" {
		c := *se
		c.Reason = reasonCodes[se.Code]
		return &c
	}
	return se
}

// Method is the HTTP method of the request: POST, PUT, PATCH or DELETE
// ("" for an event, which an event recorder sends its own way).
func (r *Request) Method() string {
	switch r.Verb {
	case VerbCreate:
		return "POST"
	case VerbUpdate:
		return "PUT"
	case VerbPatch:
		return "PATCH"
	case VerbDelete:
		return "DELETE"
	}
	return ""
}

// Path is the request's URL path on the API server, e.g.
// /api/v1/namespaces/shop/replicationcontrollers/frontend-3 or
// /apis/apps.openshift.io/v1/namespaces/shop/deploymentconfigs/frontend/status.
// A create names the collection. Events have none.
func (r *Request) Path() string {
	if r.Verb == VerbEvent {
		return ""
	}
	base := "/api/v1/namespaces/" + r.Namespace + "/" + r.Resource
	if r.Resource == ResourceConfigs {
		base = "/apis/apps.openshift.io/v1/namespaces/" + r.Namespace + "/" + r.Resource
	}
	if r.Verb == VerbCreate && r.Subresource == "" {
		return base
	}
	p := base + "/" + r.Name
	if r.Subresource != "" {
		p += "/" + r.Subresource
	}
	return p
}

// FieldManagerRollout is the field manager kubectl's rollout pause and
// resume write with (their --field-manager default, SPEC 6m.7.5).
const FieldManagerRollout = "kubectl-rollout"

// DeleteBody is the body of a delete request: its options as
// metav1.DeleteOptions marshals them, or nil for the default options.
func (r *Request) DeleteBody() []byte {
	d := r.Delete
	if d.PropagationPolicy == "" && !d.HasGracePeriod && d.Preconditions == (Preconditions{}) {
		return nil
	}
	b := []byte(`{"kind":"DeleteOptions","apiVersion":"v1"`)
	if d.HasGracePeriod {
		b = append(b, `,"gracePeriodSeconds":`...)
		b = strconv.AppendInt(b, d.GracePeriodSeconds, 10)
	}
	if pc := d.Preconditions; pc != (Preconditions{}) {
		b = append(b, `,"preconditions":{`...)
		if pc.UID != "" {
			b = append(b, `"uid":`...)
			b = append(b, quoteJSON(pc.UID)...)
		}
		if pc.ResourceVersion != "" {
			if pc.UID != "" {
				b = append(b, ',')
			}
			b = append(b, `"resourceVersion":`...)
			b = append(b, quoteJSON(pc.ResourceVersion)...)
		}
		b = append(b, '}')
	}
	if d.PropagationPolicy != "" {
		b = append(b, `,"propagationPolicy":`...)
		b = append(b, quoteJSON(d.PropagationPolicy)...)
	}
	return append(b, '}')
}
