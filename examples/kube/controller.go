package kube

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	appsclient "github.com/openshift/client-go/apps/clientset/versioned"
	appsinformers "github.com/openshift/client-go/apps/informers/externalversions"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/leaderelection"
	"k8s.io/client-go/tools/record"
	"k8s.io/client-go/util/workqueue"
	"k8s.io/klog/v2"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// The event source components, as upstream's two controllers name them.
const (
	ComponentConfig   = "deploymentconfig-controller"
	ComponentDeployer = "deployer-controller"
)

// Options configure a Controller. The zero Options run the Modern preset
// over every namespace with two workers per queue.
type Options struct {
	// Namespace limits the informers to one namespace; "" watches all.
	Namespace string
	// Settings are the planners' settings: a preset's switches
	// (dcplan.Modern.Settings()) and the deployer image, service account
	// and injected environment. The zero value is Modern with no deployer
	// image.
	Settings dcplan.Settings
	// Workers is the number of workers of each queue; 0 means 2.
	Workers int
	// Resync is the informers' resync period; 0 means DefaultResync and
	// a negative value none (a key dropped after its retries then waits
	// for the next change of its objects).
	Resync time.Duration
	// RateLimiter returns the rate limiter of a queue; nil means
	// client-go's default controller rate limiter (5 ms·2^n per item up
	// to 1000 s, and 10 qps with a burst of 100 overall), upstream's.
	RateLimiter func() workqueue.TypedRateLimiter[string]
	// Recorder returns the event recorder of a controller, given its
	// component (ComponentConfig or ComponentDeployer). Nil records events
	// to the API server through a record.EventBroadcaster.
	Recorder func(component string) record.EventRecorder
	// Logger is the logger; the zero value means klog.Background().
	Logger klog.Logger
	// Now is the clock of the snapshots; nil means time.Now.
	Now func() time.Time
	// Wrap, when set, wraps the wire.Client each controller sends its
	// requests with (tests record or fail requests with it).
	Wrap func(component string, c wire.Client) wire.Client
	// OnPass, when set, is called after every pass that ran with the
	// controller's component, the queue key and what the pass did; not
	// for a key whose object is gone, nor for a pass the adapter itself
	// failed (its snapshot could not be built, or the plan protocol
	// broke), which the logs and the passes metric report.
	OnPass func(component, key string, pass wire.Pass)
	// LeaderElection, when set, makes Run act only while the process
	// holds the Lease it names (see LeaderElection); nil runs the workers
	// as soon as the caches synced.
	LeaderElection *LeaderElection
	// DrainTimeout is how long the passes in flight when Run's context
	// ends may go on before their context is cancelled too, and the
	// events they recorded be sent after them; 0 means 10 s.
	DrainTimeout time.Duration
	// APICheckTimeout is how long Run waits for the server to answer its
	// API check (WaitForAPI) while it is unreachable; 0 means
	// DefaultAPICheckTimeout.
	APICheckTimeout time.Duration
}

// DefaultDrainTimeout is the DrainTimeout of zero Options.
const DefaultDrainTimeout = 10 * time.Second

// DefaultResync is the Resync of zero Options: openshift-controller-manager's
// informer resync period. Every resync queues every DC and RC again, which
// is what brings back a key the queue dropped after its retries (a pod
// create refused for minutes, say) when nothing else touches its objects.
const DefaultResync = 10 * time.Minute

// DefaultAPICheckTimeout is the APICheckTimeout of zero Options: how long
// Run asks again a server that is unreachable (refusing connections,
// answering 5xx, or not answering at all) before it returns an error
// wrapping ErrUnreachable. It covers an API server restarting or an
// aggregated API briefly unavailable during an upgrade, which would
// otherwise make every replica exit and wait out the kubelet's back-off.
const DefaultAPICheckTimeout = 30 * time.Second

// Controller runs the DC controller and the deployer controller of dcplan
// over shared informers of DeploymentConfigs, ReplicationControllers and
// pods, each with a work queue rate-limited by client-go's default
// controller rate limiter, as upstream's openshift-controller-manager does.
// Every pass builds a snapshot from the informer caches (through a
// Decoder), plans it and applies the plan with wire.RunPass. Both
// controllers keep expectations, as client-go's controllers do: the RCs
// the DC controller created and the deployer pods the deployer controller
// created that their caches do not show yet go into Snapshot.Unobserved,
// so Modern waits for its own writes instead of planning from a stale
// cache, which can start a second rollout (SPEC 3.2.12.expect) or fail a
// cancelled RC while its deployer pod runs on beside the next rollout's
// (SPEC 4.2.expect); and the deployer's own writes of an RC put it there
// too while the cache still shows the version a write replaced (it could
// otherwise start the deployer pod of an RC it has failed already). The
// RCs the DC controller deleted and the pods the deployer deleted that
// the caches still list go into Snapshot.Undeleted: a history cleanup
// from such a cache prunes one RC too many (SPEC 3.7.expect), and a
// retried rollout fails at once for its old pod (SPEC
// 4.2.expect.delete). Exact and the seeds ignore them, as upstream does.
// The add or delete event of an expected object observes it and requeues
// its owner (upstream watches neither RC nor pod adds, SPEC 3.2, 4.7), as
// an RC update that shows the deployer's own writes of it requeues the RC
// (which nothing else does once its config-name annotation is gone); a
// pass that waits for expectations comes back after their TTL anyway
// (queue rule 1). An RC update requeues the DC its annotation named
// before as well as the one it names now (upstream only the latter).
//
// Queue policy, after each pass (SPEC 1.7, 3.2):
//  1. A pass that ends with no error message: Forget the key, and when the
//     plan has a RecheckAfter, AddAfter it; when it waits for
//     expectations (dcplan.WaitStaleCache), AddAfter their TTL, so that
//     one that never comes true (its object deleted before the informer
//     listed it) holds the key no longer.
//  2. A fatal error (dcplan.ErrorFatal): log it and Forget.
//  3. Any other error while the key was requeued fewer than
//     dcplan.MaxRetryCount times: AddRateLimited.
//  4. Otherwise log that the key is dropped and Forget it. The deployer's
//     FailedRetry event for an actionable error is part of the last plan
//     (phase.Step records it at that requeue count), so it is recorded
//     once. The informers' next resync (Options.Resync) queues the key
//     again.
//
// A pass that fails once Run is stopping (its context ended) leaves its
// key alone: the key is lost with the queue, as upstream's is.
type Controller struct {
	opts    Options
	log     klog.Logger
	now     func() time.Time
	kube    kubernetes.Interface
	apps    appsclient.Interface
	decoder Decoder
	lists   lists
	// expectRCs are the DC controller's expectations (RCs by DC key) and
	// expectGone those for its RC deletes, expectPods the deployer's
	// (deployer pods by RC key) and expectPodsGone those for its pod
	// deletes.
	expectRCs      expectations
	expectGone     expectations
	expectPods     expectations
	expectPodsGone expectations
	// expectWrites are the deployer's expectations for its own writes of
	// an RC: the versions they replaced, by RC key.
	expectWrites writeExpectations

	kubeFactory informers.SharedInformerFactory
	appsFactory appsinformers.SharedInformerFactory
	dcs         cache.SharedIndexInformer
	rcs         cache.SharedIndexInformer
	pods        cache.SharedIndexInformer

	dcQueue workqueue.TypedRateLimitingInterface[string]
	rcQueue workqueue.TypedRateLimitingInterface[string]

	// events are the event pipes of the two controllers, with no
	// Options.Recorder.
	events   []*eventPipe
	dcClient wire.Client
	rcClient wire.Client

	metrics       *Metrics
	watchdog      *leaderelection.HealthzAdaptor
	stopInformers context.CancelFunc
	closeOnce     sync.Once
	// synced: the caches synced; electing: Run takes part in the leader
	// election; stopping: Run's context ended, or the Controller was
	// closed; quitting: the workers
	// stop (Run's context ended or the lease was lost) and take no key;
	// standby: Run takes part in a leader election and does not lead
	// (yet), so informer events do not go to the queues: a standby keeps
	// them empty, its workqueue metrics at zero, and no key waits there
	// for the whole standby to count as its queue time once it leads.
	synced, electing, stopping, quitting, standby atomic.Bool
	// sweeping guards swept, when sweep last ran.
	sweeping sync.Mutex
	swept    time.Time
}

// Index names of the informers' indexers.
const (
	// byConfig indexes RCs by "<ns>/<dc>" for the DC they name by label or
	// annotation, and by "uid:<uid>" for their controller's uid.
	byConfig = "dcplan.config"
	// byDeployment indexes pods by "<ns>/<rc>" for the RC they name by the
	// deployer-pod-for label or the deployment.name annotation.
	byDeployment = "dcplan.deployment"
)

// New returns a Controller over the two clientsets. It builds the
// informers, the queues and (with no Options.Recorder) the event
// broadcasters; the queues' and broadcasters' goroutines run from here
// on, until Run returns or Close is called. Informers and workers start
// with Run (or Start).
func New(kube kubernetes.Interface, apps appsclient.Interface, opts Options) *Controller {
	c := &Controller{opts: opts, kube: kube, apps: apps, log: opts.Logger, now: opts.Now,
		expectRCs:      expectations{resource: wire.ResourceRCs, verb: wire.VerbCreate},
		expectGone:     expectations{resource: wire.ResourceRCs, verb: wire.VerbDelete},
		expectPods:     expectations{resource: wire.ResourcePods, verb: wire.VerbCreate},
		expectPodsGone: expectations{resource: wire.ResourcePods, verb: wire.VerbDelete}}
	if c.log.GetSink() == nil {
		c.log = klog.Background()
	}
	c.log = c.log.WithName("dcplan")
	if c.now == nil {
		c.now = time.Now
	}
	c.metrics = newMetrics(&c.decoder)
	c.watchdog = leaderelection.NewLeaderHealthzAdaptor(20 * time.Second)
	resync := opts.Resync
	switch {
	case resync == 0:
		resync = DefaultResync
	case resync < 0:
		resync = 0 // the informers' none
	}
	c.kubeFactory = informers.NewSharedInformerFactoryWithOptions(kube, resync, informers.WithNamespace(opts.Namespace))
	c.appsFactory = appsinformers.NewSharedInformerFactoryWithOptions(apps, resync, appsinformers.WithNamespace(opts.Namespace))
	c.dcs = c.appsFactory.Apps().V1().DeploymentConfigs().Informer()
	c.rcs = c.kubeFactory.Core().V1().ReplicationControllers().Informer()
	c.pods = c.kubeFactory.Core().V1().Pods().Informer()
	// AddIndexers fails only on a started informer or a duplicate name.
	_ = c.rcs.AddIndexers(cache.Indexers{byConfig: indexRC})
	_ = c.pods.AddIndexers(cache.Indexers{byDeployment: indexPod})

	limiter := opts.RateLimiter
	if limiter == nil {
		limiter = workqueue.DefaultTypedControllerRateLimiter[string]
	}
	c.dcQueue = workqueue.NewTypedRateLimitingQueueWithConfig(limiter(),
		workqueue.TypedRateLimitingQueueConfig[string]{Name: ComponentConfig, MetricsProvider: queueMetrics{c.metrics}})
	c.rcQueue = workqueue.NewTypedRateLimitingQueueWithConfig(limiter(),
		workqueue.TypedRateLimitingQueueConfig[string]{Name: ComponentDeployer, MetricsProvider: queueMetrics{c.metrics}})

	c.dcClient = c.client(ComponentConfig)
	c.rcClient = c.client(ComponentDeployer)

	_, _ = c.dcs.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(obj any) { c.enqueueConfig(obj) },
		UpdateFunc: func(_, obj any) { c.enqueueConfig(obj) },
		DeleteFunc: func(obj any) {
			c.forget(obj)
			if key, err := cache.DeletionHandlingMetaNamespaceKeyFunc(obj); err == nil {
				c.lists.drop(key)
				c.expectRCs.forget(key)
				c.expectGone.forget(key)
			}
			c.enqueueConfig(obj)
		},
	})
	_, _ = c.rcs.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj any) {
			c.lists.touch(c.hasRCs, obj)
			c.observeRC(obj, &c.expectRCs)
			c.enqueueDeployment(obj)
		},
		UpdateFunc: c.rcUpdated,
		DeleteFunc: func(obj any) {
			c.lists.touch(c.hasRCs, obj)
			c.forget(obj)
			c.observeRC(obj, &c.expectRCs)
			c.observeRC(obj, &c.expectGone)
			if rc, ok := rcOf(obj); ok {
				c.expectPods.forget(rc.Namespace + "/" + rc.Name)
				c.expectPodsGone.forget(rc.Namespace + "/" + rc.Name)
				c.expectWrites.forget(rc.Namespace + "/" + rc.Name)
				if c.seedOrphans() {
					c.addDeployment(rc.Namespace + "/" + rc.Name)
				}
			}
			c.enqueueOwner(obj)
		},
	})
	_, _ = c.pods.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj any) {
			c.observePod(obj, &c.expectPods)
			if c.seedOrphans() {
				c.enqueuePodOwner(obj) // a pod of a gone RC, listed at start too
			}
		},
		UpdateFunc: func(old, obj any) {
			if changed(old, obj) {
				c.enqueuePodOwner(obj)
			}
		},
		DeleteFunc: func(obj any) {
			c.forget(obj)
			c.observePod(obj, &c.expectPods)
			c.observePod(obj, &c.expectPodsGone)
			c.enqueuePodOwner(obj)
		},
	})
	return c
}

// hasRCs reports whether an RC in the informer cache has the byConfig
// index key.
func (c *Controller) hasRCs(key string) bool {
	keys, err := c.rcs.GetIndexer().IndexKeys(byConfig, key)
	return err == nil && len(keys) > 0
}

// client returns the wire.Client of one controller.
func (c *Controller) client(component string) wire.Client {
	var rec record.EventRecorder
	if c.opts.Recorder != nil {
		rec = c.opts.Recorder(component)
	} else {
		p := newEventPipe(c.kube, component)
		c.events = append(c.events, p)
		rec = p.recorder
	}
	var wc wire.Client = &countingClient{Client: &Client{Kube: c.kube, Apps: c.apps, Recorder: rec}, m: c.metrics, component: component}
	if c.opts.Wrap != nil {
		wc = c.opts.Wrap(component, wc)
	}
	return wc
}

// Informers returns the controller's shared informers of DeploymentConfigs,
// ReplicationControllers and pods (for listers, or to wait on their caches).
func (c *Controller) Informers() (dcs, rcs, pods cache.SharedIndexInformer) {
	return c.dcs, c.rcs, c.pods
}

// Decoder returns the controller's decode cache.
func (c *Controller) Decoder() *Decoder { return &c.decoder }

// Metrics returns the controller's Prometheus metrics, to register with a
// registry (see Metrics).
func (c *Controller) Metrics() *Metrics { return c.metrics }

// ErrCacheSync reports informers that did not sync before Run's context
// ended.
var ErrCacheSync = errors.New("kube: informer caches did not sync")

// Run checks that the server serves DeploymentConfigs (CheckAPI), starts
// the informers, waits for their caches, and runs the workers of both
// queues until ctx is cancelled; then it shuts the queues down, lets the
// passes in flight finish and their events be sent (for
// Options.DrainTimeout at most) and returns
// nil (also when ctx ends before the caches synced). With
// Options.LeaderElection, the workers run only while the process holds
// the lease: Run releases it after the passes in flight finished and
// their events were sent, and
// returns an error wrapping ErrLeaseLost when the lease was lost. It
// returns WaitForAPI's error when the API check fails (nil when ctx ends
// first), and one wrapping
// ErrLeaderElection for an invalid LeaderElection, before contacting the
// server. Call Run once.
func (c *Controller) Run(ctx context.Context) error {
	defer c.Close()
	if le := c.opts.LeaderElection; le != nil {
		if err := le.Validate(); err != nil {
			return err
		}
	}
	stopWatch := context.AfterFunc(ctx, func() { c.stopping.Store(true) })
	defer stopWatch()
	timeout := c.opts.APICheckTimeout
	if timeout <= 0 {
		timeout = DefaultAPICheckTimeout
	}
	err := WaitForAPI(ctx, c.apps.Discovery(), timeout, func(err error, wait time.Duration) {
		c.log.Info("The API server is unreachable; checking again", "err", err.Error(), "in", wait)
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil // stopped while waiting for the server
		}
		return err
	}
	// A replica taking part in an election stands by until it leads
	// (see addConfig); set before the informers start.
	c.standby.Store(c.opts.LeaderElection != nil)
	if err := c.Start(ctx); err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	if le := c.opts.LeaderElection; le != nil {
		return c.runElected(ctx, *le)
	}
	c.work(ctx.Done(), context.WithoutCancel(ctx))
	return nil
}

// work runs the workers of both queues until stop is closed or lead
// ends. Passes run with a context that ends with lead, or DrainTimeout
// after stop closed: when stop closes, the queues shut down and the
// passes in flight finish; when lead ends (the lease is lost), they are
// cancelled at once. work returns when every worker has.
func (c *Controller) work(stop <-chan struct{}, lead context.Context) {
	passes, cancel := context.WithCancel(lead)
	defer cancel()
	workers := max(c.opts.Workers, 1)
	if c.opts.Workers == 0 {
		workers = 2
	}
	c.log.Info("Starting workers", "workers", workers, "namespace", c.opts.Namespace)
	c.metrics.leader.Set(1)
	if c.standby.Swap(false) {
		// Events go to the queues from now on, and every DC and RC the
		// caches hold goes there once: what changed while standing by is
		// in the caches (an informer updates its cache before it calls
		// the handlers), and a key queued twice is queued once.
		for _, o := range c.dcs.GetStore().List() {
			c.enqueueConfig(o)
		}
		for _, o := range c.rcs.GetStore().List() {
			c.enqueueDeployment(o)
		}
		if c.seedOrphans() { // and the RC of every pod (syncOrphans)
			for _, o := range c.pods.GetStore().List() {
				c.enqueuePodOwner(o)
			}
		}
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for c.next(passes, c.dcQueue, ComponentConfig, c.SyncConfig) {
			}
		})
		wg.Go(func() {
			for c.next(passes, c.rcQueue, ComponentDeployer, c.SyncDeployment) {
			}
		})
	}
	select {
	case <-stop:
		c.log.Info("Shutting down workers: finishing the passes in flight")
	case <-lead.Done():
		c.log.Info("Lost the leader lease: stopping the workers")
	}
	c.quitting.Store(true) // before ShutDown: the queue still hands out what it holds
	c.dcQueue.ShutDown()
	c.rcQueue.ShutDown()
	drain := c.opts.DrainTimeout
	if drain <= 0 {
		drain = DefaultDrainTimeout
	}
	t := time.AfterFunc(drain, cancel)
	defer t.Stop()
	wg.Wait()
	// And the events they recorded, within the same drain timeout: sent
	// before the lease is released and Run returns (the broadcasters drop
	// what they have not sent when Close shuts them down). Not after a
	// lost lease: passes has ended then.
	c.flushEvents(passes)
	c.metrics.leader.Set(0) // the passes in flight still acted
}

// flushEvents waits until the event broadcasters have sent (or given up)
// every event recorded so far, or ctx ends.
func (c *Controller) flushEvents(ctx context.Context) {
	if ctx.Err() != nil {
		return
	}
	var wg sync.WaitGroup
	for _, p := range c.events {
		wg.Go(func() {
			if !p.flush(ctx) {
				c.log.Info("Stopping with events not sent yet: the drain ended first")
			}
		})
	}
	wg.Wait()
}

// Start starts the informers and waits for their caches to sync, without
// starting workers (Run does both). Tests and benchmarks drive passes with
// SyncConfig and SyncDeployment after Start. It returns ErrCacheSync when
// ctx ends first.
func (c *Controller) Start(ctx context.Context) error {
	ictx, cancel := context.WithCancel(ctx)
	c.stopInformers = cancel
	c.kubeFactory.Start(ictx.Done())
	c.appsFactory.Start(ictx.Done())
	if !cache.WaitForCacheSync(ictx.Done(), c.dcs.HasSynced, c.rcs.HasSynced, c.pods.HasSynced) {
		return ErrCacheSync
	}
	c.synced.Store(true)
	return nil
}

// Close stops what New and Start started: the queues, the informers and
// the event broadcasters. Run closes the Controller when it returns; a
// Controller driven by Start, SyncConfig and SyncDeployment instead is
// closed by its user. Close may be called more than once; no pass may run
// after it.
func (c *Controller) Close() {
	// Not ready from here on, whether or not the watch of Run's context
	// got to say so: Run's deferred Close may come first.
	c.stopping.Store(true)
	c.closeOnce.Do(func() {
		c.dcQueue.ShutDown()
		c.rcQueue.ShutDown()
		if c.stopInformers != nil {
			c.stopInformers()
		}
		c.kubeFactory.Shutdown()
		c.appsFactory.Shutdown()
		for _, p := range c.events {
			p.broadcaster.Shutdown()
		}
	})
}

// syncFunc is one pass for one key.
type syncFunc func(ctx context.Context, key string, requeues int) (wire.Pass, bool, error)

// next processes one key of q; false when q is shut down or the workers
// are quitting (a key taken then is left with the queue: no new pass
// starts after the signal).
func (c *Controller) next(ctx context.Context, q workqueue.TypedRateLimitingInterface[string], component string, sync syncFunc) bool {
	key, quit := q.Get()
	if quit {
		return false
	}
	defer q.Done(key)
	if c.quitting.Load() {
		return false
	}
	requeues := q.NumRequeues(key)
	start := time.Now()
	pass, ran, err := sync(ctx, key, requeues)
	took := time.Since(start)
	log := c.log.WithValues("controller", component, "key", key)
	var outcome string
	switch {
	case err != nil && ctx.Err() != nil:
		// Stopping: the key is lost with the queue, as upstream's is.
		outcome = passFailed
	case err != nil:
		// A snapshot that cannot be built or a broken plan protocol: the
		// adapter's own failure, retried like a handler error.
		outcome = passFailed
		if requeues < dcplan.MaxRetryCount {
			log.Error(err, "Pass failed, requeuing")
			q.AddRateLimited(key)
		} else {
			log.Error(err, "Dropping out of the queue")
			q.Forget(key)
		}
	case !ran:
		outcome = passGone
		q.Forget(key)
	case pass.Plan.Message != "" && ctx.Err() != nil:
		// Stopping: the pass's requests failed as its context ended, and
		// the key is lost with the queue, as above.
		outcome = passFailed
	default:
		outcome = c.answer(log, q, key, requeues, pass.Plan)
	}
	c.metrics.pass(component, outcome, took, ran, pass)
	if err == nil && ran && c.opts.OnPass != nil {
		c.opts.OnPass(component, key, pass)
	}
	return true
}

// answer applies the queue policy of the Controller doc to a pass's plan
// and returns the pass's outcome (see Metrics).
func (c *Controller) answer(log klog.Logger, q workqueue.TypedRateLimitingInterface[string], key string, requeues int, p dcplan.Plan) string {
	switch {
	case p.Message == "":
		q.Forget(key)
		switch {
		case p.RecheckAfter > 0:
			q.AddAfter(key, p.RecheckAfter)
		case p.Wait == dcplan.WaitStaleCache:
			q.AddAfter(key, expectationsTTL+time.Second)
		default:
			return passDone
		}
		return passRecheck
	case p.Error == dcplan.ErrorFatal:
		log.Error(errors.New(p.Message), "Fatal error, not retrying")
		q.Forget(key)
		return passFatal
	case requeues < dcplan.MaxRetryCount:
		log.V(2).Info("Requeuing", "error", p.Message, "class", p.Error.String(), "requeues", requeues)
		q.AddRateLimited(key)
		return passRequeued
	default:
		log.Info("Dropping out of the queue", "error", p.Message, "class", p.Error.String())
		q.Forget(key)
		return passDropped
	}
}

// SyncConfig runs one pass of the DC controller for the DC with the
// namespace/name key, with requeues as Snapshot.Requeues. It reports
// false, and does nothing, when the DC is not in the cache (upstream drops
// such keys silently). The error is the adapter's: an object that does
// not decode, a snapshot the planner refuses (one wrapping
// dcplan.ErrInvalidSnapshot, such as a Recreate DC without
// recreateParams, which upstream's controller panics on and an API
// server that serves DCs as a custom resource does not default), or
// wire.RunPass's. An invalid snapshot sends nothing.
func (c *Controller) SyncConfig(ctx context.Context, key string, requeues int) (wire.Pass, bool, error) {
	// The expectations as they stand before the caches are read (see
	// expectations.pending).
	created, deleted := c.expectRCs.pending(key), c.expectGone.pending(key)
	s, ok, err := c.ConfigSnapshot(key, requeues)
	if err != nil || !ok {
		return wire.Pass{}, ok, err
	}
	if err := s.ValidateConfig(); err != nil {
		// The planner would plan nothing, and say nothing of why.
		return wire.Pass{Snapshot: s}, true, fmt.Errorf("kube: dc %s: %w", key, err)
	}
	// The RCs this controller created and its cache does not show yet:
	// Modern waits for them instead of planning from a view older than
	// its own write (SPEC 3.2.12.expect); the RC's add event requeues the
	// DC.
	s.Unobserved = c.expectRCs.unobserved(key, created, s.Now, func(name, _ string) sight {
		return shownIf(slices.ContainsFunc(s.Deployments, func(d dcplan.Deployment) bool { return d.Name == name }))
	})
	// The RCs it deleted that its cache still shows: Modern waits for the
	// cache to drop them instead of counting them in a history cleanup
	// again (SPEC 3.7.expect); the RC's delete event requeues the DC. One
	// a finalizer holds stays named for as long as it is listed, so that
	// the cleanup leaves it out past expectationsTTL too.
	s.Undeleted = c.expectGone.unobserved(key, deleted, s.Now, func(name, _ string) sight {
		d, ok := s.Deployment(name)
		return deletedSight(ok, ok && d.Deleting)
	})
	pass, err := wire.RunPass(ctx, c.dcClient, s, reconcile.Config)
	c.expectRCs.record(key, pass, s.Now)
	c.expectGone.record(key, pass, s.Now)
	if c.gone(c.dcs, key, s.Config.UID) {
		// Deleted while this pass ran: its delete handler may have come
		// before the pass kept its list, decoded it and recorded its
		// writes, which would then stay (and a DC made again under the
		// key would wait on this one's RC).
		c.lists.drop(key)
		c.decoder.Forget(types.UID(s.Config.UID))
		c.expectRCs.forget(key)
		c.expectGone.forget(key)
	}
	c.sweep(s.Now)
	if err != nil {
		return pass, true, fmt.Errorf("kube: dc %s: %w", key, err)
	}
	return pass, true, nil
}

// SyncDeployment runs one pass of the deployer controller for the RC with
// the namespace/name key (phase.Step, and with the SeedPodController
// switch of the Origin presets the seed deployer-pod controller,
// phase.DeployerPod, for the RC's deployer pod), with requeues as
// Snapshot.Requeues. It reports false, and does nothing, when the RC is
// not in the cache, unless the seed deployer-pod controller deletes the
// pods of a gone RC (PodControllerDeletesOrphans, the Origin presets):
// then it runs syncOrphans for the RC's deployer pod, and reports false
// only when the cache holds no such pod either. Its errors are
// SyncConfig's.
func (c *Controller) SyncDeployment(ctx context.Context, key string, requeues int) (wire.Pass, bool, error) {
	created, deleted := c.expectPods.pending(key), c.expectPodsGone.pending(key) // before the caches are read
	s, ok, err := c.DeploymentSnapshot(key, requeues)
	if err == nil && !ok && c.seedOrphans() {
		return c.syncOrphans(ctx, key, requeues)
	}
	if err != nil || !ok {
		return wire.Pass{}, ok, err
	}
	if err := s.Validate(); err != nil {
		return wire.Pass{Snapshot: s}, true, fmt.Errorf("kube: rc %s: %w", key, err)
	}
	// The deployer pod this controller created and its cache does not
	// show yet: Modern waits for it instead of planning from a view older
	// than its own create (SPEC 4.2.expect); the pod's add event requeues
	// the RC.
	ns, name, _ := cache.SplitMetaNamespaceKey(key)
	s.Unobserved = c.expectPods.unobserved(key, created, s.Now, func(pod, _ string) sight {
		// Seen only as created: related to the RC. A cache that shows a
		// squatter under the name predates the create (SPEC
		// 4.2.expect.squat).
		p, ok := s.Pod(pod)
		return shownIf(ok && p.DeploymentName == name)
	})
	// The pods it deleted that its cache still lists (by uid: a pod made
	// again under the name is another): Modern waits for the cache to
	// drop them, as the old rollout's pod would fail a retried one (SPEC
	// 4.2.expect.delete); the pod's delete event requeues the RC. A pod a
	// finalizer holds is waited for as long as it is listed: past
	// expectationsTTL its phase would fail the retried rollout all the
	// same.
	s.Undeleted = c.expectPodsGone.unobserved(key, deleted, s.Now, func(pod, uid string) sight {
		p, ok := s.Pod(pod)
		ok = ok && p.UID == uid
		return deletedSight(ok, ok && p.Deleting)
	})
	// And its own writes of the RC: a cache that still shows the version
	// one of them replaced predates it (SPEC 4.2.expect).
	var read string
	if d, ok := s.Deployment(name); ok {
		read = d.ResourceVersion
		if c.expectWrites.stale(key, read, s.Now) {
			s.Unobserved = append(s.Unobserved, name)
		}
	}
	planner := func(s dcplan.Snapshot) dcplan.Plan { return phase.Step(s, name) }
	if s.Settings.SeedPodController {
		// The seeds hand the RC phase to their deployer-pod controller
		// (phase.DeployerPod, SPEC 7 row 29), which Step leaves alone: it
		// follows Step for the RC's own deployer pod, whose updates
		// requeue the RC (SPEC 4.7), unless Step writes the RC (once per
		// pass, as phase.StepAll has it; the write requeues the RC) or
		// waits for a view that shows its own writes.
		planner = func(s dcplan.Snapshot) dcplan.Plan {
			p := phase.Step(s, name)
			pod, ok := s.Pod(dcplan.DeployerPodName(name))
			if ok && pod.DeploymentName == name && p.Wait != dcplan.WaitStaleCache && !p.WritesRC(name) {
				p.Append(phase.DeployerPod(s, pod.Name))
			}
			return p
		}
	}
	pass, err := wire.RunPass(ctx, c.rcClient, s, planner)
	c.expectPods.record(key, pass, s.Now)
	c.expectPodsGone.record(key, pass, s.Now)
	c.expectWrites.record(key, ns, name, read, pass, s.Now)
	if d, ok := s.Deployment(name); ok && c.gone(c.rcs, key, d.UID) {
		// Deleted while this pass ran (see SyncConfig): an RC made again
		// under the name would wait on this one's deployer pod.
		c.decoder.Forget(types.UID(d.UID))
		c.expectPods.forget(key)
		c.expectPodsGone.forget(key)
		c.expectWrites.forget(key)
	}
	if err != nil {
		return pass, true, fmt.Errorf("kube: rc %s: %w", key, err)
	}
	return pass, true, nil
}

// syncOrphans runs the seed deployer-pod controller (phase.DeployerPod)
// for the deployer pod of the RC with the namespace/name key, which the
// cache no longer holds: with PodControllerDeletesOrphans it deletes every
// pod labelled for the RC (SPEC 7 row 29), as the seed deployer pods have
// no owner reference for a garbage collector to follow. It reports false,
// and does nothing, when the cache holds no such deployer pod.
func (c *Controller) syncOrphans(ctx context.Context, key string, requeues int) (wire.Pass, bool, error) {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return wire.Pass{}, false, err
	}
	pods, err := c.podsOf(ns, name)
	if err != nil {
		return wire.Pass{}, false, err
	}
	s := dcplan.Snapshot{Now: c.now(), Pods: pods, Requeues: requeues, Settings: c.opts.Settings}
	pod, ok := s.Pod(dcplan.DeployerPodName(name))
	if !ok || pod.DeploymentName != name {
		return wire.Pass{}, false, nil
	}
	if err := s.Validate(); err != nil {
		return wire.Pass{Snapshot: s}, true, fmt.Errorf("kube: rc %s: %w", key, err)
	}
	pass, err := wire.RunPass(ctx, c.rcClient, s, func(s dcplan.Snapshot) dcplan.Plan { return phase.DeployerPod(s, pod.Name) })
	if err != nil {
		return pass, true, fmt.Errorf("kube: rc %s: %w", key, err)
	}
	return pass, true, nil
}

// addConfig adds the DC key to the DC queue, unless the controller
// stands by in a leader election (its caches kept, the queue left empty
// until it leads).
func (c *Controller) addConfig(key string) {
	if !c.standby.Load() {
		c.dcQueue.Add(key)
	}
}

// addDeployment adds the RC key to the deployer queue, as addConfig.
func (c *Controller) addDeployment(key string) {
	if !c.standby.Load() {
		c.rcQueue.Add(key)
	}
}

// enqueueConfig adds the key of a DC event's object to the DC queue.
func (c *Controller) enqueueConfig(obj any) {
	key, err := cache.DeletionHandlingMetaNamespaceKeyFunc(obj)
	if err != nil {
		c.log.Error(err, "Cannot key a deployment config")
		return
	}
	c.addConfig(key)
}

// enqueueOwner adds the DC an RC names by annotation to the DC queue
// (SPEC 3.2: not by owner reference).
func (c *Controller) enqueueOwner(obj any) {
	rc, ok := rcOf(obj)
	if !ok {
		return
	}
	if dc := rc.Annotations[dcplan.AnnotationConfigName]; dc != "" {
		c.addConfig(rc.Namespace + "/" + dc)
	}
}

// rcUpdated is the RC informer's update handler. A changed RC requeues
// the DC its deployment-config.name annotation names, as upstream does
// (SPEC 3.2), and also the DC the annotation named before: upstream leaves
// a DC whose RC an edit moved away (or stripped of the annotation) to the
// next resync, with a status that still counts the RC. An RC carrying the
// annotation goes to the deployer queue (SPEC 4.7).
func (c *Controller) rcUpdated(old, obj any) {
	if changed(old, obj) {
		c.lists.touch(c.hasRCs, old, obj)
		c.enqueueOwner(obj)
		c.enqueueOwner(old) // the same key is queued once
	}
	c.enqueueDeployment(obj)
	// An update that shows the deployer's own writes of the RC ends its
	// wait for them (SPEC 4.2.expect) and queues the RC, which nothing
	// else does for an RC without the config-name annotation (SPEC 4.7).
	if rc, ok := rcOf(obj); ok && c.expectWrites.shows(rc.Namespace+"/"+rc.Name, rc.ResourceVersion) {
		c.addDeployment(rc.Namespace + "/" + rc.Name)
	}
}

// enqueueDeployment adds an RC carrying the deployment-config.name
// annotation to the deployer queue (SPEC 4.7).
func (c *Controller) enqueueDeployment(obj any) {
	rc, ok := rcOf(obj)
	if !ok {
		return
	}
	if _, ok := rc.Annotations[dcplan.AnnotationConfigName]; ok {
		c.addDeployment(rc.Namespace + "/" + rc.Name)
	}
}

// observeRC observes an RC event in e, the DC controller's expectations
// for its creates (an add or delete event, SPEC 3.2.12.expect) or for its
// deletes (a delete event, 3.7.expect): when the DC controller wrote the
// RC and waits for its cache to show the write, the wait is over and the
// DC goes back to its queue.
func (c *Controller) observeRC(obj any, e *expectations) {
	rc, ok := rcOf(obj)
	if !ok {
		return
	}
	keys, _ := indexRC(rc) // "<ns>/<dc>" by label and annotation, "uid:<uid>"
	for _, key := range keys {
		if !strings.HasPrefix(key, "uid:") && e.observe(key, rc.Name, "") {
			c.addConfig(key)
		}
	}
}

// observePod observes a pod event in e, the deployer's expectations for
// its creates (an add or delete event, SPEC 4.2.expect) or for its deletes
// (a delete event of the pod of the uid deleted, 4.2.expect.delete): the
// wait is over and the RC goes back to its queue.
func (c *Controller) observePod(obj any, e *expectations) {
	pod, ok := podOf(obj)
	if !ok {
		return
	}
	keys, _ := indexPod(pod)
	for _, key := range keys {
		if e.observe(key, pod.Name, string(pod.UID)) {
			c.addDeployment(key)
		}
	}
}

// enqueuePodOwner adds the RC a pod names by its deployment.name
// annotation to the deployer queue, if that RC is in the cache (SPEC 4.7)
// or the seed deployer-pod controller deletes the pods of a gone one
// (seedOrphans).
func (c *Controller) enqueuePodOwner(obj any) {
	pod, ok := podOf(obj)
	if !ok {
		return
	}
	rc := pod.Annotations[dcplan.AnnotationDeploymentName]
	if rc == "" {
		return
	}
	key := pod.Namespace + "/" + rc
	if _, exists, err := c.rcs.GetIndexer().GetByKey(key); err == nil && (exists || c.seedOrphans()) {
		c.addDeployment(key)
	}
}

// seedOrphans reports whether the seed deployer-pod controller deletes
// the pods of a gone RC (syncOrphans): then an RC's delete event, and a
// pod's events whether or not its RC is cached, queue the RC's key.
func (c *Controller) seedOrphans() bool {
	return c.opts.Settings.SeedPodController && c.opts.Settings.PodControllerDeletesOrphans
}

// gone reports whether the informer's cache no longer holds the object
// with key and uid (deleted, or deleted and made again). An informer
// updates its cache before it calls the handlers of the change, so a
// delete handler that ran before the caller kept something for the
// object is seen here.
func (c *Controller) gone(inf cache.SharedIndexInformer, key, uid string) bool {
	obj, exists, err := inf.GetIndexer().GetByKey(key)
	if err != nil || !exists {
		return err == nil
	}
	o, ok := obj.(metav1.Object)
	return ok && string(o.GetUID()) != uid
}

// sweep drops, at most once per expectationsTTL, what the decode cache and
// the list cache keep for objects the informers' caches no longer hold:
// an RC or pod deleted while a pass decoded it is kept after its delete
// handler forgot it, and no later event drops it.
func (c *Controller) sweep(now time.Time) {
	if !c.sweeping.TryLock() {
		return
	}
	defer c.sweeping.Unlock()
	if now.Sub(c.swept) <= expectationsTTL {
		return
	}
	c.swept = now
	live := map[types.UID]bool{}
	for _, inf := range []cache.SharedIndexInformer{c.dcs, c.rcs, c.pods} {
		for _, obj := range inf.GetStore().List() {
			if o, ok := obj.(metav1.Object); ok {
				live[o.GetUID()] = true
			}
		}
	}
	c.decoder.Retain(func(uid types.UID) bool { return live[uid] })
	c.lists.retain(func(uid types.UID) bool { return live[uid] })
}

// forget drops a deleted object from the decode cache.
func (c *Controller) forget(obj any) {
	if d, ok := obj.(cache.DeletedFinalStateUnknown); ok {
		obj = d.Obj
	}
	switch o := obj.(type) {
	case *appsv1.DeploymentConfig:
		c.decoder.Forget(o.UID)
	case *corev1.ReplicationController:
		c.decoder.Forget(o.UID)
	case *corev1.Pod:
		c.decoder.Forget(o.UID)
	}
}
