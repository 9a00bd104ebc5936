package fake_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan/wire"
)

// TestServerKeepsClientLatestVersionInDecimal pins the DC update
// strategy's reading of status.latestVersion as a decimal number (SPEC
// 6.4, 6m.4a): a client's 10 over a stored 9 is one above it, so the
// update keeps 10 and counts a generation, and a client's 12 over a
// stored 10 is not, so the stored 10 stays.
func TestServerKeepsClientLatestVersionInDecimal(t *testing.T) {
	for _, tc := range []struct {
		name           string
		stored, client string
		wantLatest     float64
		wantGeneration float64
	}{
		{name: "9 to 10 kept", stored: "9", client: "10", wantLatest: 10, wantGeneration: 6},
		{name: "10 to 12 refused", stored: "10", client: "12", wantLatest: 10, wantGeneration: 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestServer(t)
			dc := strings.Replace(srvDC, `"latestVersion":1`, `"latestVersion":`+tc.stored, 1)
			if err := s.Put(wire.ResourceConfigs, []byte(dc)); err != nil {
				t.Fatal(err)
			}
			body := strings.Replace(srvDC, `"latestVersion":1`, `"latestVersion":`+tc.client, 1)
			if _, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Namespace: "shop", Name: "web",
				Body: []byte(body)}); err != nil {
				t.Fatal(err)
			}
			if got := get(t, s, wire.ResourceConfigs, "web", "status|latestVersion"); got != tc.wantLatest {
				t.Errorf("stored latestVersion %s, client's %s: status.latestVersion = %v, want %v", tc.stored, tc.client, got, tc.wantLatest)
			}
			if got := get(t, s, wire.ResourceConfigs, "web", "metadata|generation"); got != tc.wantGeneration {
				t.Errorf("stored latestVersion %s, client's %s: generation = %v, want %v", tc.stored, tc.client, got, tc.wantGeneration)
			}
		})
	}
}
