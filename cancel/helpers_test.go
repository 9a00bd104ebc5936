package cancel_test

import (
	"time"

	"github.com/dcplan/dcplan"
)

var now = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// dc returns the config "web" in namespace "ns" at latestVersion v.
func dc(v dcplan.Version) dcplan.Config {
	return dcplan.Config{Namespace: "ns", Name: "web", UID: "dc-uid", Replicas: 2,
		Status: dcplan.ConfigStatus{LatestVersion: v}}
}

// rc returns RC web-<v> of dc "web", labelled for it, created age ago.
func rc(v dcplan.Version, p dcplan.Phase, age time.Duration) dcplan.Deployment {
	return dcplan.Deployment{
		Namespace: "ns", Name: dcplan.DeploymentName("web", v), UID: "uid-" + dcplan.DeploymentName("web", v),
		ConfigLabel: "web", ConfigName: "web", Version: v, Phase: p, CreationTime: now.Add(-age),
	}
}

func cancelled(d dcplan.Deployment, reason string) dcplan.Deployment {
	d.Cancelled, d.Reason = true, reason
	return d
}

func pod(name, deployerFor string) dcplan.Pod {
	return dcplan.Pod{Namespace: "ns", Name: name, DeployerFor: deployerFor, DeploymentName: deployerFor, Phase: dcplan.PodFailed}
}

func snap(p dcplan.Preset, cfg dcplan.Config, rcs []dcplan.Deployment, pods ...dcplan.Pod) dcplan.Snapshot {
	return dcplan.Snapshot{Now: now, Config: cfg, Deployments: rcs, Pods: pods, Settings: dcplan.Settings{Switches: p.Switches()}}
}

func paused(c dcplan.Config) dcplan.Config {
	c.Paused = true
	return c
}

// errString renders an error for comparison; "" for nil.
func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
