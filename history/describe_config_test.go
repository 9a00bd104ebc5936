package history_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/dcplan/dcplan/wire"
)

// describeNow is the clock of the describe tests.
var describeNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// dcJSON is a DC web in namespace shop created a day before describeNow,
// with spec fields set by the caller (JSON members, with a leading comma)
// and status.latestVersion latest.
func dcJSON(latest int, spec, meta string) string {
	return fmt.Sprintf(`{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","metadata":{"name":"web","namespace":"shop",`+
		`"uid":"dc-uid","creationTimestamp":"2026-10-31T12:00:00Z"%s},"spec":{"replicas":2,"selector":{"app":"web"},`+
		`"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"web","image":"web:1"}]}}%s},`+
		`"status":{"latestVersion":%d}}`, meta, spec, latest)
}

// rcJSON is RC web-<v> of DC web in phase, created at created, with
// status.replicas current and spec.replicas desired (no spec.replicas
// when desired is negative); extra adds annotations.
func rcJSON(v int, phase string, created time.Time, current, desired int, extra string) string {
	replicas := fmt.Sprintf(`"replicas":%d,`, desired)
	if desired < 0 {
		replicas = ""
	}
	return fmt.Sprintf(`{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"web-%d","namespace":"shop","uid":"rc-%d",`+
		`"creationTimestamp":%q,"labels":{"app":"web","openshift.io/deployment-config.name":"web"},`+
		`"annotations":{"openshift.io/deployment-config.name":"web","openshift.io/deployment-config.latest-version":"%d",`+
		`"openshift.io/deployment.phase":%q%s},"ownerReferences":[{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig",`+
		`"name":"web","uid":"dc-uid","controller":true,"blockOwnerDeletion":true}]},"spec":{%s"selector":{"deployment":"web-%d"},`+
		`"template":{"metadata":{"labels":{"deployment":"web-%d"}},"spec":{"containers":[{"name":"web","image":"web:1"}]}}},`+
		`"status":{"replicas":%d}}`, v, v, created.Format(time.RFC3339), v, phase, extra, replicas, v, v, current)
}

// describeWorld decodes the DC and RCs as `oc get -o json` lists them.
func describeWorld(t *testing.T, dc string, rcs ...string) dcplan.Snapshot {
	t.Helper()
	list := `{"kind":"List","apiVersion":"v1","items":[` + strings.Join(append([]string{dc}, rcs...), ",") + `]}`
	s, err := wire.DecodeSnapshot([]byte(list), "shop", "web", describeNow, dcplan.Modern.Settings())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// describeHead is the output through the Template line of dcJSON's DC
// with nothing but its latestVersion set: what every case's output starts
// with, but the lines a case changes.
const describeTemplate = "Template:\nPod Template:\n  Labels:\tapp=web\n  Containers:\n   web:\n    Image:\t\tweb:1\n" +
	"    Port:\t\t<none>\n    Host Port:\t\t<none>\n    Environment:\t<none>\n    Mounts:\t\t<none>\n  Volumes:\t\t<none>\n" +
	"  Node-Selectors:\t<none>\n  Tolerations:\t\t<none>\n"

// TestDescribeConfigFixture: the fixture DC (oc new-app's frontend, three
// rollouts: the latest running, #2 failed, #1 complete) describes as oc
// prints it (SPEC 6m.8).
func TestDescribeConfigFixture(t *testing.T) {
	got, err := history.DescribeConfig(fixtureSnapshot(t), history.DescribeConfigOptions{
		Pods:       map[string]history.PodPhases{"frontend-1": {Running: 1}},
		ShowEvents: true,
		Events: []history.DescribedEvent{{Type: "Normal", Reason: "DeploymentCreated", From: "deploymentconfig-controller",
			Message: `Created new replication controller "frontend-3" for version 3` + "\n",
			First:   fixtureNow.Add(-2 * time.Minute), Last: fixtureNow.Add(-2 * time.Minute), Count: 1}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "Name:\t\tfrontend\nNamespace:\tshop\nCreated:\t12 days ago\nLabels:\t\tapp=frontend\n\t\tapp.kubernetes.io/component=frontend\n" +
		"\t\tapp.kubernetes.io/instance=frontend\n\t\tapp.kubernetes.io/part-of=shop\nAnnotations:\topenshift.io/generated-by=OpenShiftNewApp\n" +
		"Latest Version:\t3\nSelector:\tdeploymentconfig=frontend\nReplicas:\t3\nTriggers:\tConfig, Image(frontend@latest, auto=true)\n" +
		"Strategy:\tRolling\nTemplate:\nPod Template:\n  Labels:\tapp=frontend\n\t\tdeploymentconfig=frontend\n  Containers:\n   frontend:\n" +
		"    Image:\timage-registry.openshift-image-registry.svc:5000/shop/frontend@sha256:3b1c6f0e2a9d4c7b8e5f1a2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4a3\n" +
		"    Port:\t8080/TCP\n    Host Port:\t0/TCP\n    Limits:\n      memory:\t256Mi\n    Requests:\n      cpu:\t100m\n      memory:\t128Mi\n" +
		"    Readiness:\thttp-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3\n    Environment:\n" +
		"      BACKEND_URL:\thttp://backend.shop.svc:8080\n    Mounts:\t\t<none>\n  Volumes:\t\t<none>\n  Node-Selectors:\t<none>\n" +
		"  Tolerations:\t\t<none>\n\n" +
		"Deployment #3 (latest):\n\tCreated:\tabout a minute ago\n\tStatus:\t\tRunning\n\tReplicas:\t2 current / 2 desired\n" +
		"Deployment #2:\n\tCreated:\t3 days ago\n\tStatus:\t\tFailed\n\tReplicas:\t0 current / 0 desired\n" +
		"Deployment #1:\n\tName:\t\tfrontend-1\n\tCreated:\t12 days ago\n\tStatus:\t\tComplete\n\tReplicas:\t1 current / 1 desired\n" +
		"\tSelector:\tdeployment=frontend-1,deploymentconfig=frontend\n" +
		"\tLabels:\t\tapp=frontend,app.kubernetes.io/component=frontend,app.kubernetes.io/instance=frontend,app.kubernetes.io/part-of=shop,openshift.io/deployment-config.name=frontend\n" +
		"\tPods Status:\t1 Running / 0 Waiting / 0 Succeeded / 0 Failed\n\n" +
		"Events:\n  Type\t\tReason\t\t\tAge\tFrom\t\t\t\tMessage\n  ----\t\t------\t\t\t----\t----\t\t\t\t-------\n" +
		"  Normal\tDeploymentCreated\t2m\tdeploymentconfig-controller\tCreated new replication controller \"frontend-3\" for version 3\n"
	if got != want {
		t.Errorf("DescribeConfig() =\n%s\nwant\n%s\n(quoted: %q)", got, want, got)
	}
}

// squeezeTabs collapses every run of tabs into one: the table cases check
// lines, not the tabwriter's padding (TestDescribeConfigFixture does).
func squeezeTabs(s string) string {
	for strings.Contains(s, "\t\t") {
		s = strings.ReplaceAll(s, "\t\t", "\t")
	}
	return s
}

// TestDescribeConfig: each rule of `oc describe dc` (SPEC 6m.8), by the
// lines it prints.
func TestDescribeConfig(t *testing.T) {
	at := func(ago time.Duration) time.Time { return describeNow.Add(-ago) }
	recreate := `,"strategy":{"type":"Recreate","recreateParams":{"pre":{"failurePolicy":"Abort","execNewPod":{"containerName":"web",` +
		`"command":["/bin/sh","-c","echo a\necho b\n"],"env":[{"name":"B","value":"2"},{"name":"A"}]}},` +
		`"mid":{"failurePolicy":"Ignore","tagImages":[{"containerName":"web","to":{"kind":"ImageStreamTag","name":"web:ok","namespace":"shop"}}]}}}`
	for _, tc := range []struct {
		name   string
		world  func(t *testing.T) dcplan.Snapshot
		opts   history.DescribeConfigOptions
		want   []string // in this order, each whole lines
		absent []string
	}{
		{name: "6m.8.2: not deployed", world: func(t *testing.T) dcplan.Snapshot { return describeWorld(t, dcJSON(0, `,"triggers":[]`, "")) },
			want:   []string{"Name:\tweb\nNamespace:\tshop\nCreated:\t24 hours ago\nLabels:\t<none>\nAnnotations:\t<none>\nLatest Version:\tNot deployed\n", "Triggers:\t<none>\n", "\n\nLatest Deployment:\t<none>\n"},
			absent: []string{"Events:", "Paused:", "Autoscaling:", "MinReadySeconds:"}},
		{name: "6m.8.3: test, paused, autoscaled, min ready",
			world: func(t *testing.T) dcplan.Snapshot {
				return describeWorld(t, dcJSON(0, `,"test":true,"paused":true,"minReadySeconds":30,"triggers":[{"type":"ConfigChange"}]`, ""))
			},
			opts: history.DescribeConfigOptions{Autoscaler: &history.Autoscaler{MinReplicas: 1, MaxReplicas: 4, TargetCPU: 80, HasTargetCPU: true}},
			want: []string{"Selector:\tapp=web\nReplicas:\t2 (test, will be scaled down between deployments)\nPaused:\tyes\n" +
				"Autoscaling:\tbetween 1 and 4 replicas targeting 80% CPU over all the pods\nTriggers:\tConfig\nStrategy:\t<none>\nMinReadySeconds:\t30\n" + squeezeTabs(describeTemplate)}},
		{name: "6m.8.3: autoscaler without a target", world: func(t *testing.T) dcplan.Snapshot { return describeWorld(t, dcJSON(0, "", "")) },
			opts: history.DescribeConfigOptions{Autoscaler: &history.Autoscaler{MinReplicas: 2, MaxReplicas: 3}},
			want: []string{"Autoscaling:\tbetween 2 and 3 replicas (default autoscaling policy)\n"}},
		{name: "6m.8.3: image triggers", world: func(t *testing.T) dcplan.Snapshot {
			return describeWorld(t, dcJSON(0, `,"triggers":[{"type":"ImageChange","imageChangeParams":{"automatic":false,"containerNames":["web"],`+
				`"from":{"kind":"ImageStreamTag","name":"web:v2"}}},{"type":"ConfigChange"},{"type":"ImageChange","imageChangeParams":{"automatic":true,`+
				`"containerNames":["web"],"from":{"kind":"ImageStreamTag","name":"base"}}}]`, ""))
		}, want: []string{"Triggers:\tImage(web@v2, auto=false), Config, Image(base@latest, auto=true)\n"}},
		{name: "6m.8.3: image trigger without from.name", world: func(t *testing.T) dcplan.Snapshot {
			// SPEC 6m.8.3: Image(...) only when from.name is set; the
			// config trigger still prints.
			return describeWorld(t, dcJSON(0, `,"triggers":[{"type":"ImageChange","imageChangeParams":{"automatic":true,"containerNames":["web"]}},`+
				`{"type":"ConfigChange"}]`, ""))
		}, want: []string{"Triggers:\tConfig\n"}},
		{name: "6m.8.3: hooks", world: func(t *testing.T) dcplan.Snapshot { return describeWorld(t, dcJSON(0, recreate, "")) },
			want: []string{"Strategy:\tRecreate\n  Pre-deployment hook (pod type, failure policy: Abort):\n    Container:\tweb\n" +
				"    Command:\t/bin/sh -c \n\t  echo a\n\t  echo b\n    Env:\tA=<none>,B=2\n" +
				"  Mid-deployment hook (tag images, failure policy: Ignore):\n    Tag:\tcontainer web to ImageStreamTag web:ok shop\nTemplate:\n"}},
		{name: "6m.8.3: hooks pre, mid, post; no Env line without env", world: func(t *testing.T) dcplan.Snapshot {
			hook := func(policy string) string {
				return `{"failurePolicy":"` + policy + `","execNewPod":{"containerName":"web","command":["run"]}}`
			}
			return describeWorld(t, dcJSON(0, `,"strategy":{"type":"Recreate","recreateParams":{"post":`+hook("Ignore")+
				`,"mid":`+hook("Retry")+`,"pre":`+hook("Abort")+`}}`, ""))
		}, want: []string{"Strategy:\tRecreate\n  Pre-deployment hook (pod type, failure policy: Abort):\n    Container:\tweb\n    Command:\trun\n" +
			"  Mid-deployment hook (pod type, failure policy: Retry):\n    Container:\tweb\n    Command:\trun\n" +
			"  Post-deployment hook (pod type, failure policy: Ignore):\n    Container:\tweb\n    Command:\trun\nTemplate:\n"}},
		{name: "6m.8.3: an image trigger's empty tag reads latest", world: func(t *testing.T) dcplan.Snapshot {
			// imageutil.SplitImageStreamTag: "web:" names tag "", printed
			// as latest, like "web" without a colon.
			return describeWorld(t, dcJSON(0, `,"triggers":[{"type":"ImageChange","imageChangeParams":{"automatic":true,"containerNames":["web"],`+
				`"from":{"kind":"ImageStreamTag","name":"web:"}}}]`, ""))
		}, want: []string{"Triggers:\tImage(web@latest, auto=true)\n"}},
		{name: "6m.8.3: custom parameters", world: func(t *testing.T) dcplan.Snapshot {
			return describeWorld(t, dcJSON(0, `,"strategy":{"type":"Custom","customParams":{"environment":[{"name":"X","value":"1"}],"command":["run","--fast"]}}`, ""))
		}, want: []string{"Strategy:\tCustom\n  Image:\t<default>\n  Environment:\tX=1\n  Command:\trun --fast\nTemplate:\n"}},
		{name: "6m.8.3: custom parameters with an image only", world: func(t *testing.T) dcplan.Snapshot {
			// printStrategy prints Environment and Command only when set.
			return describeWorld(t, dcJSON(0, `,"strategy":{"type":"Custom","customParams":{"image":"my/deployer:1"}}`, ""))
		}, want: []string{"Strategy:\tCustom\n  Image:\tmy/deployer:1\nTemplate:\n"}},
		{name: "6m.8.1: description and annotations", world: func(t *testing.T) dcplan.Snapshot {
			return describeWorld(t, dcJSON(0, "", `,"labels":{"b":"2","a":"1"},"annotations":{"description":"the web\nfront","z":"26","m":"13"}`))
		}, want: []string{"Labels:\ta=1\n\tb=2\nDescription:\tthe web\n\tfront\nAnnotations:\tm=13\n\tz=26\nLatest Version:"}},
		{name: "6m.8.1: the DC's age as go-units words it, capitalised; an RC's lowercased", world: func(t *testing.T) dcplan.Snapshot {
			// oc's formatMeta prints FormatRelativeTime as it comes;
			// printDeploymentRc lowercases it.
			dc := strings.Replace(dcJSON(1, "", ""), "2026-10-31T12:00:00Z", at(90*time.Second).Format(time.RFC3339), 1)
			return describeWorld(t, dc, rcJSON(1, "Running", at(90*time.Second), 1, 1, ""))
		}, want: []string{"Created:\tAbout a minute ago\n", "\tCreated:\tabout a minute ago\n"}},
		{name: "6m.8.1: an empty description is no line and no annotation", world: func(t *testing.T) dcplan.Snapshot {
			// oc's extractAnnotations takes the description out of the
			// annotations whatever its value; only a non-empty one prints.
			return describeWorld(t, dcJSON(0, "", `,"annotations":{"description":"","z":"26"}`))
		}, want: []string{"Labels:\t<none>\nAnnotations:\tz=26\nLatest Version:"}, absent: []string{"Description:", "description="}},
		{name: "6m.8.4: the only RC in detail", world: func(t *testing.T) dcplan.Snapshot {
			return describeWorld(t, dcJSON(1, "", ""), rcJSON(1, "Running", at(90*time.Minute), 1, 2, ""))
		}, opts: history.DescribeConfigOptions{Pods: map[string]history.PodPhases{"web-1": {Running: 1, Pending: 1}}},
			want: []string{"\n\nDeployment #1 (latest):\n\tName:\tweb-1\n\tCreated:\t2 hours ago\n\tStatus:\tRunning\n\tReplicas:\t1 current / 2 desired\n" +
				"\tSelector:\tdeployment=web-1\n\tLabels:\tapp=web,openshift.io/deployment-config.name=web\n\tPods Status:\t1 Running / 1 Waiting / 0 Succeeded / 0 Failed\n"}},
		{name: "6m.8.5: two older ones, newest created first, the active one in detail", world: func(t *testing.T) dcplan.Snapshot {
			return describeWorld(t, dcJSON(5, "", ""),
				rcJSON(1, "Complete", at(5*time.Hour), 0, 0, ""), rcJSON(2, "Complete", at(4*time.Hour), 0, 0, ""),
				rcJSON(3, "Complete", at(3*time.Hour), 2, -1, ""),
				rcJSON(4, "Failed", at(2*time.Hour), 0, 0, `,"openshift.io/deployment-config.name":"other"`),
				rcJSON(5, "Running", at(time.Hour), 1, 2, ""))
		}, want: []string{"Deployment #5 (latest):\n\tCreated:\tabout an hour ago\n\tStatus:\tRunning\n\tReplicas:\t1 current / 2 desired\n" +
			"Deployment #3:\n\tName:\tweb-3\n\tCreated:\t3 hours ago\n\tStatus:\tComplete\n\tSelector:\tdeployment=web-3\n" +
			"\tLabels:\tapp=web,openshift.io/deployment-config.name=web\n\tPods Status:\t0 Running / 0 Waiting / 0 Succeeded / 0 Failed\n" +
			"Deployment #2:\n\tCreated:\t4 hours ago\n\tStatus:\tComplete\n\tReplicas:\t0 current / 0 desired\n"},
			absent: []string{"Deployment #4", "Deployment #1"}},
		{name: "6m.8.5: older ones created in the same second, by name descending", world: func(t *testing.T) dcplan.Snapshot {
			return describeWorld(t, dcJSON(11, "", ""),
				rcJSON(10, "Complete", at(2*time.Hour), 2, 2, ""), rcJSON(9, "Complete", at(2*time.Hour), 0, 0, ""),
				rcJSON(11, "Running", at(time.Hour), 1, 2, ""))
		}, want: []string{"Deployment #11 (latest):\n",
			// OverlappingControllers reversed: a tie in creationTimestamp
			// goes to the greater name, as strings ("web-9" > "web-10").
			"Deployment #9:\n\tCreated:\t2 hours ago\n\tStatus:\tComplete\n\tReplicas:\t0 current / 0 desired\n" +
				"Deployment #10:\n\tName:\tweb-10\n"}},
		{name: "6m.8.4: the latest RC is the one named for latestVersion, numbered by its own version annotation", world: func(t *testing.T) dcplan.Snapshot {
			// oc finds the latest RC by name (LatestDeploymentNameForConfig)
			// and heads it with DeploymentVersionFor of that RC: web-3,
			// hand-edited to say version 7, is "Deployment #7 (latest)";
			// web-5, whose annotation says 3, is an older one.
			latest := strings.Replace(rcJSON(3, "Running", at(time.Hour), 1, 2, ""),
				`"openshift.io/deployment-config.latest-version":"3"`, `"openshift.io/deployment-config.latest-version":"7"`, 1)
			other := strings.Replace(rcJSON(5, "Failed", at(2*time.Hour), 0, 0, ""),
				`"openshift.io/deployment-config.latest-version":"5"`, `"openshift.io/deployment-config.latest-version":"3"`, 1)
			return describeWorld(t, dcJSON(3, "", ""), other, latest)
		}, want: []string{"\n\nDeployment #7 (latest):\n\tCreated:\tabout an hour ago\n\tStatus:\tRunning\n\tReplicas:\t1 current / 2 desired\n" +
			"Deployment #3:\n\tCreated:\t2 hours ago\n\tStatus:\tFailed\n"}},
		{name: "6m.8.4: the latest RC missing", world: func(t *testing.T) dcplan.Snapshot {
			return describeWorld(t, dcJSON(3, "", ""), rcJSON(1, "Complete", at(2*time.Hour), 2, 2, ""), rcJSON(2, "Complete", at(time.Hour), 2, 2, ""))
		}, want: []string{"\n\nLatest Deployment:\t<none>\n"}, absent: []string{"Deployment #"}},
		{name: "6m.8.6: no events", world: func(t *testing.T) dcplan.Snapshot { return describeWorld(t, dcJSON(0, "", "")) },
			opts: history.DescribeConfigOptions{ShowEvents: true},
			want: []string{"Latest Deployment:\t<none>\n\nEvents:\t<none>\n"}},
		{name: "6m.8.6: a series and a field path", world: func(t *testing.T) dcplan.Snapshot { return describeWorld(t, dcJSON(0, "", "")) },
			opts: history.DescribeConfigOptions{ShowEvents: true, Events: []history.DescribedEvent{
				{Type: "Normal", Reason: "Series", From: "c", Message: "s", First: at(10 * time.Minute),
					Series: &history.EventSeries{Count: 1, LastObserved: at(time.Minute)}}, // sorted by Last (zero: first), printed by the series
				{Type: "Warning", Reason: "Plain", From: "c", Message: "p", FieldPath: "spec.template", First: at(5 * time.Minute), Last: at(5 * time.Minute), Count: 1},
			}},
			want: []string{"  Normal\tSeries\t60s (x1 over 10m)\tc\ts\n  Warning\tPlain\t5m\tc\tspec.template: p\n"}},
		{name: "6m.8.6: an event seen twice", world: func(t *testing.T) dcplan.Snapshot { return describeWorld(t, dcJSON(0, "", "")) },
			// kubectl prints "(x<count> over <first>)" for any count above 1.
			opts: history.DescribeConfigOptions{ShowEvents: true, Events: []history.DescribedEvent{
				{Type: "Normal", Reason: "Twice", From: "c", Message: "t", First: at(10 * time.Minute), Last: at(2 * time.Minute), Count: 2},
			}},
			want: []string{"  Normal\tTwice\t2m (x2 over 10m)\tc\tt\n"}},
		{name: "6m.8.6: event text escaped for a terminal", world: func(t *testing.T) dcplan.Snapshot { return describeWorld(t, dcJSON(0, "", "")) },
			// kubectl's DescribeEvents writes through its PrefixWriter,
			// whose every write goes through cli-runtime's WriteEscaped:
			// ESC prints as ^[ and CR as \r, in every column (an event is
			// any object naming the DC, its text anyone's).
			opts: history.DescribeConfigOptions{ShowEvents: true, Events: []history.DescribedEvent{
				{Type: "Warning\x1b[0m", Reason: "Bad\x1b[31m", From: "hook\r", Message: " one\rtwo\x1b]0;title\a \r\n",
					FieldPath: "spec\x1b", First: at(time.Minute), Last: at(time.Minute), Count: 1},
			}},
			want:   []string{"  Warning^[[0m\tBad^[[31m\t60s\thook\\r\tspec^[: one\\rtwo^[]0;title\a\n"},
			absent: []string{"\x1b", "\r"}},
		{name: "6m.8.6: events last seen in the same second, the later listed first", world: func(t *testing.T) dcplan.Snapshot { return describeWorld(t, dcJSON(0, "", "")) },
			// oc takes the last eight events from the end of the list
			// backwards, and kubectl's sort of so few (an insertion sort)
			// keeps that order among equal last-seen times, which
			// second-precision timestamps make common.
			opts: history.DescribeConfigOptions{ShowEvents: true, Events: []history.DescribedEvent{
				{Type: "Normal", Reason: "Listed1", From: "c", Message: "a", First: at(time.Minute), Last: at(time.Minute), Count: 1},
				{Type: "Normal", Reason: "Listed2", From: "c", Message: "b", First: at(time.Minute), Last: at(time.Minute), Count: 1},
				{Type: "Normal", Reason: "Listed3", From: "c", Message: "c", First: at(time.Minute), Last: at(time.Minute), Count: 1},
			}},
			want: []string{"  Normal\tListed3\t60s\tc\tc\n  Normal\tListed2\t60s\tc\tb\n  Normal\tListed1\t60s\tc\ta\n"}},
		{name: "6m.8.6: the last eight events, by last seen", world: func(t *testing.T) dcplan.Snapshot { return describeWorld(t, dcJSON(0, "", "")) },
			opts: history.DescribeConfigOptions{ShowEvents: true, Events: func() []history.DescribedEvent {
				var es []history.DescribedEvent
				for i := range 10 {
					es = append(es, history.DescribedEvent{Type: "Normal", Reason: fmt.Sprintf("R%d", i), From: "c", Message: " m ",
						First: at(time.Duration(20-i) * time.Minute), Last: at(time.Duration(20-i) * time.Minute), Count: 1})
				}
				es[9].Last, es[9].Count = at(30*time.Minute), 3 // listed last, last seen longest ago: first of the seen
				es[5].First, es[5].Last = time.Time{}, time.Time{}
				return es
			}()},
			want: []string{"Events:\n  Type\tReason\tAge\tFrom\tMessage\n  ----\t------\t----\t----\t-------\n" +
				"  Normal\tR5\t<unknown>\tc\tm\n  Normal\tR9\t30m (x3 over 11m)\tc\tm\n  Normal\tR2\t18m\tc\tm\n  Normal\tR3\t17m\tc\tm\n" +
				"  Normal\tR4\t16m\tc\tm\n  Normal\tR6\t14m\tc\tm\n  Normal\tR7\t13m\tc\tm\n  Normal\tR8\t12m\tc\tm\n"},
			absent: []string{"R1\t", "R0\t"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.world(t)
			before := s.Clone()
			raw, err := history.DescribeConfig(s, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if d := mutation.Diff(before, s); d != "" {
				t.Fatalf("DescribeConfig mutated its snapshot:\n%s", d)
			}
			got := squeezeTabs(raw)
			rest := got
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks (after the lines before it)\n%q\ngot\n%s", w, got)
				}
				rest = rest[i+len(w):]
			}
			for _, a := range tc.absent {
				if strings.Contains(got, a) {
					t.Errorf("output holds %q:\n%s", a, got)
				}
			}
		})
	}
}

// TestDescribeConfigRefusesNoDC: a snapshot without a DC is no world to
// describe: the validation error and no text.
func TestDescribeConfigRefusesNoDC(t *testing.T) {
	got, err := history.DescribeConfig(dcplan.Snapshot{Now: describeNow}, history.DescribeConfigOptions{ShowEvents: true})
	if !errors.Is(err, dcplan.ErrInvalidSnapshot) || got != "" {
		t.Errorf("DescribeConfig(no DC) = %q, %v; want no text and ErrInvalidSnapshot", got, err)
	}
}

// TestDescribeConfigTypedCustomStrategy: a DC built in code (no JSON to
// read) describes its strategy from the typed fields: the type, then the
// custom parameters as printStrategy words them (SPEC 6m.8 "Strategy:\t<type>"):
// the image (<default> when empty), the environment as sorted k=v, and the
// command.
func TestDescribeConfigTypedCustomStrategy(t *testing.T) {
	for _, tc := range []struct {
		name     string
		strategy dcplan.Strategy
		want     string
	}{
		{"custom parameters", dcplan.Strategy{Type: dcplan.StrategyCustom, CustomImage: "registry.example/deployer:custom",
			CustomCommand: []string{"run", "--fast"}, CustomEnv: []dcplan.EnvVar{{Name: "Y", Value: "2"}, {Name: "X", Value: "1"}}},
			"Strategy:\tCustom\n  Image:\tregistry.example/deployer:custom\n  Environment:\tX=1,Y=2\n  Command:\trun --fast\nTemplate:\n"},
		{"custom command only", dcplan.Strategy{Type: dcplan.StrategyCustom, CustomCommand: []string{"run"}},
			"Strategy:\tCustom\n  Image:\t<default>\n  Command:\trun\nTemplate:\n"},
		{"rolling, no hooks known", dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true},
			"Strategy:\tRolling\nTemplate:\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := dcplan.Snapshot{Now: describeNow, Config: dcplan.Config{Namespace: "shop", Name: "web", UID: "dc-uid", Replicas: 1, Strategy: tc.strategy}}
			raw, err := history.DescribeConfig(s, history.DescribeConfigOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := squeezeTabs(raw); !strings.Contains(got, "\n"+tc.want) {
				t.Errorf("output lacks\n%q\ngot\n%s", tc.want, got)
			}
		})
	}
}
