package gen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// Template generates a pod template with one or two containers whose
// images come from Images (empty images are rare). Raw is canonical JSON of
// the template and Hash a digest of Raw, so equal templates get equal
// hashes.
func Template() *rapid.Generator[dcplan.Template] {
	return rapid.Custom(func(t *rapid.T) dcplan.Template {
		n := rapid.IntRange(1, 2).Draw(t, "containers")
		images := make([]string, n)
		for i := range images {
			images[i] = genImage(t, fmt.Sprintf("image%d", i))
		}
		return fake.TemplateOf(images...)
	})
}

func genImage(t *rapid.T, label string) string {
	// Weighted: mostly the three plain images, rarely padded or empty.
	k := rapid.IntRange(0, 19).Draw(t, label)
	switch {
	case k < 18:
		return fake.Images[k%3]
	case k == 18:
		return fake.Images[3]
	default:
		return fake.Images[4]
	}
}

func genFencepost(t *rapid.T, label string) dcplan.Fencepost {
	switch rapid.IntRange(0, 3).Draw(t, label+"Kind") {
	case 0:
		return dcplan.Fencepost{}
	case 1:
		return dcplan.Fencepost{Set: true, Int: int32(rapid.IntRange(0, 3).Draw(t, label+"Int"))}
	default:
		pct := rapid.SampledFrom([]string{"0%", "25%", "50%", "100%", "25"}).Draw(t, label+"Str")
		return dcplan.Fencepost{Set: true, IsString: true, Str: pct}
	}
}

// Strategy generates a valid strategy: Rolling or Recreate with their
// parameters, or Custom.
func Strategy() *rapid.Generator[dcplan.Strategy] {
	return rapid.Custom(func(t *rapid.T) dcplan.Strategy {
		st := dcplan.Strategy{
			Type:      rapid.SampledFrom([]dcplan.StrategyType{dcplan.StrategyRolling, dcplan.StrategyRecreate, dcplan.StrategyCustom}).Draw(t, "strategy"),
			HasParams: true,
		}
		if st.Type == dcplan.StrategyCustom {
			st.HasParams = false
			st.CustomImage = rapid.SampledFrom([]string{"", "registry.example/custom:1"}).Draw(t, "customImage")
		}
		if st.Type != dcplan.StrategyCustom && rapid.Bool().Draw(t, "hasTimeout") {
			st.HasTimeout = true
			st.TimeoutSeconds = int64(rapid.SampledFrom([]int{0, 60, 600}).Draw(t, "timeout"))
		}
		if st.Type == dcplan.StrategyRolling {
			st.MaxSurge = genFencepost(t, "surge")
			st.MaxUnavailable = genFencepost(t, "unavailable")
		}
		if rapid.Bool().Draw(t, "hasDeadline") {
			st.HasActiveDeadline = true
			st.ActiveDeadlineSeconds = int64(rapid.SampledFrom([]int{1, 3600, 21600}).Draw(t, "deadline"))
		}
		return st
	})
}

// Config generates a valid DeploymentConfig "web" in namespace "ns",
// uid "dc-uid", with status.latestVersion 0 to 6; now and then with
// minReadySeconds, or the deployer-pod ignore annotation its new RCs
// inherit.
func Config() *rapid.Generator[dcplan.Config] {
	return rapid.Custom(func(t *rapid.T) dcplan.Config {
		c := dcplan.Config{
			Namespace:  "ns",
			Name:       "web",
			UID:        "dc-uid",
			Generation: int64(rapid.IntRange(1, 5).Draw(t, "generation")),
			Deleting:   oneIn(t, 20, "deleting"),
			Labels:     []dcplan.KeyValue{{Key: "app", Value: "web"}},
			Replicas:   dcplan.Replicas(rapid.IntRange(0, 5).Draw(t, "replicas")),
			Test:       oneIn(t, 10, "test"),
			Paused:     oneIn(t, 10, "paused"),
			Selector:   []dcplan.KeyValue{{Key: "deploymentconfig", Value: "web"}},
			Strategy:   Strategy().Draw(t, "strategy"),
			Template:   Template().Draw(t, "template"),
		}
		if rapid.Bool().Draw(t, "hasLimit") {
			c.HasRevisionHistoryLimit = true
			c.RevisionHistoryLimit = int32(rapid.IntRange(0, 4).Draw(t, "limit"))
		}
		if rapid.IntRange(0, 3).Draw(t, "configChange") > 0 {
			c.Triggers = append(c.Triggers, dcplan.Trigger{Type: dcplan.TriggerConfigChange})
		}
		if rapid.Bool().Draw(t, "imageChange") {
			last := ""
			if rapid.IntRange(0, 3).Draw(t, "resolved") > 0 {
				last = strings.TrimSpace(c.Template.Containers[0].Image)
			}
			c.Triggers = append(c.Triggers, dcplan.Trigger{
				Type: dcplan.TriggerImageChange, Automatic: rapid.Bool().Draw(t, "automatic"),
				ContainerNames: []string{"c0"}, FromKind: "ImageStreamTag", FromNamespace: "ns", FromName: "app:latest",
				LastTriggeredImage: last,
			})
		}
		if oneIn(t, 10, "otherTrigger") {
			// A type the API server stores and no controller acts on
			// (SPEC 13.1).
			c.Triggers = append(c.Triggers, dcplan.Trigger{Type: dcplan.TriggerOther, OtherType: "GitHubWebHook"})
		}
		c.Status.LatestVersion = dcplan.Version(rapid.IntRange(0, 6).Draw(t, "latestVersion"))
		c.Status.ObservedGeneration = int64(rapid.IntRange(0, int(c.Generation)).Draw(t, "observedGeneration"))
		if oneIn(t, 4, "hasMinReady") {
			c.MinReadySeconds = int32(rapid.SampledFrom([]int{5, 30}).Draw(t, "minReadySeconds"))
		}
		if oneIn(t, 10, "ignoreDeployerPod") {
			// The annotation new RCs inherit, so that no deployer pod is
			// made for them (SPEC 4.3.new.4); any value counts.
			c.IgnoreDeployerPod = true
			c.IgnoreDeployerPodValue = rapid.SampledFrom([]string{"true", ""}).Draw(t, "ignoreValue")
		}
		return c
	})
}

// Deployment generates an RC of cfg with the given version: mostly owned
// by cfg and labelled for it, sometimes an orphan or another controller's;
// any phase, now and then being deleted; its encoded config is cfg, or cfg with another template, and
// now and then the annotation is absent or present but not decodable
// (Encoded nil, EncodedProblem set, SPEC 13.1); now and then with a hand
// edit: the deployer-pod ignore annotation, a phase annotation no phase
// spells, a desired-replicas annotation that is no number, no
// config-name annotation.
func Deployment(cfg dcplan.Config, v dcplan.Version) *rapid.Generator[dcplan.Deployment] {
	return rapid.Custom(func(t *rapid.T) dcplan.Deployment {
		name := dcplan.DeploymentName(cfg.Name, v)
		d := dcplan.Deployment{
			Namespace:   cfg.Namespace,
			Name:        name,
			UID:         "rc-uid-" + strconv.FormatInt(int64(v), 10),
			ConfigLabel: cfg.Name,
			ConfigName:  cfg.Name,
			Version:     v,
			Phase:       rapid.SampledFrom([]dcplan.Phase{dcplan.PhaseNew, dcplan.PhasePending, dcplan.PhaseRunning, dcplan.PhaseComplete, dcplan.PhaseComplete, dcplan.PhaseFailed, dcplan.PhaseUnknown}).Draw(t, "phase"),
			Replicas:    dcplan.Replicas(rapid.IntRange(0, 5).Draw(t, "replicas")),
		}
		switch rapid.IntRange(0, 9).Draw(t, "owner") {
		case 9: // orphan
		case 8: // another controller's
			d.HasController = true
			d.Controller = dcplan.OwnerRef{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: "other", UID: "other-uid", Controller: true, BlockOwnerDeletion: true}
		default:
			d.HasController = true
			d.Controller = dcplan.OwnerRef{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: cfg.Name, UID: cfg.UID, Controller: true, BlockOwnerDeletion: true}
		}
		if oneIn(t, 10, "unlabelled") {
			d.ConfigLabel = ""
		}
		// Being deleted (a foreground delete waiting on its pods, an
		// orphan's finalizer): the DC controller never adopts such an
		// orphan (SPEC 3.3.2): drawn oftener for an orphan, where it matters.
		deletingOdds := 10
		if !d.HasController {
			deletingOdds = 4
		}
		d.Deleting = oneIn(t, deletingOdds, "rcDeleting")
		d.StatusReplicas = dcplan.Replicas(rapid.IntRange(0, int(d.Replicas)).Draw(t, "statusReplicas"))
		d.ReadyReplicas = dcplan.Replicas(rapid.IntRange(0, int(d.StatusReplicas)).Draw(t, "ready"))
		d.AvailableReplicas = dcplan.Replicas(rapid.IntRange(0, int(d.ReadyReplicas)).Draw(t, "available"))
		if oneIn(t, 4, "cancelled") {
			d.Cancelled = true
			d.Reason = rapid.SampledFrom([]string{dcplan.ReasonCancelledByUser, dcplan.ReasonCancelledByNewer}).Draw(t, "cancelReason")
		}
		if rapid.Bool().Draw(t, "hasDesired") {
			d.HasDesiredReplicas = true
			d.DesiredReplicas = cfg.Replicas
		}
		if rapid.Bool().Draw(t, "hasSynced") {
			d.HasSyncedReplicas = true
			d.SyncedReplicas = dcplan.Replicas(rapid.IntRange(0, 5).Draw(t, "synced"))
		}
		if !oneIn(t, 10, "noCreationTime") {
			d.CreationTime = fake.Epoch.Add(-time.Duration(rapid.IntRange(0, 1200).Draw(t, "age")) * time.Second)
		}
		switch {
		case oneIn(t, 10, "noEncoded"):
		case oneIn(t, 15, "undecodable"):
			// The annotation is there but does not decode (a hand edit,
			// a truncated restore): a world clusters hold, planned as
			// upstream plans it (SPEC 13.1, 4.2).
			d.EncodedProblem = rapid.SampledFrom(encodedProblems).Draw(t, "encodedProblem")
		default:
			enc := cfg.Clone()
			enc.Raw = nil
			if oneIn(t, 4, "oldTemplate") {
				enc.Template = Template().Draw(t, "encodedTemplate")
			}
			d.Encoded = new(enc)
		}
		d.Template = cfg.Template.Clone()
		if d.Encoded != nil {
			d.Template = d.Encoded.Template.Clone()
		}
		// Hand edits a cluster holds (SPEC 13.1): the deployer-pod ignore
		// annotation (no deployer pod, SPEC 4.3.new.4), a phase
		// annotation no phase spells, a desired-replicas annotation that
		// is no number, no config-name annotation. The ignore annotation
		// matters to a New RC only: drawn oftener there, so that property
		// tests meet it.
		ignoreOdds := 10
		if d.Phase == dcplan.PhaseNew {
			ignoreOdds = 4
		}
		d.IgnoreDeployerPod = oneIn(t, ignoreOdds, "rcIgnoreDeployerPod")
		if d.Phase == dcplan.PhaseUnknown && rapid.Bool().Draw(t, "misspelledPhase") {
			d.PhaseSpelling = "Bogus"
		}
		if !d.HasDesiredReplicas && oneIn(t, 10, "unreadDesired") {
			d.UnreadDesiredReplicas = true
		}
		if oneIn(t, 20, "noConfigName") {
			d.ConfigName = ""
		}
		return d
	})
}

// encodedProblems are the codec's words for an encoded-config annotation
// that does not decode: text that is no JSON (upstream's words), and a
// JSON document without a kind.
var encodedProblems = []string{
	"couldn't get version/kind; json parse error: unexpected end of JSON input",
	"encoded deployment config does not decode: kind",
}

// Pod generates a pod of RC d: its deployer pod (sometimes unrelated,
// with the deployer's name but another RC's annotation) or a hook pod;
// now and then being deleted.
func Pod(d dcplan.Deployment) *rapid.Generator[dcplan.Pod] {
	return rapid.Custom(func(t *rapid.T) dcplan.Pod {
		p := dcplan.Pod{
			Namespace:      d.Namespace,
			Name:           dcplan.DeployerPodName(d.Name),
			UID:            "pod-uid-" + d.Name,
			DeploymentName: d.Name,
			DeployerFor:    d.Name,
			Phase:          rapid.SampledFrom([]dcplan.PodPhase{dcplan.PodPending, dcplan.PodRunning, dcplan.PodSucceeded, dcplan.PodFailed, dcplan.PodUnknown, dcplan.PodPhaseUnset}).Draw(t, "podPhase"),
			CreationTime:   fake.Epoch.Add(-time.Duration(rapid.IntRange(0, 600).Draw(t, "podAge")) * time.Second),
		}
		switch rapid.IntRange(0, 9).Draw(t, "podKind") {
		case 9: // unrelated pod squatting the deployer name
			p.DeploymentName, p.DeployerFor, p.UID = "other-1", "", "pod-uid-squatter-"+d.Name
		case 8: // hook pod
			p.Name = d.Name + "-hook-pre"
			p.UID = "pod-uid-hook-" + d.Name
		}
		if rapid.Bool().Draw(t, "owned") {
			p.Owners = []dcplan.OwnerRef{{APIVersion: "v1", Kind: "ReplicationController", Name: d.Name, UID: d.UID}}
		}
		if p.Phase == dcplan.PodRunning || p.Phase == dcplan.PodSucceeded || p.Phase == dcplan.PodFailed {
			p.StartTime = p.CreationTime.Add(2 * time.Second)
		}
		if p.Phase == dcplan.PodSucceeded || p.Phase == dcplan.PodFailed {
			code := int32(0)
			if p.Phase == dcplan.PodFailed || oneIn(t, 5, "nonZeroExit") {
				code = 1
			}
			p.Containers = []dcplan.ContainerStatus{{Name: "deployment", Terminated: true, ExitCode: code, FinishedAt: p.StartTime.Add(time.Minute)}}
		}
		if oneIn(t, 5, "hasDeadline") {
			p.HasActiveDeadline = true
			p.ActiveDeadlineSeconds = int64(rapid.SampledFrom([]int{1, 21600}).Draw(t, "podDeadline"))
		}
		// Being deleted (its grace period running, a finalizer): still
		// listed, and upstream reads it as any other pod (SPEC 13.1).
		p.Deleting = oneIn(t, 10, "podDeleting")
		return p
	})
}

// Settings generates settings with the switches of any preset.
func Settings() *rapid.Generator[dcplan.Settings] {
	return rapid.Custom(func(t *rapid.T) dcplan.Settings {
		return dcplan.Settings{
			Switches:       rapid.SampledFrom(dcplan.Presets()).Draw(t, "profile").Switches(),
			DeployerImage:  "registry.example/deployer:v4",
			ServiceAccount: "deployer",
		}
	})
}

// Snapshot generates a valid snapshot: a config from Config, one to
// six RCs (none in about one world in ten) with distinct versions from 1 up to a top near its
// latestVersion (one below, equal, one above, and now and then two or
// three above: a status lagging its RCs, SPEC 3.2.7) (sometimes with a
// twin: another RC of one of those versions, <dc>-<version>-restored,
// as a restore or a hand copy leaves it, SPEC 13.1; and sometimes one
// made by hand, without a version), pods for some of them, a clock at or
// after Epoch, a requeue count and settings, and now and then the result
// of an adoption recheck (SPEC 3.3.2: the DC itself, another made again
// under its name, the DC being deleted, or a failed GET). The result
// always passes Validate.
func Snapshot() *rapid.Generator[dcplan.Snapshot] {
	return rapid.Custom(func(t *rapid.T) dcplan.Snapshot {
		cfg := Config().Draw(t, "config")
		s := dcplan.Snapshot{
			Now:      fake.Epoch.Add(time.Duration(rapid.IntRange(0, 1800).Draw(t, "now")) * time.Second),
			Config:   cfg,
			Requeues: rapid.IntRange(0, 15).Draw(t, "requeues"),
			Settings: Settings().Draw(t, "settings"),
		}
		// At least one RC but one world in ten: rapid draws lengths from
		// their low end, and a range from 0 left most worlds without a
		// rollout for the planners to judge.
		n := rapid.IntRange(1, 6).Draw(t, "rcs")
		if oneIn(t, 10, "noRCs") {
			n = 0
		}
		skew := rapid.IntRange(-1, 1).Draw(t, "skew")
		farAhead := skew == 1 && oneIn(t, 4, "farAhead")
		if farAhead {
			skew += rapid.IntRange(1, 2).Draw(t, "farSkew")
		}
		top := int(cfg.Status.LatestVersion) + skew
		versions := rapid.SliceOfNDistinct(rapid.IntRange(1, max(top, 1)), min(n, 1), min(n, max(top, 1)), rapid.ID[int]).Draw(t, "versions")
		if farAhead && len(versions) > 0 && !slices.Contains(versions, top) {
			// A status more than one version behind its RCs (a DC
			// restored from an old backup, made again over its RCs):
			// the DC controller catches up one version a pass (SPEC
			// 3.2.7), which a lag of one cannot tell from a jump.
			versions[len(versions)-1] = top
		}
		for _, v := range versions {
			d := Deployment(cfg, dcplan.Version(v)).Draw(t, "rc")
			s.Deployments = append(s.Deployments, d)
			if rapid.IntRange(0, 2).Draw(t, "withPod") > 0 {
				p := Pod(d).Draw(t, "pod")
				if _, taken := s.Pod(p.Name); !taken {
					s.Pods = append(s.Pods, p)
				}
			}
		}
		if len(versions) > 0 && oneIn(t, 6, "twin") {
			// Two RCs with one version annotation: a world real clusters
			// reach (hand edits, restores), which the planners handle as
			// upstream does (SPEC 13.1).
			v := rapid.SampledFrom(versions).Draw(t, "twinVersion")
			d := Deployment(cfg, dcplan.Version(v)).Draw(t, "twinRC")
			d.Name = dcplan.DeploymentName(cfg.Name, dcplan.Version(v)) + "-restored"
			d.UID = "rc-uid-restored-" + strconv.Itoa(v)
			// Before or after its twin in the list: upstream's sort is
			// stable, so list order decides between them.
			at := rapid.IntRange(0, len(s.Deployments)).Draw(t, "twinAt")
			s.Deployments = slices.Insert(s.Deployments, at, d)
		}
		switch rapid.IntRange(0, 9).Draw(t, "recheck") {
		case 6: // the live DC, read for an adoption (SPEC 3.3.2), is this one
			s.Recheck = dcplan.Recheck{Done: true, UID: cfg.UID}
		case 7: // a DC of the name made again since the cache read it
			s.Recheck = dcplan.Recheck{Done: true, UID: "dc-uid-again"}
		case 8: // being deleted
			s.Recheck = dcplan.Recheck{Done: true, UID: cfg.UID, DeletionTime: s.Now}
		case 9: // the GET failed
			s.Recheck = dcplan.Recheck{Done: true, Err: `deploymentconfigs.apps.openshift.io "web" not found`}
		}
		if oneIn(t, 8, "handMade") {
			// An RC made by hand with the DC's label, without a version
			// annotation or with version 0 (SPEC 5.1, 13.1).
			d := Deployment(cfg, 1).Draw(t, "handMadeRC")
			d.Name, d.UID = cfg.Name+"-manual", "rc-uid-manual"
			d.Version = rapid.SampledFrom([]dcplan.Version{dcplan.NoVersion, 0}).Draw(t, "handMadeVersion")
			s.Deployments = append(s.Deployments, d)
		}
		return s
	})
}

// WithExpectations generates s with what an adapter that tracks its own
// writes gives a pass over it (Snapshot.Unobserved and Undeleted, read
// unless IgnoreExpectations), sorted as adapters hand them over: up to
// three names each among s's RCs, their deployer pods (listed or not),
// its pods, and the RC of status.latestVersion and the next one with
// their deployer pods (created, not listed yet). A name may stand where
// an adapter would not put it (an unobserved RC that is listed: a cache
// that shows a version the controller's own write replaced, SPEC
// 4.2.expect). Snapshot draws none: a snapshot that is its own live world
// (the invariants' view) has no writes its cache lacks. s is not
// modified.
func WithExpectations(s dcplan.Snapshot) *rapid.Generator[dcplan.Snapshot] {
	return rapid.Custom(func(t *rapid.T) dcplan.Snapshot {
		out := s.Clone()
		out.Unobserved = expectedNames(t, s, "unobserved")
		out.Undeleted = expectedNames(t, s, "undeleted")
		return out
	})
}

// expectedNames draws, under label, up to three of the names
// WithExpectations picks from, sorted.
func expectedNames(t *rapid.T, s dcplan.Snapshot, label string) []string {
	var names []string
	for _, d := range s.Deployments {
		names = append(names, d.Name, dcplan.DeployerPodName(d.Name))
	}
	for _, p := range s.Pods {
		names = append(names, p.Name)
	}
	latest := dcplan.DeploymentName(s.Config.Name, s.Config.Status.LatestVersion)
	next := dcplan.DeploymentName(s.Config.Name, s.Config.Status.LatestVersion+1)
	names = append(names, latest, dcplan.DeployerPodName(latest), next, dcplan.DeployerPodName(next))
	slices.Sort(names)
	names = slices.Compact(names)
	out := rapid.SliceOfNDistinct(rapid.SampledFrom(names), 0, 3, rapid.ID[string]).Draw(t, label)
	slices.Sort(out)
	return out
}

// Reorder generates a permutation of rcs that keeps the RCs sharing a
// version in their list order: the reorderings a planner's output must
// not depend on. Upstream sorts RCs by version with a stable sort, so
// between two RCs of one version (a restore's twin, SPEC 13.1) the list
// order decides, and a property that shuffles the input must keep it.
// With distinct versions it is rapid.Permutation. The RCs drawn are deep
// copies: writing to them leaves rcs as it was.
func Reorder(rcs []dcplan.Deployment) *rapid.Generator[[]dcplan.Deployment] {
	return rapid.Custom(func(t *rapid.T) []dcplan.Deployment {
		out := rapid.Permutation(rcs).Draw(t, "rcOrder")
		// Put each version's RCs back in their list order, in the slots
		// the permutation gave that version.
		next := map[dcplan.Version][]dcplan.Deployment{}
		for _, d := range rcs {
			next[d.Version] = append(next[d.Version], d)
		}
		for i := range out {
			v := out[i].Version
			out[i], next[v] = next[v][0].Clone(), next[v][1:]
		}
		return out
	})
}

// oneIn draws true about once in n draws: the rare branch of a world.
// rapid leans toward the least value of a range, and shrinks toward it,
// so the rare branch is the greatest value (a draw of 1 in 20 lands on
// the least value about 1 in 8), and a shrunk counterexample keeps the
// plain world wherever the rare branch does not matter.
func oneIn(t *rapid.T, n int, label string) bool { return rapid.IntRange(1, n).Draw(t, label) == n }
