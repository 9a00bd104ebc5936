package wire

import (
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
)

// TestMetaTimesInWholeSeconds: a metav1.Time field goes on the wire as
// metav1.Time marshals it, in whole seconds (a real kube-apiserver showed
// the status write of a time.Now() snapshot with nanoseconds, which the
// typed client never sends, issue 31): the DC status write of Requests
// and the encoders alike.
func TestMetaTimesInWholeSeconds(t *testing.T) {
	now := time.Date(2026, 12, 3, 17, 5, 47, 697209501, time.UTC)
	cfg, err := DecodeConfig(smallDC)
	if err != nil {
		t.Fatal(err)
	}
	to := cfg.Status
	to.Conditions = []dcplan.Condition{{Type: dcplan.ConditionAvailable, Status: dcplan.StatusTrue, LastUpdateTime: now, LastTransitionTime: now}}
	s := dcplan.Snapshot{Now: now, Config: cfg}
	reqs, err := Requests(s, dcplan.Plan{Status: &dcplan.StatusUpdate{Config: cfg.Name, To: to}})
	if err != nil || len(reqs) != 1 {
		t.Fatalf("Requests: %v, %v", reqs, err)
	}
	cfg.Status = to
	encoded, err := EncodeConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string][]byte{"status write": reqs[0].Body, "EncodeConfig": encoded} {
		b := string(body)
		if !strings.Contains(b, `"lastUpdateTime":"2026-12-03T17:05:47Z"`) || !strings.Contains(b, `"lastTransitionTime":"2026-12-03T17:05:47Z"`) {
			t.Errorf("%s: condition times not in whole seconds:\n%s", name, b)
		}
	}
}
