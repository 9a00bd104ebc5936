package fake

import (
	"cmp"
	"maps"
	"reflect"
	"slices"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/dcstatus"
)

// PodModel drives what the controllers do not: deployer pods (scheduling,
// running, scaling the new RC up and the old ones down, succeeding or
// failing), hook pods, and the replication manager (RC status following
// spec). Durations are drawn uniformly from [Min, Max] with the
// simulator's generator, unless a script names the RC.
//
// A deployer pod's process does what openshift/oc's deployer process
// (the openshift-deploy command, pkg/cli/deployer) does; SPEC describes
// the controllers, not this process, so only its helpers are SPEC's.
// When the pod starts running, the process lists the DC's RCs, newest
// first (SPEC 5.7), and picks the RC to move from: the newest Complete
// one (SPEC 5.3) other than its own, if any. It fails at once when that
// one is newer than its own, as upstream's "deployment <rc> is older
// than <from>" does. Every other RC with spec.replicas > 0 it scales to
// 0 before its strategy, one at a time, newest first, with one scale
// each (no pacing), waiting for each until its status shows no replicas
// (at most 120 s, after which upstream logs the error and goes on).
//
// Then it runs its rollout's strategy, as the RC's encoded DC has it:
// the pre hook pod first (when the script has one), to its end, before
// any scaling; then Rolling (with an RC to move from) scales the new RC
// up and that one down no faster than its run's share of time allows
// and within the fenceposts (SPEC 5.16: the specs' total at most desired
// + maxSurge, the available replicas at least desired -
// maxUnavailable), while Recreate (and a Rolling rollout with no RC to
// move from, which upstream hands to its initial Recreate strategy)
// scales the RC it moves from, if any, to 0, waits for its pods to go,
// then scales the new one to desired. It scales the new RC only up and
// the others only down, whatever the clock does. Rolling, once its
// scaling is done, removes the new RC's desired-replicas annotation, as
// the rolling updater's cleanup does. A process that
// succeeds exits at the end of its run once its strategy is done, later
// if the replicas are not there yet.
//
// With Options.GracefulPodDeletion the model is also the kubelet of pods
// marked deleting (see Server.SetGracefulPodDeletion): at its first look
// it stops the pod (a deployer pod's process stops where it is, as a
// failed one does; a hook pod stops too, its deployer not told), which
// goes Failed with exit code KilledExitCode unless it had ended; when the
// grace period is over it deletes the pod with a grace of 0, and the pod
// goes. A deployer pod's hook pod runs on when only the deployer pod is
// deleted.
//
// Only the zero PodModel (every field zero, Scripts nil) stands for
// DefaultPodModel; any other is used as written, a zero duration meaning
// no wait. To change one knob of the default, start from
// DefaultPodModel() (PodModel{FailRate: 1} fails every deployer pod at
// once, with no scheduling or running time).
type PodModel struct {
	// ScheduleMin and ScheduleMax bound how long a new deployer pod stays
	// Pending.
	ScheduleMin, ScheduleMax time.Duration
	// RunMin and RunMax bound how long it runs.
	RunMin, RunMax time.Duration
	// FailRate is the chance a deployer pod fails.
	FailRate float64
	// HookRate is the chance a rollout runs a pre hook pod.
	HookRate float64
	// StatusDelay is how long the replication manager takes to report
	// status.replicas after spec.replicas changes; ready replicas follow
	// after twice as long, and available ones when they have been ready
	// for the RC's minReadySeconds (the DC's, SPEC 3.8) too.
	StatusDelay time.Duration
	// Scripts fix the first deployer pod of an RC, by RC name ("web-3");
	// later ones (after a retry) are drawn.
	Scripts map[string]PodScript
}

// PodScript fixes the life of one deployer pod.
type PodScript struct {
	Schedule time.Duration
	Run      time.Duration
	Fail     bool
	Hook     bool
}

// DefaultPodModel is the model a zero Options.Model stands for: pods
// pending 5-20s, running 20-90s, failing one time in ten, a hook one time
// in four, status following after 5s.
func DefaultPodModel() PodModel {
	return PodModel{
		ScheduleMin: 5 * time.Second, ScheduleMax: 20 * time.Second,
		RunMin: 20 * time.Second, RunMax: 90 * time.Second,
		FailRate: 0.1, HookRate: 0.25, StatusDelay: 5 * time.Second,
	}
}

// podModel is the running state of a PodModel.
type podModel struct {
	cfg     PodModel
	scripts map[string]PodScript // not yet used
	runs    map[string]*podRun
	order   []string // sorted keys of runs
	// dirty maps an RC (ns/name) whose status lags its spec to the time
	// the lag was first seen.
	dirty      map[string]time.Time
	dirtyOrder []string
	// orphans are the runs whose deployer pod was deleted while their
	// hook pod ran: the hook, a pod of its own, still runs to its end,
	// which the next step gives it (finishHook).
	orphans []*podRun
	// dying are the pods marked deleting the kubelet has yet to remove,
	// by key, and their sorted keys (Options.GracefulPodDeletion only).
	dying      map[string]dyingPod
	dyingOrder []string
}

// podRun is one deployer pod's process.
type podRun struct {
	ns, pod, uid, rc, dc string
	script               PodScript
	scheduleAt           time.Time
	started              time.Time
	desired              dcplan.Replicas
	// from is the RC the strategy moves from, when hasFrom: the newest
	// Complete RC older than rc, with its replicas when the process
	// started.
	from    oldRC
	hasFrom bool
	// others are the DC's other RCs with replicas, newest first, that
	// the process scales to 0 before its strategy, one at a time;
	// otherScaled tells whether others[0] has been scaled, at otherAt.
	others      []string
	otherScaled bool
	otherAt     time.Time
	hookName    string
	// hookEnd is when the pre hook's command ends: halfway from the
	// hook's creation to the end of the run.
	hookEnd time.Time
	// scaleFrom is when the strategy began scaling: at start, once the
	// other RCs are down, or when the pre hook finished.
	scaleFrom time.Time
	// recreate is true for the Recreate way of scaling (see PodModel);
	// surge and unavailable are the Rolling fenceposts resolved for
	// desired.
	recreate           bool
	surge, unavailable dcplan.Replicas
}

type oldRC struct {
	name     string
	version  dcplan.Version
	replicas dcplan.Replicas
}

func newPodModel(m PodModel) podModel {
	if reflect.ValueOf(m).IsZero() { // the zero PodModel only (see PodModel)
		m = DefaultPodModel()
	}
	return podModel{cfg: m, scripts: maps.Clone(m.Scripts), runs: map[string]*podRun{}, dirty: map[string]time.Time{}}
}

func (m *podModel) draw(s *Sim, lo, hi time.Duration) time.Duration {
	if hi <= lo {
		return lo
	}
	return lo + time.Duration(s.rng.Int64N(int64(hi-lo)+1))
}

// observe learns about new deployer pods and lagging RC status from the
// store's changes.
func (m *podModel) observe(s *Sim, ch Change) {
	key := ch.Namespace + "/" + ch.Name
	switch ch.Kind {
	case KindPod:
		if ch.Deleted {
			m.forgetDying(key)
			if r := m.runs[key]; r != nil {
				if r.hookName != "" {
					m.orphans = append(m.orphans, r)
				}
				delete(m.runs, key)
				m.order = removeSorted(m.order, key)
			}
			return
		}
		if !ch.Created && s.opts.GracefulPodDeletion {
			m.noteDeleting(s, key, ch.Namespace, ch.Name)
		}
		if !ch.Created || ch.RC == "" || ch.Name != dcplan.DeployerPodName(ch.RC) {
			return
		}
		p, _ := s.world.Pod(ch.Namespace, ch.Name)
		d, _ := s.world.Deployment(ch.Namespace, ch.RC)
		r := &podRun{ns: ch.Namespace, pod: ch.Name, uid: p.UID, rc: ch.RC, dc: d.ConfigName}
		if sc, ok := m.scripts[ch.RC]; ok {
			r.script = sc
			delete(m.scripts, ch.RC)
		} else {
			r.script = PodScript{
				Schedule: m.draw(s, m.cfg.ScheduleMin, m.cfg.ScheduleMax),
				Run:      m.draw(s, m.cfg.RunMin, m.cfg.RunMax),
				Fail:     s.chance(m.cfg.FailRate),
				Hook:     s.chance(m.cfg.HookRate),
			}
		}
		r.scheduleAt = s.now.Add(r.script.Schedule)
		m.runs[key] = r
		m.order = insertSorted(m.order, key)
	case KindRC:
		if ch.Deleted {
			if _, ok := m.dirty[key]; ok {
				delete(m.dirty, key)
				m.dirtyOrder = removeSorted(m.dirtyOrder, key)
			}
			return
		}
		if ch.settled {
			return
		}
		if _, ok := m.dirty[key]; !ok {
			m.dirty[key] = s.now
			m.dirtyOrder = insertSorted(m.dirtyOrder, key)
		}
	}
}

func statusSettled(d *dcplan.Deployment) bool {
	return d.StatusReplicas == d.Replicas && d.ReadyReplicas == d.Replicas && d.AvailableReplicas == d.Replicas
}

// idle reports whether no deployer pod is running, no pod is being
// deleted and every RC's status matches its spec.
func (m *podModel) idle() bool {
	return len(m.runs) == 0 && len(m.dirty) == 0 && len(m.orphans) == 0 && len(m.dying) == 0
}

// run advances every deployer pod and the replication manager to s.now.
func (m *podModel) run(s *Sim) {
	for _, r := range m.orphans {
		m.finishHook(s, r)
	}
	m.orphans = m.orphans[:0]
	for _, key := range append([]string(nil), m.order...) {
		if r := m.runs[key]; r != nil {
			m.step(s, key, r)
		}
	}
	m.kubelet(s)
	for _, key := range append([]string(nil), m.dirtyOrder...) {
		m.settle(s, key)
	}
}

func (m *podModel) stop(key string) {
	delete(m.runs, key)
	m.order = removeSorted(m.order, key)
}

// step moves one deployer pod along its script.
func (m *podModel) step(s *Sim, key string, r *podRun) {
	p, ok := s.world.Pod(r.ns, r.pod)
	if !ok || p.UID != r.uid || p.Phase == dcplan.PodSucceeded || p.Phase == dcplan.PodFailed {
		// The hook pod is a pod of its own: its command runs to the end
		// whatever became of the deployer pod that created it.
		if r.hookName != "" {
			m.finishHook(s, r)
		}
		m.stop(key)
		return
	}
	if p.Deleting && s.opts.GracefulPodDeletion {
		m.kill(s, key, r, p.Phase) // the kubelet stops it (see kubelet)
		return
	}
	if r.hookName != "" {
		m.startHook(s, r)
	}
	if p.Phase != dcplan.PodRunning {
		if s.now.Before(r.scheduleAt) {
			return
		}
		if !m.start(s, r) {
			m.finish(s, key, r, true, "")
		}
		return
	}
	if p.HasActiveDeadline && !s.now.Before(r.started.Add(time.Duration(p.ActiveDeadlineSeconds)*time.Second)) {
		m.finish(s, key, r, true, "DeadlineExceeded")
		return
	}
	end := r.started.Add(r.script.Run)
	if len(r.others) > 0 {
		if !m.scaleOthers(s, r) {
			if !s.now.Before(end) && r.script.Fail {
				m.finish(s, key, r, true, "")
			}
			return
		}
		// The other RCs are down: the strategy begins, its pre hook
		// first.
		r.scaleFrom = s.now
		m.createHook(s, r)
	}
	if r.hookName != "" {
		if s.now.Before(r.hookEnd) {
			if !s.now.Before(end) && r.script.Fail {
				m.finish(s, key, r, true, "")
			}
			return // the strategy scales nothing before its pre hook ends
		}
		m.finishHook(s, r)
		r.scaleFrom = s.now
	}
	if !s.now.Before(end) && r.script.Fail {
		m.finish(s, key, r, true, "")
		return
	}
	frac := float64(s.now.Sub(r.scaleFrom)) / float64(max(end.Sub(r.scaleFrom), time.Nanosecond))
	done := m.scale(s, r, frac)
	if done && !r.recreate {
		m.cleanupRolling(s, r)
	}
	if done && !s.now.Before(end) {
		m.finish(s, key, r, false, "")
	}
}

// cleanupRolling is the rolling updater's cleanup once its scaling is
// done (Preserve policy, upstream rolling_updater.go cleanupWithClients):
// it removes the desired-replicas annotation (and update-source-id, which
// the World does not model) from the new RC, before the process exits.
// The deployer controller then sees the pod succeed on an RC without the
// annotation (SPEC 2.2). Recreate, and Rolling with nothing to roll from
// (handed to Recreate), leave it.
func (m *podModel) cleanupRolling(s *Sim, r *podRun) {
	wrote := false // an update returns nil for ErrUnchanged too
	err := s.world.UpdateDeployment(r.ns, r.rc, func(d *dcplan.Deployment) error {
		if !d.HasDesiredReplicas && !d.UnreadDesiredReplicas {
			return ErrUnchanged
		}
		d.DesiredReplicas, d.HasDesiredReplicas, d.UnreadDesiredReplicas = 0, false, false
		wrote = true
		return nil
	})
	if err == nil && wrote {
		s.trace.add(s.offset(), "rc/%s/%s desired-replicas removed by pod/%s", r.ns, r.rc, r.pod)
	}
}

// start schedules the pod: Running, the RC to move from and the other
// RCs to scale down picked, and, when there are none of those, the hook
// pod created. It reports false when the process fails at once: an RC
// newer than the pod's is Complete (see PodModel).
func (m *podModel) start(s *Sim, r *podRun) bool {
	r.started, r.scaleFrom = s.now, s.now
	_ = s.world.UpdatePod(r.ns, r.pod, func(p *dcplan.Pod) error {
		p.Phase, p.StartTime = dcplan.PodRunning, s.now
		return nil
	})
	s.trace.add(s.offset(), "pod/%s/%s Pending->Running", r.ns, r.pod)
	d, found := s.world.Deployment(r.ns, r.rc)
	r.desired = d.DesiredReplicas
	if !d.HasDesiredReplicas {
		if c, ok := s.world.Config(r.ns, r.dc); ok {
			r.desired = c.Replicas
		}
	}
	if snap, err := s.world.snapshotAt(s.world.seq, r.ns, r.dc, s.now, s.opts.Settings); err == nil {
		// As the deployer process does (openshift/oc pkg/cli/deployer):
		// the RCs newest first, from the newest Complete one other than
		// rc, and every other one with replicas scaled to 0.
		rcs := slices.Clone(snap.Deployments)
		slices.SortStableFunc(rcs, func(a, b dcplan.Deployment) int { return cmp.Compare(b.Version, a.Version) })
		for _, o := range rcs {
			if o.Name != r.rc && o.Phase == dcplan.PhaseComplete {
				r.from, r.hasFrom = oldRC{o.Name, o.Version, o.Replicas}, true
				break
			}
		}
		if found && r.hasFrom && r.from.version > d.Version {
			return false // "deployment <rc> is older than <from>"
		}
		for _, o := range rcs {
			if o.Name != r.rc && (!r.hasFrom || o.Name != r.from.name) && o.Replicas > 0 {
				r.others = append(r.others, o.Name)
			}
		}
	}
	// The process reads its strategy from the RC's encoded DC, the DC as
	// it was when the rollout began; the live DC when there is none.
	st := d.Encoded
	if st == nil {
		if c, ok := s.world.Config(r.ns, r.dc); ok {
			st = &c
		}
	}
	r.recreate = !r.hasFrom || st == nil || st.Strategy.Type != dcplan.StrategyRolling
	if !r.recreate {
		surge, unavailable, err := dcstatus.ResolveFenceposts(st.Strategy.MaxSurge, st.Strategy.MaxUnavailable, r.desired)
		if err != nil {
			surge, unavailable = 0, 1
		}
		r.surge, r.unavailable = dcplan.Replicas(max(surge, 0)), dcplan.Replicas(max(unavailable, 0))
	}
	if len(r.others) == 0 {
		m.createHook(s, r)
	}
	return true
}

// scaleOthers scales the run's other RCs to 0 before its strategy, one at
// a time, newest first, as the deployer process does: one scale each,
// then a wait until the RC's status shows no replicas, for at most
// othersWait (the process logs a scale that does not finish and goes
// on). It reports whether all are done.
func (m *podModel) scaleOthers(s *Sim, r *podRun) bool {
	for len(r.others) > 0 {
		name := r.others[0]
		d, ok := s.world.Deployment(r.ns, name)
		if ok && !r.otherScaled {
			m.setReplicas(s, r, name, 0)
			r.otherScaled, r.otherAt = true, s.now
			d, ok = s.world.Deployment(r.ns, name)
		}
		if ok && d.StatusReplicas != 0 && s.now.Sub(r.otherAt) < othersWait {
			return false
		}
		r.others, r.otherScaled = r.others[1:], false
	}
	return true
}

// othersWait is how long the deployer process waits for each other RC's
// scale to 0 to show in its status (kubectl's scaler, with the process's
// retry parameters of 1 s and 120 s).
const othersWait = 120 * time.Second

// createHook creates the run's pre hook pod when its script has one; the
// hook's command ends halfway from now to the end of the run.
func (m *podModel) createHook(s *Sim, r *podRun) {
	r.hookEnd = s.now.Add(r.started.Add(r.script.Run).Sub(s.now) / 2)
	if r.script.Hook {
		// Created Pending, as the API server creates every pod; the
		// kubelet starts it at the next step (startHook). As the
		// deployer makes it (openshift/oc createHookPodManifest): the
		// deployment.name annotation and the deployer-pod-for label
		// name the RC, and it has no owner reference, which the
		// deployer controller adds (SPEC 4.6).
		r.hookName = r.rc + "-hook-pre"
		err := s.world.CreatePodObject(dcplan.Pod{
			Namespace: r.ns, Name: r.hookName, DeploymentName: r.rc, DeployerFor: r.rc, Phase: dcplan.PodPending,
		})
		if err != nil {
			r.hookName = ""
		} else {
			s.trace.add(s.offset(), "pod/%s/%s created Pending", r.ns, r.hookName)
		}
	}
}

// startHook moves the run's pending hook pod to Running.
func (m *podModel) startHook(s *Sim, r *podRun) {
	wrote := false // an update returns nil for ErrUnchanged too
	err := s.world.UpdatePod(r.ns, r.hookName, func(p *dcplan.Pod) error {
		if p.Phase != dcplan.PodPending {
			return ErrUnchanged
		}
		p.Phase, p.StartTime = dcplan.PodRunning, s.now
		wrote = true
		return nil
	})
	if err == nil && wrote {
		s.trace.add(s.offset(), "pod/%s/%s Pending->Running", r.ns, r.hookName)
	}
}

// finishHook ends the run's hook pod: its command succeeds (from Running,
// or from Pending when it ran and ended between two looks).
func (m *podModel) finishHook(s *Sim, r *podRun) {
	name := r.hookName
	r.hookName = ""
	var from dcplan.PodPhase
	wrote := false // an update returns nil for ErrUnchanged too
	err := s.world.UpdatePod(r.ns, name, func(p *dcplan.Pod) error {
		if p.Phase != dcplan.PodRunning && p.Phase != dcplan.PodPending {
			return ErrUnchanged
		}
		from = p.Phase
		if p.StartTime.IsZero() {
			p.StartTime = s.now
		}
		p.Phase = dcplan.PodSucceeded
		p.Containers = []dcplan.ContainerStatus{{Name: "lifecycle", Terminated: true, FinishedAt: s.now}}
		wrote = true
		return nil
	})
	if err == nil && wrote {
		s.trace.add(s.offset(), "pod/%s/%s %s->Succeeded", r.ns, name, from)
	}
}

// finish ends the deployer process (on success, its strategy is done:
// see scale); on failure the scaling stays where it is.
func (m *podModel) finish(s *Sim, key string, r *podRun, fail bool, reason string) {
	to, code := dcplan.PodSucceeded, int32(0)
	if fail {
		to, code = dcplan.PodFailed, 1
	}
	_ = s.world.UpdatePod(r.ns, r.pod, func(p *dcplan.Pod) error {
		p.Phase = to
		p.Containers = []dcplan.ContainerStatus{{Name: "deployment", Terminated: true, ExitCode: code, FinishedAt: s.now}}
		return nil
	})
	if reason != "" {
		s.trace.add(s.offset(), "pod/%s/%s Running->%s (%s)", r.ns, r.pod, to, reason)
	} else {
		s.trace.add(s.offset(), "pod/%s/%s Running->%s", r.ns, r.pod, to)
	}
	if r.hookName != "" {
		m.finishHook(s, r)
	}
	m.stop(key)
}

// scale runs one round of the strategy's scaling at frac of its run
// (see PodModel) and reports whether the strategy is done: the new RC at
// desired, the one it moves from at 0 with its pods gone (and, for
// Recreate, the new RC's pods there).
func (m *podModel) scale(s *Sim, r *podRun, frac float64) bool {
	frac = min(max(frac, 0), 1)
	cur, ok := s.world.Deployment(r.ns, r.rc)
	if !ok {
		return false
	}
	var old dcplan.Deployment
	var oldSpec, oldGone dcplan.Replicas
	if r.hasFrom {
		if d, ok := s.world.Deployment(r.ns, r.from.name); ok {
			old, oldSpec, oldGone = d, d.Replicas, d.StatusReplicas
		}
	}
	if r.recreate {
		// Recreate: the RC it moves from to 0 and its pods gone, then
		// the new one to desired, waiting for its pods.
		if oldSpec > 0 {
			m.setReplicas(s, r, old.Name, 0)
		}
		if oldSpec > 0 || oldGone > 0 {
			return false
		}
		m.setReplicas(s, r, r.rc, r.desired)
		return cur.Replicas == r.desired && cur.StatusReplicas == r.desired
	}
	// Rolling, as the rolling updater: scale up within maxSurge, then
	// down while desired - maxUnavailable replicas stay available, each
	// no further than frac of the run allows.
	up := cur.Replicas
	if paced := min(dcplan.Replicas(float64(r.desired)*frac+0.999999), r.desired); up < paced {
		up = max(up, min(paced, r.desired+r.surge-oldSpec))
		m.setReplicas(s, r, r.rc, up)
	}
	// floor is the old replicas frac of the run still keeps.
	floor := dcplan.Replicas(float64(r.from.replicas) * (1 - frac))
	newAvailable := min(cur.AvailableReplicas, cur.Replicas, up)
	if down := min(oldSpec+newAvailable-(r.desired-r.unavailable), oldSpec-floor); down > 0 {
		m.setReplicas(s, r, old.Name, oldSpec-down)
		oldSpec -= down
	}
	// Like Recreate, it waits for each scale to take: done once the old
	// RC's pods are gone too.
	return up >= r.desired && oldSpec == 0 && oldGone == 0
}

func (m *podModel) setReplicas(s *Sim, r *podRun, rc string, n dcplan.Replicas) {
	from := dcplan.Replicas(-1)
	err := s.world.UpdateDeployment(r.ns, rc, func(d *dcplan.Deployment) error {
		if d.Replicas == n {
			return ErrUnchanged
		}
		from, d.Replicas = d.Replicas, n
		return nil
	})
	if err == nil && from >= 0 {
		s.trace.add(s.offset(), "rc/%s/%s replicas %d->%d by pod/%s", r.ns, rc, from, n, r.pod)
	}
}

// settle is the replication manager for one RC: status.replicas follows
// spec after StatusDelay, ready and available after twice that.
func (m *podModel) settle(s *Sim, key string) {
	since := m.dirty[key]
	o := s.world.lookup(KindRC, keyNS(key), keyName(key))
	if o == nil || !o.current().exists() {
		delete(m.dirty, key)
		m.dirtyOrder = removeSorted(m.dirtyOrder, key)
		return
	}
	d := s.world.value(o, o.current()).(*dcplan.Deployment)
	if statusSettled(d) {
		delete(m.dirty, key)
		m.dirtyOrder = removeSorted(m.dirtyOrder, key)
		return
	}
	if s.now.Sub(since) < m.cfg.StatusDelay {
		return
	}
	var minReady time.Duration
	if d.Encoded != nil {
		minReady = time.Duration(d.Encoded.MinReadySeconds) * time.Second
	}
	ready := s.now.Sub(since) >= 2*m.cfg.StatusDelay
	full := ready && s.now.Sub(since) >= 2*m.cfg.StatusDelay+minReady
	_ = s.world.UpdateDeployment(d.Namespace, d.Name, func(d *dcplan.Deployment) error {
		before := [3]dcplan.Replicas{d.StatusReplicas, d.ReadyReplicas, d.AvailableReplicas}
		d.StatusReplicas = d.Replicas
		if ready {
			d.ReadyReplicas = d.Replicas
		} else {
			d.ReadyReplicas = min(d.ReadyReplicas, d.Replicas)
		}
		if full {
			d.AvailableReplicas = d.Replicas
		} else {
			// A replica is available once ready for minReadySeconds.
			d.AvailableReplicas = min(d.AvailableReplicas, d.ReadyReplicas)
		}
		if before == [3]dcplan.Replicas{d.StatusReplicas, d.ReadyReplicas, d.AvailableReplicas} {
			return ErrUnchanged
		}
		return nil
	})
	if full {
		s.trace.add(s.offset(), "rc/%s/%s status replicas=%d ready=%d available=%d", d.Namespace, d.Name, d.Replicas, d.Replicas, d.Replicas)
		if m.dirty[key] == since {
			delete(m.dirty, key)
			m.dirtyOrder = removeSorted(m.dirtyOrder, key)
		}
	}
}

func keyNS(key string) string {
	for i := 0; i < len(key); i++ {
		if key[i] == '/' {
			return key[:i]
		}
	}
	return ""
}

func keyName(key string) string { return key[len(keyNS(key))+1:] }
