package e2e_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/watch"

	coordinationv1 "k8s.io/api/coordination/v1"

	"github.com/dcplan/dcplan/examples/kube/e2e"
)

// The leader election durations of the replica tests: short, for quick
// fail-overs, with room for a loaded machine (the leader gives up after
// failing to renew for renewDeadline).
const (
	leaseDuration = 6 * time.Second
	renewDeadline = 4 * time.Second
	retryPeriod   = 1 * time.Second
	drainTimeout  = 5 * time.Second
)

// failoverMargin is added to every documented fail-over bound: scheduling
// on a loaded machine, and the pollers' 20 ms.
const failoverMargin = 10 * time.Second

// replica is a dcplan-controller process of a replica test, with a token
// of its own of the shipped ServiceAccount.
type replica struct {
	*binary
	id  string
	tok token
}

// replicas is a test's namespace and a Lease of its own in the shipped
// namespace, for controller replicas with the shipped ServiceAccount.
type replicas struct {
	e     *env
	s     shipped
	lease string
}

// newReplicas makes a namespace (newEnv) and names a Lease after it.
func newReplicas(t *testing.T) *replicas {
	s := applyManifests(t)
	e := newEnv(t)
	return &replicas{e: e, s: s, lease: "dcplan-" + e.ns}
}

// start runs a replica with identity id watching the namespace.
func (r *replicas) start(id string) *replica {
	t := r.e.t
	t.Helper()
	tok := saToken(t, r.s.Namespace, r.s.ServiceAccount)
	b := startBinary(t, id, "--kubeconfig="+kubeconfig(t, tok.Token), "--namespace="+r.e.ns,
		"--leader-elect-namespace="+r.s.Namespace, "--leader-elect-name="+r.lease, "--leader-elect-identity="+id,
		"--leader-elect-lease-duration="+leaseDuration.String(), "--leader-elect-renew-deadline="+renewDeadline.String(),
		"--leader-elect-retry-period="+retryPeriod.String(), "--drain-timeout="+drainTimeout.String(),
		"--deployer-image="+settings().DeployerImage, "--service-account="+settings().ServiceAccount)
	return &replica{binary: b, id: id, tok: tok}
}

// holder returns the Lease's holderIdentity ("" when released or absent).
func (r *replicas) holder() (string, error) {
	l, err := r.e.admin.CoordinationV1().Leases(r.s.Namespace).Get(context.Background(), r.lease, metav1.GetOptions{})
	if err != nil {
		return "", err
	}
	return val(l.Spec.HolderIdentity), nil
}

// awaitHolder waits up to timeout until the Lease names id, and returns
// when the test saw it.
func (r *replicas) awaitHolder(id string, timeout time.Duration) time.Time {
	r.e.t.Helper()
	var last string
	err := e2e.Poll(context.Background(), timeout, "the Lease held by "+id, func() (bool, error) {
		h, err := r.holder()
		last = h
		return h == id, err
	})
	if err != nil {
		r.e.t.Fatalf("%v (held by %q)", err, last)
	}
	return time.Now()
}

// watchHolders records, from the Lease's current version on, each
// holderIdentity it takes (consecutive repeats, the renewals, once).
// holders returns them; the watch ends with the test.
func (r *replicas) watchHolders() (holders func() []string) {
	t := r.e.t
	t.Helper()
	leases := r.e.admin.CoordinationV1().Leases(r.s.Namespace)
	l, err := leases.Get(context.Background(), r.lease, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := leases.Watch(context.Background(), metav1.ListOptions{FieldSelector: fields.OneTermEqualSelector("metadata.name", r.lease).String(),
		ResourceVersion: l.ResourceVersion})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	seen := []string{val(l.Spec.HolderIdentity)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for ev := range w.ResultChan() {
			l, ok := ev.Object.(*coordinationv1.Lease)
			if !ok || ev.Type != watch.Modified {
				continue
			}
			mu.Lock()
			if h := val(l.Spec.HolderIdentity); seen[len(seen)-1] != h {
				seen = append(seen, h)
			}
			mu.Unlock()
		}
	}()
	t.Cleanup(func() { w.Stop(); <-done })
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(seen)
	}
}

// writes returns the write requests (create, update, patch, delete) of
// the shipped ServiceAccount to the namespace's objects, events aside (the
// recorder sends them in the background), by the credential id of the
// token that sent them.
func (r *replicas) writes() map[string][]e2e.AuditEvent {
	r.e.t.Helper()
	user := "system:serviceaccount:" + r.s.Namespace + ":" + r.s.ServiceAccount
	evs, err := e2e.ReadAudit(cp.APIServer.AuditLog, func(ev *e2e.AuditEvent) bool {
		return ev.User.Username == user && ev.ObjectRef != nil && ev.ObjectRef.Namespace == r.e.ns && ev.ObjectRef.Resource != "events" &&
			slices.Contains([]string{"create", "update", "patch", "delete"}, ev.Verb)
	})
	if err != nil {
		r.e.t.Fatal(err)
	}
	out := map[string][]e2e.AuditEvent{}
	for _, ev := range evs {
		id := strings.Join(ev.User.Extra[credentialIDKey], ",")
		out[id] = append(out[id], ev)
	}
	return out
}

// checkWrites checks that only one replica acted at a time: every write
// came from a or b, each wrote, b's first write came after signalled
// (when the test killed or stopped a) and after a's last one. It also
// checks that every RC and deployer pod was created once.
func (r *replicas) checkWrites(a, b *replica, signalled time.Time) {
	t := r.e.t
	t.Helper()
	by := r.writes()
	for id, evs := range by {
		if id != a.tok.CredentialID && id != b.tok.CredentialID {
			t.Errorf("%d writes with credential %q, neither replica's", len(evs), id)
		}
	}
	aw, bw := by[a.tok.CredentialID], by[b.tok.CredentialID]
	if len(aw) == 0 || len(bw) == 0 {
		t.Fatalf("writes: %s %d, %s %d; want both to have written", a.id, len(aw), b.id, len(bw))
	}
	first := slices.MinFunc(bw, func(x, y e2e.AuditEvent) int { return x.RequestReceivedTimestamp.Compare(y.RequestReceivedTimestamp) })
	last := slices.MaxFunc(aw, func(x, y e2e.AuditEvent) int { return x.RequestReceivedTimestamp.Compare(y.RequestReceivedTimestamp) })
	if !first.RequestReceivedTimestamp.After(signalled) {
		t.Errorf("%s wrote while %s led: %s %s, %v before %s was signalled", b.id, a.id, first.Verb, first.RequestURI,
			signalled.Sub(first.RequestReceivedTimestamp), a.id)
	}
	if !last.RequestReceivedTimestamp.Before(first.RequestReceivedTimestamp) {
		t.Errorf("the replicas' writes overlap: %s's last (%s %s) is %v after %s's first (%s %s)", a.id, last.Verb, last.RequestURI,
			last.RequestReceivedTimestamp.Sub(first.RequestReceivedTimestamp), b.id, first.Verb, first.RequestURI)
	}
	t.Logf("%s's last write (%s %s) %v after it was signalled, %s's first (%s %s) %v after", a.id, last.Verb, last.RequestURI,
		last.RequestReceivedTimestamp.Sub(signalled).Round(time.Millisecond), b.id, first.Verb, first.RequestURI,
		first.RequestReceivedTimestamp.Sub(signalled).Round(time.Millisecond))
	created := map[string]int{}
	for _, evs := range by {
		for _, ev := range evs {
			if ev.Verb == "create" && ev.ResponseStatus != nil && ev.ResponseStatus.Code == 201 {
				created[ev.ObjectRef.Resource+"/"+ev.ObjectRef.Name]++
			}
		}
	}
	for what, n := range created {
		if n != 1 {
			t.Errorf("%s created %d times", what, n)
		}
	}
	t.Logf("writes: %s %d, %s %d (user agents %q, %q); created %v", a.id, len(aw), b.id, len(bw), aw[0].UserAgent, bw[0].UserAgent, keys(created))
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// twoReplicas starts replica a, waits until it holds the Lease, starts b
// and waits until b is ready (synced, standing by), and rolls out DC
// frontend once under a.
func (r *replicas) twoReplicas() (a, b *replica) {
	t := r.e.t
	t.Helper()
	a = r.start("replica-a")
	r.awaitHolder(a.id, awaitTimeout)
	a.awaitReady()
	b = r.start("replica-b")
	b.awaitReady()
	if h, err := r.holder(); err != nil || h != a.id {
		t.Fatalf("the Lease is held by %q (%v), want %s", h, err, a.id)
	}
	r.e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 2))
	r.e.await("frontend", firstRollout)
	if n := len(r.writes()[b.tok.CredentialID]); n > 0 {
		t.Fatalf("the standby %s wrote %d times while %s led", b.id, n, a.id)
	}
	return a, b
}

// midRollout starts rollout 2 of frontend and holds its deployer pod
// Running; release lets it finish.
func (r *replicas) midRollout() (release func()) {
	r.e.kubelet.Hold("frontend-2", true)
	r.e.setImage("frontend", "registry.example/shop/frontend:v2")
	r.e.waitFor("frontend-2-deploy Running", func() (bool, error) {
		return slices.Contains(r.e.deployerPods(), "frontend-2-deploy Running"), nil
	})
	return func() { r.e.kubelet.Hold("frontend-2", false) }
}

// secondRollout is frontend after rollout 2.
const secondRollout = "frontend-1 Complete replicas=0 reason=\"config change\"\n" +
	"frontend-2 Complete replicas=2 reason=\"config change\"\n" +
	"dc frontend latestVersion=2 replicas=2"

// String names the replica.
func (r *replica) String() string { return fmt.Sprintf("%s (pid %d)", r.id, r.Pid()) }
