package wire

import (
	"encoding/json"
	"testing"
)

// TestEncodePodLeavesOutEmptyImage checks SPEC 4.5 and 13 on the wire: a
// deployer container without an image (no deployer image configured, no
// customParams.image) carries no "image" member, as upstream's typed
// Container (image,omitempty) leaves it out, rather than "image":"".
func TestEncodePodLeavesOutEmptyImage(t *testing.T) {
	p := frontendDeployer(t)
	p.Image = ""
	b, err := EncodePod(p, frontendTemplate(t))
	if err != nil {
		t.Fatalf("EncodePod() error: %v", err)
	}
	var pod struct {
		Spec struct {
			Containers []map[string]json.RawMessage `json:"containers"`
		} `json:"spec"`
	}
	if err := json.Unmarshal(b, &pod); err != nil {
		t.Fatal(err)
	}
	if len(pod.Spec.Containers) != 1 {
		t.Fatalf("EncodePod() has %d containers, want 1:\n%s", len(pod.Spec.Containers), b)
	}
	if v, ok := pod.Spec.Containers[0]["image"]; ok {
		t.Errorf("EncodePod() container image = %s, want no image member:\n%s", v, b)
	}
}
