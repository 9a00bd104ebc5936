package dcplan

// valid reports whether s satisfies every invariant Validate checks. It
// is the allocation-free fast path of Validate: the checks of violations,
// written as one conjunction per object, so that a valid snapshot (the
// planners' steady state) costs a few nanoseconds per RC. violations
// builds the errors when valid says no; TestValidAgreesWithViolations
// keeps the two in step.
func (s *Snapshot) valid() bool {
	if !s.Settings.valid() || !configValid(&s.Config, true) || s.Requeues < 0 {
		return false
	}
	if !s.deploymentsValid() {
		return false
	}
	ns := s.Config.Namespace
	for i := range s.Pods {
		p := &s.Pods[i]
		if p.Name == "" || p.Phase > PodUnknown || !sameNamespace(ns, p.Namespace) {
			return false
		}
	}
	return !duplicatePod(s.Pods)
}

// valid is Settings.Validate() == nil, without building an error.
func (st *Settings) valid() bool {
	if st.Profile > Origin {
		return false
	}
	for i := range st.Environment {
		if st.Environment[i].Name == "" {
			return false
		}
	}
	return true
}

// sameNamespace reports whether an object in namespace got may belong to
// a config in namespace want; an empty namespace on either side matches.
func sameNamespace(want, got string) bool {
	return want == "" || got == "" || got == want
}

// configValid is validateConfig(c, ...) == nil; top says whether c is the
// snapshot's config (which must have a name) rather than an encoded one.
func configValid(c *Config, top bool) bool {
	return !(top && c.Name == "") && specValid(c) && triggersValid(c.Triggers)
}

// specValid is the part of configValid below the triggers, kept small
// enough to be inlined into the RC loop.
func specValid(c *Config) bool {
	st := &c.Strategy
	return c.Replicas >= 0 && c.Status.LatestVersion >= 0 &&
		(!c.HasRevisionHistoryLimit || c.RevisionHistoryLimit >= 0) &&
		(!st.HasTimeout || st.TimeoutSeconds >= 0) &&
		st.Type <= StrategyCustom &&
		(st.HasParams || st.Type != StrategyRolling && st.Type != StrategyRecreate)
}

// triggersValid reports whether every trigger has a known type.
func triggersValid(ts []Trigger) bool {
	for i := range ts {
		if t := ts[i].Type; t != TriggerConfigChange && t != TriggerImageChange {
			return false
		}
	}
	return true
}

// deploymentValid is validateDeployment(...) == nil for an RC of a config
// in namespace ns, its encoded Config aside (encodedValid).
func deploymentValid(ns string, d *Deployment) bool {
	// One sign test for the six counts: an OR of int32s is negative iff
	// one of them is.
	counts := d.Replicas | d.StatusReplicas | d.ReadyReplicas | d.AvailableReplicas | d.DesiredReplicas | d.SyncedReplicas
	return d.Name != "" && d.Version > 0 && d.Phase < NumPhases && counts >= 0 && sameNamespace(ns, d.Namespace)
}

// encodedValid reports whether d's encoded Config, if any, is valid.
func encodedValid(d *Deployment) bool {
	return d.Encoded == nil || specValid(d.Encoded) && triggersValid(d.Encoded.Triggers)
}

// deploymentsValid reports whether every RC is valid (deploymentValid)
// and no two share a name, nor, unless one is another controller's, a
// version: the RC checks of violations, in one pass over the RCs.
func (s *Snapshot) deploymentsValid() bool {
	rcs := s.Deployments
	if len(rcs) == 1 {
		return deploymentValid(s.Config.Namespace, &rcs[0]) && encodedValid(&rcs[0])
	}
	var small smallTable
	slots, pooled := tableSlots(2*len(rcs), &small)
	half := len(slots) / 2
	names := hashSet{slots: slots[:half], mask: uint64(half - 1)}
	versions := hashSet{slots: slots[half:], mask: uint64(half - 1)}
	ok := rcsValid(rcs, &s.Config, names, versions)
	releaseSlots(pooled)
	return ok
}

// rcsValid is deploymentsValid over the name and version sets. Versions
// in strictly increasing or decreasing order (the order of a history, and
// of most adapters' lists) cannot repeat, so the version set is filled
// only from the first RC that breaks the order on.
func rcsValid(rcs []Deployment, cfg *Config, names, versions hashSet) bool {
	ns, uid := cfg.Namespace, cfg.UID
	foreign := func(d *Deployment) bool { return d.HasController && d.Controller.UID != uid }
	ordered, up := true, len(rcs) > 1 && rcs[1].Version > rcs[0].Version
	for k := range rcs {
		d := &rcs[k]
		if !deploymentValid(ns, d) || !encodedValid(d) {
			return false
		}
		if names.addName(d.Name, k, func(j int) bool { return rcs[j].Name == d.Name }) {
			return false
		}
		if ordered && k > 0 && !inOrder(rcs[k-1].Version, d.Version, up) {
			ordered = false
			for j := range k { // the order broke: file what came before
				if !foreign(&rcs[j]) && versions.add(uint64(rcs[j].Version)) {
					return false
				}
			}
		}
		if !ordered && !foreign(d) && versions.add(uint64(d.Version)) {
			return false
		}
	}
	return true
}

// inOrder reports whether next strictly follows prev: above it when up,
// below it otherwise.
func inOrder(prev, next Version, up bool) bool {
	if up {
		return next > prev
	}
	return next < prev
}

// duplicatePod reports whether two pods share a name.
func duplicatePod(pods []Pod) bool {
	if len(pods) < 2 {
		return false
	}
	var small smallTable
	slots, pooled := tableSlots(len(pods), &small)
	dup := podDuplicate(pods, hashSet{slots: slots, mask: uint64(len(slots) - 1)})
	releaseSlots(pooled)
	return dup
}

// podDuplicate is duplicatePod over the name set names.
func podDuplicate(pods []Pod, names hashSet) bool {
	for k := range pods {
		if names.addName(pods[k].Name, k, func(j int) bool { return pods[j].Name == pods[k].Name }) {
			return true
		}
	}
	return false
}
