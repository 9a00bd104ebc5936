package wire

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDecodeWholeKeepsNullMembersInRaw: decodeWhole, the reference
// DecodeList's streaming decodeItems agrees with, renders an item's Raw as
// the canonical form a single object's decoder keeps: members whose value
// is null stay (DecodeDeployment, DecodeConfig, DecodePod; Raw is the
// object as read, which every write sends, SPEC 13). Kills the mutant of
// decodeDeploymentTape's `t.AppendCanonical(nil, m, false)` as `true`,
// which dropped an RC item's null members when it had no Raw of its own.
func TestDecodeWholeKeepsNullMembersInRaw(t *testing.T) {
	rc := `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","namespace":"shop","labels":null},"spec":{"replicas":1,"selector":null}}`
	dc := `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web","namespace":"shop","labels":null},"spec":{"replicas":1,"selector":null}}`
	pod := `{"kind":"Pod","apiVersion":"v1","metadata":{"name":"web-1-deploy","namespace":"shop","labels":null},"spec":{"nodeName":null}}`
	doc := []byte(`{"kind":"List","items":[` + dc + `,` + rc + `,` + pod + `]}`)
	whole, err := decodeWhole(doc)
	if err != nil {
		t.Fatal(err)
	}
	streamed, err := DecodeList(doc)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(streamed, whole); d != "" {
		t.Errorf("decodeWhole differs from DecodeList (-DecodeList +decodeWhole):\n%s", d)
	}
	one, err := DecodeDeployment([]byte(rc))
	if err != nil {
		t.Fatal(err)
	}
	if len(whole.Deployments) != 1 || string(whole.Deployments[0].Raw) != string(one.Raw) {
		t.Errorf("decodeWhole's RC Raw\n%s\nwant DecodeDeployment's\n%s", whole.Deployments[0].Raw, one.Raw)
	}
}
