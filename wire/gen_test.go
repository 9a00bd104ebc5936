package wire

import (
	"github.com/dcplan/dcplan"

	"slices"
	"strconv"
	"time"

	"pgregory.net/rapid"
)

// Generators of typed values in normal form (sorted key/value lists, nil
// empty slices, consistent Has flags), for the codec's round-trip
// properties. They range over more of each type than fake's generators:
// every field, awkward strings, sub-second times.

func genText(t *rapid.T, label string) string {
	return rapid.OneOf(
		rapid.SampledFrom([]string{"", "frontend", "shop", "a b", `quote"d`, "<html>&", "ünï", "line\nbreak"}),
		rapid.StringN(0, 12, -1),
	).Draw(t, label)
}

func genTimeValue(t *rapid.T, label string) time.Time {
	if rapid.IntRange(0, 3).Draw(t, label+"Zero") == 0 {
		return time.Time{}
	}
	sec := rapid.Int64Range(0, 4_000_000_000).Draw(t, label+"Sec")
	nsec := rapid.SampledFrom([]int64{0, 0, 500_000_000, 123_456_789}).Draw(t, label+"Nsec")
	return time.Unix(sec, nsec).UTC()
}

// genMetaTime is a time of a metav1.Time field (creationTimestamp, a
// condition's times, a pod's startTime, a container's finishedAt): whole
// seconds, as the API server stores them and putTime writes them.
func genMetaTime(t *rapid.T, label string) time.Time {
	return genTimeValue(t, label).Truncate(time.Second)
}

func genKVs(t *rapid.T, label string) []dcplan.KeyValue {
	keys := rapid.SliceOfNDistinct(rapid.SampledFrom([]string{"app", "a/b", "deploymentconfig", "tier", "x.y/z", ""}),
		0, 3, rapid.ID[string]).Draw(t, label)
	if len(keys) == 0 {
		return nil
	}
	slices.Sort(keys)
	out := make([]dcplan.KeyValue, len(keys))
	for i, k := range keys {
		out[i] = dcplan.KeyValue{Key: k, Value: genText(t, label+"Value")}
	}
	return out
}

func genStrings(t *rapid.T, label string) []string {
	s := rapid.SliceOfN(rapid.SampledFrom([]string{"a", "frontend", "", "sh -c"}), 0, 3).Draw(t, label)
	if len(s) == 0 {
		return nil
	}
	return s
}

func genRawObject(t *rapid.T, label string) dcplan.RawJSON {
	return rapid.SampledFrom([]dcplan.RawJSON{
		nil, dcplan.RawJSON(`{}`), dcplan.RawJSON(`{"limits":{"cpu":"1"}}`),
		dcplan.RawJSON(`{"configMapKeyRef":{"key":"k","name":"cm"}}`),
	}).Draw(t, label)
}

func genEnv(t *rapid.T, label string) []dcplan.EnvVar {
	n := rapid.IntRange(0, 2).Draw(t, label)
	if n == 0 {
		return nil
	}
	out := make([]dcplan.EnvVar, n)
	for i := range out {
		out[i] = dcplan.EnvVar{Name: genText(t, label+"Name"), Value: genText(t, label+"Value"), ValueFrom: genRawObject(t, label+"From")}
	}
	return out
}

func genFence(t *rapid.T, label string) dcplan.Fencepost {
	switch rapid.IntRange(0, 2).Draw(t, label) {
	case 0:
		return dcplan.Fencepost{}
	case 1:
		return dcplan.Fencepost{Set: true, Int: rapid.Int32().Draw(t, label+"Int")}
	}
	return dcplan.Fencepost{Set: true, IsString: true, Str: genText(t, label+"Str")}
}

func genStrategyValue(t *rapid.T) dcplan.Strategy {
	st := dcplan.Strategy{Type: dcplan.StrategyType(rapid.IntRange(0, 3).Draw(t, "strategyType"))}
	if paramsKey(st.Type) != "" {
		st.HasParams = rapid.Bool().Draw(t, "hasParams")
		if st.HasParams && rapid.Bool().Draw(t, "hasTimeout") {
			st.TimeoutSeconds, st.HasTimeout = rapid.Int64().Draw(t, "timeout"), true
		}
	}
	if st.Type != dcplan.StrategyRolling || st.HasParams {
		st.MaxSurge, st.MaxUnavailable = genFence(t, "surge"), genFence(t, "unavailable")
	}
	if rapid.Bool().Draw(t, "hasDeadline") {
		st.ActiveDeadlineSeconds, st.HasActiveDeadline = rapid.Int64().Draw(t, "deadline"), true
	}
	st.CustomImage = genText(t, "customImage")
	st.CustomCommand = genStrings(t, "customCommand")
	st.CustomEnv = genEnv(t, "customEnv")
	st.Resources = genRawObject(t, "resources")
	st.Labels = genKVs(t, "strategyLabels")
	st.Annotations = genKVs(t, "strategyAnnotations")
	return st
}

func genTemplateValue(t *rapid.T, label string) dcplan.Template {
	n := rapid.IntRange(0, 2).Draw(t, label)
	cs := make([]dcplan.Container, n)
	for i := range cs {
		cs[i] = dcplan.Container{Name: genText(t, label+"Name"), Image: genText(t, label+"Image")}
	}
	return TemplateFor(cs...)
}

func genConditionValue(t *rapid.T) dcplan.Condition {
	c := dcplan.Condition{
		Type:               dcplan.ConditionType(rapid.IntRange(0, int(dcplan.ConditionOther)).Draw(t, "condType")),
		Status:             dcplan.ConditionStatus(rapid.IntRange(0, int(dcplan.StatusOther)).Draw(t, "condStatus")),
		Reason:             dcplan.ConditionReason(rapid.IntRange(0, int(dcplan.ReasonOther)).Draw(t, "condReason")),
		Message:            genText(t, "condMessage"),
		LastUpdateTime:     genMetaTime(t, "condUpdate"),
		LastTransitionTime: genMetaTime(t, "condTransition"),
	}
	if c.Reason == dcplan.ReasonOther {
		c.OtherReason = rapid.SampledFrom([]string{"SomethingElse", "Other reason"}).Draw(t, "otherReason")
	}
	// Another writer's type and status (issue 35 item 7).
	if c.Type == dcplan.ConditionOther {
		c.OtherType = rapid.SampledFrom([]string{"Ready", "available", "Gate ok"}).Draw(t, "otherType")
	}
	if c.Status == dcplan.StatusOther {
		c.OtherStatus = rapid.SampledFrom([]string{"Maybe", "true"}).Draw(t, "otherStatus")
	}
	return c
}

func genStatusValue(t *rapid.T) dcplan.ConfigStatus {
	s := dcplan.ConfigStatus{
		LatestVersion:       dcplan.Version(rapid.Int64().Draw(t, "latestVersion")),
		ObservedGeneration:  rapid.Int64().Draw(t, "observedGeneration"),
		Replicas:            dcplan.Replicas(rapid.Int32().Draw(t, "statusReplicas")),
		UpdatedReplicas:     dcplan.Replicas(rapid.Int32().Draw(t, "updated")),
		AvailableReplicas:   dcplan.Replicas(rapid.Int32().Draw(t, "available")),
		UnavailableReplicas: dcplan.Replicas(rapid.Int32().Draw(t, "unavailable")),
		ReadyReplicas:       dcplan.Replicas(rapid.Int32().Draw(t, "ready")),
	}
	s.Details.Message = genText(t, "detailsMessage")
	for i := range rapid.IntRange(0, 2).Draw(t, "causes") {
		c := dcplan.Cause{
			Type:  dcplan.TriggerType(rapid.IntRange(0, int(dcplan.TriggerOther)).Draw(t, "causeType"+strconv.Itoa(i))),
			Image: genText(t, "causeImage"),
		}
		if c.Type == dcplan.TriggerOther {
			c.OtherType = rapid.SampledFrom([]string{"Bogus", "configChange"}).Draw(t, "otherCause")
		}
		s.Details.Causes = append(s.Details.Causes, c)
	}
	for range rapid.IntRange(0, 3).Draw(t, "conditions") {
		s.Conditions = append(s.Conditions, genConditionValue(t))
	}
	return s
}

// genConfigValue generates a Config with Raw nil.
func genConfigValue() *rapid.Generator[dcplan.Config] {
	return rapid.Custom(func(t *rapid.T) dcplan.Config {
		c := dcplan.Config{
			Namespace:       genText(t, "namespace"),
			Name:            genText(t, "name"),
			UID:             genText(t, "uid"),
			ResourceVersion: genText(t, "resourceVersion"),
			Generation:      rapid.Int64().Draw(t, "generation"),
			Deleting:        rapid.Bool().Draw(t, "deleting"),
			Labels:          genKVs(t, "labels"),
			Replicas:        dcplan.Replicas(rapid.Int32().Draw(t, "replicas")),
			MinReadySeconds: rapid.Int32().Draw(t, "minReady"),
			Test:            rapid.Bool().Draw(t, "test"),
			Paused:          rapid.Bool().Draw(t, "paused"),
			Selector:        genKVs(t, "selector"),
			Strategy:        genStrategyValue(t),
			Template:        genTemplateValue(t, "template"),
			Status:          genStatusValue(t),
		}
		if rapid.Bool().Draw(t, "ignore") {
			c.IgnoreDeployerPod, c.IgnoreDeployerPodValue = true, genText(t, "ignoreValue")
		}
		if rapid.Bool().Draw(t, "hasLimit") {
			c.RevisionHistoryLimit, c.HasRevisionHistoryLimit = rapid.Int32().Draw(t, "limit"), true
		}
		for range rapid.IntRange(0, 2).Draw(t, "triggers") {
			tr := dcplan.Trigger{Type: dcplan.TriggerType(rapid.IntRange(1, 2).Draw(t, "triggerType"))}
			if rapid.Bool().Draw(t, "triggerParams") {
				tr.Automatic = rapid.Bool().Draw(t, "automatic")
				tr.ContainerNames = genStrings(t, "containerNames")
				tr.FromKind, tr.FromNamespace, tr.FromName = genText(t, "fromKind"), genText(t, "fromNamespace"), genText(t, "fromName")
				tr.LastTriggeredImage = genText(t, "lastTriggered")
			}
			c.Triggers = append(c.Triggers, tr)
		}
		return c
	})
}

func genOwner(t *rapid.T, controller bool) dcplan.OwnerRef {
	return dcplan.OwnerRef{
		APIVersion:         rapid.SampledFrom([]string{"apps.openshift.io/v1", "v1", ""}).Draw(t, "ownerAPIVersion"),
		Kind:               rapid.SampledFrom([]string{"DeploymentConfig", "ReplicationController", ""}).Draw(t, "ownerKind"),
		Name:               genText(t, "ownerName"),
		UID:                genText(t, "ownerUID"),
		Controller:         controller,
		BlockOwnerDeletion: rapid.Bool().Draw(t, "blockOwnerDeletion"),
	}
}

// genDeploymentValue generates a Deployment with Raw nil (and Encoded.Raw
// nil).
func genDeploymentValue() *rapid.Generator[dcplan.Deployment] {
	return rapid.Custom(func(t *rapid.T) dcplan.Deployment {
		d := dcplan.Deployment{
			Namespace:         genText(t, "namespace"),
			Name:              genText(t, "name"),
			UID:               genText(t, "uid"),
			ResourceVersion:   genText(t, "resourceVersion"),
			CreationTime:      genMetaTime(t, "created"),
			Deleting:          rapid.Bool().Draw(t, "deleting"),
			ConfigLabel:       genText(t, "configLabel"),
			ConfigName:        genText(t, "configName"),
			Replicas:          dcplan.Replicas(rapid.Int32().Draw(t, "replicas")),
			StatusReplicas:    dcplan.Replicas(rapid.Int32().Draw(t, "statusReplicas")),
			ReadyReplicas:     dcplan.Replicas(rapid.Int32().Draw(t, "ready")),
			AvailableReplicas: dcplan.Replicas(rapid.Int32().Draw(t, "available")),
			Version:           dcplan.Version(rapid.Int64().Draw(t, "version")),
			Phase:             dcplan.Phase(rapid.IntRange(0, dcplan.NumPhases-1).Draw(t, "phase")),
			Cancelled:         rapid.Bool().Draw(t, "cancelled"),
			Reason:            genText(t, "reason"),
			DeployerPodName:   genText(t, "deployerPod"),
			IgnoreDeployerPod: rapid.Bool().Draw(t, "ignore"),
			CreatedAt:         genTimeValue(t, "createdAt"),
			StartedAt:         genTimeValue(t, "startedAt"),
			CompletedAt:       genTimeValue(t, "completedAt"),
			RetriedAt:         genTimeValue(t, "retriedAt"),
			RetriedPod:        genText(t, "retriedPod"),
			Template:          genTemplateValue(t, "template"),
		}
		if rapid.Bool().Draw(t, "hasController") {
			d.Controller, d.HasController = genOwner(t, true), true
		}
		if rapid.Bool().Draw(t, "hasDesired") {
			d.DesiredReplicas, d.HasDesiredReplicas = dcplan.Replicas(rapid.Int32().Draw(t, "desired")), true
		}
		if rapid.Bool().Draw(t, "hasSynced") {
			d.SyncedReplicas, d.HasSyncedReplicas = dcplan.Replicas(rapid.Int32().Draw(t, "synced")), true
		}
		if rapid.Bool().Draw(t, "hasEncoded") {
			d.Encoded = new(genConfigValue().Draw(t, "encoded"))
		}
		return d
	})
}

// genPodValue generates a Pod with Raw nil.
func genPodValue() *rapid.Generator[dcplan.Pod] {
	return rapid.Custom(func(t *rapid.T) dcplan.Pod {
		p := dcplan.Pod{
			Namespace:       genText(t, "namespace"),
			Name:            genText(t, "name"),
			UID:             genText(t, "uid"),
			ResourceVersion: genText(t, "resourceVersion"),
			CreationTime:    genMetaTime(t, "created"),
			StartTime:       genMetaTime(t, "started"),
			Deleting:        rapid.Bool().Draw(t, "deleting"),
			Phase:           dcplan.PodPhase(rapid.IntRange(0, int(dcplan.PodUnknown)).Draw(t, "phase")),
			DeploymentName:  genText(t, "deploymentName"),
			DeployerFor:     genText(t, "deployerFor"),
		}
		for range rapid.IntRange(0, 2).Draw(t, "owners") {
			p.Owners = append(p.Owners, genOwner(t, rapid.Bool().Draw(t, "ownerController")))
		}
		if rapid.Bool().Draw(t, "hasDeadline") {
			p.ActiveDeadlineSeconds, p.HasActiveDeadline = rapid.Int64().Draw(t, "deadline"), true
		}
		for range rapid.IntRange(0, 2).Draw(t, "statuses") {
			cs := dcplan.ContainerStatus{Name: genText(t, "statusName")}
			if rapid.Bool().Draw(t, "terminated") {
				cs.Terminated, cs.ExitCode, cs.FinishedAt = true, rapid.Int32().Draw(t, "exitCode"), genMetaTime(t, "finished")
			}
			p.Containers = append(p.Containers, cs)
		}
		return p
	})
}

// drawDecoded returns cfg as it is or, as t draws, as DecodeConfig reads
// back its encoding (Raw and the Raws of its parts filled, as a DC read
// from the API server has them).
func drawDecoded(t *rapid.T, cfg dcplan.Config) dcplan.Config {
	if !rapid.Bool().Draw(t, "withRaw") {
		return cfg
	}
	b, _ := EncodeConfig(cfg)
	back, err := DecodeConfig(b)
	if err != nil {
		t.Fatal(err)
	}
	return back
}
