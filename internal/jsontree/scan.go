package jsontree

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// Scan is the package's JSON parser: it reads exactly one JSON value from
// data (surrounding JSON whitespace allowed) into the tree encoding/json
// builds for an `any` target with UseNumber (see Parse), and reports
// false for anything encoding/json would refuse. Parse then asks
// encoding/json, so that errors keep their exact wording; Scan is the
// fast path for the documents that parse, which are nearly all of them.
//
// It agrees with encoding/json on every input (FuzzScan checks it):
// RFC 8259 syntax, numbers kept as written, the last of duplicate object
// keys wins, invalid UTF-8 and unpaired surrogate escapes read as U+FFFD,
// nesting deeper than 10 000 levels refused.
func Scan(data []byte) (any, bool) {
	p := scanner{data: data}
	defer p.giveBack(p.borrow())
	p.space()
	v, ok := p.value(0)
	if !ok {
		return nil, false
	}
	p.space()
	return v, p.pos == len(data)
}

// ScanCanon is Scan that also renders the value in canonical form (as
// AppendCanonical would) while it reads it, sparing a second walk over
// the tree: each value's rendering is appended to canon as it is read, and
// an object's members are put in key order when it closes. canon is
// scratch from Scratch, which the caller gives back with PutScratch (or
// ExactCopy), even when ok is false.
//
// doc is string(data), or "" to have the tree's strings allocated one by
// one as Scan does. The strings and numbers of the tree that need no
// unescaping are then parts of doc rather than copies of their own, one
// allocation instead of hundreds; a reader of such a tree must copy what
// it keeps (as wire's reader does).
func ScanCanon(data []byte, doc string) (v any, canon *[]byte, ok bool) {
	canon = Scratch()
	p := scanner{data: data, doc: doc, canonOn: true, canon: (*canon)[:0]}
	defer p.giveBack(p.borrow())
	p.space()
	v, ok = p.value(0)
	p.space()
	*canon = p.canon
	return v, canon, ok && p.pos == len(data)
}

// maxDepth is encoding/json's nesting limit.
const maxDepth = 10000

// member is one object member being read; with canonOn, canon[cs:ce]
// is its value in canonical form.
type member struct {
	key    string
	val    any
	cs, ce int
	node   int32 // with a tape: the value's node
}

// scanner is the state of one Scan call. Members and elements of the
// objects and arrays being read are collected on shared stacks, so that
// each map and slice is allocated once at its final size.
//
// With canonOn, every value read is also appended to canon in canonical
// form (see ScanCanon); order is scratch for sorting an object's members.
// A non-empty doc is string(data), which strings and numbers are cut from.
// unq is scratch for unescaping strings.
type scanner struct {
	data    []byte
	doc     string
	pos     int
	members []member
	elems   []any
	unq     []byte

	canonOn bool
	canon   []byte
	order   []int
	// plain tells that the last string text read is written in canonical
	// form as it stands: printable ASCII other than `"`, `\`, <, > and &.
	plain bool
	// checkOnly makes text check a string that needs unescaping without
	// building it: it returns "", and unq holds the unescaped bytes.
	checkOnly bool

	// tape, when set, receives the value's nodes instead of a tree:
	// value returns nil, and no map or slice is built (see ScanTape).
	tape *Tape
}

// stacks is the scratch a scanner reuses from one call to the next: its
// member and element stacks, the order of an object's members, and the
// unescaping buffer. A scanner borrows it from stacksPool and gives it
// back cleared, so that a scan allocates only what it returns.
type stacks struct {
	members []member
	elems   []any
	order   []int
	unq     []byte
}

var stacksPool = sync.Pool{New: func() any {
	// Deep and wide enough for every DC and RC.
	return &stacks{members: make([]member, 0, 32), elems: make([]any, 0, 16), order: make([]int, 0, 32)}
}}

// maxPooledStack bounds the stacks kept in the pool: a rare huge document
// does not keep its scratch alive.
const maxPooledStack = 1 << 12

// borrow gives p the pooled scratch; giveBack returns it.
func (p *scanner) borrow() *stacks {
	s := stacksPool.Get().(*stacks)
	p.members, p.elems, p.order, p.unq = s.members[:0], s.elems[:0], s.order[:0], s.unq[:0]
	return s
}

// giveBack clears the scratch p used (a scan that failed half way leaves
// members and elements on the stacks, which hold the document's strings
// and trees) and returns it to the pool.
func (p *scanner) giveBack(s *stacks) {
	if cap(p.members) > maxPooledStack || cap(p.elems) > maxPooledStack || cap(p.order) > maxPooledStack || cap(p.unq) > maxPooledStack<<4 {
		return
	}
	clear(p.members[:cap(p.members)])
	clear(p.elems[:cap(p.elems)])
	s.members, s.elems, s.order, s.unq = p.members[:0], p.elems[:0], p.order[:0], p.unq[:0]
	stacksPool.Put(s)
}

func (p *scanner) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *scanner) value(depth int) (any, bool) {
	if p.pos >= len(p.data) {
		return nil, false
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(depth + 1)
	case c == '[':
		return p.array(depth + 1)
	case c == '"':
		if p.tape != nil {
			return nil, p.tapeString()
		}
		start := p.pos
		s, ok := p.text()
		if !ok {
			return nil, false
		}
		if p.canonOn {
			if raw := p.data[start:p.pos]; p.plain || !plainString(s, raw) && canonicalEscaped(raw[1:len(raw)-1]) {
				p.canon = append(p.canon, raw...) // as AppendString would write it, without the work
			} else {
				p.canon = AppendString(p.canon, s)
			}
		}
		return s, true
	case c == '-' || c >= '0' && c <= '9':
		n, ok := p.number()
		if !ok {
			return nil, false
		}
		if p.canonOn {
			p.canon = append(p.canon, n...)
		}
		if p.tape != nil {
			p.tape.leaf(KindNumber, n) // no json.Number to box
			return nil, true
		}
		return json.Number(n), true
	case c == 't':
		return p.scalar(true, KindBool, "true")
	case c == 'f':
		return p.scalar(false, KindBool, "false")
	case c == 'n':
		return p.scalar(nil, KindNull, "null")
	}
	return nil, false
}

// tapeString reads a string value onto the tape. One that needs
// unescaping (the encoded-config annotation of an RC, a whole DC with
// every quote escaped) is checked but not unescaped: its node holds the
// literal, which Tape.Text unescapes when a reader asks for it.
func (p *scanner) tapeString() bool {
	start := p.pos
	p.checkOnly = true
	s, ok := p.text()
	p.checkOnly = false
	if !ok {
		return false
	}
	raw := p.data[start:p.pos]
	escaped := !p.plain && !plainString(s, raw)
	if p.canonOn {
		switch {
		case p.plain || escaped && canonicalEscaped(raw[1:len(raw)-1]):
			p.canon = append(p.canon, raw...) // as AppendString would write it, without the work
		case escaped:
			p.canon = AppendString(p.canon, p.unq)
		default:
			p.canon = AppendString(p.canon, s)
		}
	}
	if escaped {
		p.unq = p.unq[:0]
		lit := p.doc
		if lit != "" {
			lit = lit[start:p.pos]
		} else {
			lit = string(raw)
		}
		p.tape.escapedLeaf(lit)
		return true
	}
	p.tape.leaf(KindString, s)
	return true
}

// scalar reads the literal word, whose tree value is v (its tape node is
// of kind k).
func (p *scanner) scalar(v any, k Kind, word string) (any, bool) {
	if !p.literal(word) {
		return nil, false
	}
	if p.tape != nil {
		p.tape.leaf(k, word)
		return nil, true
	}
	return v, true
}

func (p *scanner) literal(word string) bool {
	if len(p.data)-p.pos < len(word) || string(p.data[p.pos:p.pos+len(word)]) != word {
		return false
	}
	p.pos += len(word)
	if p.canonOn {
		p.canon = append(p.canon, word...)
	}
	return true
}

func (p *scanner) object(depth int) (any, bool) {
	if depth > maxDepth {
		return nil, false
	}
	p.pos++ // {
	base := len(p.members)
	start := len(p.canon)
	node := p.tape.open(KindObject)
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		if p.canonOn {
			p.canon = append(p.canon, "{}"...)
		}
		if p.tape != nil {
			p.tape.close(node, 0)
			return nil, true
		}
		return map[string]any{}, true
	}
	if p.canonOn {
		p.canon = append(p.canon, '{')
	}
	sorted := true // the keys so far in strictly ascending order
	for {
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return nil, false
		}
		k, ok := p.key()
		if !ok {
			return nil, false
		}
		if p.tape != nil {
			p.tape.leaf(KindString, k)
		}
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return nil, false
		}
		p.pos++
		p.space()
		if p.canonOn {
			if len(p.members) > base && p.members[len(p.members)-1].key >= k {
				sorted = false
			}
			p.canon = AppendString(p.canon, k)
			p.canon = append(p.canon, ':')
		}
		cs, vn := len(p.canon), p.tape.next()
		v, ok := p.value(depth)
		if !ok {
			return nil, false
		}
		p.members = append(p.members, member{k, v, cs, len(p.canon), vn})
		done, ok := p.separator('}')
		if !ok {
			return nil, false
		}
		if done {
			if p.canonOn {
				p.canon = append(p.canon, '}')
			}
			break
		}
		if p.canonOn {
			p.canon = append(p.canon, ',')
		}
	}
	ms := p.members[base:]
	var m map[string]any
	if p.tape != nil {
		p.tape.close(node, len(ms))
	} else {
		m = make(map[string]any, len(ms))
		for _, e := range ms {
			m[e.key] = e.val // the last of duplicate keys wins, as in encoding/json
		}
	}
	if p.canonOn {
		p.canonObject(start, ms, sorted)
	}
	clear(ms)
	p.members = p.members[:base]
	if p.tape != nil {
		return nil, true
	}
	return m, true
}

// canonObject puts canon[start:], the object whose members ms were
// appended in input order (each key in canonical spelling, then its
// value in canonical form), in canonical form: members sorted by key, the
// last of duplicate keys kept (as in the tree). When the keys came
// sorted, as in an object read in canonical form, it stands as it is;
// else the object is rendered after it and moved down over it, so that
// only an object out of order costs a copy of its bytes.
func (p *scanner) canonObject(start int, ms []member, sorted bool) {
	if sorted {
		if p.tape != nil {
			for _, m := range ms {
				p.tape.span(m.node, m.cs-start, m.ce-m.cs)
			}
		}
		return
	}
	order := p.order[:0]
	for i := range ms {
		order = append(order, i)
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(ms[a].key, ms[b].key) })
	p.order = order
	mid := len(p.canon)
	b := append(p.canon, '{')
	first := true
	for j, i := range order {
		if j+1 < len(order) && ms[order[j+1]].key == ms[i].key {
			continue // a later duplicate wins
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = AppendString(b, ms[i].key)
		b = append(b, ':')
		if p.tape != nil {
			p.tape.span(ms[i].node, len(b)-mid, ms[i].ce-ms[i].cs)
		}
		b = append(b, b[ms[i].cs:ms[i].ce]...)
	}
	b = append(b, '}')
	n := copy(b[start:], b[mid:])
	p.canon = b[:start+n]
}

func (p *scanner) array(depth int) (any, bool) {
	if depth > maxDepth {
		return nil, false
	}
	p.pos++ // [
	base := len(p.elems)
	node := p.tape.open(KindArray)
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		if p.canonOn {
			p.canon = append(p.canon, "[]"...)
		}
		if p.tape != nil {
			p.tape.close(node, 0)
			return nil, true
		}
		return []any{}, true
	}
	start := len(p.canon)
	if p.canonOn {
		p.canon = append(p.canon, '[')
	}
	for {
		cs, vn := len(p.canon), p.tape.next()
		v, ok := p.value(depth)
		if !ok {
			return nil, false
		}
		if p.canonOn && p.tape != nil {
			p.tape.span(vn, cs-start, len(p.canon)-cs)
		}
		p.elems = append(p.elems, v)
		done, ok := p.separator(']')
		if !ok {
			return nil, false
		}
		if p.canonOn {
			if done {
				p.canon = append(p.canon, ']')
			} else {
				p.canon = append(p.canon, ',')
			}
		}
		if done {
			break
		}
	}
	if p.tape != nil {
		p.tape.close(node, len(p.elems)-base)
		clear(p.elems[base:])
		p.elems = p.elems[:base]
		return nil, true
	}
	es := p.elems[base:]
	out := make([]any, len(es))
	copy(out, es)
	clear(es)
	p.elems = p.elems[:base]
	return out, true
}

// separator reads what follows a member or an element: a comma (more to
// come) or closing, the end of the object or array (done).
func (p *scanner) separator(closing byte) (done, ok bool) {
	p.space()
	if p.pos >= len(p.data) {
		return false, false
	}
	c := p.data[p.pos]
	p.pos++
	switch c {
	case closing:
		return true, true
	case ',':
		p.space()
		return false, true
	}
	return false, false
}

// key reads an object key. Keys the codec meets in every object are
// shared rather than allocated anew (see commonKeys). On a tape cut from
// a document string a key is a part of it, allocated no more than any
// other string (the tape's readers copy what they keep), so the lookup is
// skipped there.
func (p *scanner) key() (string, bool) {
	if p.tape != nil && p.doc != "" {
		return p.text()
	}
	start := p.pos + 1
	for i := start; i < len(p.data); i++ {
		c := p.data[i]
		if c == '"' {
			if k, ok := commonKeys[string(p.data[start:i])]; ok {
				p.pos = i + 1
				return k, true
			}
			break
		}
		if c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			break
		}
	}
	return p.text()
}

// text reads a string: the bytes between the quotes when they need no
// decoding, else their unquoted form.
func (p *scanner) text() (string, bool) {
	start := p.pos + 1
	p.plain = true
	for i := start; i < len(p.data); i++ {
		c := p.data[i]
		if plainByte[c] {
			continue
		}
		switch {
		case c == '"':
			p.pos = i + 1
			if p.doc != "" {
				return p.doc[start:i], true
			}
			return string(p.data[start:i]), true
		case c == '\\' || c >= utf8.RuneSelf:
			p.plain = false
			return p.unquote(start, i)
		case c < 0x20:
			return "", false
		}
		p.plain = false // <, > or &: AppendString escapes them
	}
	return "", false
}

// shortEscape maps the letter after a backslash to the byte it stands
// for, for JSON's two-character escapes; 0 for any other letter.
var shortEscape = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// unquote reads the rest of a string from i on (start is its first byte),
// decoding escapes and UTF-8 as encoding/json does.
func (p *scanner) unquote(start, i int) (string, bool) {
	if n := SkipString(p.data, start-1) - start; cap(p.unq) < n {
		p.unq = make([]byte, 0, n) // its escaped length bounds it but for invalid UTF-8
	}
	b := append(p.unq[:0], p.data[start:i]...)
	d := p.data
	for i < len(d) {
		c := d[i]
		switch {
		case c == '"':
			p.pos = i + 1
			if p.checkOnly {
				p.unq = b
				return "", true
			}
			p.unq = b[:0]
			return string(b), true
		case c < 0x20:
			return "", false
		case c == '\\':
			if i+1 >= len(d) {
				return "", false
			}
			switch e := d[i+1]; {
			case shortEscape[e] != 0:
				b = append(b, shortEscape[e])
				i += 2
			case e == 'u':
				r := hex4(d[i+2:])
				if r < 0 {
					return "", false
				}
				i += 6
				if utf16.IsSurrogate(r) {
					if r2 := hex4(escapeU(d[i:])); r2 >= 0 {
						if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
							b = utf8.AppendRune(b, dec)
							i += 6
							continue
						}
					}
					r = utf8.RuneError
				}
				b = utf8.AppendRune(b, r)
			default:
				return "", false
			}
		case c < utf8.RuneSelf:
			j := i + 1 // copy the run of plain ASCII at once
			for j < len(d) && d[j] >= 0x20 && d[j] < utf8.RuneSelf && d[j] != '"' && d[j] != '\\' {
				j++
			}
			b = append(b, d[i:j]...)
			i = j
		default:
			r, size := utf8.DecodeRune(d[i:])
			if r == utf8.RuneError && size == 1 {
				b = utf8.AppendRune(b, utf8.RuneError)
			} else {
				b = append(b, d[i:i+size]...)
			}
			i += size
		}
	}
	return "", false
}

// plainString reports whether the string s was read from raw (with its
// quotes) as it stands, without unescaping.
func plainString(s string, raw []byte) bool { return len(raw) == len(s)+2 }

// canonicalEscaped reports whether b, the inside of a JSON string, is
// exactly what AppendString writes for the string it reads as: every
// escape is the one encoding/json uses, and nothing it would escape is
// left raw. A long escaped string (the encoded-config annotation holds a
// whole DC) is then copied into a canonical rendering as it stands.
func canonicalEscaped(b []byte) bool {
	for i := 0; i < len(b); {
		c := b[i]
		if plainByte[c] {
			i++
			continue
		}
		if c == '\\' {
			if i+1 >= len(b) {
				return false
			}
			switch b[i+1] {
			case '"', '\\', 'b', 'f', 'n', 'r', 't':
				i += 2
				continue
			case 'u':
				if i+6 > len(b) || !CanonicalU(string(b[i+2:i+6])) {
					return false
				}
				i += 6
				continue
			}
			return false
		}
		if c < utf8.RuneSelf {
			return false // <, > or &: AppendString escapes them
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			return false
		}
		i += size
	}
	return true
}

// CanonicalU reports whether the four hex digits h of a \u escape are
// ones AppendString writes: a control character without a short form, <,
// > or &, or U+2028 and U+2029, in lower case.
func CanonicalU(h string) bool {
	switch h {
	case "003c", "003e", "0026", "2028", "2029":
		return true
	}
	if h[:3] != "000" && h[:3] != "001" {
		return false
	}
	r := hex4([]byte(h))
	if r < 0 || h[3] >= 'A' && h[3] <= 'F' {
		return false
	}
	switch r {
	case '\b', '\f', '\n', '\r', '\t':
		return false
	}
	return true
}

// escapeU returns the four hex digits of a \u escape at the start of b, or
// nil.
func escapeU(b []byte) []byte {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' {
		return nil
	}
	return b[2:]
}

// hex4 decodes four hex digits at the start of b; -1 when there are none.
func hex4(b []byte) rune {
	if len(b) < 4 {
		return -1
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	return r
}

// number reads a number as written: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *scanner) number() (string, bool) {
	end, ok := p.numberEnd()
	if !ok {
		return "", false
	}
	var n string
	if p.doc != "" {
		n = p.doc[p.pos:end]
	} else {
		n = string(p.data[p.pos:end])
	}
	p.pos = end
	return n, true
}

// numberEnd returns the end of the number at p.pos.
func (p *scanner) numberEnd() (int, bool) {
	d, i := p.data, p.pos
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i] >= '1' && d[i] <= '9':
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	default:
		return 0, false
	}
	if i < len(d) && d[i] == '.' {
		i++
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return 0, false
		}
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return 0, false
		}
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	}
	return i, true
}

// commonKeys holds the object keys of DCs, RCs and pods that every object
// repeats, so that a decoded tree shares one copy of each rather than
// allocating it per object. It is read only.
var commonKeys = func() map[string]string {
	m := map[string]string{}
	for _, k := range []string{
		"apiVersion", "kind", "metadata", "spec", "status", "items",
		"name", "namespace", "uid", "resourceVersion", "generation", "creationTimestamp",
		"deletionTimestamp", "labels", "annotations", "ownerReferences", "controller",
		"blockOwnerDeletion", "selfLink", "managedFields", "finalizers",
		"replicas", "selector", "template", "containers", "image", "imagePullPolicy",
		"resources", "ports", "containerPort", "protocol", "env", "value", "valueFrom",
		"restartPolicy", "terminationGracePeriodSeconds", "dnsPolicy", "securityContext",
		"schedulerName", "terminationMessagePath", "terminationMessagePolicy",
		"readyReplicas", "availableReplicas", "fullyLabeledReplicas", "observedGeneration",
		"updatedReplicas", "unavailableReplicas", "latestVersion", "conditions", "type",
		"lastUpdateTime", "lastTransitionTime", "reason", "message", "details", "causes",
		"strategy", "rollingParams", "recreateParams", "customParams", "triggers",
		"imageChangeParams", "automatic", "containerNames", "from", "lastTriggeredImage",
		"updatePeriodSeconds", "intervalSeconds", "timeoutSeconds", "maxSurge",
		"maxUnavailable", "activeDeadlineSeconds", "revisionHistoryLimit", "test", "paused",
		"minReadySeconds", "phase", "hostIP", "podIP", "startTime", "containerStatuses",
		"nodeName", "serviceAccountName", "serviceAccount", "volumes", "volumeMounts",
		"app", "deployment", "deploymentconfig",
		"openshift.io/deployment-config.latest-version", "openshift.io/deployment-config.name",
		"openshift.io/deployment.phase", "openshift.io/deployment.replicas",
		"openshift.io/encoded-deployment-config", "openshift.io/deployer-pod.name",
		"openshift.io/deployment.name", "openshift.io/deployer-pod-for.name",
		"kubectl.kubernetes.io/desired-replicas", "openshift.io/deployment.status-reason",
		"openshift.io/deployment.cancelled", "openshift.io/generated-by",
	} {
		m[k] = k
	}
	return m
}()

// ScanList reads a JSON object the way Scan does, except for the
// value of its "items" member when that is an array: the elements are
// checked but not built, and their byte ranges returned instead, so that
// a caller can build and decode one item at a time. top is the object
// without "items"; hasItems reports whether the last "items" member (the
// one encoding/json keeps) is an array, and items are then its elements'
// [start, end) offsets. ok is false when data is not exactly one JSON
// object, or Scan would refuse it; every other result is then zero.
func ScanList(data []byte) (top map[string]any, items [][2]int, hasItems, ok bool) {
	p := scanner{data: data}
	p.space()
	if p.pos >= len(data) || data[p.pos] != '{' {
		return nil, nil, false, false
	}
	p.pos++
	top = map[string]any{}
	p.space()
	if p.pos < len(data) && data[p.pos] == '}' {
		p.pos++
	} else {
		for {
			if p.pos >= len(data) || data[p.pos] != '"' {
				return nil, nil, false, false
			}
			k, ok := p.key()
			if !ok {
				return nil, nil, false, false
			}
			p.space()
			if p.pos >= len(data) || data[p.pos] != ':' {
				return nil, nil, false, false
			}
			p.pos++
			p.space()
			if k == "items" {
				delete(top, k)
				items, hasItems = nil, false
				if p.pos < len(data) && data[p.pos] == '[' {
					if items, ok = p.elements(); !ok {
						return nil, nil, false, false
					}
					hasItems = true
				} else {
					v, ok := p.value(1)
					if !ok {
						return nil, nil, false, false
					}
					top[k] = v // not an array: the caller reports it
				}
			} else {
				v, ok := p.value(1)
				if !ok {
					return nil, nil, false, false
				}
				top[k] = v
			}
			p.space()
			if p.pos >= len(data) {
				return nil, nil, false, false
			}
			c := data[p.pos]
			p.pos++
			if c == '}' {
				break
			}
			if c != ',' {
				return nil, nil, false, false
			}
			p.space()
		}
	}
	p.space()
	if p.pos != len(data) {
		return nil, nil, false, false
	}
	return top, items, hasItems, true
}

// elements checks the array at p.pos (a member of the top-level object)
// and returns the byte range of each element.
func (p *scanner) elements() ([][2]int, bool) {
	p.pos++ // [
	var out [][2]int
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return out, true
	}
	for {
		start := p.pos
		if !p.check(3) { // the array is at depth 2, its elements one deeper
			return nil, false
		}
		out = append(out, [2]int{start, p.pos})
		p.space()
		if p.pos >= len(p.data) {
			return nil, false
		}
		c := p.data[p.pos]
		p.pos++
		if c == ']' {
			return out, true
		}
		if c != ',' {
			return nil, false
		}
		p.space()
	}
}

// check moves past the value at p.pos, building nothing, and reports
// whether Scan would read it; depth is the nesting depth an object or
// array there has.
func (p *scanner) check(depth int) bool {
	if p.pos >= len(p.data) {
		return false
	}
	switch c := p.data[p.pos]; {
	case c == '{' || c == '[':
		if depth > maxDepth {
			return false
		}
		end := byte('}')
		if c == '[' {
			end = ']'
		}
		p.pos++
		p.space()
		if p.pos < len(p.data) && p.data[p.pos] == end {
			p.pos++
			return true
		}
		for {
			if c == '{' {
				if p.pos >= len(p.data) || p.data[p.pos] != '"' || !p.checkString() {
					return false
				}
				p.space()
				if p.pos >= len(p.data) || p.data[p.pos] != ':' {
					return false
				}
				p.pos++
				p.space()
			}
			if !p.check(depth + 1) {
				return false
			}
			p.space()
			if p.pos >= len(p.data) {
				return false
			}
			d := p.data[p.pos]
			p.pos++
			if d == end {
				return true
			}
			if d != ',' {
				return false
			}
			p.space()
		}
	case c == '"':
		return p.checkString()
	}
	if c := p.data[p.pos]; c == '-' || c >= '0' && c <= '9' {
		end, ok := p.numberEnd()
		p.pos = end
		return ok
	}
	_, ok := p.value(depth) // a literal: nothing to allocate
	return ok
}

// checkString moves past the string at p.pos, checking its escapes and
// that it holds no control character.
func (p *scanner) checkString() bool {
	d := p.data
	for i := p.pos + 1; i < len(d); {
		switch c := d[i]; {
		case c == '"':
			p.pos = i + 1
			return true
		case c < 0x20:
			return false
		case c == '\\':
			if i+1 >= len(d) {
				return false
			}
			switch d[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if hex4(d[i+2:]) < 0 {
					return false
				}
				i += 6
			default:
				return false
			}
		default:
			i++
		}
	}
	return false
}

// SkipString returns the index just past the JSON string starting at
// raw[i] (a quote), or len(raw) when it does not end.
func SkipString(raw []byte, i int) int {
	for j := i + 1; ; {
		q := bytes.IndexByte(raw[j:], '"')
		if q < 0 {
			return len(raw)
		}
		j += q
		n := 0 // backslashes right before the quote
		for k := j - 1; k > i && raw[k] == '\\'; k-- {
			n++
		}
		j++
		if n%2 == 0 {
			return j
		}
	}
}

// Unquote returns the string the JSON string literal lit (its quotes
// included, nothing around them) reads as, and false when lit is not
// exactly one string literal.
func Unquote(lit []byte) (string, bool) {
	if len(lit) < 2 || lit[0] != '"' {
		return "", false
	}
	p := scanner{data: lit}
	defer p.giveBack(p.borrow()) // the unescaping buffer
	if s, ok := p.text(); ok && p.pos == len(lit) {
		return s, true
	}
	return "", false
}
