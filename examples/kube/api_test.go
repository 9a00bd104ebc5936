package kube_test

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"k8s.io/client-go/discovery"
	"k8s.io/client-go/rest"

	"github.com/dcplan/dcplan/examples/kube"
)

// apiServer is an HTTP server that answers discovery of
// apps.openshift.io/v1 with status and body.
func apiServer(t *testing.T, status int, body string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// closedAddress returns the URL of a local port nothing listens on.
func closedAddress(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

// TestCheckAPI runs CheckAPI's discovery over HTTP against servers that
// fail in each of the ways it tells apart.
func TestCheckAPI(t *testing.T) {
	const dcs = `{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"apps.openshift.io/v1",
		"resources":[{"name":"deploymentconfigs","namespaced":true,"kind":"DeploymentConfig","verbs":["get","list"]}]}`
	const none = `{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"apps.openshift.io/v1","resources":[]}`
	for _, tc := range []struct {
		name, why string
		host      func(*testing.T) string
		want      error
	}{
		{"openshift", "the group version lists deploymentconfigs",
			func(t *testing.T) string { return apiServer(t, 200, dcs) }, nil},
		{"kubernetes", "404 for the group version: not OpenShift",
			func(t *testing.T) string {
				return apiServer(t, 404, `{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"NotFound","code":404}`)
			},
			kube.ErrNoDeploymentConfigs},
		{"group without dcs", "the group is served but lists no deploymentconfigs",
			func(t *testing.T) string { return apiServer(t, 200, none) }, kube.ErrNoDeploymentConfigs},
		{"unauthorized", "401: the token is not accepted",
			func(t *testing.T) string {
				return apiServer(t, 401, `{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Unauthorized","code":401}`)
			},
			kube.ErrUnauthorized},
		{"forbidden", "403: the user may not read discovery",
			func(t *testing.T) string {
				return apiServer(t, 403, `{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Forbidden","code":403}`)
			},
			kube.ErrUnauthorized},
		{"refused", "nothing listens on the port", closedAddress, kube.ErrUnreachable},
		{"server error", "a 502 from a proxy in front of the server",
			func(t *testing.T) string { return apiServer(t, 502, "bad gateway") }, kube.ErrUnreachable},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := discovery.NewDiscoveryClientForConfig(&rest.Config{Host: tc.host(t)})
			if err != nil {
				t.Fatal(err)
			}
			err = kube.CheckAPI(d)
			if tc.want == nil && err != nil || !errors.Is(err, tc.want) {
				t.Errorf("CheckAPI() = %v, want %v (%s)", err, tc.want, tc.why)
			}
			for _, other := range []error{kube.ErrNoDeploymentConfigs, kube.ErrUnauthorized, kube.ErrUnreachable} {
				if other != tc.want && errors.Is(err, other) {
					t.Errorf("CheckAPI() = %v, also %v", err, other)
				}
			}
		})
	}
}
