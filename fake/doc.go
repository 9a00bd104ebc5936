// Package fake is dcplan's in-memory world: shared rapid generators for
// snapshots, and (as it grows) an in-memory Backend and a deterministic,
// seedable simulator with fault injection.
//
// It is for tests, simulators and model checkers; production adapters do
// not import it.
//
// Generators: [GenSnapshot], [GenConfig], [GenDeployment], [GenPod],
// [GenTemplate], [GenStrategy], [GenSettings]. Each draws from a
// distribution tuned so that rare branches (cancelled RCs, squatting pods,
// unresolved images, lagging status) occur in a few percent of draws.
// Generated snapshots always pass dcplan.Snapshot.Validate.
package fake
