package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
)

// TestInconsistencyEdges checks the warnings whose conditions the
// fixtures of TestWarnings do not reach: RCs whose versions do not read
// share no version, and a status behind its newest RC does not also name
// its own version missing when RCs on both sides of it exist.
func TestInconsistencyEdges(t *testing.T) {
	unreadable := func(name string) dcplan.Deployment {
		d := healthRC(1, dcplan.PhaseComplete)
		d.Name, d.Version = name, dcplan.NoVersion
		return d
	}
	tests := []struct {
		name string
		why  string
		s    dcplan.Snapshot
		want []string // code object
	}{
		{"two unreadable versions", "version -1 is no version: two such RCs are no duplicate",
			dcplan.Snapshot{Config: healthConfig(1, false), Deployments: []dcplan.Deployment{
				healthRC(1, dcplan.PhaseComplete), unreadable("web-a"), unreadable("web-b")}},
			[]string{"unreadable-version rc/web-a", "unreadable-version rc/web-b"}},
		{"cancelled in another case", "\"True\" cancels as \"true\" does (compared in any case, SPEC 6m): no cancelled-value warning",
			dcplan.Snapshot{Config: healthConfig(1, false), Deployments: []dcplan.Deployment{func() dcplan.Deployment {
				d := healthRC(1, dcplan.PhaseComplete)
				d.Cancelled = true
				d.Raw = dcplan.RawJSON(`{"metadata":{"annotations":{"openshift.io/deployment.cancelled":"True"}}}`)
				return d
			}()}},
			nil},
		{"status between its RCs", "latestVersion 2 with RCs 1 and 3: behind, and an RC at least as new exists",
			dcplan.Snapshot{Config: healthConfig(2, false), Deployments: []dcplan.Deployment{
				healthRC(1, dcplan.PhaseComplete), healthRC(3, dcplan.PhaseComplete)}},
			[]string{"status-behind dc/web"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, w := range inconsistencies(tt.s) {
				got = append(got, w.Code+" "+w.Object)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("warnings (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
}

// TestKindlessItems checks which List items get the kindless-item
// warning: an empty kind is no kind, a typed list's items need none, and
// an item without a name is not quoted as one with an empty name.
func TestKindlessItems(t *testing.T) {
	for name, tt := range map[string]struct {
		doc  string
		want []warning
	}{
		"empty kind": {`{"kind":"List","items":[{"kind":"","metadata":{}}]}`, []warning{{warnKindlessItem, "items[0]",
			"a List item without a kind: preview cannot tell a DC from an RC or a pod and skipped it; `oc get -o json` prints every item's kind"}}},
		"typed list": {`{"kind":"ReplicationControllerList","items":[{"metadata":{"name":"web-1"}}]}`, nil},
	} {
		if d := cmp.Diff(tt.want, kindlessItems([]byte(tt.doc))); d != "" {
			t.Errorf("%s: kindlessItems (-want +got):\n%s", name, d)
		}
	}
}
