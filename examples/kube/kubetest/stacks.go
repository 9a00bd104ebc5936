package kubetest

import "runtime"

// Stacks returns the stacks of every goroutine of the process, as
// runtime.Stack writes them, for a test that looks for goroutines left
// running (a controller not closed, a server not shut down).
func Stacks() string {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return string(buf[:n])
		}
		buf = make([]byte, 2*len(buf))
	}
}
