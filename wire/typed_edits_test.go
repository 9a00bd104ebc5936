package wire_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestTriggerFromKindAloneSurvivesEncoding: a DC built in code (no Raw)
// whose image trigger names only from.kind, or only from.namespace, is
// encoded with imageChangeParams.from carrying it, so decoding gives the
// trigger back (Encode/Decode round trip; Reencoded relies on it, SPEC
// 13: bodies carry the typed fields). Kills the mutant of putTriggers'
// `t.FromKind != "" || t.FromNamespace != ""` as `&&`, which dropped
// imageChangeParams when only one of the two was set.
func TestTriggerFromKindAloneSurvivesEncoding(t *testing.T) {
	for _, tr := range []dcplan.Trigger{
		{Type: dcplan.TriggerImageChange, FromKind: "ImageStreamTag"},
		{Type: dcplan.TriggerImageChange, FromNamespace: "images"},
	} {
		c := dcplan.Config{Name: "web", Namespace: "shop", Triggers: []dcplan.Trigger{tr}}
		b, err := wire.EncodeConfig(c)
		if err != nil {
			t.Fatal(err)
		}
		back, err := wire.DecodeConfig(b)
		if err != nil {
			t.Fatalf("DecodeConfig(EncodeConfig(c)) error: %v\n%s", err, b)
		}
		if len(back.Triggers) != 1 || back.Triggers[0].FromKind != tr.FromKind || back.Triggers[0].FromNamespace != tr.FromNamespace {
			t.Errorf("trigger %+v encoded as %s, decoded as %+v", tr, b, back.Triggers)
		}
	}
}

// TestIgnoreDeployerPodValueIsWritten: encoding a DC writes the typed
// ignore-deployer-pod annotation: a changed value replaces the one read,
// and a DC that no longer ignores the pod loses an annotation read with
// the empty value (the annotation's presence is the flag). Encode is the
// typed fields overlaid on Raw (EncodeConfig; Reencoded before Requests,
// SPEC 13). Kills the mutant of putConfigWire's `c.IgnoreDeployerPod &&
// cur == c.IgnoreDeployerPodValue` as `||`, which kept whatever value was
// read.
func TestIgnoreDeployerPodValueIsWritten(t *testing.T) {
	read := func(v string) dcplan.Config {
		t.Helper()
		c, err := wire.DecodeConfig([]byte(`{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web","namespace":"shop","annotations":{"` +
			dcplan.AnnotationIgnoreDeployerPod + `":"` + v + `"}}}`))
		if err != nil {
			t.Fatal(err)
		}
		if !c.IgnoreDeployerPod || c.IgnoreDeployerPodValue != v {
			t.Fatalf("decoded ignore = %v %q, want true %q", c.IgnoreDeployerPod, c.IgnoreDeployerPodValue, v)
		}
		return c
	}
	roundTrip := func(c dcplan.Config) dcplan.Config {
		t.Helper()
		b, err := wire.EncodeConfig(c)
		if err != nil {
			t.Fatal(err)
		}
		back, err := wire.DecodeConfig(b)
		if err != nil {
			t.Fatal(err)
		}
		return back
	}
	c := read("x")
	c.IgnoreDeployerPodValue = "y"
	if back := roundTrip(c); !back.IgnoreDeployerPod || back.IgnoreDeployerPodValue != "y" {
		t.Errorf("value changed from x to y encodes as %v %q, want true \"y\"", back.IgnoreDeployerPod, back.IgnoreDeployerPodValue)
	}
	c = read("")
	c.IgnoreDeployerPod = false
	if back := roundTrip(c); back.IgnoreDeployerPod {
		t.Errorf("flag cleared on a DC read with an empty value encodes as %v %q, want the annotation gone", back.IgnoreDeployerPod, back.IgnoreDeployerPodValue)
	}
}
