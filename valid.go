package dcplan

import "strings"

// valid reports whether s satisfies every invariant Validate checks. It
// is the allocation-free fast path of Validate: it asks whether the flaws
// of each object (flaws.go) are zero and looks for duplicates in one pass,
// so that a valid snapshot costs a few nanoseconds per object. violations
// builds the errors from the same flaws when valid says no;
// TestValidAgreesWithViolations keeps the two in step.
func (s *Snapshot) valid() bool {
	if !s.Settings.knownSwitches() || s.Settings.firstUnnamedEnv() >= 0 ||
		configFlaws(&s.Config) != 0 || s.Requeues < 0 {
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
// has no flaw. Its encoded Config is not judged (see Snapshot).
func deploymentValid(ns string, d *Deployment) bool {
	return rcFlaws(ns, d) == 0
}

// deploymentsValid reports whether every RC is valid (deploymentValid)
// and no two share a name: the RC checks of violations, in one pass over
// the RCs. Two RCs may share a version: real clusters hold such worlds
// (hand edits, restores), and the planners handle them as upstream does
// (SPEC 13.1).
//
// Names in a sorted list are distinct without a hash set: the pass checks
// that they are strictly monotone (see nameOrder), which they are in
// version order and in name order, the orders adapters list RCs in. Only
// a list in neither order (an informer cache's) pays for the set.
func (s *Snapshot) deploymentsValid() bool {
	rcs := s.Deployments
	ns := s.Config.Namespace
	if len(rcs) == 0 {
		return true
	}
	if !deploymentValid(ns, &rcs[0]) {
		return false
	}
	order := nameOrder{prev: rcs[0].Name, orders: allOrders}
	k := 1
	for ; k < len(rcs); k++ {
		d := &rcs[k]
		if !deploymentValid(ns, d) {
			return false
		}
		if !order.add(d.Name) {
			break
		}
	}
	if k == len(rcs) {
		return true
	}
	for i := k + 1; i < len(rcs); i++ {
		if !deploymentValid(ns, &rcs[i]) {
			return false
		}
	}
	var small smallTable
	slots, pooled := tableSlots(len(rcs), &small)
	dup := rcDuplicate(rcs, hashSet{slots: slots, mask: uint64(len(slots) - 1)})
	releaseSlots(pooled)
	return !dup
}

// rcDuplicate reports whether two RCs share a name, over the empty name
// set names.
func rcDuplicate(rcs []Deployment, names hashSet) bool {
	for k := range rcs {
		if names.addName(rcs[k].Name, k, func(j int) bool { return rcs[j].Name == rcs[k].Name }) {
			return true
		}
	}
	return false
}

// nameOrder follows a list of names, one add at a time, in four orders
// at once: byte-wise (strings.Compare) and shortlex (shorter first, then
// byte-wise), each ascending and descending. While the names are strictly
// monotone in one of them, they are distinct. An RC list in version order
// is shortlex-monotone when its names are <dc>-<version>; a list sorted
// by name is byte-wise ascending.
type nameOrder struct {
	prev   string
	orders uint8 // the orders the names so far are strictly monotone in
}

// The orders of nameOrder, as bits.
const (
	lexUp uint8 = 1 << iota
	lexDown
	shortlexUp
	shortlexDown
	allOrders = lexUp | lexDown | shortlexUp | shortlexDown
)

// add follows name and reports whether the names so far are still
// strictly monotone in one of the orders (false for a name equal to the
// previous one).
func (o *nameOrder) add(name string) bool {
	c := strings.Compare(o.prev, name)
	if c == 0 {
		o.orders = 0
		return false
	}
	m := lexDown
	if c < 0 {
		m = lexUp
	}
	switch {
	case len(o.prev) < len(name), len(o.prev) == len(name) && c < 0:
		m |= shortlexUp
	default:
		m |= shortlexDown
	}
	o.orders &= m
	o.prev = name
	return o.orders != 0
}

// duplicatePod reports whether two pods share a name: by their order
// alone when they are sorted (see nameOrder), through a hash set
// otherwise.
func duplicatePod(pods []Pod) bool {
	if len(pods) < 2 {
		return false
	}
	order := nameOrder{prev: pods[0].Name, orders: allOrders}
	k := 1
	for k < len(pods) && order.add(pods[k].Name) {
		k++
	}
	if k == len(pods) {
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
