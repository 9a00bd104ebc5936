package fake

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
	"github.com/dcplan/dcplan/internal/jsonvalue"
	"github.com/dcplan/dcplan/wire"
)

// Server is an in-memory Kubernetes API server for the three resources
// dcplan writes: replicationcontrollers, pods and deploymentconfigs. It
// holds every object as JSON, keyed by (resource, namespace, name), and
// executes one wire.Request at a time with the semantics of a real API
// server (SPEC 13): resourceVersion and uid preconditions, AlreadyExists,
// NotFound, strategic-merge patches of owner references, the status and
// instantiate subresources, delete options. Answers are *wire.StatusError
// values with the texts client-go prints; injected faults (Inject) fail
// matching requests before they touch any state.
//
// What the server stamps:
//
//   - create: metadata.uid (a counter-based UUID-shaped string),
//     metadata.resourceVersion (a counter above every version seeded),
//     metadata.creationTimestamp = the server's clock (RFC 3339),
//     metadata.namespace from the request when the body has none, kind
//     and apiVersion from the resource when the body has none (as the API
//     server's decoder defaults them from the URL), and
//     metadata.generation = 1 (pods too, as since Kubernetes 1.35). status is ignored as the API
//     server ignores it: an RC gets {"replicas":0}, a DC its zero status,
//     a pod {"phase":"Pending"} (the pod strategy's PrepareForCreate;
//     there is no scheduler or kubelet here, so whoever models pods writes
//     their later status through the status subresource).
//   - defaults, on a create, an update or a patch of an RC (the main
//     resource), as the core v1 defaulting does: a missing spec.replicas
//     is 1, an empty spec.selector and empty metadata.labels take the pod
//     template's labels. No other resource is defaulted (a DC's triggers
//     and revisionHistoryLimit stay as sent).
//   - update and patch: a new resourceVersion; uid and creationTimestamp
//     stay the server's; the main resource keeps the stored status and the
//     status subresource keeps the stored spec (and the metadata its
//     strategy keeps, below); metadata.generation
//     goes up by one when spec changed, or a DC's
//     status.latestVersion (kept from the client when one above the
//     stored one, as the DC update strategy does), and through the
//     instantiate subresource when it moves status.latestVersion (the
//     instantiate strategy); an update's body without kind or apiVersion
//     gets them as a create's does. A DC update (main resource or status)
//     without metadata.resourceVersion is Invalid, as the DC strategies
//     allow no unconditional update; an RC's or a pod's takes the stored
//     version. An update or patch whose result is the stored object but
//     for the resourceVersion is not written, as etcd3's GuaranteedUpdate
//     skips it: it succeeds, answers the stored object, keeps its
//     resourceVersion, and makes no new version (no watch event).
//   - delete with Background or Foreground propagation, or without a
//     policy of a pod or a DC: the objects the deleted one owns go too,
//     and theirs, as the garbage collector deletes them, but for those
//     that keep another owner that exists, which only lose their
//     references to it; Orphan, and an RC's delete without a policy (the
//     v1 RC strategy's default), orphan them (they lose their references
//     to it). An object with metadata.finalizers is marked instead
//     (deletionTimestamp, deletionGracePeriodSeconds 0, a generation up),
//     whether a client or the collector deletes it, and goes with the
//     write that leaves it without finalizers; while
//     marked, no write adds a finalizer. deletionTimestamp and
//     deletionGracePeriodSeconds are the server's: a create's are
//     dropped, an update's and a patch's are the stored ones. A policy
//     other than the three, as spelled, is Invalid (Unsupported value),
//     checked once the object is found and before the preconditions.
//   - a create of an object with owner references none of which names
//     an owner that exists (kind, name and uid; a kind the server does
//     not hold counts as existing) is answered, then the object is
//     collected at once, as the garbage collector deletes the dependents
//     of owners all gone (an RC a controller created from a stale view of
//     a DC deleted since). So is an object an update or a patch leaves
//     with other owner references, none of which names an owner that
//     exists (the collector looks at an object again when its owners
//     change). One whose owners did not change stays, whatever they
//     are: the collector's own pace.
//   - a create, update or patch whose result has an owner reference
//     without a uid, or more than one owner reference with controller
//     true, is refused with Invalid (422), as the API server's metadata
//     validation refuses it; nothing is stored.
//   - the API server's other checks of a write, in its words: an RC's or
//     a pod's name must be a DNS subdomain (Invalid); a create with
//     metadata.generateName and no name gets the prefix and five
//     characters drawn from its uid; a create carrying
//     metadata.resourceVersion is a bare 500; an update or patch may not
//     set deletionTimestamp on an object not being deleted, nor change
//     deletionGracePeriodSeconds (Invalid); a pod is created with an
//     activeDeadlineSeconds of 1 to 2147483647 or none (Invalid); of a
//     pod's spec an update may change
//     only the containers' images, activeDeadlineSeconds (set or
//     lowered), tolerations (added) and terminationGracePeriodSeconds
//     (from a negative value to 1), else Invalid (the real message's diff
//     of the two specs left out). The RC, pod and DC status
//     subresources store the body's metadata (labels, annotations,
//     finalizers, an RC's and a DC's owner references) but a DC's
//     labels, as openshift-apiserver's DC status strategy resets only
//     the spec and the labels; an RC's status
//     always carries replicas (0 when the body has none), as the typed
//     status does.
//   - a DC's update, status write or patch is held to the DC status
//     validation on what it would store: no negative
//     count, status.latestVersion neither lowered nor raised by more than
//     one, observedGeneration not lowered (Invalid, every problem listed).
//
// A World's server (World.Client) holds only objects the World's codec
// decodes and dcplan's rules for one object accept: a create, update or
// patch whose result does not decode (a pod phase that is not a string,
// a wrong kind) or is invalid (spec.replicas below zero, a DC without a
// name) is refused with Invalid (422) naming the decode error or the
// field, and nothing is stored. NewServer's own store keeps any JSON.
//
// Empty metadata.ownerReferences, finalizers, annotations and labels are
// dropped on every write, as a typed object omits them (a release patch
// that removes the only owner leaves no ownerReferences field). Objects
// are stored as encoding/json writes a map: keys sorted, as
// `oc get -o json` prints them. A Server is not safe for concurrent use;
// nothing in it reads the wall clock or iterates a map into its output.
type Server struct {
	store  objectStore
	faults []*faultState
	log    []Write
	events []wire.Event
	// quiet turns the write log off (a long simulation needs none).
	quiet bool
	// graceful turns graceful termination of pods on
	// (SetGracefulPodDeletion).
	graceful bool
	// ownersMoved is set by a write of an update or a patch that changed
	// the object's owner references, for Do to hand the object to the
	// collector once it has its answer (ownerless).
	ownersMoved bool
}

// serverKey names one stored object.
type serverKey struct{ resource, namespace, name string }

// Fault makes the Server fail matching requests with Err before they touch
// any state.
type Fault struct {
	// Verb is "create", "update", "patch", "delete", "get" or "event".
	Verb string
	// Resource is "replicationcontrollers", "pods", "deploymentconfigs",
	// or a subresource after a slash: "deploymentconfigs/status",
	// "deploymentconfigs/instantiate". It must equal the request's
	// resource and subresource exactly (a fault on "deploymentconfigs"
	// does not fail a status update). Events have no resource.
	Resource string
	// Name restricts the fault to one object; "" matches every name.
	Name string
	// Times is how many matching calls fail; 0 fails every call.
	Times int
	// Err is the error returned: a *wire.StatusError for an API status,
	// anything else for a transport error.
	Err error
}

type faultState struct {
	Fault
	failed int
}

// Write is one write request the Server was asked to execute, in the
// order attempted, with the object it named before and after.
type Write struct {
	// Request is the request as received.
	Request wire.Request
	// Before and After are the stored object (the DC for an instantiate)
	// before and after the attempt; nil when there was none. For a failed
	// attempt After equals Before.
	Before, After []byte
	// Err is what the attempt returned (nil on success).
	Err error
}

// NewServer returns an empty server whose clock reads now: the time it
// stamps on the objects it creates.
func NewServer(now time.Time) *Server {
	return &Server{store: &mapStore{now: now, objects: map[serverKey][]byte{}}}
}

// Now returns the time s stamps on the objects it creates and deletes.
func (s *Server) Now() time.Time { return s.store.clock() }

// SetNow moves s's clock to t: the objects it creates (and deletes
// gracefully) from then on are stamped t. A caller that drives its own
// loop of passes moves it as its snapshots' Now moves; the simulator
// keeps its World's clock itself. Over a World (World.Client) it sets
// World.Now.
func (s *Server) SetNow(t time.Time) { s.store.setClock(t) }

// Clone returns a new Server holding a copy of s's objects and counters
// (the uids and resource versions it will mint next), with no faults, an
// empty write log and no events. It is how a search that sends many
// alternative passes to one world seeds each server without parsing the
// objects again. s must be a NewServer: the store of a World.Client is
// the World, which Clone does not copy (it panics).
func (s *Server) Clone() *Server {
	m, ok := s.store.(*mapStore)
	if !ok {
		panic("fake: Clone of a server over a World")
	}
	c := *m
	c.objects = make(map[serverKey][]byte, len(m.objects))
	for k, v := range m.objects {
		c.objects[k] = v // stored bytes are never modified in place
	}
	return &Server{store: &c, quiet: s.quiet, graceful: s.graceful}
}

// Merge copies every object from holds into s, replacing any of the same
// resource, namespace and name, and advances s's counters (the uids and
// resource versions it will mint next) to from's where from's are ahead.
// A server merged from servers seeded by Put holds what one seeded with
// all their objects would, counters included (TestMergeIsPut), without
// parsing them again: it is how the explorer seeds a server per state
// from one seeded server per distinct object. Both must be NewServers (it
// panics on a World.Client's server, as Clone does).
func (s *Server) Merge(from *Server) {
	m, ok1 := s.store.(*mapStore)
	f, ok2 := from.store.(*mapStore)
	if !ok1 || !ok2 {
		panic("fake: Merge of a server over a World")
	}
	for k, v := range f.objects {
		m.objects[k] = v // stored bytes are never modified in place
	}
	m.uids = max(m.uids, f.uids)
	m.version = max(m.version, f.version)
}

// Put stores obj under resource as is, replacing any object of the same
// namespace and name: its uid, resourceVersion and creationTimestamp are
// kept. It is how tests seed a server; it is not a request and is not
// logged. obj must be a JSON object with metadata.name.
func (s *Server) Put(resource string, obj []byte) error {
	return s.put(resource, obj, false)
}

// PutShared is Put without the copy when obj is already in the form Put
// stores (bytes a server stored: Object, a write's After): s then keeps
// obj itself, which no one may modify afterwards. Otherwise it stores a
// copy, as Put does. It is for a caller that holds one copy of many
// objects and seeds many servers from them (the explorer).
func (s *Server) PutShared(resource string, obj []byte) error {
	return s.put(resource, obj, true)
}

// put is Put, and with share, PutShared.
func (s *Server) put(resource string, obj []byte, share bool) error {
	if !knownResource(resource) {
		return fmt.Errorf("fake: put %s: unsupported resource", resource)
	}
	// One scan onto a tape reads the metadata and renders what
	// mustMarshal would store; no tree is built.
	t, canon, ok := jsontree.ScanTape(obj, "", true)
	defer jsontree.PutTape(t)
	if !ok || t.Kind(0) != jsontree.KindObject {
		jsontree.PutScratch(canon)
		_, err := parseObject(obj)
		if err == nil {
			err = errors.New("decode object: not a JSON object")
		}
		return fmt.Errorf("fake: put %s: %w", resource, err)
	}
	meta := t.Member(0, "metadata")
	text := func(key string) string { // as metaString reads it
		if v := t.Member(meta, key); t.Kind(v) == jsontree.KindString || t.Kind(v) == jsontree.KindNumber {
			return t.Text(v)
		}
		return ""
	}
	name, ns := text("name"), text("namespace")
	if name == "" {
		jsontree.PutScratch(canon)
		return fmt.Errorf("fake: put %s: the object has no metadata.name", resource)
	}
	if rv, err := strconv.ParseUint(text("resourceVersion"), 10, 64); err == nil {
		s.store.seen(rv)
	}
	if share && bytes.Equal(*canon, obj) {
		jsontree.PutScratch(canon)
		if err := s.store.save(serverKey{resource, ns, name}, obj); err != nil {
			return fmt.Errorf("fake: put %s: %w", resource, err)
		}
		return nil
	}
	if err := s.store.save(serverKey{resource, ns, name}, jsontree.ExactCopy(canon)); err != nil {
		return fmt.Errorf("fake: put %s: %w", resource, err)
	}
	return nil
}

// Remove deletes the object without a request (a test's hand on the
// store); removing an absent object does nothing.
func (s *Server) Remove(resource, namespace, name string) {
	s.store.drop(serverKey{resource, namespace, name})
}

// Object returns the stored JSON of one object and whether it exists. The
// bytes are the caller's.
func (s *Server) Object(resource, namespace, name string) ([]byte, bool) {
	b, ok := s.store.load(serverKey{resource, namespace, name})
	if !ok {
		return nil, false
	}
	return bytes.Clone(b), true
}

// Objects returns the stored JSON of every object of resource in
// namespace, sorted by name.
func (s *Server) Objects(resource, namespace string) [][]byte {
	names := s.store.names(resource, namespace)
	out := make([][]byte, 0, len(names))
	for _, n := range names {
		b, _ := s.store.load(serverKey{resource, namespace, n})
		out = append(out, bytes.Clone(b))
	}
	return out
}

// Inject adds a fault. Faults are matched in the order injected; the first
// matching one that has failures left fails the request.
func (s *Server) Inject(f Fault) {
	s.faults = append(s.faults, &faultState{Fault: f})
}

// Log returns every write request attempted so far, in order, including
// the failed ones (events are in Events).
func (s *Server) Log() []Write {
	out := make([]Write, len(s.log))
	for i, w := range s.log {
		out[i] = w
		out[i].Request = cloneRequest(w.Request)
		out[i].Before = bytes.Clone(w.Before)
		out[i].After = bytes.Clone(w.After)
	}
	return out
}

// Events returns the events recorded so far, in order.
func (s *Server) Events() []wire.Event {
	return append([]wire.Event(nil), s.events...)
}

// Get reads one object, as a GET request: a NotFound status error when it
// does not exist; "get" faults apply.
func (s *Server) Get(ctx context.Context, resource, namespace, name string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("fake: get %s %s/%s: %w", resource, namespace, name, err)
	}
	if err := s.fault("get", resource, name); err != nil {
		return nil, err
	}
	if !knownResource(resource) {
		return nil, notFoundResource()
	}
	b, ok := s.store.load(serverKey{resource, namespace, name})
	if !ok {
		return nil, errNotFound(resource, name)
	}
	return bytes.Clone(b), nil
}

// Do executes one attempt of r and returns what the written object
// carries after it (wire.Written: its resourceVersion and
// creationTimestamp, zero for a delete or an event) and nil, or the
// *wire.StatusError the API server answers, or the error of a matching
// fault. Every write is logged (see Log) whatever its outcome; events are
// recorded (see Events). A cancelled ctx fails the request before it is
// sent: not logged.
func (s *Server) Do(ctx context.Context, r wire.Request) (wire.Written, error) {
	if err := ctx.Err(); err != nil {
		return wire.Written{}, fmt.Errorf("fake: %s %s %s/%s: %w", r.Verb, r.Resource, r.Namespace, r.Name, err)
	}
	r = cloneRequest(r)
	if r.Verb == wire.VerbEvent {
		if err := s.fault(string(wire.VerbEvent), "", eventName(r)); err != nil {
			return wire.Written{}, err
		}
		if r.Event == nil {
			return wire.Written{}, errors.New("fake: event request without an event")
		}
		s.events = append(s.events, *r.Event)
		s.store.recorded(*r.Event)
		return wire.Written{}, nil
	}
	resource := r.Resource
	if r.Subresource != "" {
		resource += "/" + r.Subresource
	}
	key := serverKey{r.Resource, r.Namespace, requestName(r)}
	if r.Subresource == wire.SubresourceInstantiate {
		key = serverKey{r.Resource, r.Namespace, instantiateName(r)}
	}
	before, _ := s.store.load(key)
	w := Write{Request: r, Before: bytes.Clone(before), After: bytes.Clone(before)}
	if err := s.fault(string(r.Verb), resource, key.name); err != nil {
		w.Err = err
		s.logWrite(w)
		return wire.Written{}, err
	}
	var err error
	s.ownersMoved = false
	switch {
	case !knownResource(r.Resource):
		err = notFoundResource()
	case r.Verb == wire.VerbCreate && r.Subresource == wire.SubresourceInstantiate:
		err = s.instantiate(r, key)
	case r.Verb == wire.VerbCreate && r.Subresource == "":
		key, err = s.create(r)
	case r.Verb == wire.VerbUpdate && (r.Subresource == "" || r.Subresource == wire.SubresourceStatus):
		err = s.update(r, key)
	case r.Verb == wire.VerbPatch && (r.Subresource == "" || r.Subresource == wire.SubresourceStatus):
		err = s.patch(r, key)
	case r.Verb == wire.VerbDelete && r.Subresource == "":
		err = s.delete(key, r.Delete)
	default:
		err = notFoundResource()
	}
	var answer wire.Written
	if err == nil {
		after, _ := s.store.load(key)
		if r.Verb != wire.VerbDelete {
			answer = wire.WrittenOf(after)
		}
		if r.Verb == wire.VerbCreate && r.Subresource == "" || s.ownersMoved {
			s.ownerless(key, after) // the collector's, at once
			after, _ = s.store.load(key)
		}
		w.After = bytes.Clone(after)
	} else {
		w.Err = err
	}
	s.logWrite(w)
	return answer, err
}

// cloneRequest returns r sharing no memory with the caller's request, so
// the log keeps what was sent.
func cloneRequest(r wire.Request) wire.Request {
	r.Body = bytes.Clone(r.Body)
	r.Patch = bytes.Clone(r.Patch)
	r.Tolerate = slices.Clone(r.Tolerate)
	if r.Event != nil {
		e := *r.Event
		r.Event = &e
	}
	return r
}

// fault returns the error of the first fault matching the call, counting
// the failure, or nil.
func (s *Server) fault(verb, resource, name string) error {
	for _, f := range s.faults {
		if f.Verb != verb || f.Resource != resource || (f.Name != "" && f.Name != name) {
			continue
		}
		if f.Times > 0 && f.failed >= f.Times {
			continue
		}
		f.failed++
		return f.Err
	}
	return nil
}

// create executes a POST of a whole object.
func (s *Server) create(r wire.Request) (serverKey, error) {
	o, err := parseObject(r.Body)
	if err != nil {
		return serverKey{}, errBadRequest(err.Error())
	}
	defaultTypeMeta(r.Resource, o)
	defaultRC(r.Resource, o)
	meta := ensureMeta(o)
	ns, _ := meta["namespace"].(string)
	if ns == "" {
		meta["namespace"] = r.Namespace
	} else if ns != r.Namespace {
		return serverKey{}, errBadRequest("the namespace of the provided object does not match the namespace sent on the request")
	}
	name, _ := meta["name"].(string)
	var uid string
	if prefix, _ := meta["generateName"].(string); name == "" && prefix != "" {
		uid = s.store.mintUID()
		name = generatedName(prefix, uid)
		meta["name"] = name
	}
	if name == "" {
		return serverKey{}, errInvalid(r.Resource, name, "metadata.name: Required value: name or generateName is required")
	}
	key := serverKey{r.Resource, r.Namespace, name}
	if err := checkName(r.Resource, name); err != nil {
		return key, err
	}
	if err := checkOwnerRefs(r.Resource, name, o); err != nil {
		return key, err
	}
	if err := checkPodDeadline(r.Resource, name, o); err != nil {
		return key, err
	}
	if metaString(o, "resourceVersion") != "" {
		return key, errVersionOnCreate()
	}
	if stored, ok := s.store.load(key); ok {
		err := errAlreadyExists(r.Resource, name)
		if old, perr := parseObject(stored); perr == nil && metaString(old, "deletionTimestamp") != "" {
			// The registry says so of a name whose object a finalizer
			// holds.
			err.Message = "object is being deleted: " + err.Message
		}
		return key, err
	}
	delete(meta, "deletionTimestamp") // the server's to set, on a delete
	delete(meta, "deletionGracePeriodSeconds")
	if uid == "" {
		uid = s.store.mintUID()
	}
	meta["uid"] = uid
	meta["resourceVersion"] = s.store.mintVersion()
	meta["creationTimestamp"] = s.store.clock().UTC().Format(time.RFC3339)
	switch r.Resource {
	case wire.ResourceRCs:
		meta["generation"] = json.Number("1")
		o["status"] = map[string]any{"replicas": json.Number("0")}
	case wire.ResourceConfigs:
		meta["generation"] = json.Number("1")
		zero := json.Number("0")
		o["status"] = map[string]any{"latestVersion": zero, "observedGeneration": zero, "replicas": zero,
			"updatedReplicas": zero, "availableReplicas": zero, "unavailableReplicas": zero}
	case wire.ResourcePods:
		// The pod strategy's PrepareForCreate: a new pod is Pending,
		// whatever status the request carried, at generation 1 (since
		// Kubernetes 1.35, whose pods track their observed generation).
		meta["generation"] = json.Number("1")
		o["status"] = map[string]any{"phase": dcplan.PodPending.String()}
	default:
		delete(o, "status")
	}
	pruneMeta(o)
	if err := s.store.save(key, mustMarshal(o)); err != nil {
		return key, errUndecodable(r.Resource, name, err)
	}
	return key, nil
}

// update executes a PUT of a whole object, or of its status subresource.
func (s *Server) update(r wire.Request, key serverKey) error {
	stored, ok := s.store.load(key)
	if !ok {
		return errNotFound(r.Resource, key.name)
	}
	body, err := parseObject(r.Body)
	if err != nil {
		return errBadRequest(err.Error())
	}
	if r.Subresource != wire.SubresourceStatus {
		defaultTypeMeta(r.Resource, body)
		defaultRC(r.Resource, body)
	}
	old, err := parseObject(stored)
	if err != nil {
		return fmt.Errorf("fake: stored %s %s/%s: %w", r.Resource, key.namespace, key.name, err)
	}
	if err := checkIdentity(body, key); err != nil {
		return err
	}
	if uid := metaString(body, "uid"); uid != "" && uid != metaString(old, "uid") {
		return errUIDPrecondition(r.Resource, key, uid, metaString(old, "uid"))
	}
	rv := metaString(body, "resourceVersion")
	if rv == "" && !allowUnconditionalUpdate(r.Resource) {
		return errResourceVersionRequired(r.Resource, key.name)
	}
	if rv != "" && rv != metaString(old, "resourceVersion") {
		return errConflict(r.Resource, key.name)
	}
	if err := checkOwnerRefs(r.Resource, key.name, body); err != nil {
		return err
	}
	if err := checkUpdate(r.Resource, r.Subresource, key.name, old, body); err != nil {
		return err
	}
	return s.settleAndWrite(key, r, old, body)
}

// settleAndWrite stores what an update or a patch of old to next settles
// to (settle), once a DC's status passes its validation
// (checkConfigStatus): the update and status strategies validate the
// object they settled. It notes whether the owner references changed
// (ownersMoved).
func (s *Server) settleAndWrite(key serverKey, r wire.Request, old, next map[string]any) error {
	out := s.settle(r.Resource, r.Subresource, old, next)
	if r.Resource == wire.ResourceConfigs && r.Subresource != wire.SubresourceInstantiate {
		if err := checkConfigStatus(key.name, old, out); err != nil {
			return err
		}
	}
	// The collector looks at an object's owners again when they change:
	// one that names only owners gone is collected, as a create is.
	moved := !jsonvalue.Equal(ownerRefs(old), ownerRefs(out))
	if err := s.write(key, r.Resource, old, out); err != nil {
		return err
	}
	s.ownersMoved = moved
	return nil
}

// settle returns the object the server stores when next replaces old
// through subresource sub: server-owned metadata and, for the main
// resource, status come from old; through the status subresource the
// stored spec and the metadata the strategy keeps (statusKeeps) come from
// old; through instantiate only status comes from next (the DC the
// instantiate endpoint stores), which also counts a generation when
// status.latestVersion moved. The resourceVersion is write's to set.
func (s *Server) settle(resource, sub string, old, next map[string]any) map[string]any {
	if sub == wire.SubresourceStatus {
		// The RC, pod and DC status strategies reset the spec (and a
		// pod's owner references, a DC's labels); the rest of the body
		// stands, but for the server's own metadata.
		out := next
		restore(out, old, "spec")
		restore(out, old, "kind")
		restore(out, old, "apiVersion")
		meta, oldMeta := ensureMeta(out), ensureMeta(old)
		for _, f := range append(statusKeeps(resource), serverMeta...) {
			restore(meta, oldMeta, f)
		}
		pruneMeta(out)
		if resource == wire.ResourceRCs {
			// The typed RC status always has replicas (no omitempty):
			// a body without it stores 0, as the API server does.
			st, _ := out["status"].(map[string]any)
			if st == nil {
				st = map[string]any{}
				out["status"] = st
			}
			if st["replicas"] == nil {
				st["replicas"] = json.Number("0")
			}
		}
		return out
	}
	if sub == wire.SubresourceInstantiate {
		out := jsontree.Clone(old).(map[string]any)
		if st, ok := next["status"]; ok {
			out["status"] = st
		} else {
			delete(out, "status")
		}
		meta := ensureMeta(out)
		if latestVersionMoved(old, out) {
			// The instantiate strategy's PrepareForUpdate counts a
			// generation when status.latestVersion moves, as the DC
			// update strategy does; the status strategy never does.
			g, _ := strconv.ParseInt(metaString(old, "generation"), 10, 64)
			meta["generation"] = json.Number(strconv.FormatInt(g+1, 10))
		}
		return out
	}
	out := next
	meta, oldMeta := ensureMeta(out), ensureMeta(old)
	for _, f := range serverMeta {
		restore(meta, oldMeta, f)
	}
	client, _ := out["status"].(map[string]any)
	if st, ok := old["status"]; ok {
		out["status"] = jsontree.Clone(st)
	} else {
		delete(out, "status")
	}
	bumped := resource == wire.ResourceConfigs && keepClientLatestVersion(out, old, client)
	pruneMeta(out)
	if bumped || !jsonvalue.Equal(old["spec"], out["spec"]) {
		g, _ := strconv.ParseInt(metaString(old, "generation"), 10, 64)
		meta["generation"] = json.Number(strconv.FormatInt(g+1, 10))
	}
	return out
}

// serverMeta is the metadata an update or a patch cannot change: the
// stored values stay.
var serverMeta = []string{"uid", "creationTimestamp", "namespace", "generation", "deletionTimestamp", "deletionGracePeriodSeconds"}

// checkUpdate runs the checks of an update or a patch of old, through
// subresource sub, that would store next, in the API server's order:
// metadata (deletionTimestamp, finalizers), then the pod's spec rules. A
// status write, whose strategy keeps the body's metadata (statusKeeps),
// is held to the metadata rules, never to the spec's.
func checkUpdate(resource, sub, name string, old, next map[string]any) error {
	if sub == "" || resource != wire.ResourcePods { // the pod status strategy drops it
		if err := checkDeletionFields(resource, name, old, next); err != nil {
			return err
		}
	}
	if err := checkFinalizers(resource, name, old, next); err != nil {
		return err
	}
	if resource == wire.ResourcePods && sub == "" {
		return checkPodSpec(name, old, next)
	}
	return nil
}

// write stores out, what settle made of an update or a patch of the
// object old stored at key, with a new resourceVersion, and removes it if
// the write took its last finalizer (finish). A write whose out is old
// but for the resourceVersion changes nothing: as etcd3's GuaranteedUpdate
// in the API server skips a write whose stored bytes would not change and
// answers the stored object, nothing is stored (no new version, no watch
// event) and the object keeps its resourceVersion.
func (s *Server) write(key serverKey, resource string, old, out map[string]any) error {
	meta := ensureMeta(out)
	if rv, ok := ensureMeta(old)["resourceVersion"]; ok {
		meta["resourceVersion"] = rv
	} else {
		delete(meta, "resourceVersion")
	}
	if jsonvalue.Equal(old, out) {
		return nil
	}
	meta["resourceVersion"] = s.store.mintVersion()
	if err := s.store.save(key, mustMarshal(out)); err != nil {
		return errUndecodable(resource, key.name, err)
	}
	s.finish(key, old)
	return nil
}

// checkIdentity refuses an object, the body of an update or a patched
// object, whose name is not the one of the URL, or whose namespace is
// another, as the API server does (BadRequest, before any other check).
func checkIdentity(o map[string]any, key serverKey) error {
	if name := metaString(o, "name"); name != key.name {
		return errBadRequest(fmt.Sprintf("the name of the object (%s) does not match the name on the URL (%s)", name, key.name))
	}
	if ns := metaString(o, "namespace"); ns != "" && ns != key.namespace {
		return errBadRequest("the namespace of the provided object does not match the namespace sent on the request")
	}
	return nil
}

// patch executes a PATCH (strategic merge, or JSON merge).
func (s *Server) patch(r wire.Request, key serverKey) error {
	stored, ok := s.store.load(key)
	if !ok {
		return errNotFound(r.Resource, key.name)
	}
	if r.PatchType != wire.PatchStrategicMerge && r.PatchType != patchMerge {
		return &wire.StatusError{Reason: "UnsupportedMediaType", Code: 415,
			Message: fmt.Sprintf("the body of the request was in an unknown format - accepted media types include: %s, %s", patchMerge, wire.PatchStrategicMerge)}
	}
	p, err := parseObject(r.Patch)
	if err != nil {
		return errBadRequest(err.Error())
	}
	old, err := parseObject(stored)
	if err != nil {
		return fmt.Errorf("fake: stored %s %s/%s: %w", r.Resource, key.namespace, key.name, err)
	}
	if rv := metaString(p, "resourceVersion"); rv != "" && rv != metaString(old, "resourceVersion") {
		return errConflict(r.Resource, key.name)
	}
	merged, err := mergePatch(jsontree.Clone(old), p, "", r.PatchType == wire.PatchStrategicMerge)
	if oe, ok := err.(orderError); ok {
		return &wire.StatusError{Code: 500, Message: string(oe)}
	}
	if err != nil {
		return errBadRequest(err.Error())
	}
	next, ok := merged.(map[string]any)
	if !ok {
		return errBadRequest("the patch does not leave an object")
	}
	if r.Subresource == "" {
		defaultRC(r.Resource, next)
	}
	if err := checkIdentity(next, key); err != nil {
		return err // a patch that renames the object, or moves it
	}
	if uid := metaString(next, "uid"); uid != metaString(old, "uid") {
		return errInvalid(r.Resource, key.name, fmt.Sprintf("metadata.uid: Invalid value: %q: field is immutable", uid))
	}
	pruneMeta(next)
	if err := checkOwnerRefs(r.Resource, key.name, next); err != nil {
		return err
	}
	if err := checkUpdate(r.Resource, r.Subresource, key.name, old, next); err != nil {
		return err
	}
	return s.settleAndWrite(key, r, old, next)
}

// delete executes a DELETE. With Background or Foreground propagation the
// objects the deleted one owns go with it, and theirs in turn, as the
// garbage collector deletes them soon after (SPEC 3.7: history cleanup
// deletes with Background; SPEC 7 row 29: deployer pods are left to the
// collector). With Orphan they stay, without their owner references to
// it, as the collector's orphan finalizer leaves them. Without a policy
// the resource's strategy decides (orphanByDefault): a v1
// ReplicationController orphans, a pod or a DeploymentConfig of the
// apps.openshift.io group does not.
//
// An object with metadata.finalizers is not removed: it is marked deleting
// (deletionTimestamp the server's clock, deletionGracePeriodSeconds 0,
// metadata.generation one up when it has one, a new resourceVersion), and
// goes when an update or patch leaves it without finalizers (finish). Its
// dependents stay while it exists, but with Foreground, where the
// collector deletes them first, and with Orphan, where it releases them
// first. A delete of an object already marked leaves it as it is, but
// for its policy's work on the dependents: the store adds the orphan or
// the foregroundDeletion finalizer to it, which the collector acts on and
// removes (not modelled: the object keeps its resourceVersion). Without
// graceful termination of pods (SetGracefulPodDeletion), the default, a
// pod without finalizers goes at once; with it, a pod a node runs is
// marked deleting with its grace period and stays until the kubelet
// deletes it again with a grace of 0.
func (s *Server) delete(key serverKey, opts wire.DeleteOptions) error {
	obj, ok := s.store.load(key)
	if !ok {
		return errNotFound(key.resource, key.name)
	}
	o, err := parseObject(obj)
	if err != nil {
		return fmt.Errorf("fake: stored %s %s/%s: %w", key.resource, key.namespace, key.name, err)
	}
	if err := checkPropagationPolicy(opts.PropagationPolicy); err != nil {
		return err
	}
	if err := checkPreconditions(key, o, opts.Preconditions); err != nil {
		return err
	}
	if s.graceful && key.resource == wire.ResourcePods {
		if done, err := s.deletePodGracefully(key, o, opts); done {
			return err
		}
	}
	policy := opts.PropagationPolicy
	marked := len(finalizers(o)) > 0
	orphan := policy == propagationOrphan || policy == "" && orphanByDefault(key.resource)
	switch {
	case orphan:
		s.orphan(key.namespace, obj)
	case !marked || policy == propagationForeground:
		s.collect(key.namespace, obj)
	}
	if !marked {
		s.store.drop(key)
		return nil
	}
	if isDeleting(o) {
		return nil
	}
	if err := s.mark(key, o, 0); err != nil {
		return errUndecodable(key.resource, key.name, err)
	}
	return nil
}

// mark stores the object tree o (at key) marked deleting with a grace
// of grace seconds, as the registry store's markAsDeleting and a pod's
// graceful delete do: deletionTimestamp the server's clock plus the
// grace, deletionGracePeriodSeconds the grace, metadata.generation one up
// when it has one, a new resourceVersion. An object kept by its
// finalizers is marked with a grace of 0; a pod deleted gracefully (see
// SetGracefulPodDeletion) with its own.
func (s *Server) mark(key serverKey, o map[string]any, grace int64) error {
	meta := ensureMeta(o)
	meta["deletionTimestamp"] = s.store.clock().Add(time.Duration(grace) * time.Second).UTC().Format(time.RFC3339)
	meta["deletionGracePeriodSeconds"] = json.Number(strconv.FormatInt(grace, 10))
	if g, err := strconv.ParseInt(metaString(o, "generation"), 10, 64); err == nil && g > 0 {
		meta["generation"] = json.Number(strconv.FormatInt(g+1, 10))
	}
	meta["resourceVersion"] = s.store.mintVersion()
	return s.store.save(key, mustMarshal(o))
}

// finish removes the object stored at key when the write that replaced
// old removed the last finalizers of an object marked deleting, as the
// registry store deletes such an object during the update, and collects
// what it owned (its orphan finalizer, had it one, released them
// already). A write of an object marked without finalizers (a world only
// a seeded store holds) leaves it.
func (s *Server) finish(key serverKey, old map[string]any) {
	obj, ok := s.store.load(key)
	if !ok || len(finalizers(old)) == 0 {
		return
	}
	o, err := parseObject(obj)
	if err != nil || !isDeleting(o) || len(finalizers(o)) > 0 {
		return
	}
	s.collectOne(key, o, obj) // no finalizers: it goes, and what it owned
}

// isDeleting reports whether the object tree o has a deletionTimestamp.
func isDeleting(o map[string]any) bool {
	meta, _ := o["metadata"].(map[string]any)
	_, ok := meta["deletionTimestamp"]
	return ok
}

// finalizers returns metadata.finalizers of the object tree o.
func finalizers(o map[string]any) []any {
	meta, _ := o["metadata"].(map[string]any)
	f, _ := meta["finalizers"].([]any)
	return f
}

// checkFinalizers refuses, for an object marked deleting (old), a write
// adding finalizers it did not have, as the API server's metadata
// validation does.
func checkFinalizers(resource, name string, old, next map[string]any) error {
	if !isDeleting(old) {
		return nil
	}
	var added []string
	for _, f := range finalizers(next) {
		name, _ := f.(string)
		if !slices.Contains(finalizers(old), any(name)) && !slices.Contains(added, name) {
			added = append(added, name)
		}
	}
	if len(added) == 0 {
		return nil
	}
	slices.Sort(added)
	return errInvalid(resource, name, fmt.Sprintf("metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers %#v", added))
}

// orphanByDefault reports whether a delete of resource without a
// propagation policy orphans the objects it owns: the registry store
// orphans only for a strategy whose DefaultGarbageCollectionPolicy says
// OrphanDependents, which the v1 ReplicationController strategy does (for
// back compatibility); the pod strategy and the DC group strategy declare
// no policy, and their dependents are collected.
func orphanByDefault(resource string) bool { return resource == wire.ResourceRCs }

// propagationForeground is the propagation policy that deletes the
// dependents before the owner; here, as Background, at once.
const propagationForeground = "Foreground"

// propagationOrphan is the propagation policy that leaves the dependents,
// released from the deleted owner.
const propagationOrphan = "Orphan"

// checkPropagationPolicy is the API server's validation of a delete's
// propagation policy ("" for none), run once the object is found and
// before the preconditions: the three policies, spelled as they are.
func checkPropagationPolicy(policy string) error {
	switch policy {
	case "", propagationForeground, wire.PropagationBackground, propagationOrphan:
		return nil
	}
	return &wire.StatusError{Reason: dcplan.StatusInvalid, Code: 422,
		Message: fmt.Sprintf(`DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: %q: supported values: "Foreground", "Background", "Orphan", "nil"`, policy)}
}

// collect is the garbage collector's pass over the objects of namespace
// ns that obj owned (by its uid in their metadata.ownerReferences),
// after obj's delete. A dependent none of whose other owners exists is
// deleted, and what it owned in turn; one that still has an owner keeps
// living without its references to obj (attemptToDeleteItem: an object
// with a solid owner is not collected, its dangling references are
// patched out). The collector deletes through the API: a dependent with
// finalizers is marked deleting (collectOne).
func (s *Server) collect(ns string, obj []byte) {
	s.eachDependent(ns, obj, func(k serverKey, dep []byte, d map[string]any, uid string) {
		if s.hasLiveOwner(ns, d, uid) {
			s.dropOwnerRef(k, d, uid)
			return
		}
		s.collectOne(k, d, dep)
	})
}

// collectOne is the collector's delete of the object tree d, stored at k
// as dep: one with finalizers is marked deleting (nothing more when it is
// already), as the registry store marks it, and goes with its last
// finalizer (finish); one without goes, and what it owned in turn. With
// graceful termination on, a pod a node runs is marked with its default
// grace period instead (SetGracefulPodDeletion).
func (s *Server) collectOne(k serverKey, d map[string]any, dep []byte) {
	if s.graceful && k.resource == wire.ResourcePods && s.collectPodGracefully(k, d) {
		return // marked with its grace period: the kubelet removes it
	}
	if len(finalizers(d)) > 0 {
		if !isDeleting(d) {
			_ = s.mark(k, d, 0) // deletion fields only: what decoded still decodes
		}
		return
	}
	s.store.drop(k)
	s.collect(k.namespace, dep)
}

// orphan is the garbage collector's orphaning of the objects of namespace
// ns that obj owns, on obj's delete with the Orphan policy: each stays,
// without its owner references to obj.
func (s *Server) orphan(ns string, obj []byte) {
	s.eachDependent(ns, obj, func(k serverKey, _ []byte, d map[string]any, uid string) {
		s.dropOwnerRef(k, d, uid)
	})
}

// eachDependent calls f on every object of namespace ns whose owner
// references name obj's uid: its key, its stored bytes, its tree and
// that uid; DCs, then RCs, then pods, each by name.
func (s *Server) eachDependent(ns string, obj []byte, f func(k serverKey, dep []byte, d map[string]any, uid string)) {
	o, err := parseObject(obj)
	uid := metaString(o, "uid")
	if err != nil || uid == "" {
		return
	}
	for _, res := range []string{wire.ResourceConfigs, wire.ResourceRCs, wire.ResourcePods} {
		for _, name := range s.store.names(res, ns) {
			k := serverKey{res, ns, name}
			dep, ok := s.store.load(k)
			if !ok || !bytes.Contains(dep, []byte(uid)) { // most objects: no parse
				continue
			}
			if d, err := parseObject(dep); err == nil && slices.ContainsFunc(ownerRefs(d), func(r any) bool { return refUID(r) == uid }) {
				f(k, dep, d, uid)
			}
		}
	}
}

// ownerless deletes obj, just created at key, when it has owner
// references and none of them names an owner that exists (kind, name and
// uid), as the garbage collector deletes a dependent whose owners are all
// gone (an RC a controller created from a stale view of a DC deleted
// since, say), and collects what it owned in turn; with finalizers it
// marks it instead (collectOne).
func (s *Server) ownerless(key serverKey, obj []byte) {
	if obj == nil || !bytes.Contains(obj, []byte(`"ownerReferences"`)) {
		return
	}
	o, err := parseObject(obj)
	if err != nil || len(ownerRefs(o)) == 0 || s.hasLiveOwner(key.namespace, o, "") {
		return
	}
	s.collectOne(key, o, obj)
}

// ownerResources are the resources of the owner kinds the server holds.
var ownerResources = map[string]string{
	"ReplicationController": wire.ResourceRCs,
	"Pod":                   wire.ResourcePods,
	"DeploymentConfig":      wire.ResourceConfigs,
}

// hasLiveOwner reports whether the object dep has an owner reference,
// other than to uid, whose owner exists: an object of that kind and name
// with that uid (the collector's classifyReferences). A reference to a
// kind the server does not hold counts as live: the collector would find
// or not find it in a cluster, the server cannot tell.
func (s *Server) hasLiveOwner(ns string, dep map[string]any, uid string) bool {
	for _, r := range ownerRefs(dep) {
		ref, _ := r.(map[string]any)
		if ref["uid"] == uid {
			continue
		}
		kind, _ := ref["kind"].(string)
		res, ok := ownerResources[kind]
		if !ok {
			return true
		}
		name, _ := ref["name"].(string)
		if b, ok := s.store.load(serverKey{res, ns, name}); ok {
			if owner, err := parseObject(b); err == nil && metaString(owner, "uid") == ref["uid"] {
				return true
			}
		}
	}
	return false
}

// dropOwnerRef stores the object tree o (at k) without its owner
// references to uid, as the collector's strategic-merge patch removes
// them: a write with a new resourceVersion.
func (s *Server) dropOwnerRef(k serverKey, o map[string]any, uid string) {
	meta := ensureMeta(o)
	meta["ownerReferences"] = slices.DeleteFunc(slices.Clone(ownerRefs(o)), func(r any) bool { return refUID(r) == uid })
	pruneMeta(o)
	meta["resourceVersion"] = s.store.mintVersion()
	_ = s.store.save(k, mustMarshal(o)) // fewer owners: what decoded still decodes
}

// ownerRefs returns metadata.ownerReferences of the object tree o.
func ownerRefs(o map[string]any) []any {
	meta, _ := o["metadata"].(map[string]any)
	refs, _ := meta["ownerReferences"].([]any)
	return refs
}

// refUID returns the uid of the owner reference r (nil for none).
func refUID(r any) any {
	ref, _ := r.(map[string]any)
	return ref["uid"]
}

// logWrite appends a write to the log, unless the log is off.
func (s *Server) logWrite(w Write) {
	if !s.quiet {
		s.log = append(s.log, w)
	}
}

// patchMerge is the JSON merge patch type (RFC 7386), also accepted.
const patchMerge = "application/merge-patch+json"

// requestName is the name a request acts on: the body's for a create.
func requestName(r wire.Request) string {
	if r.Verb == wire.VerbCreate && r.Subresource == "" {
		if o, err := parseObject(r.Body); err == nil {
			if n := metaString(o, "name"); n != "" {
				return n
			}
		}
	}
	return r.Name
}

func eventName(r wire.Request) string {
	if r.Event != nil {
		return r.Event.Object.Name
	}
	return r.Name
}

func knownResource(r string) bool {
	return r == wire.ResourceRCs || r == wire.ResourcePods || r == wire.ResourceConfigs
}

// parseObject decodes a JSON object with json.Number numbers.
func parseObject(b []byte) (map[string]any, error) {
	v, err := jsontree.Parse(b)
	if err != nil {
		return nil, fmt.Errorf("decode object: %w", err)
	}
	o, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("decode object: not a JSON object")
	}
	return o, nil
}

// mustMarshal renders a tree parseObject built (and the server edited
// with JSON values only) as json.Marshal would.
func mustMarshal(v any) []byte { return jsontree.AppendCanonical(nil, v) }

// typeMeta is the kind and API group of a resource the server serves.
type typeMeta struct{ kind, group string }

// typeMetas are the resources' kinds and groups ("" for the core group).
var typeMetas = map[string]typeMeta{
	wire.ResourceRCs:     {"ReplicationController", ""},
	wire.ResourcePods:    {"Pod", ""},
	wire.ResourceConfigs: {"DeploymentConfig", "apps.openshift.io"},
}

// apiVersion is the group's v1.
func (t typeMeta) apiVersion() string {
	if t.group == "" {
		return "v1"
	}
	return t.group + "/v1"
}

// defaultTypeMeta sets the kind and apiVersion of a create's or an
// update's body from its resource where the body has none (absent or
// empty), as the API server's decoder defaults them from the URL.
func defaultTypeMeta(resource string, o map[string]any) {
	t, ok := typeMetas[resource]
	if !ok {
		return
	}
	if k, _ := o["kind"].(string); k == "" {
		o["kind"] = t.kind
	}
	if v, _ := o["apiVersion"].(string); v == "" {
		o["apiVersion"] = t.apiVersion()
	}
}

func ensureMeta(o map[string]any) map[string]any {
	m, ok := o["metadata"].(map[string]any)
	if !ok {
		m = map[string]any{}
		o["metadata"] = m
	}
	return m
}

// metaString returns metadata.<field> as text ("" when absent).
func metaString(o map[string]any, field string) string {
	m, _ := o["metadata"].(map[string]any)
	switch v := m[field].(type) {
	case string:
		return v
	case json.Number:
		return v.String()
	}
	return ""
}

// pruneMeta drops the metadata fields a typed object omits when empty.
func pruneMeta(o map[string]any) {
	m, ok := o["metadata"].(map[string]any)
	if !ok {
		return
	}
	for _, f := range []string{"ownerReferences", "finalizers", "annotations", "labels"} {
		switch v := m[f].(type) {
		case []any:
			if len(v) == 0 {
				delete(m, f)
			}
		case map[string]any:
			if len(v) == 0 {
				delete(m, f)
			}
		case nil:
			delete(m, f)
		}
	}
}

// qualifiedResource is the group-qualified resource client-go prints.
func qualifiedResource(resource string) string {
	if resource == wire.ResourceConfigs {
		return resource + ".apps.openshift.io"
	}
	return resource
}

// qualifiedKind is the group-qualified kind of Invalid errors.
func qualifiedKind(resource string) string {
	t, ok := typeMetas[resource]
	switch {
	case !ok:
		return resource
	case t.group == "":
		return t.kind
	}
	return t.kind + "." + t.group
}

// storageKey is the etcd key the API server names in storage errors.
func storageKey(k serverKey) string {
	dir := k.resource
	if k.resource == wire.ResourceRCs {
		dir = "controllers"
	}
	return "/registry/" + dir + "/" + k.namespace + "/" + k.name
}

func errNotFound(resource, name string) error {
	return &wire.StatusError{Reason: dcplan.StatusNotFound, Code: 404,
		Message: fmt.Sprintf("%s %q not found", qualifiedResource(resource), name)}
}

func notFoundResource() error {
	return &wire.StatusError{Reason: dcplan.StatusNotFound, Code: 404,
		Message: "the server could not find the requested resource"}
}

func errAlreadyExists(resource, name string) *wire.StatusError {
	return &wire.StatusError{Reason: dcplan.StatusAlreadyExists, Code: 409,
		Message: fmt.Sprintf("%s %q already exists", qualifiedResource(resource), name)}
}

// optimisticLock is apimachinery's OptimisticLockErrorMsg.
const optimisticLock = "the object has been modified; please apply your changes to the latest version and try again"

func errConflict(resource, name string) error {
	return &wire.StatusError{Reason: dcplan.StatusConflict, Code: 409,
		Message: fmt.Sprintf("Operation cannot be fulfilled on %s %q: %s", qualifiedResource(resource), name, optimisticLock)}
}

// errUIDPrecondition is the answer to a PUT whose body names another uid:
// the storage precondition error wrapped in a Conflict.
func errUIDPrecondition(resource string, k serverKey, want, got string) error {
	return &wire.StatusError{Reason: dcplan.StatusConflict, Code: 409,
		Message: fmt.Sprintf("Operation cannot be fulfilled on %s %q: StorageError: invalid object, Code: 4, Key: %s, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: %s, UID in object meta: %s",
			qualifiedResource(resource), k.name, storageKey(k), want, got)}
}

// checkPreconditions checks a delete's preconditions against the stored
// object o as the registry store does before it deletes (SPEC
// 3.7.5.unchanged): the uid first, then the resourceVersion, each a
// Conflict naming the group-qualified kind, in the texts a real
// kube-apiserver answers (examples/kube/e2e's TestDeletePreconditions).
func checkPreconditions(k serverKey, o map[string]any, pc wire.Preconditions) error {
	conflict := func(format string, a ...any) error {
		return &wire.StatusError{Reason: dcplan.StatusConflict, Code: 409,
			Message: fmt.Sprintf("Operation cannot be fulfilled on %s %q: ", qualifiedKind(k.resource), k.name) + fmt.Sprintf(format, a...)}
	}
	if uid := metaString(o, "uid"); pc.UID != "" && pc.UID != uid {
		return conflict("the UID in the precondition (%s) does not match the UID in record (%s). The object might have been deleted and then recreated", pc.UID, uid)
	}
	if rv := metaString(o, "resourceVersion"); pc.ResourceVersion != "" && pc.ResourceVersion != rv {
		return conflict("the ResourceVersion in the precondition (%s) does not match the ResourceVersion in record (%s). The object might have been modified", pc.ResourceVersion, rv)
	}
	return nil
}

// allowUnconditionalUpdate reports whether a PUT of resource without
// metadata.resourceVersion is accepted (the stored version is taken): the
// strategy's AllowUnconditionalUpdate, true for replication controllers
// and pods, false for DeploymentConfigs (their update, status and
// instantiate strategies alike).
func allowUnconditionalUpdate(resource string) bool { return resource != wire.ResourceConfigs }

// errResourceVersionRequired is the registry store's answer to a PUT
// without metadata.resourceVersion of a resource whose strategy does not
// allow unconditional updates: Invalid, naming the group-qualified
// resource where other Invalid answers name the kind.
func errResourceVersionRequired(resource, name string) error {
	return &wire.StatusError{Reason: dcplan.StatusInvalid, Code: 422,
		Message: fmt.Sprintf("%s %q is invalid: metadata.resourceVersion: Invalid value: 0: must be specified for an update", qualifiedResource(resource), name)}
}

func errInvalid(resource, name, detail string) error {
	return &wire.StatusError{Reason: dcplan.StatusInvalid, Code: 422,
		Message: fmt.Sprintf("%s %q is invalid: %s", qualifiedKind(resource), name, detail)}
}

// errUndecodable is the answer to a write whose result the store refused
// (a World's, which holds only objects the codec decodes and that are
// valid): Invalid, as the API server answers an object its validation
// rejects, naming the decode error or the invalid field. Nothing was
// stored.
func errUndecodable(resource, name string, err error) error {
	return errInvalid(resource, name, err.Error())
}

func errBadRequest(msg string) error {
	return &wire.StatusError{Reason: dcplan.StatusBadRequest, Code: 400, Message: msg}
}

// String describes a fault for test output.
func (f Fault) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", f.Verb, f.Resource)
	if f.Name != "" {
		fmt.Fprintf(&b, " %s", f.Name)
	}
	if f.Times > 0 {
		fmt.Fprintf(&b, " ×%d", f.Times)
	}
	fmt.Fprintf(&b, ": %v", f.Err)
	return b.String()
}

// latestVersionMoved reports whether status.latestVersion differs
// between two versions of a DC.
func latestVersionMoved(old, next map[string]any) bool {
	o, _ := old["status"].(map[string]any)
	n, _ := next["status"].(map[string]any)
	return !jsonvalue.Equal(o["latestVersion"], n["latestVersion"])
}

// keepClientLatestVersion is the DC update strategy's one exception to
// "status comes from the stored object": a client-set
// status.latestVersion one above the stored one is kept (old clients bump
// it to start a rollout; oc rollback's update does, SPEC 6m.4a). It
// reports whether it kept one: the strategy then counts a generation, as
// for a spec change.
func keepClientLatestVersion(out, old, client map[string]any) bool {
	want, ok := client["latestVersion"].(json.Number)
	if !ok {
		return false
	}
	oldStatus, _ := old["status"].(map[string]any)
	cur, _ := oldStatus["latestVersion"].(json.Number)
	w, err1 := strconv.ParseInt(string(want), 10, 64)
	c, err2 := strconv.ParseInt(string(cur), 10, 64)
	if cur == "" {
		c, err2 = 0, nil
	}
	if err1 != nil || err2 != nil || w != c+1 {
		return false
	}
	st, _ := out["status"].(map[string]any)
	if st == nil {
		st = map[string]any{}
		out["status"] = st
	}
	st["latestVersion"] = want
	return true
}
