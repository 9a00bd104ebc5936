package fake

import (
	"encoding/json"
	"fmt"
	"strings"
)

// checkOwnerRefs refuses an object with an owner reference without a uid,
// or with more than one owner reference with controller true, as the API
// server's metadata validation (of a create, and of every update and
// patch) does. The first refusal is of a missing uid; else each
// controller reference after the first is one error, named with the
// first, and several are aggregated in brackets as apimachinery joins a
// list of field errors.
func checkOwnerRefs(resource, name string, o map[string]any) error {
	meta, _ := o["metadata"].(map[string]any)
	refs, _ := meta["ownerReferences"].([]any)
	var controllers []string
	for _, r := range refs {
		ref, _ := r.(map[string]any)
		if uid, _ := ref["uid"].(string); uid == "" {
			return errInvalid(resource, name, `metadata.ownerReferences.uid: Invalid value: "": uid must not be empty`)
		}
		if c, _ := ref["controller"].(bool); c {
			kind, _ := ref["kind"].(string)
			owner, _ := ref["name"].(string)
			controllers = append(controllers, kind+"/"+owner)
		}
	}
	if len(controllers) < 2 {
		return nil
	}
	var errs []string
	for _, c := range controllers[1:] {
		errs = append(errs, fmt.Sprintf("metadata.ownerReferences: Invalid value: %s: Only one reference can have Controller set to true. Found \"true\" in references for %s and %s",
			typedOwnerRefs(refs), controllers[0], c))
	}
	if len(errs) == 1 {
		return errInvalid(resource, name, errs[0])
	}
	return errInvalid(resource, name, "["+strings.Join(errs, ", ")+"]")
}

// ownerRefView is an owner reference as a typed object holds it
// (metav1.OwnerReference): its fields, in that type's order, and no
// others.
type ownerRefView struct {
	APIVersion         string `json:"apiVersion"`
	Kind               string `json:"kind"`
	Name               string `json:"name"`
	UID                string `json:"uid"`
	Controller         *bool  `json:"controller,omitempty"`
	BlockOwnerDeletion *bool  `json:"blockOwnerDeletion,omitempty"`
}

// typedOwnerRefs renders the owner references refs as the API server's
// validation prints the value of an invalid field: encoding/json's
// rendering of the typed list. Fields of a type other than the typed
// one's are left out.
func typedOwnerRefs(refs []any) string {
	views := make([]ownerRefView, len(refs))
	for i, r := range refs {
		_ = json.Unmarshal(mustMarshal(r), &views[i]) // a mistyped field stays zero
	}
	b, _ := json.Marshal(views)
	return string(b)
}
