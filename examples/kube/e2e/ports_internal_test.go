package e2e

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// TestListensOn: the test process holds its listener; another process
// (sleep) holds none; a port nobody listens on has no holder; a wildcard
// listener counts for 127.0.0.1.
func TestListensOn(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	if ok, err := ListensOn(os.Getpid(), addr); !ok || err != nil {
		t.Errorf("ListensOn(self, %s) = %v, %v, want true", addr, ok, err)
	}
	p, err := StartProcess("sleep", filepath.Join(t.TempDir(), "sleep.log"), "sleep", "60")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop(time.Second)
	if ok, err := ListensOn(p.Pid(), addr); ok || err != nil {
		t.Errorf("ListensOn(sleep, %s) = %v, %v, want false", addr, ok, err)
	}
	free, err := FreePort()
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := ListensOn(os.Getpid(), "127.0.0.1:"+strconv.Itoa(free)); ok || err != nil {
		t.Errorf("ListensOn(self, free port) = %v, %v, want false", ok, err)
	}
	wild, err := net.Listen("tcp", ":0")
	if err != nil {
		t.Fatal(err)
	}
	defer wild.Close()
	loop := "127.0.0.1:" + strconv.Itoa(wild.Addr().(*net.TCPAddr).Port)
	if ok, err := ListensOn(os.Getpid(), loop); !ok || err != nil {
		t.Errorf("ListensOn(self, %s) with a wildcard listener = %v, %v, want true", loop, ok, err)
	}
}
