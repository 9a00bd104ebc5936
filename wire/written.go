package wire

import (
	"time"

	"github.com/dcplan/dcplan/internal/jsontree"
)

// Written is what the server's answer to a write says about the object
// after it: the metadata.resourceVersion the write left and the object's
// metadata.creationTimestamp. Upstream's controllers go on with the object
// a write returns (the seed's status write after its replica sync, SPEC
// 3.11; the deployer's created-at, the pod create's answer, SPEC 4.3.new.4),
// so RunPass takes these from Client.Do's answer and reads nothing back.
// It is zero for a delete, an event, a failed request, and a client that
// has no answer to give (the request that needed it then goes as
// rendered).
type Written struct {
	ResourceVersion string
	Created         time.Time
}

// WrittenOf reads a Written from an object's JSON, as a client that gets
// the server's answer as bytes builds it: "" and the zero time for a
// field that is absent or not a string (a creationTimestamp that is not
// an RFC 3339 time is zero).
func WrittenOf(object []byte) Written {
	tp, _, ok := jsontree.ScanTape(object, "", false)
	defer jsontree.PutTape(tp)
	if !ok {
		return Written{}
	}
	meta := tp.Member(0, "metadata")
	var w Written
	if v := tp.Member(meta, "resourceVersion"); tp.Kind(v) == jsontree.KindString {
		w.ResourceVersion = tp.Text(v)
	}
	if v := tp.Member(meta, "creationTimestamp"); tp.Kind(v) == jsontree.KindString {
		w.Created, _ = time.Parse(time.RFC3339, tp.Text(v))
	}
	return w
}
