package dcplan

import (
	"bytes"
	"slices"
)

// Equal reports whether st and o are the same status in normal form: every
// counter and latestVersion equal, details equal (Details.Equal), and the
// conditions equal in order (Condition.Equal). A nil and an empty slice are
// equal. It does not allocate.
//
// It is the no-write test of SPEC 3.9 ("if the computed status deep-equals
// the current status, no write"), minus the representation details
// reflect.DeepEqual would see, and the precondition of a StatusUpdate.
func (st ConfigStatus) Equal(o ConfigStatus) bool {
	return st.LatestVersion == o.LatestVersion &&
		st.ObservedGeneration == o.ObservedGeneration &&
		st.Replicas == o.Replicas &&
		st.UpdatedReplicas == o.UpdatedReplicas &&
		st.AvailableReplicas == o.AvailableReplicas &&
		st.UnavailableReplicas == o.UnavailableReplicas &&
		st.ReadyReplicas == o.ReadyReplicas &&
		st.Details.Equal(o.Details) &&
		slices.EqualFunc(st.Conditions, o.Conditions, Condition.Equal)
}

// Equal reports whether d and o have the same message and the same causes
// in order.
func (d Details) Equal(o Details) bool {
	return d.Message == o.Message && slices.Equal(d.Causes, o.Causes)
}

// Equal reports whether c and o are equal field by field, the timestamps
// compared with time.Time.Equal (so location and monotonic reading do not
// matter).
func (c Condition) Equal(o Condition) bool {
	return c.Type == o.Type && c.Status == o.Status && c.Reason == o.Reason &&
		c.OtherType == o.OtherType && c.OtherStatus == o.OtherStatus &&
		c.OtherReason == o.OtherReason && c.Message == o.Message &&
		c.LastUpdateTime.Equal(o.LastUpdateTime) && c.LastTransitionTime.Equal(o.LastTransitionTime)
}

// Equal reports whether st and o are the same strategy, field by field,
// the whole spec.strategy object (Raw) included.
func (st *Strategy) Equal(o *Strategy) bool {
	return st.Type == o.Type && st.HasParams == o.HasParams &&
		st.TimeoutSeconds == o.TimeoutSeconds && st.HasTimeout == o.HasTimeout &&
		st.MaxSurge == o.MaxSurge && st.MaxUnavailable == o.MaxUnavailable &&
		st.ActiveDeadlineSeconds == o.ActiveDeadlineSeconds && st.HasActiveDeadline == o.HasActiveDeadline &&
		st.CustomImage == o.CustomImage && slices.Equal(st.CustomCommand, o.CustomCommand) &&
		slices.EqualFunc(st.CustomEnv, o.CustomEnv, EnvVar.Equal) && bytes.Equal(st.Resources, o.Resources) &&
		slices.Equal(st.Labels, o.Labels) && slices.Equal(st.Annotations, o.Annotations) &&
		bytes.Equal(st.Raw, o.Raw)
}

// Equal reports whether e and o are the same variable.
func (e EnvVar) Equal(o EnvVar) bool {
	return e.Name == o.Name && e.Value == o.Value && bytes.Equal(e.ValueFrom, o.ValueFrom)
}

// Equal reports whether t and o are the same trigger: type (its spelling
// for TriggerOther) and image-change parameters.
func (t Trigger) Equal(o Trigger) bool {
	return t.Type == o.Type && t.OtherType == o.OtherType && t.Automatic == o.Automatic &&
		slices.Equal(t.ContainerNames, o.ContainerNames) && t.FromKind == o.FromKind &&
		t.FromNamespace == o.FromNamespace && t.FromName == o.FromName && t.LastTriggeredImage == o.LastTriggeredImage
}
