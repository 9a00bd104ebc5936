package scenario

import (
	"strings"
	"testing"
)

// TestApplyFailureStopsTheFile: apply replaces the world (and
// clear-outcome changes it), so when it fails the cases after it would
// plan on the world before it, as after a failing edit; -rewrite would
// write the error in as expected. A failing apply stops the file like the
// other world commands.
func TestApplyFailureStopsTheFile(t *testing.T) {
	for _, tt := range []struct{ name, text, want string }{
		{"no plan", "snapshot\ndc web\n----\nok\n\napply\n----\nerror: no plan to apply (plan first; apply clears the plan)\n\necho\na\n----\na\n",
			"x.txt:6: apply fails"},
		{"apply argument", "snapshot\ndc web\n----\nok\n\napply rc=web-1\n----\nerror: apply takes no arguments, got rc=web-1\n\necho\na\n----\na\n",
			"x.txt:6: apply fails"},
		{"clear-outcome argument", "snapshot\ndc web\n----\nok\n\nclear-outcome all\n----\nerror: clear-outcome takes no arguments, got all\n\necho\na\n----\na\n",
			"x.txt:6: clear-outcome fails"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, failed := runChild(t, tt.text, false)
			if !failed || !strings.Contains(out, tt.want) {
				t.Errorf("failed = %v, want a failure with %q:\n%s", failed, tt.want, out)
			}
		})
	}
}
