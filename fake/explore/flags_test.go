package explore_test

import (
	"flag"
	"os"
	"os/exec"
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

// TestExploreFlagsReachTheSearch runs TestExplore in a child process of
// this test binary with the flags a user types, and holds that each is
// honoured or refused, never ignored: -explore.preset in any case and for
// a preset the tier does not run (it ran nothing for "exact" and
// "Origin13"), an unknown preset a failure naming the accepted ones,
// -explore.max and -explore.world in a tier below -explore.deep (they were
// read by -explore.deep only), and -explore.users there refused.
func TestExploreFlagsReachTheSearch(t *testing.T) {
	tests := []struct {
		name     string
		why      string
		args     []string
		wantFail bool
		want     []string // substrings of the child's output
		not      []string
	}{
		{name: "preset any case", why: "exact is Exact, explored with -short's bounds, -explore.max and -explore.world applied",
			args: []string{"-explore.preset=exact", "-explore.max=150", "-explore.world=0/-1"},
			want: []string{"Exact/users=1,faults=0,stale=1,hooks=0,clock=1,kinds=2,replicas=[0],limits=[-1]", ": 150 states"}, not: []string{"Modern/", "Origin15/"}},
		{name: "preset the tier does not run", why: "Origin13 is explored when named",
			args: []string{"-explore.preset=origin13", "-explore.max=120"}, want: []string{"Origin13/", ": 120 states"}},
		{name: "unknown preset", why: "a typo must fail, not pass having explored nothing",
			args: []string{"-explore.preset=Exacct"}, wantFail: true, want: []string{`unknown preset "Exacct"`, "Origin13"}},
		{name: "budget outside deep", why: "-explore.users is read by -explore.deep only",
			args: []string{"-explore.users=2"}, wantFail: true, want: []string{"-explore.users: only -explore.deep reads them"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"-test.run=^TestExplore$", "-test.short", "-test.v", "-test.count=1"}, tt.args...)
			cmd := exec.Command(os.Args[0], args...)
			cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, envTier+"=") })
			out, err := cmd.CombinedOutput()
			if failed := err != nil; failed != tt.wantFail {
				t.Errorf("TestExplore %v: error %v, want failure %v (%s)\n%s", tt.args, err, tt.wantFail, tt.why, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("TestExplore %v: output lacks %q (%s)\n%s", tt.args, w, tt.why, out)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(string(out), w) {
					t.Errorf("TestExplore %v: output has %q (%s)\n%s", tt.args, w, tt.why, out)
				}
			}
		})
	}
}
