// Package dcplan is the vocabulary of a pure, deterministic rebuild of
// OpenShift's DeploymentConfig rollout controllers: the Snapshot a planner
// reads, the Plan it returns, the wire codec that turns Kubernetes JSON into
// snapshots and plans back into Kubernetes objects, and the Backend
// interface adapters implement.
//
// It decides nothing by itself: the planners live in the phase (deployer
// controller), reconcile (DC controller), cancel (oc cancel / retry) and
// history packages. Nothing here talks to a server, reads a clock, logs or
// draws random numbers.
//
// Functions in this package never modify their arguments; returned slices
// never alias them.
//
// Every action carries the id of the rule that produced it (Rule, printed
// by Describe as rule=<id>, e.g. rule=3.4.3). docs/rules.md, the rule index
// at the root of the repository, says in one line what each id decides and
// which code, tests and scenario files cite it.
//
// Usage:
//
//	snap, err := wire.DecodeSnapshot(listJSON, "frontend", now, settings)
//	if err != nil { ... }
//	plan := reconcile.All(snap)       // or phase.Step(snap, "frontend-3")
//	fmt.Print(dcplan.Describe(plan))  // one line per action, with rule ids
//	n, err := dcplan.Apply(ctx, backend, plan)
//
// Entry points:
//   - the input: [Snapshot], [Snapshot.Validate], [Settings], [Config],
//     [Deployment], [Pod];
//   - the output: [Plan], [Describe], [Plan.Merge], [Plan.Append], and the
//     action types ([Adopt], [Release], [ConfigUpdate], [CreatePod],
//     [SetPodOwner], [SetPodDeadline], [DeletePod], [CreateRC], [Cancel],
//     [Scale], [Transition], [DeleteRC], [StatusUpdate], [Event]);
//   - applying it: [Apply], [Backend], the actions' Check methods (the
//     preconditions of each write, [ErrNoop]) and ApplyTo methods (its
//     effect), [Snapshot.After] (the typed effect of a whole plan),
//     [IsConflict], [IsNotFound], [IsAlreadyExists];
//   - the wire codec: [DecodeSnapshot], [DecodeList], [DecodeConfig],
//     [DecodeDeployment], [DecodePod], [EncodeConfig], [EncodeDeployment],
//     [EncodePodObject], [EncodePod], [NewDeployment],
//     [DeployerTemplateFields], [NewTemplate], [TemplateFor];
//   - names: [DeploymentName], [DeployerPodName], [CompareDeployments];
//   - errors: [FieldError], [Refusal], [ErrInvalidSnapshot], [ErrMalformed].
//
// # Adapter contract
//
// An adapter runs this loop for each work item:
//
//  1. Build a Snapshot from its cache: the DC, every RC that names it, the
//     pods of those RCs, the requeue count, the settings, and Now.
//  2. Call a planner. An invalid snapshot gives an empty plan (call
//     Snapshot.Validate to learn why).
//  3. Apply the plan's fields in declaration order (see [Plan]), stopping
//     at the first failed write. [Apply] does exactly this. A Backend
//     writes an action by reading the live object, calling the action's
//     Check (a failure wraps ErrConflict; ErrNoop means nothing to write),
//     then its ApplyTo, and writing the object back under the resource
//     version it read. Package fake's Backend does this in memory;
//     examples/kube (a module of its own) does it against an API server
//     with client-go's dynamic client.
//  4. On a conflict, or any failure, plan again from a fresh Snapshot; do
//     not retry the failed write by itself.
//  5. When Plan.Wait is set, requeue the item (rate-limited), except for
//     WaitImages, which waits for the DC itself to change (an image
//     resolved) and so needs no requeue; when Plan.RecheckAfter is set,
//     requeue after that long.
package dcplan
