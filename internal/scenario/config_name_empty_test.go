package scenario_test

import (
	"testing"

	"github.com/dcplan/dcplan/internal/scenario"
)

// TestConfigNameEmptyClearsTheName: `config-name-empty` is the
// deployment-config.name annotation present with an empty value, so the
// RC has no ConfigName whatever `config-name` says, before or after it
// (dcplan.Deployment: EmptyConfigName is false whenever ConfigName is
// set; SPEC 5.12).
func TestConfigNameEmptyClearsTheName(t *testing.T) {
	for _, line := range []string{
		"rc web-1 phase=New config-name-empty",
		"rc web-1 phase=New config-name=web config-name-empty",
		"rc web-1 phase=New config-name-empty config-name=web",
	} {
		s, err := scenario.ParseState([]string{"dc web replicas=1", line})
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		d := s.Deployments[0]
		if d.ConfigName != "" || !d.EmptyConfigName {
			t.Errorf("%s: ConfigName %q, EmptyConfigName %v; want \"\", true", line, d.ConfigName, d.EmptyConfigName)
		}
	}
}
