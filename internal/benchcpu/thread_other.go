//go:build !linux

package benchcpu

// threadCPU has no thread CPU clock to read outside Linux.
func threadCPU() (int64, bool) { return 0, false }
