package fake

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// KilledExitCode is the exit code the pod model's kubelet gives the
// containers of a pod it stops for its deletion: 128 + SIGTERM, a process
// that exits on the signal the kubelet sends first.
const KilledExitCode = 143

// dyingPod is a pod marked deleting (with Options.GracefulPodDeletion)
// that the kubelet has yet to remove: its uid and its
// metadata.deletionTimestamp, when its grace period ends.
type dyingPod struct {
	uid string
	at  time.Time
}

// noteDeleting records the pod ns/name (key) when it is marked deleting,
// for the kubelet (see kubelet); a pod marked again with a shorter grace
// period gets its new deletionTimestamp.
func (m *podModel) noteDeleting(s *Sim, key, ns, name string) {
	p, ok := s.world.Pod(ns, name)
	if !ok || !p.Deleting {
		return
	}
	at := s.now
	if b, ok := s.world.Wire(KindPod, ns, name); ok {
		var o struct {
			Metadata struct {
				DeletionTimestamp time.Time `json:"deletionTimestamp"`
			} `json:"metadata"`
		}
		if json.Unmarshal(b, &o) == nil && !o.Metadata.DeletionTimestamp.IsZero() {
			at = o.Metadata.DeletionTimestamp
		}
	}
	if m.dying == nil {
		m.dying = map[string]dyingPod{}
	}
	if _, ok := m.dying[key]; !ok {
		m.dyingOrder = insertSorted(m.dyingOrder, key)
	}
	m.dying[key] = dyingPod{uid: p.UID, at: at}
}

// forgetDying drops the kubelet's record of the pod key.
func (m *podModel) forgetDying(key string) {
	if _, ok := m.dying[key]; ok {
		delete(m.dying, key)
		m.dyingOrder = removeSorted(m.dyingOrder, key)
	}
}

// kubelet is the kubelet's side of graceful deletion, for every pod
// marked deleting: at its first look it stops the pod's containers, and
// the pod's phase goes to Failed (exit code KilledExitCode), unless it
// had already ended; once the grace period is over (deletionTimestamp
// reached) it deletes the pod with a grace of 0 and a uid precondition,
// as its status manager does, and the pod goes. It keeps a stopped pod
// until its grace period ends, the longest a kubelet may take (one whose
// containers exit at once removes it sooner), so that the controllers see
// a pod being deleted, and one that has failed, as long as a cluster can
// show them. A deployer pod's process stops with it (kill); its hook pod,
// a pod of its own, runs on to its end unless it is deleted too.
func (m *podModel) kubelet(s *Sim) {
	for _, key := range slices.Clone(m.dyingOrder) {
		d := m.dying[key]
		ns, name := keyNS(key), keyName(key)
		p, ok := s.world.Pod(ns, name)
		if !ok || p.UID != d.uid {
			m.forgetDying(key)
			continue
		}
		if p.Phase != dcplan.PodSucceeded && p.Phase != dcplan.PodFailed {
			if r := m.runs[key]; r != nil && r.uid == p.UID {
				m.kill(s, key, r, p.Phase)
			} else {
				m.stopPod(s, ns, name, p.Phase)
			}
		}
		if s.now.Before(d.at) {
			continue
		}
		_, err := s.world.Client().Do(context.Background(), wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourcePods,
			Namespace: ns, Name: name, Delete: wire.DeleteOptions{HasGracePeriod: true, Preconditions: wire.Preconditions{UID: d.uid}}})
		if err == nil {
			s.trace.add(s.offset(), "pod/%s/%s removed by the kubelet (grace period over)", ns, name)
		}
		m.forgetDying(key) // sent: a finalizer may still hold it
	}
}

// kill stops the deployer process of run r (pod key, in phase from) for
// its pod's deletion: the pod fails, the scaling stays where it is, and
// its hook pod, when one runs, runs on to its end (orphans).
func (m *podModel) kill(s *Sim, key string, r *podRun, from dcplan.PodPhase) {
	m.stopPod(s, r.ns, r.pod, from)
	if r.hookName != "" {
		m.orphans = append(m.orphans, r)
	}
	m.stop(key)
}

// stopPod writes the pod ns/name, in phase from, as the kubelet does once
// it has killed its containers: Failed, each container terminated with
// KilledExitCode ("deployment" when the pod lists none).
func (m *podModel) stopPod(s *Sim, ns, name string, from dcplan.PodPhase) {
	err := s.world.UpdatePod(ns, name, func(p *dcplan.Pod) error {
		p.Phase = dcplan.PodFailed
		if len(p.Containers) == 0 {
			p.Containers = []dcplan.ContainerStatus{{Name: "deployment"}}
		}
		for i := range p.Containers {
			if !p.Containers[i].Terminated {
				p.Containers[i] = dcplan.ContainerStatus{Name: p.Containers[i].Name, Terminated: true, ExitCode: KilledExitCode, FinishedAt: s.now}
			}
		}
		return nil
	})
	if err == nil {
		s.trace.add(s.offset(), "pod/%s/%s %s->Failed (killed: being deleted)", ns, name, from)
	}
}
