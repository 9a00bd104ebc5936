package e2e

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReadAuditWhileWritten: kube-apiserver appends to the audit log
// while the tests read it, so a read may end inside the line being
// written (on tmpfs too, where a reader sees a write of a few pages
// part-way). ReadAudit returns the complete lines and leaves that one for
// the next read.
func TestReadAuditWhileWritten(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "audit.log")
	log := `{"auditID":"a","stage":"ResponseComplete","verb":"get"}` + "\n" +
		`{"auditID":"b","stage":"ResponseComplete","verb":"cre`
	if err := os.WriteFile(path, []byte(log), 0o600); err != nil {
		t.Fatal(err)
	}
	evs, err := ReadAudit(path, func(*AuditEvent) bool { return true })
	if err != nil {
		t.Fatalf("ReadAudit = %v, want the complete line", err)
	}
	if len(evs) != 1 || evs[0].AuditID != "a" {
		t.Fatalf("ReadAudit = %+v, want event a alone", evs)
	}
}
