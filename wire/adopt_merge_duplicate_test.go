package wire

import (
	"encoding/json"
	"testing"
)

// TestAdoptedUpdateMergesTheFirstOfDuplicateUIDs: an orphan RC may list
// its DC twice as a non-controller owner (the API server's validation
// does not refuse two references with one uid). The adoption patch
// merges by uid into the first element that matches, as a strategic merge
// does (SPEC 3.3), so the Modern scale update, which carries the RC as
// the adoption leaves it, makes only that first reference the controller
// and keeps the second as read: two controllers would be refused.
func TestAdoptedUpdateMergesTheFirstOfDuplicateUIDs(t *testing.T) {
	var obj map[string]any
	if err := json.Unmarshal(fixture(t, "rc-frontend-3-complete.json"), &obj); err != nil {
		t.Fatal(err)
	}
	meta := obj["metadata"].(map[string]any)
	ref := meta["ownerReferences"].([]any)[0].(map[string]any)
	ref["controller"] = false
	meta["ownerReferences"] = []any{ref, ref}
	raw, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	d, err := DecodeDeployment(raw)
	if err != nil {
		t.Fatal(err)
	}
	update, reqs := adoptedUpdate(t, d)
	if update == nil {
		t.Fatalf("no update among %v", reqs)
	}
	var refs []struct {
		UID        string `json:"uid"`
		Controller bool   `json:"controller"`
	}
	if err := json.Unmarshal(stdPath(t, update.Body, "metadata", "ownerReferences"), &refs); err != nil {
		t.Fatal(err)
	}
	if len(refs) != 2 || refs[0].UID != frontendUID || !refs[0].Controller || refs[1].UID != frontendUID || refs[1].Controller {
		t.Errorf("ownerReferences = %+v, want the first of the two the controller and the second as read", refs)
	}
}
