package wire

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/dcplan/dcplan"
)

// editedFixture decodes the fixture name into a tree, lets edit change
// its status, and marshals it again (keys sorted, as `oc get -o json`
// prints an object).
func editedFixture(t *testing.T, name string, edit func(status map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	unmarshalStd(t, fixture(t, name), &m)
	edit(m["status"].(map[string]any))
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// statusPUT decodes the DC in and returns the body of the status write
// of a plan that changes its replica count only, so that the rest of
// the status goes out as upstream's calculateStatus copies it.
func statusPUT(t *testing.T, in []byte) []byte {
	t.Helper()
	c, err := DecodeConfig(in)
	if err != nil {
		t.Fatal(err)
	}
	to := c.Status.Clone()
	to.Replicas++
	reqs, err := Requests(dcplan.Snapshot{Config: c}, dcplan.Plan{Status: &dcplan.StatusUpdate{Config: c.Name, To: to}})
	if err != nil || len(reqs) != 1 {
		t.Fatalf("Requests() = %v, %v", reqs, err)
	}
	return reqs[0].Body
}

// statusMember returns the status member of a body, as written.
func statusMember(t *testing.T, body []byte) string {
	t.Helper()
	i := bytes.Index(body, []byte(`,"status":{`))
	if i < 0 {
		t.Fatalf("no status in %s", body)
	}
	return string(body[i+len(`,"status":`) : len(body)-1])
}

// TestStatusConditionNullTimes: DeploymentCondition's timestamps are
// metav1.Time, omitempty, which encoding/json never leaves out (a
// struct), and a zero metav1.Time marshals as null; the status write
// copies the conditions as read, so a condition read without timestamps
// (null or absent) goes out with null ones.
func TestStatusConditionNullTimes(t *testing.T) {
	for name, cond := range map[string]map[string]any{
		"null":   {"type": "Available", "status": "True", "lastUpdateTime": nil, "lastTransitionTime": nil, "message": "m"},
		"absent": {"type": "Available", "status": "True", "message": "m"},
	} {
		in := editedFixture(t, "dc-frontend.json", func(st map[string]any) { st["conditions"] = []any{cond} })
		want := `"conditions":[{"type":"Available","status":"True","lastUpdateTime":null,"lastTransitionTime":null,"message":"m"}]`
		if got := statusMember(t, statusPUT(t, in)); !bytes.Contains([]byte(got), []byte(want)) {
			t.Errorf("%s: status\n%s\nlacks %s", name, got, want)
		}
	}
}
