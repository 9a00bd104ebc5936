package dcplan

// The invariants of Snapshot, each written once, as a flaw bit that one
// function per kind of object computes. Validate walks the snapshot once,
// asking each object for its flaws, and turns the bits of a flawed one
// into *FieldErrors naming the fields (validate.go).

import "slices"

// configFlaw is one way a Config breaks the invariants.
type configFlaw uint16

const (
	cfgNoName configFlaw = 1 << iota // metadata.name empty
	cfgNegativeReplicas
	cfgNegativeHistoryLimit
	cfgMissingParams // a Rolling or Recreate strategy without its parameters
	cfgUnknownStrategy
	cfgNegativeTimeout
	cfgUnknownTrigger // some trigger's type (see knownTrigger)
	cfgNegativeLatestVersion
)

// configFlaws returns the flaws of c, the snapshot's config. It must have
// a name, unless it is absent altogether: the deployer's snapshot of an RC
// holds no DC.
func configFlaws(c *Config) configFlaw {
	var f configFlaw
	st := &c.Strategy
	if c.Name == "" && (c.Namespace != "" || c.UID != "") {
		f |= cfgNoName // a DC without a name; none at all is a deployer's snapshot
	}
	if c.Replicas < 0 {
		f |= cfgNegativeReplicas
	}
	if c.HasRevisionHistoryLimit && c.RevisionHistoryLimit < 0 {
		f |= cfgNegativeHistoryLimit
	}
	switch st.Type {
	case StrategyRolling, StrategyRecreate:
		if !st.HasParams {
			f |= cfgMissingParams
		}
	case StrategyUnset, StrategyCustom:
	default:
		f |= cfgUnknownStrategy
	}
	if st.HasTimeout && st.TimeoutSeconds < 0 {
		f |= cfgNegativeTimeout
	}
	for i := range c.Triggers {
		if !knownTrigger(c.Triggers[i]) {
			f |= cfgUnknownTrigger
		}
	}
	if c.Status.LatestVersion < 0 {
		f |= cfgNegativeLatestVersion
	}
	return f
}

// knownTrigger reports whether t may appear in spec.triggers: any type
// but none, as the API server requires, in normal form: a known type
// without OtherType, or TriggerOther with a text no known type spells
// (which the codec would read back as that type).
func knownTrigger(t Trigger) bool {
	if t.Type != TriggerOther {
		return t.Type > TriggerUnset && t.Type < TriggerOther && t.OtherType == ""
	}
	// A spelling no controller acts on; looked up without building the
	// error ParseTriggerType would (Validate allocates nothing).
	return t.OtherType != "" && !slices.Contains(triggerNames[1:TriggerOther], t.OtherType)
}

// rcFlaw is one way a Deployment breaks the invariants.
type rcFlaw uint8

const (
	rcNoName rcFlaw = 1 << iota
	rcOtherNamespace
	rcUnknownPhase
	rcNegativeCount // one of the counts of negativeCounts
)

// rcFlaws returns the flaws of d, an RC of a config in namespace ns.
func rcFlaws(ns string, d *Deployment) rcFlaw {
	var f rcFlaw
	if d.Name == "" {
		f |= rcNoName
	}
	if !sameNamespace(ns, d.Namespace) {
		f |= rcOtherNamespace
	}
	if d.Phase >= NumPhases {
		f |= rcUnknownPhase
	}
	// One sign test for the four counts: an OR of int32s is negative iff
	// one of them is.
	if d.Replicas|d.StatusReplicas|d.ReadyReplicas|d.AvailableReplicas < 0 {
		f |= rcNegativeCount
	}
	return f
}

// negativeCounts are the replica counts of an RC that must not be negative,
// with the field paths Validate names: the fields the API server
// validates. The desired-replicas and replicas annotations are text a user
// may edit, so a negative one is a world clusters hold (SPEC 13.1), which
// the planners carry as upstream does (the deployer copies desired into
// replicas when a rollout completes, SPEC 2.2).
var negativeCounts = [...]struct {
	field string
	get   func(*Deployment) Replicas
}{
	{"spec.replicas", func(d *Deployment) Replicas { return d.Replicas }},
	{"status.replicas", func(d *Deployment) Replicas { return d.StatusReplicas }},
	{"status.readyReplicas", func(d *Deployment) Replicas { return d.ReadyReplicas }},
	{"status.availableReplicas", func(d *Deployment) Replicas { return d.AvailableReplicas }},
}

// podFlaw is one way a Pod breaks the invariants.
type podFlaw uint8

const (
	podNoName podFlaw = 1 << iota
	podOtherNamespace
	podUnknownPhase
)

// podFlaws returns the flaws of p, a pod of a config in namespace ns.
func podFlaws(ns string, p *Pod) podFlaw {
	var f podFlaw
	if p.Name == "" {
		f |= podNoName
	}
	if !sameNamespace(ns, p.Namespace) {
		f |= podOtherNamespace
	}
	if p.Phase > PodUnknown {
		f |= podUnknownPhase
	}
	return f
}

// sameNamespace reports whether an object in namespace got may belong to
// a config in namespace want; an empty namespace on either side matches.
func sameNamespace(want, got string) bool {
	return want == "" || got == "" || got == want
}
