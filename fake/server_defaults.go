package fake

import (
	"encoding/json"
	"maps"

	"github.com/dcplan/dcplan/wire"
)

// defaultRC applies the core v1 ReplicationController defaults to o, a
// body the API server decodes for a create, an update or a patch of the
// main resource: a missing (or null) spec.replicas is 1; an empty
// spec.selector, and empty metadata.labels, take the pod template's
// labels when it has some. Other resources are left as they are.
func defaultRC(resource string, o map[string]any) {
	if resource != wire.ResourceRCs {
		return
	}
	spec, _ := o["spec"].(map[string]any)
	if spec == nil {
		spec = map[string]any{}
		o["spec"] = spec
	}
	template, _ := spec["template"].(map[string]any)
	templateMeta, _ := template["metadata"].(map[string]any)
	if labels, ok := templateMeta["labels"].(map[string]any); ok {
		if selector, _ := spec["selector"].(map[string]any); len(selector) == 0 {
			spec["selector"] = maps.Clone(labels)
		}
		meta := ensureMeta(o)
		if own, _ := meta["labels"].(map[string]any); len(own) == 0 {
			meta["labels"] = maps.Clone(labels)
		}
	}
	if spec["replicas"] == nil {
		spec["replicas"] = json.Number("1")
	}
}
