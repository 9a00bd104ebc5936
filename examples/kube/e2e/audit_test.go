package e2e_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"

	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/examples/kube/e2e"
	"github.com/dcplan/dcplan/wire"
)

// sent is one request a controller pass sent: the wire.Request as the
// plan has it (wire.Requests), the answer, and the HTTP request it became
// (method, content type, and the Audit-Id the server answered with).
type sent struct {
	component string
	req       wire.Request
	get       string // the resource of a Client.Get, when req is empty
	err       error

	mu          sync.Mutex
	https       int
	method      string
	contentType string
	auditID     string
}

type sentKey struct{}

// sentLog wraps the controllers' wire.Clients and their transport to
// record what they sent.
type sentLog struct {
	mu     sync.Mutex
	reqs   []*sent
	events []string // "<reason>: <message>" of the planned events
}

func (l *sentLog) add(s *sent) {
	l.mu.Lock()
	l.reqs = append(l.reqs, s)
	l.mu.Unlock()
}

func (l *sentLog) all() []*sent {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.reqs)
}

// wrap is kube.Options.Wrap.
func (l *sentLog) wrap(component string, c wire.Client) wire.Client {
	return &recordingClient{Client: c, log: l, component: component}
}

// transport is rest.Config.WrapTransport.
func (l *sentLog) transport(rt http.RoundTripper) http.RoundTripper {
	return roundTripper(func(req *http.Request) (*http.Response, error) {
		resp, err := rt.RoundTrip(req)
		if s, ok := req.Context().Value(sentKey{}).(*sent); ok {
			s.mu.Lock()
			s.https++
			s.method, s.contentType = req.Method, req.Header.Get("Content-Type")
			if resp != nil {
				s.auditID = resp.Header.Get("Audit-Id")
			}
			s.mu.Unlock()
		}
		return resp, err
	})
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

type recordingClient struct {
	wire.Client
	log       *sentLog
	component string
}

func (c *recordingClient) Do(ctx context.Context, r wire.Request) (wire.Written, error) {
	if r.Verb == wire.VerbEvent {
		if r.Event != nil {
			c.log.mu.Lock()
			c.log.events = append(c.log.events, r.Event.Reason+": "+r.Event.Message)
			c.log.mu.Unlock()
		}
		return c.Client.Do(ctx, r)
	}
	s := &sent{component: c.component, req: r}
	w, err := c.Client.Do(context.WithValue(ctx, sentKey{}, s), r)
	s.err = err
	c.log.add(s)
	return w, err
}

func (c *recordingClient) Get(ctx context.Context, resource, namespace, name string) ([]byte, error) {
	s := &sent{component: c.component, get: resource, req: wire.Request{Resource: resource, Namespace: namespace, Name: name}}
	data, err := c.Client.Get(context.WithValue(ctx, sentKey{}, s), resource, namespace, name)
	s.err = err
	c.log.add(s)
	return data, err
}

// TestAuditMatchesPlans runs rollouts (first, scale, adoption, config
// change, cancel, pruning) and then compares, request by request, what
// the server's audit log says it received from the controller's
// ServiceAccount with what wire.Requests said each pass sends: verb,
// path, subresource, patch type, body, delete options, no dry run, and
// the answer. It also checks the other way round: every write (and get)
// the server logged from the controller is a planned request.
func TestAuditMatchesPlans(t *testing.T) {
	t.Parallel()
	var log sentLog
	e := newEnv(t)
	e.wrapConfig = func(c *rest.Config) { c.Wrap(log.transport) }
	stop := e.controller(kube.Options{Wrap: log.wrap})
	dc := newDC("frontend", "registry.example/shop/frontend:v1", 1)
	limit := int32(1)
	dc.Spec.RevisionHistoryLimit = &limit
	e.createDC(dc)
	e.awaitPhase("frontend-1", "Complete")
	e.scale("frontend", 2)
	e.await("frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
	e.patchRC("frontend-1", `{"metadata":{"ownerReferences":null}}`)
	uid := e.dc("frontend").UID
	e.waitFor("frontend-1 adopted", func() (bool, error) { return controllerOf(e.rc("frontend-1")) == uid, nil })
	e.setImage("frontend", "registry.example/shop/frontend:v2")
	e.awaitPhase("frontend-2", "Complete")
	e.kubelet.Hold("frontend-3", true)
	e.setImage("frontend", "registry.example/shop/frontend:v3")
	e.waitFor("frontend-3-deploy Running", func() (bool, error) {
		return slices.Contains(e.deployerPods(), "frontend-3-deploy Running"), nil
	})
	e.cancelRollout("frontend")
	e.awaitPhase("frontend-3", "Failed")
	e.kubelet.Hold("frontend-4", false)
	e.setImage("frontend", "registry.example/shop/frontend:v4")
	e.await("frontend", "frontend-3 Failed replicas=0 reason=\"cancelled by the user\"\n"+
		"frontend-4 Complete replicas=2 reason=\"config change\"\n"+
		"dc frontend latestVersion=4 replicas=2")

	// The recorder writes events on its own goroutine: wait until every
	// event planned so far reached the server, then stop the controller,
	// so that the requests compared are all it sent.
	user := "system:serviceaccount:" + e.ns + ":dcplan-controller"
	var flushed []string
	e.waitFor("the planned events on the server", func() (bool, error) {
		log.mu.Lock()
		flushed = slices.Compact(slices.Sorted(slices.Values(log.events)))
		log.mu.Unlock()
		created, err := createdEvents(e, user)
		for _, ev := range flushed {
			if !slices.Contains(created, ev) {
				return false, err
			}
		}
		return true, err
	})
	stop()
	reqs := log.all()
	var events []e2e.AuditEvent
	e.waitFor("every request in the audit log", func() (bool, error) {
		var err error
		events, err = e2e.ReadAudit(cp.APIServer.AuditLog, func(ev *e2e.AuditEvent) bool {
			return ev.User.Username == user && ev.ObjectRef != nil && ev.ObjectRef.Namespace == e.ns
		})
		if err != nil {
			return false, err
		}
		ids := map[string]bool{}
		for _, ev := range events {
			ids[ev.AuditID] = true
		}
		for _, s := range reqs {
			if !ids[s.auditID] {
				return false, nil
			}
		}
		return true, nil
	})
	byID := map[string]*e2e.AuditEvent{}
	for i := range events {
		byID[events[i].AuditID] = &events[i]
	}
	verbs := map[string]int{}
	matched := map[string]bool{}
	for i, s := range reqs {
		ev := byID[s.auditID]
		matched[s.auditID] = true
		verbs[ev.Verb]++
		for _, d := range compareAudit(s, ev) {
			t.Errorf("request %d (%s %s %s/%s): %s", i, s.component, s.req.Verb, s.req.Resource, s.req.Name, d)
		}
	}
	for _, ev := range events {
		if ev.Verb == "list" || ev.Verb == "watch" || ev.ObjectRef.Resource == "events" || matched[ev.AuditID] {
			continue
		}
		t.Errorf("the server got %s %s from the controller, which no plan sent", ev.Verb, ev.RequestURI)
	}
	t.Logf("%d requests compared: %v", len(reqs), verbs)
	tolerated.Lock()
	for k, n := range tolerated.kinds {
		t.Logf("tolerated %d×: %s", n, k)
	}
	tolerated.Unlock()
	for _, v := range []string{"create", "update", "patch", "delete", "get"} {
		if verbs[v] == 0 {
			t.Errorf("no %s request compared: the scenario no longer covers it", v)
		}
	}
	log.mu.Lock()
	planned := slices.Compact(slices.Sorted(slices.Values(log.events)))
	log.mu.Unlock()
	created, err := createdEvents(e, user)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range created {
		if !slices.Contains(planned, ev) {
			t.Errorf("the server got event %q from the controller, which no plan recorded", ev)
		}
	}
	if !slices.Contains(created, `DeploymentCreated: Created new replication controller "frontend-1" for version 1`) {
		t.Errorf("no DeploymentCreated event for frontend-1 among %v", created)
	}
	t.Logf("%d events planned, %d before the controller stopped, all created", len(planned), len(flushed))
}

// compareAudit returns the differences between a planned request and the
// server's record of it.
func compareAudit(s *sent, ev *e2e.AuditEvent) []string {
	var out []string
	add := func(f string, args ...any) { out = append(out, fmt.Sprintf(f, args...)) }
	if s.https != 1 {
		add("%d HTTP requests for one planned request", s.https)
	}
	u, err := url.Parse(ev.RequestURI)
	if err != nil {
		return []string{err.Error()}
	}
	if u.Query().Has("dryRun") {
		add("dry run: %s", ev.RequestURI)
	}
	if s.get == "" && u.Query().Get("fieldManager") != s.req.FieldManager {
		add("server got fieldManager %q, plan says %q", u.Query().Get("fieldManager"), s.req.FieldManager)
	}
	r := s.req
	if s.get != "" {
		if ev.Verb != "get" || ev.ObjectRef.Resource != s.get || ev.ObjectRef.Name != r.Name {
			add("server got %s %s, want get %s/%s", ev.Verb, ev.RequestURI, s.get, r.Name)
		}
		return out
	}
	if ev.Verb != string(r.Verb) || s.method != r.Method() {
		add("server got verb %s (%s), plan says %s (%s)", ev.Verb, s.method, r.Verb, r.Method())
	}
	path := r.Path()
	if r.Verb == wire.VerbCreate && r.Subresource == "" {
		path = strings.TrimSuffix(path, "/"+r.Name)
	}
	if u.Path != path {
		add("server got path %s, plan says %s", u.Path, r.Path())
	}
	if ev.ObjectRef.Subresource != r.Subresource || ev.ObjectRef.Resource != r.Resource || ev.ObjectRef.Namespace != r.Namespace {
		add("server got %s/%s in %s, plan says %s/%s in %s", ev.ObjectRef.Resource, ev.ObjectRef.Subresource, ev.ObjectRef.Namespace,
			r.Resource, r.Subresource, r.Namespace)
	}
	switch r.Verb {
	case wire.VerbPatch:
		if s.contentType != r.PatchType {
			add("patch type %s, plan says %s", s.contentType, r.PatchType)
		}
		diffBody(add, r.Patch, ev.RequestObject)
	case wire.VerbCreate, wire.VerbUpdate:
		diffBody(add, r.Body, ev.RequestObject)
	case wire.VerbDelete:
		var opts metav1.DeleteOptions
		if len(ev.RequestObject) > 0 {
			if err := json.Unmarshal(ev.RequestObject, &opts); err != nil {
				add("delete options: %v", err)
			}
		}
		var pc wire.Preconditions // SPEC 3.7.5.unchanged: Modern's history deletes carry them
		if p := opts.Preconditions; p != nil {
			pc = wire.Preconditions{UID: string(val(p.UID)), ResourceVersion: val(p.ResourceVersion)}
		}
		if string(val(opts.PropagationPolicy)) != r.Delete.PropagationPolicy || pc != r.Delete.Preconditions ||
			(opts.GracePeriodSeconds != nil) != r.Delete.HasGracePeriod || val(opts.GracePeriodSeconds) != r.Delete.GracePeriodSeconds {
			add("delete options %s, plan says %+v", ev.RequestObject, r.Delete)
		}
	}
	code := int32(0)
	if ev.ResponseStatus != nil {
		code = ev.ResponseStatus.Code
	}
	var st *wire.StatusError
	switch {
	case s.err == nil && (code < 200 || code > 299):
		add("server answered %d, the client saw success", code)
	case errors.As(s.err, &st) && st.Code != code:
		add("server answered %d, the client saw %d", code, st.Code)
	}
	return out
}

// tolerated counts the kinds of tolerated body differences (jsonDiff).
var tolerated struct {
	sync.Mutex
	kinds map[string]int
}

func diffBody(add func(string, ...any), planned, got []byte) {
	d, tol, err := jsonDiff(planned, got)
	if err != nil {
		add("body: %v", err)
	}
	for _, x := range d {
		add("body differs (plan != server) at %s", x)
	}
	tolerated.Lock()
	defer tolerated.Unlock()
	if tolerated.kinds == nil {
		tolerated.kinds = map[string]int{}
	}
	for _, x := range tol {
		kind, _, _ := strings.Cut(x, " $")
		kind += " " + strings.SplitN(strings.TrimPrefix(x, kind+" "), ":", 2)[0]
		tolerated.kinds[kind]++
	}
}

// createdEvents returns "<reason>: <message>" of every event the user
// created in the test's namespace, as the audit log has them, sorted
// (client-go's recorder patches the count of a repeat instead).
func createdEvents(e *env, user string) ([]string, error) {
	evs, err := e2e.ReadAudit(cp.APIServer.AuditLog, func(ev *e2e.AuditEvent) bool {
		return ev.User.Username == user && ev.ObjectRef != nil && ev.ObjectRef.Namespace == e.ns &&
			ev.ObjectRef.Resource == "events" && ev.Verb == "create"
	})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, ev := range evs {
		var body struct{ Reason, Message string }
		if err := json.Unmarshal(ev.RequestObject, &body); err != nil {
			return nil, fmt.Errorf("event create body: %w", err)
		}
		out = append(out, body.Reason+": "+body.Message)
	}
	slices.Sort(out)
	return out, nil
}
