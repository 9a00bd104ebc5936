package jsontree

import (
	"fmt"
	"strings"
	"testing"
)

// edgeCases are documents on the edges of the grammar and of canonical
// form that no other test reached: each one kills a mutant of the
// scanners or renderers that survived every test before (the mutant is
// named in why). They seed the fuzz targets, and TestScanEdges checks
// each against encoding/json.
var edgeCases = []struct{ name, doc, why string }{
	{
		name: "null member",
		doc:  `{"a":null,"b":1}`,
		why:  "AppendCanonical keeps a null member and only AppendCanon with dropNull drops it (AppendCanon: the dropNull check dropped); every null member of the seeds was shadowed by a later duplicate key",
	},
	{
		name: "null member one level down",
		doc:  `{"a":{"b":null}}`,
		why:  "HasNullMember looks inside members (HasNullMember: the recursion into members dropped)",
	},
	{
		name: "null member inside an array",
		doc:  `[1,{"a":null}]`,
		why:  "HasNullMember looks inside elements (HasNullMember: an element's null member not reported)",
	},
	{
		name: "raw line separators beside an escape",
		doc:  "[\"\\n\u2028\",\"\\n\u2029\"]",
		why:  "an escaped string copied as it stands must not hold a raw U+2028 or U+2029, which json.Marshal escapes (canonicalEscaped: the U+2029 check dropped); one string each, as either sends its whole string to AppendString",
	},
	{
		name: "short forms spelled as \\u",
		doc:  `["\u0008","\u0009","\u000a","\u000c","\u000d"]`,
		why:  "json.Marshal writes \\b, \\t, \\n, \\f, \\r, so their \\u spellings are no canonical form (CanonicalU: '\\t' or '\\f' dropped from the short forms); one string each, as one non-canonical escape sends its whole string to AppendString",
	},
	{
		name: "\\u escapes json.Marshal does not write",
		doc:  `["\u0027","\u007f","\u001F","\u003C","\u0041","\u00e9"]`,
		why:  "CanonicalU accepts only the escapes AppendString writes, in lower case (CanonicalU: \"0026\" -> \"0027\", the \"007\" row let in, upper case let in)",
	},
	{
		name: "raw unit separator",
		doc:  "\"\x1f\"",
		why:  "0x1f is the last control character, which a string must escape (text: c < 0x20 -> c < 0x1f; checkString the same, through the \"items\" wrappers)",
	},
	{
		name: "raw unit separator after an escape",
		doc:  "\"\\na\x1f\"",
		why:  "the same past the first escape, where unquote reads the string (unquote: 0x20 -> 0x1f, at an escape's end and in a run of ASCII)",
	},
	{
		name: "backslash ending the document",
		doc:  `"\`,
		why:  "a backslash with nothing after it is refused, not read past the end (unquote: i+1 >= len -> >, a panic)",
	},
	{
		name: "backslash ending an item",
		doc:  `{"items":["\`,
		why:  "the same in ScanList's items (checkString: i+1 >= len -> >, a panic)",
	},
	{
		name: "escaped solidus",
		doc:  `"\/"`,
		why:  `\/ reads as "/" in ScanList's items too (checkString: '/' dropped from the short escapes)`,
	},
	{
		name: "high surrogate then a short escape and hex digits",
		doc:  `"\ud83d\tde00"`,
		why:  `only a \u escape can be a low surrogate: \t followed by "de00" is a tab and text (escapeU: the b[1] != 'u' check dropped)`,
	},
	{
		name: "misspelt literal",
		doc:  `[trux]`,
		why:  "a literal is read whole, not by its first letter (literal: only word[0] compared)",
	},
	{
		name: "fraction without digits",
		doc:  `[1.,2]`,
		why:  "a point must be followed by a digit (numberEnd: d[i] < '0' dropped after the point)",
	},
	{
		name: "a number before a closing brace",
		doc:  `0}`,
		why:  "ScanList reads only objects (ScanList: != '{' -> == '[')",
	},
	{
		name: "unquoted key",
		doc:  `{x":1}`,
		why:  "a key starts with a quote, in ScanList's items too (check: the key's quote check dropped)",
	},
	{
		name: "objects 10 000 deep",
		doc:  strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000),
		why:  "encoding/json reads objects as deep as its limit, and as a member of a list one level less (object: depth > maxDepth -> >=; ScanList: a member read at depth 0, not 1)",
	},
	{
		name: "an array 9 999 deep inside an object",
		doc:  `{"k":` + strings.Repeat("[", 9998) + strings.Repeat("]", 9998) + `}`,
		why:  `as a list's "items" that is no array it is 10 000 deep, at the limit (ScanList: "items" that is no array read at depth 2, not 1)`,
	},
	{
		name: "a trailing comma in an array inside an unclosed array",
		doc:  `[[1,]`,
		why:  "an element that does not read fails its array, which must not stop there as read, leaving its closing bracket to close the array around it (array: return nil, false -> true after an element, which read [[1,] as [null])",
	},
	{
		name: "a key without its colon inside an array",
		doc:  `[{"a"]`,
		why:  `a key must be followed by a colon in ScanList's items too, where check only moves past values (check: the colon's return false -> true, which let {"items":[{"a"]} through)`,
	},
	{
		name: "many members out of order, each key twice",
		doc:  reversedTwice(40),
		why:  "of duplicate keys the last wins in canonical form as in the tree: the members' sort must be stable, which only shows past the 12 members pdqsort sorts by insertion (canonObject, DistinctMembers: SortStableFunc -> SortFunc)",
	},
}

// reversedTwice returns an object of n keys in descending order, each
// key twice, first with the value 0 and then with 1.
func reversedTwice(n int) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := n - 1; i >= 0; i-- {
		if i < n-1 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%02d":0,"k%02d":1`, i, i)
	}
	b.WriteByte('}')
	return b.String()
}

// TestScanEdges holds Scan, ScanCanon, ScanTape and ScanList to
// encoding/json on each of edgeCases, with the checks of FuzzScan,
// FuzzTape and FuzzScanList; ScanList also reads each document as a
// member, as "items" and as an element of "items".
func TestScanEdges(t *testing.T) {
	for _, tc := range edgeCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Logf("why: %s", tc.why)
			data := []byte(tc.doc)
			checkScan(t, data)
			checkTape(t, data)
			checkScanList(t, data)
			for _, wrap := range []string{`{"a":%s}`, `{"items":%s}`, `{"items":[%s]}`} {
				checkScanList(t, fmt.Appendf(nil, wrap, tc.doc))
			}
		})
	}
}
