package history

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dcplan/dcplan"
)

// ObjectKind is the kind of object a lookup of `oc rollback`'s argument
// found. Its zero value, NoObject, is the answer NotFound.
type ObjectKind int

// The kinds a lookup reports.
const (
	// NoObject: the lookup found nothing (the server answered NotFound).
	NoObject ObjectKind = iota
	// ObjectRC: a ReplicationController (a "deployment" in oc's words).
	ObjectRC
	// ObjectDC: a DeploymentConfig.
	ObjectDC
	// ObjectOther: an object of any other kind (`oc rollback
	// deployment/web` finds an apps/v1 Deployment).
	ObjectOther
)

var objectKindNames = [...]string{NoObject: "none", ObjectRC: "ReplicationController", ObjectDC: "DeploymentConfig", ObjectOther: "other"}

// String returns the kind's name: "none", "ReplicationController",
// "DeploymentConfig" or "other"; an out-of-range value prints as
// ObjectKind(<n>).
func (k ObjectKind) String() string {
	if k < 0 || int(k) >= len(objectKindNames) {
		return fmt.Sprintf("ObjectKind(%d)", int(k))
	}
	return objectKindNames[k]
}

// Sentinel errors of ResolveRollbackArg and RollbackConfigName. Each
// refusal is a *dcplan.Refusal wrapping one of them, so callers branch with
// errors.Is.
var (
	// ErrNameRequired: `oc rollback` was given an empty name.
	ErrNameRequired = errors.New("history: a deployment or deployment config name is required")
	// ErrNotRollbackable: the argument names neither an RC nor a DC.
	ErrNotRollbackable = errors.New("history: not a deployment or deployment config")
	// ErrNoConfigName: the RC has no openshift.io/deployment-config.name
	// annotation (or an empty one), so it names no DC to read.
	ErrNoConfigName = errors.New("history: rc names no deployment config")
)

// RollbackLookup is the answer to one lookup `oc rollback` makes for its
// argument (a GET of "rc/<arg>", "dc/<arg>" or the argument as given, in
// the current namespace). The zero value is the answer NotFound.
type RollbackLookup struct {
	// Kind is the kind of the object found; NoObject when the server
	// answered NotFound.
	Kind ObjectKind
	// Name is the found object's name. When empty, the text after the
	// first "/" of the candidate looked up is used.
	Name string
	// Err is the lookup's error other than NotFound (Forbidden, a
	// resource type the server does not have, a broken connection): oc
	// stops and returns it as it stands, whatever Kind says.
	Err error
}

// RollbackArg is what `oc rollback` does next with its argument: a lookup
// to make (Next), or the RC or DC the argument names.
type RollbackArg struct {
	// Next is the candidate oc looks up next: "rc/<arg>", then
	// "dc/<arg>", for an argument without "/"; the argument itself for one
	// with "/". "" once the argument is resolved.
	Next string
	// Kind is ObjectRC or ObjectDC once resolved; NoObject while Next is
	// set.
	Kind ObjectKind
	// Name is the name of the RC or DC found; "" while Next is set.
	Name string
}

// rollbackCandidates are the lookups oc makes for arg, in order (SPEC
// 6m.4.b.2): "rc/<arg>" then "dc/<arg>" for an argument without "/" (the
// compatibility order of oc's findResource), else arg as given.
func rollbackCandidates(arg string) []string {
	if strings.Contains(arg, "/") {
		return []string{arg}
	}
	return []string{"rc/" + arg, "dc/" + arg}
}

// ResolveRollbackArg says what `oc rollback <arg> [--to-version=<to>]`
// does with its argument (SPEC 6m.4.b.1 and 6m.4.b.2, steps 1 and 2 of
// its procedure), given the answers lookups[i] to the lookups it made so far,
// in order. It does no I/O: the caller makes each lookup it asks for
// (Next) and calls again with the answer appended. The rules, in order:
//
//  1. An empty arg is ErrNameRequired, `a deployment or deployment config
//     name is required`; then a negative to is ErrInvalidRevision, `the to
//     version must be >= 0` (oc's Validate: no lookup is made).
//  2. The candidates are "rc/<arg>" then "dc/<arg>" when arg has no "/",
//     else arg as given. They are taken in order: an answer with Err set
//     stops oc, and that error is returned as it stands; an answer
//     NotFound (NoObject, no Err) moves to the next candidate; the first
//     object found ends the search, whatever its kind.
//  3. A candidate with no answer yet is returned as Next. Answers past the
//     one that decides are ignored.
//  4. Every candidate NotFound, or an object found that is neither an RC
//     nor a DC (ObjectOther, or a kind out of range): ErrNotRollbackable,
//     `<arg> is not a valid deployment or deployment config`, with arg as
//     given.
//  5. Otherwise the result names the object: Kind ObjectRC (roll back to
//     that RC, see RollbackConfigName and RollbackRC) or ObjectDC (see
//     Rollback), and Name.
//
// Errors other than a lookup's are *dcplan.Refusal values whose text is
// oc's. It never panics.
//
// Ports: oc (*RollbackOptions).Validate, findResource, and the kind switch
// of Run.
func ResolveRollbackArg(arg string, to dcplan.Version, lookups []RollbackLookup) (RollbackArg, error) {
	if arg == "" {
		return RollbackArg{}, rollbackError(ErrNameRequired, "a deployment or deployment config name is required")
	}
	if to < 0 {
		return RollbackArg{}, rollbackError(ErrInvalidRevision, "the to version must be >= 0")
	}
	for i, c := range rollbackCandidates(arg) {
		if i >= len(lookups) {
			return RollbackArg{Next: c}, nil
		}
		l := lookups[i]
		if l.Err != nil {
			return RollbackArg{}, l.Err
		}
		if l.Kind == NoObject {
			continue
		}
		if l.Kind != ObjectRC && l.Kind != ObjectDC {
			break
		}
		name := l.Name
		if name == "" {
			_, name, _ = strings.Cut(c, "/")
		}
		return RollbackArg{Kind: l.Kind, Name: name}, nil
	}
	return RollbackArg{}, rollbackError(ErrNotRollbackable, "%s is not a valid deployment or deployment config", arg)
}

// RollbackConfigName returns the DC `oc rollback <rc>` reads for the RC
// its argument named (SPEC 6m.4.b.3.rc): the RC's
// openshift.io/deployment-config.name annotation, Deployment.ConfigName,
// not its label. An RC without the annotation, or with an empty one,
// names none: oc then asks for a DC with an empty name, which the client
// refuses before sending anything, ErrNoConfigName, `resource name may
// not be empty`.
//
// Ports: oc (*RollbackOptions).Run, appsutil.DeploymentConfigNameFor and
// the DC GET of the ReplicationController case.
func RollbackConfigName(rc dcplan.Deployment) (string, error) {
	if rc.ConfigName == "" {
		return "", rollbackError(ErrNoConfigName, "resource name may not be empty")
	}
	return rc.ConfigName, nil
}
