package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// errNeedValue is returned by a value parser given a bare word.
var errNeedValue = errors.New("needs a value (key=value)")

func needVal(a Arg) error {
	if !a.HasVal {
		return errNeedValue
	}
	return nil
}

func parseInt64(a Arg) (int64, error) {
	if err := needVal(a); err != nil {
		return 0, err
	}
	n, err := strconv.ParseInt(a.Val, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("not an integer: %q", a.Val)
	}
	return n, nil
}

func parseInt32(a Arg) (int32, error) {
	if err := needVal(a); err != nil {
		return 0, err
	}
	n, err := strconv.ParseInt(a.Val, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("not a 32-bit integer: %q", a.Val)
	}
	return int32(n), nil
}

// parseFlag reads a bare word as true; key=true and key=false are accepted
// too.
func parseFlag(a Arg) (bool, error) {
	if !a.HasVal {
		return true, nil
	}
	b, err := strconv.ParseBool(a.Val)
	if err != nil {
		return false, fmt.Errorf("not a boolean: %q", a.Val)
	}
	return b, nil
}

// parseTime reads an RFC 3339 time, or "now", "now+<duration>",
// "now-<duration>" relative to now (which must then be known).
func parseTime(s string, now time.Time, hasNow bool) (time.Time, error) {
	if rest, ok := strings.CutPrefix(s, "now"); ok {
		if !hasNow {
			return time.Time{}, fmt.Errorf("relative time %q before the clock is known (write the now line first)", s)
		}
		if rest == "" {
			return now, nil
		}
		d, err := time.ParseDuration(rest)
		if err != nil || (rest[0] != '+' && rest[0] != '-') {
			return time.Time{}, fmt.Errorf("bad relative time %q (want now, now+5m, now-90s)", s)
		}
		return now.Add(d), nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("bad time %q (want RFC 3339, e.g. 2026-11-30T10:00:00Z, or now-5m)", s)
	}
	return t, nil
}

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// parseKeyValue reads "k=v" (the first '=' separates).
func parseKeyValue(a Arg) (dcplan.KeyValue, error) {
	if err := needVal(a); err != nil {
		return dcplan.KeyValue{}, err
	}
	k, v, ok := strings.Cut(a.Val, "=")
	if !ok {
		return dcplan.KeyValue{}, fmt.Errorf("want %s=<key>=<value>, got %q", a.Key, a.Val)
	}
	return dcplan.KeyValue{Key: k, Value: v}, nil
}

func formatKeyValues(key string, kvs []dcplan.KeyValue) []string {
	out := make([]string, 0, len(kvs))
	for _, e := range kvs {
		out = append(out, kv(key, e.Key+"="+e.Value))
	}
	return out
}

// parseEnv reads "NAME=value" (plain) or, for fromKey, "NAME=<json>" as
// ValueFrom.
func parseEnv(a Arg, from bool) (dcplan.EnvVar, error) {
	e, err := parseKeyValue(a)
	if err != nil {
		return dcplan.EnvVar{}, err
	}
	if !from {
		return dcplan.EnvVar{Name: e.Key, Value: e.Value}, nil
	}
	raw, err := parseJSON(e.Value)
	if err != nil {
		return dcplan.EnvVar{}, err
	}
	return dcplan.EnvVar{Name: e.Key, ValueFrom: raw}, nil
}

func formatEnv(key, fromKey string, env []dcplan.EnvVar) []string {
	out := make([]string, 0, len(env))
	for _, e := range env {
		if e.ValueFrom != nil {
			out = append(out, kv(fromKey, e.Name+"="+string(e.ValueFrom)))
		} else {
			out = append(out, kv(key, e.Name+"="+e.Value))
		}
	}
	return out
}

// parseJSON reads raw JSON; "" is nil.
func parseJSON(s string) (dcplan.RawJSON, error) {
	if s == "" {
		return nil, nil
	}
	if !json.Valid([]byte(s)) {
		return nil, fmt.Errorf("not valid JSON: %q", s)
	}
	return dcplan.RawJSON(s), nil
}

// parseRef reads an owner reference:
//
//	rc:<name>                 {v1, ReplicationController, <name>, uid-<name>}
//	dc:<name>                 {apps.openshift.io/v1, DeploymentConfig, <name>, uid-<name>, controller, block}
//	<Kind>/<name>/<uid>[;api=<apiVersion>][;controller][;block]
//
// In the long form apiVersion defaults to apps.openshift.io/v1 for kind
// DeploymentConfig and v1 otherwise.
func parseRef(s string) (dcplan.OwnerRef, error) {
	if name, ok := strings.CutPrefix(s, "rc:"); ok {
		return rcRef(name, "uid-"+name), nil
	}
	if name, ok := strings.CutPrefix(s, "dc:"); ok {
		return dcRef(name, "uid-"+name), nil
	}
	parts := strings.Split(s, ";")
	ids := strings.Split(parts[0], "/")
	if len(ids) != 3 {
		return dcplan.OwnerRef{}, fmt.Errorf("bad owner reference %q (want rc:<name>, dc:<name> or <Kind>/<name>/<uid>[;api=<v>][;controller][;block])", s)
	}
	r := dcplan.OwnerRef{Kind: ids[0], Name: ids[1], UID: ids[2], APIVersion: defaultAPIVersion(ids[0])}
	for _, p := range parts[1:] {
		switch {
		case p == "controller":
			r.Controller = true
		case p == "block":
			r.BlockOwnerDeletion = true
		case strings.HasPrefix(p, "api="):
			r.APIVersion = strings.TrimPrefix(p, "api=")
		default:
			return dcplan.OwnerRef{}, fmt.Errorf("bad owner reference option %q in %q", p, s)
		}
	}
	return r, nil
}

func formatRef(r dcplan.OwnerRef) string {
	if r == rcRef(r.Name, "uid-"+r.Name) {
		return "rc:" + r.Name
	}
	if r == dcRef(r.Name, "uid-"+r.Name) {
		return "dc:" + r.Name
	}
	s := r.Kind + "/" + r.Name + "/" + r.UID
	if r.APIVersion != defaultAPIVersion(r.Kind) {
		s += ";api=" + r.APIVersion
	}
	if r.Controller {
		s += ";controller"
	}
	if r.BlockOwnerDeletion {
		s += ";block"
	}
	return s
}

func defaultAPIVersion(kind string) string {
	if kind == "DeploymentConfig" {
		return "apps.openshift.io/v1"
	}
	return "v1"
}

func rcRef(name, uid string) dcplan.OwnerRef {
	return dcplan.OwnerRef{APIVersion: "v1", Kind: "ReplicationController", Name: name, UID: uid}
}

func dcRef(name, uid string) dcplan.OwnerRef {
	return dcplan.OwnerRef{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: name, UID: uid,
		Controller: true, BlockOwnerDeletion: true}
}

// parseFencepost reads none, an unquoted integer (Int), or anything else
// (a string such as 25%; a quoted value is always a string).
func parseFencepost(a Arg) (dcplan.Fencepost, error) {
	if err := needVal(a); err != nil {
		return dcplan.Fencepost{}, err
	}
	if !a.Quoted {
		if a.Val == "none" {
			return dcplan.Fencepost{}, nil
		}
		if n, err := strconv.ParseInt(a.Val, 10, 32); err == nil {
			return dcplan.Fencepost{Set: true, Int: int32(n)}, nil
		}
	}
	return dcplan.Fencepost{Set: true, IsString: true, Str: a.Val}, nil
}

func formatFencepost(key string, f dcplan.Fencepost) string {
	switch {
	case !f.Set:
		return key + "=none"
	case !f.IsString:
		return key + "=" + strconv.Itoa(int(f.Int))
	}
	if _, err := strconv.ParseInt(f.Str, 10, 32); err == nil || f.Str == "none" {
		return key + "=" + strconv.Quote(f.Str)
	}
	return kv(key, f.Str)
}

// parseTriggers reads a comma-separated list of ConfigChange and
// ImageChange(<options>) where the options are auto (a flag: auto=false
// is accepted too), containers=a+b,
// kind=, ns=, name=, last=; any other type name is a trigger no
// controller acts on (TriggerOther).
func parseTriggers(s string) ([]dcplan.Trigger, error) {
	if s == "none" || s == "" {
		return nil, nil
	}
	var out []dcplan.Trigger
	for _, item := range splitTop(s) {
		name, opts, hasOpts := strings.Cut(item, "(")
		t := dcplan.Trigger{}
		typ, err := dcplan.ParseTriggerType(name)
		switch {
		case name == "":
			return nil, fmt.Errorf("trigger %q: %w", item, err)
		case err != nil:
			typ, t.OtherType = dcplan.TriggerOther, name // no controller acts on it (SPEC 13.1)
		}
		t.Type = typ
		if hasOpts {
			if !strings.HasSuffix(opts, ")") {
				return nil, fmt.Errorf("trigger %q: missing ')'", item)
			}
			for _, o := range strings.Split(strings.TrimSuffix(opts, ")"), ",") {
				k, v, hasV := strings.Cut(o, "=")
				if k != "" && k != "auto" && !hasV {
					return nil, fmt.Errorf("trigger %q: option %q: needs a value (%s=...)", item, o, k)
				}
				switch k {
				case "":
				case "auto":
					// A flag: auto, auto=true or auto=false.
					var err error
					if t.Automatic, err = parseFlag(Arg{Key: k, Val: v, HasVal: hasV}); err != nil {
						return nil, fmt.Errorf("trigger %q: option %q: %w", item, o, err)
					}
				case "containers":
					t.ContainerNames = strings.Split(v, "+")
				case "kind":
					t.FromKind = v
				case "ns":
					t.FromNamespace = v
				case "name":
					t.FromName = v
				case "last":
					t.LastTriggeredImage = v
				default:
					return nil, fmt.Errorf("trigger %q: unknown option %q (known: auto, containers, kind, ns, name, last)", item, k)
				}
			}
		}
		out = append(out, t)
	}
	return out, nil
}

// splitTop splits s at commas outside parentheses.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

func formatTriggers(ts []dcplan.Trigger) string {
	parts := make([]string, 0, len(ts))
	for _, t := range ts {
		var opts []string
		if t.Automatic {
			opts = append(opts, "auto")
		}
		if len(t.ContainerNames) > 0 {
			opts = append(opts, "containers="+strings.Join(t.ContainerNames, "+"))
		}
		for _, o := range [][2]string{{"kind", t.FromKind}, {"ns", t.FromNamespace}, {"name", t.FromName}, {"last", t.LastTriggeredImage}} {
			if o[1] != "" {
				opts = append(opts, o[0]+"="+o[1])
			}
		}
		s := t.TypeText()
		if len(opts) > 0 {
			s += "(" + strings.Join(opts, ",") + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ",")
}

// parseCauses reads ConfigChange,ImageChange:<image>,...
func parseCauses(s string) ([]dcplan.Cause, error) {
	if s == "" || s == "none" {
		return nil, nil
	}
	var out []dcplan.Cause
	for _, item := range strings.Split(s, ",") {
		name, img, _ := strings.Cut(item, ":")
		c := dcplan.Cause{Image: img}
		var err error
		if c.Type, err = dcplan.ParseTriggerType(name); err != nil {
			c.Type, c.OtherType = dcplan.TriggerOther, name // another writer's (SPEC 13.1)
		}
		out = append(out, c)
	}
	return out, nil
}

func formatCauses(cs []dcplan.Cause) string {
	parts := make([]string, 0, len(cs))
	for _, c := range cs {
		s := c.TypeText()
		if c.Image != "" {
			s += ":" + c.Image
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ",")
}

// parseCounts reads n slash-separated non-empty integers.
func parseCounts(a Arg, n int) ([]dcplan.Replicas, error) {
	if err := needVal(a); err != nil {
		return nil, err
	}
	parts := strings.Split(a.Val, "/")
	if len(parts) != n {
		return nil, fmt.Errorf("want %d numbers separated by '/', got %q", n, a.Val)
	}
	out := make([]dcplan.Replicas, n)
	for i, p := range parts {
		v, err := strconv.ParseInt(p, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("not an integer: %q in %q", p, a.Val)
		}
		out[i] = dcplan.Replicas(v)
	}
	return out, nil
}

func formatCounts(key string, ns ...dcplan.Replicas) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(int(n))
	}
	return key + "=" + strings.Join(parts, "/")
}

// parseStatuses reads container statuses: name (not terminated),
// name:<exit> (terminated), name:<exit>@<finishedAt>.
func parseStatuses(s string, now time.Time, hasNow bool) ([]dcplan.ContainerStatus, error) {
	var out []dcplan.ContainerStatus
	for _, item := range strings.Split(s, ",") {
		name, rest, term := strings.Cut(item, ":")
		cs := dcplan.ContainerStatus{Name: name, Terminated: term}
		if term {
			code, at, hasAt := strings.Cut(rest, "@")
			n, err := strconv.ParseInt(code, 10, 32)
			if err != nil {
				return nil, fmt.Errorf("container status %q: bad exit code %q", item, code)
			}
			cs.ExitCode = int32(n)
			if hasAt {
				t, err := parseTime(at, now, hasNow)
				if err != nil {
					return nil, fmt.Errorf("container status %q: %w", item, err)
				}
				cs.FinishedAt = t
			}
		}
		out = append(out, cs)
	}
	return out, nil
}

func formatStatuses(cs []dcplan.ContainerStatus) string {
	parts := make([]string, 0, len(cs))
	for _, c := range cs {
		s := c.Name
		if c.Terminated {
			s += ":" + strconv.Itoa(int(c.ExitCode))
			if !c.FinishedAt.IsZero() {
				s += "@" + formatTime(c.FinishedAt)
			}
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ",")
}

// buildTemplate returns the template a scenario builds from a container
// list: wire.TemplateFor, so Raw, Hash and Containers agree with what the
// codec computes for the same template. No containers gives the zero
// Template.
func buildTemplate(cs []dcplan.Container) dcplan.Template {
	return wire.TemplateFor(cs...)
}

// tmplSpec collects the template keys of one line; apply turns them into a
// Template over a default.
type tmplSpec struct {
	containers    []dcplan.Container
	hasContainers bool
	hash          string
	hasHash       bool
	raw           dcplan.RawJSON
	hasRaw        bool
}

// setKey reads one of the template keys dc and rc lines share: image,
// containers, template-hash, template-raw.
func (ts *tmplSpec) setKey(a Arg) error {
	switch a.Key {
	case "image":
		return ts.setImages(a)
	case "containers":
		return ts.setContainers(a)
	case "template-hash":
		ts.hash, ts.hasHash = a.Val, true
		return needVal(a)
	case "template-raw":
		if err := needVal(a); err != nil {
			return err
		}
		var err error
		ts.raw, err = parseJSON(a.Val)
		ts.hasRaw = true
		return err
	}
	return fmt.Errorf("not a template key: %s", a.Key)
}

func (ts *tmplSpec) setImages(a Arg) error {
	if err := needVal(a); err != nil {
		return err
	}
	ts.containers, ts.hasContainers = nil, true
	if a.Val == "none" && !a.Quoted {
		return nil
	}
	for i, img := range strings.Split(a.Val, ",") {
		ts.containers = append(ts.containers, dcplan.Container{Name: "c" + strconv.Itoa(i), Image: img})
	}
	return nil
}

func (ts *tmplSpec) setContainers(a Arg) error {
	if err := needVal(a); err != nil {
		return err
	}
	ts.containers, ts.hasContainers = nil, true
	if a.Val == "none" && !a.Quoted {
		return nil
	}
	for _, item := range strings.Split(a.Val, ",") {
		name, img, ok := strings.Cut(item, "=")
		if !ok {
			return fmt.Errorf("want containers=<name>=<image>,..., got %q", item)
		}
		ts.containers = append(ts.containers, dcplan.Container{Name: name, Image: img})
	}
	return nil
}

func (ts tmplSpec) apply(def dcplan.Template) dcplan.Template {
	t := def.Clone()
	if ts.hasContainers {
		t = buildTemplate(ts.containers)
	}
	if ts.hasHash {
		t.Hash = ts.hash
	}
	if ts.hasRaw {
		t.Raw = ts.raw
	}
	return t
}

// formatTemplate returns the keys that rebuild t over the default def.
func formatTemplate(t, def dcplan.Template) []string {
	var out []string
	base := def
	if !containersEqual(t.Containers, def.Containers) {
		out = append(out, formatContainers(t.Containers))
		base = buildTemplate(t.Containers)
	}
	if t.Hash != base.Hash {
		out = append(out, kv("template-hash", t.Hash))
	}
	if !bytes.Equal(t.Raw, base.Raw) {
		out = append(out, kv("template-raw", string(t.Raw)))
	}
	return out
}

func containersEqual(a, b []dcplan.Container) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func formatContainers(cs []dcplan.Container) string {
	if len(cs) == 0 {
		return "image=none"
	}
	short := true
	imgs := make([]string, len(cs))
	named := make([]string, len(cs))
	for i, c := range cs {
		if c.Name != "c"+strconv.Itoa(i) {
			short = false
		}
		imgs[i] = c.Image
		named[i] = c.Name + "=" + c.Image
	}
	if short {
		v := strings.Join(imgs, ",")
		if v == "none" {
			return "image=" + strconv.Quote(v)
		}
		return kv("image", v)
	}
	return kv("containers", strings.Join(named, ","))
}
