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
func Equal(a, b dcplan.ConfigStatus) bool { return a.Equal(b) }
