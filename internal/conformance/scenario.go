// Package conformance reads the scenarios recorded from upstream's
// DeploymentConfig controllers (testdata/upstream-recorded.tar.gz, in the
// form of Scenario) and turns what a pass did on a
// fake.Server into the same recorded form, so that a test can plan a
// scenario's pass, execute its requests and Compare the result with what
// upstream did.
//
//	scenarios, err := conformance.Load("testdata/upstream-recorded.tar.gz")
//	for _, sc := range scenarios {
//		srv := fake.NewServer(sc.Now)
//		if err := conformance.Seed(srv, sc); err != nil { ... }
//		// plan the pass, send wire.Requests(...) to srv.Do ...
//		got := conformance.Expected{Writes: conformance.Record(srv.Log()),
//			Events: conformance.RecordEvents(srv.Events()), Error: ..., ErrorClass: ...}
//		if diff := conformance.Compare(sc.Expected, got); diff != "" { ... }
//	}
package conformance

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"reflect"
	"sort"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// Scenario is one recorded pass of an upstream controller on one world.
type Scenario struct {
	// Name is the file name without .json.
	Name string `json:"name"`
	// Rule lists upstream-spec section ids, comma separated.
	Rule string `json:"rule"`
	// Why is one sentence on what the scenario holds.
	Why string `json:"why"`
	// Pass is PassConfig or PassDeployer.
	Pass string `json:"pass"`
	// Target is the RC a deployer pass handles.
	Target string `json:"target,omitempty"`
	// Requeues is how often a deployer pass's key was requeued already
	// (willBeDropped = Requeues >= 13).
	Requeues int `json:"requeues,omitempty"`
	// Now is the notional clock.
	Now time.Time `json:"now"`
	// Input is the world; Expected what upstream did with it.
	Input    Input    `json:"input"`
	Expected Expected `json:"expected"`
}

// The two kinds of pass.
const (
	PassConfig   = "dc"
	PassDeployer = "deployer"
)

// Input is a scenario's world: the controller's caches, what the API
// server holds beyond them, and the faults it injects.
type Input struct {
	// Controller is the deployer controller's configuration (deployer
	// passes).
	Controller *Controller `json:"controller,omitempty"`
	// DC is the DeploymentConfig of a dc pass, as the controller's cache
	// holds it.
	DC json.RawMessage `json:"dc,omitempty"`
	// RCs and Pods are the informer caches; the server holds them too.
	RCs  []json.RawMessage `json:"rcs"`
	Pods []json.RawMessage `json:"pods,omitempty"`
	// Live is what the server holds beyond the caches.
	Live *Live `json:"live,omitempty"`
	// Faults make the server fail matching requests.
	Faults []Fault `json:"faults,omitempty"`
}

// Controller is the deployer controller's own configuration.
type Controller struct {
	// DeployerImage is the default deployer image.
	DeployerImage string `json:"deployerImage"`
	// ServiceAccount is the service account of deployer pods.
	ServiceAccount string `json:"serviceAccount"`
	// Environment is the EnvVar list injected into deployer pods.
	Environment json.RawMessage `json:"environment,omitempty"`
}

// Live holds the server's copies that differ from the caches.
type Live struct {
	// DC replaces the server's copy of the DC (e.g. recreated, another
	// uid).
	DC json.RawMessage `json:"dc,omitempty"`
	// RCs are added to the server, replacing cached copies of one name.
	RCs []json.RawMessage `json:"rcs,omitempty"`
	// Absent lists "<resource>/<name>" objects the server does not hold.
	Absent []string `json:"absent,omitempty"`
}

// Fault is one injected failure, as recorded.
type Fault struct {
	// Verb is "create", "update", "patch", "delete" or "get".
	Verb string `json:"verb"`
	// Resource is the plural resource, a subresource after a slash.
	Resource string `json:"resource"`
	// Name restricts the fault to one object ("" = every object).
	Name string `json:"name,omitempty"`
	// Times is how many matching calls fail (0 = every call).
	Times int `json:"times,omitempty"`
	// Error is what the failing calls return.
	Error FaultError `json:"error"`
}

// FaultError is the failure a Fault returns: an API status error when
// Reason is set, else a transport error; Message is its text either way.
type FaultError struct {
	// Reason is the API status reason, "" for a transport error.
	Reason string `json:"reason,omitempty"`
	// Code is the HTTP code of an API status error.
	Code int32 `json:"code,omitempty"`
	// Message is the error text.
	Message string `json:"message"`
}

// Err returns the error the fake server returns for e.
func (e FaultError) Err() error {
	if e.Reason == "" {
		return errors.New(e.Message)
	}
	return &wire.StatusError{Reason: dcplan.StatusReason(e.Reason), Code: e.Code, Message: e.Message}
}

// Expected is what a pass did: its writes, events, returned error and the
// error's class.
type Expected struct {
	// Writes are the write requests in the order issued, failed ones
	// included.
	Writes []Write `json:"writes"`
	// Events are the events in emission order.
	Events []Event `json:"events"`
	// Error is the returned error text, "" for none.
	Error string `json:"error"`
	// ErrorClass is "retry", "actionable" or "fatal"; "" when Error is "".
	ErrorClass string `json:"errorClass,omitempty"`
}

// Write is one write request in the recorded form (README "Writes").
type Write struct {
	// Verb is "create", "update", "patch" or "delete".
	Verb string `json:"verb"`
	// Resource is the plural resource, a subresource after a slash.
	Resource string `json:"resource"`
	// Namespace is the request's namespace.
	Namespace string `json:"namespace"`
	// Name is the object's name.
	Name string `json:"name"`
	// Fields maps paths (README "Path notation") to JSON values
	// (json.Number numbers, nil for a field absent after the write).
	Fields map[string]any `json:"fields"`
	// PatchType and Patch are a patch's type and body (a JSON value).
	PatchType string `json:"patchType,omitempty"`
	Patch     any    `json:"patch,omitempty"`
	// Options are a delete's non-default options.
	Options map[string]any `json:"options,omitempty"`
	// Failed is the error text of a rejected request.
	Failed string `json:"failed,omitempty"`
}

// Event is one recorded event; Object is "<Kind>/<name>".
type Event struct {
	// Type is "Normal" or "Warning".
	Type string `json:"type"`
	// Reason and Message are the event's reason and exact message.
	Reason  string `json:"reason"`
	Message string `json:"message"`
	// Object is the object the event is recorded on, "<Kind>/<name>".
	Object string `json:"object"`
}

// Parse decodes one scenario file; numbers in fields, patches and options
// stay json.Number.
func Parse(data []byte) (Scenario, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	d.DisallowUnknownFields()
	var sc Scenario
	if err := d.Decode(&sc); err != nil {
		return Scenario{}, fmt.Errorf("conformance: parse scenario: %w", err)
	}
	if err := exactKeys(data, reflect.TypeFor[Scenario]()); err != nil {
		return Scenario{}, fmt.Errorf("conformance: parse scenario: %w", err)
	}
	if sc.Name == "" {
		return Scenario{}, errors.New("conformance: parse scenario: no name")
	}
	if sc.Pass != PassConfig && sc.Pass != PassDeployer {
		return Scenario{}, fmt.Errorf("conformance: parse scenario %s: unknown pass %q", sc.Name, sc.Pass)
	}
	return sc, nil
}

// Load reads every scenarios/*.json file of a .tar.gz archive, sorted by
// name.
func Load(archive string) ([]Scenario, error) {
	f, err := os.Open(archive)
	if err != nil {
		return nil, fmt.Errorf("conformance: load: %w", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("conformance: load %s: %w", archive, err)
	}
	tr := tar.NewReader(zr)
	var out []Scenario
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("conformance: load %s: %w", archive, err)
		}
		if h.Typeflag != tar.TypeReg || path.Ext(h.Name) != ".json" {
			continue
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			return nil, fmt.Errorf("conformance: load %s: %s: %w", archive, h.Name, err)
		}
		sc, err := Parse(data)
		if err != nil {
			return nil, fmt.Errorf("conformance: load %s: %s: %w", archive, h.Name, err)
		}
		if want := strings.TrimSuffix(path.Base(h.Name), ".json"); sc.Name != want {
			return nil, fmt.Errorf("conformance: load %s: %s names itself %q", archive, h.Name, sc.Name)
		}
		out = append(out, sc)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Namespace returns the namespace of the scenario's world: the DC's, else
// the first RC's.
func (sc *Scenario) Namespace() string {
	objs := append([]json.RawMessage{sc.Input.DC}, sc.Input.RCs...)
	for _, o := range objs {
		var m struct {
			Metadata struct {
				Namespace string `json:"namespace"`
			} `json:"metadata"`
		}
		if len(o) > 0 && json.Unmarshal(o, &m) == nil && m.Metadata.Namespace != "" {
			return m.Metadata.Namespace
		}
	}
	return ""
}

// Seed fills s with the scenario's server state: input.dc, input.rcs and
// input.pods, then input.live (server copies replace or add to them,
// live.absent entries are removed; naming an object the world lacks is no
// error, the recorded mutations compose that way), then input.faults.
func Seed(s *fake.Server, sc Scenario) error {
	put := func(resource string, objs ...json.RawMessage) error {
		for _, o := range objs {
			if len(o) == 0 || string(o) == "null" {
				continue
			}
			if err := s.Put(resource, o); err != nil {
				return fmt.Errorf("conformance: seed %s: %w", sc.Name, err)
			}
		}
		return nil
	}
	if err := put(wire.ResourceConfigs, sc.Input.DC); err != nil {
		return err
	}
	if err := put(wire.ResourceRCs, sc.Input.RCs...); err != nil {
		return err
	}
	if err := put(wire.ResourcePods, sc.Input.Pods...); err != nil {
		return err
	}
	if live := sc.Input.Live; live != nil {
		if err := put(wire.ResourceConfigs, live.DC); err != nil {
			return err
		}
		if err := put(wire.ResourceRCs, live.RCs...); err != nil {
			return err
		}
		ns := sc.Namespace()
		for _, a := range live.Absent {
			resource, name, ok := strings.Cut(a, "/")
			if !ok || name == "" {
				return fmt.Errorf("conformance: seed %s: live.absent entry %q is not <resource>/<name>", sc.Name, a)
			}
			s.Remove(resource, ns, name)
		}
	}
	for _, f := range sc.Input.Faults {
		switch f.Verb {
		case "create", "update", "patch", "delete", "get":
		default:
			return fmt.Errorf("conformance: seed %s: fault verb %q", sc.Name, f.Verb)
		}
		s.Inject(fake.Fault{Verb: f.Verb, Resource: f.Resource, Name: f.Name, Times: f.Times, Err: f.Error.Err()})
	}
	return nil
}
