package fake

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/dcplan/dcplan/wire"
)

// checkConfigStatus is openshift-apiserver's validation of a DC's status
// on an update (ValidateDeploymentConfigStatusUpdate), run on next, the
// object the update or status strategy settled from the request, against
// old, the stored one; in its order: every count not negative
// (latestVersion, observedGeneration, replicas, readyReplicas,
// availableReplicas, unavailableReplicas), then latestVersion neither
// decremented nor moved up by more than one, then observedGeneration not
// decremented. A DC created again over its predecessor's RCs therefore
// catches its status up one version a write (SPEC 3.2.7).
func checkConfigStatus(name string, old, next map[string]any) error {
	oldStatus, _ := old["status"].(map[string]any)
	status, _ := next["status"].(map[string]any)
	var problems []string
	for _, f := range []string{"latestVersion", "observedGeneration", "replicas", "readyReplicas", "availableReplicas", "unavailableReplicas"} {
		if v := statusCount(status, f); v < 0 {
			problems = append(problems, fmt.Sprintf("status.%s: Invalid value: %d: must be greater than or equal to 0", f, v))
		}
	}
	latest, was := statusCount(status, "latestVersion"), statusCount(oldStatus, "latestVersion")
	switch {
	case latest < was:
		problems = append(problems, fmt.Sprintf("status.latestVersion: Invalid value: %d: latestVersion cannot be decremented", latest))
	case latest > was+1:
		problems = append(problems, fmt.Sprintf("status.latestVersion: Invalid value: %d: latestVersion can only be incremented by 1", latest))
	}
	if g := statusCount(status, "observedGeneration"); g < statusCount(oldStatus, "observedGeneration") {
		problems = append(problems, fmt.Sprintf("status.observedGeneration: Invalid value: %d: observedGeneration cannot be decremented", g))
	}
	return invalidAll(wire.ResourceConfigs, name, problems)
}

// statusCount reads an integer member of a DC's status, 0 when absent
// (as the typed status reads it).
func statusCount(status map[string]any, key string) int64 {
	n, _ := status[key].(json.Number)
	v, _ := strconv.ParseInt(string(n), 10, 64)
	return v
}
