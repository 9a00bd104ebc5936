package fake_test

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/internal/scenario"
)

// serverOf parses a scenario state (internal/scenario's lines), gives the
// DC resourceVersion "10" and the RCs "a", "b", ... in order, and stores
// it on a new server, as a cluster would hold it before a pass.
func serverOf(t *testing.T, lines ...string) (*fake.Server, dcplan.Snapshot) {
	t.Helper()
	s, err := scenario.ParseState(lines)
	if err != nil {
		t.Fatal(err)
	}
	s.Config.ResourceVersion = "10"
	for i := range s.Deployments {
		s.Deployments[i].ResourceVersion = string(rune('a' + i))
	}
	srv := fake.NewServer(s.Now)
	storeSnapshot(t, srv, s)
	return srv, s
}

// storeSnapshot puts the DC, RCs and pods of s on srv in their wire
// forms, as a cluster would hold them before a pass.
func storeSnapshot(t *testing.T, srv *fake.Server, s dcplan.Snapshot) {
	t.Helper()
	if err := srv.PutSnapshot(s); err != nil {
		t.Fatal(err)
	}
}

// readSnapshot is srv's snapshot of the DC ns/web at now, with st.
func readSnapshot(t *testing.T, srv *fake.Server, now time.Time, st dcplan.Settings) dcplan.Snapshot {
	t.Helper()
	snap, err := srv.Snapshot("ns", "web", now, st)
	if err != nil {
		t.Fatal(err)
	}
	return snap
}
