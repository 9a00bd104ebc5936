package dcplan_test

import (
	"cmp"
	"errors"
	"slices"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/dcplan/dcplan/wire"
)

// errCount is the number of violations Validate reports (it joins them).
func errCount(err error) int {
	if err == nil {
		return 0
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return len(j.Unwrap())
	}
	return 1
}

// genMaybeInvalid draws a valid snapshot and sometimes breaks it the ways
// Validate must notice: a duplicate version, a negative replica count, a
// duplicate pod name, a foreign namespace.
func genMaybeInvalid(t *rapid.T) dcplan.Snapshot {
	s := gen.Snapshot().Draw(t, "snapshot")
	if len(s.Deployments) == 0 {
		return s
	}
	i := rapid.IntRange(0, len(s.Deployments)-1).Draw(t, "victim")
	switch rapid.IntRange(0, 4).Draw(t, "break") {
	case 1:
		d := s.Deployments[i].Clone()
		d.Name += "-copy"
		s.Deployments = append(s.Deployments, d) // same version, other name
	case 2:
		s.Deployments[i].Replicas = -1
	case 3:
		s.Deployments[i].Namespace = "elsewhere"
	case 4:
		if len(s.Pods) > 0 {
			s.Pods = append(s.Pods, s.Pods[0].Clone())
		}
	}
	return s
}

// TestValidateProperties checks that Validate never modifies the snapshot
// and that its verdict, and the number of violations it reports, do not
// depend on the order of the RC and pod lists.
func TestValidateProperties(t *testing.T) {
	invalid := 0
	gen.CheckReaching(t, func(t *rapid.T) {
		s := genMaybeInvalid(t)
		before := s.Clone()
		err := s.Validate()
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("Validate() modified the snapshot (-before +after):\n%s", d)
		}
		if err != nil && !errors.Is(err, dcplan.ErrInvalidSnapshot) && !errors.Is(err, dcplan.ErrInvalidSettings) {
			t.Fatalf("Validate() = %v, want an error wrapping ErrInvalidSnapshot", err)
		}
		shuffled := s.Clone()
		shuffled.Deployments = gen.Reorder(shuffled.Deployments).Draw(t, "rcs")
		shuffled.Pods = rapid.Permutation(shuffled.Pods).Draw(t, "pods")
		if got, want := errCount(shuffled.Validate()), errCount(err); got != want {
			t.Fatalf("Validate() reports %d violations in one order and %d in another:\n%v", want, got, err)
		}
		if err != nil {
			invalid++
		}
	}, func() bool { return invalid > 0 })
	if invalid == 0 {
		t.Errorf("the generator never produced an invalid snapshot: the order property is vacuous for errors")
	}
}

// byName puts a snapshot's RCs and pods in name order, so that two
// snapshots that differ only in list order compare equal.
func byName(s dcplan.Snapshot) dcplan.Snapshot {
	s.Deployments = slices.SortedStableFunc(slices.Values(s.Deployments), func(a, b dcplan.Deployment) int { return cmp.Compare(a.Name, b.Name) })
	s.Pods = slices.SortedStableFunc(slices.Values(s.Pods), func(a, b dcplan.Pod) int { return cmp.Compare(a.Name, b.Name) })
	return s
}

// TestAfterOrderFree checks that After gives the same world whatever the
// order of the snapshot's RC and pod lists: shuffling them before applying
// a plan and sorting both results by name gives equal snapshots.
func TestAfterOrderFree(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		p := genPlanFor(t, s)
		shuffled := s.Clone()
		shuffled.Deployments = gen.Reorder(shuffled.Deployments).Draw(t, "rcs")
		shuffled.Pods = rapid.Permutation(shuffled.Pods).Draw(t, "pods")
		if d := gocmp.Diff(byName(s.After(p)), byName(shuffled.After(p))); d != "" {
			t.Fatalf("After() depends on the list order (-in order +shuffled):\n%s", d)
		}
	})
}

// TestDescribeDoesNotMutate checks that Describe leaves the plan as it was
// and gives the same text for an equal plan.
func TestDescribeDoesNotMutate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		p := genPlanFor(t, s)
		before := clonePlan(p)
		text := dcplan.Describe(p)
		if d := mutation.Diff(before, p); d != "" {
			t.Fatalf("Describe() modified the plan (-before +after):\n%s", d)
		}
		if again := dcplan.Describe(before); again != text {
			t.Fatalf("Describe() of equal plans differs:\n%s\n---\n%s", text, again)
		}
	})
}

// TestEncodersDoNotMutate checks that the wire encoders leave the values
// they encode as they were, for hand-built values (Raw nil) and for values
// decoded from their own encoding (Raw set, which encoders overlay).
func TestEncodersDoNotMutate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		check := func(what string, before, after any) {
			if d := mutation.Diff(before, after); d != "" {
				t.Fatalf("%s modified its input (-before +after):\n%s", what, d)
			}
		}
		cfg := s.Config.Clone()
		b, err := wire.EncodeConfig(s.Config)
		check("EncodeConfig()", cfg, s.Config)
		if err == nil {
			decoded, derr := wire.DecodeConfig(b)
			if derr != nil {
				t.Fatalf("DecodeConfig(EncodeConfig()) = %v", derr)
			}
			keep := decoded.Clone()
			_, _ = wire.EncodeConfig(decoded)
			check("EncodeConfig() of a decoded config", keep, decoded)
		}
		for _, d := range s.Deployments {
			keep := d.Clone()
			b, err := wire.EncodeDeployment(d)
			check("EncodeDeployment()", keep, d)
			if err != nil {
				continue
			}
			decoded, derr := wire.DecodeDeployment(b)
			if derr != nil {
				t.Fatalf("DecodeDeployment(EncodeDeployment()) = %v", derr)
			}
			keep = decoded.Clone()
			_, _ = wire.EncodeDeployment(decoded)
			check("EncodeDeployment() of a decoded RC", keep, decoded)
		}
		for _, p := range s.Pods {
			keep := p.Clone()
			_, _ = wire.EncodePodObject(p)
			check("EncodePodObject()", keep, p)
		}
		keep := s.Config.Clone()
		_, _ = wire.NewDeployment(s.Config)
		check("NewDeployment()", keep, s.Config)
	})
}
