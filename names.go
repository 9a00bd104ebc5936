package dcplan

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// DeploymentName returns the name of a DC's RC for a version:
// "<config>-<version>" (SPEC 5.9). The naming helpers live in the root
// package (SPEC 11a.14), beside the types every planner shares.
func DeploymentName(config string, v Version) string {
	return config + "-" + strconv.FormatInt(int64(v), 10)
}

// IsDeploymentName reports whether name is DeploymentName(config, v) for
// a positive version v: config, "-", and a positive decimal without
// leading zeros that fits in an int64.
func IsDeploymentName(config, name string) bool {
	rest, ok := strings.CutPrefix(name, config+"-")
	if !ok || rest == "" || rest[0] == '0' {
		return false
	}
	for i := 0; i < len(rest); i++ {
		if rest[i] < '0' || rest[i] > '9' {
			return false
		}
	}
	_, err := strconv.ParseInt(rest, 10, 64)
	return err == nil
}

// DeployerPodName returns the name of an RC's deployer pod (SPEC 5.10):
// "<rc>-deploy" when that fits in 253 characters, else the first 237
// characters of the RC name, "-", the 8 hex digits of the FNV-32a hash of
// the RC name, and "-deploy" (exactly 253 characters).
func DeployerPodName(rc string) string {
	return boundedName(rc, "deploy", MaxPodNameLength)
}

// boundedName is the naming helper of SPEC 5.10: base + "-" + suffix when
// that fits in limit. Otherwise the base is cut to limit - 10 - len(suffix)
// characters and followed by "-", the FNV-32a hash of base (8 hex digits),
// "-" and the suffix, exactly limit long. When even the suffix does not fit,
// the result is the base cut to limit - 9 characters, "-" and the hash of
// "base-suffix", cut to limit.
func boundedName(base, suffix string, limit int) string {
	name := base + "-" + suffix
	if len(name) <= limit {
		return name
	}
	keep := limit - 10 - len(suffix)
	if keep < 0 {
		short := base[:min(len(base), max(0, limit-9))] + "-" + fnvHex(name)
		return short[:min(limit, len(short))]
	}
	return base[:keep] + "-" + fnvHex(base) + "-" + suffix
}

func fnvHex(s string) string {
	h := fnv.New32a()
	h.Write([]byte(s))
	return fmt.Sprintf("%08x", h.Sum32())
}

// CompareDeployments orders RCs by Version ascending, ties by Name (SPEC 11
// item 9): the order phase.StepAll takes RCs in, reversed (the DC
// controller and oc's commands keep RCs of one version in their list
// order, see Plan). Use it with slices.SortedFunc.
func CompareDeployments(a, b Deployment) int {
	if c := cmp.Compare(a.Version, b.Version); c != 0 {
		return c
	}
	return cmp.Compare(a.Name, b.Name)
}
