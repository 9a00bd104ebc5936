package dcplan

import "strings"

// StatusReason is the reason of an API status error (Kubernetes
// metav1.StatusReason), e.g. "NotFound". The empty reason stands for a
// failure that is not an API status: a transport error.
type StatusReason string

// The status reasons planners and adapters tell apart (SPEC 13.1). The
// empty StatusReason is a transport error.
const (
	StatusNotFound      StatusReason = "NotFound"
	StatusAlreadyExists StatusReason = "AlreadyExists"
	StatusConflict      StatusReason = "Conflict"
	StatusInvalid       StatusReason = "Invalid"
	StatusForbidden     StatusReason = "Forbidden"
	StatusBadRequest    StatusReason = "BadRequest"
	StatusInternalError StatusReason = "InternalError"
	StatusUnauthorized  StatusReason = "Unauthorized"
)

// ActionKind names a kind of plan action: one slice of Plan, or its status
// write.
type ActionKind uint8

// The action kinds, in the adapter order of Plan.
const (
	ActionNone ActionKind = iota
	ActionAdopt
	ActionRelease
	ActionInstantiate
	ActionUpdateConfig
	ActionCreatePod
	ActionSetPodOwner
	ActionSetPodDeadline
	ActionDeletePod
	ActionCreateRC
	ActionCancel
	ActionScale
	ActionTransition
	ActionDeleteRC
	ActionStatus
	// NumActionKinds is the number of action kinds, ActionNone included.
	NumActionKinds
)

var actionKindNames = [...]string{"", "adopt", "release", "instantiate", "update-dc", "create-pod", "set-pod-owner",
	"set-pod-deadline", "delete-pod", "create-rc", "cancel", "scale", "transition", "delete-rc", "status"}

// String returns the verb Describe prints for actions of kind k.
func (k ActionKind) String() string { return spell(k, actionKindNames[:], "ActionKind") }

// ErrorClass is how upstream's work queue treats the error a pass returns
// (SPEC 1.7): retried with rate limiting, retried and reported with a
// FailedRetry event when finally dropped (the deployer's actionable
// errors), or never retried.
type ErrorClass uint8

// The error classes. ErrorNone is a pass that returned no error.
const (
	ErrorNone ErrorClass = iota
	ErrorRetry
	ErrorActionable
	ErrorFatal
)

var errorClassNames = [...]string{"", "retry", "actionable", "fatal"}

// String returns the class as the conformance recordings spell it
// ("retry", "actionable", "fatal"; "" for none).
func (c ErrorClass) String() string { return spell(c, errorClassNames[:], "ErrorClass") }

// ActionRef names one action of a plan: its kind and its index in that
// kind's slice (0 for the status write). The zero ActionRef names no
// action.
type ActionRef struct {
	Kind  ActionKind
	Index int
}

// Failure is one failed request of a pass, as the adapter saw it.
type Failure struct {
	// Action is the kind of the action whose request failed, and Name the
	// object the request named (an RC, a pod or the DC).
	Action ActionKind
	Name   string
	// Reason and Code are the API status of the answer; both are zero for
	// a transport error. The planners branch on Reason alone, so for a
	// status with no reason, or one Kubernetes does not know, Reason is the
	// one its Code stands for (404 NotFound, 409 Conflict, ...), as API
	// machinery's IsNotFound and its kin judge such a status, with
	// ReasonFromCode set; wire.RunPass fills them so. Message is the error
	// text as the client prints it (SPEC 1.6 and 1.7 quote it as <err>).
	Reason  StatusReason
	Code    int32
	Message string
	// ReasonFromCode is true when the answer carried a code but no reason
	// Kubernetes knows, and Reason is the one its code stands for (as
	// Kubernetes' API machinery reads such an answer, and the planners
	// with it). StatedReason is then the reason the answer carried: empty,
	// or an admission webhook's own word. kubectl prints that one.
	ReasonFromCode bool
	StatedReason   StatusReason
	// Prelude is true when the request that failed is one sent before an
	// attempt of the action's own (the adoption patch upstream sends
	// again before each attempt of a Reclaim scale or cancel, SPEC
	// 3.3.reclaim), not the action's request itself.
	Prelude bool
}

// Printed returns what kubectl's CheckErr prints for f's error returned
// as the client returned it (SPEC 6m "Error output"), without the final
// newline: `Error from server (<Reason>): <Message>` for an API status
// (with ReasonFromCode, the reason it carried, StatedReason), `Error from
// server: <Message>` for one without a reason of its own, for
// Unauthorized `error: You must be logged in to the server (<Message>)`,
// for Invalid "The " and Message with the API group dropped from its kind
// (`The DeploymentConfig "x" is invalid: <field>: <detail>` for the
// server's `DeploymentConfig.apps.openshift.io "x" is invalid: ...`,
// exact for one cause; kubectl lists several causes on lines of their
// own, which a Failure does not carry); a transport error (no status) as
// "error: " and Message, or Message alone when it starts with "error: "
// already (kubectl does not double the prefix).
//
// It is Listed, the standard form, but for Invalid and a transport error.
func (f Failure) Printed() string {
	switch {
	case f.Reason == StatusInvalid:
		return "The " + unqualified(f.Message)
	case f.Reason != "" || f.Code != 0, strings.HasPrefix(f.Message, "error: "):
		return f.Listed()
	}
	return "error: " + f.Message
}

// unqualified returns an Invalid status's message with the API group
// dropped from the qualified kind it opens with, as apimachinery's
// NewInvalid writes it (`DeploymentConfig.apps.openshift.io "web" is
// invalid: ...`): kubectl names the kind of the status's details, which
// carries no group (`The DeploymentConfig "web" is invalid: ...`). A core
// kind, or a message that does not open with a kind and a quoted name,
// stands as it is.
func unqualified(msg string) string {
	sp := strings.IndexByte(msg, ' ')
	if sp < 0 || !strings.HasPrefix(msg[sp:], ` "`) {
		return msg
	}
	if dot := strings.IndexByte(msg[:sp], '.'); dot > 0 {
		return msg[:dot] + msg[sp:]
	}
	return msg
}

// Listed returns what kubectl prints for f's error, returned as the
// client returned it, as one entry of an aggregate of several errors
// (SPEC 6m "Error output": one per line, no "error: " prefix), in the
// standard form kubectl gives an API status there: `Error from server
// (<Reason>): <Message>` for any reason (Invalid included, which alone
// prints otherwise; with ReasonFromCode, the reason the status carried,
// StatedReason), `Error from server: <Message>` for a code without one,
// for Unauthorized `error: You must be logged in to the server
// (<Message>)`; a transport error's Message as it stands.
func (f Failure) Listed() string {
	switch {
	case f.ReasonFromCode && f.StatedReason != "":
		// kubectl prints the status's own reason.
		return "Error from server (" + string(f.StatedReason) + "): " + f.Message
	case f.ReasonFromCode:
		return "Error from server: " + f.Message
	case f.Reason == StatusUnauthorized:
		return "error: You must be logged in to the server (" + f.Message + ")"
	case f.Reason != "":
		return "Error from server (" + string(f.Reason) + "): " + f.Message
	case f.Code != 0:
		return "Error from server: " + f.Message
	}
	return f.Message
}

// Outcome is what happened to the requests an adapter sent for this pass
// (SPEC 13). The zero Outcome means nothing failed; planners then plan the
// pass as if every request will succeed.
//
// The adapter contract: plan, send the requests in order, and on a failure
// add it to Failures and plan again from the same snapshot; the new plan's
// requests begin with the ones already sent, then say what upstream says
// about the failure (events, conditions, the returned text and its class)
// and what it does next. A failure a plan has no answer for is ignored.
type Outcome struct {
	// Failures are the failed requests of the pass so far, in the order
	// they were sent.
	Failures []Failure
	// After an RC create failed with AlreadyExists, the adapter GETs that
	// RC from the server (SPEC 3.2.12): LiveErr is the GET's error text
	// when it failed, else Live is the RC (nil when the GET found none).
	Live    *Deployment
	LiveErr string
}

// Failed returns the failure of the request that action kind k sent for
// the object name, and whether there is one.
func (o *Outcome) Failed(k ActionKind, name string) (Failure, bool) {
	for _, f := range o.Failures {
		if f.Action == k && f.Name == name {
			return f, true
		}
	}
	return Failure{}, false
}

// Any reports whether some request of kind k failed.
func (o *Outcome) Any(k ActionKind) bool {
	for _, f := range o.Failures {
		if f.Action == k {
			return true
		}
	}
	return false
}
