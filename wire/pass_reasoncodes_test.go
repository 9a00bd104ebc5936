package wire_test

import (
	"strconv"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestRunPassFailureReasonFromEachCode: the failure of a request answered
// by an API status without a reason carries the reason its HTTP code
// stands for, as Kubernetes' API machinery reads it (reasonCodes: 400
// BadRequest, 403 Forbidden, 422 Invalid, 500 InternalError); a code
// that stands for none (503) leaves it empty. Kills the mutant that
// mapped 501 instead of 500.
func TestRunPassFailureReasonFromEachCode(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	del := dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "frontend-1"}}}
	for _, tt := range []struct {
		code int32
		want dcplan.StatusReason
	}{
		{400, dcplan.StatusBadRequest},
		{403, dcplan.StatusForbidden},
		{422, dcplan.StatusInvalid},
		{500, dcplan.StatusInternalError},
		{503, ""},
	} {
		t.Run(strconv.Itoa(int(tt.code)), func(t *testing.T) {
			c := &scripted{answer: func(int, wire.Request) error { return &wire.StatusError{Code: tt.code, Message: "refused"} }}
			p, err := wire.RunPass(t.Context(), c, s, fixed(del))
			if err != nil {
				t.Fatal(err)
			}
			f := p.Snapshot.Outcome.Failures
			if len(f) != 1 || f[0].Name != "frontend-1" || f[0].Reason != tt.want || f[0].Code != tt.code || f[0].Message != "refused" {
				t.Errorf("Outcome.Failures = %+v, want the delete of frontend-1 failed with reason %q, code %d", f, tt.want, tt.code)
			}
		})
	}
}
