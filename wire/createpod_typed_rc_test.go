package wire_test

import (
	"encoding/json"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestDeployerPodOfATypedOnlyRC: the deployer pod copies the template
// fields it names (SPEC 4.3.new.4) from its RC's pod template; for an RC
// the snapshot holds only in typed form (no raw template, a hand-built
// object), that template is the one of the DC encoded in the RC, so the
// pod copies the same fields as it does from the RC as read.
func TestDeployerPodOfATypedOnlyRC(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	d := s.Deployments[len(s.Deployments)-1]
	if d.Encoded == nil || d.Encoded.Template.Raw == nil {
		t.Fatalf("rc/%s has no encoded DC with a template", d.Name)
	}
	plan := dcplan.Plan{CreatePods: []dcplan.CreatePod{{Pod: dcplan.DeployerPod{Name: d.Name + "-deploy", RC: d.Name,
		RCUID: d.UID, Image: "deployer:v4", CopyFields: dcplan.FieldDNSPolicy}}}}
	dnsPolicy := func(s dcplan.Snapshot) string {
		t.Helper()
		reqs, err := wire.Requests(s, plan)
		if err != nil || len(reqs) != 1 {
			t.Fatalf("Requests = %v, %v; want the pod's create", reqs, err)
		}
		var pod struct {
			Spec struct {
				DNSPolicy string `json:"dnsPolicy"`
			} `json:"spec"`
		}
		if err := json.Unmarshal(reqs[0].Body, &pod); err != nil {
			t.Fatal(err)
		}
		return pod.Spec.DNSPolicy
	}
	read := dnsPolicy(s)
	if read == "" {
		t.Fatal("the pod of the RC as read copies no dnsPolicy")
	}
	typed := d
	typed.Raw, typed.Template.Raw = nil, nil
	s.Deployments[len(s.Deployments)-1] = typed
	if got := dnsPolicy(s); got != read {
		t.Errorf("the pod of the typed-only RC has dnsPolicy %q, want %q (the encoded DC's template)", got, read)
	}
}
