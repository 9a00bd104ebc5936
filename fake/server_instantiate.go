package fake

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// instantiate executes a POST to deploymentconfigs/<name>/instantiate the
// way openshift-apiserver's instantiate REST does (SPEC 6m section 3,
// "Server side"), with one simplification: image streams are not modelled,
// so latest=true resolves no image trigger (the triggers and the template
// stay as they are) and the request is then decided as with latest=false.
//
//   - the DC must exist (NotFound) and must not be paused: a paused DC is
//     refused with or without force (SPEC 11a item 10) as Invalid,
//     `DeploymentRequest.apps.openshift.io "<name>" is invalid: spec.paused:
//     Invalid value: true: deployment config "<name>" is paused - unpause to
//     request a new deployment`;
//   - an image change trigger without lastTriggeredImage is BadRequest
//     `cannot trigger a deployment for "<name>" because it contains
//     unresolved images`;
//   - force, else an automatic image trigger whose image differs from the
//     one the latest RC's encoded config was triggered by (or a trigger
//     that RC did not have, or latestVersion 0), else a config change
//     trigger with a template that differs from the latest RC's (or
//     latestVersion 0) can trigger: status.details becomes
//     {message: "manual change" | "image change" | "config change",
//     causes} and status.latestVersion goes up by one;
//   - with latestVersion > 0 the latest RC must exist (its NotFound is the
//     answer) and its encoded config must decode (InternalError);
//   - nothing can trigger: the server answers 204 No Content, which
//     clients see as success, and nothing changes.
func (s *Server) instantiate(r wire.Request, key serverKey) error {
	req, err := parseObject(r.Body)
	if err != nil {
		return errBadRequest(err.Error())
	}
	name, _ := req["name"].(string)
	if name == "" {
		return errInvalidRequest(name, `name: Invalid value: "": name of the deployment config is missing`)
	}
	stored, ok := s.store.load(key)
	if !ok {
		return errNotFound(wire.ResourceConfigs, name)
	}
	dc, err := parseObject(stored)
	if err != nil {
		return fmt.Errorf("fake: stored deploymentconfig %s/%s: %w", key.namespace, name, err)
	}
	spec, _ := dc["spec"].(map[string]any)
	if paused, _ := spec["paused"].(bool); paused {
		return errInvalidRequest(name, fmt.Sprintf("spec.paused: Invalid value: true: deployment config %q is paused - unpause to request a new deployment", name))
	}
	force, _ := req["force"].(bool)
	status, _ := dc["status"].(map[string]any)
	if status == nil {
		status = map[string]any{}
		dc["status"] = status
	}
	latest, _ := strconv.ParseInt(numberText(status["latestVersion"]), 10, 64)
	decoded := dc
	if latest > 0 {
		rcName := fmt.Sprintf("%s-%d", name, latest)
		rcJSON, ok := s.store.load(serverKey{wire.ResourceRCs, key.namespace, rcName})
		if !ok {
			return errNotFound(wire.ResourceRCs, rcName)
		}
		if decoded, err = encodedConfigOf(rcJSON); err != nil {
			return &wire.StatusError{Reason: dcplan.StatusInternalError, Code: 500,
				Message: fmt.Sprintf("Internal error occurred: %v", err)}
		}
	}
	causes, can, err := triggerCauses(name, dc, decoded, latest, force)
	if err != nil {
		return err
	}
	if !can {
		return nil
	}
	message := map[string]string{"ConfigChange": "config change", "ImageChange": "image change", "Manual": "manual change"}
	first, _ := causes[0].(map[string]any)
	details := map[string]any{"causes": causes}
	if m, ok := message[fmt.Sprint(first["type"])]; ok {
		details["message"] = m
	}
	status["details"] = details
	status["latestVersion"] = json.Number(strconv.FormatInt(latest+1, 10))
	ensureMeta(dc)["resourceVersion"] = s.store.mintVersion()
	s.store.save(key, mustMarshal(dc))
	return nil
}

// triggerCauses is the apiserver's canTrigger.
func triggerCauses(name string, dc, decoded map[string]any, latest int64, force bool) ([]any, bool, error) {
	triggers := listAt(dc, "spec", "triggers")
	ict, resolved, byImage := 0, 0, false
	var causes []any
	for _, t := range triggers {
		tm, _ := t.(map[string]any)
		if tm["type"] != "ImageChange" {
			continue
		}
		ict++
		params, _ := tm["imageChangeParams"].(map[string]any)
		last, _ := params["lastTriggeredImage"].(string)
		if last == "" {
			continue
		}
		resolved++
		if auto, _ := params["automatic"].(bool); !auto {
			continue
		}
		from, _ := params["from"].(map[string]any)
		if latest == 0 || hasNewImageTrigger(triggers, listAt(decoded, "spec", "triggers")) || otherImage(from, last, decoded) {
			byImage = true
		}
		if !byImage {
			continue
		}
		ref := map[string]any{"kind": "ImageStreamTag", "name": from["name"]}
		if ns, _ := from["namespace"].(string); ns != "" {
			ref["namespace"] = ns
		}
		causes = append(causes, map[string]any{"type": "ImageChange", "imageTrigger": map[string]any{"from": ref}})
	}
	if ict != resolved {
		return nil, false, errBadRequest(fmt.Sprintf("cannot trigger a deployment for %q because it contains unresolved images", name))
	}
	if force {
		return []any{map[string]any{"type": "Manual"}}, true, nil
	}
	byConfig := false
	hasConfigTrigger := false
	for _, t := range triggers {
		if tm, _ := t.(map[string]any); tm["type"] == "ConfigChange" {
			hasConfigTrigger = true
		}
	}
	if hasConfigTrigger && len(causes) == 0 && (latest == 0 || !jsonEqual(dropNulls(mapAt(dc, "spec")["template"]), dropNulls(mapAt(decoded, "spec")["template"]))) {
		byConfig = true
		causes = []any{map[string]any{"type": "ConfigChange"}}
	}
	return causes, byConfig || byImage, nil
}

// hasNewImageTrigger reports whether an image trigger of current has no
// trigger of the same from (namespace and name) in previous.
func hasNewImageTrigger(current, previous []any) bool {
	for _, c := range current {
		cf, ok := imageFrom(c)
		if !ok {
			continue
		}
		found := false
		for _, p := range previous {
			if pf, ok := imageFrom(p); ok && pf["namespace"] == cf["namespace"] && pf["name"] == cf["name"] {
				found = true
				break
			}
		}
		if !found {
			return true
		}
	}
	return false
}

// otherImage reports whether the previous config's first image trigger
// with the same from was triggered by an image other than last.
func otherImage(from map[string]any, last string, previous map[string]any) bool {
	for _, p := range listAt(previous, "spec", "triggers") {
		pf, ok := imageFrom(p)
		if !ok || pf["namespace"] != from["namespace"] || pf["name"] != from["name"] {
			continue
		}
		params, _ := p.(map[string]any)["imageChangeParams"].(map[string]any)
		prev, _ := params["lastTriggeredImage"].(string)
		return prev != last
	}
	return false
}

func imageFrom(t any) (map[string]any, bool) {
	tm, _ := t.(map[string]any)
	if tm["type"] != "ImageChange" {
		return nil, false
	}
	params, _ := tm["imageChangeParams"].(map[string]any)
	from, _ := params["from"].(map[string]any)
	return from, true
}

// encodedConfigOf decodes the openshift.io/encoded-deployment-config
// annotation of an RC.
func encodedConfigOf(rc []byte) (map[string]any, error) {
	o, err := parseObject(rc)
	if err != nil {
		return nil, err
	}
	ann, _ := ensureMeta(o)["annotations"].(map[string]any)
	enc, _ := ann["openshift.io/encoded-deployment-config"].(string)
	if enc == "" {
		return nil, fmt.Errorf("replication controller %s has no encoded deployment config", metaString(o, "name"))
	}
	dc, err := parseObject([]byte(enc))
	if err != nil {
		return nil, fmt.Errorf("replication controller %s: %w", metaString(o, "name"), err)
	}
	return dc, nil
}

func mapAt(o map[string]any, key string) map[string]any {
	m, _ := o[key].(map[string]any)
	return m
}

func listAt(o map[string]any, keys ...string) []any {
	var v any = o
	for _, k := range keys {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	l, _ := v.([]any)
	return l
}

// dropNulls returns v without null object members (template identity
// ignores them, SPEC 11a item 8).
func dropNulls(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			if e != nil {
				out[k] = dropNulls(e)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = dropNulls(e)
		}
		return out
	}
	return v
}

func numberText(v any) string {
	if n, ok := v.(json.Number); ok {
		return n.String()
	}
	return ""
}

func errInvalidRequest(name, detail string) error {
	return &wire.StatusError{Reason: dcplan.StatusInvalid, Code: 422,
		Message: fmt.Sprintf("DeploymentRequest.apps.openshift.io %q is invalid: %s", name, detail)}
}

// instantiateName is the DC an instantiate request names: the body's name,
// else the request's.
func instantiateName(r wire.Request) string {
	if o, err := parseObject(r.Body); err == nil {
		if n, _ := o["name"].(string); n != "" {
			return n
		}
	}
	return r.Name
}
