package decodebench

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	kjsonserializer "k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/apimachinery/pkg/util/intstr"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	kjson "sigs.k8s.io/json"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// The differential test of this file holds package wire's decoders to the
// typed decoding Kubernetes clients do: for every document the typed
// decoding accepts as a ReplicationController, a DeploymentConfig or a
// Pod, wire.DecodeDeployment, wire.DecodeConfig or wire.DecodePod must
// accept it too (SPEC 13.1: never refuse a world a cluster can hold) and
// read the same values for every field the planners use.
//
// The typed decoding is client-go's: apimachinery's JSON serializer (the
// kind and apiVersion read first, then sigs.k8s.io/json's case-sensitive
// UnmarshalCaseSensitivePreserveInts into the Go type the scheme names),
// not encoding/json, whose case-insensitive key matching reads documents
// no API server stores. The encoded-deployment-config annotation is
// decoded as library-go's appsserialization.DecodeDeploymentConfig does
// it: a codec factory's UniversalDecoder for apps.openshift.io/v1 over a
// scheme holding apps/v1 with and without its group.
//
// Each input is checked twice:
//
//   - as served: the typed object, marshalled as the API server writes
//     what it stores (encoding/json of the typed struct), decoded again
//     both ways. This is what `oc get -o json` and a client's GET return;
//     here wire must agree on everything, with no exception but the
//     API-validation constraints below.
//   - as written: the input bytes themselves, which may hold what no API
//     server serves (see servedOnly); where they do not, wire must agree
//     too.
//
// Both checks compare, for an RC, the encoded DC as well: whenever
// upstream's annotation decoding reads a DC, wire must read the same
// one, and whenever it fails, wire must report EncodedProblem (SPEC
// 13.1: the decode-failure path is upstream's, 4.2), with the
// exceptions of encodedStricter, encodedDuplicates and typedEncoded.
//
// What the typed side "reads" is upstream's reading of the typed value,
// as wire's doc comments give it, where wire's types say more than a
// string: the version annotation is a base-10 int64, NoVersion (-1) when
// missing or not one (SPEC 5.1); a phase annotation none of the five
// spellings is PhaseUnknown with its text kept (PhaseText; SPEC 13.1,
// which overrides 11a.7); a pod phase none of Kubernetes' is PodUnknown
// (wire.DecodePod); cancelled is "true" in any case (SPEC 5.4); the
// replica annotations are base-10 int32s with presence (SPEC 5.22); an
// unknown condition, cause or trigger type is carried as written
// (TypeText). Absent, null and empty lists and maps are one thing to
// the planners (wire keeps nil for all three), so the views below hold
// nil for each; absent and empty differ only where the planners read
// presence (the ignore and deployment-config.name annotations, pointer
// fields such as revisionHistoryLimit, timeoutSeconds and the
// fenceposts), and there they are compared as presence.

// typedDecoder is client-go's JSON decoding of API objects.
var typedDecoder runtime.Decoder

// annotationDecoder is library-go's decoding of the
// encoded-deployment-config annotation.
var annotationDecoder runtime.Decoder

func init() {
	s := runtime.NewScheme()
	utilruntime.Must(corev1.AddToScheme(s))
	utilruntime.Must(appsv1.Install(s))
	utilruntime.Must(appsv1.DeprecatedInstallWithoutGroup(s))
	typedDecoder = kjsonserializer.NewSerializerWithOptions(kjsonserializer.DefaultMetaFactory, s, s, kjsonserializer.SerializerOptions{})

	as := runtime.NewScheme()
	utilruntime.Must(appsv1.Install(as))
	utilruntime.Must(appsv1.DeprecatedInstallWithoutGroup(as))
	annotationDecoder = serializer.NewCodecFactory(as).UniversalDecoder(appsv1.GroupVersion)
}

// clientDecode decodes data the way a client-go typed client does; nil
// when it refuses it or it is none of the three kinds.
func clientDecode(data []byte) runtime.Object {
	obj, gvk, err := typedDecoder.Decode(data, nil, nil)
	if err != nil {
		return nil
	}
	// The kind and apiVersion as the type metadata was read (what an API
	// server writes back on every object it serves).
	obj.GetObjectKind().SetGroupVersionKind(*gvk)
	switch obj.(type) {
	case *corev1.ReplicationController, *appsv1.DeploymentConfig, *corev1.Pod:
		return obj
	}
	return nil
}

// typedEncoded decodes an encoded-deployment-config annotation as
// library-go does; nil when it does not decode to a DeploymentConfig.
//
// Exception (documented, not checked): library-go's UniversalDecoder
// also reads a YAML annotation, which wire reads as a value that is no
// JSON (EncodedProblem). Only an annotation that looks like JSON (its
// first non-space byte '{') is compared; upstream's own writers only ever
// write JSON there.
func typedEncoded(s string) (*appsv1.DeploymentConfig, bool) {
	if t := strings.TrimLeft(s, " \t\r\n"); !strings.HasPrefix(t, "{") {
		return nil, false
	}
	obj, err := runtime.Decode(annotationDecoder, []byte(s))
	if err != nil {
		return nil, true
	}
	dc, _ := obj.(*appsv1.DeploymentConfig)
	return dc, true
}

// FuzzDecodeAgreesWithTyped is the differential property (see above).
func FuzzDecodeAgreesWithTyped(f *testing.F) {
	for _, seed := range typedSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkAgainstTyped(t, data)
	})
}

// TestDecodeAgreesWithTypedSeeds runs the seed corpus, so that go test
// checks the property without -fuzz (the files under testdata/fuzz run
// as well, through the fuzz target's own seed run).
func TestDecodeAgreesWithTypedSeeds(t *testing.T) {
	accepted := 0
	for i, seed := range typedSeeds(t) {
		if clientDecode(seed) != nil {
			accepted++
		}
		t.Run(strconv.Itoa(i), func(t *testing.T) { checkAgainstTyped(t, seed) })
	}
	// The seeds must exercise the property, not fall at the typed gate.
	if accepted < 20 {
		t.Errorf("only %d seeds decode as typed objects", accepted)
	}
}

func checkAgainstTyped(t *testing.T, data []byte) {
	obj := clientDecode(data)
	if obj == nil {
		return
	}
	if !constrained(obj) {
		return
	}
	served, err := json.Marshal(obj)
	if err != nil {
		t.Fatalf("marshal typed: %v", err)
	}
	if again := clientDecode(served); again == nil {
		t.Fatalf("typed decoding refuses its own encoding:\n%s", served)
	} else {
		compareWire(t, "served", served, again)
	}
	if why := servedOnly(data); why != "" {
		return
	}
	compareWire(t, "as written", data, obj)
}

// constrained reports whether an API server could store obj: the
// validation it applies that wire relies on. Outside it, wire's
// refusals are by design.
//
//   - A DeploymentConfig's spec.strategy.type must be Rolling, Recreate or
//     Custom (openshift-apiserver's ValidateDeploymentStrategy; an empty
//     one is defaulted to Rolling before), and every spec.triggers entry
//     needs a type (ValidateTrigger: "type: Required value"): wire refuses
//     both on a DC (see wire.DecodeConfig), while it reads them in an
//     encoded DC, which no API server validates.
//
// (A missing kind or apiVersion needs no constraint: the typed decoding
// refuses it as wire does.)
func constrained(obj runtime.Object) bool {
	dc, ok := obj.(*appsv1.DeploymentConfig)
	if !ok {
		return true
	}
	if _, err := dcplan.ParseStrategyType(string(dc.Spec.Strategy.Type)); err != nil || dc.Spec.Strategy.Type == "" {
		return false
	}
	for _, tr := range dc.Spec.Triggers {
		if tr.Type == "" {
			return false
		}
	}
	return true
}

// servedOnly says why data, which the typed decoding accepts, is no
// document an API server serves, and so is compared only in its served
// form; "" when it may be one. An API server decodes what it is sent
// into the typed object and serves that object's encoding, so it never
// serves:
//
//   - kind or apiVersion under a key spelled in another case ("Kind"):
//     apimachinery reads the type metadata with encoding/json, which
//     matches keys case-insensitively, before its case-sensitive decode;
//     wire requires the exact keys, as every served object has them;
//   - duplicate object keys: encoding/json reads every occurrence,
//     merging objects into one another, where wire keeps the last
//     occurrence whole (as jsontree does everywhere);
//   - a null element of an array (ownerReferences, containerStatuses,
//     triggers, conditions, containerNames, ...) or a null value of a
//     string map (labels, annotations, selectors): the typed decoding
//     reads a zero element or "", which the server would serve as an
//     object with its required fields or as ""; wire refuses such a null
//     outside an encoded DC (see wire's reader.elem and nullIsZero: it
//     could not overlay it faithfully).
//
// The text inside the encoded-deployment-config annotation is not
// covered by this: it is anyone's text, and is compared in both checks.
func servedOnly(data []byte) string {
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "no JSON for encoding/json"
	}
	var tm struct {
		Kind       *string `json:"kind"`
		APIVersion *string `json:"apiVersion"`
	}
	if kjson.UnmarshalCaseSensitivePreserveInts(data, &tm) != nil || tm.Kind == nil || tm.APIVersion == nil {
		return "kind or apiVersion spelled in another case"
	}
	if hasDuplicateKeys(data) {
		return "duplicate keys"
	}
	if hasNullElement(v, "") {
		return "null array element or string-map value"
	}
	return ""
}

// hasDuplicateKeys reports whether some object of the JSON document data
// (valid) holds a key twice.
func hasDuplicateKeys(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	var stack []map[string]bool
	var inObj []bool
	expectKey := false
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tk := tok.(type) {
		case json.Delim:
			switch tk {
			case '{':
				stack = append(stack, map[string]bool{})
				inObj = append(inObj, true)
				expectKey = true
				continue
			case '[':
				stack = append(stack, nil)
				inObj = append(inObj, false)
				expectKey = false
				continue
			default:
				stack, inObj = stack[:len(stack)-1], inObj[:len(inObj)-1]
			}
		case string:
			if expectKey {
				keys := stack[len(stack)-1]
				if keys[tk] {
					return true
				}
				keys[tk] = true
				expectKey = false
				continue
			}
		}
		// A value ended: the next token of an object is a key.
		expectKey = len(inObj) > 0 && inObj[len(inObj)-1]
	}
}

// hasNullElement reports whether an array in v holds null, or a string
// map (a member named labels, annotations or selector) a null value; key
// is v's member name.
func hasNullElement(v any, key string) bool {
	switch v := v.(type) {
	case map[string]any:
		stringMap := key == "labels" || key == "annotations" || key == "selector"
		for k, e := range v {
			if (stringMap && e == nil) || hasNullElement(e, k) {
				return true
			}
		}
	case []any:
		for _, e := range v {
			if e == nil || hasNullElement(e, "") {
				return true
			}
		}
	}
	return false
}

// compareWire decodes data with the wire decoder for obj's kind and
// compares what it reads with obj, the typed decoding of data.
func compareWire(t *testing.T, form string, data []byte, obj runtime.Object) {
	t.Helper()
	switch obj := obj.(type) {
	case *corev1.ReplicationController:
		d, err := wire.DecodeDeployment(data)
		if err != nil {
			t.Fatalf("%s: typed decoding reads the RC, wire.DecodeDeployment refuses it: %v\n%s", form, err, data)
		}
		want, got := wantRC(obj), gotRC(d)
		if want.EncodedFails && got.Encoded != nil {
			// See encodedStricter: upstream refuses an annotation over a
			// field wire does not read.
			got.Encoded, got.EncodedFails = nil, true
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%s: RC read differently (-typed +wire):\n%s\n%s", form, diff, data)
		}
	case *appsv1.DeploymentConfig:
		c, err := wire.DecodeConfig(data)
		if err != nil {
			t.Fatalf("%s: typed decoding reads the DC, wire.DecodeConfig refuses it: %v\n%s", form, err, data)
		}
		if diff := cmp.Diff(wantDC(obj, false), gotDC(c)); diff != "" {
			t.Fatalf("%s: DC read differently (-typed +wire):\n%s\n%s", form, diff, data)
		}
	case *corev1.Pod:
		p, err := wire.DecodePod(data)
		if err != nil {
			t.Fatalf("%s: typed decoding reads the pod, wire.DecodePod refuses it: %v\n%s", form, err, data)
		}
		if diff := cmp.Diff(wantPod(obj), gotPod(p)); diff != "" {
			t.Fatalf("%s: pod read differently (-typed +wire):\n%s\n%s", form, diff, data)
		}
	}
}

// The views below are what the planners read of each object, in types
// both sides fill: times as RFC 3339 with nanoseconds in UTC ("" for
// none), empty lists and maps as nil.

type ownerView struct {
	UID, APIVersion, Kind, Name    string
	Controller, BlockOwnerDeletion bool
}

type containerView struct{ Name, Image string }

type rcView struct {
	Namespace, Name, UID, ResourceVersion string
	Created                               string
	Deleting                              bool
	Replicas, StatusReplicas              int32
	ReadyReplicas, AvailableReplicas      int32
	Version                               int64
	Phase                                 dcplan.Phase
	PhaseText                             string
	Cancelled                             bool
	Reason, DeployerPodName               string
	ConfigName                            string
	EmptyConfigName                       bool
	ConfigLabel                           string
	DesiredReplicas                       int32
	HasDesiredReplicas                    bool
	UnreadDesiredReplicas                 bool
	SyncedReplicas                        int32
	HasSyncedReplicas                     bool
	IgnoreDeployerPod                     bool
	CreatedAt, StartedAt, CompletedAt     string
	RetriedAt                             string
	RetriedPod                            string
	HasController                         bool
	Controller                            ownerView
	Containers                            []containerView
	HasEncoded                            bool
	// EncodedFails is whether the annotation, present, does not decode.
	EncodedFails bool
	Encoded      *dcView
}

type fencepostView struct {
	Set, IsString bool
	Int           int32
	Str           string
}

type envView struct {
	Name, Value  string
	HasValueFrom bool
}

type strategyView struct {
	Type                  string
	HasParams             bool
	TimeoutSeconds        int64
	HasTimeout            bool
	MaxSurge              fencepostView
	MaxUnavailable        fencepostView
	ActiveDeadlineSeconds int64
	HasActiveDeadline     bool
	CustomImage           string
	CustomCommand         []string
	CustomEnv             []envView
	Labels, Annotations   []dcplan.KeyValue
}

type triggerView struct {
	Type                         string
	Automatic                    bool
	ContainerNames               []string
	FromKind, FromNamespace      string
	FromName, LastTriggeredImage string
}

type causeView struct{ Type, Image, FromKind, FromNamespace string }

type conditionView struct {
	Type, Status, Reason, Message string
	LastUpdate, LastTransition    string
}

type dcView struct {
	Namespace, Name, UID, ResourceVersion string
	Generation                            int64
	Deleting                              bool
	Labels                                []dcplan.KeyValue
	IgnoreDeployerPod                     bool
	IgnoreDeployerPodValue                string
	Replicas                              int32
	RevisionHistoryLimit                  int32
	HasRevisionHistoryLimit               bool
	MinReadySeconds                       int32
	Test, Paused                          bool
	Selector                              []dcplan.KeyValue
	Strategy                              strategyView
	Triggers                              []triggerView
	LatestVersion, ObservedGeneration     int64
	StatusReplicas, UpdatedReplicas       int32
	AvailableReplicas, Unavailable, Ready int32
	DetailsMessage                        string
	Causes                                []causeView
	Conditions                            []conditionView
	Containers                            []containerView
}

type containerStatusView struct {
	Name       string
	Terminated bool
	ExitCode   int32
	FinishedAt string
}

type podView struct {
	Namespace, Name, UID, ResourceVersion string
	Created, Started                      string
	Deleting                              bool
	Phase                                 dcplan.PodPhase
	DeploymentName, DeployerFor           string
	Owners                                []ownerView
	ActiveDeadlineSeconds                 int64
	HasActiveDeadline                     bool
	Containers                            []containerStatusView
}

func timeText(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

func metaTime(t *metav1.Time) string {
	if t == nil {
		return ""
	}
	return timeText(t.Time)
}

func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

func kvs(m map[string]string) []dcplan.KeyValue {
	var out []dcplan.KeyValue
	for k, v := range m {
		out = append(out, dcplan.KeyValue{Key: k, Value: v})
	}
	slices.SortFunc(out, func(a, b dcplan.KeyValue) int { return strings.Compare(a.Key, b.Key) })
	return out
}

func deref[T any](p *T) (T, bool) {
	if p == nil {
		var zero T
		return zero, false
	}
	return *p, true
}

func ownersOf(refs []metav1.OwnerReference) []ownerView {
	var out []ownerView
	for _, o := range refs {
		c, _ := deref(o.Controller)
		b, _ := deref(o.BlockOwnerDeletion)
		out = append(out, ownerView{UID: string(o.UID), APIVersion: o.APIVersion, Kind: o.Kind, Name: o.Name, Controller: c, BlockOwnerDeletion: b})
	}
	return out
}

func wireOwner(o dcplan.OwnerRef) ownerView {
	return ownerView{UID: o.UID, APIVersion: o.APIVersion, Kind: o.Kind, Name: o.Name, Controller: o.Controller, BlockOwnerDeletion: o.BlockOwnerDeletion}
}

func typedContainers(tpl *corev1.PodTemplateSpec) []containerView {
	if tpl == nil {
		return nil
	}
	var out []containerView
	for _, c := range tpl.Spec.Containers {
		out = append(out, containerView{c.Name, c.Image})
	}
	return out
}

func wireContainers(tpl dcplan.Template) []containerView {
	var out []containerView
	for _, c := range tpl.Containers {
		out = append(out, containerView{c.Name, c.Image})
	}
	return out
}

// annotationInt32 reads a replica-count annotation as upstream does: a
// base-10 int32, absent when missing, empty or not one (SPEC 5.22).
func annotationInt32(v string) (int32, bool) {
	n, err := strconv.ParseInt(v, 10, 32)
	if err != nil {
		return 0, false
	}
	return int32(n), true
}

// annotationTime reads a deployer timestamp annotation: zero when empty
// or not AnnotationTimeLayout (wire.ParseAnnotationTime).
func annotationTime(v string) string {
	if v == "" {
		return ""
	}
	t, err := wire.ParseAnnotationTime(v)
	if err != nil {
		return ""
	}
	return timeText(t)
}

// wantRC is what the planners read of rc, by the rules the wire code
// documents for each annotation (readDeploymentWire): the test checks
// that the strings and structure reach them unchanged.
func wantRC(rc *corev1.ReplicationController) rcView {
	ann, labels := rc.Annotations, rc.Labels
	v := rcView{
		Namespace: rc.Namespace, Name: rc.Name, UID: string(rc.UID), ResourceVersion: rc.ResourceVersion,
		Created:           timeText(rc.CreationTimestamp.Time),
		Deleting:          rc.DeletionTimestamp != nil,
		StatusReplicas:    rc.Status.Replicas,
		ReadyReplicas:     rc.Status.ReadyReplicas,
		AvailableReplicas: rc.Status.AvailableReplicas,
		Version:           -1,
		PhaseText:         ann[dcplan.AnnotationPhase],
		Cancelled:         strings.EqualFold(ann[dcplan.AnnotationCancelled], "true"),
		Reason:            ann[dcplan.AnnotationStatusReason],
		DeployerPodName:   ann[dcplan.AnnotationDeployerPodName],
		ConfigLabel:       labels[dcplan.LabelConfigName],
		CreatedAt:         annotationTime(ann[dcplan.AnnotationDeployerCreatedAt]),
		StartedAt:         annotationTime(ann[dcplan.AnnotationDeployerStartedAt]),
		CompletedAt:       annotationTime(ann[dcplan.AnnotationDeployerCompletedAt]),
		RetriedAt:         annotationTime(ann[dcplan.AnnotationRetriedAt]),
		RetriedPod:        ann[dcplan.AnnotationRetriedPod],
		Containers:        typedContainers(rc.Spec.Template),
	}
	v.Replicas, _ = deref(rc.Spec.Replicas)
	if s, ok := ann[dcplan.AnnotationLatestVersion]; ok {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			v.Version = n
		}
	}
	if p, err := dcplan.ParsePhase(v.PhaseText); err == nil {
		v.Phase = p
	} else {
		v.Phase = dcplan.PhaseUnknown
	}
	name, owned := ann[dcplan.AnnotationConfigName]
	v.ConfigName, v.EmptyConfigName = name, owned && name == ""
	desired, hasDesired := ann[dcplan.AnnotationDesiredReplicas]
	v.DesiredReplicas, v.HasDesiredReplicas = annotationInt32(desired)
	v.UnreadDesiredReplicas = hasDesired && !v.HasDesiredReplicas
	v.SyncedReplicas, v.HasSyncedReplicas = annotationInt32(ann[dcplan.AnnotationReplicas])
	_, v.IgnoreDeployerPod = ann[dcplan.AnnotationIgnoreDeployerPod]
	for _, o := range ownersOf(rc.OwnerReferences) {
		if o.Controller {
			v.HasController, v.Controller = true, o
			break
		}
	}
	if s, ok := ann[dcplan.AnnotationEncodedConfig]; ok {
		v.HasEncoded = true
		dc, jsonLike := typedEncoded(s)
		switch {
		case !jsonLike || encodedDuplicates(s):
			v.Encoded, v.EncodedFails = nil, true // see typedEncoded, encodedDuplicates
		case dc == nil:
			v.EncodedFails = true
		default:
			w := wantDC(dc, true)
			v.Encoded = &w
		}
	}
	return v
}

// Exception (documented, checked one way only), encodedStricter: when
// upstream's annotation decoding reads a DC, wire must read the same one,
// but when it refuses the annotation, wire may still read a DC. The typed
// decoding refuses a value of the wrong type or form anywhere in
// DeploymentConfig (a resource quantity such as "1x" in the template's
// container resources, a port, a probe), where wire reads only the
// fields the planners use, and checks only those. Upstream's controller
// writes the annotation with json.Marshal of a typed DC, so only a hand
// edit breaking a field the planners never read is read as a DC here
// where upstream takes the decode-failure path (SPEC 4.2): left alone,
// as checking the whole DeploymentConfig schema is beyond the codec.

// encodedDuplicates reports whether the encoded-deployment-config
// annotation s is JSON with a key twice in one object.
//
// Exception (documented, not checked): encoding/json reads every
// occurrence of a duplicate key, merging objects and failing on any
// occurrence of the wrong type, where wire keeps the last occurrence
// whole (jsontree's rule everywhere). Upstream's own writers never write
// one (json.Marshal of a DC), and the served form of an RC never holds
// one outside this string; a hand edit that does is read by the last
// occurrence. Such an annotation is compared only for presence.
func encodedDuplicates(s string) bool {
	return json.Valid([]byte(s)) && hasDuplicateKeys([]byte(s))
}

func gotRC(d dcplan.Deployment) rcView {
	v := rcView{
		Namespace: d.Namespace, Name: d.Name, UID: d.UID, ResourceVersion: d.ResourceVersion,
		Created:               timeText(d.CreationTime),
		Deleting:              d.Deleting,
		Replicas:              int32(d.Replicas),
		StatusReplicas:        int32(d.StatusReplicas),
		ReadyReplicas:         int32(d.ReadyReplicas),
		AvailableReplicas:     int32(d.AvailableReplicas),
		Version:               int64(d.Version),
		Phase:                 d.Phase,
		PhaseText:             d.PhaseText(),
		Cancelled:             d.Cancelled,
		Reason:                d.Reason,
		DeployerPodName:       d.DeployerPodName,
		ConfigName:            d.ConfigName,
		EmptyConfigName:       d.EmptyConfigName,
		ConfigLabel:           d.ConfigLabel,
		DesiredReplicas:       int32(d.DesiredReplicas),
		HasDesiredReplicas:    d.HasDesiredReplicas,
		UnreadDesiredReplicas: d.UnreadDesiredReplicas,
		SyncedReplicas:        int32(d.SyncedReplicas),
		HasSyncedReplicas:     d.HasSyncedReplicas,
		IgnoreDeployerPod:     d.IgnoreDeployerPod,
		CreatedAt:             timeText(d.CreatedAt),
		StartedAt:             timeText(d.StartedAt),
		CompletedAt:           timeText(d.CompletedAt),
		RetriedAt:             timeText(d.RetriedAt),
		RetriedPod:            d.RetriedPod,
		HasController:         d.HasController,
		Containers:            wireContainers(d.Template),
		HasEncoded:            d.HasEncoded(),
		EncodedFails:          d.EncodedProblem != "",
	}
	if d.HasController {
		v.Controller = wireOwner(d.Controller)
	}
	if d.Encoded != nil {
		w := gotDC(*d.Encoded)
		v.Encoded = &w
	}
	if s := rawAnnotation(d, dcplan.AnnotationEncodedConfig); d.HasEncoded() && encodedDuplicates(s) {
		v.Encoded, v.EncodedFails = nil, true // see encodedDuplicates
	}
	return v
}

// rawAnnotation returns annotation k of d as read (from its Raw).
func rawAnnotation(d dcplan.Deployment, k string) string {
	var m struct {
		Metadata struct {
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	_ = kjson.UnmarshalCaseSensitivePreserveInts(d.Raw, &m)
	return m.Metadata.Annotations[k]
}

func typedFencepost(p *intstr.IntOrString) fencepostView {
	if p == nil {
		return fencepostView{}
	}
	if p.Type == intstr.String {
		return fencepostView{Set: true, IsString: true, Str: p.StrVal}
	}
	return fencepostView{Set: true, Int: p.IntVal}
}

func wireFencepost(f dcplan.Fencepost) fencepostView {
	return fencepostView{Set: f.Set, IsString: f.IsString, Int: f.Int, Str: f.Str}
}

// wantDC is what the planners read of dc. encoded says dc is the DC of
// an encoded-deployment-config annotation, which upstream decodes
// without validation: a strategy type none of the three spellings reads
// as StrategyUnset ("", no parameters; wire.DecodeDeployment).
func wantDC(dc *appsv1.DeploymentConfig, encoded bool) dcView {
	ignore, hasIgnore := dc.Annotations[dcplan.AnnotationIgnoreDeployerPod]
	v := dcView{
		Namespace: dc.Namespace, Name: dc.Name, UID: string(dc.UID), ResourceVersion: dc.ResourceVersion,
		Generation:             dc.Generation,
		Deleting:               dc.DeletionTimestamp != nil,
		Labels:                 kvs(dc.Labels),
		IgnoreDeployerPod:      hasIgnore,
		IgnoreDeployerPodValue: ignore,
		Replicas:               dc.Spec.Replicas,
		MinReadySeconds:        dc.Spec.MinReadySeconds,
		Test:                   dc.Spec.Test,
		Paused:                 dc.Spec.Paused,
		Selector:               kvs(dc.Spec.Selector),
		LatestVersion:          dc.Status.LatestVersion,
		ObservedGeneration:     dc.Status.ObservedGeneration,
		StatusReplicas:         dc.Status.Replicas,
		UpdatedReplicas:        dc.Status.UpdatedReplicas,
		AvailableReplicas:      dc.Status.AvailableReplicas,
		Unavailable:            dc.Status.UnavailableReplicas,
		Ready:                  dc.Status.ReadyReplicas,
		Containers:             typedContainers(dc.Spec.Template),
	}
	v.RevisionHistoryLimit, v.HasRevisionHistoryLimit = deref(dc.Spec.RevisionHistoryLimit)

	s := dc.Spec.Strategy
	st := strategyView{Type: string(s.Type)}
	typ, err := dcplan.ParseStrategyType(string(s.Type))
	if err != nil && encoded {
		st.Type, typ = "", dcplan.StrategyUnset
	}
	switch typ {
	case dcplan.StrategyRolling:
		if p := s.RollingParams; p != nil {
			st.HasParams = true
			st.TimeoutSeconds, st.HasTimeout = deref(p.TimeoutSeconds)
		}
	case dcplan.StrategyRecreate:
		if p := s.RecreateParams; p != nil {
			st.HasParams = true
			st.TimeoutSeconds, st.HasTimeout = deref(p.TimeoutSeconds)
		}
	}
	if p := s.RollingParams; p != nil {
		st.MaxSurge, st.MaxUnavailable = typedFencepost(p.MaxSurge), typedFencepost(p.MaxUnavailable)
	}
	st.ActiveDeadlineSeconds, st.HasActiveDeadline = deref(s.ActiveDeadlineSeconds)
	if p := s.CustomParams; p != nil {
		st.CustomImage = p.Image
		st.CustomCommand = nilIfEmpty(p.Command)
		for _, e := range p.Environment {
			st.CustomEnv = append(st.CustomEnv, envView{e.Name, e.Value, e.ValueFrom != nil})
		}
	}
	st.Labels, st.Annotations = kvs(s.Labels), kvs(s.Annotations)
	v.Strategy = st

	for _, tr := range dc.Spec.Triggers {
		tv := triggerView{Type: string(tr.Type)}
		if p := tr.ImageChangeParams; p != nil {
			tv.Automatic = p.Automatic
			tv.ContainerNames = nilIfEmpty(p.ContainerNames)
			tv.FromKind, tv.FromNamespace, tv.FromName = p.From.Kind, p.From.Namespace, p.From.Name
			tv.LastTriggeredImage = p.LastTriggeredImage
		}
		v.Triggers = append(v.Triggers, tv)
	}
	if d := dc.Status.Details; d != nil {
		v.DetailsMessage = d.Message
		for _, c := range d.Causes {
			cv := causeView{Type: string(c.Type)}
			if it := c.ImageTrigger; it != nil {
				cv.Image, cv.FromKind, cv.FromNamespace = it.From.Name, it.From.Kind, it.From.Namespace
			}
			v.Causes = append(v.Causes, cv)
		}
	}
	for _, c := range dc.Status.Conditions {
		v.Conditions = append(v.Conditions, conditionView{
			Type: string(c.Type), Status: string(c.Status), Reason: c.Reason, Message: c.Message,
			LastUpdate: timeText(c.LastUpdateTime.Time), LastTransition: timeText(c.LastTransitionTime.Time),
		})
	}
	return v
}

func gotDC(c dcplan.Config) dcView {
	v := dcView{
		Namespace: c.Namespace, Name: c.Name, UID: c.UID, ResourceVersion: c.ResourceVersion,
		Generation:              c.Generation,
		Deleting:                c.Deleting,
		Labels:                  nilIfEmpty(c.Labels),
		IgnoreDeployerPod:       c.IgnoreDeployerPod,
		IgnoreDeployerPodValue:  c.IgnoreDeployerPodValue,
		Replicas:                int32(c.Replicas),
		RevisionHistoryLimit:    c.RevisionHistoryLimit,
		HasRevisionHistoryLimit: c.HasRevisionHistoryLimit,
		MinReadySeconds:         c.MinReadySeconds,
		Test:                    c.Test,
		Paused:                  c.Paused,
		Selector:                nilIfEmpty(c.Selector),
		LatestVersion:           int64(c.Status.LatestVersion),
		ObservedGeneration:      c.Status.ObservedGeneration,
		StatusReplicas:          int32(c.Status.Replicas),
		UpdatedReplicas:         int32(c.Status.UpdatedReplicas),
		AvailableReplicas:       int32(c.Status.AvailableReplicas),
		Unavailable:             int32(c.Status.UnavailableReplicas),
		Ready:                   int32(c.Status.ReadyReplicas),
		DetailsMessage:          c.Status.Details.Message,
		Containers:              wireContainers(c.Template),
	}
	s := c.Strategy
	st := strategyView{
		Type:                  s.Type.String(),
		HasParams:             s.HasParams,
		TimeoutSeconds:        s.TimeoutSeconds,
		HasTimeout:            s.HasTimeout,
		MaxSurge:              wireFencepost(s.MaxSurge),
		MaxUnavailable:        wireFencepost(s.MaxUnavailable),
		ActiveDeadlineSeconds: s.ActiveDeadlineSeconds,
		HasActiveDeadline:     s.HasActiveDeadline,
		CustomImage:           s.CustomImage,
		CustomCommand:         nilIfEmpty(s.CustomCommand),
		Labels:                nilIfEmpty(s.Labels),
		Annotations:           nilIfEmpty(s.Annotations),
	}
	for _, e := range s.CustomEnv {
		st.CustomEnv = append(st.CustomEnv, envView{e.Name, e.Value, e.ValueFrom != nil})
	}
	v.Strategy = st
	for _, tr := range c.Triggers {
		v.Triggers = append(v.Triggers, triggerView{
			Type: tr.TypeText(), Automatic: tr.Automatic, ContainerNames: nilIfEmpty(tr.ContainerNames),
			FromKind: tr.FromKind, FromNamespace: tr.FromNamespace, FromName: tr.FromName, LastTriggeredImage: tr.LastTriggeredImage,
		})
	}
	for _, cs := range c.Status.Details.Causes {
		v.Causes = append(v.Causes, causeView{Type: cs.TypeText(), Image: cs.Image, FromKind: cs.FromKind, FromNamespace: cs.FromNamespace})
	}
	for _, cd := range c.Status.Conditions {
		v.Conditions = append(v.Conditions, conditionView{
			Type: cd.TypeText(), Status: cd.StatusText(), Reason: cd.ReasonText(), Message: cd.Message,
			LastUpdate: timeText(cd.LastUpdateTime), LastTransition: timeText(cd.LastTransitionTime),
		})
	}
	return v
}

// wantPod is what the planners read of pod. A status.phase that is no
// pod phase reads as PodUnknown (wire.DecodePod: the API server does not
// validate it, and upstream treats it as Unknown); this is a documented
// difference of representation, not of meaning.
func wantPod(pod *corev1.Pod) podView {
	v := podView{
		Namespace: pod.Namespace, Name: pod.Name, UID: string(pod.UID), ResourceVersion: pod.ResourceVersion,
		Created:        timeText(pod.CreationTimestamp.Time),
		Started:        metaTime(pod.Status.StartTime),
		Deleting:       pod.DeletionTimestamp != nil,
		DeploymentName: pod.Annotations[dcplan.AnnotationDeploymentName],
		DeployerFor:    pod.Labels[dcplan.LabelDeployerPodFor],
		Owners:         ownersOf(pod.OwnerReferences),
	}
	if p, err := dcplan.ParsePodPhase(string(pod.Status.Phase)); err == nil {
		v.Phase = p
	} else {
		v.Phase = dcplan.PodUnknown
	}
	v.ActiveDeadlineSeconds, v.HasActiveDeadline = deref(pod.Spec.ActiveDeadlineSeconds)
	for _, cs := range pod.Status.ContainerStatuses {
		c := containerStatusView{Name: cs.Name}
		if tm := cs.State.Terminated; tm != nil {
			c.Terminated, c.ExitCode, c.FinishedAt = true, tm.ExitCode, timeText(tm.FinishedAt.Time)
		}
		v.Containers = append(v.Containers, c)
	}
	return v
}

func gotPod(p dcplan.Pod) podView {
	v := podView{
		Namespace: p.Namespace, Name: p.Name, UID: p.UID, ResourceVersion: p.ResourceVersion,
		Created:               timeText(p.CreationTime),
		Started:               timeText(p.StartTime),
		Deleting:              p.Deleting,
		Phase:                 p.Phase,
		DeploymentName:        p.DeploymentName,
		DeployerFor:           p.DeployerFor,
		ActiveDeadlineSeconds: p.ActiveDeadlineSeconds,
		HasActiveDeadline:     p.HasActiveDeadline,
	}
	for _, o := range p.Owners {
		v.Owners = append(v.Owners, wireOwner(o))
	}
	for _, cs := range p.Containers {
		v.Containers = append(v.Containers, containerStatusView{cs.Name, cs.Terminated, cs.ExitCode, timeText(cs.FinishedAt)})
	}
	return v
}

// typedSeeds are the fixture RC, DC and pod documents (the List's items
// too) and hand mutations of them.
func typedSeeds(tb testing.TB) [][]byte {
	tb.Helper()
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("../../../testdata/fixtures", name))
		if err != nil {
			tb.Fatal(err)
		}
		return b
	}
	rc := read("rc-frontend-3-complete.json")
	dc := read("dc-frontend.json")
	pod := read("pod-frontend-3-deploy.json")
	seeds := [][]byte{
		read("rc-frontend-3-new.json"), rc, read("rc-frontend-2-failed-cancelled.json"), dc, pod,
	}
	var list struct {
		Items []json.RawMessage `json:"items"`
	}
	if err := json.Unmarshal(read("list-dc-rc-pods.json"), &list); err != nil {
		tb.Fatal(err)
	}
	for _, it := range list.Items {
		seeds = append(seeds, []byte(it))
	}
	sub := func(doc []byte, old, new string) []byte {
		if !bytes.Contains(doc, []byte(old)) {
			tb.Fatalf("seed mutation: %q not in the document", old)
		}
		return bytes.Replace(doc, []byte(old), []byte(new), 1)
	}
	m := func(doc []byte, pairs ...string) []byte {
		for i := 0; i < len(pairs); i += 2 {
			doc = sub(doc, pairs[i], pairs[i+1])
		}
		return doc
	}
	const rcAnn = `"annotations": {`
	// Small documents, which the fuzzer mutates faster than the 8 KB
	// fixtures.
	seeds = append(seeds,
		[]byte(`{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-2","annotations":{`+
			`"openshift.io/deployment-config.latest-version":"2","openshift.io/deployment.phase":"Running",`+
			`"openshift.io/encoded-deployment-config":"{\"kind\":\"DeploymentConfig\",\"apiVersion\":\"v1\",`+
			`\"spec\":{\"strategy\":{\"type\":\"Recreate\",\"recreateParams\":{\"timeoutSeconds\":5}},`+
			`\"triggers\":[{\"type\":\"ImageChange\",\"imageChangeParams\":{\"containerNames\":[\"a\"]}}]},`+
			`\"status\":{\"latestVersion\":2,\"conditions\":[{\"type\":\"Progressing\",\"lastUpdateTime\":\"2026-01-01T00:00:00Z\"}]}}"},`+
			`"ownerReferences":[{"uid":"u","controller":true}]},"spec":{"replicas":1},"status":{"replicas":1}}`),
		[]byte(`{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web","generation":2},`+
			`"spec":{"replicas":2,"strategy":{"type":"Rolling","rollingParams":{"maxSurge":1,"maxUnavailable":"10%"}},`+
			`"triggers":[{"type":"ConfigChange"}],"template":{"spec":{"containers":[{"name":"a","image":"i"}]}}},`+
			`"status":{"latestVersion":1,"details":{"causes":[{"type":"ConfigChange"}]}}}`),
		[]byte(`{"kind":"Pod","apiVersion":"v1","metadata":{"name":"web-2-deploy","annotations":{"openshift.io/deployment.name":"web-2"}},`+
			`"spec":{"activeDeadlineSeconds":60},"status":{"phase":"Failed","startTime":"2026-01-01T00:00:00Z",`+
			`"containerStatuses":[{"name":"deployment","state":{"terminated":{"exitCode":1,"finishedAt":"2026-01-01T00:01:00Z"}}}]}}`),
	)
	seeds = append(seeds,
		// Null members, absent members, empty strings and maps.
		m(rc, `"replicas": 3,`, `"replicas": null,`),
		m(rc, rcAnn, `"annotations": {"openshift.io/deployment.phase": "", `),
		m(rc, rcAnn, `"labels": null, "annotations": {`),
		m(rc, rcAnn, `"ownerReferences": [], "annotations": {`),
		m(dc, `"triggers": [`, `"triggers": null, "x": [`),
		m(dc, `"test": false,`, `"test": null, "paused": true,`),
		m(pod, `"metadata": {`, `"metadata": {"annotations": {}, "labels": {}, "uid": "", `),
		// Unknown fields.
		m(rc, `"spec": {`, `"spec": {"someFutureField": {"a": [1, 2]}, `),
		m(dc, `"spec": {`, `"spec": {"unknown": null, `),
		// Escaped characters in strings.
		m(rc, rcAnn, `"annotations": {"openshift.io/deployment.status-reason": "caf\u00e9 \"quoted\" a\\/b \u003c", `),
		m(dc, `"metadata": {`, `"metadata": {"uid": "\u0061b\/c", `),
		m(pod, `"metadata": {`, `"metadata": {"annotations": {"openshift.io/deployment.name": "fr\u00e9ontend-3"}, `),
		// Numbers at the int32 and int64 edges.
		m(rc, `"replicas": 3,`, `"replicas": 2147483647,`),
		m(rc, `"replicas": 3,`, `"replicas": -2147483648,`),
		m(rc, `"replicas": 3,`, `"replicas": 2147483648,`),
		m(dc, `"latestVersion": 3`, `"latestVersion": 9223372036854775807`),
		m(dc, `"latestVersion": 3`, `"latestVersion": 9223372036854775808`),
		m(dc, `"latestVersion": 3`, `"latestVersion": 3.0`),
		m(dc, `"latestVersion": 3`, `"latestVersion": -0`),
		m(pod, `"metadata": {`, `"metadata": {"generation": -9223372036854775808, `),
		// Duplicate keys.
		m(rc, `"spec": {`, `"spec": {"replicas": 7, `),
		m(dc, `"metadata": {`, `"metadata": {"name": "other", `),
		// Phase spellings, version annotations, owner references.
		m(rc, `"openshift.io/deployment.phase": "Complete"`, `"openshift.io/deployment.phase": "complete"`),
		m(rc, `"openshift.io/deployment-config.latest-version": "3"`, `"openshift.io/deployment-config.latest-version": "+3"`),
		m(rc, `"controller": true`, `"controller": null`),
		m(rc, rcAnn, `"deletionTimestamp": "2026-11-01T12:00:00.5Z", "annotations": {`),
		m(pod, `"metadata": {`, `"metadata": {"ownerReferences": [{"apiVersion": "v1", "kind": "ReplicationController", "name": "frontend-3", "uid": "u", "controller": true}], `),
		// Case: a key spelled in another case is an unknown field.
		m(rc, `"kind": "ReplicationController"`, `"kind": "ReplicationController", "Metadata": {"name": 1}`),
		// Encoded DC: an unknown strategy type, a trigger without a type,
		// a null in its triggers, and one that does not decode.
		m(rc, `\"type\":\"Rolling\"`, `\"type\":\"BlueGreen\"`),
		m(rc, `{\"type\":\"ConfigChange\"}`, `{}`),
		m(rc, `{\"type\":\"ConfigChange\"}`, `null`),
		m(rc, `\"replicas\":3`, `\"replicas\":\"3\"`),
		m(rc, `\"containerNames\":[\"frontend\"]`, `\"containerNames\":[null]`),
		m(rc, `\"labels\":{\"app\":\"frontend\",`, `\"labels\":{\"app\":null,`),
		m(rc, `\"name\":\"frontend\",\"namespace\"`, `\"n\\u0061me\":\"frontend\",\"namespace\"`),
		m(rc, `\"kind\":\"DeploymentConfig\"`, `\"Kind\":\"DeploymentConfig\"`),
		m(rc, `\"apiVersion\":\"apps.openshift.io/v1\"`, `\"APIVersion\":\"v1\"`),
		m(rc, `\"name\":\"frontend\",\"namespace\"`, `\"name\":\"fr\\ud800ontend\",\"namespace\"`),
		// Type keys of the RC in another case (served only, see servedOnly),
		// and bytes that are no UTF-8 (read as U+FFFD by both).
		m(rc, `"kind": "ReplicationController"`, `"Kind": "ReplicationController"`),
		m(rc, `"namespace": "shop"`, "\"namespace\": \"sh\xffop\""),
		m(rc, `"app": "frontend",`, `"app": null,`),
		// A field the planners never read, broken in the encoded DC (an
		// exception, see encodedStricter).
		m(rc, `\"memory\":\"256Mi\"`, `\"memory\":\"256Mx\"`),
		// Duplicate keys in the encoded DC (an exception, see
		// encodedDuplicates).
		m(rc, `\"kind\":\"DeploymentConfig\"`, `\"kind\":\"DeploymentConfig\",\"spec\":{\"replicas\":\"x\"}`),
	)
	return seeds
}
