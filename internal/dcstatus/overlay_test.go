package dcstatus

import (
	"slices"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestOverlayMatchesSetRemove is a differential test: any sequence of set
// and remove operations gives, through the overlay, the list that the
// reference refSet and refRemove give on real slices, and overlay.equal
// agrees with comparing that list.
func TestOverlayMatchesSetRemove(t *testing.T) {
	epoch := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	types := []dcplan.ConditionType{dcplan.ConditionUnset, dcplan.ConditionAvailable, dcplan.ConditionProgressing, dcplan.ConditionReplicaFailure, dcplan.ConditionOther, dcplan.ConditionType(7), dcplan.ConditionType(9)}
	// The status engine removes only a type of its own (Progressing).
	removable := slices.DeleteFunc(slices.Clone(types), func(t dcplan.ConditionType) bool { return t == dcplan.ConditionOther })
	genCond := rapid.Custom(func(t *rapid.T) dcplan.Condition {
		c := newCondition(
			rapid.SampledFrom(types).Draw(t, "type"),
			dcplan.ConditionStatus(rapid.IntRange(1, int(dcplan.StatusOther)).Draw(t, "status")),
			dcplan.ConditionReason(rapid.IntRange(0, int(dcplan.ReasonOther)).Draw(t, "reason")),
			rapid.SampledFrom([]string{"a", "b"}).Draw(t, "message"),
			epoch.Add(time.Duration(rapid.IntRange(0, 2).Draw(t, "at"))*time.Minute),
		)
		if c.Reason == dcplan.ReasonOther {
			c.OtherReason = rapid.SampledFrom([]string{"X", "Y"}).Draw(t, "other")
		}
		// Other writers' types and statuses (SPEC 13.1), two texts each:
		// one type is another's only when the texts are equal.
		if c.Type == dcplan.ConditionOther {
			c.OtherType = rapid.SampledFrom([]string{"example.com/Ready", "example.com/Gate"}).Draw(t, "otherType")
		}
		if c.Status == dcplan.StatusOther {
			c.OtherStatus = rapid.SampledFrom([]string{"Maybe", "Perhaps"}).Draw(t, "otherStatus")
		}
		return c
	})
	pendings := []pending{
		pendingAvailable(true), pendingAvailable(false), pendingWaiting("web-1"), pendingProgressing("web-1"),
		pendingFailed("web-1", true), pendingFailed("web-1", false), pendingComplete("web-1"), pendingPaused(), pendingResumed(),
		pendingOriginWaiting("web-1"), pendingOriginWaiting("web-2"), pendingOriginProgressing("web-1"), pendingOriginProgressing("web-2"),
	}
	rapid.Check(t, func(t *rapid.T) {
		base := rapid.SliceOfN(genCond, 0, 5).Draw(t, "base")
		prof := rapid.Bool().Draw(t, "seedConditions")
		at := epoch.Add(time.Duration(rapid.IntRange(0, 2).Draw(t, "now")) * time.Minute)
		baseCopy := slices.Clone(base)
		o := overlay{base: base, now: at, seed: prof}
		want := slices.Clone(base)
		for i, n := 0, rapid.IntRange(0, 8).Draw(t, "ops"); i < n; i++ {
			switch rapid.IntRange(0, 2).Draw(t, "op") {
			case 0:
				p := rapid.SampledFrom(pendings).Draw(t, "pending")
				o.set(p)
				if prof {
					want = refSetSeed(want, p.condition(at, prof))
				} else {
					want = refSet(want, p.condition(at, prof))
				}
			case 1:
				c := genCond.Draw(t, "extra")
				o.setCondition(&c)
				want = refSet(want, c)
			default:
				typ := rapid.SampledFrom(removable).Draw(t, "remove")
				o.remove(typ)
				want = refRemove(want, typ)
			}
		}
		got := o.list()
		if len(want) == 0 {
			want = nil
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Fatalf("overlay list mismatch (-refSet/refRemove +overlay):\n%s", d)
		}
		if d := cmp.Diff(baseCopy, base); d != "" {
			t.Fatalf("overlay modified its base:\n%s", d)
		}
		if o.equal(base) != slices.EqualFunc(want, base, dcplan.Condition.Equal) {
			t.Fatalf("overlay.equal(base) = %v, want %v", o.equal(base), slices.EqualFunc(want, base, dcplan.Condition.Equal))
		}
		if !o.equal(want) {
			t.Fatalf("overlay.equal(its own list) = false")
		}
	})
}

// TestOverlaySpill: past its fixed slots (more than four condition types
// touched: the status conditions plus extra conditions), the overlay
// still applies the set rule of SPEC 3.10 per type: setting a type again
// replaces its one entry and removing it drops it, as on a plain list
// (refSet, refRemove).
func TestOverlaySpill(t *testing.T) {
	at := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	o := overlay{now: at}
	var want []dcplan.Condition
	set := func(c dcplan.Condition) {
		o.setCondition(&c)
		want = refSet(want, c)
	}
	for typ := dcplan.ConditionType(1); typ <= 7; typ++ {
		set(newCondition(typ, dcplan.StatusTrue, dcplan.ConditionReason(1), "a", at))
	}
	set(newCondition(6, dcplan.StatusFalse, dcplan.ConditionReason(2), "b", at))
	set(newCondition(5, dcplan.StatusTrue, dcplan.ConditionReason(2), "c", at))
	o.remove(7)
	want = refRemove(want, 7)
	if d := cmp.Diff(want, o.list()); d != "" {
		t.Fatalf("overlay list (-refSet/refRemove +overlay):\n%s", d)
	}
	if !o.equal(want) {
		t.Errorf("overlay.equal(its own list) = false")
	}
	if c := o.get(condType{typ: 6}); c == nil || c.Status != dcplan.StatusFalse {
		t.Errorf("overlay.get(6) = %+v, want the False condition set last", c)
	}
}

// TestOverlayEqualUntouched: an overlay nothing was set on stands for its
// base (SPEC 3.9 writes the status only when it differs): equal compares
// it with another list of the same length by content, not by length, and
// an overlay of no conditions equals an empty list, nil or not, without
// looking at any element; lists of different lengths are never equal.
func TestOverlayEqualUntouched(t *testing.T) {
	at := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	base := []dcplan.Condition{newCondition(dcplan.ConditionAvailable, dcplan.StatusTrue, dcplan.ReasonNone, "", at)}
	other := []dcplan.Condition{newCondition(dcplan.ConditionAvailable, dcplan.StatusFalse, dcplan.ReasonNone, "", at)}
	o := overlay{base: base, now: at}
	if !o.equal(base) {
		t.Errorf("untouched overlay.equal(base) = false")
	}
	if o.equal(other) {
		t.Errorf("untouched overlay.equal(a different list of the same length) = true")
	}
	empty := overlay{now: at}
	if !empty.equal(nil) || !empty.equal([]dcplan.Condition{}) {
		t.Errorf("untouched overlay of no conditions: equal(empty) = false")
	}
	if o.equal(nil) || o.equal([]dcplan.Condition{}) {
		t.Errorf("untouched overlay of one condition: equal(empty) = true")
	}
	if empty.equal(base) {
		t.Errorf("untouched overlay of no conditions: equal(one condition) = true")
	}
}
