// Command preview shows what the user operations on a DeploymentConfig
// would do, without doing anything: it reads the `kind: List` JSON that
// `oc get dc,rc,pods -o json` prints (one or more DCs, their RCs and pods)
// and prints what `oc rollout history`, `oc describe dc` (without its
// events, which the document lacks) and `oc rollout status` would show,
// then, for `oc rollout cancel`, `oc rollout retry`, `oc rollout latest`,
// `oc rollout undo`, `oc rollout pause` (or `resume`, for a paused DC) and
// `oc rollback`, the plan dcplan computes (one line per write, each with
// the rule that produced it, indexed in docs/rules.md) and what oc would
// print or the error it would fail with.
//
// The header names the behaviour preset in use. The commands follow it:
// the Origin presets print the seed-era texts, name cancel and retry
// `oc deploy --cancel` and `oc deploy --retry` (their OcCancel and OcRetry
// generations), and add `oc deploy --latest`, a command today's oc lacks.
//
// Usage:
//
//	oc get dc,rc,pods -o json | preview [flags]
//	preview [flags] list.json
//
// Flags:
//
//	-f file            the List JSON to read, like the positional argument ("-": standard input)
//	-dc name           the DeploymentConfig (default: the only one in the document)
//	-n, --namespace ns the namespace of the DC (default: the only one holding it)
//	-profile name      behaviour preset, any case: Modern, Exact, Origin10, Origin13,
//	                   Origin15 or Origin (= Origin15)
//	-now RFC3339       the time to plan at (default: the current time)
//	-to N              the revision oc rollout undo and oc rollback return to
//	                   (0: each command's default)
//	-o text|json       output format (default text)
//	--strict           exit 3 when the rollout is not healthy or the input is inconsistent
//
// The header says how the latest rollout is (its health): healthy (the
// newest RC is Complete and oc rollout status is done, or the DC is
// paused), progressing (a rollout under way, or oc rollout status still
// waiting), failed (the rollout failed or was cancelled, or oc rollout
// status fails), none (nothing rolled out yet), missing (no RC of
// status.latestVersion in the document) or unknown (the newest RC has no
// phase the controllers know).
//
// Before the sections, a "warnings" section lists what makes the input
// inconsistent, so that odd lines below are not taken for the
// controllers' opinion: a List item without a kind (skipped); per RC, a
// missing phase annotation, one that is none of the five phases, a
// version annotation missing or not a number, an encoded DC that does not
// decode, a cancelled annotation other than "true"; two RCs sharing a
// version; a DC status behind its RCs, or naming a version no RC of the
// document has (`oc get dc` piped alone); RCs labelled for the DC that
// the DC controller skips because another controller owns them.
//
// The input may be UTF-8 with a byte order mark or UTF-16 (PowerShell's
// redirection writes it); a JSON syntax error names its line and column.
//
// Exit status: 0 when the preview was printed; 1 when the input cannot be
// previewed (not JSON: oc's table or -o name output, YAML, binary data,
// an error message of oc's or its warning before the JSON, empty; no such DC, a DC name found in
// several namespaces without -n); 2 for a usage error (an unknown flag or
// profile, more than one file, standard input a terminal and no file
// named); 3 with --strict when the rollout
// is not healthy or a warning was printed (the preview is printed first,
// the reason on standard error). A refused operation is not a failure:
// oc refusing retry of a complete rollout, or cancel with nothing in
// flight, is the normal answer for that state, and the health says
// whether something is wrong.
//
// With -o json, preview prints one JSON object (schema "dcplan.preview/v1",
// keys in this order; fields are only ever added):
//
//	schema       "dcplan.preview/v1"
//	namespace    the DC's namespace
//	config       the DC's name
//	latestVersion, replicas, paused   the DC's status.latestVersion, spec.replicas, spec.paused
//	profile      the preset in use: "Modern", "Exact", "Origin10", "Origin13"
//	             or "Origin15" (-profile Origin is Origin15)
//	now          the planning time, RFC 3339
//	rcs, pods    how many RCs and related pods the snapshot holds
//	skipped      ["namespace/name"]: the document's other RCs (of other DCs or
//	             namespaces), which the preview leaves out; [] when none
//	warnings     [{code, object, message}]; code is one of "kindless-item",
//	             "missing-phase", "unknown-phase", "unreadable-version",
//	             "encoded-config", "cancelled-value", "duplicate-version",
//	             "status-behind", "latest-missing", "foreign-rc"; [] when the
//	             input is consistent
//	health       {state, message}: state is "healthy", "progressing",
//	             "failed", "none", "missing" or "unknown" (see above); message
//	             says why in a sentence
//	history      [{revision, name, status, cancelled, cause, replicas, current}],
//	             oldest first, as oc rollout history lists them
//	describe     what oc describe dc prints, events aside (its pods counted
//	             among the document's by each RC's selector)
//	operations   [{name, command, state, plan, refused, error, output, rules}],
//	             one per command, in this order (select them by name):
//	               "status"        oc rollout status (one look, no watch)
//	               "cancel"        oc rollout cancel, or oc deploy --cancel
//	               "retry"         oc rollout retry, or oc deploy --retry
//	               "latest"        oc rollout latest
//	               "deploy-latest" oc deploy --latest (Origin presets only)
//	               "undo"          oc rollout undo
//	               "pause"         oc rollout pause, for a DC not paused, or
//	               "resume"        oc rollout resume, for a paused one
//	               "rollback"      oc rollback
//	             command is the command line; state is only on "status":
//	             "in progress", "done" or "failed"; plan is the Describe
//	             lines of the plan ([] for nothing to do; "status" writes
//	             nothing); refused is true when oc would exit with an error
//	             (the plan may still hold writes: cancel of a paused DC in
//	             Exact), error is then what oc prints on stderr, as
//	             kubectl's CheckErr prints it, without the final newline;
//	             output is what oc would print on stdout ("" when
//	             nothing), also before such an error (cancel of a paused
//	             DC in Exact prints its report, then fails); rules are
//	             the rule ids the plan cites
//	             ("status": 6m.6)
//	rules        [{id, text}]: every rule cited, sorted, with one line on what
//	             it decides; the full text is in docs/rules.md
//
// It needs nothing but the core module: no Kubernetes client, no cluster.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
)

// Exit statuses.
const (
	exitOK     = 0
	exitInput  = 1 // the input cannot be previewed
	exitUsage  = 2 // a usage error
	exitStrict = 3 // --strict and a rollout not healthy, or a warning
)

// options are the command-line flags.
type options struct {
	// Namespace and Config name the DC; empty means the only one.
	Namespace string
	Config    string
	// Profile selects the behaviour preset.
	Profile dcplan.Preset
	// Now is the clock the plans are computed at.
	Now time.Time
	// To is the revision oc rollout undo and oc rollback return to (0:
	// each command's default).
	To dcplan.Version
	// JSON selects the -o json output.
	JSON bool
	// Strict turns a rollout that is not healthy, and warnings, into exit
	// status 3.
	Strict bool
}

// errUsage marks command-line mistakes (exit status 2).
var errUsage = errors.New("usage")

func main() {
	os.Exit(cli(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, time.Now().UTC()))
}

// cli runs the command with args, reading the document from the file
// named in args or from stdin, and returns the exit status.
func cli(args []string, stdin io.Reader, stdout, stderr io.Writer, now time.Time) int {
	o, file, err := parseArgs(args, stderr, now)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		fmt.Fprintln(stderr, "preview:", err)
		if errors.Is(err, errUsage) {
			fmt.Fprintln(stderr, "run 'preview -h' for the flags")
			return exitUsage
		}
		return exitInput
	}
	if file == "-" && isTerminal(stdin) {
		// Nothing piped in: say how to use it rather than wait for the
		// user to type a document.
		fmt.Fprintln(stderr, "preview: standard input is a terminal: pipe `oc get dc,rc,pods -o json` into preview, or name a file")
		fmt.Fprintln(stderr, "run 'preview -h' for the flags")
		return exitUsage
	}
	var data []byte
	if file == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(file)
	}
	if err != nil {
		fmt.Fprintln(stderr, "preview:", err)
		return exitInput
	}
	r, err := preview(data, o)
	if err != nil {
		fmt.Fprintln(stderr, "preview:", err)
		return exitInput
	}
	if o.JSON {
		err = r.writeJSON(stdout)
	} else {
		err = r.writeText(stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "preview:", err)
		return exitInput
	}
	if o.Strict {
		if why := r.strictFailure(); why != "" {
			fmt.Fprintln(stderr, "preview: --strict:", why)
			return exitStrict
		}
	}
	return exitOK
}

// isTerminal reports whether r is a terminal (a character device other
// than the null device), as standard input is when nothing is piped into
// the command. `preview < /dev/null` (cron, CI, ssh without a terminal) is
// empty input, not a terminal.
func isTerminal(r io.Reader) bool {
	f, ok := r.(interface{ Stat() (os.FileInfo, error) })
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}

// parseArgs reads the flags and the optional file argument. Flags may
// follow the file name. It returns the file to read ("-" for stdin).
func parseArgs(args []string, stderr io.Writer, now time.Time) (options, string, error) {
	fs := flag.NewFlagSet("preview", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("f", "", "the List JSON to read, like the positional argument (\"-\": standard input)")
	config := fs.String("dc", "", "the DeploymentConfig to preview (default: the only one in the document)")
	var namespace string
	fs.StringVar(&namespace, "n", "", "the namespace of the DeploymentConfig (default: the only one holding it)")
	fs.StringVar(&namespace, "namespace", "", "same as -n")
	profile := fs.String("profile", "Modern", "behaviour profile, any case: "+strings.Join(profileNames(), ", "))
	at := fs.String("now", "", "the time to plan at, RFC 3339 (default: the current time)")
	to := fs.Int64("to", 0, "the revision oc rollout undo and oc rollback return to (0: each command's default)")
	output := fs.String("o", "text", "output format: text or json")
	strict := fs.Bool("strict", false, "exit with status 3 when the rollout is not healthy or the input is inconsistent")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: oc get dc,rc,pods -o json | preview [flags]\n       preview [flags] list.json")
		fs.PrintDefaults()
	}

	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return options{}, "", err
			}
			return options{}, "", fmt.Errorf("%w: %w", errUsage, err)
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if *file != "" {
		files = append([]string{*file}, files...)
	}
	switch {
	case len(files) > 1:
		return options{}, "", fmt.Errorf("%w: one document at a time, got %d: %s", errUsage, len(files), strings.Join(files, " "))
	case len(files) == 0:
		files = []string{"-"}
	}

	o := options{Namespace: namespace, Config: *config, To: dcplan.Version(*to), Now: now, Strict: *strict}
	var err error
	if o.Profile, err = dcplan.ParsePreset(*profile); err != nil {
		return options{}, "", fmt.Errorf("%w: -profile: %w", errUsage, err)
	}
	switch strings.ToLower(*output) {
	case "text":
	case "json":
		o.JSON = true
	default:
		return options{}, "", fmt.Errorf("%w: -o %q: want text or json", errUsage, *output)
	}
	if *at != "" {
		if o.Now, err = time.Parse(time.RFC3339, *at); err != nil {
			return options{}, "", fmt.Errorf("%w: -now: %w", errUsage, err)
		}
	}
	if *to < 0 {
		return options{}, "", fmt.Errorf("%w: -to %d: a revision is positive (0: each command's default)", errUsage, *to)
	}
	return o, files[0], nil
}

// profileNames lists the presets as dcplan spells them, and "Origin".
func profileNames() []string {
	names := make([]string, 0, len(dcplan.Presets())+1)
	for _, p := range dcplan.Presets() {
		names = append(names, p.String())
	}
	return append(names, "Origin")
}
