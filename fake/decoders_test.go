package fake_test

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestTransitionDecodersAreUsed holds that the Transition invariants read
// stored objects with the Transition's own decoders when it has them
// (DecodeRC, DecodeConfig: the explorer's cached ones) and with wire's
// otherwise, and that a write they cannot decode fails the invariant
// that reads it rather than passing it (SPEC 13: nothing passes because
// the world could not be read).
func TestTransitionDecodersAreUsed(t *testing.T) {
	c2, c3 := dc(t, 2, "app:1"), dc(t, 3, "app:1")
	live := state(c3, rcOf(t, c3, 3, Running, 0))
	broken := errors.New("cached decoder: broken")
	status := fake.LiveWrite{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Name: "web"},
		Before: dcBytes(t, c2), After: dcBytes(t, c3), Live: live}
	garbled := status
	garbled.After = []byte("{")
	phase := editOf(t, "web-3", live, func(d *dcplan.Deployment) { d.Phase = Complete })
	tests := []transitionCase{
		{name: "3.2.10 wire's decoder", why: "a bump from 2 to 3 decodes and holds", inv: fake.LatestVersionMonotonic,
			t: fake.Transition{Writes: []fake.LiveWrite{status}}},
		{name: "3.2.10 garbled DC", why: "a DC write that does not decode is a failure", inv: fake.LatestVersionMonotonic,
			t: fake.Transition{Writes: []fake.LiveWrite{garbled}}, wantErr: "malformed object: DeploymentConfig"},
		{name: "3.2.10 the Transition's DC decoder", why: "its decoder, not wire's, reads the DC write", inv: fake.LatestVersionMonotonic,
			t:       fake.Transition{Writes: []fake.LiveWrite{status}, DecodeConfig: func([]byte) (dcplan.Config, error) { return dcplan.Config{}, broken }},
			wantErr: broken.Error()},
		{name: "2.1 the Transition's RC decoder", why: "its decoder, not wire's, reads the RC write", inv: fake.PhaseMoves,
			t:       fake.Transition{Writes: []fake.LiveWrite{phase}, DecodeRC: func([]byte) (dcplan.Deployment, error) { return dcplan.Deployment{}, broken }},
			wantErr: broken.Error()},
	}
	checkTransitionCases(t, tests)
}
