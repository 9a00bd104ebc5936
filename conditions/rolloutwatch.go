package conditions

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
)

// Sentinel errors of the watch loop of `oc rollout status` (SPEC
// 6m.6.watch). Every error StatusOptions.Validate returns and every error a
// Watch ends with is a *dcplan.Refusal whose Text is exactly what oc
// prints after "error: " and whose Err is one of these, so callers branch
// with errors.Is.
var (
	// ErrNoResource: no resource argument and no -f/-k (SPEC
	// 6m.6.watch.1), `required resource not specified`.
	ErrNoResource = errors.New("conditions: no resource")
	// ErrNegativeRevision: --revision < 0 (SPEC 6m.6.watch.1), `revision
	// must be a positive integer: <v>`.
	ErrNegativeRevision = errors.New("conditions: negative revision")
	// ErrRolloutFailed: the DC status viewer returned an error (SPEC
	// 6m.6.watch.3), its message as Text: the rollout failed, was
	// cancelled, the DC is paused or waits on a manual rollout, or
	// --revision is not the running one (RolloutStatus, RolloutFailed).
	ErrRolloutFailed = errors.New("conditions: rollout failed")
	// ErrObjectDeleted: the watch saw the DC deleted (SPEC 6m.6.watch.4),
	// `object has been deleted`.
	ErrObjectDeleted = errors.New("conditions: object deleted")
	// ErrUnexpectedEvent: the watch saw an event type the loop has no case
	// for (SPEC 6m.6.watch.4), `internal error: unexpected event <%#v>`.
	ErrUnexpectedEvent = errors.New("conditions: unexpected event")
	// ErrTimedOut: --timeout expired before the watch ended (SPEC
	// 6m.6.watch.5), `timed out waiting for the condition`.
	ErrTimedOut = errors.New("conditions: timed out")
)

// StatusOptions are the arguments and flags of `oc rollout status` that
// its watch loop reads (SPEC 6m.6.watch). The zero value has oc's
// defaults for every flag (watch, latest revision, no timeout) and no
// resource.
type StatusOptions struct {
	// Resources are the resource arguments as given (`dc/web`, or `dc`
	// `web`); only whether there are any is read (SPEC 6m.6.watch.1).
	Resources []string
	// Filenames are the -f arguments and Kustomize the -k directory; only
	// whether there are any is read (SPEC 6m.6.watch.1).
	Filenames []string
	Kustomize string
	// Namespace is the namespace the command runs in (-n, or the
	// context's). Nothing here reads it: the caller passes it to
	// EndStatus, which names it in `No resources found in <ns>
	// namespace.` (SPEC 6m.6.watch.6).
	Namespace string
	// NoWatch is --watch=false (-w=false): each object's watch ends after
	// its first Added or Modified event, done or not (SPEC 6m.6.watch.3).
	NoWatch bool
	// Revision is --revision: 0 is the latest; any other value must be
	// status.latestVersion (SPEC 6m.6.2); negative is refused (SPEC
	// 6m.6.watch.1).
	Revision dcplan.Version
	// Timeout is --timeout, how long each object's watch may last from its
	// start; 0 is forever, and so is a negative value (kubectl logs an
	// error and reads it as 0; SPEC 6m.6.watch.5). Nothing in this package
	// reads it: the adapter owns the clock and sends WatchTimedOut when it
	// expires.
	Timeout time.Duration
}

// Validate returns the error `oc rollout status` stops with before it
// sends any request (SPEC 6m.6.watch.1), the first of:
//
//  1. no resource argument, no -f and no -k: ErrNoResource, `required
//     resource not specified` (a selector alone, `-l app=web`, is not a
//     resource);
//  2. Revision < 0: ErrNegativeRevision, `revision must be a positive
//     integer: <v>`.
//
// It returns nil when there is neither. kubectl prints the error as
// EndStatus does (`error: <text>`, exit code 1).
//
// Ports: kubectl (*RolloutStatusOptions).Validate.
func (o StatusOptions) Validate() error {
	if len(o.Resources) == 0 && len(o.Filenames) == 0 && o.Kustomize == "" {
		return &dcplan.Refusal{Err: ErrNoResource, Text: "required resource not specified"}
	}
	if o.Revision < 0 {
		return &dcplan.Refusal{Err: ErrNegativeRevision, Text: fmt.Sprintf("revision must be a positive integer: %d", o.Revision)}
	}
	return nil
}

// WatchEventType is what one input to a Watch is: the type of a watch
// event on the DC, or the expiry of --timeout.
type WatchEventType uint8

// The watch event types. The zero value is WatchOther.
const (
	// WatchOther is any watch event type the loop has no case for
	// (BOOKMARK, ERROR, or one the client does not know); the event's
	// wire type is WatchEvent.Wire (SPEC 6m.6.watch.4). kubectl's
	// informer-backed watch passes on Added, Modified and Deleted only, so
	// upstream never takes this branch; it ends the watch if it does.
	WatchOther WatchEventType = iota
	// WatchAdded is an ADDED event: the first look at the DC, from the
	// initial list (SPEC 6m.6.watch.3).
	WatchAdded
	// WatchModified is a MODIFIED event: a later look at the DC (SPEC
	// 6m.6.watch.3).
	WatchModified
	// WatchDeleted is a DELETED event (SPEC 6m.6.watch.4).
	WatchDeleted
	// WatchTimedOut is no watch event: --timeout expired (SPEC
	// 6m.6.watch.5).
	WatchTimedOut
)

var watchEventTypeNames = [...]string{"other", "ADDED", "MODIFIED", "DELETED", "timed out"}

// String returns the wire spelling of a watch event type ("ADDED",
// "MODIFIED", "DELETED"), "other" for WatchOther and "timed out" for
// WatchTimedOut.
func (t WatchEventType) String() string {
	if int(t) < len(watchEventTypeNames) {
		return watchEventTypeNames[t]
	}
	return fmt.Sprintf("WatchEventType(%d)", t)
}

// WatchEvent is one input to a Watch.
type WatchEvent struct {
	Type WatchEventType
	// Snapshot is, for WatchAdded and WatchModified, the DC the event
	// carries as Snapshot.Config, and the Settings RolloutStatus reads;
	// nothing else of it is read. Ignored for the other types.
	Snapshot dcplan.Snapshot
	// Wire is, for WatchOther, the event's type as the watch sent it
	// ("BOOKMARK", "ERROR"). Ignored for the other types.
	Wire string
	// Object is, for WatchOther, the event's object as Go's %#v prints it
	// inside the event, e.g. `(*unstructured.Unstructured)(0xc000a1b2c0)`:
	// upstream prints a pointer, whose address only the caller can know.
	// Empty means no object, printed `runtime.Object(nil)`. Ignored for the
	// other types.
	Object string
}

// WatchStep is what one event does to a Watch.
type WatchStep struct {
	// Stdout is what oc prints on stdout now: the viewer's message as is
	// (it carries its own newline), or "".
	Stdout string
	// Ended is true when this event ended the watch: the adapter stops
	// watching this object and goes on to the next one (SPEC 6m.6.watch.2).
	// A Watch ends once; every later step is the zero WatchStep.
	Ended bool
	// Err is, on the step that ended the watch, the error it ended with (a
	// *dcplan.Refusal wrapping ErrRolloutFailed, ErrObjectDeleted,
	// ErrUnexpectedEvent or ErrTimedOut); nil when it ended well, or did
	// not end. oc prints it when the command ends (EndStatus), not now.
	Err error
}

// Watch is the watch loop of `oc rollout status` on one DC (SPEC
// 6m.6.watch.2-6m.6.watch.5): it turns the events of a watch on the DC,
// and the expiry of --timeout, into what oc prints and whether the watch
// ends. It reads no clock and performs no I/O; its state is whether it has
// ended, and with which error. Make one with NewWatch for each object the
// command resolves, feed it events with Step until a step says Ended, and
// end the command with EndStatus.
type Watch struct {
	revision dcplan.Version
	noWatch  bool
	ended    bool
	err      error
}

// NewWatch returns the watch of one object of `oc rollout status` with
// options o, not ended. It does not validate o (see
// StatusOptions.Validate; a negative revision would reach RolloutStatus,
// which fails it).
func NewWatch(o StatusOptions) *Watch {
	return &Watch{revision: o.Revision, noWatch: o.NoWatch}
}

// Step returns what event e does to w, and records it in w. The rules, by
// e.Type, on a watch that has not ended:
//
//  1. WatchAdded, WatchModified (SPEC 6m.6.watch.3): the DC status viewer
//     (RolloutStatus of e.Snapshot and the revision) decides:
//     a. failed: the watch ends with ErrRolloutFailed, the viewer's
//     message as the error text; nothing goes to stdout;
//     b. else the message goes to stdout as is, and done ends the watch
//     without error;
//     c. in progress with NoWatch (--watch=false): the watch ends without
//     error (oc exits 0, though the rollout is not done);
//     d. in progress: the watch goes on.
//  2. WatchDeleted (SPEC 6m.6.watch.4): the watch ends with
//     ErrObjectDeleted, `object has been deleted`.
//  3. WatchTimedOut (SPEC 6m.6.watch.5): the watch ends with ErrTimedOut,
//     `timed out waiting for the condition`.
//  4. Any other type (SPEC 6m.6.watch.4): the watch ends with
//     ErrUnexpectedEvent, `internal error: unexpected event
//     watch.Event{Type:"<Wire>", Object:<Object>}`, the %#v of
//     client-go's watch.Event (Object `runtime.Object(nil)` when empty).
//
// On a watch that has ended, Step returns the zero WatchStep and changes
// nothing: upstream has stopped reading. Step never modifies e.
//
// Ports: kubectl (*RolloutStatusOptions).Run, the condition function
// given to watchtools.UntilWithSync, and UntilWithoutRetry's timeout.
func (w *Watch) Step(e WatchEvent) WatchStep {
	if w.ended {
		return WatchStep{}
	}
	var step WatchStep
	switch e.Type {
	case WatchAdded, WatchModified:
		r := RolloutStatus(e.Snapshot, w.revision)
		switch {
		case r.State == RolloutFailed:
			step = WatchStep{Ended: true, Err: &dcplan.Refusal{Err: ErrRolloutFailed, Text: r.Message}}
		case r.State == RolloutDone, w.noWatch:
			step = WatchStep{Stdout: r.Message, Ended: true}
		default:
			return WatchStep{Stdout: r.Message}
		}
	case WatchDeleted:
		step = WatchStep{Ended: true, Err: &dcplan.Refusal{Err: ErrObjectDeleted, Text: "object has been deleted"}}
	case WatchTimedOut:
		step = WatchStep{Ended: true, Err: &dcplan.Refusal{Err: ErrTimedOut, Text: "timed out waiting for the condition"}}
	default:
		step = WatchStep{Ended: true, Err: &dcplan.Refusal{Err: ErrUnexpectedEvent, Text: "internal error: unexpected event " + eventGoSyntax(e)}}
	}
	w.ended, w.err = true, step.Err
	return step
}

// Ended reports whether w has ended.
func (w *Watch) Ended() bool { return w.ended }

// Err returns the error w ended with (see WatchStep.Err), or nil: it has
// not ended, or it ended well.
func (w *Watch) Err() error { return w.err }

// eventGoSyntax prints e as fmt's %#v prints client-go's watch.Event with
// type e.Wire and an object printed e.Object.
func eventGoSyntax(e WatchEvent) string {
	obj := e.Object
	if obj == "" {
		obj = "runtime.Object(nil)"
	}
	// %#v quotes a string type as strconv.Quote does.
	return "watch.Event{Type:" + strconv.Quote(e.Wire) + ", Object:" + obj + "}"
}

// StatusEnd is how `oc rollout status` ends: what it prints on stderr and
// its exit code.
type StatusEnd struct {
	Stderr string
	Code   int
}

// EndStatus returns how `oc rollout status` ends in namespace ns after it
// resolved objects objects and its watches (or the adapter, for an object
// it could not read) collected errs, in order; nil entries are skipped.
// `oc rollout pause` and `resume` end the same way over their patches
// and refusals (SPEC 6m.7.4, 6m.7.6).
// The rules (SPEC 6m.6.watch.6 and 6m "Error output"):
//
//  1. One error: stderr `error: <text>` (the prefix not doubled), with a
//     newline unless the text ends in one; exit code 1. The text is the
//     error's, or, for an error that is a *dcplan.Refusal (not one that
//     wraps it: kubectl asserts the type, it does not unwrap), the
//     refusal's Printed when it has one, printed without the prefix.
//  2. Several errors (kubectl aggregates them, as it goes on to the next
//     object after a failed watch, SPEC 6m.6.watch.2): one per line, no
//     prefix, each the Listed of an error that is a *dcplan.Refusal when
//     it has one, else its text; a text ending in a newline leaves a
//     blank line; exit code 1.
//  3. No error and no object: stderr `No resources found in <ns>
//     namespace.`; exit code 0.
//  4. Otherwise nothing on stderr, exit code 0: every watch ended well.
//
// Ports: kubectl (*RolloutStatusOptions).Run's end and cmdutil.CheckErr.
func EndStatus(ns string, objects int, errs []error) StatusEnd {
	var list []error
	for _, err := range errs {
		if err != nil {
			list = append(list, err)
		}
	}
	switch len(list) {
	case 0:
		if objects == 0 {
			return StatusEnd{Stderr: "No resources found in " + ns + " namespace.\n"}
		}
		return StatusEnd{}
	case 1:
		msg := list[0].Error()
		if r, ok := list[0].(*dcplan.Refusal); ok && r.Printed != "" {
			msg = r.Printed
		} else if !strings.HasPrefix(msg, "error: ") {
			msg = "error: " + msg
		}
		if !strings.HasSuffix(msg, "\n") {
			msg += "\n"
		}
		return StatusEnd{Stderr: msg, Code: 1}
	}
	var b strings.Builder
	for _, err := range list {
		msg := err.Error()
		if r, ok := err.(*dcplan.Refusal); ok && r.Listed != "" {
			msg = r.Listed
		}
		b.WriteString(msg + "\n")
	}
	return StatusEnd{Stderr: b.String(), Code: 1}
}
