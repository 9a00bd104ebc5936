package wire_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestPodPhaseNoKubeletWrites: a pod whose status.phase is no Kubernetes
// phase, which the API server stores (it does not validate the value),
// decodes with the phase PodUnknown, as upstream's controllers treat it
// (SPEC 13.1: never refuse a world a real cluster can hold), and encodes
// back with its own spelling, so a round trip changes nothing.
func TestPodPhaseNoKubeletWrites(t *testing.T) {
	const pod = `{"kind":"Pod","apiVersion":"v1","metadata":{"name":"web-1-deploy","namespace":"shop"},"status":{"phase":"Done"}}`
	p, err := wire.DecodePod([]byte(pod))
	if err != nil {
		t.Fatalf("DecodePod() error = %v", err)
	}
	if p.Phase != dcplan.PodUnknown {
		t.Errorf("phase %v, want PodUnknown", p.Phase)
	}
	b, err := wire.EncodePodObject(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"phase":"Done"`) {
		t.Errorf("EncodePodObject() = %s, want the phase as read", b)
	}
	p.Phase = dcplan.PodFailed // a typed change still goes out
	if b, _ = wire.EncodePodObject(p); !strings.Contains(string(b), `"phase":"Failed"`) {
		t.Errorf("EncodePodObject() of a Failed pod = %s", b)
	}
}
