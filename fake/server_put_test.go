package fake_test

import (
	"context"
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

// TestMergeIsPut: a server merged from servers seeded by Put, one object
// each, holds what one server seeded by Put with all of them holds, and
// mints the same resource version and uid next.
func TestMergeIsPut(t *testing.T) {
	objs := []struct{ res, obj string }{
		{wire.ResourcePods, `{"metadata":{"namespace":"ns","name":"a","resourceVersion":"5"},"spec":{"z":1, "b":2}}`},
		{wire.ResourceRCs, `{"metadata":{"namespace":"ns","name":"web-1","resourceVersion":"12"}}`},
		{wire.ResourcePods, `{"metadata":{"namespace":"ns","name":"b"}}`},                                 // no version
		{wire.ResourcePods, `{"metadata":{"namespace":"ns","name":"a","resourceVersion":"3"},"spec":{}}`}, // replaces the first
	}
	put := fake.NewServer(fake.Epoch)
	merged := fake.NewServer(fake.Epoch)
	for _, o := range objs {
		if err := put.Put(o.res, []byte(o.obj)); err != nil {
			t.Fatal(err)
		}
		one := fake.NewServer(fake.Epoch)
		if err := one.Put(o.res, []byte(o.obj)); err != nil {
			t.Fatal(err)
		}
		merged.Merge(one)
	}
	create := wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Namespace: "ns", Name: "c",
		Body: []byte(`{"metadata":{"namespace":"ns","name":"c"}}`)}
	for _, s := range []*fake.Server{put, merged} {
		if _, err := s.Do(context.Background(), create); err != nil {
			t.Fatal(err)
		}
	}
	for _, res := range []string{wire.ResourcePods, wire.ResourceRCs} {
		want, got := put.Objects(res, "ns"), merged.Objects(res, "ns")
		if len(got) != len(want) {
			t.Fatalf("%s: merged holds %d objects, put %d", res, len(got), len(want))
		}
		for i := range want {
			if string(got[i]) != string(want[i]) {
				t.Errorf("%s: merged holds %s, put %s", res, got[i], want[i])
			}
		}
	}
	if c, _ := merged.Object(wire.ResourcePods, "ns", "c"); !strings.Contains(string(c), `"resourceVersion":"13"`) {
		t.Errorf("the pod created after the merge is %s, want resourceVersion 13", c)
	}
}

// TestPutShared: PutShared stores what Put stores; bytes already in that
// form are kept themselves rather than copied, others are rendered anew.
func TestPutShared(t *testing.T) {
	for _, tt := range []struct {
		in     string
		shared bool
	}{
		{`{"metadata":{"name":"a","namespace":"ns"},"spec":{"b":2,"z":1}}`, true},
		{`{"metadata":{"namespace":"ns","name":"a"}, "spec":{"z":1,"b":2}}`, false},
	} {
		put, shared := fake.NewServer(fake.Epoch), fake.NewServer(fake.Epoch)
		obj := []byte(tt.in)
		if err := put.Put(wire.ResourcePods, obj); err != nil {
			t.Fatal(err)
		}
		if err := shared.PutShared(wire.ResourcePods, obj); err != nil {
			t.Fatal(err)
		}
		want, _ := put.Object(wire.ResourcePods, "ns", "a")
		got, _ := shared.Object(wire.ResourcePods, "ns", "a")
		if string(got) != string(want) {
			t.Errorf("PutShared(%s) stored %s, Put %s", tt.in, got, want)
		}
		obj[len(obj)-3] = '9' // "z":1 becomes 9: no caller may do this; here it shows what is shared
		after, _ := shared.Object(wire.ResourcePods, "ns", "a")
		if isShared := string(after) != string(got); isShared != tt.shared {
			t.Errorf("PutShared(%s) shares the caller's bytes: %v, want %v", tt.in, isShared, tt.shared)
		}
	}
	if err := fake.NewServer(fake.Epoch).PutShared(wire.ResourcePods, []byte(`[1]`)); err == nil {
		t.Error("PutShared of a JSON array: no error")
	}
}

// TestMergeKeepsCountersAhead: merging a server whose counters are behind
// leaves s's: the uids and resource versions s minted are not minted
// again.
func TestMergeKeepsCountersAhead(t *testing.T) {
	s := fake.NewServer(fake.Epoch)
	create := func(name string) (uid, rv any) {
		t.Helper()
		if _, err := s.Do(context.Background(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Namespace: "ns", Name: name,
			Body: []byte(`{"metadata":{"namespace":"ns","name":"` + name + `"}}`)}); err != nil {
			t.Fatal(err)
		}
		b, _ := s.Object(wire.ResourcePods, "ns", name)
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return meta(m)["uid"], meta(m)["resourceVersion"]
	}
	uidA, rvA := create("a")
	behind := fake.NewServer(fake.Epoch)
	if err := behind.Put(wire.ResourcePods, []byte(`{"metadata":{"namespace":"ns","name":"z"}}`)); err != nil {
		t.Fatal(err)
	}
	s.Merge(behind)
	if uidB, rvB := create("b"); uidB == uidA || rvB == rvA {
		t.Errorf("after a merge, pod b has uid %v and resourceVersion %v, as pod a had before it", uidB, rvB)
	}
}
