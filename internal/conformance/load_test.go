package conformance_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/internal/conformance"
)

// TestParse pins what Parse refuses in a scenario file: a member the
// format does not have (a misspelt key would silently drop part of the
// world or of the expectation), or has only in another case (which
// encoding/json alone would take), a file without a name, an unknown pass.
func TestParse(t *testing.T) {
	tests := []struct{ name, why, in, err string }{
		{name: "minimal", why: "the control", in: `{"name":"x","pass":"dc","now":"2026-11-01T12:00:00Z","input":{"rcs":[]},"expected":{"writes":[],"events":[],"error":""}}`},
		{name: "unknown member", why: "a misspelt expectation is not ignored",
			in:  `{"name":"x","pass":"dc","expected":{"writes":[],"events":[],"error":"","errorKind":"retry"}}`,
			err: `conformance: parse scenario: json: unknown field "errorKind"`},
		{name: "mis-cased member", why: "encoding/json alone would fill Write.Verb from \"Verb\"",
			in:  `{"name":"x","pass":"dc","expected":{"writes":[{"Verb":"update"}],"events":[],"error":""}}`,
			err: `conformance: parse scenario: unknown field "Verb" at expected.writes[0] (keys are case-sensitive)`},
		{name: "mis-cased top level", why: "the top level is checked too",
			in:  `{"name":"x","Pass":"dc","pass":"dc"}`,
			err: `conformance: parse scenario: unknown field "Pass" at the top level (keys are case-sensitive)`},
		{name: "raw members not judged", why: "an object's own keys (a DC's, a write's fields) are Kubernetes', any case",
			in: `{"name":"x","pass":"dc","input":{"dc":{"Kind":"x"},"rcs":[{"A":1}]},"expected":{"writes":[{"fields":{"Spec.X":1}}],"events":[],"error":""}}`},
		{name: "no name", why: "every scenario is named", in: `{"pass":"dc"}`, err: "conformance: parse scenario: no name"},
		{name: "unknown pass", why: "a pass is dc or deployer", in: `{"name":"x","pass":"rc"}`, err: `conformance: parse scenario x: unknown pass "rc"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := conformance.Parse([]byte(tc.in))
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.err {
				t.Errorf("%s: Parse error %q, want %q", tc.why, got, tc.err)
			}
		})
	}
}

// writeArchive writes files (name to content) as a .tar.gz and returns its
// path.
func writeArchive(t *testing.T, files map[string]string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for _, name := range sortedNames(files) {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(files[name])), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(files[name])); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "a.tar.gz")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func sortedNames(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestLoad pins that Load fails, naming the archive and the file, on an
// archive that is no gzip, on a scenario file that does not parse, and on
// a file whose name is not the scenario's; and that it loads the good
// files of an archive sorted by name, skipping what is not *.json.
func TestLoad(t *testing.T) {
	good := func(name string) string { return `{"name":"` + name + `","pass":"dc"}` }
	t.Run("not gzip", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "a.tar.gz")
		if err := os.WriteFile(path, []byte("plain text"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := conformance.Load(path)
		if err == nil || err.Error() != "conformance: load "+path+": gzip: invalid header" {
			t.Errorf("Load of a text file: error %v, want gzip: invalid header", err)
		}
	})
	t.Run("bad scenario", func(t *testing.T) {
		path := writeArchive(t, map[string]string{"scenarios/a.json": good("a"), "scenarios/b.json": `{"name":"b","pass":"dc","colour":1}`})
		_, err := conformance.Load(path)
		want := "conformance: load " + path + `: scenarios/b.json: conformance: parse scenario: json: unknown field "colour"`
		if err == nil || err.Error() != want {
			t.Errorf("Load: error %v, want %q", err, want)
		}
	})
	t.Run("truncated", func(t *testing.T) {
		path := writeArchive(t, map[string]string{"scenarios/a.json": `{"name":"a","pass":"dc","why":"` + strings.Repeat("x", 1<<16) + `"}`})
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data[:len(data)-64], 0o644); err != nil {
			t.Fatal(err)
		}
		_, err = conformance.Load(path)
		want := "conformance: load " + path + ": scenarios/a.json: unexpected EOF"
		if err == nil || err.Error() != want {
			t.Errorf("Load of a truncated archive: error %v, want %q", err, want)
		}
	})
	t.Run("misnamed", func(t *testing.T) {
		path := writeArchive(t, map[string]string{"scenarios/a.json": good("b")})
		_, err := conformance.Load(path)
		want := "conformance: load " + path + `: scenarios/a.json names itself "b"`
		if err == nil || err.Error() != want {
			t.Errorf("Load: error %v, want %q", err, want)
		}
	})
	t.Run("good", func(t *testing.T) {
		path := writeArchive(t, map[string]string{"scenarios/b.json": good("b"), "scenarios/a.json": good("a"), "README.md": "x"})
		got, err := conformance.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, sc := range got {
			names = append(names, sc.Name)
		}
		if strings.Join(names, ",") != "a,b" {
			t.Errorf("Load: scenarios %q, want a,b", names)
		}
	})
}

// TestRunSeedError pins that Run reports a world it cannot seed (here a
// fault of an unknown verb) instead of playing the pass on a partial
// world.
func TestRunSeedError(t *testing.T) {
	var sc conformance.Scenario
	for _, s := range loadAll(t) {
		if s.Name == "gen-1-4128" {
			sc = s
		}
	}
	sc.Input.Faults = append(sc.Input.Faults, conformance.Fault{Verb: "list", Resource: "pods", Error: conformance.FaultError{Message: "x"}})
	_, err := conformance.Run(sc, dcplan.Exact.Settings())
	if want := `conformance: seed gen-1-4128: fault verb "list"`; err == nil || err.Error() != want {
		t.Errorf("Run: error %v, want %q", err, want)
	}
}

// TestSeedErrors pins that Seed reports a world the server cannot hold
// (an RC without a name) and a malformed live.absent entry, instead of
// seeding part of the world.
func TestSeedErrors(t *testing.T) {
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name, why string
		input     conformance.Input
		err       string
	}{
		{name: "nameless RC", why: "the server refuses the object",
			input: conformance.Input{RCs: []json.RawMessage{json.RawMessage(`{"metadata":{"namespace":"ns"}}`)}},
			err:   "conformance: seed x: fake: put replicationcontrollers: the object has no metadata.name"},
		{name: "absent without a name", why: "an entry is <resource>/<name>",
			input: conformance.Input{Live: &conformance.Live{Absent: []string{"pods"}}},
			err:   `conformance: seed x: live.absent entry "pods" is not <resource>/<name>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := conformance.Seed(fake.NewServer(now), conformance.Scenario{Name: "x", Pass: conformance.PassConfig, Now: now, Input: tc.input})
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: Seed error %v, want %q", tc.why, err, tc.err)
			}
		})
	}
}

// TestRunChecksForm pins that Run fails a pass whose requests a real
// server reads differently than the recorded form shows (CheckForm):
// gen-1-8162's status update is built from the cached DC, and here the
// server holds that DC with one more label, so the update would drop it
// although the recorded form (status leaves only) agrees with upstream.
func TestRunChecksForm(t *testing.T) {
	var sc conformance.Scenario
	for _, s := range loadAll(t) {
		if s.Name == "gen-1-8162" {
			sc = s
		}
	}
	if got, err := conformance.Run(sc, dcplan.Exact.Settings()); err != nil || conformance.Compare(sc.Expected, got) != "" {
		t.Fatalf("the control: gen-1-8162 does not agree with upstream: %v", err)
	}
	var dc map[string]any
	if err := json.Unmarshal(sc.Input.DC, &dc); err != nil {
		t.Fatal(err)
	}
	dc["metadata"].(map[string]any)["labels"].(map[string]any)["extra"] = "x"
	live, err := json.Marshal(dc)
	if err != nil {
		t.Fatal(err)
	}
	sc.Input.Live = &conformance.Live{DC: live}
	_, err = conformance.Run(sc, dcplan.Exact.Settings())
	want := "conformance: gen-1-8162: requests a real server reads differently than the recorded form shows:\n" +
		`  write 0 (update deploymentconfigs/status test/config): changes {"metadata.labels.extra":null} outside status`
	if err == nil || err.Error() != want {
		t.Errorf("Run: error %v, want %q", err, want)
	}
}
