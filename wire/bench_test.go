package wire

import (
	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/benchcpu"
	"github.com/dcplan/dcplan/internal/jsontree"

	"testing"
	"time"
)

func BenchmarkDecodeDeployment(b *testing.B) {
	doc := fixture(b, "rc-frontend-3-complete.json")
	b.ReportAllocs()
	b.SetBytes(int64(len(doc)))
	stop := benchcpu.Start(b)
	for b.Loop() {
		if _, err := DecodeDeployment(doc); err != nil {
			b.Fatal(err)
		}
	}
	stop()
}

func BenchmarkEncodeDeployment(b *testing.B) {
	d, err := DecodeDeployment(fixture(b, "rc-frontend-3-complete.json"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EncodeDeployment(d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewDeployment builds the RC of the fixture DC (decoded, 6 KB),
// and of a small DC built in code, as the fake's Populate builds them
// ("built").
func BenchmarkNewDeployment(b *testing.B) {
	cfg, err := DecodeConfig(fixture(b, "dc-frontend.json"))
	if err != nil {
		b.Fatal(err)
	}
	for name, c := range map[string]dcplan.Config{"fixture": cfg, "built": builtConfig()} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := NewDeployment(c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// builtConfig is a small DC built in code, as the fake's Populate builds
// them.
func builtConfig() dcplan.Config {
	return dcplan.Config{
		Namespace: "ns-0", Name: "app-0", UID: "uid-1", Replicas: 1,
		Labels:   []dcplan.KeyValue{{Key: "app", Value: "app-0"}},
		Selector: []dcplan.KeyValue{{Key: "deploymentconfig", Value: "app-0"}},
		Strategy: dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true,
			MaxSurge: dcplan.Fencepost{Set: true, IsString: true, Str: "25%"}},
		Triggers: []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}},
		Template: TemplateFor(dcplan.Container{Name: "c0", Image: "registry.example/app@sha256:0"}),
		Status:   dcplan.ConfigStatus{LatestVersion: 3},
	}
}

// BenchmarkBuildAndEncodeRC builds the RC of a small DC built in code,
// finishes its rollout and writes it, as the fake's Populate stores every
// RC: NewDeployment, then EncodeDeployment.
func BenchmarkBuildAndEncodeRC(b *testing.B) {
	c := builtConfig()
	finish := finished(1, "uid-4", "4", time.Time{})
	b.ReportAllocs()
	stop := benchcpu.Start(b)
	for b.Loop() {
		d, err := NewDeployment(c)
		if err != nil {
			b.Fatal(err)
		}
		finish(&d)
		if _, err := EncodeDeployment(d); err != nil {
			b.Fatal(err)
		}
	}
	stop()
}

// finished returns the edit of an RC whose rollout completed and which
// then scaled to replicas, as the fake's Populate stores its RCs: phase
// Complete, the desired-replicas annotation moved into the replicas one,
// spec and status at replicas, and the store's identity.
func finished(replicas dcplan.Replicas, uid, rv string, created time.Time) func(*dcplan.Deployment) {
	return func(d *dcplan.Deployment) {
		d.Phase = dcplan.PhaseComplete
		d.HasSyncedReplicas, d.SyncedReplicas = true, replicas
		d.HasDesiredReplicas = false
		d.Replicas, d.StatusReplicas, d.ReadyReplicas, d.AvailableReplicas = replicas, replicas, replicas, replicas
		d.UID, d.ResourceVersion, d.CreationTime = uid, rv, created
	}
}

func BenchmarkDecodeSnapshot(b *testing.B) {
	doc := fixture(b, "list-dc-rc-pods.json")
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	b.ReportAllocs()
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if _, err := DecodeSnapshot(doc, "shop", "frontend", now, dcplan.Settings{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCanonical renders the tree of rc-frontend-3-complete.json in
// canonical form, as every decode does for Raw.
func BenchmarkCanonical(b *testing.B) {
	doc := fixture(b, "rc-frontend-3-complete.json")
	tree, err := jsontree.Parse(doc)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(doc)))
	var buf []byte
	for b.Loop() {
		buf = jsontree.AppendCanonical(buf[:0], tree)
	}
}
