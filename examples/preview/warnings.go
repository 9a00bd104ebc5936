package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// Warning codes (the "code" of -o json).
const (
	warnMissingPhase     = "missing-phase"      // an RC without a phase annotation (or an empty one)
	warnUnknownPhase     = "unknown-phase"      // an RC whose phase annotation is none of the five
	warnUnreadableVer    = "unreadable-version" // an RC without a readable version annotation
	warnEncodedConfig    = "encoded-config"     // an RC whose encoded DC does not decode
	warnCancelledValue   = "cancelled-value"    // a cancelled annotation that is not "true"
	warnDuplicateVersion = "duplicate-version"  // two RCs of one version
	warnStatusBehind     = "status-behind"      // an RC newer than status.latestVersion
	warnLatestMissing    = "latest-missing"     // no RC of status.latestVersion
	warnForeignRC        = "foreign-rc"         // an RC labelled for the DC that another controller owns
	warnKindlessItem     = "kindless-item"      // a List item without a kind, which preview skips
)

// warning is one inconsistency of the input.
type warning struct {
	Code    string `json:"code"`
	Object  string `json:"object"`
	Message string `json:"message"`
}

// inconsistencies lists what in s makes the preview read oddly: per RC
// in version order, its phase, version, encoded DC and cancelled
// annotations when the controllers read them otherwise than a person
// would; then RCs sharing a version, a DC status behind its RCs or ahead
// of them, and RCs the DC controller skips because another controller
// owns them.
func inconsistencies(s dcplan.Snapshot) []warning {
	ws := []warning{}
	add := func(code, object, format string, args ...any) {
		ws = append(ws, warning{code, object, fmt.Sprintf(format, args...)})
	}
	rcs := history.Sorted(s.Deployments)
	for _, d := range rcs {
		obj := "rc/" + d.Name
		ann := annotationsOf(d.Raw)
		switch {
		case d.Phase == dcplan.PhaseUnknown && d.PhaseSpelling != "":
			add(warnUnknownPhase, obj, "%s is %q, none of New, Pending, Running, Complete, Failed: "+
				"the controllers read no phase, and oc prints it as written (e.g. \"#%d is %s;\")",
				dcplan.AnnotationPhase, d.PhaseSpelling, d.Version, d.PhaseSpelling)
		case d.Phase == dcplan.PhaseUnknown:
			add(warnMissingPhase, obj, "no %s annotation (or an empty one): the controllers and oc read the empty phase, "+
				"so texts below show a blank where its phase belongs (e.g. \"#%d is ;\")", dcplan.AnnotationPhase, d.Version)
		}
		if d.Version == dcplan.NoVersion {
			raw, has := ann[dcplan.AnnotationLatestVersion]
			why := "no " + dcplan.AnnotationLatestVersion + " annotation"
			if has {
				why = fmt.Sprintf("%s is %q, not a number", dcplan.AnnotationLatestVersion, raw)
			}
			add(warnUnreadableVer, obj, "%s: oc and the controllers read version -1 (#-1 below): "+
				"it is never the DC's latest or active rollout, and history cleanup takes it for the oldest", why)
		}
		if d.EncodedProblem != "" {
			add(warnEncodedConfig, obj, "%s does not decode (%s): the deployer cannot start it (a New RC waits), "+
				"and rollout undo, rollback and the config-change trigger cannot read the DC it was made from",
				dcplan.AnnotationEncodedConfig, d.EncodedProblem)
		}
		if v, has := ann[dcplan.AnnotationCancelled]; has && !d.Cancelled {
			add(warnCancelledValue, obj, "%s is %q: only %q (any case) cancels, so the controllers and oc read it as not cancelled",
				dcplan.AnnotationCancelled, v, dcplan.CancelledValue)
		}
	}
	for i := 0; i < len(rcs); {
		j := i + 1
		for j < len(rcs) && rcs[j].Version == rcs[i].Version {
			j++
		}
		if j-i > 1 && rcs[i].Version != dcplan.NoVersion {
			var names []string
			for _, d := range rcs[i:j] {
				names = append(names, "rc/"+d.Name)
			}
			add(warnDuplicateVersion, strings.Join(names, ", "), "%d RCs share version %d (a restore, or a hand copy): "+
				"the controllers take the first in list order for that rollout, so what follows depends on the order of the document",
				j-i, rcs[i].Version)
		}
		i = j
	}
	latest := s.Config.Status.LatestVersion
	if n := len(rcs); n > 0 && rcs[n-1].Version > latest {
		d := rcs[n-1]
		add(warnStatusBehind, "dc/"+s.Config.Name, "status.latestVersion is %d but rc/%s has version %d: the DC status is behind its RCs "+
			"(read mid-update, or the controller has not caught up), so sections below may disagree",
			latest, d.Name, d.Version)
	}
	if latest > 0 && !slices.ContainsFunc(rcs, func(d dcplan.Deployment) bool { return d.Version >= latest }) {
		if len(rcs) == 0 {
			add(warnLatestMissing, "dc/"+s.Config.Name, "status.latestVersion is %d but the document holds no RC of the DC: "+
				"was it `oc get dc` alone? pipe `oc get dc,rc,pods -o json`", latest)
		} else {
			add(warnLatestMissing, "dc/"+s.Config.Name, "status.latestVersion is %d but the document holds no RC of that version (%s): "+
				"the controller has not created it yet, or the document lacks it", latest, dcplan.DeploymentName(s.Config.Name, latest))
		}
	}
	for _, d := range rcs {
		if d.HasController && d.Controller.UID != s.Config.UID {
			owner := fmt.Sprintf("%s %s (uid %s)", d.Controller.Kind, d.Controller.Name, d.Controller.UID)
			add(warnForeignRC, "rc/"+d.Name, "labelled for dc/%s but controlled by %s, not by this DC (uid %s): "+
				"the DC controller skips it (rule 3.3), oc rollout history still lists it",
				s.Config.Name, owner, s.Config.UID)
		}
	}
	return ws
}

// annotationsOf reads metadata.annotations of an object's JSON, for the
// warnings that quote an annotation as written; nil when there are none
// or raw does not read.
func annotationsOf(raw dcplan.RawJSON) map[string]string {
	var obj struct {
		Metadata struct {
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	if json.Unmarshal(raw, &obj) != nil {
		return nil
	}
	return obj.Metadata.Annotations
}

// kindlessItems warns of the items of a kind: List document that have no
// kind: the decoder cannot tell what they are and skips them (a typed
// list, ReplicationControllerList, implies its items' kind). It returns
// none for any other document, or one that does not read.
func kindlessItems(data []byte) []warning {
	var doc struct {
		Kind  string `json:"kind"`
		Items []struct {
			Kind     *string `json:"kind"`
			Metadata struct {
				Name string `json:"name"`
			} `json:"metadata"`
		} `json:"items"`
	}
	if json.Unmarshal(data, &doc) != nil || doc.Kind != "List" {
		return nil
	}
	var ws []warning
	for i, it := range doc.Items {
		if it.Kind != nil && *it.Kind != "" {
			continue
		}
		name := ""
		if it.Metadata.Name != "" {
			name = " (metadata.name " + strconv.Quote(it.Metadata.Name) + ")"
		}
		ws = append(ws, warning{warnKindlessItem, "items[" + strconv.Itoa(i) + "]", "a List item without a kind" + name +
			": preview cannot tell a DC from an RC or a pod and skipped it; `oc get -o json` prints every item's kind"})
	}
	return ws
}
