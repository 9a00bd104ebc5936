package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
)

// smallDC is a DC of the size new-app creates for one image: with it each
// RC in an oc List takes about 3 000 bytes (the RCs of issue 14).
var smallDC = []byte(`{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig",
"metadata":{"name":"frontend","namespace":"shop","uid":"433286df-1919-40ac-a5e4-088584ff8874","resourceVersion":"4213031","generation":3,
"creationTimestamp":"2026-10-20T09:00:00Z","labels":{"app":"frontend"}},
"spec":{"replicas":3,"selector":{"deploymentconfig":"frontend"},
"strategy":{"type":"Recreate","recreateParams":{"timeoutSeconds":600},"resources":{}},
"template":{"metadata":{"labels":{"app":"frontend","deploymentconfig":"frontend"}},
"spec":{"containers":[{"name":"frontend","image":"quay.io/shop/frontend:v1","imagePullPolicy":"IfNotPresent"}],
"restartPolicy":"Always","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst"}},
"triggers":[{"type":"ConfigChange"}]},
"status":{"latestVersion":3,"observedGeneration":3,"replicas":3}}`)

// bigList returns the `oc get dc,rc -o json` List of smallDC at
// version n with its n RCs (v1..v(n-1) Complete at 0, vn Complete at the
// DC's replicas), indented as oc prints it, and the mean size of one RC
// item in it.
func bigList(t testing.TB, n int) (doc []byte, perRC int) {
	t.Helper()
	cfg, err := DecodeConfig(smallDC)
	if err != nil {
		t.Fatal(err)
	}
	items := make([]json.RawMessage, 0, n+1)
	rcBytes := 0
	for v := 1; v <= n; v++ {
		c := cfg
		c.Status.LatestVersion = dcplan.Version(v)
		d, err := NewDeployment(c)
		if err != nil {
			t.Fatal(err)
		}
		d.Phase = dcplan.PhaseComplete
		if v == n {
			d.Replicas = c.Replicas
		}
		b, err := EncodeDeployment(d)
		if err != nil {
			t.Fatal(err)
		}
		var ind bytes.Buffer
		if err := json.Indent(&ind, b, "        ", "    "); err != nil {
			t.Fatal(err)
		}
		rcBytes += ind.Len()
		items = append(items, ind.Bytes())
	}
	cfg.Status.LatestVersion = dcplan.Version(n)
	dc, err := EncodeConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	items = append([]json.RawMessage{dc}, items...)
	list, err := json.MarshalIndent(map[string]any{"apiVersion": "v1", "kind": "List", "items": items}, "", "    ")
	if err != nil {
		t.Fatal(err)
	}
	return list, rcBytes / n
}

// liveBytes returns the heap bytes f's result keeps alive, after GC.
// Two collections come first: the first only moves what the pools hold
// (the codec's scratch) to their victim caches, the second frees it, so
// that scratch released before f does not count against f's result.
func liveBytes(f func() any) (uint64, any) {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m0)
	v := f()
	runtime.GC()
	runtime.ReadMemStats(&m1)
	return m1.HeapAlloc - m0.HeapAlloc, v
}

// BenchmarkSnapshotBytesPerRC reports the heap a decoded snapshot of one DC
// with 1000 RCs keeps per RC (bytes/RC, after GC), raw bytes for exact
// re-encoding included, and the size of one RC in the oc List (json/RC).
func BenchmarkSnapshotBytesPerRC(b *testing.B) {
	const n = 1000
	doc, perRC := bigList(b, n)
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	var per float64
	for b.Loop() {
		live, s := liveBytes(func() any {
			s, err := DecodeSnapshot(doc, "", "frontend", now, dcplan.Settings{})
			if err != nil {
				b.Fatal(err)
			}
			return s
		})
		if got := len(s.(dcplan.Snapshot).Deployments); got != n {
			b.Fatalf("decoded %d RCs, want %d", got, n)
		}
		per = float64(live) / n
	}
	b.ReportMetric(per, "bytes/RC")
	b.ReportMetric(float64(perRC), "json/RC")
}

// BenchmarkDecodeList decodes an oc List of one DC with 1000 and 20 000
// RCs, reporting the heap the result keeps alive as a multiple of the
// document size (live/json, after GC).
func BenchmarkDecodeList(b *testing.B) {
	for _, n := range []int{1000, 20000} {
		b.Run(fmt.Sprintf("rcs=%d", n), func(b *testing.B) {
			doc, _ := bigList(b, n)
			b.ReportAllocs()
			b.SetBytes(int64(len(doc)))
			var live uint64
			for b.Loop() {
				live, _ = liveBytes(func() any {
					objs, err := DecodeList(doc)
					if err != nil {
						b.Fatal(err)
					}
					return objs
				})
			}
			b.ReportMetric(float64(live)/float64(len(doc)), "live/json")
		})
	}
}
