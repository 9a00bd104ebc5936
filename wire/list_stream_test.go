package wire

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDecodeListStreamsAsWhole checks that DecodeList, which decodes the
// items of a list one at a time (decodeItems), gives what decoding the
// tree of the whole document gives (decodeWhole): the same objects, or
// the same error.
func TestDecodeListStreamsAsWhole(t *testing.T) {
	big, _ := bigList(t, 20)
	rc := string(fixture(t, "rc-frontend-3-complete.json"))
	tests := []struct {
		name, why, doc string
	}{
		{name: "fixture", why: "DC, RCs and pods of oc get -o json", doc: string(fixture(t, "list-dc-rc-pods.json"))},
		{name: "big", why: "one DC and 20 RCs, indented as oc prints", doc: string(big)},
		{name: "typed", why: "items may omit their kind", doc: `{"kind":"ReplicationControllerList","items":[` + rc + `]}`},
		{name: "other kinds", why: "skipped", doc: `{"kind":"List","items":[{"kind":"Service"},` + rc + `]}`},
		{name: "empty", why: "no items", doc: `{"kind":"List","items":[]}`},
		{name: "no items", why: "absent items read as none", doc: `{"kind":"List"}`},
		{name: "null items", why: "null items read as none", doc: `{"kind":"List","items":null}`},
		{name: "items not array", why: "an error naming items", doc: `{"kind":"List","items":{}}`},
		{name: "kind after items", why: "oc prints kind last", doc: `{"items":[` + rc + `],"kind":"List"}`},
		{name: "duplicate items", why: "the last one counts, as in encoding/json", doc: `{"kind":"List","items":[` + rc + `],"items":[]}`},
		{name: "duplicate items, array last", why: "the last one counts", doc: `{"kind":"List","items":7,"items":[` + rc + `]}`},
		{name: "item not object", why: "an error naming the item", doc: `{"kind":"List","items":[1]}`},
		{name: "bad item", why: "an error naming the item", doc: `{"kind":"List","items":[{"kind":"ReplicationController","spec":{"replicas":"x"}}]}`},
		{name: "item kind not string", why: "an error naming the item", doc: `{"kind":"List","items":[{"kind":3}]}`},
		{name: "syntax error in item", why: "encoding/json's error", doc: `{"kind":"List","items":[{"kind":"Pod",}]}`},
		{name: "bad escape in item", why: "encoding/json's error", doc: `{"kind":"List","items":[{"kind":"P\q"}]}`},
		{name: "trailing garbage", why: "encoding/json's error", doc: `{"kind":"List","items":[]} x`},
		{name: "single object", why: "one RC", doc: rc},
		{name: "not a list", why: "an error naming kind", doc: `{"kind":"Thing","items":[]}`},
		{name: "numbers in items", why: "checked without building", doc: `{"kind":"List","items":[{"kind":"Service","n":[-1.5e3,0,true,false,null]}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, wantErr := decodeWhole([]byte(tt.doc))
			got, gotErr := DecodeList([]byte(tt.doc))
			if d := cmp.Diff(errText(wantErr), errText(gotErr)); d != "" {
				t.Errorf("DecodeList() error differs from decodeWhole's (%s) (-want +got):\n%s", tt.why, d)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("DecodeList() differs from decodeWhole (%s) (-want +got):\n%s", tt.why, d)
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
