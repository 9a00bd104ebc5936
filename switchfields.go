package dcplan

// switchField is one field of Switches, as Changes and Set name it.
type switchField struct {
	name string
	// flag is the field of a boolean switch; nil for an enum.
	flag func(*Switches) *bool
	// enum, for an enum switch: its value spelled as its constant, and
	// set, which sets it from that spelling and reports whether it knows it.
	enum func(*Switches) string
	set  func(*Switches, string) bool
}

// switchFields lists every field of Switches in declaration order; a test
// holds it to the struct.
var switchFields = [...]switchField{
	{name: "KeepCancelOnRace", flag: func(s *Switches) *bool { return &s.KeepCancelOnRace }},
	{name: "PausedPrunesLatest", flag: func(s *Switches) *bool { return &s.PausedPrunesLatest }},
	{name: "CancelAtVersionZero", flag: func(s *Switches) *bool { return &s.CancelAtVersionZero }},
	{name: "NoTriggersIgnoresRCs", flag: func(s *Switches) *bool { return &s.NoTriggersIgnoresRCs }},
	{name: "UnconditionalDeletes", flag: func(s *Switches) *bool { return &s.UnconditionalDeletes }},
	{name: "AwaitUnknownPhase", flag: func(s *Switches) *bool { return &s.AwaitUnknownPhase }},
	{name: "UntrimmedImages", flag: func(s *Switches) *bool { return &s.UntrimmedImages }},
	{name: "IgnoreExpectations", flag: func(s *Switches) *bool { return &s.IgnoreExpectations }},
	{name: "RawAlreadyExistsText", flag: func(s *Switches) *bool { return &s.RawAlreadyExistsText }},
	{name: "UnrelatedPodEffects", flag: func(s *Switches) *bool { return &s.UnrelatedPodEffects }},
	{name: "CancelLineDCVersion", flag: func(s *Switches) *bool { return &s.CancelLineDCVersion }},
	{name: "FailedCancellationEveryPass", flag: func(s *Switches) *bool { return &s.FailedCancellationEveryPass }},
	{name: "RollbackToPrevious", flag: func(s *Switches) *bool { return &s.RollbackToPrevious }},
	{name: "RetryTimeoutFromCreation", flag: func(s *Switches) *bool { return &s.RetryTimeoutFromCreation }},
	{name: "CommitAbsentDesired", flag: func(s *Switches) *bool { return &s.CommitAbsentDesired }},
	{name: "ReclaimEachAttempt", flag: func(s *Switches) *bool { return &s.ReclaimEachAttempt }},
	{name: "WrapReplicaSums", flag: func(s *Switches) *bool { return &s.WrapReplicaSums }},
	{name: "CreateWithoutCleanup", flag: func(s *Switches) *bool { return &s.CreateWithoutCleanup }},
	{name: "CancelWithoutRetry", flag: func(s *Switches) *bool { return &s.CancelWithoutRetry }},
	{name: "SeedConfigController", flag: func(s *Switches) *bool { return &s.SeedConfigController }},
	{name: "ReplicaSync", flag: func(s *Switches) *bool { return &s.ReplicaSync }},
	{name: "DeploymentScaledEvents", flag: func(s *Switches) *bool { return &s.DeploymentScaledEvents }},
	{name: "Paused", enum: func(s *Switches) string { return s.Paused.String() }, set: func(s *Switches, v string) bool { return setEnum(&s.Paused, v) }},
	{name: "SeedConditions", flag: func(s *Switches) *bool { return &s.SeedConditions }},
	{name: "SeedStatus", flag: func(s *Switches) *bool { return &s.SeedStatus }},
	{name: "IgnoreDeleting", flag: func(s *Switches) *bool { return &s.IgnoreDeleting }},
	{name: "AlreadyExistsSucceeds", flag: func(s *Switches) *bool { return &s.AlreadyExistsSucceeds }},
	{name: "SeedCreateEvent", flag: func(s *Switches) *bool { return &s.SeedCreateEvent }},
	{name: "NewCancelledFails", flag: func(s *Switches) *bool { return &s.NewCancelledFails }},
	{name: "CancelByDeadline", flag: func(s *Switches) *bool { return &s.CancelByDeadline }},
	{name: "WriteAnyPhaseChange", flag: func(s *Switches) *bool { return &s.WriteAnyPhaseChange }},
	{name: "PodCheckAfterAlreadyExists", flag: func(s *Switches) *bool { return &s.PodCheckAfterAlreadyExists }},
	{name: "NoNewTimeout", flag: func(s *Switches) *bool { return &s.NoNewTimeout }},
	{name: "PendingMissingFailsAtOnce", flag: func(s *Switches) *bool { return &s.PendingMissingFailsAtOnce }},
	{name: "CompleteDeletesPods", flag: func(s *Switches) *bool { return &s.CompleteDeletesPods }},
	{name: "SeedPodController", flag: func(s *Switches) *bool { return &s.SeedPodController }},
	{name: "PodControllerDeletesOrphans", flag: func(s *Switches) *bool { return &s.PodControllerDeletesOrphans }},
	{name: "SeedReplicasAnnotation", flag: func(s *Switches) *bool { return &s.SeedReplicasAnnotation }},
	{name: "NoTimestamps", flag: func(s *Switches) *bool { return &s.NoTimestamps }},
	{name: "EventsOnRC", flag: func(s *Switches) *bool { return &s.EventsOnRC }},
	{name: "SeedDeployerPod", flag: func(s *Switches) *bool { return &s.SeedDeployerPod }},
	{name: "PodCopiesOnlyNodeSelector", flag: func(s *Switches) *bool { return &s.PodCopiesOnlyNodeSelector }},
	{name: "SeedEventReasons", flag: func(s *Switches) *bool { return &s.SeedEventReasons }},
	{name: "NoRolloutCancelledEvent", flag: func(s *Switches) *bool { return &s.NoRolloutCancelledEvent }},
	{name: "NoCreateFailedEvent", flag: func(s *Switches) *bool { return &s.NoCreateFailedEvent }},
	{name: "LongReasons", flag: func(s *Switches) *bool { return &s.LongReasons }},
	{name: "OcCancel", enum: func(s *Switches) string { return s.OcCancel.String() }, set: func(s *Switches, v string) bool { return setEnum(&s.OcCancel, v) }},
	{name: "OcRetry", enum: func(s *Switches) string { return s.OcRetry.String() }, set: func(s *Switches, v string) bool { return setEnum(&s.OcRetry, v) }},
	{name: "OcDeployLatest", enum: func(s *Switches) string { return s.OcDeployLatest.String() }, set: func(s *Switches, v string) bool { return setEnum(&s.OcDeployLatest, v) }},
	{name: "SeedRolloutLatestLine", flag: func(s *Switches) *bool { return &s.SeedRolloutLatestLine }},
	{name: "SeedRollbackText", flag: func(s *Switches) *bool { return &s.SeedRollbackText }},
	{name: "OcCancelSilent", flag: func(s *Switches) *bool { return &s.OcCancelSilent }},
	{name: "OcPausedCancelStillCancels", flag: func(s *Switches) *bool { return &s.OcPausedCancelStillCancels }},
	{name: "OcServerDryRunWrites", flag: func(s *Switches) *bool { return &s.OcServerDryRunWrites }},
	{name: "OcStatusNoPausedExit", flag: func(s *Switches) *bool { return &s.OcStatusNoPausedExit }},
	{name: "OcRetryLaggingStatus", flag: func(s *Switches) *bool { return &s.OcRetryLaggingStatus }},
}

// setEnum sets *p to the constant spelled v and reports whether there is
// one: the constants run from 0 up to the first value whose String is
// spell's "Type(n)".
func setEnum[T interface {
	~uint8
	String() string
}](p *T, v string) bool {
	for n := T(0); n < 255; n++ {
		s := n.String()
		if s == v {
			*p = n
			return true
		}
		if s == "" || s[len(s)-1] == ')' {
			return false
		}
	}
	return false
}
