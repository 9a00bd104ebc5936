package history

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// quantityExponentBound bounds the decimal exponent of a parsed quantity:
// beyond it every value this package derives (an int64, a sign) is already
// saturated, so a huge exponent costs no huge number.
const quantityExponentBound = 64

// parseQuantity reads a Kubernetes resource quantity (apimachinery's
// ParseQuantity grammar: an optionally signed decimal number, then a
// binary suffix Ki..Ei, a decimal suffix n, u, m, k, M..E, or an exponent
// e<int>/E<int>), surrounding spaces ignored, as an exact value. ok is false
// for anything else.
func parseQuantity(s string) (q *big.Rat, ok bool) {
	s = strings.TrimSpace(s)
	end := 0
	if end < len(s) && (s[end] == '+' || s[end] == '-') {
		end++
	}
	digits := 0
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == '.') {
		if s[end] != '.' {
			digits++
		}
		end++
	}
	number, suffix := s[:end], s[end:]
	if digits == 0 || strings.Count(number, ".") > 1 {
		return nil, false
	}
	q, ok = new(big.Rat).SetString(strings.TrimSuffix(number, "."))
	if !ok {
		return nil, false
	}
	base, exp := int64(10), int64(0)
	switch suffix {
	case "":
	case "Ki", "Mi", "Gi", "Ti", "Pi", "Ei":
		base, exp = 2, 10*int64(1+strings.Index("KMGTPE", suffix[:1]))
	case "n":
		exp = -9
	case "u":
		exp = -6
	case "m":
		exp = -3
	case "k":
		exp = 3
	case "M", "G", "T", "P", "E":
		exp = 3 * int64(2+strings.Index("MGTPE", suffix))
	default:
		if suffix[0] != 'e' && suffix[0] != 'E' {
			return nil, false
		}
		e, err := strconv.ParseInt(suffix[1:], 10, 64)
		if err != nil {
			return nil, false
		}
		exp = max(-quantityExponentBound, min(quantityExponentBound, e))
	}
	scale := new(big.Int).Exp(big.NewInt(base), big.NewInt(abs64(exp)), nil)
	if exp >= 0 {
		return q.Mul(q, new(big.Rat).SetInt(scale)), true
	}
	return q.Quo(q, new(big.Rat).SetInt(scale)), true
}

// abs64 returns |v|.
func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// scaledCeil returns ceil(q × unit) as an int64, saturated at its bounds:
// a Quantity's Value (unit 1) or MilliValue (unit 1000).
func scaledCeil(q *big.Rat, unit int64) int64 {
	v := new(big.Rat).Mul(q, new(big.Rat).SetInt64(unit))
	n, r := new(big.Int).QuoRem(v.Num(), v.Denom(), new(big.Int))
	if r.Sign() > 0 {
		n.Add(n, big.NewInt(1))
	}
	switch {
	case n.IsInt64():
		return n.Int64()
	case n.Sign() > 0:
		return math.MaxInt64
	}
	return math.MinInt64
}

// ceilDivide is kubectl's int64(math.Ceil(float64(a) / float64(b))),
// division in float64 included; a result an int64 cannot hold (a
// division by zero among them) is math.MinInt64, what that conversion
// gives on amd64.
func ceilDivide(a, b int64) int64 {
	f := math.Ceil(float64(a) / float64(b))
	if math.IsNaN(f) || f < math.MinInt64 || f >= math.MaxInt64 {
		return math.MinInt64
	}
	return int64(f)
}

// containerResourceValue is the value kubectl shows for an environment
// variable from resourceFieldRef: the container's own request or limit
// named by resource (requests./limits. + cpu, memory, ephemeral-storage or
// hugepages-<size>), divided by divisor (1 when absent or zero) and
// rounded up, cpu in millicores against the divisor's millicores. A
// missing request or limit counts as 0. ok is false for a resource kubectl
// does not know.
//
// Ports: k8s.io/kubectl pkg/util/resource ExtractContainerResourceValue
// and its convertResource*ToString.
func containerResourceValue(container templateJSON, resource string, divisor templateJSON) (string, bool) {
	div, ok := parseQuantity(divisor.scalar())
	if !ok || div.Sign() == 0 {
		div = big.NewRat(1, 1)
	}
	kind, name, found := strings.Cut(resource, ".")
	if !found || kind != "requests" && kind != "limits" {
		return "", false
	}
	switch {
	case name == "cpu", name == "memory", name == "ephemeral-storage", strings.HasPrefix(name, "hugepages-"):
	default:
		return "", false
	}
	q, ok := parseQuantity(container.get("resources").get(kind).get(name).scalar())
	if !ok {
		q = new(big.Rat)
	}
	if name == "cpu" {
		return strconv.FormatInt(ceilDivide(scaledCeil(q, 1000), scaledCeil(div, 1000)), 10), true
	}
	return strconv.FormatInt(ceilDivide(scaledCeil(q, 1), scaledCeil(div, 1)), 10), true
}
