package conditions

import "github.com/dcplan/dcplan"

// Equal reports whether two DC statuses are the same value in normal form:
// every counter and latestVersion equal, details equal (message and causes
// in order), and the conditions equal in order, field by field, with
// timestamps compared by time.Time.Equal (so the location and monotonic
// reading do not matter). A nil and an empty slice are equal. It does not
// allocate.
//
// Equal is the no-write test of SPEC 3.9 ("if the computed status
// deep-equals the current status, no write"), minus the representation
// details reflect.DeepEqual would see.
//
// Ports: deploymentconfig_controller.go updateStatus, reflect.DeepEqual(newStatus, config.Status).
func Equal(a, b dcplan.ConfigStatus) bool {
	return a.LatestVersion == b.LatestVersion &&
		a.ObservedGeneration == b.ObservedGeneration &&
		a.Replicas == b.Replicas &&
		a.UpdatedReplicas == b.UpdatedReplicas &&
		a.AvailableReplicas == b.AvailableReplicas &&
		a.UnavailableReplicas == b.UnavailableReplicas &&
		a.ReadyReplicas == b.ReadyReplicas &&
		detailsEqual(a.Details, b.Details) &&
		conditionsEqual(a.Conditions, b.Conditions)
}

func detailsEqual(a, b dcplan.Details) bool {
	if a.Message != b.Message || len(a.Causes) != len(b.Causes) {
		return false
	}
	for i := range a.Causes {
		if a.Causes[i] != b.Causes[i] {
			return false
		}
	}
	return true
}

func conditionsEqual(a, b []dcplan.Condition) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !conditionEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

func conditionEqual(a, b dcplan.Condition) bool {
	return a.Type == b.Type && a.Status == b.Status && a.Reason == b.Reason &&
		a.OtherReason == b.OtherReason && a.Message == b.Message &&
		a.LastUpdateTime.Equal(b.LastUpdateTime) && a.LastTransitionTime.Equal(b.LastTransitionTime)
}
