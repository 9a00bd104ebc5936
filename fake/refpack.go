package fake

import (
	"sync"

	"github.com/dcplan/dcplan/wire"
)

// refPacker packs the World's objects against the dictionary of typical
// objects (see World.Compress and packer): the World's objects are
// nearly all alike, so most of an RC is a handful of long copies of it.
// Its Pack is safe for the populating goroutines to share: it only reads
// the dictionary's table.
var refPacker = sync.OnceValue(func() *packer { return newPacker(dictionary()) })

// dictionary is the reference the World packs objects against (see
// World.Compress): the wire form of a typical DC and of its RC at rest,
// so that packed objects store little more than what differs from them.
var dictionary = sync.OnceValue(func() []byte {
	var b []byte
	cfg := NewConfig("ns", "web", 1)
	cfg.UID = "00000000-0000-4000-8000-000000000001"
	cfg.Status.LatestVersion = 1
	if data, err := wire.EncodeConfig(cfg); err == nil {
		b = append(b, data...)
	}
	if d, err := wire.NewDeployment(cfg); err == nil {
		finishRollout(&d)
		d.UID, d.ResourceVersion, d.CreationTime = "00000000-0000-4000-8000-000000000002", "2", Epoch
		if data, err := wire.EncodeDeployment(d); err == nil {
			b = append(b, data...)
		}
	}
	return b
})
