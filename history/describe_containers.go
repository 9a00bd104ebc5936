package history

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dcplan/dcplan"
)

// describeContainers writes rule 5 of DescribePodTemplate for one list:
// `  <label>:` (` <none>` after the colon when empty), then for each
// container, in template order:
//
//  1. `   <name>:` and `    Image:` + tab + image.
//  2. The ports as `<containerPort>/<protocol>` joined by `, `: `    Ports:`
//     when that holds a comma, else `    Port:` (`<none>` without ports);
//     then the host ports (0 when unset) the same way, `Host Ports:` /
//     `Host Port:`.
//  3. With securityContext.seccompProfile: `    SeccompProfile:` + its
//     type, and for Localhost `      LocalhostProfile:` + the profile.
//  4. `    Command:` and `    Args:` when set, one line per element and per
//     newline within it, at six spaces.
//  5. `    Limits:` and `    Requests:` when set, one `      <resource>:` +
//     tab + quantity per line, sorted by resource name.
//  6. `    Liveness:`, `    Readiness:`, `    Startup:` + tab + the probe
//     (describeProbe) when set.
//  7. With envFrom: `    Environment Variables from:` and its sources
//     (describeEnvFrom); then `    Environment:` and the variables
//     (describeEnv), `<none>` after a tab when there are none.
//  8. `    Mounts:` and the volume mounts sorted by mount path, each
//     `      <path> from <volume> (ro|rw[,path="<subPath>"])`, `<none>`
//     after a tab when there are none; then, with volumeDevices,
//     `    Devices:` (with the mounts' tab and `<none>` when there were no
//     mounts) and each `      <path> from <volume>`, sorted by path.
//
// Ports: kubectl describe describeContainers (no statuses, no env
// resolver: a template, not a pod).
func describeContainers(w *describeWriter, label string, containers []templateJSON) {
	none := ""
	if len(containers) == 0 {
		none = " <none>"
	}
	w.write(1, label, ":", none, "\n")
	for _, c := range containers {
		w.write(1, " ", c.get("name").str(), ":\n")
		w.write(2, "Image:\t", c.get("image").str(), "\n")
		describePorts(w, c.get("ports").items())
		if sp := c.get("securityContext").get("seccompProfile"); sp.has() {
			w.write(2, "SeccompProfile:\t", sp.get("type").str(), "\n")
			if sp.get("type").str() == "Localhost" {
				w.write(3, "LocalhostProfile:\t", sp.get("localhostProfile").str(), "\n")
			}
		}
		describeLines(w, "Command:", c.get("command").strs())
		describeLines(w, "Args:", c.get("args").strs())
		describeQuantities(w, "Limits:", c.get("resources").get("limits").entries())
		describeQuantities(w, "Requests:", c.get("resources").get("requests").entries())
		for _, probe := range [...]struct{ key, title string }{
			{"livenessProbe", "Liveness:\t"}, {"readinessProbe", "Readiness:\t"}, {"startupProbe", "Startup:\t"},
		} {
			if p := c.get(probe.key); p.has() {
				w.write(2, probe.title, describeProbe(p), "\n")
			}
		}
		if from := c.get("envFrom").items(); len(from) > 0 {
			describeEnvFrom(w, from)
		}
		describeEnv(w, c)
		describeMounts(w, c)
	}
}

// describePorts writes rule 2 of describeContainers: each port as
// <port>/<protocol>, and its name in parentheses when it has one.
func describePorts(w *describeWriter, ports []templateJSON) {
	container := make([]string, 0, len(ports))
	host := make([]string, 0, len(ports))
	for _, p := range ports {
		protocol := p.get("protocol").str()
		if protocol == "" {
			protocol = "TCP" // the API server's default
		}
		name := ""
		if n := p.get("name").str(); n != "" {
			name = " (" + n + ")" // oc new-app names every port <port>-<protocol>
		}
		container = append(container, strconv.FormatInt(p.get("containerPort").integer(), 10)+"/"+protocol+name)
		host = append(host, strconv.FormatInt(p.get("hostPort").integer(), 10)+"/"+protocol+name)
	}
	for _, line := range [...]struct {
		one, many string
		ports     []string
	}{{"Port:\t", "Ports:\t", container}, {"Host Port:\t", "Host Ports:\t", host}} {
		s := strings.Join(line.ports, ", ")
		switch {
		case strings.Contains(s, ","):
			w.write(2, line.many, s, "\n")
		case s == "":
			w.write(2, line.one, "<none>\n")
		default:
			w.write(2, line.one, s, "\n")
		}
	}
}

// describeLines writes rule 4 of describeContainers for one list.
func describeLines(w *describeWriter, title string, elems []string) {
	if len(elems) == 0 {
		return
	}
	w.write(2, title, "\n")
	for _, e := range elems {
		for line := range strings.SplitSeq(e, "\n") {
			w.write(3, line, "\n")
		}
	}
}

// describeQuantities writes rule 5 of describeContainers for one list.
//
// Ports: kubectl describe describeResources.
func describeQuantities(w *describeWriter, title string, quantities []dcplan.KeyValue) {
	if len(quantities) == 0 {
		return
	}
	w.write(2, title, "\n")
	for _, q := range quantities {
		w.write(3, q.Key, ":\t", q.Value, "\n")
	}
}

// describeMounts writes rule 8 of describeContainers.
//
// Ports: kubectl describe describeContainerVolumes.
func describeMounts(w *describeWriter, c templateJSON) {
	none := ""
	mounts := slices.Clone(c.get("volumeMounts").items())
	if len(mounts) == 0 {
		none = "\t<none>"
	}
	w.write(2, "Mounts:", none, "\n")
	slices.SortStableFunc(mounts, func(a, b templateJSON) int {
		return strings.Compare(a.get("mountPath").str(), b.get("mountPath").str())
	})
	for _, m := range mounts {
		flags := "rw"
		if m.get("readOnly").boolean() {
			flags = "ro"
		}
		if sub := m.get("subPath").str(); sub != "" {
			flags += ",path=" + strconv.Quote(sub)
		}
		w.write(3, m.get("mountPath").str(), " from ", m.get("name").str(), " (", flags, ")\n")
	}
	devices := slices.Clone(c.get("volumeDevices").items())
	if len(devices) == 0 {
		return
	}
	w.write(2, "Devices:", none, "\n")
	slices.SortStableFunc(devices, func(a, b templateJSON) int {
		return strings.Compare(a.get("devicePath").str(), b.get("devicePath").str())
	})
	for _, d := range devices {
		w.write(3, d.get("devicePath").str(), " from ", d.get("name").str(), "\n")
	}
}
