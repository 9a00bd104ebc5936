// Package history answers the questions the controllers and oc ask about a
// DC's past rollouts: which RC is the latest and whether it exists, which
// one is active, which ones history cleanup may prune or deletes, what the
// rollout history and rollback targets are, and how one rollout reads as a
// one-line human summary.
//
// It decides nothing about the future: it emits no plan for the DC
// controller (package reconcile turns ToDelete into DeleteRC actions) and
// reads no clock (Describe takes now).
//
// Usage:
//
//	info := history.Latest(&s.Config, s.Deployments)
//	if info.Exists && info.Candidate.Phase.Terminal() { ... }
//	for _, d := range history.ToDelete(&s.Config, s.Deployments) { ... }
//	fmt.Println(history.Describe(d, true, s.Config.Test, s.Now))
//	// deployment #3 deployed 2 hours ago - 3 pods
//
// Entry points: [Latest], [Active], [Tracker] (both in one walk of the
// caller's), [Sorted], [NewestFirst], [Prunable],
// [CountPrunable], [ToDelete], [List], [FormatList], [RollbackTarget],
// [Rollback], [Describe], [PodSummary], [HumanDuration]; today's oc
// (SPEC 6m): [View] (`oc rollout history`, text for text), [Undo] (`oc
// rollout undo`), [DescribePodTemplate], [DescribeConfig] (`oc describe
// dc`), and for `oc rollback <arg>` [ResolveRollbackArg] (which object the
// argument names, from the answers to oc's lookups), [RollbackConfigName]
// and [RollbackRC] (an RC given); [RolledBackMessage] and
// [RollbackDryRunMessage], the lines oc prints. The switches read here are
// RollbackToPrevious, SeedRollbackText and OcServerDryRunWrites.
//
// Functions in this package never modify their arguments; returned slices
// never alias them. Latest, Active and Tracker return pointers into the caller's RC
// list, copying nothing. The Deployments in a returned slice are shallow
// copies: their pointer and slice fields (Encoded, Template, Raw) share
// memory with the caller's, so treat them as read-only or Clone them
// before editing. Configs are taken by pointer, only read.
package history
