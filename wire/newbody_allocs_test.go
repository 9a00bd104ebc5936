package wire

import (
	"testing"

	"github.com/dcplan/dcplan/internal/racedetect"
)

// TestNewDeploymentBodyAllocatesItsBytes pins that rendering the new RC
// of the fixture DC allocates its body and the RC's name
// (dcplan.DeploymentName) and nothing else (issue 34 item 2): the
// encoded-config annotation is quoted straight from the DC as rendered,
// with no string copy of it between, and the containers are walked in
// place.
func TestNewDeploymentBodyAllocatesItsBytes(t *testing.T) {
	cfg, err := DecodeConfig(fixture(t, "dc-frontend.json"))
	if err != nil {
		t.Fatal(err)
	}
	w, ok := readWritten(cfg.Raw)
	if !ok {
		t.Fatal("the fixture DC does not read")
	}
	defer w.release()
	if _, err := newDeploymentBody(cfg, w); err != nil {
		t.Fatal(err)
	}
	got := testing.AllocsPerRun(20, func() {
		if _, err := newDeploymentBody(cfg, w); err != nil {
			t.Fatal(err)
		}
	})
	if got != 2 && !racedetect.Enabled {
		t.Errorf("newDeploymentBody() allocates %v times, want 2 (its body and the RC's name)", got)
	}
}
