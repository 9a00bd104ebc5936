package reconcile

import (
	"strings"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// Messages of the status.details the triggers record (SPEC 3.5).
const (
	detailsConfigChange = "config change"
	detailsImageChange  = "image change"
	detailsManualChange = "manual change"
)

// decision is the outcome of trigger evaluation. It replaces upstream's
// (trigger, skip bool, err error) triple (STYLE A6).
type decision uint8

const (
	// noTrigger: nothing fired; go on to reconcile or create.
	noTrigger decision = iota
	// fire: bump status.latestVersion by one with the recorded details.
	fire
	// skipForImages: the initial rollout waits for every ImageChange
	// trigger to have a lastTriggeredImage; status only.
	skipForImages
	// decodeFailed: the latest RC's encoded DC cannot be read.
	decodeFailed
)

// triggerOutcome carries a decision and what goes with it.
type triggerOutcome struct {
	decision decision
	// details replace status.details when decision is fire.
	details dcplan.Details
	// err is the evaluation error text when decision is decodeFailed.
	err string
}

// hasTrigger reports whether cfg has a trigger of type t (SPEC 5.15
// HasChangeTrigger / HasImageChangeTrigger).
func hasTrigger(cfg *dcplan.Config, t dcplan.TriggerType) bool {
	for i := range cfg.Triggers {
		if cfg.Triggers[i].Type == t {
			return true
		}
	}
	return false
}

// hasLastTriggeredImage reports whether cfg has at least one ImageChange
// trigger and every one of them has a lastTriggeredImage (SPEC 5.15).
func hasLastTriggeredImage(cfg *dcplan.Config) bool {
	n := 0
	for i := range cfg.Triggers {
		t := &cfg.Triggers[i]
		if t.Type != dcplan.TriggerImageChange {
			continue
		}
		if t.LastTriggeredImage == "" {
			return false
		}
		n++
	}
	return n > 0
}

// unresolvedImage reports whether some container of the DC template has an
// image that is empty after trimming white space (SPEC 3.2.9).
func unresolvedImage(cfg *dcplan.Config) bool {
	for _, c := range cfg.Template.Containers {
		if strings.TrimSpace(c.Image) == "" {
			return true
		}
	}
	return false
}

// imagesChanged reports whether some container image of the DC template is
// not among the container images of rc's template: set membership over
// all containers, whatever the triggers' containerNames (SPEC 3.5.5,
// 10.7; in every preset, SPEC 11.7). The DC's images are trimmed of
// surrounding whitespace first, as
// the RC's were when it was made (SPEC 3.8), and so are the RC's (one
// made by hand may hold the image padded as the DC does), unless
// untrimmed (UntrimmedImages: upstream compares them as written). It does
// not allocate.
func imagesChanged(cfg *dcplan.Config, rc *dcplan.Deployment, untrimmed bool) bool {
	for _, c := range cfg.Template.Containers {
		if !hasImage(rc.Template.Containers, c.Image, untrimmed) {
			return true
		}
	}
	return false
}

// comparedImage is a container image as the image-change trigger
// compares it: trimmed of surrounding whitespace, unless untrimmed.
func comparedImage(image string, untrimmed bool) string {
	if untrimmed {
		return image
	}
	return strings.TrimSpace(image)
}

// hasImage reports whether some container of cs runs image, both compared
// as comparedImage says.
func hasImage(cs []dcplan.Container, image string, untrimmed bool) bool {
	image = comparedImage(image, untrimmed)
	for _, c := range cs {
		if comparedImage(c.Image, untrimmed) == image {
			return true
		}
	}
	return false
}

// imageChangeDetails records one ImageChange cause per DC container image
// missing from rc (compared as imagesChanged compares them), in DC
// container order (duplicates kept, as upstream), each as the DC spells it.
func imageChangeDetails(cfg *dcplan.Config, rc *dcplan.Deployment, untrimmed bool) dcplan.Details {
	d := dcplan.Details{Message: detailsImageChange}
	for _, c := range cfg.Template.Containers {
		if !hasImage(rc.Template.Containers, c.Image, untrimmed) {
			d.Causes = append(d.Causes, dcplan.Cause{Type: dcplan.TriggerImageChange, Image: c.Image, FromKind: "DockerImage"})
		}
	}
	return d
}

// configChangeDetails is the "config change" record.
func configChangeDetails() dcplan.Details {
	return dcplan.Details{Message: detailsConfigChange, Causes: []dcplan.Cause{{Type: dcplan.TriggerConfigChange}}}
}

// evaluateTriggers decides whether the DC's triggers start a rollout (SPEC
// 3.5; the rule of SPEC 0.5). The rules, in order:
//
//  0. A paused DC (paused): no trigger (SPEC 3.5.1, "Paused => (no,
//     no)").
//  1. No ImageChange and no ConfigChange trigger: no trigger. (The
//     automatic flag of image triggers is not consulted, SPEC 3.5.2.)
//  2. Initial rollout (status.latestVersion 0): with an ImageChange
//     trigger, fire ("config change") once every ImageChange trigger has
//     a lastTriggeredImage, else skip for images; with only a ConfigChange
//     trigger, fire ("config change") (SPEC 3.5.3).
//  3. The latest RC does not exist: no trigger (it is about to be
//     created, SPEC 3.5.4).
//  4. An ImageChange trigger and a DC image (trimmed of surrounding
//     whitespace, as the RC's were, unless UntrimmedImages) missing from
//     the latest RC:
//     fire ("image change", one cause per missing image) (SPEC 3.5.5).
//  5. A ConfigChange trigger: the latest RC's encoded DC must decode (else
//     decodeFailed); a pod template that differs from the DC's (by
//     Template.Hash) fires ("config change") (SPEC 3.5.6). Without a
//     ConfigChange trigger the template is not compared.
//  6. Otherwise no trigger (SPEC 3.5.7).
//
// paused is whether the DC controller takes the DC for paused: with
// Paused = PausedFirst a paused DC never gets here (SPEC 3.2.5); with
// PausedNoCreate it does, and rule 0 holds it; with PausedIgnored the
// controller has no paused concept and the caller passes false.
// evaluateTriggers allocates only when something fires.
//
// Ports: deploymentconfig_controller.go triggerActivated.
func evaluateTriggers(cfg *dcplan.Config, paused bool, latest history.LatestInfo, untrimmed bool) triggerOutcome {
	image := hasTrigger(cfg, dcplan.TriggerImageChange)
	config := hasTrigger(cfg, dcplan.TriggerConfigChange)
	switch {
	case paused, !image && !config:
		return triggerOutcome{decision: noTrigger}
	case cfg.Status.LatestVersion == 0 && image:
		if hasLastTriggeredImage(cfg) {
			return triggerOutcome{decision: fire, details: configChangeDetails()}
		}
		return triggerOutcome{decision: skipForImages}
	case cfg.Status.LatestVersion == 0:
		return triggerOutcome{decision: fire, details: configChangeDetails()}
	case !latest.Exists:
		return triggerOutcome{decision: noTrigger}
	}
	rc := latest.Candidate
	if image && imagesChanged(cfg, rc, untrimmed) {
		return triggerOutcome{decision: fire, details: imageChangeDetails(cfg, rc, untrimmed)}
	}
	if config {
		enc := rc.Encoded
		if enc == nil {
			why := msgNoEncodedConfig(rc.Name)
			if p := rc.EncodedProblem; p != "" {
				why = p // present but undecodable: the decoder's complaint
			}
			return triggerOutcome{decision: decodeFailed, err: why}
		}
		if enc.Template.Hash != cfg.Template.Hash {
			return triggerOutcome{decision: fire, details: configChangeDetails()}
		}
	}
	return triggerOutcome{decision: noTrigger}
}
