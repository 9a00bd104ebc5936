package fake_test

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// storeSnapshot puts the DC, RCs and pods of s on srv in their wire
// forms, as a cluster would hold them before a pass.
func storeSnapshot(t *testing.T, srv *fake.Server, s dcplan.Snapshot) {
	t.Helper()
	put := func(res string, b []byte, err error) {
		t.Helper()
		if err == nil {
			err = srv.Put(res, b)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	b, err := wire.EncodeConfig(s.Config)
	put(wire.ResourceConfigs, b, err)
	for _, d := range s.Deployments {
		b, err := wire.EncodeDeployment(d)
		put(wire.ResourceRCs, b, err)
	}
	for _, p := range s.Pods {
		b, err := wire.EncodePodObject(p)
		put(wire.ResourcePods, b, err)
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
