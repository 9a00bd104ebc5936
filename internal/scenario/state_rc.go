package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dcplan/dcplan"
)

// rcBuilder collects one rc line.
type rcBuilder struct {
	d       dcplan.Deployment
	tmpl    tmplSpec
	set     map[string]bool
	encoded string // encoded=<label>, "none", or "" for the default
	problem string // encoded-problem=<text>: an annotation that does not decode
	live    bool
}

// rcKeys are the keys of an rc line, in the order State prints them.
var rcKeys = []string{
	"v", "ns", "uid", "rv", "created", "deleting", "config-label", "config-name", "config-name-empty", "owner", "replicas",
	"status", "phase", "phase-spelled", "cancelled", "reason", "deployer", "desired", "desired-unread", "synced", "ignore-pod",
	"pod-created", "pod-started", "pod-completed", "retried", "retried-pod", "encoded", "encoded-problem", "image", "containers", "template-hash",
	"template-raw", "live", "raw",
}

func (b *rcBuilder) setKey(a Arg, p *stateParser) error {
	d := &b.d
	var err error
	switch a.Key {
	case "v":
		var n int64
		n, err = parseInt64(a)
		d.Version = dcplan.Version(n)
	case "ns":
		err = needVal(a)
		d.Namespace = a.Val
	case "uid":
		err = needVal(a)
		d.UID = a.Val
	case "rv":
		err = needVal(a)
		d.ResourceVersion = a.Val
	case "created":
		if err = needVal(a); err == nil {
			d.CreationTime, err = p.time(a.Val)
		}
	case "deleting":
		d.Deleting, err = parseFlag(a)
	case "config-label":
		err = needVal(a)
		d.ConfigLabel = a.Val
	case "config-name":
		if err = needVal(a); !d.EmptyConfigName {
			d.ConfigName = a.Val
		}
	case "config-name-empty": // the annotation present and empty: no name (dcplan.Deployment)
		if d.EmptyConfigName, err = parseFlag(a); d.EmptyConfigName {
			d.ConfigName = ""
		}
	case "owner":
		if err = needVal(a); err == nil {
			d.Controller, d.HasController = dcplan.OwnerRef{}, false
			if a.Val != "none" {
				d.Controller, err = parseRef(a.Val)
				d.HasController = true
			}
		}
	case "replicas":
		var n int32
		n, err = parseInt32(a)
		d.Replicas = dcplan.Replicas(n)
	case "status":
		var n []dcplan.Replicas
		if n, err = parseCounts(a, 3); err == nil {
			d.StatusReplicas, d.ReadyReplicas, d.AvailableReplicas = n[0], n[1], n[2]
		}
	case "phase":
		if err = needVal(a); err == nil {
			d.Phase, err = dcplan.ParsePhase(a.Val)
		}
	case "phase-spelled":
		// A phase annotation that is none of the five spellings (a hand
		// edit, SPEC 13.1): PhaseUnknown with the text as written. Its
		// own key, so that a typo in phase= stays an error.
		if err = needVal(a); err == nil {
			if _, perr := dcplan.ParsePhase(a.Val); perr == nil {
				err = fmt.Errorf("%q is a phase: write phase=%s", a.Val, a.Val)
			}
			d.Phase, d.PhaseSpelling = dcplan.PhaseUnknown, a.Val
		}
	case "cancelled":
		d.Cancelled, err = parseFlag(a)
	case "reason":
		err = needVal(a)
		d.Reason = a.Val
	case "deployer":
		err = needVal(a)
		d.DeployerPodName = a.Val
	case "desired":
		var n int32
		n, err = parseInt32(a)
		d.DesiredReplicas, d.HasDesiredReplicas = dcplan.Replicas(n), true
	case "desired-unread":
		d.UnreadDesiredReplicas, err = parseFlag(a)
	case "synced":
		var n int32
		n, err = parseInt32(a)
		d.SyncedReplicas, d.HasSyncedReplicas = dcplan.Replicas(n), true
	case "ignore-pod":
		d.IgnoreDeployerPod, err = parseFlag(a)
	case "pod-created", "pod-started", "pod-completed", "retried":
		if err = needVal(a); err == nil {
			t, terr := p.time(a.Val)
			err = terr
			switch a.Key {
			case "pod-created":
				d.CreatedAt = t
			case "pod-started":
				d.StartedAt = t
			case "retried":
				d.RetriedAt = t
			default:
				d.CompletedAt = t
			}
		}
	case "retried-pod":
		if err = needVal(a); err == nil {
			d.RetriedPod = a.Val
		}
	case "encoded":
		if err = needVal(a); err == nil {
			b.encoded = a.Val
			if a.Val == "" {
				err = fmt.Errorf("encoded needs none or the as= label of a dc line")
			}
		}
	case "encoded-problem":
		// The annotation is present but does not decode (SPEC 13.1):
		// Encoded nil, EncodedProblem the codec's words.
		if err = needVal(a); err == nil {
			b.problem = a.Val
			if a.Val == "" {
				err = fmt.Errorf("encoded-problem needs the text of the decode error")
			}
		}
	case "image", "containers", "template-hash", "template-raw":
		err = b.tmpl.setKey(a)
	case "live":
		b.live, err = parseFlag(a)
	case "raw":
		if err = needVal(a); err == nil {
			var raw dcplan.RawJSON
			raw, err = parseJSON(a.Val)
			d.Raw = dcplan.RawJSON(raw)
		}
	default:
		return unknownKey("rc", a.Key, rcKeys)
	}
	return err
}

// versionFromName returns the number after the last '-' of an RC name
// (web-3 is version 3), or 0.
func versionFromName(name string) dcplan.Version {
	i := strings.LastIndexByte(name, '-')
	if i < 0 {
		return 0
	}
	n, err := strconv.ParseInt(name[i+1:], 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return dcplan.Version(n)
}

// finish fills the defaults of the keys the line did not give. With a DC
// in the state: ns, config-label and config-name from the DC, owner = a
// controller reference to it, encoded = the DC itself; without one they
// stay empty. Always: uid = uid-<name>, v = the number at the end of the
// name, and the template = that of the encoded config (else of the DC).
func (b *rcBuilder) finish(p *stateParser) error {
	d := &b.d
	cfg, hasCfg := p.snap.Config, p.hasCfg
	if !b.set["ns"] {
		d.Namespace = p.namespace()
	}
	if !b.set["uid"] {
		d.UID = "uid-" + d.Name
	}
	if !b.set["v"] {
		d.Version = versionFromName(d.Name)
	}
	if !b.set["config-label"] && hasCfg {
		d.ConfigLabel = cfg.Name
	}
	if !b.set["config-name"] && !d.EmptyConfigName && hasCfg {
		d.ConfigName = cfg.Name
	}
	if !b.set["owner"] && hasCfg {
		d.Controller, d.HasController = dcRef(cfg.Name, cfg.UID), true
	}
	switch b.encoded {
	case "":
		d.Encoded, d.EncodedProblem = nil, ""
		if hasCfg {
			d.Encoded = new(cfg)
		}
	case "none":
		d.Encoded, d.EncodedProblem = nil, ""
	default:
		enc, ok := p.labels[b.encoded]
		if !ok {
			return fmt.Errorf("encoded=%s: no dc line with as=%s", b.encoded, b.encoded)
		}
		d.Encoded = new(enc)
	}
	if err := b.applyProblem(); err != nil {
		return err
	}
	base := cfg.Template
	if d.Encoded != nil {
		base = d.Encoded.Template
	}
	d.Template = b.tmpl.apply(base)
	return nil
}

// applyProblem applies encoded-problem=, given on the line, after the
// encoded config is chosen: the RC then has no decoded config.
func (b *rcBuilder) applyProblem() error {
	if b.problem == "" {
		return nil
	}
	if b.encoded != "" && b.encoded != "none" {
		return fmt.Errorf("encoded-problem and encoded=%s exclude each other", b.encoded)
	}
	b.d.Encoded, b.d.EncodedProblem = nil, b.problem
	return nil
}

// formatDeployment renders d as the words of an rc line (after "rc
// <name>") over the defaults of finish. encoded is the encoded= word to
// print ("" when the default applies).
func formatDeployment(d dcplan.Deployment, p *stateParser, encoded string, live bool) []string {
	def := rcBuilder{d: dcplan.Deployment{Name: d.Name}, set: map[string]bool{}, encoded: encoded}
	if d.Encoded == nil {
		def.encoded = "none"
	}
	if err := def.finish(p); err != nil {
		panic("scenario: format rc: " + err.Error()) // the formatter registers every label it prints
	}
	e := def.d
	var out []string
	add := func(cond bool, words ...string) {
		if cond {
			out = append(out, words...)
		}
	}
	add(d.Version != e.Version, "v="+strconv.FormatInt(int64(d.Version), 10))
	add(d.Namespace != e.Namespace, kv("ns", d.Namespace))
	add(d.UID != e.UID, kv("uid", d.UID))
	add(d.ResourceVersion != "", kv("rv", d.ResourceVersion))
	add(!d.CreationTime.IsZero(), "created="+formatTime(d.CreationTime))
	add(d.Deleting, "deleting")
	add(d.ConfigLabel != e.ConfigLabel, kv("config-label", d.ConfigLabel))
	add(d.ConfigName != e.ConfigName, kv("config-name", d.ConfigName))
	add(d.EmptyConfigName, "config-name-empty")
	if d.HasController != e.HasController || d.Controller != e.Controller {
		add(!d.HasController, "owner=none")
		add(d.HasController, kv("owner", formatRef(d.Controller)))
	}
	add(d.Replicas != 0, "replicas="+strconv.Itoa(int(d.Replicas)))
	add(d.StatusReplicas != 0 || d.ReadyReplicas != 0 || d.AvailableReplicas != 0,
		formatCounts("status", d.StatusReplicas, d.ReadyReplicas, d.AvailableReplicas))
	add(d.Phase != dcplan.PhaseUnknown, kv("phase", d.Phase.String()))
	add(d.Phase == dcplan.PhaseUnknown && d.PhaseSpelling != "", kv("phase-spelled", d.PhaseSpelling))
	add(d.Cancelled, "cancelled")
	add(d.Reason != "", kv("reason", d.Reason))
	add(d.DeployerPodName != "", kv("deployer", d.DeployerPodName))
	add(d.HasDesiredReplicas, "desired="+strconv.Itoa(int(d.DesiredReplicas)))
	add(d.UnreadDesiredReplicas, "desired-unread")
	add(d.HasSyncedReplicas, "synced="+strconv.Itoa(int(d.SyncedReplicas)))
	add(d.IgnoreDeployerPod, "ignore-pod")
	add(!d.CreatedAt.IsZero(), "pod-created="+formatTime(d.CreatedAt))
	add(!d.StartedAt.IsZero(), "pod-started="+formatTime(d.StartedAt))
	add(!d.CompletedAt.IsZero(), "pod-completed="+formatTime(d.CompletedAt))
	add(!d.RetriedAt.IsZero(), "retried="+formatTime(d.RetriedAt))
	add(d.RetriedPod != "", kv("retried-pod", d.RetriedPod))
	switch {
	case d.EncodedProblem != "":
		add(true, kv("encoded-problem", d.EncodedProblem))
	case d.Encoded == nil:
		add(p.hasCfg, "encoded=none")
	default:
		add(encoded != "", kv("encoded", encoded))
	}
	out = append(out, formatTemplate(d.Template, e.Template)...)
	add(live, "live")
	add(d.Raw != nil, kv("raw", string(d.Raw)))
	return out
}
