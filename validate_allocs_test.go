package dcplan_test

import (
	"fmt"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/racedetect"
)

// TestValidateAllocatesNothing holds Validate's promise: a valid
// snapshot allocates nothing (up to 64 pods in any order), a trigger type
// no controller acts on included (its check built a parse error on every
// call before).
func TestValidateAllocatesNothing(t *testing.T) {
	if racedetect.Enabled {
		t.Skip("allocation counts are not checked under the race detector")
	}
	for name, edit := range map[string]func(*dcplan.Snapshot){
		"base": func(*dcplan.Snapshot) {},
		"64 pods in no order": func(s *dcplan.Snapshot) {
			for i := range 63 {
				s.Pods = append(s.Pods, dcplan.Pod{Namespace: "ns", Name: fmt.Sprintf("p-%d", (i*37)%64)})
			}
		},
		"a trigger type no controller acts on": func(s *dcplan.Snapshot) {
			s.Config.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerOther, OtherType: "Gate"}}
		},
	} {
		s := validSnapshot()
		edit(&s)
		if err := s.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n := testing.AllocsPerRun(100, func() { _ = s.Validate() }); n != 0 {
			t.Errorf("%s: Validate allocates %v times", name, n)
		}
	}
}
