package wire

import (
	"github.com/dcplan/dcplan"

	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestDecodeSnapshotFixture(t *testing.T) {
	now := time.Date(2026, 11, 1, 11, 58, 30, 0, time.UTC)
	st := dcplan.Settings{DeployerImage: deployerImage, ServiceAccount: "deployer"}
	s, err := DecodeSnapshot(fixture(t, "list-dc-rc-pods.json"), "shop", "frontend", now, st)
	if err != nil {
		t.Fatalf("DecodeSnapshot() error: %v", err)
	}
	type summary struct {
		Now         time.Time
		Config      string
		Progressing dcplan.ConditionReason
		Deployments []string
		Phases      []dcplan.Phase
		Pods        []string
		Settings    dcplan.Settings
	}
	got := summary{Now: s.Now, Config: s.Config.Name, Settings: s.Settings, Progressing: s.Config.Status.Conditions[1].Reason}
	for _, d := range s.Deployments {
		got.Deployments = append(got.Deployments, d.Name)
		got.Phases = append(got.Phases, d.Phase)
	}
	for _, p := range s.Pods {
		got.Pods = append(got.Pods, p.Name)
	}
	want := summary{
		Now: now, Config: "frontend", Settings: st, Progressing: dcplan.ReasonReplicationControllerUpdated,
		Deployments: []string{"frontend-1", "frontend-2", "frontend-3"},
		Phases:      []dcplan.Phase{dcplan.PhaseComplete, dcplan.PhaseFailed, dcplan.PhaseRunning},
		Pods:        []string{"frontend-3-deploy"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("DecodeSnapshot() mismatch (-want +got):\n%s", d)
	}
	if err := s.Validate(); err != nil {
		t.Errorf("decoded fixture snapshot does not validate: %v", err)
	}
}

// SPEC 5.11, 5.12, 3.2.2: the RCs of a DC are found by the config label,
// the config-name annotation or the owner reference; pods by the deployer
// pod label or name.
func TestDecodeSnapshotSelection(t *testing.T) {
	rc := func(name, ns, label, ann, ownerUID string) string {
		var b strings.Builder
		b.WriteString(`{"kind":"ReplicationController","metadata":{"name":"` + name + `","namespace":"` + ns + `","labels":{`)
		if label != "" {
			b.WriteString(`"` + dcplan.LabelConfigName + `":"` + label + `"`)
		}
		b.WriteString(`},"annotations":{`)
		if ann != "" {
			b.WriteString(`"` + dcplan.AnnotationConfigName + `":"` + ann + `"`)
		}
		b.WriteString(`}`)
		if ownerUID != "" {
			b.WriteString(`,"ownerReferences":[{"uid":"` + ownerUID + `","controller":true}]`)
		}
		b.WriteString(`}}`)
		return b.String()
	}
	pod := func(name, ns, forLabel, depAnn string) string {
		return `{"kind":"Pod","metadata":{"name":"` + name + `","namespace":"` + ns + `","labels":{"` + dcplan.LabelDeployerPodFor + `":"` + forLabel +
			`"},"annotations":{"` + dcplan.AnnotationDeploymentName + `":"` + depAnn + `"}}}`
	}
	items := []string{
		`{"kind":"DeploymentConfig","metadata":{"name":"web","namespace":"ns","uid":"u1"}}`,
		`{"kind":"DeploymentConfig","metadata":{"name":"web","namespace":"other","uid":"u2"}}`,
		rc("by-label", "ns", "web", "", ""),
		rc("by-annotation", "ns", "", "web", ""),
		rc("by-owner", "ns", "", "", "u1"),
		rc("foreign-owner-label", "ns", "web", "", "u9"),
		rc("other-dc", "ns", "api", "api", ""),
		rc("other-namespace", "other", "web", "web", ""),
		pod("p-label", "ns", "by-label", ""),
		pod("p-annotation", "ns", "", "by-owner"),
		pod("by-annotation-deploy", "ns", "", ""),
		pod("p-unrelated", "ns", "other-dc", "other-dc"),
		pod("p-other-ns", "other", "by-label", "by-label"),
		`{"kind":"Service","metadata":{"name":"web"}}`,
	}
	doc := []byte(`{"kind":"List","apiVersion":"v1","items":[` + strings.Join(items, ",") + `]}`)
	// Two DCs named web in two namespaces: without a namespace the name is
	// ambiguous, and each namespace names its own DC.
	if _, err := DecodeSnapshot(doc, "", "web", time.Time{}, dcplan.Settings{}); !errors.Is(err, ErrAmbiguous) ||
		!strings.Contains(err.Error(), "(ns, other)") {
		t.Errorf("DecodeSnapshot(\"\", web) error = %v, want ErrAmbiguous naming ns and other", err)
	}
	if s, err := DecodeSnapshot(doc, "other", "web", time.Time{}, dcplan.Settings{}); err != nil || s.Config.UID != "u2" || len(s.Deployments) != 1 {
		t.Errorf("DecodeSnapshot(other, web) = config %q with %d RCs, error %v; want u2 with other-namespace", s.Config.UID, len(s.Deployments), err)
	}
	s, err := DecodeSnapshot(doc, "ns", "web", time.Time{}, dcplan.Settings{})
	if err != nil {
		t.Fatalf("DecodeSnapshot() error: %v", err)
	}
	var got []string
	for _, d := range s.Deployments {
		got = append(got, d.Name)
	}
	for _, p := range s.Pods {
		got = append(got, p.Name)
	}
	want := []string{"by-label", "by-annotation", "by-owner", "foreign-owner-label", "p-label", "p-annotation", "by-annotation-deploy"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("DecodeSnapshot() selection mismatch (-want +got):\n%s", d)
	}
	if s.Config.UID != "u1" {
		t.Errorf("DecodeSnapshot() picked config uid %q, want ns/web (u1)", s.Config.UID)
	}

	_, err = DecodeSnapshot(doc, "ns", "missing", time.Time{}, dcplan.Settings{})
	if !errors.Is(err, dcplan.ErrNotFound) {
		t.Errorf("DecodeSnapshot(missing) error = %v, want ErrNotFound", err)
	}
}

func TestDecodeList(t *testing.T) {
	type counts struct{ Configs, Deployments, Pods int }
	tests := []struct {
		name string
		why  string
		doc  string
		want counts
	}{
		{"single config", "a single object is a list of one", `{"kind":"DeploymentConfig","metadata":{"name":"a"}}`, counts{1, 0, 0}},
		{"single rc", "a single object is a list of one", `{"kind":"ReplicationController","metadata":{"name":"a"}}`, counts{0, 1, 0}},
		{"single pod", "a single object is a list of one", `{"kind":"Pod","metadata":{"name":"a"}}`, counts{0, 0, 1}},
		{"empty list", "no items", `{"kind":"List","items":[]}`, counts{}},
		{"typed list", "items of a typed list may omit kind", `{"kind":"ReplicationControllerList","items":[{"metadata":{"name":"a"}},{"metadata":{"name":"b"}}]}`, counts{0, 2, 0}},
		{"other kinds", "other kinds are skipped", `{"kind":"List","items":[{"kind":"Service"},{"kind":"Pod","metadata":{"name":"p"}},{"kind":"Secret","data":5}]}`, counts{0, 0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			objs, err := DecodeList([]byte(tt.doc))
			if err != nil {
				t.Fatalf("DecodeList() error: %v (%s)", err, tt.why)
			}
			got := counts{len(objs.Configs), len(objs.Deployments), len(objs.Pods)}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("DecodeList() mismatch (-want +got):\n%s\n(%s)", d, tt.why)
			}
		})
	}
}

func TestDecodeListFixtureOrder(t *testing.T) {
	objs, err := DecodeList(fixture(t, "list-dc-rc-pods.json"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range objs.Configs {
		got = append(got, "dc/"+c.Name)
	}
	for _, d := range objs.Deployments {
		got = append(got, "rc/"+d.Name)
	}
	for _, p := range objs.Pods {
		got = append(got, "pod/"+p.Name)
	}
	want := []string{"dc/frontend", "rc/frontend-1", "rc/frontend-2", "rc/frontend-3", "pod/frontend-3-deploy"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("DecodeList() mismatch (-want +got):\n%s", d)
	}
}

// TestDecodeListGoesByKind checks what DecodeList's documentation says of
// the type metadata: an object's kind says what it is, so a missing
// apiVersion is no error, of a single object or of a List's item, while a
// wrong one is, named by its item.
func TestDecodeListGoesByKind(t *testing.T) {
	for _, doc := range []string{
		`{"kind":"Pod","metadata":{"name":"p"}}`,
		`{"kind":"List","items":[{"kind":"Pod","metadata":{"name":"p"}}]}`,
	} {
		objs, err := DecodeList([]byte(doc))
		if err != nil || len(objs.Pods) != 1 {
			t.Errorf("DecodeList(%s) = %d pods, %v; want the pod", doc, len(objs.Pods), err)
		}
	}
	_, err := DecodeList([]byte(`{"kind":"List","items":[{"kind":"Pod","apiVersion":"v2","metadata":{"name":"p"}}]}`))
	if !errors.Is(err, dcplan.ErrMalformed) || !strings.Contains(err.Error(), "items[0]: ") || !strings.Contains(err.Error(), "apiVersion") {
		t.Errorf("DecodeList(item of apiVersion v2) error = %v, want a malformed items[0] apiVersion", err)
	}
}

// TestSnapshotNamespaceOfTheDC checks what Objects.Snapshot's documentation
// says of empty namespaces: the DC is looked up in the namespace asked
// for, so one without metadata.namespace is found only when none is asked
// for (its namespace is the snapshot's, which the requests' paths take),
// while its RCs and pods without one count as in any namespace. The
// not-found error says where the document holds DCs of the name asked
// for, so a caller learns to ask with namespace "".
func TestSnapshotNamespaceOfTheDC(t *testing.T) {
	objs, err := DecodeList(fixture(t, "list-dc-rc-pods.json"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range objs.Deployments {
		objs.Deployments[i].Namespace = ""
	}
	for i := range objs.Pods {
		objs.Pods[i].Namespace = ""
	}
	s, err := objs.Snapshot("shop", "frontend", time.Time{}, dcplan.Settings{})
	if err != nil || len(s.Deployments) != 3 || len(s.Pods) != 1 {
		t.Errorf("Snapshot(shop) over namespaceless RCs and pods = %d RCs, %d pods, %v; want 3, 1", len(s.Deployments), len(s.Pods), err)
	}
	objs.Configs[0].Namespace = ""
	const where = `deployment config shop/frontend is not in the document (it holds "frontend" in namespace "" (none given))`
	if _, err := objs.Snapshot("shop", "frontend", time.Time{}, dcplan.Settings{}); !errors.Is(err, dcplan.ErrNotFound) || !strings.HasSuffix(err.Error(), where) {
		t.Errorf("Snapshot(shop) of a namespaceless DC error = %v, want ErrNotFound ending %q", err, where)
	}
	objs.Configs[0].Namespace = "staging"
	const other = `deployment config shop/frontend is not in the document (it holds "frontend" in namespace staging)`
	if _, err := objs.Snapshot("shop", "frontend", time.Time{}, dcplan.Settings{}); !errors.Is(err, dcplan.ErrNotFound) || !strings.HasSuffix(err.Error(), other) {
		t.Errorf("Snapshot(shop) of a DC in staging error = %v, want ErrNotFound ending %q", err, other)
	}
	if _, err := objs.Snapshot("shop", "backend", time.Time{}, dcplan.Settings{}); err == nil || !strings.HasSuffix(err.Error(), "deployment config shop/backend is not in the document") {
		t.Errorf("Snapshot(shop, backend) error = %v, want it not found, with no namespace to suggest", err)
	}
	objs.Configs[0].Namespace = ""
	if s, err := objs.Snapshot("", "frontend", time.Time{}, dcplan.Settings{}); err != nil || s.Config.Name != "frontend" {
		t.Errorf("Snapshot(\"\") of a namespaceless DC = %q, %v; want it", s.Config.Name, err)
	}
}
