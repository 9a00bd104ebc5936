package wire

import (
	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
)

// Reencoded returns s with the Raw of each object (the DC, the RCs, the
// live RC of the outcome, the pods) encoded again from its typed fields
// and the object decoded from it, as a cache holds an object a write
// changed. Requests sends the objects as read, their Raw with the plan's
// changes: a caller that edits the typed fields of a decoded snapshot (a
// test, a what-if tool) calls Reencoded before Requests, or the bodies
// carry the objects as they were read. An object without Raw (built in
// code) gets one. s is not changed. The error, for typed fields no
// object carries (an annotation time that does not render, say), is the
// decoder's *FieldError.
func Reencoded(s dcplan.Snapshot) (dcplan.Snapshot, error) {
	out := s.Clone()
	var err error
	if out.Config.Name != "" {
		if out.Config, err = reencode(out.Config, EncodeConfig, decodeConfigBody); err != nil {
			return dcplan.Snapshot{}, err
		}
	}
	for i := range out.Deployments {
		if out.Deployments[i], err = reencode(out.Deployments[i], EncodeDeployment, decodeDeploymentBody); err != nil {
			return dcplan.Snapshot{}, err
		}
	}
	if l := out.Outcome.Live; l != nil {
		d, err := reencode(*l, EncodeDeployment, decodeDeploymentBody)
		if err != nil {
			return dcplan.Snapshot{}, err
		}
		out.Outcome.Live = &d
	}
	for i := range out.Pods {
		if out.Pods[i], err = reencode(out.Pods[i], EncodePodObject, decodePodBody); err != nil {
			return dcplan.Snapshot{}, err
		}
	}
	return out, nil
}

// reencode encodes v and decodes the result.
func reencode[T any](v T, encode func(T) ([]byte, error), decode func(*jsontree.Tape, dcplan.RawJSON) (T, error)) (T, error) {
	var zero T
	body, err := encode(v)
	if err != nil {
		return zero, err
	}
	t, raw, err := scanObject(body, string(body), "")
	if err != nil {
		return zero, err
	}
	defer jsontree.PutTape(t)
	return decode(t, raw)
}

// The decoders of an encoded body, which may lack kind and apiVersion
// (an object read from a typed list has neither).
func decodeConfigBody(t *jsontree.Tape, raw dcplan.RawJSON) (dcplan.Config, error) {
	return decodeConfigTape(t, 0, false, raw, false)
}

func decodeDeploymentBody(t *jsontree.Tape, raw dcplan.RawJSON) (dcplan.Deployment, error) {
	return decodeDeploymentTape(t, 0, false, raw, nil)
}

func decodePodBody(t *jsontree.Tape, raw dcplan.RawJSON) (dcplan.Pod, error) {
	return decodePodTape(t, 0, false, raw)
}
