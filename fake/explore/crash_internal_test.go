package explore

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestCrashedMatchesRun holds that a crash the search derives from the
// fault-free pass (crashed) is the crash run for real: every derived crash
// of a search with one fault per trace, over every preset's controllers,
// is run too and compared (verifyCrash panics on a difference).
func TestCrashedMatchesRun(t *testing.T) {
	verified := 0
	checkDerivedCrash = func(s *search, i int, m Move, derived Step) {
		verified++
		verifyCrash(s, i, m, derived)
	}
	defer func() { checkDerivedCrash = nil }()
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Exact, dcplan.Origin15} {
		o := Defaults(p.Settings())
		o.Users, o.Faults, o.Stale, o.Hooks = 1, 1, 0, 0
		o.Replicas, o.Limits, o.MaxStates = []int{1}, []int{1}, 3000
		res := explore(o).res
		if res.Faulted[ActorConfig] == 0 || res.Faulted[ActorDeployer] == 0 {
			t.Errorf("%v: no faulted controller pass in %d transitions: nothing compared", p, res.Transitions)
		}
	}
	if verified < 200 {
		t.Errorf("%d derived crashes compared, want at least 200", verified)
	}
	t.Logf("%d derived crashes compared with their runs", verified)
}

// verifyCrash runs the crash m out of node i and panics when it differs
// from derived.
func verifyCrash(s *search, i int, m Move, derived Step) {
	n := s.nodes[i]
	run, err := apply(n.objs, n.prev, m, s.opts.Settings, n.rq[m.Target], n.expect, nil)
	switch {
	case err != nil:
		panic(fmt.Sprintf("explore: %s: the run failed: %v", m, err))
	case !sameWorld(run.After, derived.After), !slices.Equal(run.Expect, derived.Expect), run.Requeue != derived.Requeue,
		run.Passes != derived.Passes, run.Attempted != derived.Attempted, len(run.Writes) != len(derived.Writes),
		run.Err != nil, !reflect.DeepEqual(run.Pass.Plan, derived.Pass.Plan):
		panic(fmt.Sprintf("explore: %s: derived crash differs from the run: expect %v/%v, requeue %d/%d, attempted %d/%d, writes %d/%d, err %v",
			m, derived.Expect, run.Expect, derived.Requeue, run.Requeue, derived.Attempted, run.Attempted, len(derived.Writes), len(run.Writes), run.Err))
	}
}

// TestCrashedAfterCollect holds that a crash is not derived from a pass
// whose server collected objects its writes did not name: the DC
// controller's history cleanup deletes web-1 and the server's collector
// its deployer pod, which the log does not show, so a crash derived from
// the log kept the pod the run deletes.
func TestCrashedAfterCollect(t *testing.T) {
	st := dcplan.Modern.Settings()
	o := Defaults(st)
	o.Replicas, o.Limits = []int{1}, []int{0}
	trace := []Move{{Actor: ActorConfig}, {Actor: ActorDeployer, Target: "web-1"},
		{Actor: ActorKubelet, Target: "web-1-deploy", To: "Failed"}, {Actor: ActorDeployer, Target: "web-1"},
		{Actor: ActorUser, Target: "latest"}}
	_, c, err := replayed(Initial(o)[0], trace, st, func(int) bool { return false })
	if err != nil {
		t.Fatal(err)
	}
	free, err := apply(c.objs, c.prev, Move{Actor: ActorConfig}, st, 0, c.expect, nil)
	if err != nil {
		t.Fatal(err)
	}
	compared := 0
	for at := 1; at < free.Attempted; at++ {
		m := Move{Actor: ActorConfig, Fault: FaultCrash, At: at}
		run, err := apply(c.objs, c.prev, m, st, 0, c.expect, nil)
		if err != nil {
			t.Fatal(err)
		}
		if d, ok := crashed(free, m, 0, c.expect, st); ok && !sameWorld(d.After, run.After) {
			t.Errorf("%s: derived %v, run %v", m, d.After.Keys(), run.After.Keys())
		}
		if _, ok := run.After[key(wire.ResourcePods, "web-1-deploy")]; !ok {
			compared++
		}
	}
	if compared == 0 {
		t.Errorf("no crash of %d writes collected web-1-deploy: nothing compared", free.Attempted)
	}
}
