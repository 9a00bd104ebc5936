package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dcplan/dcplan"
)

// podBuilder collects one pod line.
type podBuilder struct {
	p   dcplan.Pod
	set map[string]bool
}

// podKeys are the keys of a pod line, in the order State prints them.
var podKeys = []string{
	"ns", "uid", "rv", "created", "started", "deleting", "phase", "deployment", "for", "owners",
	"deadline", "exit", "statuses", "raw",
}

func (b *podBuilder) setKey(a Arg, p *stateParser) error {
	o := &b.p
	var err error
	switch a.Key {
	case "ns":
		err = needVal(a)
		o.Namespace = a.Val
	case "uid":
		err = needVal(a)
		o.UID = a.Val
	case "rv":
		err = needVal(a)
		o.ResourceVersion = a.Val
	case "created", "started":
		if err = needVal(a); err == nil {
			t, terr := p.time(a.Val)
			err = terr
			if a.Key == "created" {
				o.CreationTime = t
			} else {
				o.StartTime = t
			}
		}
	case "deleting":
		o.Deleting, err = parseFlag(a)
	case "phase":
		if err = needVal(a); err == nil {
			o.Phase, err = dcplan.ParsePodPhase(a.Val)
		}
	case "deployment":
		err = needVal(a)
		o.DeploymentName = a.Val
	case "for":
		err = needVal(a)
		o.DeployerFor = a.Val
	case "owners":
		if err = needVal(a); err == nil {
			o.Owners = nil
			if a.Val != "none" {
				for _, s := range strings.Split(a.Val, ",") {
					r, rerr := parseRef(s)
					if rerr != nil {
						return rerr
					}
					o.Owners = append(o.Owners, r)
				}
			}
		}
	case "deadline":
		o.ActiveDeadlineSeconds, err = parseInt64(a)
		o.HasActiveDeadline = true
	case "exit":
		var n int32
		n, err = parseInt32(a)
		o.Containers = []dcplan.ContainerStatus{{Name: "deployment", Terminated: true, ExitCode: n}}
	case "statuses":
		if err = needVal(a); err == nil {
			o.Containers, err = parseStatuses(a.Val, p.snap.Now, p.hasNow)
		}
	case "raw":
		if err = needVal(a); err == nil {
			o.Raw, err = parseJSON(a.Val)
		}
	default:
		return unknownKey("pod", a.Key, podKeys)
	}
	if err != nil {
		return err
	}
	return nil
}

// finish fills the defaults: ns from the DC (or "ns"), uid = uid-<name>,
// and for a pod named <rc>-deploy, deployment=<rc> and for=<rc>.
func (b *podBuilder) finish(p *stateParser) {
	o := &b.p
	if !b.set["ns"] {
		o.Namespace = p.namespace()
	}
	if !b.set["uid"] {
		o.UID = "uid-" + o.Name
	}
	rc, isDeployer := strings.CutSuffix(o.Name, "-deploy")
	if !isDeployer {
		rc = ""
	}
	if !b.set["deployment"] {
		o.DeploymentName = rc
	}
	if !b.set["for"] {
		o.DeployerFor = rc
	}
}

// formatPod renders o as the words of a pod line (after "pod <name>").
func formatPod(o dcplan.Pod, p *stateParser) []string {
	def := podBuilder{p: dcplan.Pod{Name: o.Name}, set: map[string]bool{}}
	def.finish(p)
	e := def.p
	var out []string
	add := func(cond bool, words ...string) {
		if cond {
			out = append(out, words...)
		}
	}
	add(o.Namespace != e.Namespace, kv("ns", o.Namespace))
	add(o.UID != e.UID, kv("uid", o.UID))
	add(o.ResourceVersion != "", kv("rv", o.ResourceVersion))
	add(!o.CreationTime.IsZero(), "created="+formatTime(o.CreationTime))
	add(!o.StartTime.IsZero(), "started="+formatTime(o.StartTime))
	add(o.Deleting, "deleting")
	add(o.Phase != dcplan.PodPhaseUnset, kv("phase", o.Phase.String()))
	add(o.DeploymentName != e.DeploymentName, kv("deployment", o.DeploymentName))
	add(o.DeployerFor != e.DeployerFor, kv("for", o.DeployerFor))
	if len(o.Owners) > 0 {
		refs := make([]string, len(o.Owners))
		for i, r := range o.Owners {
			refs[i] = formatRef(r)
		}
		out = append(out, kv("owners", strings.Join(refs, ",")))
	}
	add(o.HasActiveDeadline, "deadline="+strconv.FormatInt(o.ActiveDeadlineSeconds, 10))
	switch cs := o.Containers; {
	case len(cs) == 1 && cs[0].Name == "deployment" && cs[0].Terminated && cs[0].FinishedAt.IsZero():
		out = append(out, "exit="+strconv.Itoa(int(cs[0].ExitCode)))
	case len(cs) > 0:
		out = append(out, kv("statuses", formatStatuses(cs)))
	}
	add(o.Raw != nil, kv("raw", string(o.Raw)))
	return out
}

// errNoName is returned for an object line without a name.
func errNoName(kind string) error {
	return fmt.Errorf("%s line needs a name (%s <name> [key=value])", kind, kind)
}
