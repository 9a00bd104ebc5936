package history_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/internal/scenario"
)

// errRAForbidden stands for a lookup's error other than NotFound.
var errRAForbidden = errors.New(`replicationcontrollers "web" is forbidden: User "dev" cannot get resource "replicationcontrollers"`)

// Reference: oc (*RollbackOptions).Validate, findResource, and the kind
// switch of Run.
func TestResolveRollbackArg(t *testing.T) {
	rc := func(name string) history.RollbackLookup {
		return history.RollbackLookup{Kind: history.ObjectRC, Name: name}
	}
	dc := func(name string) history.RollbackLookup {
		return history.RollbackLookup{Kind: history.ObjectDC, Name: name}
	}
	var notFound history.RollbackLookup
	failed := history.RollbackLookup{Err: errRAForbidden}
	tests := []struct {
		name    string
		why     string
		arg     string
		to      dcplan.Version
		lookups []history.RollbackLookup
		want    history.RollbackArg
		wantErr string
		wantIs  error
	}{
		{name: "6m.4.b.1: empty name", why: "Validate refuses an empty name before anything else, a negative --to-version included",
			arg: "", to: -1, wantErr: "a deployment or deployment config name is required", wantIs: history.ErrNameRequired},
		{name: "6m.4.b.1: negative to-version", why: "Validate refuses it before any lookup",
			arg: "web", to: -1, wantErr: "the to version must be >= 0", wantIs: history.ErrInvalidRevision},
		{name: "6m.4.b.2: rc first", why: "an argument without / is tried as an RC first",
			arg: "web", want: history.RollbackArg{Next: "rc/web"}},
		{name: "6m.4.b.2: rc found", why: "the first object found ends the search",
			arg: "web-1", lookups: []history.RollbackLookup{rc("web-1")}, want: history.RollbackArg{Kind: history.ObjectRC, Name: "web-1"}},
		{name: "6m.4.b.2: dc after a NotFound rc", why: "NotFound moves to the next candidate",
			arg: "web", lookups: []history.RollbackLookup{notFound}, want: history.RollbackArg{Next: "dc/web"}},
		{name: "6m.4.b.2: dc found", why: "rc/web NotFound, dc/web found",
			arg: "web", lookups: []history.RollbackLookup{notFound, dc("web")}, want: history.RollbackArg{Kind: history.ObjectDC, Name: "web"}},
		{name: "6m.4.b.2: name from the candidate", why: "a lookup without a name: the candidate's text after /",
			arg: "web", lookups: []history.RollbackLookup{notFound, {Kind: history.ObjectDC}}, want: history.RollbackArg{Kind: history.ObjectDC, Name: "web"}},
		{name: "6m.4.b.2: nothing found", why: "both candidates NotFound",
			arg: "web", lookups: []history.RollbackLookup{notFound, notFound},
			wantErr: "web is not a valid deployment or deployment config", wantIs: history.ErrNotRollbackable},
		{name: "6m.4.b.2: error aborts", why: "an error other than NotFound is returned as it stands; dc/web is never looked up",
			arg: "web", lookups: []history.RollbackLookup{failed, dc("web")}, wantErr: errRAForbidden.Error(), wantIs: errRAForbidden},
		{name: "6m.4.b.2: error on the second", why: "an error on dc/web after rc/web NotFound",
			arg: "web", lookups: []history.RollbackLookup{notFound, failed}, wantErr: errRAForbidden.Error(), wantIs: errRAForbidden},
		{name: "6m.4.b.2: error wins over a kind", why: "an answer with Err set aborts whatever its Kind",
			arg: "web", lookups: []history.RollbackLookup{{Kind: history.ObjectRC, Name: "web", Err: errRAForbidden}}, wantErr: errRAForbidden.Error(), wantIs: errRAForbidden},
		{name: "6m.4.b.2: rc found first wins", why: "rc/web found: dc/web is never looked up, even when it exists",
			arg: "web", lookups: []history.RollbackLookup{rc("web"), dc("web")}, want: history.RollbackArg{Kind: history.ObjectRC, Name: "web"}},
		{name: "6m.4.b.2: slash as given", why: "an argument with / is the only candidate",
			arg: "dc/web", want: history.RollbackArg{Next: "dc/web"}},
		{name: "6m.4.b.2: slash found", why: "dc/web found",
			arg: "dc/web", lookups: []history.RollbackLookup{dc("web")}, want: history.RollbackArg{Kind: history.ObjectDC, Name: "web"}},
		{name: "6m.4.b.2: slash not found", why: "no second candidate after a NotFound",
			arg: "replicationcontroller/web-9", lookups: []history.RollbackLookup{notFound, rc("web-9")},
			wantErr: "replicationcontroller/web-9 is not a valid deployment or deployment config", wantIs: history.ErrNotRollbackable},
		{name: "6m.4.b.2: another kind", why: "a Deployment is found but is neither RC nor DC",
			arg: "deployment/web", lookups: []history.RollbackLookup{{Kind: history.ObjectOther, Name: "web"}},
			wantErr: "deployment/web is not a valid deployment or deployment config", wantIs: history.ErrNotRollbackable},
		{name: "6m.4.b.2: another kind stops the search", why: "the first object found ends the search, even of another kind",
			arg: "web", lookups: []history.RollbackLookup{{Kind: history.ObjectOther}, dc("web")},
			wantErr: "web is not a valid deployment or deployment config", wantIs: history.ErrNotRollbackable},
		{name: "6m.4.b.2: out-of-range kind", why: "a kind out of range is another kind",
			arg: "web", lookups: []history.RollbackLookup{{Kind: history.ObjectKind(9)}},
			wantErr: "web is not a valid deployment or deployment config", wantIs: history.ErrNotRollbackable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := history.ResolveRollbackArg(tt.arg, tt.to, tt.lookups)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("ResolveRollbackArg() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.wantErr, lrErrString(err)); d != "" {
				t.Errorf("ResolveRollbackArg() error mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
				t.Errorf("ResolveRollbackArg() error %v is not %v", err, tt.wantIs)
			}
		})
	}
}

// Reference: oc (*RollbackOptions).Run, appsutil.DeploymentConfigNameFor;
// client-go (*Request).Name.
func TestRollbackConfigName(t *testing.T) {
	tests := []struct {
		name    string
		why     string
		rc      dcplan.Deployment
		want    string
		wantErr string
	}{
		{"6m.4.b.3.rc: annotation", "the DC read is the one the annotation names, not the label",
			dcplan.Deployment{Name: "web-1", ConfigName: "web", ConfigLabel: "other"}, "web", ""},
		{"6m.4.b.3.rc: no annotation", "Get with an empty name is refused by the client",
			dcplan.Deployment{Name: "web-1", ConfigLabel: "web"}, "", "resource name may not be empty"},
		{"6m.4.b.3.rc: empty annotation", "an empty value names no DC either",
			dcplan.Deployment{Name: "web-1", EmptyConfigName: true}, "", "resource name may not be empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := history.RollbackConfigName(tt.rc)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("RollbackConfigName() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.wantErr, lrErrString(err)); d != "" {
				t.Errorf("RollbackConfigName() error mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if err != nil && !errors.Is(err, history.ErrNoConfigName) {
				t.Errorf("RollbackConfigName() error %v is not ErrNoConfigName", err)
			}
		})
	}
}

func TestObjectKindString(t *testing.T) {
	got := []string{history.NoObject.String(), history.ObjectRC.String(), history.ObjectDC.String(),
		history.ObjectOther.String(), history.ObjectKind(-1).String(), history.ObjectKind(4).String()}
	want := []string{"none", "ReplicationController", "DeploymentConfig", "other", "ObjectKind(-1)", "ObjectKind(4)"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("ObjectKind.String() mismatch (-want +got):\n%s", d)
	}
}

// raReference is `oc rollback`'s findResource and kind switch written
// from SPEC 6m.4b steps 1-3 with the lookup as a function: the outcome
// (kind and name, or the error text) and the candidates looked up.
func raReference(arg string, to dcplan.Version, lookup func(string) history.RollbackLookup) (history.RollbackArg, string, []string) {
	if arg == "" {
		return history.RollbackArg{}, "a deployment or deployment config name is required", nil
	}
	if to < 0 {
		return history.RollbackArg{}, "the to version must be >= 0", nil
	}
	cands := []string{arg}
	if !strings.Contains(arg, "/") {
		cands = []string{"rc/" + arg, "dc/" + arg}
	}
	var asked []string
	for _, c := range cands {
		asked = append(asked, c)
		l := lookup(c)
		if l.Err != nil {
			return history.RollbackArg{}, l.Err.Error(), asked
		}
		if l.Kind == history.NoObject {
			continue
		}
		if l.Kind == history.ObjectRC || l.Kind == history.ObjectDC {
			name := l.Name
			if name == "" { // an answer that names nothing: the object is the one asked for
				name = c[strings.Index(c, "/")+1:]
			}
			return history.RollbackArg{Kind: l.Kind, Name: name}, "", asked
		}
		break
	}
	return history.RollbackArg{}, arg + " is not a valid deployment or deployment config", asked
}

// raWorld is one drawn invocation of oc rollback's argument check: the
// argument, --to-version, and the answer to every lookup it could make
// (answers for candidates never looked up are drawn and left unused).
type raWorld struct {
	arg     string
	to      dcplan.Version
	answers map[string]history.RollbackLookup
}

// raWorlds draws raWorld values: arguments of every shape the command
// meets, versions including a negative one, and for each candidate a
// kind (an unknown one included), an answer naming the object or the
// kind alone, and sometimes an error.
func raWorlds() *rapid.Generator[raWorld] {
	return rapid.Custom(func(t *rapid.T) raWorld {
		w := raWorld{
			arg:     rapid.SampledFrom([]string{"", "web", "web-1", "dc/web", "rc/web-2", "deployment/web", "/", "a/b/c"}).Draw(t, "arg"),
			to:      dcplan.Version(rapid.IntRange(-1, 3).Draw(t, "to")),
			answers: map[string]history.RollbackLookup{},
		}
		cands := []string{w.arg}
		if !strings.Contains(w.arg, "/") {
			cands = []string{"rc/" + w.arg, "dc/" + w.arg}
		}
		for _, c := range cands {
			l := history.RollbackLookup{Kind: history.ObjectKind(rapid.IntRange(0, 4).Draw(t, "kind "+c)), Name: c + "-obj"}
			if rapid.Bool().Draw(t, "unnamed "+c) {
				l.Name = "" // an adapter that answers the kind alone
			}
			if rapid.IntRange(0, 4).Draw(t, "fails "+c) == 0 {
				l.Err = fmt.Errorf("lookup %s failed", c)
			}
			w.answers[c] = l
		}
		return w
	})
}

// raOutcome names how an invocation ended: an object found, no object
// that can be rolled back, a lookup's error, or an argument error before
// any lookup.
func raOutcome(w raWorld) string {
	_, msg, asked := raReference(w.arg, w.to, func(c string) history.RollbackLookup { return w.answers[c] })
	switch {
	case msg == "":
		return "found"
	case len(asked) > 0 && w.answers[asked[len(asked)-1]].Err != nil:
		return "aborted"
	case strings.HasSuffix(msg, "is not a valid deployment or deployment config"):
		return "not valid"
	}
	return "argument error"
}

// TestRAWorldsReachEveryOutcome samples raWorlds at fixed seeds, so the
// check does not depend on how many checks rapid runs (a fifth under
// -short): the generator behind TestResolveRollbackArgProperties must
// reach every way the command ends.
func TestRAWorldsReachEveryOutcome(t *testing.T) {
	reached := map[string]int{}
	for seed := range 200 {
		reached[raOutcome(raWorlds().Example(seed))]++
	}
	for _, o := range []string{"found", "not valid", "aborted", "argument error"} {
		if reached[o] == 0 {
			t.Errorf("raWorlds reaches no %q outcome in 200 examples: %v", o, reached)
		}
	}
}

// TestResolveRollbackArgProperties drives ResolveRollbackArg as an adapter
// does (look up Next, append the answer, call again) over drawn arguments
// and answers, and checks that it agrees with raReference (differential);
// that it asks for the candidates in order, each once, rc/<arg> before
// dc/<arg>; that no candidate is looked up after an answer with an error
// (SPEC 6m.4.b.2: other errors abort) or after an object was found; that
// an error answer is the error returned, as it stands; and that answers
// past the deciding one change nothing. TestRAWorldsReachEveryOutcome
// checks that the draws reach every outcome.
func TestResolveRollbackArgProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		w := raWorlds().Draw(t, "world")
		lookup := func(c string) history.RollbackLookup {
			l, ok := w.answers[c]
			if !ok {
				t.Fatalf("ResolveRollbackArg(%q) asks for %q, no candidate of the argument", w.arg, c)
			}
			return l
		}
		var (
			lookups []history.RollbackLookup
			asked   []string
			got     history.RollbackArg
			err     error
		)
		for range 4 { // two candidates at most, so three calls
			got, err = history.ResolveRollbackArg(w.arg, w.to, lookups)
			if err != nil || got.Next == "" {
				break
			}
			if got.Kind != history.NoObject || got.Name != "" {
				t.Fatalf("ResolveRollbackArg() = %+v: Next with an object", got)
			}
			for _, prev := range lookups {
				if prev.Err != nil || prev.Kind != history.NoObject {
					t.Fatalf("ResolveRollbackArg() asks for %q after the answer %+v decided", got.Next, prev)
				}
			}
			asked = append(asked, got.Next)
			lookups = append(lookups, lookup(got.Next))
		}
		if got.Next != "" {
			t.Fatalf("ResolveRollbackArg() still asks for %q after %d lookups", got.Next, len(lookups))
		}
		want, wantErr, wantAsked := raReference(w.arg, w.to, lookup)
		if d := cmp.Diff(want, got); d != "" {
			t.Fatalf("ResolveRollbackArg() differs from the reference (-want +got):\n%s", d)
		}
		if d := cmp.Diff(wantErr, lrErrString(err)); d != "" {
			t.Fatalf("ResolveRollbackArg() error differs from the reference (-want +got):\n%s", d)
		}
		if d := cmp.Diff(wantAsked, asked); d != "" {
			t.Fatalf("ResolveRollbackArg() lookups differ from the reference (-want +got):\n%s", d)
		}
		if len(asked) > 0 {
			last := asked[len(asked)-1]
			if e := w.answers[last].Err; e != nil && err != e {
				t.Fatalf("ResolveRollbackArg() error %v, want the lookup's own %v", err, e)
			}
		}
		// Answers past the deciding one are ignored.
		extra := append(lookups, history.RollbackLookup{Kind: history.ObjectRC, Name: "extra"}, history.RollbackLookup{Err: errors.New("extra")})
		got2, err2 := history.ResolveRollbackArg(w.arg, w.to, extra)
		if got2 != got || lrErrString(err2) != lrErrString(err) {
			t.Fatalf("ResolveRollbackArg() with extra answers = %+v, %v; want %+v, %v", got2, err2, got, err)
		}
	})
}

// raScenario runs the scenario command resolve for TestScenarios
// (scenario_test.go):
//
//	resolve arg=<arg> [to=N]
//	<candidate> none|rc|dc|other [<name>]
//	<candidate> error <text>
//	----
//	lookup rc/web: none
//	lookup dc/web: DeploymentConfig web
//	oc rollback: DeploymentConfig web
//
// It drives ResolveRollbackArg as an adapter does, answering each lookup
// it asks for from the input line of that candidate, and prints each
// lookup and its answer, then the object found ("oc rollback: <kind>
// <name>") or oc's error ("oc error: ..."). A case without arg=, a lookup
// with no input line, two lines for one candidate and a name after none
// are malformed cases.
func raScenario(t *testing.T, c *scenario.Case) string {
	arg, ok := c.Arg("arg")
	if !ok {
		t.Fatalf("%s: resolve: want arg=<arg> (arg=\"\" for the empty one)", c.Pos)
	}
	var to dcplan.Version
	if v, ok := c.Arg("to"); ok {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			t.Fatalf("%s: resolve to=%q: %v", c.Pos, v, err)
		}
		to = dcplan.Version(n)
	}
	answers := map[string]history.RollbackLookup{}
	for _, line := range c.Lines() {
		cand, rest, _ := strings.Cut(line, " ")
		word, tail, _ := strings.Cut(rest, " ")
		var l history.RollbackLookup
		if _, dup := answers[cand]; dup {
			t.Fatalf("%s: resolve: input %q: a second answer for %q", c.Pos, line, cand)
		}
		switch word {
		case "none":
			if tail != "" {
				t.Fatalf("%s: resolve: input %q: none takes no name", c.Pos, line)
			}
		case "rc":
			l = history.RollbackLookup{Kind: history.ObjectRC, Name: tail}
		case "dc":
			l = history.RollbackLookup{Kind: history.ObjectDC, Name: tail}
		case "other":
			l = history.RollbackLookup{Kind: history.ObjectOther, Name: tail}
		case "error":
			l = history.RollbackLookup{Err: errors.New(tail)}
		default:
			t.Fatalf("%s: resolve: input %q: want <candidate> none|rc|dc|other [<name>] or <candidate> error <text>", c.Pos, line)
		}
		answers[cand] = l
	}
	var (
		b       strings.Builder
		lookups []history.RollbackLookup
	)
	for {
		r, err := history.ResolveRollbackArg(arg, to, lookups)
		if err != nil {
			b.WriteString("oc error: " + err.Error() + "\n")
			return b.String()
		}
		if r.Next == "" {
			return b.String() + "oc rollback: " + r.Kind.String() + " " + r.Name + "\n"
		}
		l, ok := answers[r.Next]
		if !ok {
			t.Fatalf("%s: resolve: no answer for the lookup of %q", c.Pos, r.Next)
		}
		switch {
		case l.Err != nil:
			b.WriteString("lookup " + r.Next + ": error " + l.Err.Error() + "\n")
		case l.Name != "":
			b.WriteString("lookup " + r.Next + ": " + l.Kind.String() + " " + l.Name + "\n")
		default:
			b.WriteString("lookup " + r.Next + ": " + l.Kind.String() + "\n")
		}
		lookups = append(lookups, l)
	}
}
