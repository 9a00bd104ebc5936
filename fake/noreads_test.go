package fake_test

import (
	"context"

	"github.com/dcplan/dcplan/fake"
)

// counting is a server that counts the reads a pass makes: a pass takes
// what its writes left from their answers (wire.Written), so a pass that
// needs no adoption recheck and meets no AlreadyExists reads nothing.
type counting struct {
	*fake.Server
	gets int
}

// Get counts the read and serves it.
func (c *counting) Get(ctx context.Context, resource, namespace, name string) ([]byte, error) {
	c.gets++
	return c.Server.Get(ctx, resource, namespace, name)
}
