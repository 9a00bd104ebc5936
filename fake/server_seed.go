package fake

import (
	"fmt"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// PutSnapshot stores the DC, RCs and pods of snap in their wire forms
// (wire.EncodeConfig, EncodeDeployment, EncodePodObject), each as Put
// stores it: how a test seeds a server with a world written as values.
func (s *Server) PutSnapshot(snap dcplan.Snapshot) error {
	put := func(res string, b []byte, err error) error {
		if err != nil {
			return fmt.Errorf("fake: encode %s: %w", res, err)
		}
		return s.Put(res, b)
	}
	b, err := wire.EncodeConfig(snap.Config)
	if err := put(wire.ResourceConfigs, b, err); err != nil {
		return err
	}
	for _, d := range snap.Deployments {
		b, err := wire.EncodeDeployment(d)
		if err := put(wire.ResourceRCs, b, err); err != nil {
			return err
		}
	}
	for _, p := range snap.Pods {
		b, err := wire.EncodePodObject(p)
		if err := put(wire.ResourcePods, b, err); err != nil {
			return err
		}
	}
	return nil
}

// ServerOf returns a Server at snap.Now holding snap's world as a cluster
// holds it before a pass (PutSnapshot), every object that has no
// resourceVersion given one, so that the requests rendered from a read
// of it carry the preconditions a read from a real server would.
func ServerOf(snap dcplan.Snapshot) (*Server, error) {
	srv := NewServer(snap.Now)
	if err := srv.PutSnapshot(withVersions(snap)); err != nil {
		return nil, err
	}
	return srv, nil
}
