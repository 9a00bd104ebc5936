// Package rules finds the SPEC rule ids the repository cites and checks
// them against the rule index, docs/rules.md, which says in one line what
// each rule decides and lists the files that cite it.
//
// It decides nothing about rollouts and is used by tests only: its test
// fails when the code, the tests, the scenario files or the documents cite
// an id the index lacks, when the index lists an id nothing cites, or when
// an index entry names a file that no longer cites its id.
//
// # Rule ids
//
// An id is a section path of the team's specification, SPEC.md:
//
//	id      = section { "." part }
//	section = digit { digit } [ lower ]      3, 10, 6m, 11a
//	part    = digit { digit } | lower { lower }
//
// so 3.2.8, 4.3.pending.1, 4.3.complete, 6m.1.3 and 13.1 are ids. A dot
// that no part follows ends the id ("SPEC 3.2.8." cites 3.2.8).
//
// # What counts as a citation
//
// [Extract] reads a file's text with line breaks (and the // or # that
// continue a comment) folded into spaces, and finds:
//
//   - plan rules ([KindPlan]): "rule=<id>", as Describe prints it, in any
//     file; and a Go string literal given to a Rule: `Rule: "<id>"`,
//     `Rule = "<id>"` (typed constants), `Rule("<id>")`. A Rule literal
//     that is not an id is an error.
//   - prose citations ([KindSpec]): the word SPEC followed by a list:
//     "SPEC 3.4.3", "SPEC 1.6, 1.7 and 4.6", "SPEC 3.9/3.10", "SPEC 7 row
//     29" (= 7.29; also rows, item(s), rule(s), step(s): "SPEC 3.7 steps 1,
//     4 and 5" = 3.7.1, 3.7.4, 3.7.5), "SPEC 1.5 and section 7 row 20",
//     ranges "SPEC 6.2 steps 5-7" and "SPEC 4.2-4.7" (each id in the range).
//     The list ends at the first word that fits none of this.
//   - test names ([KindName]): in a _test.go file, a string literal that
//     opens with a dotted id and a colon or " [": "3.10: appending keeps
//     ...", "5.16 [probe]: ...".
//
// [Scan] reads every Go and Markdown file of the repository and every file
// under a testdata directory, except the index itself, hidden directories,
// fuzz and rapid corpora, and this package (see [Skipped]).
//
// # The index
//
// docs/rules.md holds one entry per cited id, in id order ([Compare]): a
// Markdown list item "- `<id>` — <what the rule decides>" on one line,
// written by hand, then a line indented two spaces that names the files
// citing the id, generated ([Where]), e.g. "in plans; code:
// reconcile/rules.go. tests: reconcile/testdata/cancel.txt." Run
//
//	go test ./internal/rules -run TestIndex -update
//
// to regenerate the second line of every entry. The test accepts a
// generated line that misses newer citations, but not one that names a
// file which no longer cites the id. Adding an id to the code therefore
// means adding its one line to the index (and, if you like, running
// -update).
//
// Entry points: [Scan], [Extract], [Valid], [Compare], [ParseIndex],
// [Where], [Stale], [Rewrite].
package rules
