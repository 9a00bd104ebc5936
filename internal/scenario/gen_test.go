package scenario

import (
	"strconv"
	"time"

	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
)

// The generators below draw snapshots in normal form (see README.md): the
// shapes State promises to round-trip. They exercise every field.

var (
	genName  = rapid.StringMatching(`[a-z][a-z0-9-]{0,6}(-[0-9]{1,2})?`)
	genWord  = rapid.StringMatching(`[a-z0-9:./-]{0,8}`)
	genText  = rapid.StringMatching(`[ -~]{0,12}`) // any printable ASCII, spaces and quotes included
	genKey   = rapid.StringMatching(`[a-z][a-z0-9./-]{0,8}`)
	genRaw   = rapid.SampledFrom([]string{`{"a":1}`, `[1,2]`, `"x y"`, `{"k":"v \"w\""}`, `null`})
	genStamp = rapid.Custom(func(t *rapid.T) time.Time {
		if rapid.Bool().Draw(t, "zero") {
			return time.Time{}
		}
		return time.Unix(rapid.Int64Range(0, 4e9).Draw(t, "sec"), rapid.Int64Range(0, 999999999).Draw(t, "nsec")).UTC()
	})
)

func maybeRaw(t *rapid.T, label string) dcplan.RawJSON {
	if rapid.Bool().Draw(t, label+"?") {
		return nil
	}
	return dcplan.RawJSON(genRaw.Draw(t, label))
}

func genKVs(t *rapid.T, label string) []dcplan.KeyValue {
	n := rapid.IntRange(0, 2).Draw(t, label+"#")
	var out []dcplan.KeyValue
	for i := 0; i < n; i++ {
		out = append(out, dcplan.KeyValue{Key: genKey.Draw(t, label+"k"), Value: genText.Draw(t, label+"v")})
	}
	return out
}

func genEnv(t *rapid.T, label string) []dcplan.EnvVar {
	n := rapid.IntRange(0, 2).Draw(t, label+"#")
	var out []dcplan.EnvVar
	for i := 0; i < n; i++ {
		e := dcplan.EnvVar{Name: genKey.Draw(t, label+"n")}
		if rapid.Bool().Draw(t, label+"from") {
			e.ValueFrom = dcplan.RawJSON(genRaw.Draw(t, label+"vf"))
		} else {
			e.Value = genText.Draw(t, label+"v")
		}
		out = append(out, e)
	}
	return out
}

func genTemplate(t *rapid.T) dcplan.Template {
	n := rapid.IntRange(0, 3).Draw(t, "containers")
	var cs []dcplan.Container
	short := rapid.Bool().Draw(t, "short")
	for i := 0; i < n; i++ {
		name := "c" + strconv.Itoa(i)
		if !short {
			name = rapid.StringMatching(`[a-z0-9-]{0,5}`).Draw(t, "cname")
		}
		cs = append(cs, dcplan.Container{Name: name, Image: genWord.Draw(t, "image")})
	}
	tm := buildTemplate(cs)
	if rapid.Bool().Draw(t, "hash?") {
		tm.Hash = genWord.Draw(t, "hash")
	}
	if rapid.Bool().Draw(t, "raw?") {
		tm.Raw = maybeRaw(t, "traw")
	}
	return tm
}

func genFencepost(t *rapid.T) dcplan.Fencepost {
	switch rapid.IntRange(0, 3).Draw(t, "fp") {
	case 0:
		return dcplan.Fencepost{}
	case 1:
		return dcplan.Fencepost{Set: true, Int: rapid.Int32Range(-3, 30).Draw(t, "fpi")}
	case 2:
		return dcplan.Fencepost{Set: true, IsString: true, Str: rapid.SampledFrom([]string{"25%", "25", "none", "10 %", ""}).Draw(t, "fps")}
	}
	return defaultFencepost
}

func genRef(t *rapid.T) dcplan.OwnerRef {
	n := rapid.StringMatching(`[a-z0-9-]{0,6}`).Draw(t, "refname")
	switch rapid.IntRange(0, 2).Draw(t, "ref") {
	case 0:
		return rcRef(n, "uid-"+n)
	case 1:
		return dcRef(n, "uid-"+n)
	}
	return dcplan.OwnerRef{
		APIVersion:         rapid.SampledFrom([]string{"v1", "apps.openshift.io/v1", "x/v2"}).Draw(t, "api"),
		Kind:               rapid.SampledFrom([]string{"ReplicationController", "DeploymentConfig", "Job", ""}).Draw(t, "kind"),
		Name:               n,
		UID:                rapid.StringMatching(`[a-z0-9-]{0,6}`).Draw(t, "refuid"),
		Controller:         rapid.Bool().Draw(t, "ctl"),
		BlockOwnerDeletion: rapid.Bool().Draw(t, "block"),
	}
}

var genConfig = rapid.Custom(func(t *rapid.T) dcplan.Config {
	c := dcplan.Config{
		Namespace:       rapid.SampledFrom([]string{"ns", "shop", ""}).Draw(t, "ns"),
		Name:            genName.Draw(t, "dcname"),
		UID:             genWord.Draw(t, "uid"),
		ResourceVersion: genWord.Draw(t, "rv"),
		Generation:      rapid.Int64Range(0, 9).Draw(t, "gen"),
		Deleting:        rapid.Bool().Draw(t, "deleting"),
		Labels:          genKVs(t, "labels"),
		Replicas:        dcplan.Replicas(rapid.Int32Range(-1, 5).Draw(t, "replicas")),
		MinReadySeconds: rapid.Int32Range(0, 30).Draw(t, "minready"),
		Test:            rapid.Bool().Draw(t, "test"),
		Paused:          rapid.Bool().Draw(t, "paused"),
		Selector:        genKVs(t, "selector"),
		Template:        genTemplate(t),
		Raw:             maybeRaw(t, "raw"),
	}
	if rapid.Bool().Draw(t, "ignore") {
		c.IgnoreDeployerPod, c.IgnoreDeployerPodValue = true, genText.Draw(t, "ignorev")
	}
	if rapid.Bool().Draw(t, "limit?") {
		c.RevisionHistoryLimit, c.HasRevisionHistoryLimit = rapid.Int32Range(-1, 10).Draw(t, "limit"), true
	}
	st := &c.Strategy
	st.Type = dcplan.StrategyType(rapid.IntRange(0, 3).Draw(t, "strategy"))
	st.HasParams = rapid.Bool().Draw(t, "params")
	if rapid.Bool().Draw(t, "timeout?") {
		st.TimeoutSeconds, st.HasTimeout = rapid.Int64Range(-1, 900).Draw(t, "timeout"), true
	}
	st.MaxSurge, st.MaxUnavailable = genFencepost(t), genFencepost(t)
	if rapid.Bool().Draw(t, "deadline?") {
		st.ActiveDeadlineSeconds, st.HasActiveDeadline = rapid.Int64Range(0, 30000).Draw(t, "deadline"), true
	}
	st.CustomImage = genWord.Draw(t, "customimage")
	for i := rapid.IntRange(0, 2).Draw(t, "cmd#"); i > 0; i-- {
		st.CustomCommand = append(st.CustomCommand, genText.Draw(t, "cmd"))
	}
	st.CustomEnv = genEnv(t, "customenv")
	st.Resources = maybeRaw(t, "resources")
	st.Labels, st.Annotations = genKVs(t, "slabels"), genKVs(t, "sannotations")
	for i := rapid.IntRange(0, 2).Draw(t, "triggers#"); i > 0; i-- {
		tr := dcplan.Trigger{Type: dcplan.TriggerType(rapid.IntRange(1, 2).Draw(t, "ttype"))}
		if rapid.Bool().Draw(t, "topts") {
			tr.Automatic = rapid.Bool().Draw(t, "auto")
			for j := rapid.IntRange(0, 2).Draw(t, "tcn#"); j > 0; j-- {
				tr.ContainerNames = append(tr.ContainerNames, rapid.StringMatching(`[a-z0-9-]{1,4}`).Draw(t, "tcn"))
			}
			tr.FromKind, tr.FromNamespace = genWord.Draw(t, "fk"), genWord.Draw(t, "fns")
			tr.FromName, tr.LastTriggeredImage = genWord.Draw(t, "fn"), genWord.Draw(t, "last")
		}
		c.Triggers = append(c.Triggers, tr)
	}
	s := &c.Status
	s.LatestVersion = dcplan.Version(rapid.Int64Range(0, 9).Draw(t, "latest"))
	s.ObservedGeneration = rapid.Int64Range(0, 9).Draw(t, "observed")
	n := func(l string) dcplan.Replicas { return dcplan.Replicas(rapid.Int32Range(0, 5).Draw(t, l)) }
	s.Replicas, s.UpdatedReplicas, s.AvailableReplicas, s.UnavailableReplicas, s.ReadyReplicas = n("r"), n("u"), n("a"), n("un"), n("rd")
	s.Details.Message = genText.Draw(t, "details")
	for i := rapid.IntRange(0, 2).Draw(t, "causes#"); i > 0; i-- {
		s.Details.Causes = append(s.Details.Causes, dcplan.Cause{
			Type: dcplan.TriggerType(rapid.IntRange(1, 2).Draw(t, "ctype")), Image: genWord.Draw(t, "cimage")})
	}
	for i := rapid.IntRange(0, 3).Draw(t, "conds#"); i > 0; i-- {
		cond := dcplan.Condition{
			Type:               dcplan.ConditionType(rapid.IntRange(1, 3).Draw(t, "ctype")),
			Status:             dcplan.ConditionStatus(rapid.IntRange(1, 3).Draw(t, "cstatus")),
			Reason:             dcplan.ConditionReason(rapid.IntRange(0, int(dcplan.ReasonOther)).Draw(t, "creason")),
			Message:            genText.Draw(t, "cmsg"),
			LastTransitionTime: genStamp.Draw(t, "ctrans"),
			LastUpdateTime:     genStamp.Draw(t, "cupd"),
		}
		if cond.Reason == dcplan.ReasonOther {
			cond.OtherReason = "Other" + genWord.Draw(t, "other")
		}
		s.Conditions = append(s.Conditions, cond)
	}
	return c
})

func genDeployment(t *rapid.T, cfg dcplan.Config, hasCfg bool, encoded []dcplan.Config) dcplan.Deployment {
	name := genName.Draw(t, "rcname")
	d := dcplan.Deployment{
		Namespace:         rapid.SampledFrom([]string{cfg.Namespace, "ns", "other"}).Draw(t, "rcns"),
		Name:              name,
		UID:               rapid.SampledFrom([]string{"uid-" + name, "", "x"}).Draw(t, "rcuid"),
		ResourceVersion:   genWord.Draw(t, "rcrv"),
		CreationTime:      genStamp.Draw(t, "created"),
		Deleting:          rapid.Bool().Draw(t, "rcdeleting"),
		ConfigLabel:       rapid.SampledFrom([]string{cfg.Name, "", "x"}).Draw(t, "cl"),
		ConfigName:        rapid.SampledFrom([]string{cfg.Name, "", "y"}).Draw(t, "cn"),
		Replicas:          dcplan.Replicas(rapid.Int32Range(0, 5).Draw(t, "rcreplicas")),
		Version:           dcplan.Version(rapid.Int64Range(0, 12).Draw(t, "v")),
		Phase:             dcplan.Phase(rapid.IntRange(0, dcplan.NumPhases-1).Draw(t, "phase")),
		Cancelled:         rapid.Bool().Draw(t, "cancelled"),
		Reason:            genText.Draw(t, "reason"),
		DeployerPodName:   genWord.Draw(t, "deployer"),
		IgnoreDeployerPod: rapid.Bool().Draw(t, "rcignore"),
		CreatedAt:         genStamp.Draw(t, "pc"),
		StartedAt:         genStamp.Draw(t, "ps"),
		CompletedAt:       genStamp.Draw(t, "pd"),
		RetriedAt:         genStamp.Draw(t, "pr"),
		RetriedPod:        genWord.Draw(t, "rp"),
		Raw:               dcplan.RawJSON(maybeRaw(t, "rcraw")),
	}
	if d.Phase == dcplan.PhaseUnknown && rapid.Bool().Draw(t, "misspelt") {
		d.PhaseSpelling = rapid.SampledFrom([]string{"Bogus", "complete", "Done"}).Draw(t, "spelling")
	}
	n := func(l string) dcplan.Replicas { return dcplan.Replicas(rapid.Int32Range(0, 5).Draw(t, l)) }
	d.StatusReplicas, d.ReadyReplicas, d.AvailableReplicas = n("sr"), n("sready"), n("savail")
	if rapid.Bool().Draw(t, "controller?") {
		d.Controller, d.HasController = genRef(t), true
		if hasCfg && rapid.Bool().Draw(t, "ours") {
			d.Controller = dcRef(cfg.Name, cfg.UID)
		}
	}
	if d.ConfigName == "" {
		d.EmptyConfigName = rapid.Bool().Draw(t, "cnempty")
	}
	if rapid.Bool().Draw(t, "desired?") {
		d.DesiredReplicas, d.HasDesiredReplicas = n("desired"), true
	}
	if rapid.Bool().Draw(t, "synced?") {
		d.SyncedReplicas, d.HasSyncedReplicas = n("synced"), true
	}
	switch k := rapid.IntRange(0, 1+len(encoded)).Draw(t, "encoded"); {
	case k == 0:
	case k == 1 && hasCfg:
		d.Encoded = new(cfg)
	case k >= 2:
		d.Encoded = new(encoded[k-2])
	}
	if d.Encoded == nil && rapid.IntRange(0, 3).Draw(t, "undecodable") == 0 {
		// Present but not decodable (SPEC 13.1): encoded-problem=.
		if why := genText.Draw(t, "problem"); why != "" {
			d.EncodedProblem = why
		}
	}
	if rapid.Bool().Draw(t, "tmpl-default") {
		switch {
		case d.Encoded != nil:
			d.Template = d.Encoded.Template.Clone()
		case hasCfg:
			d.Template = cfg.Template.Clone()
		}
	} else {
		d.Template = genTemplate(t)
	}
	return d
}

func genPod(t *rapid.T) dcplan.Pod {
	name := rapid.SampledFrom([]string{"web-1-deploy", "web-2-hook-pre", "x"}).Draw(t, "podname") + genWord.Draw(t, "podsuffix")
	o := dcplan.Pod{
		Namespace:       rapid.SampledFrom([]string{"ns", "shop", ""}).Draw(t, "podns"),
		Name:            name,
		UID:             rapid.SampledFrom([]string{"uid-" + name, "", "p"}).Draw(t, "poduid"),
		ResourceVersion: genWord.Draw(t, "podrv"),
		CreationTime:    genStamp.Draw(t, "podcreated"),
		StartTime:       genStamp.Draw(t, "podstarted"),
		Deleting:        rapid.Bool().Draw(t, "poddeleting"),
		Phase:           dcplan.PodPhase(rapid.IntRange(0, 5).Draw(t, "podphase")),
		DeploymentName:  rapid.SampledFrom([]string{"", "web-1", "web-1-deploy"}).Draw(t, "dn"),
		DeployerFor:     rapid.SampledFrom([]string{"", "web-1", "web-2"}).Draw(t, "df"),
		Raw:             maybeRaw(t, "podraw"),
	}
	for i := rapid.IntRange(0, 2).Draw(t, "owners#"); i > 0; i-- {
		o.Owners = append(o.Owners, genRef(t))
	}
	if rapid.Bool().Draw(t, "poddeadline?") {
		o.ActiveDeadlineSeconds, o.HasActiveDeadline = rapid.Int64Range(0, 30000).Draw(t, "poddeadline"), true
	}
	for i := rapid.IntRange(0, 2).Draw(t, "statuses#"); i > 0; i-- {
		cs := dcplan.ContainerStatus{Name: rapid.SampledFrom([]string{"deployment", "hook", "c"}).Draw(t, "csname")}
		if rapid.Bool().Draw(t, "terminated") {
			cs.Terminated, cs.ExitCode, cs.FinishedAt = true, rapid.Int32Range(-1, 3).Draw(t, "exit"), genStamp.Draw(t, "finished")
		}
		o.Containers = append(o.Containers, cs)
	}
	return o
}

var genState = rapid.Custom(func(t *rapid.T) dcplan.Snapshot {
	s := dcplan.Snapshot{Now: genStamp.Draw(t, "now"), Requeues: rapid.IntRange(-1, 15).Draw(t, "requeues"),
		InstantiateUnavailable: rapid.Bool().Draw(t, "noinst")}
	s.Settings = dcplan.Settings{
		Switches:       dcplan.Preset(rapid.IntRange(0, 4).Draw(t, "profile")).Switches(),
		DeployerImage:  genWord.Draw(t, "dimage"),
		ServiceAccount: genWord.Draw(t, "sa"),
		Environment:    genEnv(t, "env"),
	}
	hasCfg := rapid.IntRange(0, 4).Draw(t, "hascfg") > 0
	if hasCfg {
		s.Config = genConfig.Draw(t, "config")
	}
	var encoded []dcplan.Config
	for i := rapid.IntRange(0, 2).Draw(t, "encoded#"); i > 0; i-- {
		encoded = append(encoded, genConfig.Draw(t, "enc"))
	}
	for i := rapid.IntRange(0, 3).Draw(t, "rcs#"); i > 0; i-- {
		s.Deployments = append(s.Deployments, genDeployment(t, s.Config, hasCfg, encoded))
	}
	for i := rapid.IntRange(0, 3).Draw(t, "pods#"); i > 0; i-- {
		s.Pods = append(s.Pods, genPod(t))
	}
	if rapid.Bool().Draw(t, "recheck?") {
		s.Recheck = dcplan.Recheck{Done: true, UID: genWord.Draw(t, "ruid"), Err: genText.Draw(t, "rerr"),
			DeletionTime: genStamp.Draw(t, "rdel")}
	}
	for i := rapid.IntRange(0, 2).Draw(t, "failures#"); i > 0; i-- {
		s.Outcome.Failures = append(s.Outcome.Failures, dcplan.Failure{
			Action:  dcplan.ActionKind(rapid.IntRange(int(dcplan.ActionAdopt), int(dcplan.ActionStatus)).Draw(t, "action")),
			Name:    genWord.Draw(t, "fname"),
			Reason:  dcplan.StatusReason(rapid.SampledFrom([]string{"", "NotFound", "AlreadyExists", "Conflict"}).Draw(t, "freason")),
			Code:    int32(rapid.IntRange(0, 500).Draw(t, "fcode")),
			Message: genText.Draw(t, "ferr"),
			Prelude: rapid.Bool().Draw(t, "fprelude"),
			// Drawn last, so that the draws before it stay as they were.
			ReasonFromCode: rapid.Bool().Draw(t, "ffromcode"),
			StatedReason:   dcplan.StatusReason(rapid.SampledFrom([]string{"", "PolicyViolation"}).Draw(t, "fstated")),
		})
	}
	s.Outcome.LiveErr = genText.Draw(t, "liveerr")
	if rapid.Bool().Draw(t, "live?") {
		live := genDeployment(t, s.Config, hasCfg, encoded)
		s.Outcome.Live = &live
	}
	return s
})
