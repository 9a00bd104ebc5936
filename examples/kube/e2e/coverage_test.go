package e2e_test

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dcplan/dcplan/examples/kube/e2e"
)

// grant is one verb on one resource (with its subresource, as RBAC
// names it: "deploymentconfigs/status") of one API group.
type grant struct{ group, resource, verb string }

func (g grant) String() string {
	if g.group == "" {
		return g.verb + " " + g.resource
	}
	return g.verb + " " + g.resource + "." + g.group
}

// wholeSuite reports whether this run is every test of the package: no
// -run or -skip filter and not -short. Only such a run can tell whether a
// granted verb is used.
func wholeSuite() bool {
	for _, name := range []string{"test.run", "test.skip"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return false
		}
	}
	return !testing.Short()
}

// checkEveryVerbUsed is the per-verb half of least privilege (issue 31
// item 6; TestRBACEachRuleIsNeeded is the per-rule half): after the whole
// suite, every verb the shipped ClusterRole grants was used, with an
// answer other than 403, by some controller that ran with it. The
// controllers are the ServiceAccount dcplan-controller of each test's
// namespace; the audit log records their reads and writes. A verb no test
// uses is one the role could drop, or a behaviour no test reaches: either
// way the run fails and names it.
func checkEveryVerbUsed(auditLog string) error {
	role, err := readShippedRole()
	if err != nil {
		return err
	}
	used := map[grant]bool{}
	events, err := e2e.ReadAudit(auditLog, func(ev *e2e.AuditEvent) bool {
		return ev.ObjectRef != nil && strings.HasPrefix(ev.User.Username, "system:serviceaccount:") &&
			strings.HasSuffix(ev.User.Username, ":dcplan-controller") &&
			(ev.ResponseStatus == nil || ev.ResponseStatus.Code != 403)
	})
	if err != nil {
		return err
	}
	for _, ev := range events {
		res := ev.ObjectRef.Resource
		if ev.ObjectRef.Subresource != "" {
			res += "/" + ev.ObjectRef.Subresource
		}
		used[grant{ev.ObjectRef.APIGroup, res, ev.Verb}] = true
	}
	var unused []string
	for _, rule := range role.Rules {
		for _, group := range rule.APIGroups {
			for _, res := range rule.Resources {
				for _, verb := range rule.Verbs {
					if g := (grant{group, res, verb}); !used[g] {
						unused = append(unused, g.String())
					}
				}
			}
		}
	}
	if len(unused) > 0 {
		slices.Sort(unused)
		return fmt.Errorf("e2e: %s grants what no test's controller used (%d requests audited): %s", rbacFile, len(events), strings.Join(unused, ", "))
	}
	fmt.Printf("e2e: every verb of %s was used (%d controller requests audited)\n", rbacFile, len(events))
	return nil
}
