package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/")

// TestGolden runs the preview of each input file of testdata/ and compares
// it with testdata/<name>.golden; -update rewrites the golden files.
func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		why  string
		opts options
	}{
		{"stuck-pending", "a rollout whose deployer pod cannot be scheduled: cancel it, or roll back",
			options{Now: at("2026-11-01T12:40:00Z")}},
		{"failed-after-cancel", "a cancelled, failed rollout: retry resets it, rollout latest starts a new one",
			options{Now: at("2026-11-01T12:10:00Z")}},
		{"healthy-history", "nothing in flight: cancel has nothing to do, retry refuses, rollback picks #7",
			options{Now: at("2026-11-30T10:00:00Z")}},
		{"healthy-history-exact-to-5", "Exact profile, rollback to an explicit revision",
			options{Now: at("2026-11-30T10:00:00Z"), Profile: dcplan.Exact, To: 5}},
		{"failed-after-cancel-origin", "Origin profile: variant B texts",
			options{Now: at("2026-11-01T12:10:00Z"), Profile: dcplan.Origin}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			input := tt.name
			for _, base := range []string{"stuck-pending", "failed-after-cancel", "healthy-history"} {
				if strings.HasPrefix(tt.name, base) {
					input = base
				}
			}
			data, err := os.ReadFile(filepath.Join("testdata", input+".json"))
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := run(&got, data, tt.opts); err != nil {
				t.Fatalf("run() = %v [%s]", err, tt.why)
			}
			golden := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if d := cmp.Diff(string(want), got.String()); d != "" {
				t.Errorf("preview of %s mismatch (-want +got) [%s]:\n%s", input, tt.why, d)
			}
		})
	}
}

func TestRunErrors(t *testing.T) {
	tests := []struct {
		name string
		why  string
		data string
		opts options
		want string
	}{
		{"not json", "the document must decode", "nope", options{}, "dcplan: malformed object"},
		{"no dc", "a document without a DeploymentConfig", `{"kind":"List","apiVersion":"v1","items":[]}`, options{},
			"the document holds no DeploymentConfig"},
		{"unknown dc", "-dc names a DC that is not there", `{"kind":"List","apiVersion":"v1","items":[]}`, options{Config: "web"},
			"not in the document"},
		{"two dcs", "several DCs need -dc",
			`{"kind":"List","apiVersion":"v1","items":[` +
				`{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"a","namespace":"ns"}},` +
				`{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"b","namespace":"ns"}}]}`,
			options{}, "several DeploymentConfigs (a, b): choose one with -dc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(&out, []byte(tt.data), tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("run() error = %v, want one containing %q [%s]", err, tt.want, tt.why)
			}
			if out.Len() != 0 {
				t.Errorf("run() wrote %q on error", out.String())
			}
		})
	}
}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}
