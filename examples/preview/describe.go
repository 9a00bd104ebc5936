package main

import (
	"encoding/json"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/wire"
)

// describeConfig is what `oc describe dc/<name>` would print for the
// snapshot s (history.DescribeConfig, SPEC 6m.8), its RCs' pods counted
// by phase among the document's pods as oc counts them (those of the
// RC's namespace that its spec.selector selects; an empty selector
// selects every one), without the events section: `oc get` lists no
// events. An object whose JSON does not read counts as selecting or
// holding nothing.
func describeConfig(objs wire.Objects, s dcplan.Snapshot) string {
	type labelled struct {
		Metadata struct {
			Namespace string            `json:"namespace"`
			Labels    map[string]string `json:"labels"`
		} `json:"metadata"`
		Spec struct {
			Selector map[string]string `json:"selector"`
		} `json:"spec"`
		Status struct {
			Phase string `json:"phase"`
		} `json:"status"`
	}
	var pods []labelled
	for _, p := range objs.Pods {
		var l labelled
		if json.Unmarshal(p.Raw, &l) == nil {
			pods = append(pods, l)
		}
	}
	counts := map[string]history.PodPhases{}
	for _, d := range s.Deployments {
		var rc labelled
		if json.Unmarshal(d.Raw, &rc) != nil {
			continue
		}
		var c history.PodPhases
		for _, p := range pods {
			if p.Metadata.Namespace != d.Namespace || !selects(rc.Spec.Selector, p.Metadata.Labels) {
				continue
			}
			switch p.Status.Phase {
			case dcplan.PodRunning.String():
				c.Running++
			case dcplan.PodPending.String():
				c.Pending++
			case dcplan.PodSucceeded.String():
				c.Succeeded++
			case dcplan.PodFailed.String():
				c.Failed++
			}
		}
		counts[d.Name] = c
	}
	out, err := history.DescribeConfig(s, history.DescribeConfigOptions{Pods: counts})
	if err != nil {
		return "" // preview refuses an invalid snapshot before it gets here
	}
	return out
}

// selects reports whether every label of selector is among labels.
func selects(selector, labels map[string]string) bool {
	for k, v := range selector {
		if got, ok := labels[k]; !ok || got != v {
			return false
		}
	}
	return true
}
