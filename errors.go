package dcplan

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors. Every error the package returns wraps one of them, so
// callers branch with errors.Is.
var (
	// ErrInvalidSnapshot: a Snapshot that breaks one of its invariants.
	ErrInvalidSnapshot = errors.New("dcplan: invalid snapshot")
	// ErrInvalidSettings: Settings that cannot drive a planner.
	ErrInvalidSettings = errors.New("dcplan: invalid settings")
	// ErrMalformed: wire input (JSON, an annotation, an enum spelling)
	// that does not decode.
	ErrMalformed = errors.New("dcplan: malformed object")

	// ErrConflict: a write lost to a concurrent one (a stale resource
	// version).
	ErrConflict = errors.New("dcplan: conflict")
	// ErrNotFound: the object of a write does not exist.
	ErrNotFound = errors.New("dcplan: not found")
	// ErrAlreadyExists: a create of a name that is taken.
	ErrAlreadyExists = errors.New("dcplan: already exists")
)

// FieldError names the object and the field that make an input invalid.
// It wraps ErrInvalidSnapshot, ErrInvalidSettings or ErrMalformed.
type FieldError struct {
	// Kind is "DeploymentConfig", "ReplicationController", "Pod" or
	// "Settings"; package wire also names a document it cannot read as
	// a list "List" (DecodeList) and a pod template "PodTemplate"
	// (NewTemplate).
	Kind string
	// Name is the object's name: "" for Settings, a List, a PodTemplate
	// and an object without one.
	Name string
	// Field is the path of the offending field, e.g. "spec.replicas" or
	// "metadata.annotations[openshift.io/deployment.phase]".
	Field string
	// Problem says what is wrong, lowercase, no final period.
	Problem string
	// Err is the sentinel (or a cause that wraps one).
	Err error
}

// Error renders `<sentinel text>: <kind> "<name>": <field>: <problem>`,
// without ` "<name>"` when Name is empty.
func (e *FieldError) Error() string {
	obj := e.Kind
	if e.Name != "" {
		obj += fmt.Sprintf(" %q", e.Name)
	}
	return fmt.Sprintf("%v: %s: %s: %s", e.Err, obj, e.Field, e.Problem)
}

// Unwrap returns the sentinel or cause.
func (e *FieldError) Unwrap() error { return e.Err }

// IsConflict reports whether err is a write conflict (ErrConflict).
func IsConflict(err error) bool { return errors.Is(err, ErrConflict) }

// IsNotFound reports whether err says the object does not exist.
func IsNotFound(err error) bool { return errors.Is(err, ErrNotFound) }

// IsAlreadyExists reports whether err says a created name is taken.
func IsAlreadyExists(err error) bool { return errors.Is(err, ErrAlreadyExists) }

// Refusal is a user operation (oc cancel, retry, rollback, rollout latest,
// pause, resume, the instantiate endpoint) that upstream refuses. Text is
// upstream's exact message, the error's own text; Err is the sentinel of
// the refusing package that classifies it, for errors.Is.
type Refusal struct {
	Err  error
	Text string
	// Printed is what kubectl's CheckErr prints for the error on stderr
	// (SPEC 6m "Error output"), without the final newline, where that is
	// not "error: " and Text: the server's answer returned as it stands
	// (Failure.Printed, e.g. `Error from server (Conflict): <message>`),
	// a status error in kubectl's wording already (`The <Kind> "<name>" is
	// invalid: ...`, Text itself), several errors at once (their texts,
	// one per line, no prefix). Empty exactly when kubectl prints
	// "error: " and Text.
	Printed string
	// Listed is what kubectl prints for the error as one of several,
	// where that is not Text: the server's answer returned as it stands
	// (Failure.Listed), or an error whose own text starts with "error: "
	// (oc rollout pause/resume's refusals, SPEC 6m.7.5). Empty otherwise.
	Listed string
}

// Error returns Text, upstream's exact wording, without any prefix.
func (e *Refusal) Error() string { return e.Text }

// Unwrap returns the classifying sentinel.
func (e *Refusal) Unwrap() error { return e.Err }

// Aggregate joins error texts as apimachinery's utilerrors.NewAggregate
// prints them: one text alone; several distinct ones in brackets, joined
// with ", ", duplicates dropped.
func Aggregate(errs []string) string {
	var seen []string
	for _, e := range errs {
		dup := false
		for _, s := range seen {
			if s == e {
				dup = true
				break
			}
		}
		if !dup {
			seen = append(seen, e)
		}
	}
	switch len(seen) {
	case 0:
		return ""
	case 1:
		return seen[0]
	}
	return "[" + strings.Join(seen, ", ") + "]"
}
