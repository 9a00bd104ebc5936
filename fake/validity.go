package fake

import (
	"errors"
	"fmt"

	"github.com/dcplan/dcplan"
)

// validObject checks one decoded object x by the rules
// dcplan.Snapshot.Validate has for an object on its own (a DC without a
// name or with spec.replicas below zero, an RC with a negative count, a
// pod without a name, ...), as the API server validates what it stores.
// It returns nil, or an error wrapping both ErrInvalid and the
// *dcplan.FieldError (which wraps dcplan.ErrInvalidSnapshot).
func validObject(x any) error {
	var err error
	switch x := x.(type) {
	case *dcplan.Config:
		err = dcplan.Snapshot{Config: *x}.ValidateConfig()
	case *dcplan.Deployment:
		err = dcplan.Snapshot{Deployments: []dcplan.Deployment{*x}}.Validate()
	case *dcplan.Pod:
		err = dcplan.Snapshot{Pods: []dcplan.Pod{*x}}.Validate()
	default:
		panic(fmt.Sprintf("fake: validObject of a %T", x))
	}
	if err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return nil
}

// ErrUnreadable is Stabilize's answer (and so Liveness's) to a world it
// cannot bring to rest because a planner cannot read it: a DC's snapshot
// did not build or is invalid (dcplan.Snapshot.ValidateConfig: an
// invalid object or invalid Settings), so every planner would plan
// nothing for it, which is no rest. The error wraps the cause as well.
var ErrUnreadable = errors.New("fake: world cannot be planned for")
