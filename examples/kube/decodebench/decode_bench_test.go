// Package decodebench holds dcplan's wire codec to the typed decoding
// controller authors use today: its benchmarks decode an RC both ways on
// the same bytes in one run (encoding/json into the typed Kubernetes and
// OpenShift structs), and FuzzDecodeAgreesWithTyped requires wire to read
// every object client-go's JSON serializer reads, with the same values
// (typed_diff_test.go). It is a module of its own so that the OpenShift
// API types stay out of every other module.
package decodebench

import (
	"encoding/json"
	"os"
	"testing"

	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"

	"github.com/dcplan/dcplan/internal/benchcpu"
	"github.com/dcplan/dcplan/wire"
)

const encodedAnnotation = "openshift.io/encoded-deployment-config"

// typedDecode is what a client-go controller does with an RC's JSON: the
// RC into corev1.ReplicationController, then its encoded-config
// annotation into appsv1.DeploymentConfig.
func typedDecode(data []byte) (*corev1.ReplicationController, *appsv1.DeploymentConfig, error) {
	rc := new(corev1.ReplicationController)
	if err := json.Unmarshal(data, rc); err != nil {
		return nil, nil, err
	}
	dc := new(appsv1.DeploymentConfig)
	if err := json.Unmarshal([]byte(rc.Annotations[encodedAnnotation]), dc); err != nil {
		return nil, nil, err
	}
	return rc, dc, nil
}

func rcJSON(b *testing.B) []byte {
	data, err := os.ReadFile("../../../testdata/fixtures/rc-frontend-3-complete.json")
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkDecodeRC decodes rc-frontend-3-complete.json (7.7 KB, its
// encoded DC included) both ways. "wire" decodes the encoded DC too, as
// the typed decode does, and checks it; "wire-rc" is the same call
// without that check: wire.DecodeDeployment always decodes it.
func BenchmarkDecodeRC(b *testing.B) {
	data := rcJSON(b)
	rc, dc, err := typedDecode(data)
	if err != nil || rc.Name != "frontend-3" || dc.Status.LatestVersion != 3 {
		b.Fatalf("typed decode: %v %v %v", rc, dc, err)
	}
	d, err := wire.DecodeDeployment(data)
	if enc := d.Encoded; err != nil || d.Name != "frontend-3" || enc == nil || enc.Status.LatestVersion != 3 {
		b.Fatalf("wire decode: %+v %v", d, err)
	}
	b.Run("typed", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		stop := benchcpu.Start(b)
		for b.Loop() {
			if _, _, err := typedDecode(data); err != nil {
				b.Fatal(err)
			}
		}
		stop()
	})
	b.Run("wire", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		stop := benchcpu.Start(b)
		for b.Loop() {
			d, err := wire.DecodeDeployment(data)
			if err != nil || d.Encoded == nil {
				b.Fatal(err, d.EncodedProblem)
			}
		}
		stop()
	})
	b.Run("wire-rc", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		stop := benchcpu.Start(b)
		for b.Loop() {
			if _, err := wire.DecodeDeployment(data); err != nil {
				b.Fatal(err)
			}
		}
		stop()
	})
}
