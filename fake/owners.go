package fake

import (
	"errors"
	"fmt"

	"github.com/dcplan/dcplan"
)

// ErrInvalid is wrapped by the error of a create or update the API server
// would reject as Invalid (HTTP 422), and which the World refuses the same
// way, without a write:
//   - an owner reference (an RC's controller, any owner of a pod) with an
//     empty UID: the API server requires one, and the DC controller would
//     never recognise such an RC as its own;
//   - an update that changes an object's UID, name or namespace.
var ErrInvalid = errors.New("fake: invalid object")

// checkOwnerUIDs refuses owner references without a UID, naming the
// object k ns/name and the first such reference.
func checkOwnerUIDs(k Kind, ns, name string, refs ...dcplan.OwnerRef) error {
	for i, r := range refs {
		if r.UID == "" {
			return fmt.Errorf("fake: %s %s/%s: metadata.ownerReferences[%d] (%s %s) has no uid; build it from the stored owner, which has one: %w",
				k, ns, name, i, r.Kind, r.Name, ErrInvalid)
		}
	}
	return nil
}

// controllerRefs returns an RC's owner references: its controller, if any.
func controllerRefs(d *dcplan.Deployment) []dcplan.OwnerRef {
	if !d.HasController {
		return nil
	}
	return []dcplan.OwnerRef{d.Controller}
}

// checkUIDKept refuses an update that changes an object's UID, or the
// namespace and name it is stored under (nsNow, nameNow: its new ones),
// which the API server refuses as a body naming another object than the
// URL. An empty new name is left to validObject, which names the field.
func checkUIDKept(k Kind, ns, name, was, now, nsNow, nameNow string) error {
	if nameNow != "" && (nsNow != ns || nameNow != name) {
		return fmt.Errorf("fake: %s %s/%s: an update cannot move it to %s/%s: %w", k, ns, name, nsNow, nameNow, ErrInvalid)
	}
	if was != now {
		return fmt.Errorf("fake: %s %s/%s: metadata.uid is immutable (%q -> %q): %w", k, ns, name, was, now, ErrInvalid)
	}
	return nil
}
