package dcplan_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
)

// TestTemplateFieldsNames: the fields each generation of deployer pod
// copies from its RC's pod template spec, as sorted JSON keys: today's
// six (SPEC 4.5) and the seed era's three, nodeSelector, dnsPolicy and
// imagePullSecrets (SPEC 7 row 31); a single field, and none.
func TestTemplateFieldsNames(t *testing.T) {
	tests := []struct {
		name string
		f    dcplan.TemplateFields
		want []string
	}{
		{"modern", dcplan.ModernTemplateFields,
			[]string{"dnsConfig", "dnsPolicy", "enableServiceLinks", "imagePullSecrets", "nodeSelector", "tolerations"}},
		{"origin", dcplan.OriginTemplateFields, []string{"dnsPolicy", "imagePullSecrets", "nodeSelector"}},
		{"one", dcplan.FieldTolerations, []string{"tolerations"}},
		{"none", 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, tt.f.Names()); d != "" {
				t.Errorf("Names() mismatch (-want +got):\n%s", d)
			}
		})
	}
}
