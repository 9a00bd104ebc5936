package wire

import (
	"bytes"
	"github.com/dcplan/dcplan"

	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// decodeAny runs the decoder of a kind ("dc", "rc", "pod", "list").
func decodeAny(kind string, doc []byte) error {
	var err error
	switch kind {
	case "dc":
		_, err = DecodeConfig(doc)
	case "rc":
		_, err = DecodeDeployment(doc)
	case "pod":
		_, err = DecodePod(doc)
	default:
		_, err = DecodeList(doc)
	}
	return err
}

// rcWith returns an RC document with the given annotation.
func rcWith(key, value string) string {
	return `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","annotations":{` + strconv.Quote(key) + `:` + strconv.Quote(value) + `}}}`
}

func TestDecodeMalformed(t *testing.T) {
	type where struct {
		Kind  string
		Name  string
		Field string
	}
	tests := []struct {
		name  string
		why   string
		kind  string
		doc   string
		want  where
		inMsg string
	}{
		{"not json", "syntax errors are reported on the document", "rc", `{"kind":`, where{"ReplicationController", "", "(document)"}, "invalid JSON"},
		{"trailing data", "one value per document", "rc", `{} {}`, where{"ReplicationController", "", "(document)"}, "invalid JSON"},
		{"array", "a document is an object", "dc", `[1]`, where{"DeploymentConfig", "", "(document)"}, "want a JSON object"},
		{"wrong kind", "a Pod is not a DeploymentConfig", "dc", `{"kind":"Pod"}`, where{"DeploymentConfig", "", "kind"}, `want "DeploymentConfig"`},
		// Issue 35 item 17: an object alone must say what it is, as
		// oc get prints it; only a typed list's items may leave it to the
		// list (TestDecodeList, "typed list").
		{"no kind", "the type metadata is required of an object decoded alone", "dc", `{}`, where{"DeploymentConfig", "", "kind"}, `want "DeploymentConfig", got ""`},
		{"rc no kind", "the type metadata is required of an object decoded alone", "rc", `{"metadata":{"name":"x"}}`, where{"ReplicationController", "x", "kind"}, `want "ReplicationController", got ""`},
		{"pod no api version", "kind alone is not the type metadata", "pod", `{"kind":"Pod"}`, where{"Pod", "", "apiVersion"}, `missing; want "v1"`},
		{"dc no api version", "kind alone is not the type metadata", "dc", `{"kind":"DeploymentConfig","metadata":{"name":"d"}}`, where{"DeploymentConfig", "d", "apiVersion"}, `missing; want "apps.openshift.io/v1"`},
		{"pod wrong kind", "a DC is not a Pod", "pod", `{"kind":"DeploymentConfig","apiVersion":"v1"}`, where{"Pod", "", "kind"}, `want "Pod"`},
		{"wrong api version", "DCs are apps.openshift.io/v1 or v1", "dc", `{"kind":"DeploymentConfig","apiVersion":"apps/v1"}`, where{"DeploymentConfig", "", "apiVersion"}, "unsupported apiVersion"},
		{"annotation not string", "annotation values are strings", "rc", `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"x","annotations":{"a":1}}}`, where{"ReplicationController", "x", "metadata.annotations[a]"}, "want a string"},
		{"labels not object", "labels are an object", "pod", `{"kind":"Pod","apiVersion":"v1","metadata":{"name":"p","labels":[]}}`, where{"Pod", "p", "metadata.labels"}, "want an object"},
		{"replicas string", "spec.replicas is an integer", "rc", `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"x"},"spec":{"replicas":"3"}}`, where{"ReplicationController", "x", "spec.replicas"}, "want an integer, got string"},
		{"replicas fraction", "integers have no fraction", "dc", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"d"},"spec":{"replicas":1.5}}`, where{"DeploymentConfig", "d", "spec.replicas"}, "32-bit integer"},
		{"replicas overflow", "replica counts are int32", "rc", `{"kind":"ReplicationController","apiVersion":"v1","spec":{"replicas":2147483648}}`, where{"ReplicationController", "", "spec.replicas"}, "32-bit integer"},
		{"bad timestamp", "Kubernetes timestamps are RFC 3339", "rc", `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"creationTimestamp":"yesterday"}}`, where{"ReplicationController", "", "metadata.creationTimestamp"}, "RFC 3339"},
		{"owner not object", "owner references are objects", "rc", `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"ownerReferences":[null]}}`, where{"ReplicationController", "", "metadata.ownerReferences[0]"}, "want an object, got null"},
		{"controller not bool", "controller is a boolean", "rc", `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"ownerReferences":[{"controller":"true"}]}}`, where{"ReplicationController", "", "metadata.ownerReferences[0].controller"}, "want a boolean"},
		{"container image number", "template containers have string images", "rc", `{"kind":"ReplicationController","apiVersion":"v1","spec":{"template":{"spec":{"containers":[{"name":"c","image":5}]}}}}`, where{"ReplicationController", "", "spec.template.spec.containers[0].image"}, "want a string"},
		{"strategy type", "OpenShift's validation (and the shipped CRD) admits Recreate, Rolling and Custom only", "dc", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","spec":{"strategy":{"type":"BlueGreen"}}}`, where{"DeploymentConfig", "", "spec.strategy.type"}, "unknown strategy type"},
		{"fencepost bool", "fenceposts are int or string", "dc", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","spec":{"strategy":{"rollingParams":{"maxSurge":true}}}}`, where{"DeploymentConfig", "", "spec.strategy.rollingParams.maxSurge"}, "want an integer"},
		{"trigger type", "OpenShift's validation (and the shipped CRD) requires a trigger's type (any other it stores, SPEC 13.1)", "dc", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","spec":{"triggers":[{"type":""}]}}`, where{"DeploymentConfig", "", "spec.triggers[0].type"}, "required"},
		{"container names", "containerNames are strings", "dc", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","spec":{"triggers":[{"type":"ImageChange","imageChangeParams":{"containerNames":[1]}}]}}`, where{"DeploymentConfig", "", "spec.triggers[0].imageChangeParams.containerNames[0]"}, "want a string"},
		{"exit code", "exitCode is an int32", "pod", `{"kind":"Pod","apiVersion":"v1","status":{"containerStatuses":[{"state":{"terminated":{"exitCode":"1"}}}]}}`, where{"Pod", "", "status.containerStatuses[0].state.terminated.exitCode"}, "want an integer"},
		{"list kind", "only lists and the three kinds", "list", `{"kind":"Service"}`, where{"List", "", "kind"}, "want List"},
		{"list item", "items are objects", "list", `{"kind":"List","items":[7]}`, where{"List", "", "items[0]"}, "want an object"},
		// Fields inside elements and templates are read relative to them;
		// the path is built when a problem is found (reader.under).
		{"second owner uid", "every owner reference, not just the first", "rc", `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"ownerReferences":[{},{"uid":2}]}}`, where{"ReplicationController", "", "metadata.ownerReferences[1].uid"}, "want a string"},
		{"second container null", "container entries are objects", "rc", `{"kind":"ReplicationController","apiVersion":"v1","spec":{"template":{"spec":{"containers":[{"name":"a"},null]}}}}`, where{"ReplicationController", "", "spec.template.spec.containers[1]"}, "want an object, got null"},
		{"template spec", "a template's spec is an object", "dc", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","spec":{"template":{"spec":[]}}}`, where{"DeploymentConfig", "", "spec.template.spec"}, "want an object"},
		{"template label", "template labels are strings", "rc", `{"kind":"ReplicationController","apiVersion":"v1","spec":{"template":{"metadata":{"labels":{"a":1}}}}}`, where{"ReplicationController", "", "spec.template.metadata.labels[a]"}, "want a string"},
		{"timeout string", "strategy timeouts are integers", "dc", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","spec":{"strategy":{"type":"Recreate","recreateParams":{"timeoutSeconds":"6"}}}}`, where{"DeploymentConfig", "", "spec.strategy.recreateParams.timeoutSeconds"}, "want an integer"},
		{"custom env name", "environment names are strings", "dc", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","spec":{"strategy":{"type":"Custom","customParams":{"environment":[{"name":"A"},{"name":1}]}}}}`, where{"DeploymentConfig", "", "spec.strategy.customParams.environment[1].name"}, "want a string"},
		{"trigger from kind", "image trigger sources are strings", "dc", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","spec":{"triggers":[{"type":"ConfigChange"},{"type":"ImageChange","imageChangeParams":{"from":{"kind":3}}}]}}`, where{"DeploymentConfig", "", "spec.triggers[1].imageChangeParams.from.kind"}, "want a string"},
		{"cause image", "cause images are strings", "dc", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","status":{"details":{"causes":[{"type":"ImageChange","imageTrigger":{"from":{"name":1}}}]}}}`, where{"DeploymentConfig", "", "status.details.causes[0].imageTrigger.from.name"}, "want a string"},
		{"condition message", "condition messages are strings", "dc", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","status":{"conditions":[{"type":"Available","status":"True","message":1}]}}`, where{"DeploymentConfig", "", "status.conditions[0].message"}, "want a string"},
		{"container status name", "container status names are strings", "pod", `{"kind":"Pod","apiVersion":"v1","status":{"containerStatuses":[{},{"name":1}]}}`, where{"Pod", "", "status.containerStatuses[1].name"}, "want a string"},
		{"list item kind", "item kinds are strings", "list", `{"kind":"List","items":[{"kind":1}]}`, where{"List", "", "items[0].kind"}, "want a string"},
		{"list bad item", "a bad item fails the list, naming the item's field", "list", `{"kind":"List","items":[{"kind":"Pod","metadata":{"name":"p"},"status":{"phase":1}}]}`, where{"Pod", "p", "status.phase"}, "want a string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := decodeAny(tt.kind, []byte(tt.doc))
			if !errors.Is(err, dcplan.ErrMalformed) {
				t.Fatalf("decode error = %v, want ErrMalformed (%s)", err, tt.why)
			}
			var fe *dcplan.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("decode error %v is not a *FieldError", err)
			}
			if d := cmp.Diff(tt.want, where{fe.Kind, fe.Name, fe.Field}); d != "" {
				t.Errorf("FieldError mismatch (-want +got):\n%s\n(%s)", d, tt.why)
			}
			if !strings.Contains(fe.Problem, tt.inMsg) {
				t.Errorf("FieldError.Problem = %q, want it to contain %q", fe.Problem, tt.inMsg)
			}
		})
	}
}

// TestDecodeLenient lists inputs that decode, and what they read as.
func TestDecodeLenient(t *testing.T) {
	tests := []struct {
		name string
		why  string
		doc  string
		want func(*dcplan.Deployment)
	}{
		{"nulls", "null reads as absent everywhere", `{"kind":"ReplicationController","apiVersion":"v1","metadata":null,"spec":{"replicas":null,"template":null},"status":null}`, func(*dcplan.Deployment) {}},
		{"empty synced", "SPEC 2.2: the deployer writes \"\" when desired was absent; it reads as absent", rcWith(dcplan.AnnotationReplicas, ""), func(d *dcplan.Deployment) { d.Name = "web-1" }},
		{"empty phase", "SPEC 1.3: the empty phase is PhaseUnknown", rcWith(dcplan.AnnotationPhase, ""), func(d *dcplan.Deployment) { d.Name = "web-1" }},
		{"cancelled any case", "SPEC 5.4: EqualFold(value, \"true\")", rcWith(dcplan.AnnotationCancelled, "TRUE"), func(d *dcplan.Deployment) { d.Name, d.Cancelled = "web-1", true }},
		{"cancelled other", "any other value is not cancelled", rcWith(dcplan.AnnotationCancelled, "yes"), func(d *dcplan.Deployment) { d.Name = "web-1" }},
		{"ignore empty", "SPEC 1.1: the ignore annotation counts by presence", rcWith(dcplan.AnnotationIgnoreDeployerPod, ""), func(d *dcplan.Deployment) { d.Name, d.IgnoreDeployerPod = "web-1", true }},
		// SPEC 13.1: annotations are text anyone may edit; upstream reads
		// each as below (SPEC 5.1, 5.2, 5.22), and so does the decoder.
		{"phase in other case", "SPEC 1.3, 5.2, 13.1: not one of the five spellings, so none of the phases; the spelling is kept for output", rcWith(dcplan.AnnotationPhase, "running"), func(d *dcplan.Deployment) { d.Name, d.PhaseSpelling = "web-1", "running" }},
		{"bad version", "SPEC 5.1: DeploymentVersionFor reads -1", rcWith(dcplan.AnnotationLatestVersion, "3a"), func(d *dcplan.Deployment) { d.Name = "web-1" }},
		{"empty version", "SPEC 5.1: an empty version is not a number: -1", rcWith(dcplan.AnnotationLatestVersion, ""), func(d *dcplan.Deployment) { d.Name = "web-1" }},
		{"zero version", "SPEC 5.1: 0 parses, and is never a rollout (5.5, 5.6)", rcWith(dcplan.AnnotationLatestVersion, "0"), func(d *dcplan.Deployment) { d.Name, d.Version = "web-1", 0 }},
		// SPEC 5.1, 5.22: strconv.ParseInt(v, 10, ...): base 10 whatever
		// the prefix, so no octal, hex or digit separators.
		{"leading zero version", "SPEC 5.1: base 10, not octal", rcWith(dcplan.AnnotationLatestVersion, "010"), func(d *dcplan.Deployment) { d.Name, d.Version = "web-1", 10 }},
		{"hex version", "SPEC 5.1: no 0x prefix in base 10: -1", rcWith(dcplan.AnnotationLatestVersion, "0x1a"), func(d *dcplan.Deployment) { d.Name = "web-1" }},
		{"separated version", "SPEC 5.1: no digit separators in base 10: -1", rcWith(dcplan.AnnotationLatestVersion, "1_0"), func(d *dcplan.Deployment) { d.Name = "web-1" }},
		{"leading zero desired", "SPEC 5.22: base 10, not octal", rcWith(dcplan.AnnotationDesiredReplicas, "010"),
			func(d *dcplan.Deployment) { d.Name, d.DesiredReplicas, d.HasDesiredReplicas = "web-1", 10, true }},
		{"hex synced", "SPEC 5.22: no 0x prefix in base 10: absent", rcWith(dcplan.AnnotationReplicas, "0x3"), func(d *dcplan.Deployment) { d.Name = "web-1" }},
		{"bad desired", "SPEC 5.22: present-and-valid, else no count; present, so a success still moves it (2.2)", rcWith(dcplan.AnnotationDesiredReplicas, "99999999999"),
			func(d *dcplan.Deployment) { d.Name, d.UnreadDesiredReplicas = "web-1", true }},
		{"empty desired", "as written by a deployer over an absent one (13.1): present, no count", rcWith(dcplan.AnnotationDesiredReplicas, ""),
			func(d *dcplan.Deployment) { d.Name, d.UnreadDesiredReplicas = "web-1", true }},
		{"bad synced", "SPEC 5.22: present-and-valid, else absent", rcWith(dcplan.AnnotationReplicas, "three"), func(d *dcplan.Deployment) { d.Name = "web-1" }},
		{"bad created-at", "SPEC 1.1: informational; upstream never reads it", rcWith(dcplan.AnnotationDeployerCreatedAt, "2026-11-01T11:58:02Z"), func(d *dcplan.Deployment) { d.Name = "web-1" }},
		{"monotonic suffix", "time.Time.String may carry m=", rcWith(dcplan.AnnotationDeployerStartedAt, "2026-11-01 11:58:02.5 +0000 UTC m=+12.000000001"),
			func(d *dcplan.Deployment) {
				d.Name = "web-1"
				d.StartedAt = time.Date(2026, 11, 1, 11, 58, 2, 500_000_000, time.UTC)
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeDeployment([]byte(tt.doc))
			if err != nil {
				t.Fatalf("DecodeDeployment() error: %v (%s)", err, tt.why)
			}
			want := dcplan.Deployment{Version: dcplan.NoVersion} // no version annotation
			tt.want(&want)
			if d := cmp.Diff(want, got, ignoreRaw); d != "" {
				t.Errorf("DecodeDeployment() mismatch (-want +got):\n%s\n(%s)", d, tt.why)
			}
			// The annotation survives a round trip as written.
			b, err := EncodeDeployment(got)
			if err != nil {
				t.Fatal(err)
			}
			if again, err := DecodeDeployment(b); err != nil || !bytes.Equal(again.Raw, got.Raw) {
				t.Errorf("round trip changed the RC (%v):\n got %s\nwant %s", err, again.Raw, got.Raw)
			}
		})
	}
}

// TestDecodeUndecodableEncodedConfig: an RC whose encoded-deployment-config
// annotation does not decode is a state real clusters reach (SPEC 13.1):
// it decodes, with no encoded DC and EncodedProblem in upstream's words where
// upstream has them, and the annotation survives re-encoding untouched.
func TestDecodeUndecodableEncodedConfig(t *testing.T) {
	tests := []struct {
		name  string
		why   string
		value string
		want  string
	}{
		{"truncated", "13.1: upstream's codec reads the type metadata first", `{"kind":"DeploymentConfig"`,
			"couldn't get version/kind; json parse error: unexpected end of JSON input"},
		{"not json", "13.1: encoding/json's own words after upstream's prefix", "{",
			"couldn't get version/kind; json parse error: unexpected end of JSON input"},
		{"without kind", "a JSON document that is no DC: this codec's words", `{"apiVersion":"v1"}`,
			"encoded deployment config does not decode: kind"},
		{"bad api version", "apps.openshift.io/v1 or legacy v1 only", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v2"}`,
			"encoded deployment config does not decode: apiVersion"},
		{"bad field", "a bad field deep in the encoded config is named", `{"kind":"DeploymentConfig","apiVersion":"v1","spec":{"replicas":"3"}}`,
			"encoded deployment config does not decode: spec.replicas: want an integer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := []byte(rcWith(dcplan.AnnotationEncodedConfig, tt.value))
			d, err := DecodeDeployment(doc)
			if err != nil {
				t.Fatalf("DecodeDeployment() error = %v, want none (%s)", err, tt.why)
			}
			if d.Encoded != nil || !strings.HasPrefix(d.EncodedProblem, tt.want) {
				t.Errorf("Encoded = %v, EncodedProblem = %q, want nil and a text starting %q (%s)", d.Encoded, d.EncodedProblem, tt.want, tt.why)
			}
			again, err := EncodeDeployment(d)
			if err != nil {
				t.Fatal(err)
			}
			back, err := DecodeDeployment(again)
			if err != nil || back.EncodedProblem != d.EncodedProblem {
				t.Errorf("re-encoded RC decodes to EncodedProblem %q (error %v), want %q", back.EncodedProblem, err, d.EncodedProblem)
			}
		})
	}
}
