package wire_test

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestEventsAtTheStartAndOfMissingActions: an event placed at the start comes
// before every write (an event due before a write is emitted even when
// that write then fails, SPEC 13.1); an event placed after an action the
// plan does not hold (an index one past the last of its kind, a negative
// one, or a kind the plan has none of) is still recorded, at the end, in plan order
// (Requests: "the events placed at the end last"; SPEC 13.1, events are
// requests and none is dropped). Kills the mutant that counted the index
// one past the last as placeable (placeable's `at.Index < n` as `<=`),
// which recorded that event nowhere, the one that took a negative index
// for placeable (placeable's `at.Index < 0` test joined by && rather
// than ||), and the one that left out the events placed at the start.
func TestEventsAtTheStartAndOfMissingActions(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	dc := dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: s.Config.Namespace, Name: s.Config.Name}
	event := func(msg string, after dcplan.ActionRef) dcplan.Event {
		return dcplan.Event{Rule: "3.6.3", Object: dc, Type: dcplan.EventNormal, Reason: "Scaled", Message: msg, After: after}
	}
	p := dcplan.Plan{
		Scales: []dcplan.Scale{{Rule: "3.6.3", RC: "frontend-1", From: 1, To: 0}},
		Events: []dcplan.Event{
			event("one past the last scale", dcplan.ActionRef{Kind: dcplan.ActionScale, Index: 1}),
			event("after the scale", dcplan.ActionRef{Kind: dcplan.ActionScale, Index: 0}),
			event("after a delete the plan lacks", dcplan.ActionRef{Kind: dcplan.ActionDeleteRC, Index: 0}),
			event("after scale #-1", dcplan.ActionRef{Kind: dcplan.ActionScale, Index: -1}),
			event("at the start", dcplan.AtStart()),
		},
	}
	reqs, err := wire.Requests(s, p)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range reqs {
		if r.Verb == wire.VerbEvent {
			got = append(got, r.Event.Message)
		} else {
			got = append(got, r.String())
		}
	}
	if len(reqs) < 2 {
		t.Fatalf("requests %v, want the scale and five events", reqs)
	}
	want := []string{"at the start", reqs[1].String(), "after the scale", "one past the last scale", "after a delete the plan lacks", "after scale #-1"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || reqs[1].Verb != wire.VerbUpdate {
		t.Errorf("requests:\n%s\nwant the start's event, the scale, its event, then the three events of missing actions in plan order:\n%s",
			strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestStatusAfterAPatchOfTheDCIsNotRebased: only a PUT of the DC (the
// seed's replica sync, SPEC 3.11) makes the status write go as that
// update returns the DC, marked Rebase; a strategic-merge patch of the
// DC (oc rollout pause, resume, SPEC 6m.7.5) is no such update
// (Requests, item 7): the status carries the DC as read. Kills the
// mutant that rebased the status on a patch too (status's `a.Patch ||`
// dropped).
func TestStatusAfterAPatchOfTheDCIsNotRebased(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	p := dcplan.Plan{
		UpdateConfig: []dcplan.ConfigUpdate{{Rule: "6m.7.5", Config: s.Config.Name, SetPaused: true, PausedTo: true, Patch: true}},
		Status:       &dcplan.StatusUpdate{Rule: "3.9", Config: s.Config.Name, To: s.Config.Status},
	}
	reqs, err := wire.Requests(s, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(reqs) != 2 || reqs[0].Verb != wire.VerbPatch || reqs[1].Subresource != wire.SubresourceStatus {
		t.Fatalf("requests %v, want the patch, then the status", reqs)
	}
	st := reqs[1]
	if st.Rebase {
		t.Error("the status after a patch of the DC is marked Rebase, want the DC as read")
	}
	var body struct {
		Metadata struct {
			ResourceVersion string `json:"resourceVersion"`
			Generation      int64  `json:"generation"`
		} `json:"metadata"`
		Spec map[string]any `json:"spec"`
	}
	if err := json.Unmarshal(st.Body, &body); err != nil {
		t.Fatal(err)
	}
	if body.Metadata.ResourceVersion != s.Config.ResourceVersion || body.Metadata.Generation != s.Config.Generation || body.Spec["paused"] != nil {
		t.Errorf("status body: resourceVersion %q, generation %d, spec.paused %v; want the DC as read (%q, %d, no paused)",
			body.Metadata.ResourceVersion, body.Metadata.Generation, body.Spec["paused"], s.Config.ResourceVersion, s.Config.Generation)
	}
}

// TestSyncDesiredWithoutDesiredWritesNothing: a Transition's SyncDesired
// copies the desired-replicas annotation into the replicas annotation
// only when the RC has one (SPEC 12 SeedReplicasAnnotation; the effect
// dcplan.Transition.ApplyTo models): on an RC without it the replicas
// annotation stays as read. Kills the mutant that wrote "" there
// (transition's `&& hasDesired` dropped).
func TestSyncDesiredWithoutDesiredWritesNothing(t *testing.T) {
	s := fixtureWorld(t, dcplan.Origin13)
	d := rc(t, &s, "frontend-1")
	if d.HasDesiredReplicas || !d.HasSyncedReplicas {
		t.Fatalf("frontend-1 must have a replicas annotation and no desired-replicas one")
	}
	for _, patch := range []bool{false, true} {
		p := dcplan.Plan{Transitions: []dcplan.Transition{{Rule: "4.4", RC: d.Name, Version: d.Version,
			From: dcplan.PhaseComplete, To: dcplan.PhaseFailed, SyncDesired: true, Patch: patch}}}
		reqs, err := wire.Requests(s, p)
		if err != nil {
			t.Fatal(err)
		}
		doc := reqs[0].Body
		if patch {
			doc = reqs[0].Patch
		}
		var obj struct {
			Metadata struct {
				Annotations map[string]*string `json:"annotations"`
			} `json:"metadata"`
		}
		if err := json.Unmarshal(doc, &obj); err != nil {
			t.Fatal(err)
		}
		v, ok := obj.Metadata.Annotations[dcplan.AnnotationReplicas]
		want := strconv.Itoa(int(d.SyncedReplicas))
		switch {
		case patch && ok:
			t.Errorf("patch %s sets %s, want it left alone", doc, dcplan.AnnotationReplicas)
		case !patch && (v == nil || *v != want):
			t.Errorf("update body: %s = %v, want %q as read", dcplan.AnnotationReplicas, strOrNil(v), want)
		}
	}
}

// strOrNil prints a JSON string member that may be null or absent.
func strOrNil(v *string) string {
	if v == nil {
		return "<none>"
	}
	return strconv.Quote(*v)
}

// TestLiveClaimsFollowTheirCreateInOneGroup: the claims of the live RC a
// create met (Adopt.Live, Release.Live, SPEC 3.2.12) go right after that
// create, the other claims first; several of them form one group, as
// every claim of a pass does (SPEC 3.3: upstream tries every claim, then
// reports). Kills the mutant that grouped the live claims only from
// three on (`late > 1` as `late > 2`).
func TestLiveClaimsFollowTheirCreateInOneGroup(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	cfg := s.Config
	cfg.Status.LatestVersion = 4
	d, err := wire.NewDeployment(cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := dcplan.Plan{
		Adopt: []dcplan.Adopt{{Rule: "3.2.12", RC: d.Name, RCUID: "live-uid", Config: cfg.Name, ConfigUID: cfg.UID, Live: true}},
		Release: []dcplan.Release{
			{Rule: "3.3", RC: "frontend-2", RCUID: "u2", ConfigUID: cfg.UID},
			{Rule: "3.2.12", RC: d.Name, RCUID: "live-uid", ConfigUID: cfg.UID, Live: true},
		},
		CreateRCs: []dcplan.CreateRC{{Rule: "3.2.12", Deployment: d}},
	}
	reqs, err := wire.Requests(s, p)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range reqs {
		got = append(got, string(r.Verb)+" "+r.Name+" group="+strconv.Itoa(r.Group))
	}
	want := []string{"patch frontend-2 group=0", "create frontend-4 group=0", "patch frontend-4 group=1", "patch frontend-4 group=1"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRequestsOfObjectsTheSnapshotLacks: an action naming a DC, RC or
// pod the snapshot does not hold has no request to render: Requests
// fails with a *dcplan.FieldError naming it and wrapping
// dcplan.ErrInvalidSnapshot (a valid plan of the snapshot never gets
// one). Kills the mutant that rendered an instantiate of any DC (its
// r.config check dropped), which RunPass would have sent.
func TestRequestsOfObjectsTheSnapshotLacks(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	tests := []struct {
		name, kind, object string
		plan               dcplan.Plan
	}{
		{"instantiate", "DeploymentConfig", "backend", dcplan.Plan{Instantiate: []dcplan.Instantiate{{Rule: "6.4", Config: "backend", Latest: true, Force: true}}}},
		{"update-dc", "DeploymentConfig", "backend", dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{{Rule: "6.4", Config: "backend", SetLatestVersion: true, LatestVersionTo: 2}}}},
		{"status", "DeploymentConfig", "backend", dcplan.Plan{Status: &dcplan.StatusUpdate{Rule: "3.9", Config: "backend"}}},
		{"scale", "ReplicationController", "frontend-9", dcplan.Plan{Scales: []dcplan.Scale{{Rule: "3.6.3", RC: "frontend-9", To: 1}}}},
		{"cancel", "ReplicationController", "frontend-9", dcplan.Plan{Cancels: []dcplan.Cancel{{Rule: "6.1", RC: "frontend-9", ByUser: true}}}},
		{"transition", "ReplicationController", "frontend-9", dcplan.Plan{Transitions: []dcplan.Transition{{Rule: "4.4", RC: "frontend-9", To: dcplan.PhaseComplete}}}},
		{"deadline", "Pod", "frontend-9-deploy", dcplan.Plan{SetPodDeadlines: []dcplan.SetPodDeadline{{Rule: "2.3", Pod: "frontend-9-deploy", To: 1}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reqs, err := wire.Requests(s, tt.plan)
			var fe *dcplan.FieldError
			if !errors.Is(err, dcplan.ErrInvalidSnapshot) || !errors.As(err, &fe) || fe.Kind != tt.kind || fe.Name != tt.object {
				t.Errorf("Requests() = %v, %v; want a FieldError on %s %s wrapping ErrInvalidSnapshot", reqs, err, tt.kind, tt.object)
			}
		})
	}
}
