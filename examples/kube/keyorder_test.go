package kube_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestCodecWritesMaximalObjectsInEncodingJSONKeyOrder keeps wire's key-order
// tables complete for the k8s.io/api and openshift/api versions this module
// requires: a ReplicationController, a Pod and a DeploymentConfig with every
// field set (see fillMaximal), marshalled by encoding/json, must come back
// byte for byte from a decode and encode by wire (DecodeDeployment and
// EncodeDeployment, DecodePod and EncodePodObject, DecodeConfig and
// EncodeConfig). A key a table lacks is written after the known ones,
// sorted, and so moves; a struct-valued key without a sub-table has its
// keys sorted.
//
// Where the declaration order happens to be sorted (a table lacking only
// its last key, or a sub-table of sorted keys), those bytes match all the
// same, so the objects are also round-tripped with the key "0" added last
// to every struct's object (see encodeMarked): "0" sorts before every API
// key, so any key a table lacks then moves behind it.
func TestCodecWritesMaximalObjectsInEncodingJSONKeyOrder(t *testing.T) {
	dc := maximalConfig()
	encodedDC, err := json.Marshal(dc)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		object any
		round  func([]byte) ([]byte, error)
	}{
		{"ReplicationController", maximalController(string(encodedDC) + "\n"), func(b []byte) ([]byte, error) {
			d, err := wire.DecodeDeployment(b)
			if err != nil {
				return nil, err
			}
			return wire.EncodeDeployment(d)
		}},
		{"Pod", maximalPod(), func(b []byte) ([]byte, error) {
			p, err := wire.DecodePod(b)
			if err != nil {
				return nil, err
			}
			return wire.EncodePodObject(p)
		}},
		{"DeploymentConfig", dc, func(b []byte) ([]byte, error) {
			c, err := wire.DecodeConfig(b)
			if err != nil {
				return nil, err
			}
			return wire.EncodeConfig(c)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, err := json.Marshal(c.object)
			if err != nil {
				t.Fatal(err)
			}
			var plain, marked bytes.Buffer
			encodeMarked(&plain, reflect.ValueOf(c.object), false)
			if !bytes.Equal(plain.Bytes(), want) {
				t.Fatalf("encodeMarked without the marker is not encoding/json:\n%s", firstDifference(plain.Bytes(), want))
			}
			encodeMarked(&marked, reflect.ValueOf(c.object), true)
			for _, want := range [][]byte{want, marked.Bytes()} {
				got, err := c.round(want)
				if err != nil {
					t.Fatalf("decode: %v\n%s", err, want)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("wire wrote the keys of a maximal %s in another order than encoding/json:\n%s",
						c.name, firstDifference(got, want))
				}
			}
		})
	}
}

// firstDifference shows where got and want first differ, with some bytes
// of context on either side.
func firstDifference(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	window := func(b []byte) []byte {
		return b[max(0, i-200):min(len(b), i+200)]
	}
	return fmt.Sprintf("at byte %d\n got: ...%s...\nwant: ...%s...", i, window(got), window(want))
}

// maximalController is an RC with every field set, its
// encoded-deployment-config annotation the given string (a DC serialised
// as upstream does); the codec passes that annotation through as a string.
func maximalController(encodedDC string) corev1.ReplicationController {
	var rc corev1.ReplicationController
	fillMaximal(reflect.ValueOf(&rc).Elem())
	rc.Kind, rc.APIVersion = "ReplicationController", "v1"
	rc.Annotations = map[string]string{dcplan.AnnotationEncodedConfig: encodedDC}
	return rc
}

// maximalPod is a Pod with every field set.
func maximalPod() corev1.Pod {
	var p corev1.Pod
	fillMaximal(reflect.ValueOf(&p).Elem())
	p.Kind, p.APIVersion = "Pod", "v1"
	return p
}

// maximalConfig is a DeploymentConfig with every field set, but for the
// spellings the decoder checks: a Rolling strategy and an ImageChange
// trigger. DecodeConfig refuses strategy and trigger types it does not
// know (it plans by them), and nothing else of the maximal DC.
func maximalConfig() appsv1.DeploymentConfig {
	var dc appsv1.DeploymentConfig
	fillMaximal(reflect.ValueOf(&dc).Elem())
	dc.Kind, dc.APIVersion = "DeploymentConfig", "apps.openshift.io/v1"
	dc.Spec.Strategy.Type = appsv1.DeploymentStrategyTypeRolling
	dc.Spec.Triggers[0].Type = appsv1.DeploymentTriggerOnImageChange
	return dc
}
