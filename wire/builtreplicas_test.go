package wire_test

import (
	"bytes"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestBuiltDeploymentWritesZeroReplicas: an RC built in code (no Raw)
// encodes spec.replicas even at 0, as a typed client sends the pointer it
// always sets (a server defaults a missing one to 1); an RC read
// without the field keeps it absent (it round-trips as read).
func TestBuiltDeploymentWritesZeroReplicas(t *testing.T) {
	for _, replicas := range []dcplan.Replicas{0, 3} {
		built := dcplan.Deployment{Namespace: "shop", Name: "frontend-1", Replicas: replicas}
		b, err := wire.EncodeDeployment(built)
		if err != nil {
			t.Fatal(err)
		}
		want := []byte(`"spec":{"replicas":` + string('0'+rune(replicas)) + `}`)
		if !bytes.Contains(b, want) {
			t.Errorf("replicas %d: body lacks %s:\n%s", replicas, want, b)
		}
		d, err := wire.DecodeDeployment(b)
		if err != nil {
			t.Fatal(err)
		}
		if d.Replicas != replicas {
			t.Errorf("replicas %d: decoded back as %d", replicas, d.Replicas)
		}
	}

	read, err := wire.DecodeDeployment([]byte(`{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"frontend-1","namespace":"shop"}}`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := wire.EncodeDeployment(read)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b, []byte(`"replicas"`)) {
		t.Errorf("an RC read without spec.replicas gained it:\n%s", b)
	}
}
