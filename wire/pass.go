package wire

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
)

// Client is what a pass needs of an API server. Do sends one request once
// (no retry) and returns what the server's answer says of the object it
// wrote (Written: zero for a delete, an event, or a client without the
// answer) and nil, a *StatusError for an API status answer, or any other
// error for a transport failure; a VerbEvent request records an event.
// Get reads one object as JSON, with the same errors; its kind and
// apiVersion may be missing (client-go's typed Get leaves them empty), the
// object being read as the kind asked for. fake.Server is a
// Client; examples/kube has one over client-go.
type Client interface {
	// Do sends r once and returns what the answer says of the object it
	// wrote, and the request's error (see Client).
	Do(ctx context.Context, r Request) (Written, error)
	// Get reads the object name of resource in namespace as JSON (see
	// Client).
	Get(ctx context.Context, resource, namespace, name string) ([]byte, error)
}

// Planner plans one pass over a snapshot, e.g. reconcile.Config or a
// closure over phase.Step.
type Planner func(dcplan.Snapshot) dcplan.Plan

// Pass is what one pass did.
type Pass struct {
	// Snapshot is the snapshot of the last plan: the input with the
	// adoption recheck and the pass's failures (Outcome) filled in.
	Snapshot dcplan.Snapshot
	// Plan is the last plan. Its Wait, Message, Error and RecheckAfter are
	// the pass's answer to the work queue.
	Plan dcplan.Plan
	// Requests are Plan's requests; the first Sent of them were sent (the
	// pass stopped after a failure the plan ends on), and are as sent:
	// Rebased, WithCreatedAt (see RunPass). When RunPass returns an error
	// because the plan after a failure cannot be rendered, breaks the
	// protocol (ErrProtocol) or is one too many (ErrReplans), they are the
	// requests of the plan before, which were sent.
	Requests []Request
	Sent     int
	// Errs holds the answer to each request sent, in order (len Sent): nil
	// for a success or a tolerated failure. The failure of a request's
	// Before request (Failure.Prelude) names that request first.
	Errs []error
}

// Failed returns the failures the pass ended on, joined, each prefixed
// with its request's method and path and wrapping the client's error (a
// *StatusError for an API status): those of the last group of requests
// sent, events aside (a lone request is its own group). It is nil when
// the pass met no failure, and when the planner went on past every
// failure it met: reconcile.RolloutLatest answers the instantiate's
// NotFound with its fallback update, whose success ends the pass.
//
// Failed reads the requests alone, so a failure the planner absorbed
// counts when nothing follows it: an adoption patch that met NotFound as
// a controller pass's last write (the RC is gone; upstream's pass returns
// no error, SPEC 3.3.2). A controller's answer to its work queue is the
// last plan's Error and Message, which the planner decides; Failed is for
// an operation whose planner does not read Snapshot.Outcome
// (RunOperation).
func (p Pass) Failed() error {
	end := min(p.Sent, len(p.Errs), len(p.Requests))
	for end > 0 && p.Requests[end-1].Verb == VerbEvent {
		end--
	}
	start := end - 1
	if g := p.group(start); g != 0 {
		for j := start - 1; j >= 0 && (p.Requests[j].Verb == VerbEvent || p.Requests[j].Group == g); j-- {
			if p.Requests[j].Verb != VerbEvent {
				start = j
			}
		}
	}
	var errs []error
	for i := max(start, 0); i < end; i++ {
		if err := p.Errs[i]; err != nil {
			q := &p.Requests[i]
			errs = append(errs, fmt.Errorf("%s %s: %w", q.Method(), q.Path(), err))
		}
	}
	return errors.Join(errs...)
}

// group is the group of request i, 0 for none (or no request).
func (p Pass) group(i int) int {
	if i < 0 || i >= len(p.Requests) {
		return 0
	}
	return p.Requests[i].Group
}

// ErrProtocol reports a planner that breaks the adapter contract of
// dcplan.Outcome: planned again after a failure from the same snapshot, it
// no longer begins with the requests already sent.
var ErrProtocol = errors.New("wire: the plan after a failure does not begin with the requests already sent")

// RunPass runs one pass of a controller the way upstream's handler does,
// and is the one way to apply a plan:
//
//  1. Plan s and render the requests (Requests).
//  2. When the plan adopts an RC and s has no adoption recheck yet, GET the
//     DC, put the answer in s.Recheck (SPEC 3.3.2) and plan again.
//  3. Send the requests in order. A request is retried while the answer is
//     Conflict, up to its Attempts; an answer it tolerates is success;
//     events never fail. A failure stops the pass after its request, or
//     after the last request of its group. A Rebase request of an object
//     the pass wrote before (in this plan or one made before a failure)
//     goes Rebased to the version the last such write's answer carries
//     (Written; upstream sent the object the write returned, SPEC 3.11).
//     A request whose CreatedAtOf names a deployer pod the pass created
//     goes WithCreatedAt the creationTimestamp the create's answer
//     carries (upstream's created-at is the server's stamp, SPEC 1.1,
//     4.3.new.4). When the answer carries none, the request goes as
//     rendered.
//  4. On a failure, add it to s.Outcome (after an RC create that met
//     AlreadyExists, GET that RC into Outcome.Live or LiveErr) and plan
//     again from s: the new plan begins with the requests already sent
//     (else ErrProtocol), and the pass goes on after them with what the
//     planner says about the failure (which may be to go on as before:
//     an adoption that met NotFound, say). After MaxReplans such plans,
//     RunPass stops with ErrReplans.
//
// RunPass returns when every request of the last plan was sent, or with
// ctx's error when ctx ended before a request it had to send (a failure
// met before that is in the returned Snapshot's Outcome; ctx ending
// between two attempts of a request ends the pass so too, with that
// request's last answer, a Conflict, as its failure). It never sends a
// request twice except for Conflict retries and a request's Before
// requests, which each attempt sends again first (SPEC 3.3.reclaim;
// Pass counts neither), and reads nothing but the adoption recheck and
// the live RC after AlreadyExists. A nil plan, or a nil c when the plan has requests to
// send, is an error wrapping ErrNoPass and sends nothing.
func RunPass(ctx context.Context, c Client, s dcplan.Snapshot, plan Planner) (Pass, error) {
	if plan == nil {
		return Pass{Snapshot: s}, fmt.Errorf("%w: no planner", ErrNoPass)
	}
	p := plan(s)
	if p.Actions() == 0 {
		// Nothing to send (a pass at rest): answered here, so that s stays
		// on the stack.
		return Pass{Snapshot: s, Plan: p}, nil
	}
	if c == nil {
		return Pass{Snapshot: s, Plan: p}, fmt.Errorf("%w: no client to send the plan with", ErrNoPass)
	}
	return runPass(ctx, c, s, plan, p)
}

// ErrNoPass is the error of a RunPass called without a planner, or
// without a client for a plan that has requests to send: a caller's
// mistake, reported instead of a nil dereference.
var ErrNoPass = errors.New("wire: no pass")

// MaxReplans bounds the plans of one pass after its first: a planner
// that goes on past every failure with new requests (none of the
// library's does) would otherwise keep a pass sending for ever.
const MaxReplans = 100

// ErrReplans reports a pass whose planner planned again after MaxReplans
// failures.
var ErrReplans = fmt.Errorf("wire: the planner went on past %d failures in one pass", MaxReplans)

// runPass is RunPass for a first plan p with something to send.
func runPass(ctx context.Context, c Client, s dcplan.Snapshot, plan Planner, p dcplan.Plan) (Pass, error) {
	var prev, sentAs []Request // the requests of the last plan sent from, and those sent, as sent
	var errs []error
	var versions rebases
	// The pass's failures go into s.Outcome, never into the caller's
	// array behind it.
	s.Outcome.Failures = slices.Clip(s.Outcome.Failures)
	for replans := 0; ; p, replans = plan(s), replans+1 {
		sent := len(sentAs)
		if replans > MaxReplans {
			return Pass{Snapshot: s, Plan: p, Requests: asSent(prev, sentAs), Sent: sent, Errs: errs}, ErrReplans
		}
		if len(p.Adopt) > 0 && !s.Recheck.Done {
			// The plan with the recheck's answer is no plan after a
			// failure: it does not count among MaxReplans.
			s.Recheck = recheck(ctx, c, snapshotNS(&s), s.Config.Name)
			p = plan(s)
		}
		reqs, err := Requests(s, p)
		if err != nil {
			return Pass{Snapshot: s, Plan: p, Requests: asSent(prev, sentAs), Sent: sent, Errs: errs}, fmt.Errorf("wire: pass: %w", err)
		}
		if prev != nil && (len(reqs) < sent || !slices.EqualFunc(prev[:sent], reqs[:sent], sameRequest)) {
			return Pass{Snapshot: s, Plan: p, Requests: asSent(prev, sentAs), Sent: sent, Errs: errs}, ErrProtocol
		}
		var failures []dcplan.Failure
		var answers []error
		sentAs, failures, answers, err = sendFrom(ctx, c, reqs, sentAs, &versions)
		errs = append(errs, answers...)
		s.Outcome.Failures = append(s.Outcome.Failures, failures...)
		pass := Pass{Snapshot: s, Plan: p, Requests: asSent(reqs, sentAs), Sent: len(sentAs), Errs: errs}
		if err != nil || len(failures) == 0 {
			return pass, err
		}
		for _, f := range failures {
			if f.Action == dcplan.ActionCreateRC && f.Reason == dcplan.StatusAlreadyExists {
				live(ctx, c, &s, createdIn(sentAs, f.Name), f.Name)
			}
		}
		prev = reqs
	}
}

// asSent returns reqs with its first len(sent) requests as they were sent
// (Rebased, WithCreatedAt): reqs itself when none was changed.
func asSent(reqs, sent []Request) []Request {
	if len(sent) <= len(reqs) && slices.EqualFunc(sent, reqs[:len(sent)], sameRequest) {
		return reqs
	}
	out := slices.Clone(reqs)
	copy(out, sent)
	return out
}

// sendFrom sends reqs from index len(sent) on until a failure ends the
// run, or ctx ends before a request: it returns sent with the requests
// it sent appended (as sent: see rebases.apply), the failures, and the
// answer to each request sent (nil for success or a tolerated failure).
// vs holds what the pass's writes left, for Rebase and CreatedAtOf
// requests.
func sendFrom(ctx context.Context, c Client, reqs, sent []Request, vs *rebases) ([]Request, []dcplan.Failure, []error, error) {
	var failures []dcplan.Failure
	var answers []error
	open := 0 // the group of the last request that was no event
	for i := len(sent); i < len(reqs); i++ {
		r := vs.apply(reqs[i])
		a := send(ctx, c, &r)
		if a.stopped != nil && !a.sent {
			return sent, failures, answers, a.stopped
		}
		sent, answers = append(sent, r), append(answers, a.err)
		if a.err != nil {
			failures = append(failures, a.failure)
		} else {
			vs.record(&r, a.written)
		}
		if a.stopped != nil {
			return sent, failures, answers, a.stopped
		}
		if r.Verb != VerbEvent {
			open = r.Group
		}
		if len(failures) > 0 {
			if j := nextWrite(reqs, i); open == 0 || j == len(reqs) || reqs[j].Group != open {
				return sent, failures, answers, nil
			}
		}
	}
	return sent, failures, answers, nil
}

// nextWrite returns the index of the first request after i that is no
// event (len(reqs) for none): an event placed between the requests of a
// group does not end it.
func nextWrite(reqs []Request, i int) int {
	for i++; i < len(reqs) && reqs[i].Verb == VerbEvent; i++ {
	}
	return i
}

// answer is what send makes of one request.
type answer struct {
	written Written
	// failure and err are the request's failure and error when it failed
	// in a way it does not tolerate (nil err otherwise).
	failure dcplan.Failure
	err     error
	// sent tells that the request itself went out at least once; stopped
	// is ctx's error when ctx ended between two of its sends.
	sent    bool
	stopped error
}

// send sends one request, retrying on Conflict up to its Attempts, each
// attempt after its Before requests, and returns the answer of its last
// attempt. A Before request that fails in a way it does not tolerate ends
// the attempts: its failure is r's, marked Prelude. When ctx has ended
// before a send, send stops there: the last answer r had, a Conflict,
// stays its answer (a context error from a send that never went out is
// none), and r is not sent when it had none.
func send(ctx context.Context, c Client, r *Request) answer {
	var a answer
	var err error
	ended := func() bool { a.stopped = ctx.Err(); return a.stopped != nil }
attempts:
	for attempt := 0; attempt < max(r.Attempts, 1); attempt++ {
		for i := range r.Before {
			if ended() {
				break attempts
			}
			b := &r.Before[i]
			if _, err := c.Do(ctx, *b); err != nil && !tolerated(b, err) {
				f := failureOf(r, err)
				f.Prelude = true
				return answer{failure: f, err: fmt.Errorf("before it, %s %s: %w", b.Method(), b.Path(), err), sent: true}
			}
		}
		if ended() {
			break
		}
		a.written, err = c.Do(ctx, *r)
		a.sent = true
		if err == nil || r.Verb == VerbEvent || reasonOf(err) != dcplan.StatusConflict {
			break
		}
	}
	if !a.sent || err == nil || r.Verb == VerbEvent || tolerated(r, err) {
		return a
	}
	a.written, a.failure, a.err = Written{}, failureOf(r, err), err
	return a
}

// tolerated reports whether err, the answer to r, counts as success.
func tolerated(r *Request, err error) bool {
	return reasonOf(err) != "" && r.Tolerates(reasonOf(err))
}

// failureOf is the Failure of r's action that err reports.
func failureOf(r *Request, err error) dcplan.Failure {
	f := dcplan.Failure{Action: r.Action.Kind, Name: r.Name, Message: err.Error()}
	if se := statusOf(err); se != nil {
		f.Reason, f.Code, f.Message = se.Reason, se.Code, se.Message
		// The reason the answer carried, when statusOf read another from
		// the code: what kubectl prints.
		var given *StatusError
		if errors.As(err, &given) && given.Reason != se.Reason {
			f.ReasonFromCode, f.StatedReason = true, given.Reason
		}
	}
	return f
}

// rebases holds what the pass's writes left on their objects that a
// later request of the plan must carry: the resourceVersion of an object
// a Rebase request writes again, the creationTimestamp of a pod a
// CreatedAtOf request names.
type rebases struct {
	versions map[rebaseKey]string
	created  map[rebaseKey]time.Time
}

// rebaseKey names an object.
type rebaseKey struct{ resource, namespace, name string }

func keyOf(r *Request) rebaseKey { return rebaseKey{r.Resource, r.Namespace, r.Name} }

// podKey names the pod a CreatedAtOf request of r's namespace names.
func podKey(r *Request) rebaseKey { return rebaseKey{ResourcePods, r.Namespace, r.CreatedAtOf} }

// apply returns r with what the pass's earlier writes left: Rebased to
// its object's version when r is a Rebase request, WithCreatedAt the
// pod's creationTimestamp when it names one in CreatedAtOf; r itself when
// neither is known.
func (vs *rebases) apply(r Request) Request {
	if r.Rebase {
		if v, ok := vs.versions[keyOf(&r)]; ok {
			if rb, err := r.Rebased(v); err == nil {
				r = rb
			}
		}
	}
	if r.CreatedAtOf != "" {
		if t, ok := vs.created[podKey(&r)]; ok {
			if rb, err := r.WithCreatedAt(t); err == nil {
				r = rb
			}
		}
	}
	return r
}

// record keeps what the answer w to the write r says of the object it
// wrote, for a later request of the pass that needs it (a Rebase request
// of the same object, a CreatedAtOf request naming the pod), whether in
// this plan or in one made after a failure. A delete, or an answer that
// carries no version, forgets the version an earlier write left: the
// object's version is not known any more.
func (vs *rebases) record(r *Request, w Written) {
	switch {
	case r.Verb == VerbEvent:
		return
	case r.Verb == VerbDelete || w.ResourceVersion == "":
		// The object's version is not known any more: a later Rebase
		// request goes as rendered.
		delete(vs.versions, keyOf(r))
	default:
		if vs.versions == nil {
			vs.versions = map[rebaseKey]string{}
		}
		vs.versions[keyOf(r)] = w.ResourceVersion
	}
	if r.Resource == ResourcePods && r.Verb == VerbCreate && !w.Created.IsZero() {
		if vs.created == nil {
			vs.created = map[rebaseKey]time.Time{}
		}
		vs.created[keyOf(r)] = w.Created
	}
}

// reasonOf is the API status reason of err (see statusOf), "" for a
// transport error.
func reasonOf(err error) dcplan.StatusReason {
	if se := statusOf(err); se != nil {
		return se.Reason
	}
	return ""
}

// recheck GETs the DC name of namespace before an adoption (SPEC 3.3.2):
// the namespace the plan's requests go to (snapshotNS).
func recheck(ctx context.Context, c Client, namespace, name string) dcplan.Recheck {
	data, err := c.Get(ctx, ResourceConfigs, namespace, name)
	if err != nil {
		return dcplan.Recheck{Done: true, Err: err.Error()}
	}
	live, err := readObject(data, kindConfig, func(t *jsontree.Tape, raw dcplan.RawJSON) (dcplan.Config, error) {
		return decodeConfigTape(t, 0, false, raw, false)
	})
	if err != nil {
		return dcplan.Recheck{Done: true, Err: err.Error()}
	}
	return dcplan.Recheck{Done: true, UID: live.UID, DeletionTime: deletionTime(data)}
}

// createdIn returns the namespace of the RC create named name among the
// requests sent.
func createdIn(sent []Request, name string) string {
	for i := len(sent) - 1; i >= 0; i-- {
		if r := &sent[i]; r.Verb == VerbCreate && r.Resource == ResourceRCs && r.Name == name {
			return r.Namespace
		}
	}
	return ""
}

// live GETs the RC a create found already existing (SPEC 3.2.12), in the
// namespace the create went to, into s.Outcome.Live, or the error into
// LiveErr (the other cleared: the last such create's answer).
func live(ctx context.Context, c Client, s *dcplan.Snapshot, namespace, name string) {
	s.Outcome.Live, s.Outcome.LiveErr = nil, ""
	data, err := c.Get(ctx, ResourceRCs, namespace, name)
	if err != nil {
		s.Outcome.LiveErr = err.Error()
		return
	}
	d, err := readObject(data, kindRC, func(t *jsontree.Tape, raw dcplan.RawJSON) (dcplan.Deployment, error) {
		return decodeDeploymentTape(t, 0, false, raw, nil)
	})
	if err != nil {
		s.Outcome.LiveErr = err.Error()
		return
	}
	s.Outcome.Live = &d
}

// readObject decodes an object of kind that a Client.Get returned with
// decode, which accepts a missing kind and apiVersion (a wrong one is
// still an error).
func readObject[T any](data []byte, kind string, decode func(*jsontree.Tape, dcplan.RawJSON) (T, error)) (T, error) {
	t, raw, err := scanObject(data, string(data), kind)
	if err != nil {
		var zero T
		return zero, err
	}
	defer jsontree.PutTape(t)
	return decode(t, raw)
}

// sameRequest reports whether two requests are the same request: the
// retry and grouping policy aside, every field equal.
func sameRequest(a, b Request) bool {
	if a.Verb != b.Verb || a.Resource != b.Resource || a.Subresource != b.Subresource || a.Namespace != b.Namespace ||
		a.Name != b.Name || a.PatchType != b.PatchType || a.FieldManager != b.FieldManager || a.Delete != b.Delete ||
		string(a.Body) != string(b.Body) || string(a.Patch) != string(b.Patch) {
		return false
	}
	if (a.Event == nil) != (b.Event == nil) || !slices.EqualFunc(a.Before, b.Before, sameRequest) {
		return false
	}
	return a.Event == nil || *a.Event == *b.Event
}

// deletionTime reads metadata.deletionTimestamp of an object; zero when
// absent or not a timestamp.
func deletionTime(data []byte) time.Time {
	tp, _, ok := jsontree.ScanTape(data, "", false)
	defer jsontree.PutTape(tp)
	if !ok {
		return time.Time{}
	}
	v := tp.Member(tp.Member(0, "metadata"), "deletionTimestamp")
	if tp.Kind(v) != jsontree.KindString {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339, tp.Text(v))
	if err != nil {
		return time.Time{}
	}
	return t
}
