package e2e

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// FreePort returns a TCP port on 127.0.0.1 that was free a moment ago: the
// kernel's pick for a listener that is closed again at once.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("e2e: free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// ListensOn reports whether process pid holds a listening TCP socket for
// addr (host:port; a listener on the wildcard address of the port counts):
// that the server answering on a port FreePort gave is the one the tests
// started, not another process that took the port in the meantime. It
// reads /proc/net/tcp{,6} for the listeners' socket inodes and
// /proc/<pid>/fd for the process's: Linux only. A process that exited has
// no sockets.
func ListensOn(pid int, addr string) (bool, error) {
	host, portStr, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("e2e: listens on %s: %w", addr, err)
	}
	port, err := strconv.ParseUint(portStr, 10, 16)
	if err != nil {
		return false, fmt.Errorf("e2e: listens on %s: %w", addr, err)
	}
	ip := net.ParseIP(host)
	inodes := map[string]bool{}
	for _, table := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		if err := listeners(table, ip, uint16(port), inodes); err != nil {
			return false, err
		}
	}
	if len(inodes) == 0 {
		return false, nil
	}
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if os.IsNotExist(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("e2e: listens on %s: %w", addr, err)
	}
	for _, fd := range fds {
		link, err := os.Readlink(filepath.Join("/proc", strconv.Itoa(pid), "fd", fd.Name()))
		if err != nil {
			continue // closed since ReadDir
		}
		if inode, ok := strings.CutPrefix(link, "socket:["); ok && inodes[strings.TrimSuffix(inode, "]")] {
			return true, nil
		}
	}
	return false, nil
}

// listeners adds to inodes the socket inodes of table's listeners on port
// at ip or at the wildcard address.
func listeners(table string, ip net.IP, port uint16, inodes map[string]bool) error {
	f, err := os.Open(table)
	if os.IsNotExist(err) {
		return nil // no IPv6
	}
	if err != nil {
		return fmt.Errorf("e2e: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan() // the header
	for sc.Scan() {
		// sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
		fields := strings.Fields(sc.Text())
		if len(fields) < 10 || fields[3] != "0A" { // TCP_LISTEN
			continue
		}
		hexIP, hexPort, ok := strings.Cut(fields[1], ":")
		if !ok {
			continue
		}
		p, err := strconv.ParseUint(hexPort, 16, 16)
		if err != nil || uint16(p) != port {
			continue
		}
		local, err := procIP(hexIP)
		if err != nil {
			return fmt.Errorf("e2e: %s: %w", table, err)
		}
		if local.Equal(ip) || local.IsUnspecified() {
			inodes[fields[9]] = true
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("e2e: %s: %w", table, err)
	}
	return nil
}

// procIP decodes an address of /proc/net/tcp{,6}: its bytes in 32-bit
// words, each printed in the host's byte order.
func procIP(s string) (net.IP, error) {
	raw, err := hex.DecodeString(s)
	if err != nil || (len(raw) != 4 && len(raw) != 16) {
		return nil, fmt.Errorf("address %q", s)
	}
	ip := make(net.IP, len(raw))
	for i := 0; i < len(raw); i += 4 {
		binary.NativeEndian.PutUint32(ip[i:], binary.BigEndian.Uint32(raw[i:]))
	}
	return ip, nil
}
