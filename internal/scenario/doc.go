// Package scenario runs the datadriven-style scenario files under each
// package's testdata/: a command, input lines, "----", the expected output.
// It also defines the state line format, one short line per object, in
// which those files write a dcplan.Snapshot.
//
// It does not plan anything: packages bring their own commands (a Handler)
// and fall back to the built-in ones of Env for building, printing, editing
// and applying to the snapshot. README.md in this directory is the
// reference for file authors: the format, every command, every state key
// with its default, and a worked example.
//
// Usage:
//
//	func TestScenarios(t *testing.T) {
//		scenario.RunDir(t, "testdata", func(t *testing.T, c *scenario.Case) string {
//			if c.Cmd == "latest" {
//				return describe(history.Latest(&c.Env.Snapshot.Config, c.Env.Snapshot.Deployments))
//			}
//			return c.Env.Handle(t, c)
//		})
//	}
//
// Run with -rewrite to regenerate the expected outputs in place.
//
// Entry points: [RunDir], [RunFile], [Case], [Env], [NewEnv], [Env.Handle],
// [Env.Record], [ParseState], [FormatState], [Tokenize], [Quote].
//
// Functions in this package never modify their arguments; returned slices
// never alias them.
package scenario
