package wire

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"pgregory.net/rapid"
)

// TestConfigStatusAsTreeRendersIt checks the status of a status write
// against the reference below (statusTree, the tree the codec rendered
// it from before appendConfigStatus), for generated statuses, byte for
// byte.
func TestConfigStatusAsTreeRendersIt(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genConfigValue().Draw(t, "config").Status
		if rapid.Bool().Draw(t, "no causes") {
			s.Details.Causes = nil
		}
		want := string(renderOrdered(statusTree(s), orderDCStatus))
		if got := string(appendConfigStatus(nil, s, readDetails{})); got != want {
			t.Fatalf("status\n got %s\nwant %s", got, want)
		}
	})
}

// statusTree, the reference for appendConfigStatus, is a DC status as apps/v1 DeploymentConfigStatus marshals:
// the counters always (readyReplicas only when non-zero), details and
// conditions when present, each condition's timestamps (null when
// unset, see metaTime), and its reason and message when set.
func statusTree(s dcplan.ConfigStatus) map[string]any {
	st := map[string]any{
		"latestVersion":       num(int64(s.LatestVersion)),
		"observedGeneration":  num(s.ObservedGeneration),
		"replicas":            num(int64(s.Replicas)),
		"updatedReplicas":     num(int64(s.UpdatedReplicas)),
		"availableReplicas":   num(int64(s.AvailableReplicas)),
		"unavailableReplicas": num(int64(s.UnavailableReplicas)),
	}
	if s.ReadyReplicas != 0 {
		st["readyReplicas"] = num(int64(s.ReadyReplicas))
	}
	if s.Details.Message != "" || len(s.Details.Causes) > 0 {
		d := map[string]any{"causes": nil}
		if s.Details.Message != "" {
			d["message"] = s.Details.Message
		}
		if len(s.Details.Causes) > 0 {
			causes := make([]any, len(s.Details.Causes))
			for i, c := range s.Details.Causes {
				e := map[string]any{"type": c.TypeText()}
				if c.Image != "" || c.FromKind != "" || c.FromNamespace != "" {
					from := map[string]any{}
					putString(from, "kind", c.FromKind)
					putString(from, "namespace", c.FromNamespace)
					putString(from, "name", c.Image)
					e["imageTrigger"] = map[string]any{"from": from}
				}
				causes[i] = e
			}
			d["causes"] = causes
		}
		st["details"] = d
	}
	if len(s.Conditions) > 0 {
		conds := make([]any, len(s.Conditions))
		for i, c := range s.Conditions {
			e := map[string]any{"type": c.TypeText(), "status": c.StatusText()}
			e["lastUpdateTime"], e["lastTransitionTime"] = metaTime(c.LastUpdateTime), metaTime(c.LastTransitionTime)
			putString(e, "reason", c.ReasonText())
			putString(e, "message", c.Message)
			conds[i] = e
		}
		st["conditions"] = conds
	}
	return st
}

// metaTime is the tree of a metav1.Time as encoding/json writes it: nil
// (null) for the zero time, else RFC 3339 in UTC, whole seconds.
func metaTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC().Format(time.RFC3339)
}
