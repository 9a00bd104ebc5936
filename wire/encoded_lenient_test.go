package wire

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestDecodeEncodedConfigAsUpstreamDoes: the encoded-deployment-config
// annotation is text a user may edit (SPEC 13.1), and upstream reads it
// with a bare codec (library-go appsserialization: apps/v1 installed, no
// defaulting, no validation), which takes any strategy type and any
// trigger type, "" included. Only a value that codec refuses takes the
// decode-failure path (SPEC 4.2, 4.3 New step 2; 3.5 via
// HasLatestPodTemplate). This codec refused these two, so the DC
// controller waited on a "config-decode" it never leaves and the deployer
// never built the pod, where upstream goes on (a strategy type it does not
// know has no timeout, SPEC 5.21, as StrategyUnset here). The DC itself
// still refuses them: the API server's validation does.
func TestDecodeEncodedConfigAsUpstreamDoes(t *testing.T) {
	tests := []struct {
		name     string
		why      string
		spec     string
		strategy dcplan.StrategyType
		triggers []dcplan.Trigger
	}{
		{"unknown strategy type", "13.1: upstream decodes any spelling; 5.21: no timeout", `{"strategy":{"type":"BlueGreen","customParams":{"image":"x"}}}`,
			dcplan.StrategyUnset, nil},
		{"trigger without type", "13.1: upstream decodes a trigger of type \"\"", `{"strategy":{"type":"Rolling","rollingParams":{}},"triggers":[{"type":""},{"type":"ConfigChange"}]}`,
			dcplan.StrategyRolling, []dcplan.Trigger{{}, {Type: dcplan.TriggerConfigChange}}},
		{"trigger type absent", "13.1: a missing type is the empty string to upstream", `{"triggers":[{}]}`,
			dcplan.StrategyUnset, []dcplan.Trigger{{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			enc := `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web"},"spec":` + tt.spec + `}`
			d, err := DecodeDeployment([]byte(rcWith(dcplan.AnnotationEncodedConfig, enc)))
			if err != nil {
				t.Fatalf("DecodeDeployment() error = %v (%s)", err, tt.why)
			}
			if d.Encoded == nil {
				t.Fatalf("Encoded = nil, EncodedProblem = %q, want the DC (%s)", d.EncodedProblem, tt.why)
			}
			if d.Encoded.Strategy.Type != tt.strategy {
				t.Errorf("strategy type = %v, want %v (%s)", d.Encoded.Strategy.Type, tt.strategy, tt.why)
			}
			if len(d.Encoded.Triggers) != len(tt.triggers) {
				t.Fatalf("triggers = %+v, want %+v (%s)", d.Encoded.Triggers, tt.triggers, tt.why)
			}
			for i := range tt.triggers {
				if !d.Encoded.Triggers[i].Equal(tt.triggers[i]) {
					t.Errorf("trigger %d = %+v, want %+v (%s)", i, d.Encoded.Triggers[i], tt.triggers[i], tt.why)
				}
			}
			// The annotation is carried as written.
			again, err := EncodeDeployment(d)
			if err != nil {
				t.Fatal(err)
			}
			back, err := DecodeDeployment(again)
			if err != nil || back.Encoded == nil {
				t.Fatalf("re-encoded RC: error %v, Encoded %v", err, back.Encoded)
			}
			// A rollback restoring the strategy sends its spelling, as
			// upstream's does (and the API server refuses it there).
			if typ := rawMember(rawMember(rawMember(mustEncodeConfig(t, *d.Encoded), "spec"), "strategy"), "type"); tt.strategy == dcplan.StrategyUnset &&
				strings.Contains(tt.spec, "BlueGreen") && string(typ) != `"BlueGreen"` {
				t.Errorf("EncodeConfig(encoded DC) strategy type = %s, want \"BlueGreen\" as written", typ)
			}
			// The DC as the API server serves it still refuses them.
			if _, err := DecodeConfig([]byte(enc)); err == nil {
				t.Errorf("DecodeConfig(%s) accepted a DC the API server refuses", enc)
			}
		})
	}
}

func mustEncodeConfig(t *testing.T, c dcplan.Config) []byte {
	t.Helper()
	b, err := EncodeConfig(c)
	if err != nil {
		t.Fatal(err)
	}
	return canonical(treeOf(b))
}
