package explore

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// Namespace and Name name the one DC of every explored world.
const (
	Namespace = "ns"
	Name      = "web"
)

// Objects is a world in wire form: every stored object as the server holds
// it, keyed "<resource>/<name>" (e.g. "replicationcontrollers/web-2").
type Objects map[string][]byte

// key names one object of a world.
func key(resource, name string) string { return resource + "/" + name }

// deletedKey is the expectation key of the object of resource named name
// that a controller pass deleted: key's with a leading '-', so that it
// sorts and hashes apart from a create's.
func deletedKey(resource, name string) string { return "-" + key(resource, name) }

// split is the inverse of key.
func split(k string) (resource, name string) {
	i := strings.IndexByte(k, '/')
	return k[:i], k[i+1:]
}

// Keys returns the keys of o, sorted.
func (o Objects) Keys() []string {
	ks := make([]string, 0, len(o))
	for k := range o {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// clone returns a copy of o (the byte slices are shared: they are never
// modified in place).
func (o Objects) clone() Objects {
	c := make(Objects, len(o))
	for k, v := range o {
		c[k] = v
	}
	return c
}

// server returns a fake.Server holding o: the Put of each object, merged
// from the server each distinct object was put into once (seeded).
func (o Objects) server() *fake.Server {
	srv := fake.NewServer(fake.Epoch)
	for _, k := range o.Keys() {
		res, _ := split(k)
		one, err := seeded(res, o[k])
		if err != nil {
			panic(fmt.Sprintf("explore: put %s: %v", k, err))
		}
		srv.Merge(one)
	}
	return srv
}

// stored returns o as the server stores it (keys sorted, empty fields
// dropped): the form every later write leaves an object in, so that one
// state has one encoding from the start.
func (o Objects) stored() Objects {
	srv := o.server()
	out := make(Objects, len(o))
	for k := range o {
		res, name := split(k)
		b, ok := srv.Object(res, Namespace, name)
		if !ok {
			panic("explore: " + k + " not stored")
		}
		out[k] = intern(b)
	}
	return out
}

// volatile matches a resourceVersion member, as an object holds it and as
// an RC's encoded-config annotation holds its DC's, escaped in a string
// (but the escape before its first quote, which stays: a pattern with a
// literal prefix is scanned about twenty times faster).
var volatile = regexp.MustCompile(`"resourceVersion\\?":\\?"[0-9]*\\?",?`)

// canonical writes the identity of o: each key with the digest of its
// object without resource versions (blob.digest), its encoded DC's
// included, so that two worlds that differ only in the counters the
// server stamps are one state.
func (o Objects) canonical(b *bytes.Buffer) {
	for _, k := range o.Keys() {
		b.WriteString(k)
		b.WriteByte('=')
		d := blobOf(o[k]).digest
		b.Write(d[:])
		b.WriteByte('\n')
	}
}

// normalize stands in for the parts of a cluster the explorer does not
// model as moves: object uids become uid-<name> (the server's counter
// would make equal worlds differ), and the replication manager is instant
// (an RC's status replicas, ready and available equal its spec). As a
// pod made again under a name has its old uid here, an RC's
// dcplan.io/retried-pod (the uid of the deployer pod a retry deleted,
// SPEC 4.2.expect.retry) is dropped once a pod of the deployer pod's name
// is live again: kept, it would name the pod the retried rollout made,
// which a server gives a uid of its own, and Modern's deployer would wait
// on it for ever. Until then it stays, so that a pass reading the deleted
// pod stale meets the wait.
func normalize(o Objects) {
	for k, b := range o {
		res, name := split(k)
		_, remade := o[key(wire.ResourcePods, dcplan.DeployerPodName(name))]
		remade = remade && res == wire.ResourceRCs
		what := "normal " + k
		if remade {
			what += " remade"
		}
		o[k] = derive(b, what, func() []byte { return intern(normalized(k, b, remade)) })
	}
}

// normalized is one object of normalize; remade tells, for an RC, that
// its deployer pod is live.
func normalized(k string, b []byte, remade bool) []byte {
	{
		res, name := split(k)
		m := map[string]any{}
		if err := json.Unmarshal(b, &m); err != nil {
			panic(fmt.Sprintf("explore: %s: %v", k, err))
		}
		changed := false
		meta, _ := m["metadata"].(map[string]any)
		if want := "uid-" + name; meta["uid"] != want && res != wire.ResourceConfigs {
			meta["uid"] = want
			changed = true
		}
		if ann, _ := meta["annotations"].(map[string]any); remade && ann != nil {
			if _, ok := ann[dcplan.AnnotationRetriedPod]; ok {
				delete(ann, dcplan.AnnotationRetriedPod)
				changed = true
			}
		}
		if res == wire.ResourceRCs {
			spec, _ := m["spec"].(map[string]any)
			n, _ := spec["replicas"].(float64)
			st, _ := m["status"].(map[string]any)
			if st == nil {
				st = map[string]any{}
				m["status"] = st
			}
			for _, f := range []string{"replicas", "readyReplicas", "availableReplicas"} {
				if v, _ := st[f].(float64); v != n || st[f] == nil {
					st[f] = n
					changed = true
				}
			}
		}
		if changed {
			nb, err := json.Marshal(m)
			if err != nil {
				panic(err)
			}
			return nb
		}
		return b
	}
}

// World is a world decoded: the live world of its one DC, as the
// invariants of fake.Invariants judge it (the RCs and pods by name). A
// world without its DC has an empty Config.
type World = fake.ConfigState

// Decode decodes o. An object that does not decode is an error: a
// property never passes because it could not read the world.
func Decode(o Objects) (World, error) {
	var w World
	keys := o.Keys()
	rcs := 0
	for _, k := range keys {
		if strings.HasPrefix(k, wire.ResourceRCs+"/") {
			rcs++
		}
	}
	if rcs > 0 {
		w.Deployments = make([]dcplan.Deployment, 0, rcs)
	}
	if pods := len(keys) - rcs - 1; pods > 0 {
		w.Pods = make([]dcplan.Pod, 0, pods)
	}
	for _, k := range keys {
		res, _ := split(k)
		switch res {
		case wire.ResourceConfigs:
			c, err := decodeConfig(o[k])
			if err != nil {
				return World{}, fmt.Errorf("%s: %w", k, err)
			}
			w.Config = c
		case wire.ResourceRCs:
			d, err := decodeRC(o[k])
			if err != nil {
				return World{}, fmt.Errorf("%s: %w", k, err)
			}
			w.Deployments = append(w.Deployments, d)
		case wire.ResourcePods:
			p, err := decodedAs(o[k], wire.DecodePod)
			if err != nil {
				return World{}, fmt.Errorf("%s: %w", k, err)
			}
			w.Pods = append(w.Pods, p)
		}
	}
	return w, nil
}

// decodeConfig decodes one stored DC (cached).
func decodeConfig(b []byte) (dcplan.Config, error) { return decodedAs(b, wire.DecodeConfig) }

// decodeRC decodes one stored RC (cached).
func decodeRC(b []byte) (dcplan.Deployment, error) { return decodedAs(b, wire.DecodeDeployment) }

// edit decodes the object k of o as a map, lets f change it and stores it
// back; f returns false to leave o as it was. what names f's change, which
// must depend on nothing but the object (as "status.phase=Running"): the
// result is computed once per object bytes, key and what.
func edit(o Objects, k, what string, f func(m map[string]any) bool) bool {
	b, ok := o[k]
	if !ok {
		return false
	}
	nb := derive(b, "edit "+k+" "+what, func() []byte { return edited(k, b, f) })
	if nb == nil {
		return false
	}
	o[k] = nb
	return true
}

// edited is edit's change of the object k, stored as b: its new bytes
// (interned), nil when f leaves it as it is.
func edited(k string, b []byte, f func(m map[string]any) bool) []byte {
	m := map[string]any{}
	if err := json.Unmarshal(b, &m); err != nil {
		panic(fmt.Sprintf("explore: %s: %v", k, err))
	}
	if !f(m) {
		return nil
	}
	bumpVersion(m)
	nb, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return intern(nb)
}

// bumpVersion gives an object a direct edit changed (a kubelet phase
// move, the deployer pod's scaling, oc scale, an edit) a new
// resourceVersion, as the API server does on every write that changes
// it, so that a pass that read the object before the edit meets
// Conflict, as it would on a cluster; kept, it let a write from a stale
// read succeed over the edit. One above its own is new to the object:
// its earlier versions are lower, and the server mints above every
// version seeded.
func bumpVersion(m map[string]any) {
	meta := sub(m, "metadata")
	n, err := strconv.ParseUint(fmt.Sprint(meta["resourceVersion"]), 10, 64)
	if err != nil {
		return
	}
	meta["resourceVersion"] = strconv.FormatUint(n+1, 10)
}

// sub returns m[k] as a map, creating it.
func sub(m map[string]any, k string) map[string]any {
	v, _ := m[k].(map[string]any)
	if v == nil {
		v = map[string]any{}
		m[k] = v
	}
	return v
}

// bumpGeneration raises metadata.generation by one, as the API server does
// on a spec change.
func bumpGeneration(m map[string]any) {
	meta := sub(m, "metadata")
	g, _ := meta["generation"].(float64)
	meta["generation"] = g + 1
}

// hash is the identity of a state's canonical encoding.
type hash [sha256.Size]byte

// itoa is strconv.Itoa, short.
func itoa(n int) string { return strconv.Itoa(n) }
