package conformance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// Snapshot decodes the world a scenario's controller sees (its informer
// caches, input.dc, input.rcs and input.pods) into the snapshot of its
// pass, planned at sc.Now with settings; a deployer pass also gets the
// controller's deployer image, service account and injected environment,
// and the requeue count.
func Snapshot(sc Scenario, settings dcplan.Settings) (dcplan.Snapshot, error) {
	s := dcplan.Snapshot{Now: sc.Now, Settings: settings, Requeues: sc.Requeues}
	if len(sc.Input.DC) > 0 {
		cfg, err := wire.DecodeConfig(sc.Input.DC)
		if err != nil {
			return dcplan.Snapshot{}, fmt.Errorf("conformance: %s: dc: %w", sc.Name, err)
		}
		s.Config = cfg
	}
	for _, raw := range sc.Input.RCs {
		d, err := wire.DecodeDeployment(raw)
		if err != nil {
			return dcplan.Snapshot{}, fmt.Errorf("conformance: %s: rc: %w", sc.Name, err)
		}
		s.Deployments = append(s.Deployments, d)
	}
	for _, raw := range sc.Input.Pods {
		p, err := wire.DecodePod(raw)
		if err != nil {
			return dcplan.Snapshot{}, fmt.Errorf("conformance: %s: pod: %w", sc.Name, err)
		}
		s.Pods = append(s.Pods, p)
	}
	if c := sc.Input.Controller; c != nil {
		s.Settings.DeployerImage, s.Settings.ServiceAccount = c.DeployerImage, c.ServiceAccount
		env, err := wire.DecodeEnv(c.Environment)
		if err != nil {
			return dcplan.Snapshot{}, fmt.Errorf("conformance: %s: controller environment: %w", sc.Name, err)
		}
		s.Settings.Environment = env
	}
	return s, nil
}

// Planner returns the planner of a scenario's pass: the DC controller
// (reconcile.Config) or the deployer's step for the target RC.
func Planner(sc Scenario) wire.Planner {
	if sc.Pass == PassDeployer {
		target := sc.Target
		return func(s dcplan.Snapshot) dcplan.Plan { return phase.Step(s, target) }
	}
	return reconcile.Config
}

// Run plays a scenario: it seeds a fake.Server with the scenario's world,
// runs one pass of its controller with settings through wire.RunPass, and
// returns what the pass did in the recorded form, to Compare with
// sc.Expected. What the recorded form cannot show (CheckForm: the bytes'
// form, type meta, null map entries, a status update's other fields, the
// events' namespace) is checked here and is an error.
func Run(sc Scenario, settings dcplan.Settings) (Expected, error) {
	srv := fake.NewServer(sc.Now)
	if err := Seed(srv, sc); err != nil {
		return Expected{}, err
	}
	s, err := Snapshot(sc, settings)
	if err != nil {
		return Expected{}, err
	}
	reads := &readLog{Client: srv}
	pass, err := wire.RunPass(context.Background(), reads, s, Planner(sc))
	if err != nil {
		return Expected{}, fmt.Errorf("conformance: %s: %w", sc.Name, err)
	}
	problems := CheckForm(sc.Namespace(), srv.Log(), srv.Events())
	problems = append(problems, CheckEventObjects(sc, srv.Events())...)
	if problems = append(problems, CheckReads(sc, reads.reads, srv.Log())...); len(problems) > 0 {
		return Expected{}, fmt.Errorf("conformance: %s: requests a real server reads differently than the recorded form shows:\n  %s",
			sc.Name, strings.Join(problems, "\n  "))
	}
	// The class is taken whatever the message: a class without a message
	// (or a message without a class) is a difference, not a pass.
	return Expected{Writes: Record(srv.Log()), Events: RecordEvents(srv.Events()), Error: pass.Plan.Message,
		ErrorClass: pass.Plan.Error.String()}, nil
}

// readLog is a wire.Client that logs the GETs it passes on.
type readLog struct {
	wire.Client
	reads []string // "<resource>/<name>", in order
}

func (c *readLog) Get(ctx context.Context, resource, namespace, name string) ([]byte, error) {
	c.reads = append(c.reads, resource+"/"+name)
	return c.Client.Get(ctx, resource, namespace, name)
}

// CheckReads returns, one text per problem, the reads of a pass that
// upstream's controllers do not make (the recorded form has no reads):
// the one live GET of the DC before adopting (RecheckDeletionTimestamp)
// and the GET of an RC whose create met AlreadyExists.
func CheckReads(sc Scenario, reads []string, log []fake.Write) []string {
	allowed := map[string]int{}
	if sc.Pass == PassConfig {
		var m struct {
			Metadata struct{ Name string } `json:"metadata"`
		}
		if json.Unmarshal(sc.Input.DC, &m) == nil {
			allowed[wire.ResourceConfigs+"/"+m.Metadata.Name] = 1
		}
	}
	for _, lw := range log {
		var se *wire.StatusError
		if r := lw.Request; r.Verb == wire.VerbCreate && r.Resource == wire.ResourceRCs && errors.As(lw.Err, &se) && se.Reason == dcplan.StatusAlreadyExists {
			allowed[wire.ResourceRCs+"/"+r.Name]++
		}
	}
	var out []string
	for i, r := range reads {
		if allowed[r] == 0 {
			out = append(out, fmt.Sprintf("read %d: GET %s, which upstream does not send", i, r))
			continue
		}
		allowed[r]--
	}
	return out
}
