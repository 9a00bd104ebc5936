package dcplan

// valid reports whether s satisfies every invariant Validate checks. It
// is the allocation-free fast path of Validate: it asks whether the flaws
// of each object (flaws.go) are zero and looks for duplicates in one pass,
// so that a valid snapshot costs a few nanoseconds per object. violations
// builds the errors from the same flaws when valid says no;
// TestValidAgreesWithViolations keeps the two in step.
func (s *Snapshot) valid() bool {
	if !s.Settings.knownSwitches() || s.Settings.firstUnnamedEnv() >= 0 ||
		configFlaws(&s.Config, true) != 0 || s.Requeues < 0 {
		return false
	}
	if !s.deploymentsValid() {
		return false
	}
	ns := s.Config.Namespace
	for i := range s.Pods {
		if podFlaws(ns, &s.Pods[i]) != 0 {
			return false
		}
	}
	return !duplicatePod(s.Pods)
}

// deploymentValid reports whether d, an RC of a config in namespace ns,
// and its encoded Config have no flaw.
func deploymentValid(ns string, d *Deployment) bool {
	return rcFlaws(ns, d) == 0 && (d.Encoded == nil || configFlaws(d.Encoded, false) == 0)
}

// deploymentsValid reports whether every RC is valid (deploymentValid)
// and no two share a name: the RC checks of violations, in one pass over
// the RCs. Two RCs may share a version: real clusters hold such worlds
// (hand edits, restores), and the planners handle them as upstream does
// (SPEC 13.1).
func (s *Snapshot) deploymentsValid() bool {
	rcs := s.Deployments
	if len(rcs) == 1 {
		return deploymentValid(s.Config.Namespace, &rcs[0])
	}
	var small smallTable
	slots, pooled := tableSlots(len(rcs), &small)
	names := hashSet{slots: slots, mask: uint64(len(slots) - 1)}
	ok := rcsValid(rcs, s.Config.Namespace, names)
	releaseSlots(pooled)
	return ok
}

// rcsValid is deploymentsValid over the name set names.
func rcsValid(rcs []Deployment, ns string, names hashSet) bool {
	for k := range rcs {
		d := &rcs[k]
		if !deploymentValid(ns, d) {
			return false
		}
		if names.addName(d.Name, k, func(j int) bool { return rcs[j].Name == d.Name }) {
			return false
		}
	}
	return true
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
