package main

import (
	"fmt"
	"strings"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/history"
)

// Health states (the "state" of -o json's health): what a pipeline asks
// of a DC, whether its latest rollout is done and serving.
const (
	healthHealthy     = "healthy"     // the latest rollout is Complete and oc rollout status is done
	healthProgressing = "progressing" // a rollout is under way, or oc rollout status still waits
	healthFailed      = "failed"      // the latest rollout failed (or was cancelled), or oc rollout status fails
	healthNone        = "none"        // nothing was ever rolled out: status.latestVersion is 0
	healthMissing     = "missing"     // the document holds no RC of status.latestVersion
	healthUnknown     = "unknown"     // the latest RC's phase is none the controllers know
)

// health is the verdict on the DC's latest rollout.
type health struct {
	State   string `json:"state"`
	Message string `json:"message"`
}

// healthOf judges the latest rollout of s. The rules, in order:
//
//  1. status.latestVersion 0: none.
//  2. The latest rollout is the newest RC (the first of two sharing its
//     version, as the controllers take it), also when the status lags
//     behind it (a warning says so); none as new as status.latestVersion:
//     missing.
//  3. Its phase: Failed is failed; New, Pending and Running are
//     progressing (a paused DC's rollout stays there); no known phase is
//     unknown.
//  4. Complete: what oc rollout status reads from the DC decides: done is
//     healthy, in progress (replicas still coming up, an edit not yet
//     observed) is progressing, failed is failed, except that a paused DC
//     whose latest rollout completed is healthy, whether the viewer ends on
//     its paused exit (the normal answer for a paused DC) or, as Exact's
//     never does (SPEC 13.2), keeps waiting.
//
// Refusals of the other operations never count: retry refusing a
// complete rollout is the normal answer.
func healthOf(s dcplan.Snapshot) health {
	cfg := &s.Config
	v := cfg.Status.LatestVersion
	if v == 0 {
		return health{healthNone, "nothing rolled out yet: status.latestVersion is 0"}
	}
	d := history.Latest(cfg, s.Deployments).Candidate
	if d == nil || d.Version < v {
		return health{healthMissing, fmt.Sprintf("rollout #%d has no replication controller in the document (%s)",
			v, dcplan.DeploymentName(cfg.Name, v))}
	}
	what := fmt.Sprintf("rollout #%d (%s)", d.Version, d.Name)
	switch d.Phase {
	case dcplan.PhaseFailed:
		msg := what + " failed"
		if d.Reason != "" {
			msg += ": " + d.Reason
		}
		return health{healthFailed, msg}
	case dcplan.PhaseNew, dcplan.PhasePending, dcplan.PhaseRunning:
		msg := what + " is " + strings.ToLower(d.Phase.String())
		if d.Cancelled {
			msg += ", being cancelled"
		}
		if cfg.Paused {
			msg += ", and the DC is paused"
		}
		return health{healthProgressing, msg}
	case dcplan.PhaseComplete:
	default:
		if d.PhaseSpelling == "" {
			return health{healthUnknown, what + " has no phase annotation"}
		}
		return health{healthUnknown, fmt.Sprintf("%s has phase %q, none the controllers know", what, d.PhaseSpelling)}
	}
	st := conditions.RolloutStatus(s, 0)
	switch {
	case st.State == conditions.RolloutDone:
		return health{healthHealthy, what + " is complete"}
	case cfg.Paused:
		return health{healthHealthy, what + " is complete, and the DC is paused"}
	case st.State == conditions.RolloutInProgress:
		return health{healthProgressing, what + " is complete, but oc rollout status waits: " + strings.TrimSpace(st.Message)}
	}
	return health{healthFailed, what + " is complete, but oc rollout status fails: " + strings.TrimSpace(st.Message)}
}
