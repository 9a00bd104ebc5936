package wire

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestDecodeDeletionTimestamp pins how the decoders read
// metadata.deletionTimestamp, which makes a DC one being deleted (SPEC
// 3.2.4) and an RC or pod one on its way out: any RFC 3339 time, the zero
// time included, means deleting; absent, null and "" (which reads as no
// time, as every timestamp does) do not; any other string is no
// Kubernetes time and fails the decode (SPEC 13.1). Kills the mutations
// that count "" as deleting and that drop the check of the time.
func TestDecodeDeletionTimestamp(t *testing.T) {
	tests := []struct {
		meta     string
		deleting bool
		bad      bool
	}{
		{`"deletionTimestamp":"2026-11-01T11:59:30Z"`, true, false},
		{`"deletionTimestamp":"0001-01-01T00:00:00Z"`, true, false},
		{`"deletionTimestamp":null`, false, false},
		{`"deletionTimestamp":""`, false, false},
		{`"labels":{}`, false, false},
		{`"deletionTimestamp":"yesterday"`, false, true},
	}
	decoders := map[string]func(meta string) (bool, error){
		"dc": func(meta string) (bool, error) {
			c, err := DecodeConfig([]byte(`{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web",` + meta + `}}`))
			return c.Deleting, err
		},
		"rc": func(meta string) (bool, error) {
			d, err := DecodeDeployment([]byte(`{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1",` + meta + `}}`))
			return d.Deleting, err
		},
		"pod": func(meta string) (bool, error) {
			p, err := DecodePod([]byte(`{"kind":"Pod","apiVersion":"v1","metadata":{"name":"web-1-deploy",` + meta + `}}`))
			return p.Deleting, err
		},
	}
	for kind, decode := range decoders {
		for _, tt := range tests {
			deleting, err := decode(tt.meta)
			switch {
			case tt.bad && !errors.Is(err, dcplan.ErrMalformed):
				t.Errorf("%s {%s}: error = %v, want ErrMalformed", kind, tt.meta, err)
			case !tt.bad && err != nil:
				t.Errorf("%s {%s}: error = %v", kind, tt.meta, err)
			case !tt.bad && deleting != tt.deleting:
				t.Errorf("%s {%s}: Deleting = %v, want %v", kind, tt.meta, deleting, tt.deleting)
			}
		}
	}
}
