package wire

import (
	"strings"
	"testing"
	"time"
)

// TestShadowedLabelsDecodeInLinearTime: a labels or annotations object
// whose members are numbers each shadowed by a later string of the same
// key (the last duplicate wins, as in encoding/json, so the object
// decodes) is read in time linear in its members. stringObj looked each
// such member's key up again (Tape.Member walks the whole object), so
// 20 000 shadowed members, a 120 KB document, took about 10 s and the
// 1.2 MB one below about 16 minutes. The bound is some hundred times
// what a linear read takes on a loaded host.
func TestShadowedLabelsDecodeInLinearTime(t *testing.T) {
	const n = 200_000
	doc := []byte(`{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"x","labels":{` +
		strings.Repeat(`"k":0,`, n) + `"k":"v"}}}`)
	done := make(chan error, 1)
	go func() {
		_, err := DecodeDeployment(doc)
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("DecodeDeployment: %v; want the last duplicate, a string, to win", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("DecodeDeployment of %d shadowed labels (%d bytes) takes over 30 s", n, len(doc))
	}
}

// TestShadowedLabelTypeError: a member that is no string is an error only
// when no later duplicate shadows it, and the error names the first such
// member in document order.
func TestShadowedLabelTypeError(t *testing.T) {
	for _, tc := range []struct{ labels, field string }{
		{`"a":1,"a":"x"`, ""},
		{`"b":"x","a":1,"b":2`, "metadata.labels[a]"},
		{`"b":1,"a":"x","a":true`, "metadata.labels[b]"},
		{`"b":1,"a":"x","b":"y","a":null`, "metadata.labels[a]"},
	} {
		_, err := DecodeDeployment([]byte(`{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"x","labels":{` + tc.labels + `}}}`))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if tc.field == "" && err != nil || tc.field != "" && !strings.Contains(got, tc.field) {
			t.Errorf("labels {%s}: error %q; want one naming %q", tc.labels, got, tc.field)
		}
	}
}
