package dcplan

import "slices"

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
		c.OtherReason == o.OtherReason && c.Message == o.Message &&
		c.LastUpdateTime.Equal(o.LastUpdateTime) && c.LastTransitionTime.Equal(o.LastTransitionTime)
}
