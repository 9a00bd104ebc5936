package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/dcplan/dcplan/examples/kube"
)

// servers are the HTTP servers of /metrics, /healthz and /readyz.
type servers struct {
	// addrs maps each path served to the address it listens on.
	addrs map[string]string
	all   []*http.Server
}

// startServers listens on the metrics and health addresses of f (one
// server when they are equal, none for ""), and serves ctrl's metrics,
// with the Go runtime's and the process's, on /metrics and its probes on
// /healthz and /readyz.
func startServers(ctrl *kube.Controller, f flags, errLog io.Writer) (*servers, error) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}), ctrl.Metrics())
	handlers := map[string]map[string]http.Handler{} // address, path
	add := func(addr, path string, h http.Handler) {
		if addr == "" {
			return
		}
		if handlers[addr] == nil {
			handlers[addr] = map[string]http.Handler{}
		}
		handlers[addr][path] = h
	}
	add(f.metricsAddress, "/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	add(f.healthAddress, "/healthz", ctrl.Healthz())
	add(f.healthAddress, "/readyz", ctrl.Readyz())
	s := &servers{addrs: map[string]string{}}
	for addr, paths := range handlers {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			s.shutdown()
			return nil, fmt.Errorf("listen for %s: %w", strings.Join(slices.Sorted(maps.Keys(paths)), ", "), err)
		}
		mux := http.NewServeMux()
		for path, h := range paths {
			mux.Handle(path, h)
			s.addrs[path] = ln.Addr().String()
		}
		srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
		s.all = append(s.all, srv)
		go func() {
			if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				fmt.Fprintf(errLog, "dcplan-controller: serving on %s: %v\n", ln.Addr(), err)
			}
		}()
	}
	return s, nil
}

// shutdown stops the servers, letting requests in flight end for 5 s.
func (s *servers) shutdown() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, srv := range s.all {
		_ = srv.Shutdown(ctx)
	}
}

// serveAndRun serves metrics and probes while ctrl runs, until ctx ends.
// When a server cannot listen, ctrl does not run and is closed.
func serveAndRun(ctx context.Context, ctrl *kube.Controller, f flags, stderr io.Writer) error {
	s, err := startServers(ctrl, f, stderr)
	if err != nil {
		ctrl.Close() // what kube.New started: Run would have closed it
		return err
	}
	defer s.shutdown()
	return ctrl.Run(ctx)
}
