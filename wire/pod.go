package wire

import (
	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
)

// DecodePod decodes a Pod as `oc get pod -o json` prints it: identity,
// creation and start times, deletion, status.phase, the deployer
// annotation and label, owner references, spec.activeDeadlineSeconds and
// the container statuses. Raw is the whole object in canonical form.
//
// Rules, in order: one JSON object; kind Pod and apiVersion v1 (missing
// ones are errors too, see DecodeConfig); the fields
// read must have their JSON types; timestamps are RFC 3339. A status.phase
// that is no Kubernetes pod phase reads as PodUnknown (and an encode keeps
// its spelling). The first violation is
// returned as a *FieldError wrapping ErrMalformed. DecodePod never panics.
func DecodePod(data []byte) (dcplan.Pod, error) {
	t, raw, err := scanObject(data, string(data), kindPod)
	if err != nil {
		return dcplan.Pod{}, err
	}
	defer jsontree.PutTape(t)
	return decodePodTape(t, 0, true, raw)
}

// EncodePodObject returns the Pod JSON of p: p's typed fields overlaid
// onto p.Raw (or an empty object when Raw is nil), keys in Kubernetes field
// order, compact. It is the inverse of DecodePod, for adapters and fakes
// that keep pods in wire form: DecodePod(EncodePodObject(p)) gives p back
// for any p in normal form (with Raw filled). Owners and Containers are
// authoritative and overlaid entry by entry; a terminated container status
// gains state.terminated.
func EncodePodObject(p dcplan.Pod) ([]byte, error) {
	return renderOrdered(podTree(p), orderPod), nil
}

// decodePodTape decodes the pod object m on tape t; strict requires kind
// and apiVersion (a pod decoded alone; a list's items may omit them). raw
// is its canonical form when the caller has it (nil renders it). The strings of the result
// are moved out of the document (rehome).
func decodePodTape(t *jsontree.Tape, m node, strict bool, raw dcplan.RawJSON) (dcplan.Pod, error) {
	r := &reader{t: t, kind: kindPod, name: nameOf(t, m)}
	r.checkKind(m, kindPod, strict, apiVersionCore)
	meta := r.obj(m, "", "metadata")
	var p dcplan.Pod
	p.Namespace, p.Name, p.UID, p.ResourceVersion = r.identity(meta)
	p.CreationTime = r.timestamp(meta, "metadata", "creationTimestamp")
	p.Deleting = r.deleting(meta)
	p.Owners = r.owners(meta)
	r.readPodWire(meta, &p)
	spec := r.obj(m, "", "spec")
	p.ActiveDeadlineSeconds, p.HasActiveDeadline = r.integer(spec, "spec", "activeDeadlineSeconds", 64)
	status := r.obj(m, "", "status")
	p.StartTime = r.timestamp(status, "status", "startTime")
	phase := r.str(status, "status", "phase")
	pp, err := dcplan.ParsePodPhase(phase)
	if err != nil {
		// A phase no kubelet writes, which the API server does not
		// validate either: a real cluster can hold it (SPEC 13.1).
		// Upstream's controllers switch over the phases they know and
		// treat any other as they treat Unknown.
		pp = dcplan.PodUnknown
	}
	p.Phase = pp
	statuses := r.list(status, "status", "containerStatuses")
	if r.t.Len(statuses) > 0 {
		p.Containers = make([]dcplan.ContainerStatus, 0, r.t.Len(statuses))
	}
	for i, v := range r.each(statuses) {
		had := r.err != nil
		e := r.elem(v, "")
		cs := dcplan.ContainerStatus{Name: r.str(e, "", "name")}
		if t := r.obj(r.obj(e, "", "state"), "state", "terminated"); t != none {
			const tp = "state.terminated"
			cs.Terminated = true
			cs.ExitCode = r.int32At(t, tp, "exitCode")
			cs.FinishedAt = r.timestamp(t, tp, "finishedAt")
		}
		p.Containers = append(p.Containers, cs)
		r.under(had, "status.containerStatuses", i, "")
	}
	if r.err != nil {
		return dcplan.Pod{}, r.err
	}
	if raw == nil {
		raw = t.AppendCanonical(nil, m, false)
	}
	p.Raw = raw
	rehome(&p)
	return p, nil
}

// podTree overlays p onto a fresh tree of p.Raw.
func podTree(p dcplan.Pod) map[string]any {
	m := objectOf(p.Raw)
	if p.Raw == nil {
		m["kind"], m["apiVersion"] = kindPod, apiVersionCore
	}
	withChild(m, "metadata", func(meta map[string]any) {
		putObjectMeta(meta, p.Namespace, p.Name, p.UID, p.ResourceVersion, p.Deleting)
		putTime(meta, "creationTimestamp", p.CreationTime)
		putPodWire(meta, p)
		for i, e := range elems(meta, "ownerReferences", len(p.Owners)) {
			putOwner(e, p.Owners[i])
		}
	})
	withChild(m, "spec", func(spec map[string]any) {
		putOptInt(spec, "activeDeadlineSeconds", p.ActiveDeadlineSeconds, p.HasActiveDeadline)
	})
	withChild(m, "status", func(st map[string]any) {
		// A phase read as PodUnknown from a spelling no Kubernetes
		// version writes keeps that spelling.
		if cur, ok := st["phase"].(string); p.Phase != dcplan.PodUnknown || !ok || knownPodPhase(cur) {
			putString(st, "phase", p.Phase.String())
		}
		putTime(st, "startTime", p.StartTime)
		for i, e := range elems(st, "containerStatuses", len(p.Containers)) {
			putContainerStatus(e, p.Containers[i])
		}
	})
	return m
}

func putContainerStatus(e map[string]any, cs dcplan.ContainerStatus) {
	putString(e, "name", cs.Name)
	if !cs.Terminated {
		if state, ok := e["state"].(map[string]any); ok && state["terminated"] != nil {
			delete(state, "terminated")
		}
		return
	}
	state := child(e, "state")
	t, ok := state["terminated"].(map[string]any)
	if !ok {
		t = map[string]any{"exitCode": num(int64(cs.ExitCode))}
		state["terminated"] = t
	}
	putInt(t, "exitCode", int64(cs.ExitCode))
	putTime(t, "finishedAt", cs.FinishedAt)
}

// knownPodPhase reports whether s is a pod phase ParsePodPhase reads ("",
// Pending, Running, Succeeded, Failed, Unknown).
func knownPodPhase(s string) bool {
	_, err := dcplan.ParsePodPhase(s)
	return err == nil
}
