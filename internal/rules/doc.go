// Package rules finds the rule ids the repository cites and checks them
// against the rule index, docs/rules.md, which says in one line what each
// rule decides and lists the scenario files, the code that decides it, the
// tests and the documents that cite it. It also checks that the documents
// and Go comments cite no file the repository does not hold.
//
// It decides nothing about rollouts and is used by tests only: its tests
// fail when the code, the tests, the scenario files or the documents cite
// an id the index lacks, when the index lists an id nothing cites or no
// code decides, when a rule constant is used nowhere, when an index
// entry's generated line is not what [Where] writes today, and when a
// Markdown file or a Go comment names a missing file ([MissingFiles]).
//
// # Rule ids
//
// An id is a section path of the team's behaviour specification, which is
// not part of the repository; "SPEC <id>" cites the rule of that id, and
// docs/rules.md is the reference for them all:
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
//     ranges "SPEC 6.2 steps 5-7", "SPEC 4.2-4.7" and "SPEC 6.2.5-6" (each id
//     in the range). The list ends at the first word that fits none of this.
//   - test names ([KindName]): in a _test.go file, a string literal that
//     opens with a dotted id and a colon or " [": "3.10: appending keeps
//     ...", "5.16 [probe]: ...".
//
// [Scan] reads every Go and Markdown file of the repository and every file
// under a testdata directory, except the index itself, hidden directories,
// fuzz and rapid corpora, and this package (see [Skipped]). In a scenario
// file ([IsScenario]) the citations of its header, the opening "#" lines,
// are marked ([Citation].Header).
//
// # Go uses
//
// Scan also type-checks the non-test Go files ([ParseCode]) and adds a
// [KindUse] citation for every identifier that resolves to a constant of
// type dcplan.Rule (RuleTypeName in RulePackage), and every string literal
// of that type outside a constant declaration. The declaration site of a
// rule constant, with its doc and line comments, cites nothing of its own
// id: reconcile/rules.go declares ruleScale, "3.6.3", and
// reconcile/scale.go, which uses it, is the file that decides rule 3.6.3.
//
// # The index
//
// docs/rules.md holds one entry per cited id, in id order ([Compare]): a
// Markdown list item "- `<id>` — <what the rule decides>" on one line,
// written by hand, then a line indented two spaces that names the files
// citing the id, generated ([Where], [Files]): the scenario files whose
// header cites it first, then the code that decides it, then the checks
// that judge it (the simulator, its invariants, the explorer and the
// other [CheckDirs]), then the tests and the documents, e.g. "in plans; scenarios:
// reconcile/testdata/cancel_superseded.txt. code: reconcile/supersede.go.
// tests: reconcile/config_test.go." Run
//
//	go test ./internal/rules -run TestIndex -update
//
// to regenerate the second line of every entry; the test fails while any
// differs from what the generator writes. Adding an id to the code
// therefore means adding its one line to the index, citing it where the
// code decides it, and running -update.
//
// # File citations
//
// [FileRefs] finds the files a Markdown file (its links and the file names
// in its text) or a Go file (the file names in its comments) cites, and
// [Exists] resolves them; [MissingFiles] lists those of the repository's
// that are missing, so no document points at a file that does not ship.
//
// Entry points: [Scan], [ParseCode], [Extract], [Valid], [Compare],
// [ParseIndex], [Where], [Group], [Rewrite], [FileRefs], [MissingFiles],
// [IsTest].
package rules
