package phase_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/phase"
)

// TestScenarios runs testdata/*.txt. Commands of this package:
//
//	transitions                      the transition table (FormatTable)
//	step rc=<name>                   Step
//	deployer-pod pod=<name>          DeployerPod
//	cancel-by-deadline rc=<name>     CancelByDeadline
//	build-pod rc=<name>              BuildDeployerPod, one field per line
func TestScenarios(t *testing.T) {
	scenario.RunDir(t, "testdata", func(t *testing.T, c *scenario.Case) string {
		arg := func(key string) string {
			v, ok := c.Arg(key)
			if !ok {
				t.Fatalf("%s: %s needs %s=<value>", c.Pos, c.Cmd, key)
			}
			return v
		}
		s := c.Env.Snapshot
		switch c.Cmd {
		case "transitions": // transitions
			return phase.FormatTable()
		case "step": // step rc=web-1
			return c.Env.Record(phase.Step(s, arg("rc")))
		case "deployer-pod": // deployer-pod pod=web-1-deploy
			return c.Env.Record(phase.DeployerPod(s, arg("pod")))
		case "cancel-by-deadline": // cancel-by-deadline rc=web-1
			return c.Env.Record(phase.CancelByDeadline(s, arg("rc")))
		case "build-pod": // build-pod rc=web-1
			d, ok := s.Deployment(arg("rc"))
			if !ok {
				return "error: no rc " + arg("rc")
			}
			return describePod(phase.BuildDeployerPod(s, d))
		}
		return c.Env.Handle(t, c)
	})
}

// describePod prints every field of a deployer pod, one per line.
func describePod(p dcplan.DeployerPod) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name=%s namespace=%s rc=%s rc-uid=%q config=%s unowned=%v seed-spec=%v\n", p.Name, p.Namespace, p.RC, p.RCUID, p.ConfigName, p.Unowned, p.SeedSpec)
	fmt.Fprintf(&b, "image=%s command=%q sa=%s deadline=%d\n", p.Image, p.Command, p.ServiceAccount, p.ActiveDeadlineSeconds)
	for _, e := range p.Env {
		if e.ValueFrom != nil {
			fmt.Fprintf(&b, "env %s from=%s\n", e.Name, e.ValueFrom)
			continue
		}
		v := e.Value
		if len(v) > 40 {
			v = fmt.Sprintf("<%d bytes>", len(v))
		}
		fmt.Fprintf(&b, "env %s=%q\n", e.Name, v)
	}
	for _, kv := range p.Labels {
		fmt.Fprintf(&b, "label %s=%q\n", kv.Key, kv.Value)
	}
	for _, kv := range p.Annotations {
		fmt.Fprintf(&b, "annotation %s=%q\n", kv.Key, kv.Value)
	}
	fmt.Fprintf(&b, "resources=%s copy=%s\n", orNone(p.Resources), strings.Join(p.CopyFields.Names(), ","))
	return b.String()
}

func orNone(b []byte) string {
	if b == nil {
		return "none"
	}
	return string(b)
}
