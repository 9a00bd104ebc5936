package kube_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	appsclient "github.com/openshift/client-go/apps/clientset/versioned"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"

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
			err = kube.CheckAPI(t.Context(), d)
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

// silentServer accepts connections and answers no request until the
// client gives up on it.
func silentServer(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestCheckAPIEndsWithItsContext: against a server that never answers,
// CheckAPI returns ErrUnreachable when its context ends, not when the
// connection does.
func TestCheckAPIEndsWithItsContext(t *testing.T) {
	d, err := discovery.NewDiscoveryClientForConfig(&rest.Config{Host: silentServer(t)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = kube.CheckAPI(ctx, d)
	if !errors.Is(err, kube.ErrUnreachable) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("CheckAPI() = %v, want ErrUnreachable wrapping context.DeadlineExceeded", err)
	}
	if waited := time.Since(start); waited > 5*time.Second {
		t.Errorf("CheckAPI returned after %s, its context ended after 100ms", waited)
	}
}

// controllerAt is a Controller over clientsets of the server at host,
// logging at the tests' verbosity.
func controllerAt(t *testing.T, host string, opts kube.Options) *kube.Controller {
	t.Helper()
	cfg := &rest.Config{Host: host}
	kc, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ac, err := appsclient.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	opts.Logger = klog.NewKlogr().V(10)
	return kube.New(kc, ac, opts)
}

// TestRunStopsDuringTheAPICheck: a SIGTERM (Run's context ending) while
// the server has not answered the API check makes Run return nil at
// once, as a stop before the caches synced does.
func TestRunStopsDuringTheAPICheck(t *testing.T) {
	ctrl := controllerAt(t, silentServer(t), kube.Options{})
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- ctrl.Run(ctx) }()
	time.Sleep(100 * time.Millisecond) // Run is waiting for discovery
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run() = %v, want nil after a stop", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return within 5 s of its context ending")
	}
}

// flakyServer answers discovery of apps.openshift.io/v1 with the statuses
// of answers in turn, then with the last one; it counts the requests.
func flakyServer(t *testing.T, answers ...int) (string, *atomic.Int32) {
	t.Helper()
	const dcs = `{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"apps.openshift.io/v1",
		"resources":[{"name":"deploymentconfigs","namespaced":true,"kind":"DeploymentConfig","verbs":["get","list"]}]}`
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		status := answers[min(int(n.Add(1)), len(answers))-1]
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		if status == http.StatusOK {
			_, _ = w.Write([]byte(dcs))
			return
		}
		fmt.Fprintf(w, `{"kind":"Status","apiVersion":"v1","status":"Failure","message":"answer %d","code":%d}`, status, status)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, &n
}

// TestWaitForAPI: an unreachable server (an aggregated API answering 503
// during an upgrade, an API server restarting) is checked again until it
// answers or the timeout runs out; a server that answers no to the
// credentials or the API is not asked again.
func TestWaitForAPI(t *testing.T) {
	for _, tc := range []struct {
		name, why string
		answers   []int
		timeout   time.Duration
		want      error
		asked     int32 // requests; 0: at least 2
	}{
		{"back after two 503s", "the third check succeeds", []int{503, 503, 200}, 10 * time.Second, nil, 3},
		{"503 throughout", "the last 503 is returned when the time is up", []int{503}, 700 * time.Millisecond, kube.ErrUnreachable, 0},
		{"unauthorized", "401 is not asked again", []int{401, 200}, 10 * time.Second, kube.ErrUnauthorized, 1},
		{"not openshift", "404 is not asked again", []int{404, 200}, 10 * time.Second, kube.ErrNoDeploymentConfigs, 1},
		{"503 then not openshift", "a later 404 ends the wait", []int{503, 404}, 10 * time.Second, kube.ErrNoDeploymentConfigs, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			host, asked := flakyServer(t, tc.answers...)
			d, err := discovery.NewDiscoveryClientForConfig(&rest.Config{Host: host})
			if err != nil {
				t.Fatal(err)
			}
			var retries []time.Duration
			err = kube.WaitForAPI(t.Context(), d, tc.timeout, func(err error, wait time.Duration) {
				if !errors.Is(err, kube.ErrUnreachable) {
					t.Errorf("retry after %v, want only after ErrUnreachable", err)
				}
				retries = append(retries, wait)
			})
			if tc.want == nil && err != nil || !errors.Is(err, tc.want) {
				t.Fatalf("WaitForAPI() = %v, want %v (%s)", err, tc.want, tc.why)
			}
			if tc.want != nil && !strings.Contains(err.Error(), "answer ") {
				t.Errorf("WaitForAPI() = %v, want the server's last answer in it", err)
			}
			n := asked.Load()
			if tc.asked != 0 && n != tc.asked || tc.asked == 0 && n < 2 {
				t.Errorf("%d checks, want %d (%s)", n, tc.asked, tc.why)
			}
			if int32(len(retries)) != n-1 && tc.asked != 0 {
				t.Errorf("retry called %d times for %d checks", len(retries), n)
			}
			for i := 1; i < len(retries); i++ {
				if retries[i] < retries[i-1] {
					t.Errorf("pauses %v: want them to grow", retries)
				}
			}
		})
	}
}

// TestRunWaitsForTheAPI: Run checks an unreachable server again (here a
// 503 from an aggregated API in an upgrade) rather than exiting on the
// first answer; its error is the check's last one.
func TestRunWaitsForTheAPI(t *testing.T) {
	host, asked := flakyServer(t, 503, 503, 401)
	ctrl := controllerAt(t, host, kube.Options{APICheckTimeout: 10 * time.Second})
	if err := ctrl.Run(t.Context()); !errors.Is(err, kube.ErrUnauthorized) {
		t.Errorf("Run() = %v, want ErrUnauthorized, the answer after two 503s", err)
	}
	if n := asked.Load(); n != 3 {
		t.Errorf("Run checked the API %d times, want 3", n)
	}
}
