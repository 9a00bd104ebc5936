package history_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/wire"
)

func exampleRCs() []dcplan.Deployment {
	return []dcplan.Deployment{
		{Name: "web-3", Version: 3, Phase: dcplan.PhaseFailed},
		{Name: "web-1", Version: 1, Phase: dcplan.PhaseComplete},
		{Name: "web-2", Version: 2, Phase: dcplan.PhaseComplete, Replicas: 2},
	}
}

// ExampleLatest finds the newest rollout and whether it is the DC's latest.
func ExampleLatest() {
	cfg := dcplan.Config{Name: "web", Status: dcplan.ConfigStatus{LatestVersion: 3}}
	info := history.Latest(&cfg, exampleRCs())
	fmt.Println(info.Candidate.Name, info.Exists)
	// Output: web-3 true
}

// ExampleActive finds the highest Complete rollout.
func ExampleActive() {
	d := history.Active(exampleRCs())
	fmt.Println(d.Name, d != nil)
	// Output: web-2 true
}

// ExampleToDelete shows history cleanup with revisionHistoryLimit 0: only
// RCs older than the active one are prunable.
func ExampleToDelete() {
	cfg := dcplan.Config{Name: "web", HasRevisionHistoryLimit: true, Status: dcplan.ConfigStatus{LatestVersion: 3}}
	for _, d := range history.ToDelete(&cfg, exampleRCs()) {
		fmt.Println(d.Name)
	}
	// Output: web-1
}

// ExampleDescribe prints the one-line summary oc describe shows.
func ExampleDescribe() {
	now := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	d := dcplan.Deployment{Name: "web-4", Version: 4, Phase: dcplan.PhaseRunning,
		Replicas: 3, StatusReplicas: 1, CreationTime: now.Add(-90 * time.Second), Cancelled: true}
	fmt.Println(history.Describe(d, true, false, now))
	// Output: deployment #4 running (cancelling) for about a minute - 1/3 pods growing to 3
}

// ExampleHumanDuration shows the truncating units.
func ExampleHumanDuration() {
	for _, d := range []time.Duration{500 * time.Millisecond, 45 * time.Second, 90 * time.Minute, 50 * time.Hour} {
		fmt.Println(history.HumanDuration(d))
	}
	// Output:
	// Less than a second
	// 45 seconds
	// About an hour
	// 2 days
}

// ExampleDescribePodTemplate prints a template as `oc rollout history
// --revision` does (tabs shown as \t: kubectl writes them unaligned).
func ExampleDescribePodTemplate() {
	tpl, err := wire.NewTemplate([]byte(`{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"web","image":"web:2",
		"ports":[{"containerPort":8080,"protocol":"TCP"}],"env":[{"name":"MODE","value":"prod"}],
		"volumeMounts":[{"name":"config","mountPath":"/etc/web","readOnly":true}]}],
		"volumes":[{"name":"config","configMap":{"name":"web-config"}}]}}`))
	if err != nil {
		panic(err)
	}
	fmt.Print(strings.ReplaceAll(history.DescribePodTemplate(tpl), "\t", `\t`))
	// Output:
	// Pod Template:
	//   Labels:\tapp=web
	//   Containers:
	//    web:
	//     Image:\tweb:2
	//     Port:\t8080/TCP
	//     Host Port:\t0/TCP
	//     Environment:
	//       MODE:\tprod
	//     Mounts:
	//       /etc/web from config (ro)
	//   Volumes:
	//    config:
	//     Type:\tConfigMap (a volume populated by a ConfigMap)
	//     Name:\tweb-config
	//     Optional:\tfalse
	//   Node-Selectors:\t<none>
	//   Tolerations:\t<none>
}

// ExampleResolveRollbackArg drives `oc rollback web`'s lookups as an
// adapter does: rc/web is NotFound, dc/web exists.
func ExampleResolveRollbackArg() {
	answers := map[string]history.RollbackLookup{
		"rc/web": {}, // NotFound
		"dc/web": {Kind: history.ObjectDC, Name: "web"},
	}
	var lookups []history.RollbackLookup
	for {
		r, err := history.ResolveRollbackArg("web", 0, lookups)
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		if r.Next == "" {
			fmt.Println("roll back", r.Kind, r.Name)
			return
		}
		fmt.Println("look up", r.Next)
		lookups = append(lookups, answers[r.Next])
	}
	// Output:
	// look up rc/web
	// look up dc/web
	// roll back DeploymentConfig web
}

// ExampleRollbackRC plans `oc rollback web-1`: Modern rolls back to the RC
// given, and oc names it.
func ExampleRollbackRC() {
	dc := func(v dcplan.Version, image string) dcplan.Config {
		return dcplan.Config{Namespace: "shop", Name: "web", Replicas: 1,
			Template: wire.TemplateFor(dcplan.Container{Name: "app", Image: image}),
			Status:   dcplan.ConfigStatus{LatestVersion: v}}
	}
	rc := func(v dcplan.Version, image string) dcplan.Deployment {
		enc := dc(v, image)
		return dcplan.Deployment{Namespace: "shop", Name: dcplan.DeploymentName("web", v), ConfigLabel: "web", ConfigName: "web",
			Version: v, Phase: dcplan.PhaseComplete, Encoded: &enc, Template: enc.Template}
	}
	s := dcplan.Snapshot{Config: dc(3, "app:3"), Deployments: []dcplan.Deployment{rc(1, "app:1"), rc(2, "app:2"), rc(3, "app:3")}}
	dcName, _ := history.RollbackConfigName(s.Deployments[0]) // the DC to read: "web"
	_, cfg, _, err := history.RollbackRC(s, "web-1", 0, history.RollbackOptions{})
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(dcName, cfg.Template.Containers[0].Image)
	fmt.Println(history.RolledBackMessage(cfg, "web-1", dcplan.Modern.Switches()))
	// Output:
	// web app:1
	// deploymentconfig.apps.openshift.io/web deployment #4 rolled back to web-1
}
