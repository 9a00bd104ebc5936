package fake

import (
	"fmt"
	"hash/fnv"
	"math"
	"regexp"
	"strings"
	"time"

	"github.com/dcplan/dcplan/internal/jsontree"
	"github.com/dcplan/dcplan/internal/jsonvalue"
	"github.com/dcplan/dcplan/wire"
)

// The API server's checks of a write that the Server copies, each with the
// server's words (examples/kube/e2e's TestServerAgreesWithTheRealOne holds
// them to a real kube-apiserver's).

// dnsSubdomain is the form of a ReplicationController's and a pod's name:
// a lowercase RFC 1123 subdomain of at most 253 characters.
var dnsSubdomain = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`)

// checkName refuses the name of a new RC or pod that is not a DNS
// subdomain, as their validation does (Invalid). A DC's name is left to
// its own rules (the World's).
func checkName(resource, name string) error {
	if resource != wire.ResourceRCs && resource != wire.ResourcePods {
		return nil
	}
	var problems []string
	if len(name) > 253 {
		problems = append(problems, fmt.Sprintf("metadata.name: Invalid value: %q: must be no more than 253 characters", name))
	}
	if !dnsSubdomain.MatchString(name) {
		problems = append(problems, fmt.Sprintf("metadata.name: Invalid value: %q: a lowercase RFC 1123 subdomain must consist of lower case "+
			"alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', "+
			`regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`, name))
	}
	return invalidAll(resource, name, problems)
}

// checkPodDeadline refuses a pod created with a spec.activeDeadlineSeconds
// outside 1 to 2147483647, as the pod spec's validation does (Invalid): a
// deployer pod built from an encoded strategy's 0 (SPEC 4.5) is refused.
func checkPodDeadline(resource, name string, o map[string]any) error {
	if resource != wire.ResourcePods {
		return nil
	}
	spec, _ := o["spec"].(map[string]any)
	v, ok := jsonInt(spec["activeDeadlineSeconds"])
	if !ok || v >= 1 && v <= math.MaxInt32 {
		return nil
	}
	return invalidAll(resource, name, []string{fmt.Sprintf(
		"spec.activeDeadlineSeconds: Invalid value: %d: must be between 1 and 2147483647, inclusive", v)})
}

// generatedName is the name the server gives an object created with
// metadata.generateName prefix and no name: the prefix (cut to 58
// characters) and five characters of the server's alphabet, here drawn
// from the new object's uid so that a Server stays deterministic.
func generatedName(prefix, uid string) string {
	const alphabet = "bcdfghjklmnpqrstvwxz2456789"
	h := fnv.New64a()
	h.Write([]byte(uid))
	n := h.Sum64()
	suffix := make([]byte, 5)
	for i := range suffix {
		suffix[i] = alphabet[n%uint64(len(alphabet))]
		n /= uint64(len(alphabet))
	}
	return prefix[:min(len(prefix), 58)] + string(suffix)
}

// errVersionOnCreate is the storage's answer to a create whose body
// carries metadata.resourceVersion (a client creating an object it read):
// a bare 500, without a reason.
func errVersionOnCreate() error {
	return &wire.StatusError{Code: 500, Message: "resourceVersion should not be set on objects to be created"}
}

// checkDeletionFields refuses an update or a patch that sets
// metadata.deletionTimestamp on an object that is not being deleted, or
// changes metadata.deletionGracePeriodSeconds: only a delete marks an
// object (both fields are immutable; on a marked object an update that
// leaves them out keeps the stored values, as settle does).
func checkDeletionFields(resource, name string, old, next map[string]any) error {
	var problems []string
	if ts := metaString(next, "deletionTimestamp"); ts != "" && metaString(old, "deletionTimestamp") == "" {
		if t, err := time.Parse(time.RFC3339, ts); err == nil {
			ts = t.UTC().Format(time.RFC3339)
		}
		problems = append(problems, fmt.Sprintf("metadata.deletionTimestamp: Invalid value: %q: field is immutable", ts))
	}
	meta, oldMeta := ensureMeta(next), ensureMeta(old)
	if grace, ok := meta["deletionGracePeriodSeconds"]; ok && grace != nil && !jsonvalue.Equal(grace, oldMeta["deletionGracePeriodSeconds"]) {
		problems = append(problems, fmt.Sprintf("metadata.deletionGracePeriodSeconds: Invalid value: %v: field is immutable", grace))
	}
	return invalidAll(resource, name, problems)
}

// invalidAll is the Invalid answer listing problems, as the API server
// words one or several; nil for none.
func invalidAll(resource, name string, problems []string) error {
	switch len(problems) {
	case 0:
		return nil
	case 1:
		return errInvalid(resource, name, problems[0])
	}
	return errInvalid(resource, name, "["+strings.Join(problems, ", ")+"]")
}

// podUpdatable is what an update may change of a pod's spec, as the pod
// validation words it.
const podUpdatable = "`spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`," +
	"`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` " +
	"(allow it to be set to 1 if it was previously negative)"

// checkPodSpec refuses an update or a patch of a pod's spec that changes
// more than the images of its containers, activeDeadlineSeconds (set, or
// lowered), tolerations (only added) and terminationGracePeriodSeconds
// (from a negative value to 1), as the pod validation does: it sets these
// fields of the new spec back to the stored values and requires what is
// left to be the stored spec. The real server's message then goes on with
// a diff of the two, which this one leaves out.
func checkPodSpec(name string, old, next map[string]any) error {
	os, _ := old["spec"].(map[string]any)
	ns, _ := next["spec"].(map[string]any)
	if jsonvalue.Equal(os, ns) {
		return nil
	}
	const deadline = "spec.activeDeadlineSeconds"
	was, had := jsonInt(os["activeDeadlineSeconds"])
	now, has := jsonInt(ns["activeDeadlineSeconds"])
	switch {
	case has && (now < 0 || now > 1<<31-1):
		return errInvalid(wire.ResourcePods, name, fmt.Sprintf("%s: Invalid value: %d: must be between 0 and 2147483647, inclusive", deadline, now))
	case has && had && now > was:
		return errInvalid(wire.ResourcePods, name, fmt.Sprintf("%s: Invalid value: %d: must be less than or equal to previous value", deadline, now))
	case !has && had:
		return errInvalid(wire.ResourcePods, name, deadline+": Invalid value: null: must not update from a positive integer to nil value")
	}
	munged, _ := jsontree.Clone(ns).(map[string]any)
	if munged == nil {
		munged = map[string]any{}
	}
	for _, list := range []string{"containers", "initContainers"} {
		mine, theirs := objects(munged[list]), objects(os[list])
		if len(mine) != len(theirs) {
			return errInvalid(wire.ResourcePods, name, "spec."+list+": Forbidden: pod updates may not add or remove containers")
		}
		for i, c := range mine {
			restore(c, theirs[i], "image")
		}
	}
	restore(munged, os, "activeDeadlineSeconds")
	if covers(munged["tolerations"], os["tolerations"]) {
		restore(munged, os, "tolerations")
	}
	if g, ok := jsonInt(os["terminationGracePeriodSeconds"]); ok && g < 0 {
		if n, ok := jsonInt(munged["terminationGracePeriodSeconds"]); ok && n == 1 {
			restore(munged, os, "terminationGracePeriodSeconds")
		}
	}
	if jsonvalue.Equal(munged, os) {
		return nil
	}
	return errInvalid(wire.ResourcePods, name, "spec: Forbidden: pod updates may not change fields other than "+podUpdatable)
}

// objects returns the objects of the JSON list v (nil for another value
// at a position).
func objects(v any) []map[string]any {
	list, _ := v.([]any)
	out := make([]map[string]any, len(list))
	for i, e := range list {
		out[i], _ = e.(map[string]any)
	}
	return out
}

// restore sets to's field k to from's, or removes it when from has none.
func restore(to, from map[string]any, k string) {
	if to == nil {
		return
	}
	if v, ok := from[k]; ok {
		to[k] = jsontree.Clone(v)
	} else {
		delete(to, k)
	}
}

// covers reports whether the JSON list next holds every element of old.
func covers(next, old any) bool {
	ol, _ := old.([]any)
	nl, _ := next.([]any)
	for _, o := range ol {
		found := false
		for _, n := range nl {
			found = found || jsonvalue.Equal(o, n)
		}
		if !found {
			return false
		}
	}
	return true
}

// jsonInt reads an integer a JSON object holds (a json.Number).
func jsonInt(v any) (int64, bool) {
	n, ok := v.(interface{ Int64() (int64, error) })
	if !ok {
		return 0, false
	}
	i, err := n.Int64()
	return i, err == nil
}

// statusKeeps reports the metadata a status update takes from the stored
// object rather than the body, by resource: the RC status strategy resets
// only the spec, so labels, annotations, owner references and finalizers
// come from the body (nil: none kept); the pod status strategy also keeps
// the stored owner references; the DC status strategy (openshift-apiserver)
// the stored labels.
func statusKeeps(resource string) []string {
	switch resource {
	case wire.ResourcePods:
		return []string{"ownerReferences"}
	case wire.ResourceConfigs:
		return []string{"labels"}
	}
	return nil
}
