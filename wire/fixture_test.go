package wire

import (
	"encoding/json"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"

	"regexp"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

var hashPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

// ignoreWire ignores the fields checked separately: the canonical JSON
// and the templates.
var ignoreWire = cmp.Options{
	cmpopts.IgnoreFields(dcplan.Config{}, "Raw", "Template"),
	cmpopts.IgnoreFields(dcplan.Strategy{}, "Raw"),
	cmpopts.IgnoreFields(dcplan.Deployment{}, "Raw", "Template", "Encoded"),
	cmpopts.IgnoreFields(dcplan.Pod{}, "Raw"),
}

// checkTemplate checks a decoded template against the fixture it came from.
func checkTemplate(t *testing.T, got dcplan.Template, image string, doc []byte, keys ...string) {
	t.Helper()
	if d := cmp.Diff(string(stdPath(t, doc, keys...)), string(got.Raw)); d != "" {
		t.Errorf("Template.Raw mismatch (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]dcplan.Container{{Name: "frontend", Image: image}}, got.Containers); d != "" {
		t.Errorf("Template.Containers mismatch (-want +got):\n%s", d)
	}
	if !hashPattern.MatchString(got.Hash) {
		t.Errorf("Template.Hash = %q, want 32 hex digits", got.Hash)
	}
}

// Reference: oc get dc -o json, decoded by the apps/v1 types.
func TestDecodeConfigFixture(t *testing.T) {
	doc := fixture(t, "dc-frontend.json")
	got, err := DecodeConfig(doc)
	if err != nil {
		t.Fatalf("DecodeConfig() error: %v", err)
	}
	if d := cmp.Diff(frontendConfig(t), got, ignoreWire); d != "" {
		t.Errorf("DecodeConfig() mismatch (-want +got):\n%s", d)
	}
	if d := cmp.Diff(string(stdCanonical(t, doc)), string(got.Raw)); d != "" {
		t.Errorf("DecodeConfig() Raw mismatch (-want +got):\n%s", d)
	}
	checkTemplate(t, got.Template, frontendImage, doc, "spec", "template")
}

// SPEC 5.1, 5.2, 5.4, 5.13, 5.22: version, phase, cancelled, reason,
// deployer pod name and the replica annotations, read from real RCs.
func TestDecodeDeploymentFixtures(t *testing.T) {
	cfg, err := DecodeConfig(fixture(t, "dc-frontend.json"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		why   string
		file  string
		image string
		want  dcplan.Deployment
	}{
		{
			name: "new",
			why:  "the create body MakeDeployment produces: phase New, desired 3, replicas annotation 0, no server fields",
			file: "rc-frontend-3-new.json",
			want: dcplan.Deployment{
				Namespace: "shop", Name: "frontend-3",
				ConfigLabel: "frontend", ConfigName: "frontend",
				Controller: frontendOwner, HasController: true,
				Version: 3, Phase: dcplan.PhaseNew, Reason: "image change",
				DesiredReplicas: 3, HasDesiredReplicas: true,
				SyncedReplicas: 0, HasSyncedReplicas: true,
			},
		},
		{
			name: "complete",
			why:  "after the rollout: deployer timestamps in time.Time.String form, desired moved into deployment.replicas",
			file: "rc-frontend-3-complete.json",
			want: dcplan.Deployment{
				Namespace: "shop", Name: "frontend-3", UID: frontend3UID, ResourceVersion: "4213044",
				CreationTime: mustTime(t, "2026-11-01T11:58:01Z"),
				ConfigLabel:  "frontend", ConfigName: "frontend",
				Controller: frontendOwner, HasController: true,
				Replicas: 3, StatusReplicas: 3, ReadyReplicas: 3, AvailableReplicas: 3,
				Version: 3, Phase: dcplan.PhaseComplete, Reason: "image change",
				DeployerPodName: "frontend-3-deploy",
				SyncedReplicas:  3, HasSyncedReplicas: true,
				CreatedAt:   mustTime(t, "2026-11-01T11:58:02Z"),
				CompletedAt: mustTime(t, "2026-11-01T11:59:00Z"),
			},
		},
		{
			name:  "failed cancelled",
			why:   "oc rollout cancel: cancelled true and the user reason kept, Failed, scaled to 0",
			file:  "rc-frontend-2-failed-cancelled.json",
			image: frontend2Image,
			want: dcplan.Deployment{
				Namespace: "shop", Name: "frontend-2", UID: "e7a233ac-ebb3-4ddb-abf2-e1185cbb8ea7", ResourceVersion: "4213027",
				CreationTime: mustTime(t, "2026-10-28T14:30:01Z"),
				ConfigLabel:  "frontend", ConfigName: "frontend",
				Controller: frontendOwner, HasController: true,
				Version: 2, Phase: dcplan.PhaseFailed, Cancelled: true, Reason: dcplan.ReasonCancelledByUser,
				DeployerPodName: "frontend-2-deploy",
				DesiredReplicas: 3, HasDesiredReplicas: true,
				SyncedReplicas: 0, HasSyncedReplicas: true,
				CreatedAt: mustTime(t, "2026-10-28T14:30:02Z"),
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := fixture(t, tt.file)
			got, err := DecodeDeployment(doc)
			if err != nil {
				t.Fatalf("DecodeDeployment() error: %v (%s)", err, tt.why)
			}
			if d := cmp.Diff(tt.want, got, ignoreWire); d != "" {
				t.Errorf("DecodeDeployment() mismatch (-want +got):\n%s", d)
			}
			if got.Encoded == nil {
				t.Errorf("DecodeDeployment() has no encoded config; the fixture carries one")
			}
			if d := cmp.Diff(string(stdCanonical(t, doc)), string(got.Raw)); d != "" {
				t.Errorf("DecodeDeployment() Raw mismatch (-want +got):\n%s", d)
			}
			image := tt.image
			if image == "" {
				image = frontendImage
			}
			checkTemplate(t, got.Template, image, doc, "spec", "template")
			if got.Template.Hash == cfg.Template.Hash {
				t.Errorf("RC template hash equals the DC template hash %s; the RC template has extra labels", cfg.Template.Hash)
			}
		})
	}
}

// Reference: library-go appsutil DecodeDeploymentConfig.
// SPEC 5.20 DecodeDeploymentConfig: the DC encoded in an RC.
func TestDecodeDeploymentEncodedConfig(t *testing.T) {
	cfg, err := DecodeConfig(fixture(t, "dc-frontend.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"rc-frontend-3-new.json", "rc-frontend-3-complete.json"} {
		t.Run(file, func(t *testing.T) {
			d, err := DecodeDeployment(fixture(t, file))
			if err != nil {
				t.Fatal(err)
			}
			// The annotation serialises the very DC of dc-frontend.json.
			if diff := cmp.Diff(&cfg, d.Encoded); diff != "" {
				t.Errorf("Encoded mismatch (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("rc-frontend-2", func(t *testing.T) {
		d, err := DecodeDeployment(fixture(t, "rc-frontend-2-failed-cancelled.json"))
		if err != nil {
			t.Fatal(err)
		}
		enc := d.Encoded
		got := struct {
			RV      string
			Version dcplan.Version
			Image   string
			Reason  dcplan.ConditionReason
			Cause   dcplan.Cause
		}{enc.ResourceVersion, enc.Status.LatestVersion, enc.Template.Containers[0].Image,
			enc.Status.Conditions[1].Reason, enc.Status.Details.Causes[0]}
		want := got
		want.RV, want.Version, want.Reason = "4213013", 2, dcplan.ReasonNewReplicationControllerAvailable
		want.Image = frontend2Image
		want.Cause = dcplan.Cause{Type: dcplan.TriggerImageChange, Image: want.Image, FromKind: "DockerImage"}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Encoded of frontend-2 mismatch (-want +got):\n%s", diff)
		}
		if enc.Template.Hash == d.Template.Hash {
			t.Errorf("encoded DC template and RC template share hash %s", d.Template.Hash)
		}
	})
}

func TestTemplateHashIdentity(t *testing.T) {
	a, err := DecodeDeployment(fixture(t, "rc-frontend-3-new.json"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := DecodeDeployment(fixture(t, "rc-frontend-3-complete.json"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := DecodeDeployment(fixture(t, "rc-frontend-2-failed-cancelled.json"))
	if err != nil {
		t.Fatal(err)
	}
	if a.Template.Hash != b.Template.Hash {
		t.Errorf("same template, different hashes: %s, %s", a.Template.Hash, b.Template.Hash)
	}
	if a.Template.Hash == c.Template.Hash {
		t.Errorf("templates of frontend-3 and frontend-2 differ (labels, image) but share hash %s", a.Template.Hash)
	}
	// Key order and spacing do not change the hash.
	spaced, err := NewTemplate([]byte(`{ "spec": {"containers": [{"image": "x", "name": "c"}]},
		"metadata": {"labels": {"b": "2", "a": "1"}} }`))
	if err != nil {
		t.Fatal(err)
	}
	sorted, err := NewTemplate([]byte(`{"metadata":{"labels":{"a":"1","b":"2"}},"spec":{"containers":[{"name":"c","image":"x"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if spaced.Hash != sorted.Hash || string(spaced.Raw) != string(sorted.Raw) {
		t.Errorf("NewTemplate() not key-order independent: %s %s / %s %s", spaced.Hash, spaced.Raw, sorted.Hash, sorted.Raw)
	}
}

func TestDecodePodFixture(t *testing.T) {
	objs, err := DecodeList(fixture(t, "list-dc-rc-pods.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(objs.Pods) != 1 {
		t.Fatalf("DecodeList() pods = %d, want 1", len(objs.Pods))
	}
	want := dcplan.Pod{
		Namespace: "shop", Name: "frontend-3-deploy", UID: "4f32165b-8ce3-46fc-ab23-750e27385c04", ResourceVersion: "4213036",
		CreationTime: mustTime(t, "2026-11-01T11:58:02Z"),
		StartTime:    mustTime(t, "2026-11-01T11:58:05Z"),
		Phase:        dcplan.PodRunning, DeploymentName: "frontend-3", DeployerFor: "frontend-3",
		Owners:                []dcplan.OwnerRef{{APIVersion: "v1", Kind: "ReplicationController", Name: "frontend-3", UID: frontend3UID}},
		ActiveDeadlineSeconds: 21600, HasActiveDeadline: true,
		Containers: []dcplan.ContainerStatus{{Name: "deployment"}},
	}
	if d := cmp.Diff(want, objs.Pods[0], ignoreWire); d != "" {
		t.Errorf("DecodeList() pod mismatch (-want +got):\n%s", d)
	}
	// The deployer pod fixture is a create body: no status fields.
	p, err := DecodePod(fixture(t, "pod-frontend-3-deploy.json"))
	if err != nil {
		t.Fatal(err)
	}
	want = dcplan.Pod{
		Namespace: "shop", Name: "frontend-3-deploy", DeploymentName: "frontend-3", DeployerFor: "frontend-3",
		Owners:                []dcplan.OwnerRef{{APIVersion: "v1", Kind: "ReplicationController", Name: "frontend-3", UID: frontend3UID}},
		ActiveDeadlineSeconds: 21600, HasActiveDeadline: true,
	}
	if d := cmp.Diff(want, p, ignoreWire); d != "" {
		t.Errorf("DecodePod() mismatch (-want +got):\n%s", d)
	}
}

// TestFixturesReencode checks Encode(Decode(m)) == m in canonical form for
// every fixture object.
func TestFixturesReencode(t *testing.T) {
	tests := []struct {
		name   string
		why    string
		file   string
		encode func([]byte) ([]byte, error)
	}{
		{"dc", "typed fields overlay onto Raw without change", "dc-frontend.json", func(b []byte) ([]byte, error) {
			c, err := DecodeConfig(b)
			if err != nil {
				return nil, err
			}
			return EncodeConfig(c)
		}},
		{"rc new", "the encoded config annotation is kept verbatim", "rc-frontend-3-new.json", reencodeDeployment},
		{"rc complete", "timestamps in String form read back equal and are kept", "rc-frontend-3-complete.json", reencodeDeployment},
		{"rc cancelled", "cancelled and replicas annotations are kept", "rc-frontend-2-failed-cancelled.json", reencodeDeployment},
		{"pod", "a create body pod", "pod-frontend-3-deploy.json", func(b []byte) ([]byte, error) {
			p, err := DecodePod(b)
			if err != nil {
				return nil, err
			}
			return EncodePodObject(p)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := fixture(t, tt.file)
			got, err := tt.encode(doc)
			if err != nil {
				t.Fatalf("encode error: %v (%s)", err, tt.why)
			}
			if d := cmp.Diff(string(stdCanonical(t, doc)), string(stdCanonical(t, got))); d != "" {
				t.Errorf("Encode(Decode(m)) mismatch (-want +got):\n%s", d)
			}
		})
	}
}

func reencodeDeployment(b []byte) ([]byte, error) {
	d, err := DecodeDeployment(b)
	if err != nil {
		return nil, err
	}
	return EncodeDeployment(d)
}

// TestListItemsReencode does the same for every item of the List fixture,
// whose pod carries all the fields a cluster adds.
func TestListItemsReencode(t *testing.T) {
	doc := fixture(t, "list-dc-rc-pods.json")
	objs, err := DecodeList(doc)
	if err != nil {
		t.Fatal(err)
	}
	var encoded [][]byte
	for _, c := range objs.Configs {
		b, _ := EncodeConfig(c)
		encoded = append(encoded, b)
	}
	for _, d := range objs.Deployments {
		b, _ := EncodeDeployment(d)
		encoded = append(encoded, b)
	}
	for _, p := range objs.Pods {
		b, _ := EncodePodObject(p)
		encoded = append(encoded, b)
	}
	var list struct{ Items []json.RawMessage }
	unmarshalStd(t, doc, &list)
	if len(list.Items) != len(encoded) {
		t.Fatalf("list has %d items, decoded %d", len(list.Items), len(encoded))
	}
	for i := range encoded {
		if d := cmp.Diff(string(stdCanonical(t, list.Items[i])), string(stdCanonical(t, encoded[i]))); d != "" {
			t.Errorf("item %d: Encode(Decode(m)) mismatch (-want +got):\n%s", i, d)
		}
	}
}

// Reference: deploymentconfig_controller.go triggerActivated, the
// reflect.DeepEqual of the DC template and the decoded encoded template;
// SPEC 11a item 8 (rule 11a.8): template identity ignores null members.
func TestTemplateHashIgnoresNull(t *testing.T) {
	tests := []struct {
		name  string
		why   string
		a, b  string
		equal bool
	}{
		{"null member", "a null field decodes as an absent one", `{"metadata":{"creationTimestamp":null},"spec":{}}`, `{"metadata":{},"spec":{}}`, true},
		{"empty object", "an empty object is a non-nil pointer upstream", `{"spec":{"securityContext":{}}}`, `{"spec":{}}`, false},
		{"empty array", "an empty slice is not DeepEqual to nil", `{"spec":{"volumes":[]}}`, `{"spec":{}}`, false},
		{"order", "key order never matters", `{"spec":{"a":1,"b":2}}`, `{"spec":{"b":2,"a":1}}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := NewTemplate([]byte(tt.a))
			if err != nil {
				t.Fatal(err)
			}
			b, err := NewTemplate([]byte(tt.b))
			if err != nil {
				t.Fatal(err)
			}
			if got := a.Hash == b.Hash; got != tt.equal {
				t.Errorf("hash(%s) == hash(%s) is %v, want %v (%s)", tt.a, tt.b, got, tt.equal, tt.why)
			}
		})
	}
}

// TestEncodeDecodedEncodedConfig: an RC decoded from the wire carries its
// encoded DC decoded. Written
// back, the annotation stays as read; given another RC's encoded DC, it is
// rewritten to that DC.
func TestEncodeDecodedEncodedConfig(t *testing.T) {
	doc := fixture(t, "rc-frontend-3-complete.json")
	d, err := DecodeDeployment(doc)
	if err != nil {
		t.Fatal(err)
	}
	if d.Encoded == nil {
		t.Fatalf("a decoded RC's encoded DC does not decode: %s", d.EncodedProblem)
	}
	b, err := EncodeDeployment(d)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := encodedAnnotation(t, b), encodedAnnotation(t, doc); got != want {
		t.Errorf("re-encoded annotation differs from the one read:\n got %.80q\nwant %.80q", got, want)
	}

	other, err := DecodeDeployment(fixture(t, "rc-frontend-2-failed-cancelled.json"))
	if err != nil {
		t.Fatal(err)
	}
	if cmp.Equal(other.Encoded, d.Encoded) {
		t.Fatal("the two fixtures encode the same DC; the test needs two")
	}
	other.Encoded = d.Encoded
	b, err = EncodeDeployment(other)
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeDeployment(b)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(d.Encoded, back.Encoded, rawAsText); d != "" {
		t.Errorf("RC given another RC's encoded DC re-reads as (-want +got):\n%s", d)
	}
}

// TestEncodedBehindEscapedKey: the encoded DC is found in Raw when another
// annotation's key needs an escape (rawMember would give up; the tape's
// spans place it).
func TestEncodedBehindEscapedKey(t *testing.T) {
	dc := `{"kind":"DeploymentConfig","apiVersion":"v1","metadata":{"name":"x"}}`
	doc := `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","annotations":{"a\"b":"x",` +
		strconv.Quote(dcplan.AnnotationEncodedConfig) + `:` + strconv.Quote(dc) + `}}}`
	d, err := DecodeDeployment([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if enc := d.Encoded; enc == nil || enc.Name != "x" {
		t.Errorf("encoded DC = %+v (problem %q), want the DC named x", enc, d.EncodedProblem)
	}
}

// TestEncodedLiteralWithoutSpans: decodeDeploymentTape on a tape read
// without canonical spans, whose annotations rawMember cannot walk (an
// escaped key), still finds the encoded DC: it copies the literal.
func TestEncodedLiteralWithoutSpans(t *testing.T) {
	dc := `{"kind":"DeploymentConfig","apiVersion":"v1","metadata":{"name":"x"}}`
	doc := []byte(`{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","annotations":{"a\"b":"x",` +
		strconv.Quote(dcplan.AnnotationEncodedConfig) + `:` + strconv.Quote(dc) + `}}}`)
	st, raw, err := scanObject(doc, string(doc), kindRC)
	if err != nil {
		t.Fatal(err)
	}
	jsontree.PutTape(st)
	tp, _, ok := jsontree.ScanTape(raw, string(raw), false)
	if !ok {
		t.Fatal("the canonical RC does not scan")
	}
	defer jsontree.PutTape(tp)
	if rawMember(rawMember(rawMember(raw, "metadata"), "annotations"), dcplan.AnnotationEncodedConfig) != nil {
		t.Fatal("rawMember finds the annotation; the test needs it not to")
	}
	d, err := decodeDeploymentTape(tp, 0, true, raw, nil)
	if err != nil {
		t.Fatal(err)
	}
	if enc := d.Encoded; enc == nil || enc.Name != "x" {
		t.Errorf("encoded DC = %+v (problem %q), want the DC named x", enc, d.EncodedProblem)
	}
}
