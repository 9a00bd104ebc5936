package fake

import (
	"errors"
	"fmt"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// instantiate executes a POST to deploymentconfigs/<name>/instantiate the
// way openshift-apiserver's instantiate REST does (SPEC 6m section 3,
// "Server side"), by asking reconcile.Instantiate, the pure form of that
// endpoint, and storing the status write it plans. Image streams are not
// modelled, so latest=true resolves no image trigger and the request is
// decided from the DC as stored, exactly as reconcile.Instantiate decides
// it. The answers:
//
//   - a body that is not a DeploymentRequest: BadRequest; no name:
//     Invalid; no such DC: NotFound;
//   - the refusals of reconcile.Instantiate as the status errors the
//     server sends: Invalid (a paused DC, forced or not), BadRequest
//     (unresolved images), NotFound (the latest RC is missing),
//     InternalError (its encoded config does not decode, or the stored
//     objects do not make a valid snapshot);
//   - nothing can trigger: the server answers 204 No Content, which
//     clients see as success, and nothing changes;
//   - else status.details and status.latestVersion + 1 are stored, and
//     metadata.generation goes up by one, as the instantiate strategy's
//     PrepareForUpdate counts a generation when latestVersion moves
//     (status.observedGeneration stays: the DC controller has not seen
//     the new generation yet).
func (s *Server) instantiate(r wire.Request, key serverKey) error {
	req, err := parseObject(r.Body)
	if err != nil {
		return errBadRequest(err.Error())
	}
	name, _ := req["name"].(string)
	if name == "" {
		return errInvalidRequest(name, `name: Invalid value: "": name of the deployment config is missing`)
	}
	stored, ok := s.store.load(key)
	if !ok {
		return errNotFound(wire.ResourceConfigs, name)
	}
	cfg, err := wire.DecodeConfig(stored)
	if err != nil {
		return errInternal(err)
	}
	snap := dcplan.Snapshot{Now: s.store.clock(), Config: cfg}
	if v := cfg.Status.LatestVersion; v > 0 {
		rc := dcplan.DeploymentName(name, v)
		if b, ok := s.store.load(serverKey{wire.ResourceRCs, key.namespace, rc}); ok {
			d, err := wire.DecodeDeployment(b)
			if err != nil {
				return errInternal(err)
			}
			// The server reads the RC by name; it needs no annotation
			// to know which version it read.
			d.Version = v
			snap.Deployments = []dcplan.Deployment{d}
		}
	}
	latest, _ := req["latest"].(bool)
	force, _ := req["force"].(bool)
	plan, err := reconcile.Instantiate(snap, latest, force)
	if err != nil {
		return instantiateError(name, err)
	}
	if plan.Status == nil {
		return nil
	}
	reqs, err := wire.Requests(snap, plan)
	if err != nil {
		return errInternal(err)
	}
	for _, q := range reqs {
		if q.Verb == wire.VerbUpdate && q.Subresource == wire.SubresourceStatus {
			// Stored through the instantiate strategy (settle): the
			// status write's fields, and a generation more.
			q.Subresource = wire.SubresourceInstantiate
			return s.update(q, key)
		}
	}
	return errInternal(errors.New("instantiate planned no status write"))
}

// instantiateError is the status error the server answers for a refusal
// of reconcile.Instantiate.
func instantiateError(name string, err error) error {
	var ref *dcplan.Refusal
	if !errors.As(err, &ref) {
		return errInternal(err)
	}
	switch {
	case errors.Is(err, reconcile.ErrInvalid):
		return &wire.StatusError{Reason: dcplan.StatusInvalid, Code: 422, Message: ref.Text}
	case errors.Is(err, reconcile.ErrBadRequest):
		return errBadRequest(ref.Text)
	case errors.Is(err, dcplan.ErrNotFound):
		return &wire.StatusError{Reason: dcplan.StatusNotFound, Code: 404, Message: ref.Text}
	}
	return &wire.StatusError{Reason: dcplan.StatusInternalError, Code: 500, Message: ref.Text}
}

// errInternal is an InternalError answer for err.
func errInternal(err error) error {
	return &wire.StatusError{Reason: dcplan.StatusInternalError, Code: 500,
		Message: fmt.Sprintf("Internal error occurred: %v", err)}
}

func errInvalidRequest(name, detail string) error {
	return &wire.StatusError{Reason: dcplan.StatusInvalid, Code: 422,
		Message: fmt.Sprintf("DeploymentRequest.apps.openshift.io %q is invalid: %s", name, detail)}
}

// instantiateName is the DC an instantiate request names: the body's name,
// else the request's.
func instantiateName(r wire.Request) string {
	if o, err := parseObject(r.Body); err == nil {
		if n, _ := o["name"].(string); n != "" {
			return n
		}
	}
	return r.Name
}
