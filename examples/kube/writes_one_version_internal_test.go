package kube

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan/wire"
)

// TestWriteExpectationsOneVersion pins writeExpectations.record for a
// pass whose one accepted write of the RC replaced one version, the one
// it read (a patch carries none): that version reads as stale.
func TestWriteExpectationsOneVersion(t *testing.T) {
	now := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	var e writeExpectations
	e.record("ns/web-1", "ns", "web-1", "5", wire.Pass{Requests: []wire.Request{{Verb: wire.VerbPatch, Resource: wire.ResourceRCs,
		Namespace: "ns", Name: "web-1", Patch: []byte(`{"metadata":{"annotations":{}}}`)}}, Sent: 1, Errs: []error{nil}}, now)
	if !e.stale("ns/web-1", "5", now) {
		t.Error("a cache showing version 5, which the pass's patch replaced, is not stale")
	}
}
