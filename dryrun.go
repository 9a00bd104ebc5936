package dcplan

// DryRun is the --dry-run mode of an oc command (SPEC 6m "Success-line
// name printer"): whether it writes, and the suffix its success line gets.
type DryRun uint8

// The dry-run modes.
const (
	// DryRunNone really writes.
	DryRunNone DryRun = iota
	// DryRunClient writes nothing; the line says ` (dry run)`.
	DryRunClient
	// DryRunServer asks the server to write nothing; the line says `
	// (server dry run)`.
	DryRunServer
)

// Suffix returns the name printer's suffix for d: "", " (dry run)" or "
// (server dry run)" (applied to the success line, SPEC 6m.3.2).
func (d DryRun) Suffix() string {
	switch d {
	case DryRunClient:
		return " (dry run)"
	case DryRunServer:
		return " (server dry run)"
	}
	return ""
}

// Writes reports whether a command run with d writes: not for a client dry
// run; for a server dry run only when serverWrites (the OcServerDryRunWrites
// accident, SPEC 13.2).
func (d DryRun) Writes(serverWrites bool) bool {
	return d == DryRunNone || (d == DryRunServer && serverWrites)
}
