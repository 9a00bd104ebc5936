package history

import (
	"math"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Reference: apimachinery resource.ParseQuantity (the grammar) and
// Quantity.Value / MilliValue (rounded up).
func TestParseQuantity(t *testing.T) {
	tests := []struct {
		in          string
		ok          bool
		value, mill int64
	}{
		{"1", true, 1, 1000},
		{"100m", true, 1, 100},
		{"0.5", true, 1, 500},
		{".5", true, 1, 500},
		{"5.", true, 5, 5000},
		{"+2", true, 2, 2000},
		{"-1.5", true, -1, -1500},
		{"1Ki", true, 1024, 1024000},
		{"256Mi", true, 256 << 20, 256 << 20 * 1000},
		{"1Ei", true, 1 << 60, math.MaxInt64},
		{"1k", true, 1000, 1000000},
		{"2M", true, 2000000, 2000000000},
		{"1E", true, 1000000000000000000, math.MaxInt64},
		{"1e3", true, 1000, 1000000},
		{"1E-3", true, 1, 1},
		{"1e-3m", false, 0, 0},
		{"5n", true, 1, 1},
		{"5u", true, 1, 1},
		{"1e999999999", true, math.MaxInt64, math.MaxInt64},
		{" 1Gi ", true, 1 << 30, 1 << 30 * 1000},
		{"", false, 0, 0},
		{".", false, 0, 0},
		{"1..2", false, 0, 0},
		{"1Xi", false, 0, 0},
		{"1e", false, 0, 0},
		{"Mi", false, 0, 0},
	}
	for _, tt := range tests {
		q, ok := parseQuantity(tt.in)
		if ok != tt.ok {
			t.Errorf("parseQuantity(%q) ok = %v, want %v", tt.in, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		if got := [2]int64{scaledCeil(q, 1), scaledCeil(q, 1000)}; got != [2]int64{tt.value, tt.mill} {
			t.Errorf("parseQuantity(%q) Value, MilliValue = %v, want %v", tt.in, got, [2]int64{tt.value, tt.mill})
		}
	}
}

// Reference: kubectl pkg/util/resource ExtractContainerResourceValue.
func TestContainerResourceValue(t *testing.T) {
	c, ok := parseTemplateJSON([]byte(`{"resources":{"limits":{"cpu":"1500m","memory":"1Gi","hugepages-2Mi":"4Mi"},"requests":{"cpu":1,"ephemeral-storage":"1G"}}}`))
	if !ok {
		t.Fatal("parse failed")
	}
	tests := []struct {
		resource, divisor string
		want              string
		ok                bool
	}{
		{"limits.cpu", `"0"`, "2", true},
		{"limits.cpu", `"1m"`, "1500", true},
		{"limits.cpu", `"250m"`, "6", true},
		{"requests.cpu", ``, "1", true},
		{"limits.memory", `"1Mi"`, "1024", true},
		{"limits.memory", `"1M"`, "1074", true},
		{"requests.memory", ``, "0", true},
		{"requests.ephemeral-storage", `"1Gi"`, "1", true},
		{"limits.hugepages-2Mi", `"2Mi"`, "2", true},
		{"limits.memory", `"-0.1"`, "-9223372036854775808", true},
		{"limits.gpu", ``, "", false},
		{"cpu", ``, "", false},
	}
	for _, tt := range tests {
		div := templateJSON{}
		if tt.divisor != "" {
			div, _ = parseTemplateJSON([]byte(tt.divisor))
		}
		got, ok := containerResourceValue(c, tt.resource, div)
		if d := cmp.Diff([2]any{tt.want, tt.ok}, [2]any{got, ok}); d != "" {
			t.Errorf("containerResourceValue(%s, %s) mismatch (-want +got):\n%s", tt.resource, tt.divisor, d)
		}
	}
}

// TestScaledCeil: ceil toward +inf for both signs, saturating.
func TestScaledCeil(t *testing.T) {
	for _, tt := range []struct {
		q    *big.Rat
		want int64
	}{
		{big.NewRat(3, 2), 2}, {big.NewRat(-3, 2), -1}, {big.NewRat(4, 2), 2},
		{new(big.Rat).SetFrac(new(big.Int).Lsh(big.NewInt(1), 70), big.NewInt(1)), math.MaxInt64},
		{new(big.Rat).SetFrac(new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 70)), big.NewInt(1)), math.MinInt64},
	} {
		if got := scaledCeil(tt.q, 1); got != tt.want {
			t.Errorf("scaledCeil(%v, 1) = %d, want %d", tt.q, got, tt.want)
		}
	}
}

// TestParseQuantityRefusesTwoDots: a number with more than one decimal
// point is no quantity (apimachinery ParseQuantity), even where trimming
// one trailing point would leave a valid number.
func TestParseQuantityRefusesTwoDots(t *testing.T) {
	for _, s := range []string{"1..", "1.2.", "..5"} {
		if q, ok := parseQuantity(s); ok {
			t.Errorf("parseQuantity(%q) = %v, true; want not ok", s, q)
		}
	}
}

// TestContainerResourceValueUnknownKind: only requests.<name> and
// limits.<name> are resources kubectl resolves for resourceFieldRef
// (ExtractContainerResourceValue: "unsupported container resource");
// another prefix with a known name is refused too.
func TestContainerResourceValueUnknownKind(t *testing.T) {
	c, ok := parseTemplateJSON([]byte(`{"resources":{"limits":{"cpu":"1"},"requests":{"cpu":"1"}}}`))
	if !ok {
		t.Fatal("parse failed")
	}
	for _, r := range []string{"limit.cpu", "foo.cpu", ".cpu"} {
		if got, ok := containerResourceValue(c, r, templateJSON{}); ok || got != "" {
			t.Errorf("containerResourceValue(%q) = %q, %v; want \"\", false", r, got, ok)
		}
	}
}
