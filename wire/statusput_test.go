package wire

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"pgregory.net/rapid"
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

// statusMember returns the status member of a body, as written; "" for
// none.
func statusMember(body []byte) string {
	i := bytes.Index(body, []byte(`,"status":{`))
	if i < 0 {
		return ""
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
		if got := statusMember(statusPUT(t, in)); !bytes.Contains([]byte(got), []byte(want)) {
			t.Errorf("%s: status\n%s\nlacks %s", name, got, want)
		}
	}
}

// detailsCase is a status.details as read and the member details of the
// status write that keeps it, as encoding/json writes upstream's
// DeploymentDetails decoded from it ("" for none).
type detailsCase struct {
	name, read, want string
}

// checkDetailsKept runs cases on the fixture DC: each status write must
// carry the details as want says, between the counters and conditions.
func checkDetailsKept(t *testing.T, cases []detailsCase) {
	t.Helper()
	for _, tc := range cases {
		in := editedFixture(t, "dc-frontend.json", func(st map[string]any) { st["details"] = json.RawMessage(tc.read) })
		want := `"unavailableReplicas":0,` + tc.want + `"conditions":[`
		if tc.want != "" {
			want = `"unavailableReplicas":0,"details":` + tc.want + `,"conditions":[`
		}
		if got := statusMember(statusPUT(t, in)); !bytes.Contains([]byte(got), []byte(want)) {
			t.Errorf("%s: status\n%s\nlacks %s", tc.name, got, want)
		}
	}
}

// TestStatusCausesKeptAsRead: a cause's imageTrigger.from is a whole
// corev1.ObjectReference and upstream's status write copies the details
// as read, so every field of it goes out (declaration order, omitempty),
// and an imageTrigger holding an empty or null from keeps it as {};
// members the types do not declare go, and causes:[] stays [].
func TestStatusCausesKeptAsRead(t *testing.T) {
	checkDetailsKept(t, []detailsCase{
		{"whole reference",
			`{"message":"image change","causes":[{"type":"ImageChange","imageTrigger":{"from":{"uid":"u1","resourceVersion":"7","namespace":"shop","name":"frontend:latest","kind":"ImageStreamTag","fieldPath":"spec","apiVersion":"image.openshift.io/v1"}}}]}`,
			`{"message":"image change","causes":[{"type":"ImageChange","imageTrigger":{"from":{"kind":"ImageStreamTag","namespace":"shop","name":"frontend:latest","uid":"u1","apiVersion":"image.openshift.io/v1","resourceVersion":"7","fieldPath":"spec"}}}]}`},
		{"empty from", `{"message":"m","causes":[{"type":"ImageChange","imageTrigger":{"from":{}}}]}`,
			`{"message":"m","causes":[{"type":"ImageChange","imageTrigger":{"from":{}}}]}`},
		{"null from", `{"message":"m","causes":[{"type":"ImageChange","imageTrigger":{"from":null}}]}`,
			`{"message":"m","causes":[{"type":"ImageChange","imageTrigger":{"from":{}}}]}`},
		{"no from", `{"message":"m","causes":[{"type":"ImageChange","imageTrigger":{}}]}`,
			`{"message":"m","causes":[{"type":"ImageChange","imageTrigger":{"from":{}}}]}`},
		{"null trigger", `{"message":"m","causes":[{"type":"ConfigChange","imageTrigger":null}]}`,
			`{"message":"m","causes":[{"type":"ConfigChange"}]}`},
		{"empty cause", `{"message":"m","causes":[{}]}`, `{"message":"m","causes":[{"type":""}]}`},
		{"empty causes", `{"message":"m","causes":[]}`, `{"message":"m","causes":[]}`},
		{"undeclared members", `{"message":"m","x":1,"causes":[{"type":"Manual","y":2,"imageTrigger":{"z":3,"from":{"w":4,"name":"n","uid":""}}}]}`,
			`{"message":"m","causes":[{"type":"Manual","imageTrigger":{"from":{"name":"n"}}}]}`},
	})
}

// TestStatusNewDetailsFromModel: details the plan changes go out as the
// model holds them, whatever the DC held as read.
func TestStatusNewDetailsFromModel(t *testing.T) {
	in := editedFixture(t, "dc-frontend.json", func(st map[string]any) {
		st["details"] = json.RawMessage(`{"message":"m","causes":[{"type":"ImageChange","imageTrigger":{"from":{"kind":"ImageStreamTag","name":"a:1","uid":"u1"}}}]}`)
	})
	c, err := DecodeConfig(in)
	if err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		details dcplan.Details
		want    string
	}{
		"other message": {dcplan.Details{Message: "n", Causes: c.Status.Details.Causes},
			`"details":{"message":"n","causes":[{"type":"ImageChange","imageTrigger":{"from":{"kind":"ImageStreamTag","name":"a:1"}}}]}`},
		"other image": {dcplan.Details{Message: "m", Causes: []dcplan.Cause{{Type: dcplan.TriggerImageChange, FromKind: "ImageStreamTag", Image: "a:2"}}},
			`"details":{"message":"m","causes":[{"type":"ImageChange","imageTrigger":{"from":{"kind":"ImageStreamTag","name":"a:2"}}}]}`},
		"more causes": {dcplan.Details{Message: "m", Causes: append(c.Status.Details.Causes[:1:1], dcplan.Cause{Type: dcplan.TriggerConfigChange})},
			`"details":{"message":"m","causes":[{"type":"ImageChange","imageTrigger":{"from":{"kind":"ImageStreamTag","name":"a:1"}}},{"type":"ConfigChange"}]}`},
	} {
		to := c.Status.Clone()
		to.Details = tc.details
		reqs, err := Requests(dcplan.Snapshot{Config: c}, dcplan.Plan{Status: &dcplan.StatusUpdate{Config: c.Name, To: to}})
		if err != nil {
			t.Fatal(err)
		}
		if got := statusMember(reqs[0].Body); !bytes.Contains([]byte(got), []byte(tc.want)) {
			t.Errorf("%s: status\n%s\nlacks %s", name, got, tc.want)
		}
	}
}

// TestStatusKeptDetailsAsModel: details the DC holds only in the fields
// the model reads go out as read exactly as from the model, for
// generated DCs encoded by the codec, the cause images with and
// without a from kind and namespace.
func TestStatusKeptDetailsAsModel(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genConfigValue().Draw(t, "config")
		c.Name = "web" // a plan names it
		for i := range c.Status.Details.Causes {
			if rapid.Bool().Draw(t, "from") {
				c.Status.Details.Causes[i].FromKind = genText(t, "fromKind")
				c.Status.Details.Causes[i].FromNamespace = genText(t, "fromNamespace")
			}
		}
		b, err := EncodeConfig(c)
		if err != nil {
			t.Fatal(err)
		}
		if c, err = DecodeConfig(b); err != nil {
			t.Fatal(err)
		}
		reqs, err := Requests(dcplan.Snapshot{Config: c}, dcplan.Plan{Status: &dcplan.StatusUpdate{Config: c.Name, To: c.Status}})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := statusMember(reqs[0].Body), string(appendConfigStatus(nil, c.Status, readDetails{})); got != want {
			t.Fatalf("status\n got %s\nwant %s", got, want)
		}
	})
}

// TestStatusEmptyDetailsKept: status.details read present but empty
// decodes upstream to a non-nil *DeploymentDetails, which the status
// write copies and omitempty keeps, its Causes (not omitempty) null;
// null or absent details stay out. A decode/encode round trip keeps them,
// and so does the DC as an update in the same plan returns it (a rebased
// status write).
func TestStatusEmptyDetailsKept(t *testing.T) {
	checkDetailsKept(t, []detailsCase{
		{"empty", `{}`, `{"causes":null}`},
		{"causes null", `{"causes":null}`, `{"causes":null}`},
		{"message empty", `{"message":"","causes":null}`, `{"causes":null}`},
		{"causes empty", `{"causes":[]}`, `{"causes":[]}`},
		{"null", `null`, ``},
	})
	in := editedFixture(t, "dc-frontend.json", func(st map[string]any) { delete(st, "details") })
	if got, want := statusMember(statusPUT(t, in)), `"unavailableReplicas":0,"conditions":[`; !strings.Contains(got, want) {
		t.Errorf("absent: status\n%s\nlacks %s", got, want)
	}

	in = editedFixture(t, "dc-frontend.json", func(st map[string]any) { st["details"] = map[string]any{} })
	c, err := DecodeConfig(in)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := EncodeConfig(c); err != nil || !strings.Contains(string(b), `"details":{}`) {
		t.Errorf("EncodeConfig(DecodeConfig(m)) = %s, %v: want the empty details kept", b, err)
	}
	p := dcplan.Plan{Status: &dcplan.StatusUpdate{Config: c.Name, To: c.Status},
		UpdateConfig: []dcplan.ConfigUpdate{{Config: c.Name, SetReplicas: true, ReplicasFrom: c.Replicas, ReplicasTo: c.Replicas + 1}}}
	reqs, err := Requests(dcplan.Snapshot{Config: c}, p)
	if err != nil {
		t.Fatal(err)
	}
	q := reqs[len(reqs)-1]
	if got, want := statusMember(q.Body), `"details":{"causes":null}`; q.Subresource != SubresourceStatus || !q.Rebase || !strings.Contains(got, want) {
		t.Errorf("rebased: %s (rebase %v): status\n%s\nlacks %s", q, q.Rebase, got, want)
	}
}
