package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// ProcStatus returns the kB value of field (VmHWM, VmRSS) in
// /proc/<pid>/status; pid 0 is this process.
func ProcStatus(pid int, field string) (int64, error) {
	path := "/proc/self/status"
	if pid != 0 {
		path = "/proc/" + strconv.Itoa(pid) + "/status"
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok || name != field {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("scale: %s %s: %w", path, field, err)
		}
		return kb, nil
	}
	return 0, fmt.Errorf("scale: %s has no %s", path, field)
}

// ResetPeakRSS sets this process's VmHWM back to its current VmRSS
// (Linux's clear_refs 5), so that a later VmHWM is the peak from now on.
func ResetPeakRSS() error {
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}
