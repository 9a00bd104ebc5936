package kube

import (
	"context"
	"errors"
	"fmt"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/discovery"
)

// The errors of CheckAPI, one for each way a server can fail to be one
// the controller can run against. Programs branch on them with errors.Is
// (dcplan-controller gives each its exit status).
var (
	// ErrNoDeploymentConfigs reports a server that answers but does not
	// serve deploymentconfigs in apps.openshift.io/v1 (not OpenShift, or
	// the API group is disabled).
	ErrNoDeploymentConfigs = errors.New("kube: the server does not serve deploymentconfigs.apps.openshift.io/v1 (is this an OpenShift cluster?)")
	// ErrUnreachable reports a server that gave no usable answer: a
	// connection refused or timed out, a TLS failure, a proxy's error, a
	// server error (5xx).
	ErrUnreachable = errors.New("kube: the API server is unreachable")
	// ErrUnauthorized reports a server that refused the client's
	// credentials (401 Unauthorized) or its request (403 Forbidden).
	ErrUnauthorized = errors.New("kube: the API server refused the credentials")
)

// CheckAPI asks the server's discovery whether it serves deploymentconfigs
// in apps.openshift.io/v1 (an informer on a missing resource would wait
// for its cache forever). It returns nil when it does, and otherwise an
// error wrapping, in this order of checks:
//  1. ErrUnauthorized, when discovery is answered 401 or 403;
//  2. ErrNoDeploymentConfigs, when it is answered 404 (the group version
//     is not served) or the group version lists no deploymentconfigs;
//  3. ErrUnreachable, for any other failure (no answer, or another
//     error status),
//
// each with the server's error wrapped too. The request ends with ctx: a
// server that accepts the connection and never answers holds CheckAPI
// only as long as ctx lasts (ErrUnreachable then wraps ctx's error).
func CheckAPI(ctx context.Context, d discovery.DiscoveryInterface) error {
	gv := appsv1.GroupVersion.String()
	list, err := discovery.ToDiscoveryInterfaceWithContext(d).ServerResourcesForGroupVersionWithContext(ctx, gv)
	switch {
	case err == nil:
	case apierrors.IsUnauthorized(err) || apierrors.IsForbidden(err):
		return fmt.Errorf("%w: discovery of %s: %w", ErrUnauthorized, gv, err)
	case apierrors.IsNotFound(err):
		return fmt.Errorf("%w: %s is not served: %w", ErrNoDeploymentConfigs, gv, err)
	case ctx.Err() != nil:
		return fmt.Errorf("%w: discovery of %s: %w", ErrUnreachable, gv, context.Cause(ctx))
	default:
		return fmt.Errorf("%w: discovery of %s: %w", ErrUnreachable, gv, err)
	}
	for _, r := range list.APIResources {
		if r.Name == "deploymentconfigs" {
			return nil
		}
	}
	return fmt.Errorf("%w: %s lists no deploymentconfigs", ErrNoDeploymentConfigs, gv)
}

// WaitForAPI runs CheckAPI until the server answers it, for timeout at
// most: while the check fails with ErrUnreachable (a server restarting,
// an aggregated API unavailable during an upgrade), it asks again after
// a pause that doubles from a quarter of a second up to four seconds,
// calling retry, when not nil, with the failure and the pause before
// each. Any other failure (ErrUnauthorized, ErrNoDeploymentConfigs) is
// returned at once: a server that answers so will answer the same. When
// timeout or ctx runs out, WaitForAPI returns the last check's error
// (ErrUnreachable, wrapping the server's error or the context's).
func WaitForAPI(ctx context.Context, d discovery.DiscoveryInterface, timeout time.Duration, retry func(err error, wait time.Duration)) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	pause := apiCheckFirstPause
	for {
		err := CheckAPI(ctx, d)
		if err == nil || !errors.Is(err, ErrUnreachable) || ctx.Err() != nil {
			return err
		}
		if deadline, _ := ctx.Deadline(); time.Until(deadline) < pause {
			return err // no time for another check
		}
		if retry != nil {
			retry(err, pause)
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(pause):
		}
		pause = min(2*pause, apiCheckLongestPause)
	}
}

// The pauses of WaitForAPI between two checks of an unreachable server.
const (
	apiCheckFirstPause   = 250 * time.Millisecond
	apiCheckLongestPause = 4 * time.Second
)
