package wire

import "testing"

// TestRehomeInternsNoEmptyString: decoding interns the shared fields that
// hold a string and leaves the empty ones alone, so the intern table
// never holds "" (internTable.get takes a non-empty string; Intern
// answers "" itself). The fixture DC's ignore-deployer-pod annotation
// value, a shared field, is empty. Kills the mutant that negated
// rehomer.shared's test: it interned in the sizing pass, outside the
// table's lock (a data race between concurrent decodes), and every empty
// shared field in the assigning pass.
func TestRehomeInternsNoEmptyString(t *testing.T) {
	cfg, err := DecodeConfig(fixture(t, "dc-frontend.json"))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.IgnoreDeployerPodValue != "" {
		t.Fatalf("IgnoreDeployerPodValue = %q, want the fixture's empty one", cfg.IgnoreDeployerPodValue)
	}
	shared.mu.Lock()
	_, inCur := shared.cur[""]
	_, inOld := shared.old[""]
	shared.mu.Unlock()
	if inCur || inOld {
		t.Errorf(`the intern table holds "" (current generation %v, old %v)`, inCur, inOld)
	}
}
