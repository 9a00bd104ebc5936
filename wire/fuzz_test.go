package wire

import (
	"github.com/dcplan/dcplan"

	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fuzzRoundTrip is the fuzz property of every decoder: no panic; an error
// wraps ErrMalformed; a successful decode re-encodes and decodes to the
// same value, Raw included.
func fuzzRoundTrip[T any](t *testing.T, data []byte, decode func([]byte) (T, error), encode func(T) ([]byte, error)) {
	x, err := decode(data)
	if err != nil {
		if !errors.Is(err, dcplan.ErrMalformed) {
			t.Fatalf("decode error %v does not wrap ErrMalformed", err)
		}
		return
	}
	b, err := encode(x)
	if err != nil {
		t.Fatalf("encode error: %v", err)
	}
	y, err := decode(b)
	if err != nil {
		t.Fatalf("decode(encode(x)) error: %v\n%s", err, b)
	}
	// Raw JSON is compared and printed as text: cmp's element-by-element
	// alignment of two long byte slices takes minutes.
	if !cmp.Equal(x, y, rawAsText) {
		t.Fatalf("decode(encode(x)) mismatch (-want +got):\n%s", cmp.Diff(x, y, rawAsText))
	}
}

// rawAsText makes cmp compare and print raw JSON as strings, and encoded
// DCs as what they read as.
var rawAsText = cmp.Options{
	cmp.Transformer("text", func(r dcplan.RawJSON) string { return string(r) }),
}

// seedRC adds the RC fixtures and small hand-made RCs. The fixtures are
// 7-8 KB, so the inputs the fuzzer finds interesting are too, and the
// fuzzer shrinks each one (O(n²) byte-deletion candidates) for up to
// -fuzzminimizetime, 60 s by default, while its exec count stands still:
// fuzz with -fuzzminimizetime 1x (see README.md).
func seedRC(f *testing.F) {
	for _, name := range []string{"rc-frontend-3-new.json", "rc-frontend-3-complete.json", "rc-frontend-2-failed-cancelled.json"} {
		f.Add(fixture(f, name))
	}
	f.Add([]byte(rcWith(dcplan.AnnotationReplicas, "")))
	f.Add([]byte(rcWith(dcplan.AnnotationCancelled, "True")))
	f.Add([]byte(rcWith(dcplan.AnnotationDeployerStartedAt, "2026-11-01 11:58:02.5 +0000 UTC m=+1.0")))
	f.Add([]byte(rcWith(dcplan.AnnotationEncodedConfig, `{"kind":"DeploymentConfig","apiVersion":"v1","metadata":{"name":"x"}}`)))
	f.Add([]byte(`{"metadata":{"annotations":{"a\"b":"x","openshift.io/encoded-deployment-config":"{\"kind\":\"DeploymentConfig\"}"}}}`))
	f.Add([]byte(`{"metadata":{"ownerReferences":[{"uid":"a"},{"controller":true,"uid":"b"}],"deletionTimestamp":"0001-01-01T00:00:00Z"}}`))
}

func FuzzDecodeDeployment(f *testing.F) {
	seedRC(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzRoundTrip(t, data, DecodeDeployment, EncodeDeployment)
	})
}

func FuzzDecodeConfig(f *testing.F) {
	f.Add(fixture(f, "dc-frontend.json"))
	f.Add([]byte(`{"spec":{"strategy":{"type":"Recreate","rollingParams":{"maxSurge":"25"}},"template":{"spec":{"containers":[]}}}}`))
	f.Add([]byte(`{"status":{"details":{"causes":[{"type":"ImageChange","imageTrigger":{"from":{"name":"i"}}}]},"conditions":[{"type":"Available","status":"True","reason":"Other"}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzRoundTrip(t, data, DecodeConfig, EncodeConfig)
	})
}

func FuzzDecodePod(f *testing.F) {
	f.Add(fixture(f, "pod-frontend-3-deploy.json"))
	f.Add([]byte(`{"status":{"phase":"Failed","containerStatuses":[{"name":"d","state":{"terminated":{}}},{"state":null}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzRoundTrip(t, data, DecodePod, EncodePodObject)
	})
}

func FuzzDecodeList(f *testing.F) {
	f.Add(fixture(f, "list-dc-rc-pods.json"))
	f.Add([]byte(`{"kind":"PodList","items":[{"metadata":{"name":"a"}}]}`))
	f.Add([]byte(`{"kind":"DeploymentConfig"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		objs, err := DecodeList(data)
		// DecodeList decodes list items one at a time; the whole tree
		// must give the same result.
		whole, wholeErr := decodeWhole(data)
		if errText(err) != errText(wholeErr) || err == nil && !cmp.Equal(objs, whole) {
			t.Fatalf("DecodeList() = %v, %v; decodeWhole = %v, %v", objs, err, whole, wholeErr)
		}
		if err != nil {
			if !errors.Is(err, dcplan.ErrMalformed) {
				t.Fatalf("DecodeList() error %v does not wrap ErrMalformed", err)
			}
			return
		}
		for _, c := range objs.Configs {
			b, _ := EncodeConfig(c)
			fuzzRoundTrip(t, b, DecodeConfig, EncodeConfig)
		}
		for _, d := range objs.Deployments {
			b, _ := EncodeDeployment(d)
			fuzzRoundTrip(t, b, DecodeDeployment, EncodeDeployment)
		}
		for _, p := range objs.Pods {
			b, _ := EncodePodObject(p)
			fuzzRoundTrip(t, b, DecodePod, EncodePodObject)
		}
	})
}
