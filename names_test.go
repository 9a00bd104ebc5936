package dcplan

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fnv32a is an independent FNV-32a, for the expectations below.
func fnv32a(s string) string {
	h := fnv.New32a()
	_, _ = h.Write([]byte(s))
	return fmt.Sprintf("%08x", h.Sum32())
}

// Reference: appsutil.LatestDeploymentNameForConfigAndVersion. The naming
// helpers are the root package's (SPEC 11a.14).
func TestDeploymentName(t *testing.T) {
	tests := []struct {
		name, why, config string
		v                 Version
		want              string
	}{
		{"simple", "SPEC 5.9: <config>-<version>", "web", 3, "web-3"},
		{"large", "decimal, no padding", "frontend", 1234567890123, "frontend-1234567890123"},
		{"zero", "version 0 is still formatted", "web", 0, "web-0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, DeploymentName(tt.config, tt.v)); d != "" {
				t.Errorf("DeploymentName() mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// TestIsDeploymentName: exactly the names DeploymentName gives for a
// positive version, the inverse the planners use to tell an RC of this DC
// (the DC controller's creates it waits for, the seed pod controller's
// gone RC) from any other.
func TestIsDeploymentName(t *testing.T) {
	for _, tt := range []struct {
		config, name string
		want         bool
	}{
		{"web", "web-3", true},
		{"web", DeploymentName("web", 1<<62), true},
		{"web", "web-0", false},
		{"web", "web-03", false},
		{"web", "web-", false},
		{"web", "web-3-deploy", false},
		{"web", "web-1-3", false}, // DC web-1's RC
		{"web-1", "web-1-3", true},
		{"web", "api-3", false},
		{"web", "web3", false},
		{"web", "web--3", false},
		{"web", "web-99999999999999999999", false}, // beyond int64
	} {
		if got := IsDeploymentName(tt.config, tt.name); got != tt.want {
			t.Errorf("IsDeploymentName(%q, %q) = %v, want %v", tt.config, tt.name, got, tt.want)
		}
	}
}

// Reference: appsutil.DeployerPodNameForDeployment (names.GetPodName).
func TestDeployerPodName(t *testing.T) {
	long := func(n int) string { return strings.Repeat("a", n-3) + "-12" }
	tests := []struct {
		name, why, rc, want string
	}{
		{"short", "SPEC 5.10: <rc>-deploy when it fits", "web-3", "web-3-deploy"},
		{"246", "246 + 7 = 253 characters still fit", long(246), long(246) + "-deploy"},
		{"247", "254 characters do not: 237 characters, the hash of the RC name, -deploy",
			long(247), long(247)[:237] + "-" + fnv32a(long(247)) + "-deploy"},
		{"300", "SPEC 5.10 [probe]: a 300-character name gives exactly 253",
			long(300), long(300)[:237] + "-" + fnv32a(long(300)) + "-deploy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := DeployerPodName(tt.rc)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("DeployerPodName() mismatch (-want +got):\n%s", d)
			}
			if len(got) > MaxPodNameLength {
				t.Errorf("DeployerPodName() is %d characters, want at most %d", len(got), MaxPodNameLength)
			}
		})
	}
}

// TestDeployerPodNameLengths checks, for every RC name length around the
// boundary, that the name is <rc>-deploy exactly when that fits and is
// otherwise exactly 253 characters, and that two long names differing
// only after character 237 still get different pod names.
func TestDeployerPodNameLengths(t *testing.T) {
	for n := 240; n <= 260; n++ {
		rc := strings.Repeat("x", n)
		got := DeployerPodName(rc)
		fits := n+len("-deploy") <= MaxPodNameLength
		if fits && got != rc+"-deploy" {
			t.Errorf("len %d: DeployerPodName() = %q, want %q", n, got, rc+"-deploy")
		}
		if !fits && len(got) != MaxPodNameLength {
			t.Errorf("len %d: DeployerPodName() has %d characters, want %d", n, len(got), MaxPodNameLength)
		}
	}
	a, b := strings.Repeat("x", 250)+"-1", strings.Repeat("x", 250)+"-2"
	if DeployerPodName(a) == DeployerPodName(b) {
		t.Errorf("DeployerPodName(%d chars ...-1) == DeployerPodName(...-2): the hash must tell them apart", len(a))
	}
}

// TestBoundedName covers the general naming rule of SPEC 5.10, including
// the case where even the suffix does not fit.
//
// Reference: k8s.io/apiserver/pkg/storage/names GetName (openshift
// library-go naming.GetName).
func TestBoundedName(t *testing.T) {
	tests := []struct {
		name, why, base, suffix string
		limit                   int
		want                    string
	}{
		{"fits", "base-suffix when it fits", "abc", "x", 10, "abc-x"},
		{"exact", "exactly limit characters fit", "abcdefgh", "x", 10, "abcdefgh-x"},
		{"truncated", "base cut to limit-10-len(suffix), hash of base",
			"abcdefghijklmnopqrstuvwxyz", "s", 20, "abcdefghi-" + fnv32a("abcdefghijklmnopqrstuvwxyz") + "-s"},
		{"suffix too long", "base cut to limit-9, hash of base-suffix, cut to limit",
			"abcdefgh", "averylongsuffix", 12, ("abc-" + fnv32a("abcdefgh-averylongsuffix"))[:12]},
		{"no room for base", "a base cut to 0 characters keeps the <base>-<hash>-<suffix> form; only a negative base length drops the suffix (GetName)",
			strings.Repeat("a", 20), "xy", 12, "-" + fnv32a(strings.Repeat("a", 20)) + "-xy"},
		{"hash with leading zeros", "the hash is always 8 hex digits, zero-padded",
			"abcdefghijklmnopqrstuvwxyz-2", "s", 20, "abcdefghi-008a515d-s"},
		{"limit below the hash", "with limit-9 < 0 the name is -<hash of base-suffix>, cut to limit",
			"ab", "cdef", 5, ("-" + fnv32a("ab-cdef"))[:5]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := boundedName(tt.base, tt.suffix, tt.limit)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("boundedName() mismatch (-want +got):\n%s", d)
			}
			if len(got) > tt.limit {
				t.Errorf("boundedName() is %d characters, want at most %d", len(got), tt.limit)
			}
		})
	}
}

// TestCompareDeployments: RCs sort by version ascending, RCs of one
// version by name (SPEC 11 item 9), so the order never depends on the
// input's.
func TestCompareDeployments(t *testing.T) {
	rcs := []Deployment{{Name: "web-b", Version: 2}, {Name: "web-3", Version: 3}, {Name: "web-a", Version: 2}, {Name: "x", Version: 1}}
	slices.SortFunc(rcs, CompareDeployments)
	var got []string
	for _, d := range rcs {
		got = append(got, d.Name)
	}
	if d := cmp.Diff([]string{"x", "web-a", "web-b", "web-3"}, got); d != "" {
		t.Errorf("sorted with CompareDeployments mismatch (-want +got):\n%s", d)
	}
	if c := CompareDeployments(Deployment{Name: "a", Version: 1}, Deployment{Name: "a", Version: 1}); c != 0 {
		t.Errorf("CompareDeployments of equal keys = %d, want 0", c)
	}
}
