package explore_test

import (
	"flag"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dcplan/dcplan/fake/explore"
)

func TestParseInts(t *testing.T) {
	for _, tt := range []struct {
		in      string
		want    []int
		wantErr bool
	}{
		{"0,1,2", []int{0, 1, 2}, false},
		{" -1 , 1", []int{-1, 1}, false},
		{"3", []int{3}, false},
		{"1,,2", nil, true},
		{"one", nil, true},
		{"", nil, true},
	} {
		got, err := explore.ParseInts(tt.in)
		if (err != nil) != tt.wantErr || !slices.Equal(got, tt.want) {
			t.Errorf("ParseInts(%q) = %v, %v; want %v (error %v)", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

// TestFlagsDocumented holds docs/exploration.md to the test's flags: its
// table has a row for every flag this package's tests define, giving the
// flag's default, and no row for a flag they do not define; the README
// and .ci/run name the CI tier's flag.
func TestFlagsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/exploration.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{} // flag name -> its default as documented
	for _, m := range regexp.MustCompile("(?m)^\\| `-((?:explore|mutants)[.a-z]*)` \\| ([^|]*) \\|").FindAllStringSubmatch(string(doc), -1) {
		rows[m[1]] = strings.TrimSpace(m[2])
	}
	ours := 0
	flag.VisitAll(func(f *flag.Flag) {
		if !strings.HasPrefix(f.Name, "explore.") && !strings.HasPrefix(f.Name, "mutants") {
			return
		}
		ours++
		def, ok := rows[f.Name]
		delete(rows, f.Name)
		switch {
		case !ok:
			t.Errorf("docs/exploration.md: no row for -%s (%s)", f.Name, f.Usage)
		case f.DefValue != "" && def != f.DefValue:
			t.Errorf("docs/exploration.md: -%s defaults to %q, the flag to %q", f.Name, def, f.DefValue)
		}
	})
	if ours < 10 {
		t.Errorf("found %d flags of this package's tests; the check is broken", ours)
	}
	for name := range rows {
		t.Errorf("docs/exploration.md: a row for -%s, which no test defines", name)
	}
	for file, want := range map[string][]string{
		"../../README.md": {"-explore.ci", envTier + "=ci"},
		"../../.ci/run":   {"-explore.ci"},
	} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s does not name %s, the explorer's CI tier", file, w)
			}
		}
	}
}
