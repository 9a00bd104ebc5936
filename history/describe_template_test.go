package history_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/wire"
	"github.com/google/go-cmp/cmp"
)

// Helpers of the DescribePodTemplate tests carry the pt prefix.

// ptLines joins lines with a newline after each, the shape of every
// DescribePodTemplate text.
func ptLines(lines ...string) string { return strings.Join(lines, "\n") + "\n" }

// ptTemplate decodes a pod template's JSON the way wire does.
func ptTemplate(t testing.TB, doc string) dcplan.Template {
	t.Helper()
	tpl, err := wire.NewTemplate([]byte(doc))
	if err != nil {
		t.Fatalf("wire.NewTemplate(%s): %v", doc, err)
	}
	return tpl
}

// ptFixtureTemplate returns the spec.template of an RC fixture of
// testdata/fixtures at the module root, as JSON.
func ptFixtureTemplate(t testing.TB, name string) string {
	t.Helper()
	data := fixture(t, name)
	var rc struct {
		Spec struct {
			Template json.RawMessage `json:"template"`
		} `json:"spec"`
	}
	if err := json.Unmarshal(data, &rc); err != nil {
		t.Fatal(err)
	}
	return string(rc.Spec.Template)
}

// ptCase is one DescribePodTemplate table case.
type ptCase struct {
	name string
	why  string
	tpl  dcplan.Template
	want string
}

// ptRun runs DescribePodTemplate table cases.
func ptRun(t *testing.T, tests []ptCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, history.DescribePodTemplate(tt.tpl)); d != "" {
				t.Errorf("DescribePodTemplate() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
}

// ptTail is the end of a template with no volumes, node selectors or
// tolerations.
var ptTail = []string{"  Volumes:\t<none>", "  Node-Selectors:\t<none>", "  Tolerations:\t<none>"}

// ptWith is ptLines of head then tail.
func ptWith(head []string, tail ...string) string {
	return ptLines(append(head, tail...)...)
}

// ptFrontend3 is what kubectl prints for the pod template of the
// frontend-3 fixture (rc-frontend-3-complete.json).
var ptFrontend3 = ptWith([]string{
	"Pod Template:",
	"  Labels:\tapp=frontend",
	"\tdeployment=frontend-3",
	"\tdeploymentconfig=frontend",
	"  Annotations:\topenshift.io/deployment-config.latest-version: 3",
	"\topenshift.io/deployment-config.name: frontend",
	"\topenshift.io/deployment.name: frontend-3",
	"  Containers:",
	"   frontend:",
	"    Image:\timage-registry.openshift-image-registry.svc:5000/shop/frontend@sha256:3b1c6f0e2a9d4c7b8e5f1a2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4a3",
	"    Port:\t8080/TCP",
	"    Host Port:\t0/TCP",
	"    Limits:",
	"      memory:\t256Mi",
	"    Requests:",
	"      cpu:\t100m",
	"      memory:\t128Mi",
	"    Readiness:\thttp-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3",
	"    Environment:",
	"      BACKEND_URL:\thttp://backend.shop.svc:8080",
	"    Mounts:\t<none>",
}, ptTail...)

// Reference: k8s.io/kubectl describe.DescribePodTemplate (with
// describeContainers, describeVolumes, printLabelsMultiline,
// printAnnotationsMultiline, printPodTolerationsMultiline), written
// through a PrefixWriter with no tabwriter, as oc's history viewer and
// `oc rollout undo --dry-run` do (SPEC 6m.4a, 6m.5).
func TestDescribePodTemplate(t *testing.T) {
	long := strings.Repeat("x", 150)
	ptRun(t, []ptCase{
		{
			name: "fixture frontend-3",
			why:  "6m.5: a real RC's template: labels and annotations one per line, port and host port with the protocol, resources, the readiness probe, the environment",
			tpl:  ptTemplate(t, ptFixtureTemplate(t, "rc-frontend-3-complete.json")),
			want: ptFrontend3,
		},
		{
			name: "labels only",
			why:  "6m.4a verified shape: one label, a container with a name and an image, <none> everywhere else",
			tpl:  ptTemplate(t, `{"metadata":{"labels":{"app":"frontend"}},"spec":{"containers":[{"image":"quay.io/x/web:v1","name":"web"}]}}`),
			want: ptWith([]string{"Pod Template:", "  Labels:\tapp=frontend", "  Containers:", "   web:", "    Image:\tquay.io/x/web:v1",
				"    Port:\t<none>", "    Host Port:\t<none>", "    Environment:\t<none>", "    Mounts:\t<none>"}, ptTail...),
		},
		{
			name: "several labels",
			why:  "6m.5: printLabelsMultiline continues with its inner indent alone (a tab), sorted by key",
			tpl:  ptTemplate(t, `{"metadata":{"labels":{"tier":"web","app":"frontend"}},"spec":{"containers":[{"image":"quay.io/x/web:v1","name":"web"}]}}`),
			want: ptWith([]string{"Pod Template:", "  Labels:\tapp=frontend", "\ttier=web", "  Containers:", "   web:", "    Image:\tquay.io/x/web:v1",
				"    Port:\t<none>", "    Host Port:\t<none>", "    Environment:\t<none>", "    Mounts:\t<none>"}, ptTail...),
		},
		{
			name: "built in code",
			why:  "6m.5: a template without Raw is rendered from its typed fields",
			tpl: dcplan.Template{Labels: []dcplan.KeyValue{{Key: "app", Value: "web"}},
				Containers: []dcplan.Container{{Name: "a", Image: "a:1"}, {Name: "b", Image: "b:1"}}},
			want: ptWith([]string{"Pod Template:", "  Labels:\tapp=web", "  Containers:",
				"   a:", "    Image:\ta:1", "    Port:\t<none>", "    Host Port:\t<none>", "    Environment:\t<none>", "    Mounts:\t<none>",
				"   b:", "    Image:\tb:1", "    Port:\t<none>", "    Host Port:\t<none>", "    Environment:\t<none>", "    Mounts:\t<none>"}, ptTail...),
		},
		{
			name: "raw that does not parse",
			why:  "6m.5: a Raw that is not JSON is rendered from the typed fields, never half-read",
			tpl:  dcplan.Template{Containers: []dcplan.Container{{Name: "a", Image: "a:1"}}, Raw: dcplan.RawJSON(`{"spec":`)},
			want: ptWith([]string{"Pod Template:", "  Labels:\t<none>", "  Containers:",
				"   a:", "    Image:\ta:1", "    Port:\t<none>", "    Host Port:\t<none>", "    Environment:\t<none>", "    Mounts:\t<none>"}, ptTail...),
		},
		{
			name: "no template",
			why:  "6m.5: an RC without spec.template (no Raw, no containers) is kubectl's nil template: `  <unset>` and no newline",
			tpl:  dcplan.Template{},
			want: "Pod Template:\n  <unset>",
		},
		{
			name: "no containers",
			why:  "6m.5: describeContainersLabel prints ` <none>` after the colon, with a space, not a tab",
			tpl:  ptTemplate(t, `{"metadata":{},"spec":{}}`),
			want: ptWith([]string{"Pod Template:", "  Labels:\t<none>", "  Containers: <none>"}, ptTail...),
		},
		{
			name: "annotations",
			why:  "6m.5: printAnnotationsMultiline skips last-applied-configuration, breaks multi-line and over-long (140) values under the key, trims one final newline",
			tpl: ptTemplate(t, `{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{}","description":"line one\nline two\n",`+
				`"long":"`+long+`","openshift.io/generated-by":"OpenShiftNewApp"}},"spec":{"containers":[]}}`),
			want: ptWith([]string{"Pod Template:", "  Labels:\t<none>",
				"  Annotations:\tdescription:", "\t  line one", "\t  line two",
				"\tlong:", "\t  " + long[:138] + "...",
				"\topenshift.io/generated-by: OpenShiftNewApp",
				"  Containers: <none>"}, ptTail...),
		},
		{
			name: "only skipped annotations",
			why:  "6m.5: the Annotations line is printed when the map is not empty, <none> when every key is skipped",
			tpl:  ptTemplate(t, `{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{}"}},"spec":{"containers":[]}}`),
			want: ptWith([]string{"Pod Template:", "  Labels:\t<none>", "  Annotations:\t<none>", "  Containers: <none>"}, ptTail...),
		},
		{
			name: "terminal escapes",
			why:  "6m.5: the PrefixWriter writes through cli-runtime's WriteEscaped: ESC as ^[ and CR as \\r",
			tpl:  ptTemplate(t, `{"metadata":{"annotations":{"note":"a\u001b[31mred\r"}},"spec":{"containers":[]}}`),
			want: ptWith([]string{"Pod Template:", "  Labels:\t<none>", "  Annotations:\tnote: a^[[31mred\\r", "  Containers: <none>"}, ptTail...),
		},
		{
			name: "null template",
			why:  "6m.5: a template whose JSON is null decodes to kubectl's nil *PodTemplateSpec, which DescribePodTemplate prints as `  <unset>` and no newline",
			tpl:  dcplan.Template{Raw: dcplan.RawJSON(`null`)},
			want: "Pod Template:\n  <unset>",
		},
		{
			name: "annotation of exactly 140 bytes",
			why:  "6m.5: printAnnotationsMultiline breaks a value under its key only when len(value)+len(key)+2 > maxAnnotationLen (140): `k: v` of 140 bytes stays on one line, 141 does not",
			tpl:  ptTemplate(t, `{"metadata":{"annotations":{"note":"`+strings.Repeat("a", 134)+`","notf":"`+strings.Repeat("b", 135)+`"}},"spec":{"containers":[]}}`),
			want: ptWith([]string{"Pod Template:", "  Labels:\t<none>",
				"  Annotations:\tnote: " + strings.Repeat("a", 134),
				"\tnotf:", "\t  " + strings.Repeat("b", 135),
				"  Containers: <none>"}, ptTail...),
		},
		{
			name: "toleration of an effect alone",
			why:  "6m.5: printPodTolerationsMultiline writes ` op=Exists` with its space when the key or the effect is set: an Exists toleration with only an effect is `:NoSchedule op=Exists`",
			tpl:  ptTemplate(t, `{"spec":{"containers":[],"tolerations":[{"operator":"Exists","effect":"NoSchedule"}]}}`),
			want: ptLines("Pod Template:", "  Labels:\t<none>", "  Containers: <none>", "  Volumes:\t<none>",
				"  Node-Selectors:\t<none>", "  Tolerations:\t:NoSchedule op=Exists"),
		},
		{
			name: "selector requirements sorted by key",
			why:  "6m.5: metav1.FormatLabelSelector prints labels.Selector's String, whose Add sorts the requirements by key, matchLabels and matchExpressions together (ByKey)",
			tpl: ptTemplate(t, `{"spec":{"containers":[],"topologySpreadConstraints":[{"maxSkew":1,"topologyKey":"zone","whenUnsatisfiable":"DoNotSchedule",
				"labelSelector":{"matchLabels":{"tier":"web"},"matchExpressions":[{"key":"track","operator":"NotIn","values":["canary","beta"]},
				{"key":"app","operator":"Exists"},{"key":"legacy","operator":"DoesNotExist"}]}}]}}`),
			want: ptLines("Pod Template:", "  Labels:\t<none>", "  Containers: <none>", "  Volumes:\t<none>",
				"  Topology Spread Constraints:\tzone:DoNotSchedule when max skew 1 is exceeded for selector app,!legacy,tier=web,track notin (beta,canary)",
				"  Node-Selectors:\t<none>", "  Tolerations:\t<none>"),
		},
		{
			name: "selector In without values",
			why:  "6m.5: metav1.FormatLabelSelector prints `<error>` when labels.NewRequirement refuses a requirement: In or NotIn need at least one value",
			tpl: ptTemplate(t, `{"spec":{"containers":[],"topologySpreadConstraints":[{"maxSkew":1,"topologyKey":"zone","whenUnsatisfiable":"DoNotSchedule",
				"labelSelector":{"matchExpressions":[{"key":"track","operator":"In","values":[]}]}}]}}`),
			want: ptLines("Pod Template:", "  Labels:\t<none>", "  Containers: <none>", "  Volumes:\t<none>",
				"  Topology Spread Constraints:\tzone:DoNotSchedule when max skew 1 is exceeded for selector <error>",
				"  Node-Selectors:\t<none>", "  Tolerations:\t<none>"),
		},
		{
			name: "empty selector",
			why:  "6m.5: metav1.FormatLabelSelector of a set selector without requirements: LabelSelectorAsSelector gives labels.Everything(), whose empty String becomes `<none>`",
			tpl: ptTemplate(t, `{"spec":{"containers":[],"topologySpreadConstraints":[{"maxSkew":1,"topologyKey":"zone","whenUnsatisfiable":"DoNotSchedule",
				"labelSelector":{}}]}}`),
			want: ptLines("Pod Template:", "  Labels:\t<none>", "  Containers: <none>", "  Volumes:\t<none>",
				"  Topology Spread Constraints:\tzone:DoNotSchedule when max skew 1 is exceeded for selector <none>",
				"  Node-Selectors:\t<none>", "  Tolerations:\t<none>"),
		},
		{
			name: "scheduling",
			why:  "6m.5: topology spread constraints sorted by key, the priority class, node selectors sorted, tolerations sorted by key with op=Exists and for <n>s",
			tpl: ptTemplate(t, `{"spec":{"containers":[],"priorityClassName":"shop-high",
				"nodeSelector":{"node-role.kubernetes.io/worker":"","disktype":"ssd"},
				"topologySpreadConstraints":[
				{"maxSkew":1,"topologyKey":"topology.kubernetes.io/zone","whenUnsatisfiable":"ScheduleAnyway","labelSelector":{"matchLabels":{"app":"shop"}}},
				{"maxSkew":2,"topologyKey":"kubernetes.io/hostname","whenUnsatisfiable":"DoNotSchedule","labelSelector":{"matchExpressions":[{"key":"tier","operator":"In","values":["web","api"]}]}}],
				"tolerations":[{"key":"node.kubernetes.io/unreachable","operator":"Exists","effect":"NoExecute","tolerationSeconds":300},
				{"key":"dedicated","operator":"Equal","value":"shop","effect":"NoSchedule"},{"operator":"Exists"},{"key":"gpu","operator":"Exists"}]}}`),
			want: ptLines("Pod Template:", "  Labels:\t<none>", "  Containers: <none>", "  Volumes:\t<none>",
				"  Topology Spread Constraints:\tkubernetes.io/hostname:DoNotSchedule when max skew 2 is exceeded for selector tier in (api,web)",
				"  \ttopology.kubernetes.io/zone:ScheduleAnyway when max skew 1 is exceeded for selector app=shop",
				"  Priority Class Name:\tshop-high",
				"  Node-Selectors:\tdisktype=ssd", "\tnode-role.kubernetes.io/worker=",
				"  Tolerations:\top=Exists",
				"\tdedicated=shop:NoSchedule",
				"\tgpu op=Exists",
				"\tnode.kubernetes.io/unreachable:NoExecute op=Exists for 300s"),
		},
	})
}

// Reference: oc DeploymentConfigHistoryViewer.ViewHistory and kubectl
// rollout undo with oc's DeploymentConfigRollbacker: `oc rollout history
// --revision` describes the RC's own template (SPEC 6m.5), `oc rollout
// undo --dry-run` the template of the revision's encoded DC (SPEC 6m.4a),
// both decoded from `oc get dc,rc,pods -o json`.
func TestDescribePodTemplateThroughCommands(t *testing.T) {
	s := fixtureSnapshot(t)
	got, err := history.View(s, 3)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff("deploymentconfig.apps.openshift.io/frontend with revision #3\n"+ptFrontend3+"\n", got); d != "" {
		t.Errorf("View(3) mismatch (-want +got):\n%s", d)
	}

	_, got, err = history.Undo(s, 1, dcplan.DryRunClient)
	if err != nil {
		t.Fatal(err)
	}
	want := "deploymentconfig.apps.openshift.io/frontend \n" + ptWith([]string{
		"Pod Template:",
		"  Labels:\tapp=frontend",
		"\tdeploymentconfig=frontend",
		"  Containers:",
		"   frontend:",
		"    Image:\timage-registry.openshift-image-registry.svc:5000/shop/frontend@sha256:1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809",
		"    Port:\t8080/TCP",
		"    Host Port:\t0/TCP",
		"    Limits:",
		"      memory:\t256Mi",
		"    Requests:",
		"      cpu:\t100m",
		"      memory:\t128Mi",
		"    Readiness:\thttp-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3",
		"    Environment:",
		"      BACKEND_URL:\thttp://backend.shop.svc:8080",
		"    Mounts:\t<none>",
	}, ptTail...) + " (dry run)\n"
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Undo(1, client dry run) mismatch (-want +got):\n%s", d)
	}
}

// FuzzDescribePodTemplate checks that DescribePodTemplate never panics on
// any Raw, with or without typed fields beside it, and always prints the
// template's frame: the `Pod Template:` header first and the Tolerations
// line last (SPEC 6m.5).
func FuzzDescribePodTemplate(f *testing.F) {
	f.Add([]byte(ptFixtureTemplate(f, "rc-frontend-3-complete.json")), "web")
	f.Add([]byte(`{"spec":{"containers":[{"name":"a","env":[{"name":"X","valueFrom":{"resourceFieldRef":{"resource":"limits.memory","divisor":"1e-3"}}}]}]}}`), "a")
	f.Add([]byte(`{"spec":{"volumes":[{"name":"v","csi":{"volumeAttributes":{"a":"b"}}},{"name":"e","ephemeral":{"volumeClaimTemplate":{"spec":{}}}}]}}`), "")
	f.Add([]byte(`{"metadata":{"labels":{"a":"\ud800"}},"spec":{"tolerations":[{"operator":"Exists","tolerationSeconds":-1}]}}`), "")
	f.Add([]byte(`[[[[[[[[[[`), "x")
	f.Fuzz(func(t *testing.T, raw []byte, name string) {
		tpl := dcplan.Template{Containers: []dcplan.Container{{Name: name, Image: name}}, Raw: dcplan.RawJSON(raw)}
		got := history.DescribePodTemplate(tpl)
		if !strings.HasPrefix(got, "Pod Template:\n  Labels:\t") {
			t.Fatalf("DescribePodTemplate() does not start with the header:\n%s", got)
		}
		if !strings.Contains(got, "\n  Tolerations:\t") || !strings.HasSuffix(got, "\n") {
			t.Fatalf("DescribePodTemplate() does not end with the Tolerations line:\n%s", got)
		}
	})
}
