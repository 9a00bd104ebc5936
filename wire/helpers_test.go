package wire

import (
	"github.com/dcplan/dcplan"

	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fixture reads a file of testdata/fixtures (the repo copy).
func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "fixtures", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// stdCanonical canonicalises JSON with the standard library only
// (UseNumber, then Marshal, which sorts map keys), independently of the
// codec's own canonical writer.
func stdCanonical(t testing.TB, data []byte) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("stdCanonical: %v", err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("stdCanonical: %v", err)
	}
	return out
}

// stdPath returns the canonical JSON of the value at a path of keys in a
// document, using the standard library only.
func stdPath(t testing.TB, data []byte, keys ...string) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("stdPath: %v", err)
	}
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("stdPath: %q is not inside an object", k)
		}
		v = m[k]
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("stdPath: %v", err)
	}
	return out
}

// mustTime parses an RFC 3339 time.
func mustTime(t testing.TB, s string) time.Time {
	t.Helper()
	tm, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

// The frontend fixtures' shared values.
const (
	frontendImage  = "image-registry.openshift-image-registry.svc:5000/shop/frontend@sha256:3b1c6f0e2a9d4c7b8e5f1a2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4a3"
	frontendUID    = "433286df-1919-40ac-a5e4-088584ff8874"
	frontend2Image = "image-registry.openshift-image-registry.svc:5000/shop/frontend@sha256:9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d"
	frontend3UID   = "ad840eb1-a5ee-4393-a44e-b2c478bbe1e0"
	deployerImage  = "registry.example/openshift/origin-deployer:v4"
)

// frontendOwner is the controller reference every frontend RC carries.
var frontendOwner = dcplan.OwnerRef{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: "frontend",
	UID: frontendUID, Controller: true, BlockOwnerDeletion: true}

// frontendConfig is the hand-written expectation for dc-frontend.json,
// without Raw and Template (checked separately).
func frontendConfig(t testing.TB) dcplan.Config {
	return dcplan.Config{
		Namespace:       "shop",
		Name:            "frontend",
		UID:             frontendUID,
		ResourceVersion: "4213031",
		Generation:      3,
		Labels: []dcplan.KeyValue{
			{Key: "app", Value: "frontend"},
			{Key: "app.kubernetes.io/component", Value: "frontend"},
			{Key: "app.kubernetes.io/instance", Value: "frontend"},
			{Key: "app.kubernetes.io/part-of", Value: "shop"},
		},
		Replicas:                3,
		RevisionHistoryLimit:    5,
		HasRevisionHistoryLimit: true,
		Selector:                []dcplan.KeyValue{{Key: "deploymentconfig", Value: "frontend"}},
		Strategy: dcplan.Strategy{
			Type:                  dcplan.StrategyRolling,
			HasParams:             true,
			TimeoutSeconds:        600,
			HasTimeout:            true,
			MaxSurge:              dcplan.Fencepost{Set: true, IsString: true, Str: "25%"},
			MaxUnavailable:        dcplan.Fencepost{Set: true, IsString: true, Str: "25%"},
			ActiveDeadlineSeconds: 21600,
			HasActiveDeadline:     true,
			Resources:             dcplan.RawJSON(`{}`),
		},
		Triggers: []dcplan.Trigger{
			{Type: dcplan.TriggerConfigChange},
			{Type: dcplan.TriggerImageChange, Automatic: true, ContainerNames: []string{"frontend"}, FromKind: "ImageStreamTag",
				FromNamespace: "shop", FromName: "frontend:latest", LastTriggeredImage: frontendImage},
		},
		Status: dcplan.ConfigStatus{
			LatestVersion:      3,
			ObservedGeneration: 2,
			Replicas:           3,
			AvailableReplicas:  3,
			ReadyReplicas:      3,
			Details: dcplan.Details{
				Message: "image change",
				Causes:  []dcplan.Cause{{Type: dcplan.TriggerImageChange, Image: frontendImage, FromKind: "DockerImage"}},
			},
			Conditions: []dcplan.Condition{
				{Type: dcplan.ConditionAvailable, Status: dcplan.StatusTrue, Message: "Deployment config has minimum availability.",
					LastUpdateTime: mustTime(t, "2026-10-20T09:00:58Z"), LastTransitionTime: mustTime(t, "2026-10-20T09:00:58Z")},
				{Type: dcplan.ConditionProgressing, Status: dcplan.StatusFalse, Reason: dcplan.ReasonRolloutCancelled,
					Message:        `rollout of replication controller "frontend-2" was cancelled`,
					LastUpdateTime: mustTime(t, "2026-10-28T14:31:03Z"), LastTransitionTime: mustTime(t, "2026-10-28T14:31:03Z")},
			},
		},
	}
}

// unmarshalStd decodes with the standard library.
func unmarshalStd(t testing.TB, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

func stringsContains(s, sub string) bool { return strings.Contains(s, sub) }
