package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// AuditEvent is the part of an audit.k8s.io/v1 Event the tests read: what
// the server received and answered, as it logged it at ResponseComplete.
type AuditEvent struct {
	AuditID    string `json:"auditID"`
	Stage      string `json:"stage"`
	RequestURI string `json:"requestURI"`
	Verb       string `json:"verb"`
	User       struct {
		Username string `json:"username"`
		// Extra holds, for a ServiceAccount token, the token's
		// "authentication.kubernetes.io/credential-id" ("JTI=<jti>"):
		// it tells apart processes with tokens of one ServiceAccount.
		Extra map[string][]string `json:"extra"`
	} `json:"user"`
	UserAgent string `json:"userAgent"`
	// RequestReceivedTimestamp is when the server received the request,
	// StageTimestamp when it answered.
	RequestReceivedTimestamp time.Time `json:"requestReceivedTimestamp"`
	StageTimestamp           time.Time `json:"stageTimestamp"`
	ObjectRef                *struct {
		Resource    string `json:"resource"`
		Namespace   string `json:"namespace"`
		Name        string `json:"name"`
		APIGroup    string `json:"apiGroup"`
		Subresource string `json:"subresource"`
	} `json:"objectRef"`
	ResponseStatus *struct {
		Code int32 `json:"code"`
	} `json:"responseStatus"`
	RequestObject  json.RawMessage `json:"requestObject"`
	ResponseObject json.RawMessage `json:"responseObject"`
}

// ReadAudit reads the audit log at path and returns its ResponseComplete
// events for which keep is true, in log order. A last line without its
// newline is one the server is still writing: it is left for the next
// read.
func ReadAudit(path string, keep func(*AuditEvent) bool) ([]AuditEvent, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("e2e: audit log: %w", err)
	}
	defer f.Close()
	var out []AuditEvent
	r := bufio.NewReaderSize(f, 1<<20)
	for {
		line, err := r.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("e2e: audit log %s: %w", path, err)
		}
		if !bytes.Contains(line, []byte(`"ResponseComplete"`)) {
			continue
		}
		var ev AuditEvent
		if err := json.Unmarshal(line, &ev); err != nil {
			return nil, fmt.Errorf("e2e: audit log %s: %w", path, err)
		}
		if ev.Stage == "ResponseComplete" && keep(&ev) {
			out = append(out, ev)
		}
	}
}
