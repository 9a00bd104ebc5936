package wire

import (
	"github.com/dcplan/dcplan"

	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// ignoreRaw ignores the whole-object JSON, which decoding fills in.
var ignoreRaw = cmp.Options{
	cmpopts.IgnoreFields(dcplan.Config{}, "Raw"),
	cmpopts.IgnoreFields(dcplan.Strategy{}, "Raw"),
	cmpopts.IgnoreFields(dcplan.Deployment{}, "Raw"),
	cmpopts.IgnoreFields(dcplan.Pod{}, "Raw"),
}

// roundTrip checks the two round-trip properties for one value x with Raw
// nil or set: Decode(Encode(x)) == x up to Raw, and Decode(Encode(y)) == y
// exactly for y = Decode(Encode(x)), with the same canonical JSON.
func roundTrip[T any](t *rapid.T, x T, encode func(T) ([]byte, error), decode func([]byte) (T, error)) {
	b, err := encode(x)
	if err != nil {
		t.Fatalf("encode error: %v", err)
	}
	y, err := decode(b)
	if err != nil {
		t.Fatalf("decode error: %v\n%s", err, b)
	}
	if d := cmp.Diff(x, y, ignoreRaw); d != "" {
		t.Fatalf("Decode(Encode(x)) mismatch (-want +got):\n%s\n%s", d, b)
	}
	b2, err := encode(y)
	if err != nil {
		t.Fatalf("encode error: %v", err)
	}
	if got, want := string(canonical(treeOf(b2))), string(canonical(treeOf(b))); got != want {
		t.Fatalf("Encode(Decode(m)) != m:\n%s\n%s", want, got)
	}
	z, err := decode(b2)
	if err != nil {
		t.Fatalf("decode error: %v", err)
	}
	if d := cmp.Diff(y, z); d != "" {
		t.Fatalf("second round trip mismatch (-want +got):\n%s", d)
	}
}

func TestRoundTripConfig(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		roundTrip(t, genConfigValue().Draw(t, "config"), EncodeConfig, DecodeConfig)
	})
}

func TestRoundTripDeployment(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		roundTrip(t, genDeploymentValue().Draw(t, "deployment"), EncodeDeployment, DecodeDeployment)
	})
}

func TestRoundTripPod(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		roundTrip(t, genPodValue().Draw(t, "pod"), EncodePodObject, DecodePod)
	})
}

// TestOverlayOntoFixtures is the adapter workflow: decode a real object,
// change its typed fields, encode, decode. The typed fields come back as
// set, whatever the fixture held, and the fields the codec does not model
// survive.
func TestOverlayOntoFixtures(t *testing.T) {
	cfg, err := DecodeConfig(fixture(t, "dc-frontend.json"))
	if err != nil {
		t.Fatal(err)
	}
	rc, err := DecodeDeployment(fixture(t, "rc-frontend-3-complete.json"))
	if err != nil {
		t.Fatal(err)
	}
	objs, err := DecodeList(fixture(t, "list-dc-rc-pods.json"))
	if err != nil {
		t.Fatal(err)
	}
	pod := objs.Pods[0]
	t.Run("config", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) {
			c := genConfigValue().Draw(t, "config")
			c.Raw = cfg.Raw
			roundTrip(t, c, EncodeConfig, DecodeConfig)
			b, _ := EncodeConfig(c)
			if got := string(canonical(treeOf(b))); !containsAll(got, `"creationTimestamp":"2026-10-20T09:00:00Z"`, `"openshift.io/generated-by":"OpenShiftNewApp"`) {
				t.Fatalf("unmodelled fields lost:\n%s", got)
			}
		})
	})
	t.Run("deployment", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) {
			d := genDeploymentValue().Draw(t, "deployment")
			d.Raw = rc.Raw
			if rapid.Bool().Draw(t, "keepEncoded") {
				d.Encoded = rc.Encoded
			}
			roundTrip(t, d, EncodeDeployment, DecodeDeployment)
			b, _ := EncodeDeployment(d)
			if got := string(canonical(treeOf(b))); !containsAll(got, `"fullyLabeledReplicas":3`, `"generation":3`) {
				t.Fatalf("unmodelled fields lost:\n%s", got)
			}
		})
	})
	t.Run("pod", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) {
			p := genPodValue().Draw(t, "pod")
			p.Raw = pod.Raw
			roundTrip(t, p, EncodePodObject, DecodePod)
			b, _ := EncodePodObject(p)
			if got := string(canonical(treeOf(b))); !containsAll(got, `"nodeName":"worker-1.example.internal"`, `"qosClass":"BestEffort"`) {
				t.Fatalf("unmodelled fields lost:\n%s", got)
			}
		})
	})
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !stringsContains(s, sub) {
			return false
		}
	}
	return true
}

// TestDecodesToReadsBack holds the shortcut of an RC write: an
// encoded-deployment-config value that decodes to exactly the encoded DC
// reads back as it, so the annotation is kept (decodesTo implies
// readsBack). Values: generated DCs as upstream encodes them, and the
// fixtures' annotations, each with the Config it decodes to; and the
// same values against another Config, which must not pass for it, and
// against the same Config without Raw (built in code), which decodesTo
// refuses unread (readsBack then judges its encoding).
func TestDecodesToReadsBack(t *testing.T) {
	check := func(t *rapid.T, cur string) {
		c, err := decodeEncodedConfig(cur)
		if err != nil {
			return // no shortcut for a value that does not decode
		}
		if !decodesTo(cur, &c) {
			t.Fatalf("decodesTo is false for the Config %q decodes to", cur)
		}
		if !readsBack(cur, encodedConfig(c)) {
			t.Fatalf("%q decodes to a Config whose encoding does not read back as it", cur)
		}
		other := c.Clone()
		other.Replicas++
		if decodesTo(cur, &other) {
			t.Fatalf("decodesTo is true for a Config with other replicas than %q", cur)
		}
		// decodesTo's shortcut: a decoded Config always has its Raw,
		// so one without (built in code) never equals it.
		if c.Raw == nil {
			t.Fatalf("%q decodes to a Config without Raw", cur)
		}
		bare := c.Clone()
		bare.Raw = nil
		if decodesTo(cur, &bare) {
			t.Fatalf("decodesTo is true for the Config %q decodes to, without Raw", cur)
		}
	}
	var fixtures []string
	for _, name := range []string{"rc-frontend-3-new.json", "rc-frontend-3-complete.json", "rc-frontend-2-failed-cancelled.json"} {
		d, err := DecodeDeployment(fixture(t, name))
		if err != nil || d.Encoded == nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, _ := EncodeDeployment(d)
		cur := stringAt(t, b, "metadata", "annotations", dcplan.AnnotationEncodedConfig)
		fixtures = append(fixtures, cur)
	}
	rapid.Check(t, func(t *rapid.T) {
		if rapid.Bool().Draw(t, "fixture") {
			check(t, rapid.SampledFrom(fixtures).Draw(t, "annotation"))
			return
		}
		c := genConfigValue().Draw(t, "config")
		check(t, encodedConfig(c))
	})
}

// stringAt returns the string at the path of keys in the JSON object b.
func stringAt(t testing.TB, b []byte, path ...string) string {
	t.Helper()
	v := treeOf(b)
	for _, k := range path {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	s, ok := v.(string)
	if !ok {
		t.Fatalf("no string at %v", path)
	}
	return s
}
