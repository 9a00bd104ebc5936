package rules

import (
	"bytes"
	"fmt"
	"net"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Kind says how a place cites a rule id.
type Kind uint8

// The kinds of citation, from the strictest to the loosest.
const (
	// KindUse is a Go use of a rule, found by type-checking the non-test
	// Go files ([ParseCode]): an identifier that resolves to a constant of
	// the rule type, or a string literal of the rule type outside a
	// constant declaration. The declaration itself is no use.
	KindUse Kind = iota + 1
	// KindPlan is an id an action carries: "rule=<id>" in Describe output
	// (scenario expectations, golden files, example output), or a Go
	// string literal given to a Rule ("Rule: ...", "Rule = ...",
	// "Rule(...)").
	KindPlan
	// KindSpec is a prose citation: "SPEC <list>" in a comment, a string,
	// a scenario header or a document.
	KindSpec
	// KindName is a test or table-case name that starts with an id: a Go
	// string literal in a _test.go file opening with "<id>:" or "<id> [".
	KindName
)

// String returns "use", "plan", "spec" or "name".
func (k Kind) String() string {
	switch k {
	case KindUse:
		return "use"
	case KindPlan:
		return "plan"
	case KindSpec:
		return "spec"
	case KindName:
		return "name"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Citation is one place that cites a rule id.
type Citation struct {
	ID   string
	File string // slash-separated, relative to the scanned root
	Kind Kind
	// Literal is true for a Go Rule literal (KindPlan or KindUse), false
	// for rule=<id> (KindPlan) and for a use of a constant (KindUse).
	Literal bool
	// Header is true for a citation in the header of a scenario file: the
	// opening run of "#" lines of a .txt file under a testdata directory.
	Header bool
	// Const names the rule constant a KindUse citation resolves to, as
	// "<package directory>.<name>" ("reconcile.ruleScale"), or "".
	Const string
}

// idPattern is the rule id grammar (see the package documentation):
//
//	id      = section { "." part }
//	section = digit { digit } [ lower ]
//	part    = digit { digit } | lower { lower }
const idPattern = `[0-9]+[a-z]?(?:\.(?:[0-9]+|[a-z]+))*`

var (
	idRE = regexp.MustCompile(`^` + idPattern + `$`)
	// planRE finds rule=<id> and Go Rule literals; group 1 or 2 is the id
	// text (group 2 unvalidated: a Rule literal must be an id).
	planRE = regexp.MustCompile(`\brule=(` + idPattern + `)|\bRule\s*(?:[:=]|\()\s*"([^"\\\n]*)"`)
	// specRE finds the keyword that opens a prose citation list.
	specRE = regexp.MustCompile(`\bSPEC\b`)
	// nameRE finds test names that open with a dotted id.
	nameRE = regexp.MustCompile(`"([0-9]+[a-z]?(?:\.(?:[0-9]+|[a-z]+))+)(?::| \[)`)
	// joinRE folds line breaks, with the comment markers of continued
	// comment lines, into one space, so a citation may wrap.
	joinRE = regexp.MustCompile(`[ \t]*\r?\n[ \t]*(?:(?://+|#+)[ \t]*)?`)
)

// Valid reports whether s is a rule id in the grammar of the package
// documentation.
func Valid(s string) bool { return idRE.MatchString(s) }

// Extract returns the citations in the text of one file, named file (a
// slash-separated path; it decides whether test-name citations count: only
// in files ending in _test.go, and whether the file has a header: only a
// scenario file, see [IsScenario]). A Go Rule literal that is not a valid
// id is an error. Citations come in text order, duplicates included; those
// in a scenario file's header come first and have Header set.
func Extract(file string, text []byte) ([]Citation, error) {
	if !IsScenario(file) {
		return extract(file, text)
	}
	n := headerLen(text)
	head, err := extract(file, text[:n])
	if err != nil {
		return nil, err
	}
	for i := range head {
		head[i].Header = true
	}
	rest, err := extract(file, text[n:])
	if err != nil {
		return nil, err
	}
	return append(head, rest...), nil
}

// IsScenario reports whether a file (a path from the repository's root,
// slash-separated) is a scenario file: a .txt file in the testdata
// directory of a package whose TestScenarios runs them (ScenarioDirs),
// whose opening "#" lines say what it shows and which rules it pins.
func IsScenario(file string) bool {
	dir, name := path.Split(file)
	return strings.HasSuffix(name, ".txt") && slices.Contains(ScenarioDirs, strings.TrimSuffix(dir, "/testdata/"))
}

// ScenarioDirs are the packages whose TestScenarios runs every
// testdata/*.txt file (internal/scenario.RunDir).
var ScenarioDirs = []string{"cancel", "conditions", "history", "internal/scenario", "phase", "reconcile"}

// headerLen is the length of the opening run of lines that start with "#".
func headerLen(text []byte) int {
	n := 0
	for n < len(text) && text[n] == '#' {
		i := bytes.IndexByte(text[n:], '\n')
		if i < 0 {
			return len(text)
		}
		n += i + 1
	}
	return n
}

func extract(file string, text []byte) ([]Citation, error) {
	s := joinRE.ReplaceAllString(string(text), " ")
	var out []Citation
	add := func(k Kind, ids ...string) {
		for _, id := range ids {
			out = append(out, Citation{ID: id, File: file, Kind: k})
		}
	}
	addLiteral := func(id string) {
		out = append(out, Citation{ID: id, File: file, Kind: KindPlan, Literal: true})
	}
	for _, m := range planRE.FindAllStringSubmatchIndex(s, -1) {
		if m[2] >= 0 {
			add(KindPlan, s[m[2]:m[3]])
			continue
		}
		lit := s[m[4]:m[5]]
		if !Valid(lit) {
			return nil, fmt.Errorf("rules: %s: Rule literal %q is not a rule id", file, lit)
		}
		addLiteral(lit)
	}
	for _, m := range specRE.FindAllStringIndex(s, -1) {
		add(KindSpec, specList(s[m[1]:])...)
	}
	if strings.HasSuffix(file, "_test.go") {
		for _, m := range nameRE.FindAllStringSubmatch(s, -1) {
			if net.ParseIP(m[1]) == nil { // "127.0.0.1:0" is an address, not a test name
				add(KindName, m[1])
			}
		}
	}
	return out, nil
}

// listScanner reads a SPEC citation list.
type listScanner struct{ s string }

// accept consumes the literal prefix p, reporting whether it was there.
func (l *listScanner) accept(p string) bool {
	if strings.HasPrefix(l.s, p) {
		l.s = l.s[len(p):]
		return true
	}
	return false
}

// word consumes one of the words (followed by a space), or none.
func (l *listScanner) word(words ...string) bool {
	for _, w := range words {
		if l.accept(w + " ") {
			return true
		}
	}
	return false
}

var (
	listIDRE  = regexp.MustCompile(`^` + idPattern)
	listNumRE = regexp.MustCompile(`^[0-9]+(?:-[0-9]+)?`)
	// listPathRE is a dotted number after a qualifier ("step 3.7").
	listPathRE = regexp.MustCompile(`^[0-9]+(?:\.[0-9]+)+`)
	// numEnd is what may follow a number of a qualifier list: anything
	// but a dot that continues it into an id ("4.6").
	numEnd = regexp.MustCompile(`^(?:$|[^.]|\.(?:[^0-9a-z]|$))`)
)

// id consumes a rule id, or returns "".
func (l *listScanner) id() string {
	m := listIDRE.FindString(l.s)
	l.s = l.s[len(m):]
	return m
}

// num consumes a number or a range of numbers "a-b" that is not the start
// of a dotted id, returning its values.
func (l *listScanner) num() []int {
	m := listNumRE.FindString(l.s)
	if m == "" || !numEnd.MatchString(l.s[len(m):]) {
		return nil
	}
	l.s = l.s[len(m):]
	lo, hi, isRange := strings.Cut(m, "-")
	a, _ := strconv.Atoi(lo)
	b := a
	if isRange {
		b, _ = strconv.Atoi(hi)
	}
	return intRange(a, b)
}

// maxRange bounds the expansion of a range; a longer one yields its ends.
const maxRange = 50

func intRange(a, b int) []int {
	if b < a || b-a > maxRange {
		return []int{a, b}
	}
	out := make([]int, 0, b-a+1)
	for i := a; i <= b; i++ {
		out = append(out, i)
	}
	return out
}

// specList reads the citation list that follows the SPEC keyword in s:
//
//	list  = " " item { sep item }
//	sep   = ", " | " and " | "/" | " / " | "; "
//	item  = [ "section " ] id [ "-" id ] [ " " qual " " ( path | nums ) ]
//	qual  = "row" | "rows" | "item" | "items" | "rule" | "rules" | "step" | "steps"
//	nums  = num { ( ", " | " and " ) num }      num = digits [ "-" digits ]
//	path  = digits "." digits { "." digits }
//
// "<id> <qual> <n>" cites <id>.<n>, and "<id> <qual> <n>.<m>" (a step of
// a step, only as the first number) cites <id>.<n>.<m>; a range of numbers cites each number
// (at most 51; a longer range cites its two ends), and a range of ids
// "a.3-a.7", or "a.3-7" for short, likewise cites a.3 to a.7 (ids that
// differ elsewhere: both ends). The list ends at the first text that fits none of this.
func specList(s string) []string {
	l := &listScanner{s: s}
	if !l.accept(" ") && !l.accept("§") {
		return nil
	}
	l.accept(" ")
	var out []string
	for first := true; ; first = false {
		save := l.s
		if !first && !(l.accept(", ") || l.accept(" and ") || l.accept(" / ") || l.accept("/") || l.accept("; ")) {
			return out
		}
		l.word("section")
		id := l.id()
		if id == "" {
			l.s = save
			return out
		}
		ids := []string{id}
		if rest := l.s; l.accept("-") {
			if hi := l.id(); hi != "" {
				ids = idRange(id, hi)
			} else {
				l.s = rest
			}
		}
		if rest := l.s; l.accept(" ") && l.word("rows", "row", "items", "item", "rules", "rule", "steps", "step") {
			base := ids[len(ids)-1]
			var nums []int
			if p := listPathRE.FindString(l.s); p != "" && numEnd.MatchString(l.s[len(p):]) {
				// "6m.2 step 3.7": a step of a step, one id.
				l.s = l.s[len(p):]
				out = append(out, append(ids[:len(ids)-1], base+"."+p)...)
				continue
			}
			for {
				n := l.num()
				if n == nil {
					break
				}
				nums = append(nums, n...)
				mark := l.s
				if !(l.accept(", ") || l.accept(" and ")) {
					break
				}
				if m := listNumRE.FindString(l.s); m == "" || !numEnd.MatchString(l.s[len(m):]) {
					l.s = mark
					break
				}
			}
			if len(nums) > 0 {
				ids = ids[:len(ids)-1]
				for _, n := range nums {
					ids = append(ids, base+"."+strconv.Itoa(n))
				}
			}
		} else {
			l.s = rest
		}
		out = append(out, ids...)
	}
}

// idRange expands "a.3" - "a.7" to a.3 ... a.7 when the two ids differ only
// in a last, numeric part, and "a.3" - "7" (the short form, "SPEC
// 6.2.5-6") likewise; otherwise it returns the two ends.
func idRange(lo, hi string) []string {
	i, j := strings.LastIndexByte(lo, '.'), strings.LastIndexByte(hi, '.')
	if _, err := strconv.Atoi(hi); i >= 0 && j < 0 && err == nil {
		if _, err := strconv.Atoi(lo[i+1:]); err == nil {
			hi, j = lo[:i+1]+hi, i
		}
	}
	if i >= 0 && j >= 0 && lo[:i] == hi[:j] {
		a, errA := strconv.Atoi(lo[i+1:])
		b, errB := strconv.Atoi(hi[j+1:])
		if errA == nil && errB == nil {
			var out []string
			for _, n := range intRange(a, b) {
				out = append(out, lo[:i+1]+strconv.Itoa(n))
			}
			return out
		}
	}
	return []string{lo, hi}
}
