// Package gen holds dcplan's shared rapid generators: valid snapshots and
// their parts, drawn from one distribution that every package's property
// tests use.
//
// It is imported by tests only. It lives apart from package fake so that a
// program importing fake (a simulator, an example) does not link rapid and
// does not get rapid's -rapid.* command-line flags, which rapid registers
// when it is initialised.
//
// Functions in this package never modify their arguments; generated values
// share no memory with them.
//
// Usage:
//
//	rapid.Check(t, func(t *rapid.T) {
//		s := gen.Snapshot().Draw(t, "snapshot")
//		plan := reconcile.Config(s)
//		...
//	})
//	s := gen.Snapshot().Example(1) // a repeatable fixture for docs
//
// Entry points: [Snapshot], [Config], [Deployment], [Pod], [Template],
// [Strategy], [Settings], [Reorder], and [CheckReaching] (a property run
// until its generator reached every branch). Each draws from a distribution tuned so that
// rare branches (cancelled RCs, squatting pods, unresolved images, lagging
// status) occur in a few percent of draws, and a counterexample shrinks
// toward the plain world: the rare branches are the values rapid draws
// least and shrinks away from. Generated snapshots always pass
// dcplan.Snapshot.Validate; their clock (Now) is at or after fake.Epoch,
// their RCs and pods were created at most 20 minutes before fake.Epoch
// (so never after Now), and their images come from fake.Images.
package gen
