package wire_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestRebasedEditsTheKeyReadersTake: in a body that spells a key twice,
// Rebased and WithCreatedAt edit the spelling a reader takes, the last
// (the API server's decoder and wire's own, SPEC 13.1), at every depth
// of the path; editing the first would send a body whose edit the server
// never reads.
func TestRebasedEditsTheKeyReadersTake(t *testing.T) {
	created := time.Date(2026, 12, 7, 6, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		body string
		edit func(wire.Request) (wire.Request, error)
		path []string
		want string
	}{
		{"resourceVersion twice",
			`{"kind":"ReplicationController","metadata":{"name":"web-1","resourceVersion":"1","resourceVersion":"2"}}`,
			func(q wire.Request) (wire.Request, error) { return q.Rebased("9") },
			[]string{"metadata", "resourceVersion"}, "9"},
		{"metadata twice",
			`{"kind":"ReplicationController","metadata":{"name":"web-1","resourceVersion":"1"},"metadata":{"name":"web-1","resourceVersion":"2"}}`,
			func(q wire.Request) (wire.Request, error) { return q.Rebased("9") },
			[]string{"metadata", "resourceVersion"}, "9"},
		{"annotations twice",
			`{"kind":"ReplicationController","metadata":{"name":"web-1","annotations":{"a":"1"},"annotations":{"b":"2"}}}`,
			func(q wire.Request) (wire.Request, error) { return q.WithCreatedAt(created) },
			[]string{"metadata", "annotations", dcplan.AnnotationDeployerCreatedAt}, wire.FormatAnnotationTime(created)},
		{"created-at twice",
			`{"kind":"ReplicationController","metadata":{"name":"web-1","annotations":{"` + dcplan.AnnotationDeployerCreatedAt + `":"x","` + dcplan.AnnotationDeployerCreatedAt + `":"y"}}}`,
			func(q wire.Request) (wire.Request, error) { return q.WithCreatedAt(created) },
			[]string{"metadata", "annotations", dcplan.AnnotationDeployerCreatedAt}, wire.FormatAnnotationTime(created)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "ns", Name: "web-1", Body: []byte(tt.body)}
			got, err := tt.edit(q)
			if err != nil {
				t.Fatal(err)
			}
			var v any
			if err := json.Unmarshal(got.Body, &v); err != nil {
				t.Fatalf("body %s: %v", got.Body, err)
			}
			for _, k := range tt.path {
				m, ok := v.(map[string]any)
				if !ok {
					t.Fatalf("body %s: no object at %q", got.Body, k)
				}
				v = m[k]
			}
			if v != tt.want {
				t.Errorf("body %s: a reader takes %v at %v, want %q", got.Body, v, tt.path, tt.want)
			}
		})
	}
}
