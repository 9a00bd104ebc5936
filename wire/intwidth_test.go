package wire

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDecodeIntegerWidths pins SPEC 13.1's line between a world a cluster
// can hold and input that cannot be a Kubernetes object, for numbers: a
// field upstream declares int32 (replica counts, revisionHistoryLimit,
// minReadySeconds, an int fencepost, a container's exitCode) refuses
// 2^31, which no API server stores, and one declared int64 (generation,
// timeoutSeconds, activeDeadlineSeconds, latestVersion,
// observedGeneration) reads 2^31 and 2^40, which a cluster holds. Each
// field is set on its own in a minimal object of its kind.
func TestDecodeIntegerWidths(t *testing.T) {
	type field struct {
		kind string // dc, rc or pod
		path string // dotted; "[0]" indexes a one-element list
		bits int
	}
	fields := []field{
		{"dc", "metadata.generation", 64},
		{"dc", "spec.replicas", 32},
		{"dc", "spec.revisionHistoryLimit", 32},
		{"dc", "spec.minReadySeconds", 32},
		{"dc", "spec.strategy.activeDeadlineSeconds", 64},
		{"dc", "spec.strategy.rollingParams.timeoutSeconds", 64},
		{"dc", "spec.strategy.rollingParams.maxSurge", 32},
		{"dc", "spec.strategy.rollingParams.maxUnavailable", 32},
		{"dc", "status.latestVersion", 64},
		{"dc", "status.observedGeneration", 64},
		{"dc", "status.replicas", 32},
		{"dc", "status.updatedReplicas", 32},
		{"dc", "status.availableReplicas", 32},
		{"dc", "status.unavailableReplicas", 32},
		{"dc", "status.readyReplicas", 32},
		{"rc", "spec.replicas", 32},
		{"rc", "status.replicas", 32},
		{"rc", "status.readyReplicas", 32},
		{"rc", "status.availableReplicas", 32},
		{"pod", "spec.activeDeadlineSeconds", 64},
		{"pod", "status.containerStatuses[0].state.terminated.exitCode", 32},
	}
	decode := map[string]func([]byte) error{
		"dc":  func(b []byte) error { _, err := DecodeConfig(b); return err },
		"rc":  func(b []byte) error { _, err := DecodeDeployment(b); return err },
		"pod": func(b []byte) error { _, err := DecodePod(b); return err },
	}
	heads := map[string]string{
		"dc":  `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web"},"spec":{"strategy":{"type":"Rolling"}}}`,
		"rc":  `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1"}}`,
		"pod": `{"kind":"Pod","apiVersion":"v1","metadata":{"name":"web-1-deploy"}}`,
	}
	for _, f := range fields {
		for _, n := range []string{"2147483647", "2147483648", "1099511627776"} {
			doc := withNumber(t, heads[f.kind], f.path, n)
			err := decode[f.kind]([]byte(doc))
			fits := n == "2147483647" || f.bits == 64
			switch {
			case fits && err != nil:
				t.Errorf("%s %s = %s: error %v; an int%d holds it", f.kind, f.path, n, err, f.bits)
			case !fits && err == nil:
				t.Errorf("%s %s = %s: decoded; an int32 cannot hold it", f.kind, f.path, n)
			case !fits && !strings.Contains(err.Error(), "32-bit integer"):
				t.Errorf("%s %s = %s: error %v, want the width named", f.kind, f.path, n, err)
			}
		}
	}
}

// withNumber returns the JSON object doc with the number n set at path
// (dotted keys; "name[0]" a one-element list), creating what is missing.
func withNumber(t *testing.T, doc, path, n string) string {
	t.Helper()
	var root map[string]any
	if err := json.Unmarshal([]byte(doc), &root); err != nil {
		t.Fatal(err)
	}
	m := root
	keys := strings.Split(path, ".")
	for _, k := range keys[:len(keys)-1] {
		if name, ok := strings.CutSuffix(k, "[0]"); ok {
			e := map[string]any{}
			m[name] = []any{e}
			m = e
			continue
		}
		c, ok := m[k].(map[string]any)
		if !ok {
			c = map[string]any{}
			m[k] = c
		}
		m = c
	}
	m[keys[len(keys)-1]] = json.Number(n)
	b, err := json.Marshal(root)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
