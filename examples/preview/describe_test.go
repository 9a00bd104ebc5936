package main

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestDescribePodCounts checks the Pods Status line of oc describe dc:
// the document's pods that the RC's selector selects in its namespace,
// counted by phase (Pending as Waiting, SPEC 6m.8). The golden files
// hold Running pods only, so a phase counted in the wrong column, or
// not at all, went unnoticed.
func TestDescribePodCounts(t *testing.T) {
	data, err := os.ReadFile("testdata/healthy-history.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Kind  string           `json:"kind"`
		Items []map[string]any `json:"items"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	// frontend-8's three Running pods become one of each other phase.
	phases := []string{"Pending", "Succeeded", "Failed"}
	var copied map[string]any
	for _, it := range doc.Items {
		meta := it["metadata"].(map[string]any)
		if it["kind"] != "Pod" || !strings.HasPrefix(meta["name"].(string), "frontend-8-") || meta["name"] == "frontend-8-deploy" {
			continue
		}
		it["status"].(map[string]any)["phase"] = phases[0]
		phases = phases[1:]
		copied = it
	}
	if len(phases) != 0 {
		t.Fatalf("healthy-history.json lacks frontend-8's three pods; %v left", phases)
	}
	// Neither a pod of another namespace nor one the selector does not
	// select counts.
	for i, edit := range []func(meta map[string]any){
		func(meta map[string]any) { meta["namespace"] = "staging" },
		func(meta map[string]any) { delete(meta["labels"].(map[string]any), "deployment") },
	} {
		var pod map[string]any
		raw, _ := json.Marshal(copied)
		if err := json.Unmarshal(raw, &pod); err != nil {
			t.Fatal(err)
		}
		pod["metadata"].(map[string]any)["name"] = "frontend-8-copy" + strconv.Itoa(i)
		edit(pod["metadata"].(map[string]any))
		doc.Items = append(doc.Items, pod)
	}
	if data, err = json.Marshal(doc); err != nil {
		t.Fatal(err)
	}
	r, err := preview(data, options{Now: at("2026-11-30T10:00:00Z")})
	if err != nil {
		t.Fatal(err)
	}
	if want := "\tPods Status:\t0 Running / 1 Waiting / 1 Succeeded / 1 Failed\n"; !strings.Contains(r.Describe, want) {
		t.Errorf("oc describe dc lacks %q:\n%s", want, r.Describe)
	}
}
