package cancel

import (
	"strings"
	"time"

	"github.com/dcplan/dcplan/internal/ages"
)

// HumanAge renders the age of an object the way `oc` does in the
// "No deployments are in progress" line: docker/go-units HumanDuration,
// lowercased. The rules, in order, on whole units (truncated unless said):
//
//  1. under 1 second (and any negative duration): "less than a second";
//  2. exactly 1 second: "1 second"; under 60 seconds: "<n> seconds";
//  3. exactly 1 minute: "about a minute"; under 60 minutes: "<n> minutes";
//  4. hours rounded half up: 1 is "about an hour"; under 48: "<n> hours";
//  5. under 2 weeks: "<hours/24> days"; under 60 days: "<hours/24/7> weeks";
//     under 730 days: "<hours/24/30> months";
//  6. otherwise "<truncated hours/24/365> years".
//
// A zero creation time therefore reads as "292 years": time.Time.Sub
// saturates at the largest Duration, exactly as upstream's time.Now().Sub
// does.
//
// This is the newer github.com/docker/go-units variant that the oc of
// cancel variant C links. It differs from history.HumanDuration, the older
// docker pkg/units variant Origin's describers vendored (SPEC 6.5; both
// schemes are right, SPEC 11a.6), which truncates hours, says "1
// seconds" and counts weeks up to 90 days.
//
// Ports: github.com/docker/go-units HumanDuration + strings.ToLower, as used
// by (DeployOptions).cancel.
func HumanAge(d time.Duration) string { return strings.ToLower(ages.GoUnits(d)) }
