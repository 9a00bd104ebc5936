package wire

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestDecodeEnvNoneIsNil pins DecodeEnv's reading of no environment
// (SPEC 4.3.new.4's deployer environment, Settings.Environment): an empty
// document, null and [] give nil and no error, as a controller configured
// without extra variables has none; a document that is no list is
// malformed. Kills the mutations that drop the empty-document and the
// null cases (both then refused).
func TestDecodeEnvNoneIsNil(t *testing.T) {
	for _, doc := range []string{"", "null", " null ", "[]"} {
		env, err := DecodeEnv([]byte(doc))
		if err != nil || env != nil {
			t.Errorf("DecodeEnv(%q) = %v, %v; want nil, nil", doc, env, err)
		}
	}
	if env, err := DecodeEnv(nil); err != nil || env != nil {
		t.Errorf("DecodeEnv(nil) = %v, %v; want nil, nil", env, err)
	}
	for _, doc := range []string{"{}", `"A=1"`, "[1]"} {
		if _, err := DecodeEnv([]byte(doc)); !errors.Is(err, dcplan.ErrMalformed) {
			t.Errorf("DecodeEnv(%q) error = %v, want ErrMalformed", doc, err)
		}
	}
}
