package scenario

import (
	"testing"
)

// TestTriggerAutoFlag: the auto option of an ImageChange trigger is a flag
// like the others: auto and auto=true set Automatic, auto=false leaves it
// unset (it used to read as auto).
func TestTriggerAutoFlag(t *testing.T) {
	for opts, want := range map[string]bool{"auto": true, "auto=true": true, "auto=false": false, "name=a:1": false} {
		s, err := ParseState([]string{"dc web triggers=ImageChange(" + opts + ")"})
		if err != nil {
			t.Fatalf("ImageChange(%s): %v", opts, err)
		}
		if got := s.Config.Triggers[0].Automatic; got != want {
			t.Errorf("ImageChange(%s): Automatic = %v, want %v", opts, got, want)
		}
	}
}
