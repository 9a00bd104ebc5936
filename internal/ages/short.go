package ages

import (
	"strconv"
	"time"
)

// Short renders d as k8s.io/apimachinery's duration.HumanDuration does
// (kubectl's AGE columns and events table): two or three significant
// figures. The rules, in order, on whole units (truncated):
//
//  1. under -1 second: "<invalid>"; under 0: "0s"; under 2 minutes:
//     "<s>s";
//  2. under 10 minutes: "<m>m<s>s" ("<m>m" when s is 0); under 3 hours:
//     "<m>m";
//  3. under 8 hours: "<h>h<m>m" ("<h>h" when m is 0); under 48 hours:
//     "<h>h";
//  4. under 8 days: "<d>d<h>h" ("<d>d" when h is 0); under 2 years:
//     "<d>d";
//  5. under 8 years: "<y>y<d>d" ("<y>y" when d is 0); otherwise "<y>y".
func Short(d time.Duration) string {
	itoa := func(n int64) string { return strconv.FormatInt(n, 10) }
	pair := func(a int64, au string, b int64, bu string) string {
		if b == 0 {
			return itoa(a) + au
		}
		return itoa(a) + au + itoa(b) + bu
	}
	seconds := int64(d.Seconds())
	switch {
	case seconds < -1:
		return "<invalid>"
	case seconds < 0:
		return "0s"
	case seconds < 60*2:
		return itoa(seconds) + "s"
	}
	minutes := int64(d / time.Minute)
	switch {
	case minutes < 10:
		return pair(minutes, "m", int64(d/time.Second)%60, "s")
	case minutes < 60*3:
		return itoa(minutes) + "m"
	}
	hours := int64(d / time.Hour)
	switch {
	case hours < 8:
		return pair(hours, "h", int64(d/time.Minute)%60, "m")
	case hours < 48:
		return itoa(hours) + "h"
	case hours < 24*8:
		return pair(hours/24, "d", hours%24, "h")
	case hours < 24*365*2:
		return itoa(hours/24) + "d"
	case hours < 24*365*8:
		return pair(hours/24/365, "y", (hours/24)%365, "d")
	}
	return itoa(hours/24/365) + "y"
}
