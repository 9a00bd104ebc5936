package wire

import (
	"strconv"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
)

// appendConfigStatus appends the DC status s as apps/v1
// DeploymentConfigStatus marshals (SPEC 13), keys in its field order: the
// counters always (readyReplicas only when not zero), details and
// conditions when present; of details, the message when set and the
// causes (null for none); of a cause, its image trigger when it names
// one; of a condition, its timestamps (null when unset), and its reason
// and message when set. Details the DC held as read (read, see
// readDetails) go out as read, empty ones too.
func appendConfigStatus(b []byte, s dcplan.ConfigStatus, read readDetails) []byte {
	counter := func(b []byte, key string, n int64) []byte {
		b = append(append(append(b, '"'), key...), `":`...)
		return strconv.AppendInt(b, n, 10)
	}
	b = counter(append(b, '{'), "latestVersion", int64(s.LatestVersion))
	b = counter(append(b, ','), "observedGeneration", s.ObservedGeneration)
	b = counter(append(b, ','), "replicas", int64(s.Replicas))
	b = counter(append(b, ','), "updatedReplicas", int64(s.UpdatedReplicas))
	b = counter(append(b, ','), "availableReplicas", int64(s.AvailableReplicas))
	b = counter(append(b, ','), "unavailableReplicas", int64(s.UnavailableReplicas))
	b = appendDetails(b, s.Details, read)
	if len(s.Conditions) > 0 {
		b = append(b, `,"conditions":[`...)
		for i, c := range s.Conditions {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsontree.AppendString(append(b, `{"type":`...), c.TypeText())
			b = jsontree.AppendString(append(b, `,"status":`...), c.StatusText())
			b = appendTime(b, "lastUpdateTime", c.LastUpdateTime)
			b = appendTime(b, "lastTransitionTime", c.LastTransitionTime)
			if r := c.ReasonText(); r != "" {
				b = jsontree.AppendString(append(b, `,"reason":`...), r)
			}
			if c.Message != "" {
				b = jsontree.AppendString(append(b, `,"message":`...), c.Message)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if s.ReadyReplicas != 0 {
		b = counter(append(b, ','), "readyReplicas", int64(s.ReadyReplicas))
	}
	return append(b, '}')
}

// appendDetails appends, after a comma, the member details holding d:
// as read when read holds d (readDetails.appendKept), else from the
// model: nothing for no details, else the message when set, the causes
// (null for none), of a cause its type and its image trigger when it
// names one.
//
// Details read but empty ({}, or causes null) are kept: upstream's
// status write copies the *DeploymentDetails it read, omitempty keeps a
// non-nil pointer, and Causes is not omitempty, so encoding/json writes
// "details":{"causes":null}. The model has no "empty but present"; the
// DC as read tells it.
func appendDetails(b []byte, d dcplan.Details, read readDetails) []byte {
	if kept, ok := read.appendKept(b, d); ok {
		return kept
	}
	if d.Message == "" && len(d.Causes) == 0 {
		return b
	}
	b = append(b, `,"details":{`...)
	if d.Message != "" {
		b = append(jsontree.AppendString(append(b, `"message":`...), d.Message), ',')
	}
	b = append(b, `"causes":`...)
	if len(d.Causes) == 0 {
		return append(b, "null}"...)
	}
	b = append(b, '[')
	for i, c := range d.Causes {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsontree.AppendString(append(b, `{"type":`...), c.TypeText())
		if c.Image != "" || c.FromKind != "" || c.FromNamespace != "" {
			b = append(b, `,"imageTrigger":{"from":`...)
			b = appendFields(b, "kind", c.FromKind, "namespace", c.FromNamespace, "name", c.Image)
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

// appendFields appends an object of string fields, given as key, value
// pairs in order; an empty value is left out (omitempty).
func appendFields(b []byte, kv ...string) []byte {
	b = append(b, '{')
	first := true
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == "" {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = jsontree.AppendString(append(jsontree.AppendString(b, kv[i]), ':'), kv[i+1])
	}
	return append(b, '}')
}

// appendTime appends the member key of a metav1.Time, after a comma, as
// encoding/json writes one: the field is omitempty, which never leaves out
// a struct, and metav1.Time marshals the zero time as null and any other
// in RFC 3339, whole seconds, UTC. A condition read without timestamps
// (null or absent) thus goes out with null ones, as upstream's status
// write, which copies the conditions as read, sends them.
func appendTime(b []byte, key string, t time.Time) []byte {
	b = append(append(append(b, `,"`...), key...), `":`...)
	if t.IsZero() {
		return append(b, "null"...)
	}
	return append(t.UTC().AppendFormat(append(b, '"'), time.RFC3339), '"')
}
