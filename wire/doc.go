// Package wire is dcplan's boundary with the Kubernetes API: the codec
// between the JSON objects the API server and `oc get -o json` hold and the
// typed values the planners read, and the requests a plan turns into.
//
// Decoding (DecodeSnapshot, DecodeList, DecodeConfig, DecodeDeployment,
// DecodePod) reads exactly what upstream's controllers read, as they read
// it: annotations never fail a decode (SPEC 13.1), a malformed field is a
// *dcplan.FieldError wrapping dcplan.ErrMalformed that names its path, and
// no decoder panics. Every decoded object keeps its whole JSON in canonical
// form (Raw), so that what the planners do not model survives a round
// trip. A decoder reads the document onto a flat tape, with no tree of
// maps, and gives a decoded object's strings one allocation of their own.
// A string kept beyond its object (a map key, say) keeps that allocation
// alive: keep a copy.
//
// Encoding (EncodeConfig, EncodeDeployment, EncodePodObject) builds an
// object from typed values: it overlays the typed fields onto Raw and
// writes keys in Kubernetes field order. A field that already reads back
// as its typed value keeps its exact spelling, and so does the
// encoded-deployment-config annotation while it decodes to the RC's
// encoded DC. Reencoded does it for a whole snapshot whose typed fields a
// caller edited. EncodePod writes the deployer pod a plan creates
// straight to bytes, the fields it copies taken from the RC's template as
// read.
//
// Writing is the other direction: a write of an object the snapshot holds
// (an RC update, the DC status, a patch, the new RC built from the DC)
// sends the object as read, its Raw, with the action's changes. The
// writer indexes the canonical Raw in one pass, splices the changes in and
// renders the keys in Kubernetes order, copying every member the action
// does not change as it stands: no tree of the object, and no decode of
// the encoded DC an RC carries. The encoders write their key order
// through the same walk.
//
// Requests renders a plan as the exact requests upstream sends (verbs,
// bodies, patches, preconditions, events; SPEC 13), and RunPass runs one
// pass through a Client as upstream's handler does: Conflict retries, the
// adoption recheck, and after a failure a new plan from the snapshot with
// the failure in its Outcome, which goes on after the requests already
// sent with what the planner says about it.
package wire
