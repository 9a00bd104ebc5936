package ages

import (
	"strconv"
	"time"
)

// GoUnits renders d as github.com/docker/go-units HumanDuration does,
// capitalised as it returns it. The rules, in order, on whole units
// (truncated unless said):
//
//  1. under 1 second (and any negative duration): "Less than a second";
//  2. exactly 1 second: "1 second"; under 60 seconds: "<n> seconds";
//  3. exactly 1 minute: "About a minute"; under 60 minutes: "<n> minutes";
//  4. hours rounded half up: 1 is "About an hour"; under 48: "<n> hours";
//  5. under 2 weeks: "<hours/24> days"; under 60 days: "<hours/24/7> weeks";
//     under 730 days: "<hours/24/30> months";
//  6. otherwise "<truncated hours/24/365> years".
//
// A zero creation time therefore reads as "292 years": time.Time.Sub
// saturates at the largest Duration, as upstream's time.Now().Sub does.
func GoUnits(d time.Duration) string {
	seconds := int64(d / time.Second)
	switch {
	case seconds < 1:
		return "Less than a second"
	case seconds == 1:
		return "1 second"
	case seconds < 60:
		return strconv.FormatInt(seconds, 10) + " seconds"
	}
	minutes := int64(d / time.Minute)
	switch {
	case minutes == 1:
		return "About a minute"
	case minutes < 60:
		return strconv.FormatInt(minutes, 10) + " minutes"
	}
	hours := int64(d.Hours() + 0.5)
	switch {
	case hours == 1:
		return "About an hour"
	case hours < 48:
		return strconv.FormatInt(hours, 10) + " hours"
	case hours < 24*7*2:
		return strconv.FormatInt(hours/24, 10) + " days"
	case hours < 24*30*2:
		return strconv.FormatInt(hours/24/7, 10) + " weeks"
	case hours < 24*365*2:
		return strconv.FormatInt(hours/24/30, 10) + " months"
	}
	return strconv.FormatInt(int64(d.Hours())/24/365, 10) + " years"
}
