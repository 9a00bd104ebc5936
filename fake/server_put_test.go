package fake_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestPutStoresCanonicalForm: Put stores what json.Marshal makes of the
// object it reads (keys sorted, compact, HTML characters escaped), and
// refuses what is no named JSON object.
func TestPutStoresCanonicalForm(t *testing.T) {
	s := fake.NewServer(fake.Epoch)
	in := `{ "metadata": {"namespace":"ns", "name":"p<1>", "resourceVersion":"7"}, "spec": {"x": 1.50, "a": [true, null]} }`
	if err := s.Put(wire.ResourcePods, []byte(in)); err != nil {
		t.Fatal(err)
	}
	got, ok := s.Object(wire.ResourcePods, "ns", "p<1>")
	if !ok {
		t.Fatal("the pod is not stored")
	}
	var tree any
	d := json.NewDecoder(strings.NewReader(in))
	d.UseNumber()
	if err := d.Decode(&tree); err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(tree)
	if string(got) != string(want) {
		t.Errorf("stored %s, want %s", got, want)
	}
	for _, tt := range []struct{ obj, want string }{
		{`[1]`, "not a JSON object"},
		{`null`, "not a JSON object"},
		{`{"metadata":`, "unexpected EOF"},
		{`{"metadata":{"namespace":"ns"}}`, "no metadata.name"},
		{`{"metadata":{"name":"x"}} {}`, "after top-level value"},
	} {
		err := s.Put(wire.ResourcePods, []byte(tt.obj))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Put(%s) error = %v, want one containing %q", tt.obj, err, tt.want)
		}
	}
}
