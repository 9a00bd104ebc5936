package history

import (
	"strconv"
	"strings"
)

// describeEnvFrom writes `    Environment Variables from:` and one line
// per source of a container's envFrom: `      <name>` + tab + `ConfigMap`
// or `Secret` (` with prefix '<prefix>'` when set) + tab + `Optional:
// true|false`. A source naming neither leaves name and kind empty.
//
// Ports: kubectl describe describeContainerEnvFrom.
func describeEnvFrom(w *describeWriter, sources []templateJSON) {
	w.write(2, "Environment Variables from:\n")
	for _, e := range sources {
		var from string
		var ref templateJSON
		switch {
		case e.get("configMapRef").has():
			from, ref = "ConfigMap", e.get("configMapRef")
		case e.get("secretRef").has():
			from, ref = "Secret", e.get("secretRef")
		}
		if prefix := e.get("prefix").str(); prefix != "" {
			from += " with prefix '" + prefix + "'"
		}
		w.write(3, ref.get("name").str(), "\t", from, "\tOptional: ", strconv.FormatBool(ref.get("optional").boolean()), "\n")
	}
}

// describeEnv writes `    Environment:` (tab and `<none>` when empty) and
// one entry per variable of container c, in order:
//
//  1. No valueFrom: `      <name>:` + tab + the value's first line, each
//     further line as `      ` + tab + line.
//  2. fieldRef: `<name>:` + tab + ` (<apiVersion>:<fieldPath>)` (a
//     template has no pod to resolve the field from).
//  3. resourceFieldRef: `<name>:` + tab + the container's value
//     (containerResourceValue; `node allocatable` for a cpu or memory
//     limit that is 0, empty for a resource kubectl does not know) + ` (`
//     + resource + `)`.
//  4. secretKeyRef: `<name>:` + tab + `<set to the key '<key>' in secret
//     '<name>'>` + tab + `Optional: true|false`.
//  5. configMapKeyRef: the same with `of config map` for `in secret`.
//  6. A valueFrom with none of these prints nothing.
//
// Ports: kubectl describe describeContainerEnvVars (resolverFn nil).
func describeEnv(w *describeWriter, c templateJSON) {
	env := c.get("env").items()
	if len(env) == 0 {
		w.write(2, "Environment:\t<none>\n")
		return
	}
	w.write(2, "Environment:\n")
	for _, e := range env {
		name, from := e.get("name").str(), e.get("valueFrom")
		switch {
		case !from.has():
			for i, line := range strings.Split(e.get("value").str(), "\n") {
				if i == 0 {
					w.write(3, name, ":\t", line, "\n")
				} else {
					w.write(3, "\t", line, "\n")
				}
			}
		case from.get("fieldRef").has():
			ref := from.get("fieldRef")
			version := ref.get("apiVersion").str()
			if version == "" {
				version = "v1" // the API server's default
			}
			w.write(3, name, ":\t (", version, ":", ref.get("fieldPath").str(), ")\n")
		case from.get("resourceFieldRef").has():
			ref := from.get("resourceFieldRef")
			resource := ref.get("resource").str()
			value, _ := containerResourceValue(c, resource, ref.get("divisor"))
			if value == "0" && (resource == "limits.cpu" || resource == "limits.memory") {
				value = "node allocatable"
			}
			w.write(3, name, ":\t", value, " (", resource, ")\n")
		case from.get("secretKeyRef").has():
			ref := from.get("secretKeyRef")
			w.write(3, name, ":\t<set to the key '", ref.get("key").str(), "' in secret '", ref.get("name").str(),
				"'>\tOptional: ", strconv.FormatBool(ref.get("optional").boolean()), "\n")
		case from.get("configMapKeyRef").has():
			ref := from.get("configMapKeyRef")
			w.write(3, name, ":\t<set to the key '", ref.get("key").str(), "' of config map '", ref.get("name").str(),
				"'>\tOptional: ", strconv.FormatBool(ref.get("optional").boolean()), "\n")
		}
	}
}
