package wire

import "testing"

// TestRenderEditsEverySpellingReadersSee: on a request body that spells
// a key twice (a hand-built one: readBody keeps a body as it stands,
// where readWritten puts an object as read in canonical form), a set
// lands on the last spelling, which every reader takes (SPEC 13.1), and a
// removal removes every spelling (the cancel annotations a success that
// raced a cancel clears, SPEC 4.6): removing one would leave the other
// for a reader to take.
func TestRenderEditsEverySpellingReadersSee(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		cs   changes
		want string
	}{
		{"set", `{"metadata":{"annotations":{"a":"1","a":"2"}}}`, changes{}.setAnnotation("a", "3"),
			`{"metadata":{"annotations":{"a":"1","a":"3"}}}`},
		{"remove", `{"metadata":{"annotations":{"a":"1","b":"x","a":"2"}}}`, changes{}.removeAnnotation("a"),
			`{"metadata":{"annotations":{"b":"x"}}}`},
		{"remove under a key spelled twice", `{"metadata":{"annotations":{"a":"1"}},"metadata":{"annotations":{"a":"2","b":"x"}}}`,
			changes{}.removeAnnotation("a"), `{"metadata":{"annotations":{"a":"1"}},"metadata":{"annotations":{"b":"x"}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ok := readBody([]byte(tt.raw))
			if !ok {
				t.Fatalf("%s does not read", tt.raw)
			}
			defer w.release()
			if got := string(w.render(orderRC, tt.cs)); got != tt.want {
				t.Errorf("render of %s:\n got %s\nwant %s", tt.raw, got, tt.want)
			}
		})
	}
}
