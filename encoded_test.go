package dcplan_test

import (
	"reflect"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
)

// countingDecoder returns a decoder for DecodeEncodedLater that reads the
// whole src as a DC name ("" does not decode), and counts its calls.
func countingDecoder() (func(dcplan.RawJSON) (*dcplan.Config, string), *atomic.Int32) {
	var calls atomic.Int32
	return func(src dcplan.RawJSON) (*dcplan.Config, string) {
		calls.Add(1)
		if len(src) == 0 {
			return nil, "empty"
		}
		return &dcplan.Config{Name: string(src), Raw: src}, ""
	}, &calls
}

func TestEncodedConfigValues(t *testing.T) {
	var zero dcplan.EncodedConfig
	if zero.Present() || zero.Config() != nil || zero.Problem() != "" || !zero.Source().IsZero() {
		t.Errorf("zero EncodedConfig: present %v, config %v, problem %q, source %q; want an absent annotation",
			zero.Present(), zero.Config(), zero.Problem(), zero.Source().Bytes())
	}

	cfg := dcplan.Config{Name: "web", Labels: []dcplan.KeyValue{{Key: "app", Value: "web"}}}
	e := dcplan.EncodedOf(cfg)
	cfg.Labels[0].Value = "changed" // EncodedOf keeps a copy
	if got := e.Config(); !e.Present() || got == nil || got.Labels[0].Value != "web" || e.Problem() != "" || !e.Source().IsZero() {
		t.Errorf("EncodedOf: present %v, config %+v, problem %q, source %q; want a copy of the DC", e.Present(), got, e.Problem(), e.Source().Bytes())
	}

	bad := dcplan.EncodedUndecodable("couldn't get version/kind")
	if !bad.Present() || bad.Config() != nil || bad.Problem() != "couldn't get version/kind" {
		t.Errorf("EncodedUndecodable: present %v, config %v, problem %q", bad.Present(), bad.Config(), bad.Problem())
	}
	if p := dcplan.EncodedUndecodable("").Problem(); p == "" {
		t.Errorf("EncodedUndecodable(\"\").Problem() is empty; an undecodable annotation always says why")
	}
}

// TestDecodeEncodedLater: the decoder runs once, on the first question,
// however many copies and goroutines ask; Present and Source decode
// nothing.
func TestDecodeEncodedLater(t *testing.T) {
	decode, calls := countingDecoder()
	src := dcplan.RawJSON("web")
	e := dcplan.DecodeEncodedLater(dcplan.StoreJSON(src), decode)
	copied := e
	if !e.Present() || string(e.Source().Bytes()) != "web" || calls.Load() != 0 {
		t.Fatalf("before any question: present %v, source %q, %d decodes; want present, the source, none", e.Present(), e.Source().Bytes(), calls.Load())
	}
	var wg sync.WaitGroup
	got := make([]*dcplan.Config, 8)
	for i := range got {
		wg.Go(func() {
			if i%2 == 0 {
				got[i] = e.Config()
			} else {
				got[i] = copied.Config()
			}
		})
	}
	wg.Wait()
	for i, c := range got {
		if c != got[0] || c == nil || c.Name != "web" {
			t.Fatalf("Config() of goroutine %d = %p %+v, want the one shared DC named web (%p)", i, c, c, got[0])
		}
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("the decoder ran %d times, want once", n)
	}

	decode, calls = countingDecoder()
	bad := dcplan.DecodeEncodedLater(dcplan.StoredJSON{}, decode)
	if bad.Config() != nil || bad.Problem() != "empty" || calls.Load() != 1 {
		t.Errorf("undecodable: config %v, problem %q after %d decodes; want nil, the decoder's words, one", bad.Config(), bad.Problem(), calls.Load())
	}
}

func TestEncodedConfigEqual(t *testing.T) {
	decode, _ := countingDecoder()
	web := dcplan.Config{Name: "web", Raw: dcplan.RawJSON("web")}
	tests := []struct {
		name string
		a, b dcplan.EncodedConfig
		want bool
	}{
		{"both absent", dcplan.EncodedConfig{}, dcplan.EncodedConfig{}, true},
		{"absent and present", dcplan.EncodedConfig{}, dcplan.EncodedOf(web), false},
		{"same DC, given and decoded", dcplan.EncodedOf(web), dcplan.DecodeEncodedLater(dcplan.StoreJSON(dcplan.RawJSON("web")), decode), true},
		{"two decodings", dcplan.DecodeEncodedLater(dcplan.StoreJSON(dcplan.RawJSON("web")), decode), dcplan.DecodeEncodedLater(dcplan.StoreJSON(dcplan.RawJSON("web")), decode), true},
		{"other DC", dcplan.EncodedOf(web), dcplan.EncodedOf(dcplan.Config{Name: "api"}), false},
		{"same DC, other Raw", dcplan.EncodedOf(web), dcplan.EncodedOf(dcplan.Config{Name: "web"}), false},
		{"same problem", dcplan.EncodedUndecodable("x"), dcplan.EncodedUndecodable("x"), true},
		{"other problem", dcplan.EncodedUndecodable("x"), dcplan.EncodedUndecodable("y"), false},
		{"problem and DC", dcplan.EncodedUndecodable("x"), dcplan.EncodedOf(web), false},
	}
	for _, tt := range tests {
		if got := tt.a.Equal(tt.b); got != tt.want {
			t.Errorf("%s: Equal = %v, want %v", tt.name, got, tt.want)
		}
		if got := tt.b.Equal(tt.a); got != tt.want {
			t.Errorf("%s, swapped: Equal = %v, want %v", tt.name, got, tt.want)
		}
		// go-cmp uses Equal.
		if got := cmp.Equal(dcplan.Deployment{Encoded: tt.a}, dcplan.Deployment{Encoded: tt.b}); got != tt.want {
			t.Errorf("%s: cmp.Equal of the Deployments = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestCloneEncoded: Clone copies a given DC deeply and shares one a codec
// decodes on demand, decoding nothing; either way the clone is
// reflect.DeepEqual to the original.
func TestCloneEncoded(t *testing.T) {
	d := dcplan.Deployment{Name: "web-1", Encoded: dcplan.EncodedOf(dcplan.Config{Name: "web", Labels: []dcplan.KeyValue{{Key: "a", Value: "b"}}})}
	c := d.Clone()
	if !reflect.DeepEqual(d, c) {
		t.Fatalf("Clone of a Deployment with a given encoded DC is not DeepEqual to it")
	}
	if c.Encoded.Config() == d.Encoded.Config() || &c.Encoded.Config().Labels[0] == &d.Encoded.Config().Labels[0] {
		t.Errorf("Clone shares the given encoded DC; want a deep copy")
	}

	decode, calls := countingDecoder()
	d = dcplan.Deployment{Name: "web-1", Raw: dcplan.StoreJSON(dcplan.RawJSON("web")), Encoded: dcplan.DecodeEncodedLater(dcplan.StoreJSON(dcplan.RawJSON("web")), decode)}
	c = d.Clone()
	if calls.Load() != 0 {
		t.Errorf("Clone decoded the encoded DC (%d decodes); want none", calls.Load())
	}
	if !reflect.DeepEqual(d, c) {
		t.Errorf("Clone of a decoded Deployment is not DeepEqual to it")
	}
	if c.Encoded.Config() != d.Encoded.Config() || calls.Load() != 1 {
		t.Errorf("clone and original decode apart (%d decodes); want one shared decoding", calls.Load())
	}
}

// TestEncodedOfSource: a DC given with the annotation a codec wrote for
// it reads as EncodedOf's copy, reports that annotation as its Source,
// and keeps both through Clone (the copy's DC deep, the source shared).
func TestEncodedOfSource(t *testing.T) {
	cfg := dcplan.Config{Name: "web", Labels: []dcplan.KeyValue{{Key: "app", Value: "web"}}}
	src := dcplan.StoreJSON(dcplan.RawJSON(`"{\"metadata\":{\"name\":\"web\"}}\n"`))
	e := dcplan.EncodedOfSource(cfg, src)
	cfg.Labels[0].Value = "changed" // a copy is kept
	if got := e.Config(); !e.Present() || got == nil || got.Labels[0].Value != "web" || e.Problem() != "" {
		t.Fatalf("EncodedOfSource: present %v, config %+v, problem %q; want a copy of the DC", e.Present(), got, e.Problem())
	}
	if !e.Source().Equal(src) {
		t.Errorf("EncodedOfSource: Source %q, want %q", e.Source().Bytes(), src.Bytes())
	}
	if !e.Equal(dcplan.EncodedOf(dcplan.Config{Name: "web", Labels: []dcplan.KeyValue{{Key: "app", Value: "web"}}})) {
		t.Errorf("EncodedOfSource does not read as EncodedOf of the same DC")
	}
	if z := dcplan.EncodedOfSource(cfg, dcplan.StoredJSON{}); !z.Source().IsZero() || z.Config() == nil {
		t.Errorf("EncodedOfSource without a source: source %q, config %v; want EncodedOf's value", z.Source().Bytes(), z.Config())
	}

	d := dcplan.Deployment{Name: "web-1", Encoded: e}
	c := d.Clone()
	if !reflect.DeepEqual(d, c) {
		t.Fatalf("Clone of a Deployment with a sourced encoded DC is not DeepEqual to it")
	}
	if c.Encoded.Config() == d.Encoded.Config() || !c.Encoded.Source().Equal(src) {
		t.Errorf("Clone: shares the DC %v, source %q; want a deep copy of the DC and the same source", c.Encoded.Config() == d.Encoded.Config(), c.Encoded.Source().Bytes())
	}
}
