package fake

import (
	"strconv"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// Epoch is the virtual time a Sim starts at by default, and the time the
// generators of package fake/gen anchor their snapshots at.
var Epoch = time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)

// Images is the small pool of container images NewConfig, the Sim's image
// changes and the generators of package fake/gen draw from, so that image
// changes and equal templates both happen often. The last two
// entries exercise whitespace trimming and the empty (unresolved) image.
var Images = []string{"registry.example/app:1", "registry.example/app:2", "registry.example/app:3", " registry.example/app:1 ", ""}

// TemplateOf builds the template the generators of package fake/gen use: containers c0, c1,
// ... with the given images, through wire.TemplateFor so that its Hash is
// the one the codec computes. The result is deterministic.
func TemplateOf(images ...string) dcplan.Template {
	cs := make([]dcplan.Container, len(images))
	for i, img := range images {
		cs[i] = dcplan.Container{Name: "c" + strconv.Itoa(i), Image: img}
	}
	return wire.TemplateFor(cs...)
}
