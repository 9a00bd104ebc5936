package fake

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/dcplan/dcplan/wire"
)

// DefaultPodGracePeriodSeconds is the termination grace of a pod whose
// spec has no terminationGracePeriodSeconds: the value the API server's
// defaulting gives it (Exact's deployer pod sets none; Modern's sets
// dcplan.DeployerGracePeriodSeconds).
const DefaultPodGracePeriodSeconds = 30

// SetGracefulPodDeletion turns graceful termination of pods on or off
// (off for a NewServer; a World.Client takes World.GracefulPodDeletion).
// On, a pod's delete, a client's or the garbage collector's, works as the
// pod strategy's CheckGracefulDelete and the registry's BeforeDelete do:
//
//   - the grace period is the delete's gracePeriodSeconds when it has one,
//     else the pod's spec.terminationGracePeriodSeconds, else
//     DefaultPodGracePeriodSeconds; it is 0 for a pod no node holds (no
//     spec.nodeName and, as the fake's kubelet writes no node name, no
//     status.startTime either) and for a pod whose phase is Succeeded or
//     Failed; a negative one counts as 1.
//   - A grace of 0 deletes the pod as before (at once, or marked when it
//     has finalizers). A positive one marks it deleting and leaves it:
//     deletionTimestamp the server's clock plus the grace,
//     deletionGracePeriodSeconds the grace, a generation up when it has
//     one, a new resourceVersion; its phase stays. The kubelet stops its
//     containers and deletes it again with a grace of 0 (the Sim's pod
//     model; see PodModel).
//   - A delete of a pod already marked with a positive grace may only
//     shorten it: a shorter gracePeriodSeconds moves deletionTimestamp
//     back by the difference (0 removes the pod, or marks it so when it
//     has finalizers); anything else leaves the pod as it is.
//
// Off, a pod goes at once, whatever the delete's options.
func (s *Server) SetGracefulPodDeletion(on bool) { s.graceful = on }

// deletePodGracefully is delete's graceful path for the pod tree o stored
// at key (see SetGracefulPodDeletion): it reports done when it marked the
// pod, shortened its grace or left it, and false when the pod is to go as
// without graceful termination (a grace of 0).
func (s *Server) deletePodGracefully(key serverKey, o map[string]any, opts wire.DeleteOptions) (done bool, err error) {
	if !isDeleting(o) {
		grace := podGrace(o, opts)
		if grace == 0 {
			return false, nil
		}
		if err := s.mark(key, o, grace); err != nil {
			return true, errUndecodable(key.resource, key.name, err)
		}
		return true, nil
	}
	was, ok := jsonInt(ensureMeta(o)["deletionGracePeriodSeconds"])
	if !ok || was == 0 {
		return false, nil // marked to go: finalizers alone keep it
	}
	if !opts.HasGracePeriod {
		return true, nil // pending graceful deletion: nothing to do
	}
	grace := opts.GracePeriodSeconds
	if grace < 0 {
		grace = 1
	}
	if grace >= was {
		return true, nil
	}
	if grace == 0 && len(finalizers(o)) == 0 {
		return false, nil
	}
	if err := s.shortenGrace(key, o, was, grace); err != nil {
		return true, errUndecodable(key.resource, key.name, err)
	}
	return true, nil
}

// podGrace returns the grace period a delete with opts gives the pod tree
// o (see SetGracefulPodDeletion).
func podGrace(o map[string]any, opts wire.DeleteOptions) int64 {
	spec, _ := o["spec"].(map[string]any)
	status, _ := o["status"].(map[string]any)
	grace := int64(DefaultPodGracePeriodSeconds)
	if g, ok := jsonInt(spec["terminationGracePeriodSeconds"]); ok {
		grace = g
	}
	if opts.HasGracePeriod {
		grace = opts.GracePeriodSeconds
	}
	node, _ := spec["nodeName"].(string)
	started, _ := status["startTime"].(string)
	if node == "" && started == "" {
		return 0 // not scheduled: nothing to stop
	}
	if phase, _ := status["phase"].(string); phase == "Succeeded" || phase == "Failed" {
		return 0
	}
	if grace < 0 {
		return 1
	}
	return grace
}

// shortenGrace stores the pod tree o (at key), marked deleting with a
// grace of was seconds, with a grace of grace instead: deletionTimestamp
// moves back by the difference, as BeforeDelete moves it.
func (s *Server) shortenGrace(key serverKey, o map[string]any, was, grace int64) error {
	meta := ensureMeta(o)
	ts, _ := meta["deletionTimestamp"].(string)
	at, err := time.Parse(time.RFC3339, ts)
	if err != nil {
		at = s.store.clock().Add(time.Duration(was) * time.Second)
	}
	meta["deletionTimestamp"] = at.Add(time.Duration(grace-was) * time.Second).UTC().Format(time.RFC3339)
	meta["deletionGracePeriodSeconds"] = json.Number(strconv.FormatInt(grace, 10))
	meta["resourceVersion"] = s.store.mintVersion()
	return s.store.save(key, mustMarshal(o))
}

// collectPodGracefully is the collector's delete of the pod tree d stored
// at k, with graceful termination on: it reports whether the pod stays,
// marked (now, or already) with a positive grace; a pod that does not is
// collected as without graceful termination.
func (s *Server) collectPodGracefully(k serverKey, d map[string]any) bool {
	if isDeleting(d) {
		g, ok := jsonInt(ensureMeta(d)["deletionGracePeriodSeconds"])
		return ok && g > 0
	}
	grace := podGrace(d, wire.DeleteOptions{})
	if grace == 0 {
		return false
	}
	_ = s.mark(k, d, grace) // deletion fields only: what decoded still decodes
	return true
}
