package wire_test

import (
	"context"
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// existsClient answers every RC create with AlreadyExists and every read
// with a transport error.
type existsClient struct{}

func (existsClient) Do(_ context.Context, r wire.Request) (wire.Written, error) {
	if r.Verb == wire.VerbCreate && r.Resource == wire.ResourceRCs {
		return wire.Written{}, &wire.StatusError{Reason: dcplan.StatusAlreadyExists, Code: 409,
			Message: `replicationcontrollers "` + r.Name + `" already exists`}
	}
	return wire.Written{}, nil
}

func (existsClient) Get(context.Context, string, string, string) ([]byte, error) {
	return nil, errors.New("connection refused")
}

// TestRunPassLiveGetFailureForgetsTheOldLiveRC: after a create meets
// AlreadyExists, RunPass reads the RC into Outcome.Live or its error into
// LiveErr (SPEC 3.2.12); when the read fails, the snapshot the plan after
// it sees holds that error and no live RC, never one left from before.
func TestRunPassLiveGetFailureForgetsTheOldLiveRC(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	stale := s.Deployments[0]
	s.Outcome.Live = &stale
	cfg := s.Config.Clone()
	cfg.Status.LatestVersion += 5
	rc, err := dcplan.NewDeployment(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	plan := dcplan.Plan{CreateRCs: []dcplan.CreateRC{{Deployment: rc}}}
	var seen []dcplan.Outcome
	p, err := wire.RunPass(t.Context(), existsClient{}, s, func(s dcplan.Snapshot) dcplan.Plan {
		seen = append(seen, s.Outcome)
		return plan
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2 {
		t.Fatalf("planned %d times, want twice (before and after the failure)", len(seen))
	}
	for _, o := range []dcplan.Outcome{seen[1], p.Snapshot.Outcome} {
		if o.LiveErr == "" || o.Live != nil {
			t.Errorf("outcome after the failed read: a live RC %t, LiveErr %q; want no live RC and the read's error", o.Live != nil, o.LiveErr)
		}
	}
}
