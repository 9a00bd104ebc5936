package history

import (
	"slices"

	"github.com/dcplan/dcplan"
)

// LatestInfo is what the DC controller learns about its newest rollout
// (SPEC 5.6).
type LatestInfo struct {
	// Candidate points at the RC with the highest version, inside the
	// slice given to Latest; nil when there is none. It is read only.
	Candidate *dcplan.Deployment
	// Exists is true when Candidate is the RC of status.latestVersion:
	// the latest rollout exists.
	Exists bool
}

// Latest finds the newest rollout of cfg among rcs (SPEC 3.2.6), without
// sorting or allocating. The rules, in order:
//
//  1. No DC (cfg nil), status.latestVersion == 0, or no RCs: no
//     candidate, Exists false.
//  2. Candidate is the RC with the highest version; of RCs sharing it,
//     the first in list order (upstream's unstable sort, SPEC 10.9, taken
//     as stable, SPEC 13.1).
//  3. Exists is Candidate.Version == status.latestVersion. The candidate is
//     reported even when it is not the latest (it may be newer, SPEC 3.2.7).
//
// Candidate points into rcs: nothing is copied, and the caller must not
// write through it.
//
// Ports: appsutil.LatestDeploymentInfo, without its in-place sort.
func Latest(cfg *dcplan.Config, rcs []dcplan.Deployment) LatestInfo {
	if cfg == nil || cfg.Status.LatestVersion == 0 || len(rcs) == 0 {
		return LatestInfo{}
	}
	var t Tracker
	for i := range rcs {
		t = t.addNewest(i, &rcs[i])
	}
	return t.Latest(cfg, rcs)
}

// Active returns the active rollout: among the RCs in phase Complete with a
// version > 0, the one with the highest version (ties: the first in list
// order, SPEC 5.5).
// It returns nil when there is none. The result points into rcs: nothing
// is copied, and the caller must not write through it.
//
// Ports: appsutil.ActiveDeployment.
func Active(rcs []dcplan.Deployment) *dcplan.Deployment {
	var t Tracker
	for i := range rcs {
		t = t.addActive(i, &rcs[i])
	}
	return t.Active(rcs)
}

// Tracker finds Latest's candidate and the Active rollout of an RC list
// in one walk, for a caller that walks the list for reasons of its own
// too: t = t.Add(i, &rcs[i]) for every RC of the list, in list order,
// then ask Latest and Active, which answer as the functions of those
// names do for the list. Latest and Active are this walk, so the rules
// are written once. The zero Tracker has seen an empty list.
//
// It is a value of four words that Add returns anew, rather than a
// pointer Add writes through, so that a loop keeps it in registers: the
// walk then costs a few compares per RC.
type Tracker struct {
	newest, active   int // index+1 of the candidate and of the active RC; 0: none yet
	newestV, activeV dcplan.Version
}

// Add returns t after d, the RC at index i of the list, the next one
// added.
func (t Tracker) Add(i int, d *dcplan.Deployment) Tracker {
	return t.addNewest(i, d).addActive(i, d)
}

// addNewest follows d, at index i, for Latest: the first RC of the
// highest version (Latest rule 2).
func (t Tracker) addNewest(i int, d *dcplan.Deployment) Tracker {
	if t.newest == 0 || newerVersion(d.Version, t.newestV) {
		t.newest, t.newestV = i+1, d.Version
	}
	return t
}

// addActive follows d, at index i, for Active: the first Complete RC of
// the highest version above 0.
func (t Tracker) addActive(i int, d *dcplan.Deployment) Tracker {
	if d.Phase == dcplan.PhaseComplete && d.Version > 0 && (t.active == 0 || newerVersion(d.Version, t.activeV)) {
		t.active, t.activeV = i+1, d.Version
	}
	return t
}

// Latest returns Latest(cfg, rcs) for rcs, the list of the RCs added; its
// Candidate points into rcs. A nil cfg is no DC, as for Latest.
func (t Tracker) Latest(cfg *dcplan.Config, rcs []dcplan.Deployment) LatestInfo {
	if cfg == nil || cfg.Status.LatestVersion == 0 || t.newest == 0 {
		return LatestInfo{}
	}
	d := &rcs[t.newest-1]
	return LatestInfo{Candidate: d, Exists: d.Version == cfg.Status.LatestVersion}
}

// Active returns Active(rcs) for rcs, the list of the RCs added: an RC of
// rcs, or nil.
func (t Tracker) Active(rcs []dcplan.Deployment) *dcplan.Deployment {
	if t.active == 0 {
		return nil
	}
	return &rcs[t.active-1]
}

// newer reports whether a is a newer rollout than b: a higher version.
// RCs sharing a version are neither newer than the other; every sort here
// is stable, so they keep their list order (SPEC 13.1).
func newer(a, b *dcplan.Deployment) bool { return newerVersion(a.Version, b.Version) }

// newerVersion is newer for the versions a and b of two RCs.
func newerVersion(a, b dcplan.Version) bool { return a > b }

// Sorted returns a copy of rcs ordered by version ascending, RCs sharing a
// version in list order (ByLatestVersionAsc, SPEC 5.7). It returns nil
// for an empty list.
func Sorted(rcs []dcplan.Deployment) []dcplan.Deployment {
	return sortedBy(rcs, nil, func(a, b *dcplan.Deployment) bool { return newer(b, a) })
}

// NewestFirst returns a copy of rcs ordered by version descending, RCs
// sharing a version in list order (ByLatestVersionDesc, SPEC 5.7): the
// order of cancellations and scaling
// (SPEC 11 item 9, 13.1).
// It returns nil for an empty list.
func NewestFirst(rcs []dcplan.Deployment) []dcplan.Deployment {
	return sortedBy(rcs, nil, newer)
}

// sortedBy returns the elements of rcs for which keep (nil: all) is true,
// ordered so that before(a, b) puts a first. It sorts indices, not the
// large Deployment values, and copies each kept element once.
func sortedBy(rcs []dcplan.Deployment, keep func(*dcplan.Deployment) bool, before func(a, b *dcplan.Deployment) bool) []dcplan.Deployment {
	idx := make([]int, 0, len(rcs))
	for i := range rcs {
		if keep == nil || keep(&rcs[i]) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return nil
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case before(&rcs[a], &rcs[b]):
			return -1
		case before(&rcs[b], &rcs[a]):
			return 1
		}
		return 0
	})
	out := make([]dcplan.Deployment, len(idx))
	for i, k := range idx {
		out[i] = rcs[k]
	}
	return out
}
