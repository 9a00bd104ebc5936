package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// The kind and apiVersion the API server expects in the body of a write of
// each resource (a mismatch is refused).
var typeMetas = map[string][2]string{
	wire.ResourceRCs:     {"ReplicationController", "v1"},
	wire.ResourcePods:    {"Pod", "v1"},
	wire.ResourceConfigs: {"DeploymentConfig", "apps.openshift.io/v1"},
}

// stringMaps are the members holding map[string]string values, where a
// JSON null is not "absent" but the empty string on a real server.
var stringMaps = map[string]bool{"labels": true, "annotations": true, "nodeSelector": true, "selector": true}

// CheckForm returns what the recorded form (Record, RecordEvents) cannot
// show of a pass's requests but a real API server sees, one text per
// problem, nil for none:
//
//   - every body and patch is one compact JSON value (no whitespace,
//     nothing after it), without duplicate object keys, whose numbers are
//     integers in canonical form (no fraction, exponent or leading zero;
//     1.0 is refused where an int32 is expected): the recorded fields
//     compare numbers by value and bodies after decoding. A patch may
//     hold whitespace between its tokens, as the adoption patch of
//     upstream's controller-ref manager does (a template spanning lines),
//     and is checked compacted;
//   - a request carries only what its verb sends: a body for create and
//     update, a patch and its type for patch, delete options for delete;
//   - a create or update body names the resource's kind and apiVersion
//     (Record drops them from creates);
//   - no body sets a label, annotation or selector entry to null (a real
//     server stores "", Record reads null as absent);
//   - a deploymentconfigs/status update changes nothing outside status
//     (README "Writes"): the body without status is the object the server
//     held without status, metadata.resourceVersion (the precondition)
//     included; Record lists only the status leaves;
//   - every event is recorded on an object of the scenario's namespace
//     (RecordEvents keeps only <Kind>/<name>);
//   - no write names a field manager (Record has no query parameters).
func CheckForm(namespace string, log []fake.Write, events []wire.Event) []string {
	var out []string
	for i, lw := range log {
		r := lw.Request
		what := fmt.Sprintf("write %d (%s %s %s/%s)", i, r.Verb, r.Resource, r.Namespace, r.Name)
		if r.Subresource != "" {
			what = fmt.Sprintf("write %d (%s %s/%s %s/%s)", i, r.Verb, r.Resource, r.Subresource, r.Namespace, r.Name)
		}
		bad := func(f string, a ...any) { out = append(out, what+": "+fmt.Sprintf(f, a...)) }
		switch r.Verb {
		case wire.VerbCreate, wire.VerbUpdate:
			if len(r.Body) == 0 || len(r.Patch) != 0 || r.PatchType != "" || r.Delete != (wire.DeleteOptions{}) {
				bad("a %s sends a body only (body %d bytes, patch %d bytes, patchType %q, delete %+v)", r.Verb, len(r.Body), len(r.Patch), r.PatchType, r.Delete)
			}
		case wire.VerbPatch:
			if len(r.Patch) == 0 || r.PatchType == "" || len(r.Body) != 0 || r.Delete != (wire.DeleteOptions{}) {
				bad("a patch sends a patch and its type only (body %d bytes, patch %d bytes, patchType %q, delete %+v)", len(r.Body), len(r.Patch), r.PatchType, r.Delete)
			}
		case wire.VerbDelete:
			if len(r.Body) != 0 || len(r.Patch) != 0 || r.PatchType != "" {
				bad("a delete sends options only (body %d bytes, patch %d bytes, patchType %q)", len(r.Body), len(r.Patch), r.PatchType)
			}
		default:
			bad("unknown verb")
		}
		if r.FieldManager != "" {
			// The controllers' clientsets name no field manager (the
			// server records their user agent); only oc's rollout
			// pause and resume send one (SPEC 6m.7.5).
			bad("a controller's write names field manager %q", r.FieldManager)
		}
		for _, b := range []struct {
			name string
			data []byte
		}{{"body", r.Body}, {"patch", r.Patch}} {
			if len(b.data) == 0 {
				continue
			}
			data := b.data
			if b.name == "patch" {
				var c bytes.Buffer
				if json.Compact(&c, data) == nil {
					data = c.Bytes()
				}
			}
			if err := CheckJSON(data); err != nil {
				bad("%s: %v", b.name, err)
			}
		}
		if r.Verb != wire.VerbCreate && r.Verb != wire.VerbUpdate || r.Subresource == wire.SubresourceInstantiate {
			continue
		}
		body, _ := decode(r.Body).(map[string]any)
		if tm, ok := typeMetas[r.Resource]; ok && body != nil {
			if body["kind"] != tm[0] || body["apiVersion"] != tm[1] {
				bad("kind %v, apiVersion %v: want %s, %s", body["kind"], body["apiVersion"], tm[0], tm[1])
			}
		}
		for k, v := range Flatten(body) {
			if p, err := ParsePath(k); v == nil && err == nil && len(p) > 1 && p[len(p)-2].Kind == SegKey && stringMaps[p[len(p)-2].Key] {
				bad("%s is null (a real server stores \"\")", k)
			}
		}
		if r.Subresource == wire.SubresourceStatus && lw.Before != nil && body != nil {
			before, _ := decode(lw.Before).(map[string]any)
			sent := shallowWithout(body, "status")
			held := shallowWithout(before, "status")
			if d := Diff(Flatten(held), Flatten(sent)); len(d) > 0 {
				bad("changes %s outside status", canonical(d))
			}
		}
	}
	for i, e := range events {
		if e.Object.Namespace != namespace {
			out = append(out, fmt.Sprintf("event %d (%s %s on %s/%s): namespace %q, want %q", i, e.Type, e.Reason, e.Object.Kind, e.Object.Name, e.Object.Namespace, namespace))
		}
	}
	return out
}

// CheckJSON reports why b is not one compact JSON value without duplicate
// keys whose numbers are canonical integers, nil when it is.
func CheckJSON(b []byte) error {
	var c bytes.Buffer
	if err := json.Compact(&c, b); err != nil {
		return err
	}
	if !bytes.Equal(c.Bytes(), b) {
		return errors.New("not compact JSON")
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	// keys holds the keys seen in each open object (nil for an array);
	// key tells whether the next token of the innermost object is a key.
	var keys []map[string]bool
	var key []bool
	for {
		t, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		inObject := len(keys) > 0 && keys[len(keys)-1] != nil
		if inObject && key[len(key)-1] {
			if t == json.Delim('}') {
				keys, key = keys[:len(keys)-1], key[:len(key)-1]
				continue
			}
			k := t.(string)
			if keys[len(keys)-1][k] {
				return fmt.Errorf("duplicate key %q", k)
			}
			keys[len(keys)-1][k] = true
			key[len(key)-1] = false
			continue
		}
		if inObject {
			key[len(key)-1] = true // this token is a member's value
		}
		switch t {
		case json.Delim('{'):
			keys, key = append(keys, map[string]bool{}), append(key, true)
		case json.Delim('['):
			keys, key = append(keys, nil), append(key, false)
		case json.Delim(']'):
			keys, key = keys[:len(keys)-1], key[:len(key)-1]
		}
		if n, ok := t.(json.Number); ok && !canonicalInt(string(n)) {
			return fmt.Errorf("number %s is not an integer in canonical form", n)
		}
	}
}

func canonicalInt(n string) bool {
	s := strings.TrimPrefix(n, "-")
	switch {
	case s == "" || strings.Trim(s, "0123456789") != "":
		return false
	case s == "0":
		return s == n // not -0
	}
	return s[0] != '0'
}

// CheckEventObjects returns, one text per problem, the events whose
// involved object's uid is not the uid upstream's recorder takes from the
// object it records on (reference.GetReference): the cached DC's in a dc
// pass; in a deployer pass the target RC's, or the DC decoded from its
// encoded-deployment-config annotation. RecordEvents keeps only
// <Kind>/<name>, and `oc describe` finds a DC's events by
// involvedObject.uid. It also returns the events whose time is not the
// scenario's now (SPEC 13: the time is the snapshot's now; upstream's
// recorder stamps its clock, which the recordings show as now), which
// RecordEvents does not keep either.
func CheckEventObjects(sc Scenario, events []wire.Event) []string {
	type meta struct {
		Metadata struct {
			Name, UID   string
			Annotations map[string]string
		} `json:"metadata"`
	}
	uids := map[string]string{}
	if sc.Pass == PassConfig {
		var m meta
		if json.Unmarshal(sc.Input.DC, &m) == nil {
			uids["DeploymentConfig/"+m.Metadata.Name] = m.Metadata.UID
		}
	}
	for _, raw := range sc.Input.RCs {
		var m meta
		if sc.Pass != PassDeployer || json.Unmarshal(raw, &m) != nil || m.Metadata.Name != sc.Target {
			continue
		}
		uids["ReplicationController/"+m.Metadata.Name] = m.Metadata.UID
		var enc meta
		if json.Unmarshal([]byte(m.Metadata.Annotations["openshift.io/encoded-deployment-config"]), &enc) == nil && enc.Metadata.Name != "" {
			uids["DeploymentConfig/"+enc.Metadata.Name] = enc.Metadata.UID
		}
	}
	var out []string
	for i, e := range events {
		key := e.Object.Kind + "/" + e.Object.Name
		if want, ok := uids[key]; !ok || e.Object.UID != want {
			out = append(out, fmt.Sprintf("event %d (%s %s on %s): involvedObject.uid %q, want %q", i, e.Type, e.Reason, key, e.Object.UID, want))
		}
		if !e.Time.Equal(sc.Now) {
			out = append(out, fmt.Sprintf("event %d (%s %s on %s): time %v, want the scenario's now %v", i, e.Type, e.Reason, key, e.Time, sc.Now))
		}
	}
	return out
}
