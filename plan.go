package dcplan

import (
	"slices"
	"time"
)

// Plan is what one planner pass decides: the writes to make, the events to
// record, and whether to come back later. It is a plain value; a nil field
// means nothing of that kind.
//
// The fields are declared in the order an adapter applies them. This order
// is the adapter contract:
//
//  1. Adopt, then Release: owner references of RCs (SPEC 3.3); those
//     marked Live go right after the CreateRC of their RC (SPEC 3.2.12).
//  2. Instantiate: the instantiate request of oc's rollout latest. Then
//     UpdateConfig: DC spec writes (rollback, pause/resume, Origin replica
//     sync, the fallback bump of a rollout latest the server could not
//     instantiate). The DC learns a hand-scaled count before RCs are
//     rewritten.
//  3. CreatePods, SetPodOwners, SetPodDeadlines, DeletePods: a deployer pod
//     exists before its RC says Pending.
//  4. CreateRCs: a new RC exists before old ones are pruned.
//  5. Cancels, Scales, Transitions: RC updates.
//  6. DeleteRCs: history cleanup, oldest first.
//  7. Status: the one DC status write.
//  8. Events: each where its After places it (SPEC 13.1), not all last:
//     right after the action it names, before every write (AtStart), or
//     here, after every write, for the zero ActionRef. wire.Requests
//     renders the whole order.
//
// On a failed write the adapter adds the failure to Snapshot.Outcome and
// plans again from the same snapshot; the new plan begins with the
// requests already sent (see the package documentation and wire.RunPass).
// Wait and RecheckAfter tell it when to plan again even if nothing
// changes.
//
// Invariant: within each slice, actions are in a documented deterministic
// order (SPEC 11 item 9): the DC controller cancels and scales by version
// descending and deletes oldest first; RCs of one version keep their list
// order, as upstream's sort does (SPEC 13.1, and the conformance
// recordings), in the DC controller and in oc's commands. The deployer's
// pass over every RC (phase.StepAll) takes RCs of one version by name
// descending.
type Plan struct {
	Adopt           []Adopt
	Release         []Release
	Instantiate     []Instantiate
	UpdateConfig    []ConfigUpdate
	CreatePods      []CreatePod
	SetPodOwners    []SetPodOwner
	SetPodDeadlines []SetPodDeadline
	DeletePods      []DeletePod
	CreateRCs       []CreateRC
	Cancels         []Cancel
	Scales          []Scale
	Transitions     []Transition
	DeleteRCs       []DeleteRC
	// Status is the DC status write, nil when the status is unchanged
	// (SPEC 3.9 write rule).
	Status *StatusUpdate
	Events []Event

	// Wait is why the plan is not the last word; WaitNone if it is.
	Wait WaitReason
	// Message is the text upstream would have returned from its handler
	// on this pass (SPEC 1.7), for logs: a requeue reason, a stale-cache
	// notice, a create error. Empty when upstream returned nil.
	Message string
	// Error is the class of Message: how upstream's work queue treats the
	// item (SPEC 1.7). ErrorNone exactly when Message is empty.
	Error ErrorClass
	// RecheckAfter, when positive, is how long until a deadline the plan
	// depends on passes (e.g. the New-phase timeout, SPEC 4.3.new.3).
	RecheckAfter time.Duration
}

// Actions reports the number of writes and events in the plan.
func (p Plan) Actions() int {
	n := len(p.Adopt) + len(p.Release) + len(p.UpdateConfig) + len(p.Instantiate) + len(p.CreatePods) +
		len(p.SetPodOwners) + len(p.SetPodDeadlines) + len(p.DeletePods) + len(p.CreateRCs) +
		len(p.Cancels) + len(p.Scales) + len(p.Transitions) + len(p.DeleteRCs) + len(p.Events)
	if p.Status != nil {
		n++
	}
	return n
}

// HasWrites reports whether the plan changes any object (events aside).
func (p Plan) HasWrites() bool { return p.Actions()-len(p.Events) > 0 }

// IsEmpty reports whether the plan has nothing to do and nothing to wait
// for: the world is at its fixed point. A RecheckAfter that is not
// positive names no deadline.
func (p Plan) IsEmpty() bool {
	return p.Actions() == 0 && p.Wait == WaitNone && p.Message == "" && p.RecheckAfter <= 0
}

// Merge returns p followed by q, field by field, in new action slices
// that alias neither (the actions themselves are copied as values: slices
// inside them, such as a status write's conditions, stay shared). The
// outcome fields (Wait, Message, Error) come from p when p waits or has a
// Message, else from q; the earlier of two RecheckAfter wins. q's Status
// write is taken only when p has none.
func (p Plan) Merge(q Plan) Plan {
	var out Plan
	out.Append(p)
	out.Append(q)
	return out
}

// Append adds q to p in place, with the rules of Merge. The slices of p
// must be p's own (not shared with another plan or a snapshot): Append may
// grow them. Use it to gather many plans in linear time.
func (p *Plan) Append(q Plan) {
	if q.IsEmpty() {
		return // the common case of a pass over many RCs at rest
	}
	before := p.Counts()
	p.Adopt = append(p.Adopt, q.Adopt...)
	p.Release = append(p.Release, q.Release...)
	p.UpdateConfig = append(p.UpdateConfig, q.UpdateConfig...)
	p.Instantiate = append(p.Instantiate, q.Instantiate...)
	p.CreatePods = append(p.CreatePods, q.CreatePods...)
	p.SetPodOwners = append(p.SetPodOwners, q.SetPodOwners...)
	p.SetPodDeadlines = append(p.SetPodDeadlines, q.SetPodDeadlines...)
	p.DeletePods = append(p.DeletePods, q.DeletePods...)
	p.CreateRCs = append(p.CreateRCs, q.CreateRCs...)
	p.Cancels = append(p.Cancels, q.Cancels...)
	p.Scales = append(p.Scales, q.Scales...)
	p.Transitions = append(p.Transitions, q.Transitions...)
	p.DeleteRCs = append(p.DeleteRCs, q.DeleteRCs...)
	for _, e := range q.Events {
		if e.After.Kind != ActionNone && e.After.Kind != ActionStatus {
			e.After.Index += before[e.After.Kind]
		}
		p.Events = append(p.Events, e)
	}
	if p.Status == nil && q.Status != nil {
		st := *q.Status
		p.Status = &st
	}
	if p.Wait == WaitNone && p.Message == "" {
		p.Wait, p.Message, p.Error = q.Wait, q.Message, q.Error
	}
	if q.RecheckAfter > 0 && (p.RecheckAfter <= 0 || q.RecheckAfter < p.RecheckAfter) {
		p.RecheckAfter = q.RecheckAfter
	}
}

// Counts returns how many actions of each kind p holds, indexed by
// ActionKind (the status write counts as one ActionStatus).
func (p *Plan) Counts() [NumActionKinds]int {
	var n [NumActionKinds]int
	n[ActionAdopt] = len(p.Adopt)
	n[ActionRelease] = len(p.Release)
	n[ActionInstantiate] = len(p.Instantiate)
	n[ActionUpdateConfig] = len(p.UpdateConfig)
	n[ActionCreatePod] = len(p.CreatePods)
	n[ActionSetPodOwner] = len(p.SetPodOwners)
	n[ActionSetPodDeadline] = len(p.SetPodDeadlines)
	n[ActionDeletePod] = len(p.DeletePods)
	n[ActionCreateRC] = len(p.CreateRCs)
	n[ActionCancel] = len(p.Cancels)
	n[ActionScale] = len(p.Scales)
	n[ActionTransition] = len(p.Transitions)
	n[ActionDeleteRC] = len(p.DeleteRCs)
	if p.Status != nil {
		n[ActionStatus] = 1
	}
	return n
}

// Rules returns the rules the plan's writes cite, in contract order, each
// once: what a reader looks up in the rule index (docs/rules.md) to see
// why the plan does what it does. (Events cite the rule of the write they
// describe, or the text they are.)
func (p *Plan) Rules() []Rule {
	var out []Rule
	add := func(r Rule) {
		if r != "" && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	for _, a := range p.Adopt {
		add(a.Rule)
	}
	for _, a := range p.Release {
		add(a.Rule)
	}
	for _, a := range p.Instantiate {
		add(a.Rule)
	}
	for _, a := range p.UpdateConfig {
		add(a.Rule)
	}
	for _, a := range p.CreatePods {
		add(a.Rule)
	}
	for _, a := range p.SetPodOwners {
		add(a.Rule)
	}
	for _, a := range p.SetPodDeadlines {
		add(a.Rule)
	}
	for _, a := range p.DeletePods {
		add(a.Rule)
	}
	for _, a := range p.CreateRCs {
		add(a.Rule)
	}
	for _, a := range p.Cancels {
		add(a.Rule)
	}
	for _, a := range p.Scales {
		add(a.Rule)
	}
	for _, a := range p.Transitions {
		add(a.Rule)
	}
	for _, a := range p.DeleteRCs {
		add(a.Rule)
	}
	if p.Status != nil {
		add(p.Status.Rule)
	}
	return out
}
