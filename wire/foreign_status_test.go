package wire_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// foreignStatusDC is a DC whose status another writer has touched: a
// condition of a type upstream does not know (Ready), one with an empty
// status, one with a status outside True/False/Unknown, and a cause of an
// unknown type. Upstream's types are strings, so it reads and writes them
// as they stand (SPEC 13.1).
const foreignStatusDC = `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1",` +
	`"metadata":{"name":"web","namespace":"ns","uid":"dc-uid","resourceVersion":"7","generation":2},` +
	`"spec":{"replicas":1,"strategy":{"type":"Recreate","recreateParams":{"timeoutSeconds":600}},` +
	`"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"app","image":"app:1"}]}}},` +
	`"status":{"latestVersion":0,"observedGeneration":1,"details":{"message":"hand","causes":[{"type":"Bogus"},{"type":"ConfigChange"}]},` +
	`"conditions":[{"type":"Ready","status":"True","reason":"Checked","message":"by a gate"},` +
	`{"type":"Progressing","status":""},` +
	`{"type":"Healthy","status":"Maybe"}]}}`

// TestForeignStatusValuesAreCarried: unknown condition types and statuses
// and unknown cause types decode (they were ErrMalformed, which made the
// DC unplannable and the encoded DC of an RC absent), keep their
// spellings, re-encode byte for byte, and reach the status PUT as
// written (issue 35 item 7).
func TestForeignStatusValuesAreCarried(t *testing.T) {
	c, err := wire.DecodeConfig([]byte(foreignStatusDC))
	if err != nil {
		t.Fatalf("DecodeConfig() error: %v", err)
	}
	var got []string
	for _, x := range c.Status.Conditions {
		got = append(got, x.TypeText()+"="+x.StatusText())
	}
	if g, want := strings.Join(got, " "), "Ready=True Progressing= Healthy=Maybe"; g != want {
		t.Errorf("conditions read as %q, want %q", g, want)
	}
	if c.Status.Conditions[0].Type != dcplan.ConditionOther || c.Status.Conditions[2].Status != dcplan.StatusOther {
		t.Errorf("unknown values = %v/%v, want ConditionOther/StatusOther", c.Status.Conditions[0].Type, c.Status.Conditions[2].Status)
	}
	if causes := c.Status.Details.Causes; len(causes) != 2 || causes[0].TypeText() != "Bogus" || causes[0].Type != dcplan.TriggerOther {
		t.Errorf("causes = %+v, want Bogus (TriggerOther) first", causes)
	}

	// Encode(Decode(m)) == m, and from the typed value alone too.
	b, err := wire.EncodeConfig(c)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != string(c.Raw) && !sameJSON(t, b, c.Raw) {
		t.Errorf("EncodeConfig(DecodeConfig(m)) changed m:\n got %s\nwant %s", b, c.Raw)
	}
	bare := c.Clone()
	bare.Raw, bare.Template.Raw, bare.Strategy.Raw = nil, nil, nil
	b, err = wire.EncodeConfig(bare)
	if err != nil {
		t.Fatal(err)
	}
	back, err := wire.DecodeConfig(b)
	if err != nil {
		t.Fatalf("DecodeConfig(EncodeConfig(c without Raw)) error: %v\n%s", err, b)
	}
	if !back.Status.Equal(c.Status) {
		t.Errorf("status without Raw round-trips as %+v, want %+v", back.Status, c.Status)
	}

	// Inside an RC's encoded-config annotation the DC is read, not absent.
	rc := `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","namespace":"ns","annotations":{` +
		strconv.Quote(dcplan.AnnotationEncodedConfig) + `:` + strconv.Quote(foreignStatusDC) + `}}}`
	d, err := wire.DecodeDeployment([]byte(rc))
	if err != nil {
		t.Fatalf("DecodeDeployment() error: %v", err)
	}
	if d.Encoded == nil {
		t.Errorf("encoded DC absent (%s), want it read", d.EncodedProblem)
	}

	// The status PUT of the DC controller's pass carries them as written.
	s := dcplan.Snapshot{Now: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC), Config: c}
	plan := reconcile.Config(s)
	if plan.Status == nil {
		t.Fatalf("no status update planned:\n%s", dcplan.Describe(plan))
	}
	reqs, err := wire.Requests(s, plan)
	if err != nil {
		t.Fatal(err)
	}
	var body string
	for _, q := range reqs {
		if q.Subresource == wire.SubresourceStatus {
			body = string(q.Body)
		}
	}
	for _, want := range []string{
		`{"type":"Bogus"}`,
		// Read without timestamps, which encoding/json writes as null.
		`{"type":"Ready","status":"True","lastUpdateTime":null,"lastTransitionTime":null,"reason":"Checked","message":"by a gate"}`,
		`{"type":"Healthy","status":"Maybe","lastUpdateTime":null,"lastTransitionTime":null}`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("status PUT lacks %s:\n%s", want, body)
		}
	}
}

// sameJSON reports whether a and b are the same JSON document up to key
// order and spacing.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	x, err := wire.DecodeConfig(a)
	if err != nil {
		t.Fatal(err)
	}
	y, err := wire.DecodeConfig(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(x.Raw) == string(y.Raw)
}
