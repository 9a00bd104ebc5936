package conformance

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// The RC annotations an RC update always lists when the body has them
// (README "Writes").
var alwaysListed = []string{
	`metadata.annotations.openshift\.io/deployment\.phase`,
	`metadata.annotations.openshift\.io/deployment\.cancelled`,
	`metadata.annotations.openshift\.io/deployment\.status-reason`,
}

// Record turns a fake.Server's write log into the recorded form, one Write
// per attempt, as README "Writes" specifies:
//
//   - create: every leaf of the body except apiVersion, kind, null leaves
//     and status (an instantiate, a POST too, is recorded the same way:
//     the leaves of its DeploymentRequest);
//   - update of deploymentconfigs/status: every leaf under the body's
//     status;
//   - other updates: the leaves that differ between the object the server
//     held and the body sent (everything, apiVersion and kind included,
//     when it held none), plus, for RCs, the phase, cancelled and
//     status-reason annotations when the body has them;
//   - patch: the leaves that differ between the object before and after
//     (none for a failed attempt; the resourceVersion the server bumps is
//     not a difference), with patchType and the patch as a JSON value;
//   - delete: no fields; options holds propagationPolicy,
//     gracePeriodSeconds and preconditions when set.
//
// Failed holds the error text of a failed attempt.
func Record(log []fake.Write) []Write {
	out := make([]Write, 0, len(log))
	for _, lw := range log {
		r := lw.Request
		w := Write{Verb: string(r.Verb), Resource: r.Resource, Namespace: r.Namespace, Name: r.Name, Fields: map[string]any{}}
		if r.Subresource != "" {
			w.Resource += "/" + r.Subresource
		}
		if lw.Err != nil {
			w.Failed = lw.Err.Error()
		}
		switch r.Verb {
		case wire.VerbCreate:
			body := decode(r.Body)
			if m, ok := body.(map[string]any); ok {
				if w.Name == "" {
					if meta, ok := m["metadata"].(map[string]any); ok {
						w.Name, _ = meta["name"].(string)
					}
				}
				m = shallowWithout(m, "apiVersion", "kind", "status")
				body = m
			}
			for k, v := range Flatten(body) {
				if v != nil {
					w.Fields[k] = v
				}
			}
		case wire.VerbUpdate:
			body := decode(r.Body)
			if r.Resource == wire.ResourceConfigs && r.Subresource == wire.SubresourceStatus {
				m, _ := body.(map[string]any)
				if st, ok := m["status"]; ok {
					w.Fields = Flatten(map[string]any{"status": st})
				}
				break
			}
			after := Flatten(body)
			before := map[string]any{}
			if lw.Before != nil {
				before = Flatten(decode(lw.Before))
			}
			w.Fields = Diff(before, after)
			if r.Resource == wire.ResourceRCs {
				for _, k := range alwaysListed {
					if v, ok := after[k]; ok {
						w.Fields[k] = v
					}
				}
			}
		case wire.VerbPatch:
			w.PatchType = r.PatchType
			w.Patch = decode(r.Patch)
			if lw.Err == nil {
				w.Fields = Diff(Flatten(decode(lw.Before)), Flatten(decode(lw.After)))
				delete(w.Fields, "metadata.resourceVersion")
			}
		case wire.VerbDelete:
			if o := r.Delete; o.PropagationPolicy != "" || o.HasGracePeriod || o.Preconditions != (wire.Preconditions{}) {
				w.Options = map[string]any{}
				if o.PropagationPolicy != "" {
					w.Options["propagationPolicy"] = o.PropagationPolicy
				}
				if o.HasGracePeriod {
					w.Options["gracePeriodSeconds"] = json.Number(jsonInt(o.GracePeriodSeconds))
				}
				// Upstream's controllers send no preconditions: one the
				// run sends is a difference, not a normalisation.
				if pc := o.Preconditions; pc != (wire.Preconditions{}) {
					m := map[string]any{}
					if pc.UID != "" {
						m["uid"] = pc.UID
					}
					if pc.ResourceVersion != "" {
						m["resourceVersion"] = pc.ResourceVersion
					}
					w.Options["preconditions"] = m
				}
			}
		}
		out = append(out, w)
	}
	return out
}

// decode decodes JSON with json.Number numbers; nil (or bytes that do not
// decode) give nil.
func decode(b []byte) any {
	if len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil
	}
	return v
}

func shallowWithout(m map[string]any, drop ...string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	for _, k := range drop {
		delete(out, k)
	}
	return out
}

func jsonInt(n int64) string {
	b, _ := json.Marshal(n)
	return strings.TrimSpace(string(b))
}

// RecordEvents turns recorded event requests into the recorded form:
// type, reason, message and "<Kind>/<name>" of the object.
func RecordEvents(events []wire.Event) []Event {
	out := make([]Event, 0, len(events))
	for _, e := range events {
		out = append(out, Event{Type: e.Type, Reason: e.Reason, Message: e.Message, Object: e.Object.Kind + "/" + e.Object.Name})
	}
	return out
}
