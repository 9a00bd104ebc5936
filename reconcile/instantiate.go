package reconcile

import (
	"fmt"

	"github.com/dcplan/dcplan"
)

// Instantiate plans what the API server's instantiate subresource
// (POST deploymentconfigs/<dc>/instantiate) does with the request
// {name, latest, force} for s.Config: on success, one status write that
// moves status.latestVersion up by one and replaces status.details with the
// causes of the new rollout; the DC controller then creates the RC. The
// rules, in order:
//
//  1. An invalid snapshot, or one without a DC: the ValidateConfig error
//     (wrapping dcplan.ErrInvalidSnapshot).
//  2. A paused DC (SPEC 11a.10): Invalid (ErrInvalid), forced or not, `DeploymentRequest.apps.openshift.io
//     "<dc>" is invalid: spec.paused: Invalid value: true: deployment config
//     "<dc>" is paused - unpause to request a new deployment`.
//  3. The previous DC is the one encoded in the RC <dc>-<latestVersion>
//     (the DC itself when latestVersion is 0). That RC missing:
//     `replicationcontrollers "<rc>" not found` (dcplan.ErrNotFound); no
//     encoded DC: an internal error (ErrInternal), `Internal error
//     occurred: object <rc> does not have encoded deployment config
//     annotation`, or with the decoder's complaint for an annotation that
//     does not decode.
//  4. Each ImageChange trigger without a lastTriggeredImage is unresolved;
//     any unresolved one is BadRequest (ErrBadRequest), `cannot trigger a
//     deployment for "<dc>" because it contains unresolved images`.
//     Automatic, resolved triggers add an ImageChange cause (an
//     ImageStreamTag reference: the trigger's from.name and namespace,
//     SPEC 11a item 11) once the image change is established: initial
//     rollout, a trigger absent from the previous DC, or a
//     lastTriggeredImage that differs from the previous DC's (once
//     established, every later automatic trigger adds its cause too, as
//     upstream's loop does).
//  5. force: the causes become one Manual cause, message "manual change".
//  6. Else a ConfigChange trigger with no image cause fires ("config
//     change") on the initial rollout or when the pod template differs
//     from the previous DC's (by Template.Hash).
//  7. Nothing fired: no write; the plan's Message is upstream's 204 status
//     text `deployment config "<dc>" cannot be instantiated`.
//
// latest asks the server to resolve the image-change triggers against
// their image streams first (processTriggers). A Snapshot carries no image
// streams, so the caller does that resolution before calling: it writes
// the resolved images into s.Config's template and the triggers'
// lastTriggeredImage, exactly the fields processTriggers changes.
// Instantiate accepts latest for the request's sake and decides from the
// DC as given.
//
// Ports: openshift-apiserver registry/deployconfig instantiate.go
// (*REST).Create, canTrigger, decodeFromLatestDeployment; apps validation
// ValidateRequestForDeploymentConfig.
func Instantiate(s dcplan.Snapshot, latest, force bool) (dcplan.Plan, error) {
	if err := s.ValidateConfig(); err != nil {
		return dcplan.Plan{}, fmt.Errorf("reconcile: instantiate: %w", err)
	}
	cfg := &s.Config
	if cfg.Paused {
		return dcplan.Plan{}, &dcplan.Refusal{Err: ErrInvalid, Text: fmt.Sprintf(
			"DeploymentRequest.apps.openshift.io %q is invalid: spec.paused: Invalid value: true: deployment config %q is paused - unpause to request a new deployment",
			cfg.Name, cfg.Name)}
	}
	prev, err := previousConfig(s)
	if err != nil {
		return dcplan.Plan{}, err
	}
	details, ok, err := instantiateCauses(*cfg, prev, force)
	if err != nil {
		return dcplan.Plan{}, err
	}
	if !ok {
		return dcplan.Plan{Message: fmt.Sprintf("deployment config %q cannot be instantiated", cfg.Name)}, nil
	}
	if atMaxVersion(cfg) {
		return dcplan.Plan{}, refuseMaxVersion(cfg)
	}
	return dcplan.Plan{Status: versionBump(cfg, ruleInstantiate, &details)}, nil
}

// previousConfig returns the DC encoded in the RC of status.latestVersion,
// or s.Config itself for an initial rollout.
//
// Ports: instantiate.go decodeFromLatestDeployment.
func previousConfig(s dcplan.Snapshot) (dcplan.Config, error) {
	cfg := &s.Config
	if cfg.Status.LatestVersion == 0 {
		return *cfg, nil
	}
	name := dcplan.DeploymentName(cfg.Name, cfg.Status.LatestVersion)
	rc, ok := s.Deployment(name)
	if !ok {
		return dcplan.Config{}, &dcplan.Refusal{Err: dcplan.ErrNotFound, Text: fmt.Sprintf("replicationcontrollers %q not found", name)}
	}
	enc := rc.Encoded
	if enc == nil {
		why := msgNoEncodedConfig(name)
		if p := rc.EncodedProblem; p != "" {
			why = p // present but undecodable: the decoder's complaint
		}
		return dcplan.Config{}, &dcplan.Refusal{Err: ErrInternal, Text: "Internal error occurred: " + why}
	}
	return *enc, nil
}

// instantiateCauses decides whether a rollout can be triggered and with
// which details (rules 4-7 of Instantiate).
//
// Ports: instantiate.go canTrigger.
func instantiateCauses(cfg, prev dcplan.Config, force bool) (dcplan.Details, bool, error) {
	var causes []dcplan.Cause
	unresolved, byImage := false, false
	for _, t := range cfg.Triggers {
		if t.Type != dcplan.TriggerImageChange {
			continue
		}
		if t.LastTriggeredImage == "" {
			unresolved = true
			continue
		}
		if !t.Automatic {
			continue
		}
		if cfg.Status.LatestVersion == 0 || hasUpdatedTriggers(cfg, prev) || triggeredByDifferentImage(t, prev) {
			byImage = true
		}
		if byImage {
			causes = append(causes, dcplan.Cause{Type: dcplan.TriggerImageChange, Image: t.FromName,
				FromKind: "ImageStreamTag", FromNamespace: t.FromNamespace})
		}
	}
	if unresolved {
		return dcplan.Details{}, false, &dcplan.Refusal{Err: ErrBadRequest,
			Text: fmt.Sprintf("cannot trigger a deployment for %q because it contains unresolved images", cfg.Name)}
	}
	if force {
		return dcplan.Details{Message: detailsManualChange, Causes: []dcplan.Cause{{Type: dcplan.TriggerManual}}}, true, nil
	}
	if hasTrigger(&cfg, dcplan.TriggerConfigChange) && len(causes) == 0 &&
		(cfg.Status.LatestVersion == 0 || cfg.Template.Hash != prev.Template.Hash) {
		return configChangeDetails(), true, nil
	}
	if !byImage {
		return dcplan.Details{}, false, nil
	}
	return dcplan.Details{Message: detailsImageChange, Causes: causes}, true, nil
}

// hasUpdatedTriggers reports whether cur has an ImageChange trigger whose
// from (namespace and name) no ImageChange trigger of prev has.
//
// Ports: instantiate.go hasUpdatedTriggers.
func hasUpdatedTriggers(cur, prev dcplan.Config) bool {
	for _, ct := range cur.Triggers {
		if ct.Type != dcplan.TriggerImageChange {
			continue
		}
		found := false
		for _, pt := range prev.Triggers {
			if pt.Type == dcplan.TriggerImageChange && pt.FromNamespace == ct.FromNamespace && pt.FromName == ct.FromName {
				found = true
				break
			}
		}
		if !found {
			return true
		}
	}
	return false
}

// triggeredByDifferentImage reports whether the first ImageChange trigger
// of prev with t's from has another lastTriggeredImage.
//
// Ports: instantiate.go triggeredByDifferentImage.
func triggeredByDifferentImage(t dcplan.Trigger, prev dcplan.Config) bool {
	for _, pt := range prev.Triggers {
		if pt.Type != dcplan.TriggerImageChange || pt.FromName != t.FromName || pt.FromNamespace != t.FromNamespace {
			continue
		}
		return pt.LastTriggeredImage != t.LastTriggeredImage
	}
	return false
}
