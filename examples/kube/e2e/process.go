package e2e

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Process is a server the tests started: its own process group (so that
// killing it kills whatever it forked), its output in a log file, and a
// parent-death signal so that it dies with the test binary even when the
// binary is killed or panics past every cleanup (go test's -timeout).
type Process struct {
	// Name names the process in errors ("etcd", "kube-apiserver").
	Name string
	// Log is the file that holds its stdout and stderr.
	Log string

	cmd  *exec.Cmd
	done chan struct{}
	err  error
}

// live holds every Process started and not yet reaped, for KillAll.
var live struct {
	sync.Mutex
	procs map[*Process]bool
}

// StartProcess starts argv with its output appended to logPath.
func StartProcess(name, logPath string, argv ...string) (*Process, error) {
	return StartProcessEnv(name, logPath, nil, argv...)
}

// StartProcessEnv is StartProcess with the environment env (nil: the
// test binary's).
func StartProcessEnv(name, logPath string, env []string, argv ...string) (*Process, error) {
	out, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("e2e: %s: log: %w", name, err)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdout, cmd.Stderr, cmd.Env = out, out, env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		out.Close()
		return nil, fmt.Errorf("e2e: start %s: %w", name, err)
	}
	p := &Process{Name: name, Log: logPath, cmd: cmd, done: make(chan struct{})}
	live.Lock()
	if live.procs == nil {
		live.procs = map[*Process]bool{}
	}
	live.procs[p] = true
	live.Unlock()
	go func() {
		p.err = cmd.Wait()
		out.Close()
		live.Lock()
		delete(live.procs, p)
		live.Unlock()
		close(p.done)
	}()
	return p, nil
}

// Pid is the process id, also its process group id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Exited reports whether the process has ended.
func (p *Process) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// Done is closed when the process has ended and was reaped.
func (p *Process) Done() <-chan struct{} { return p.done }

// ExitCode returns the exit status of the ended process: -1 while it
// runs, and when a signal killed it (see Signaled).
func (p *Process) ExitCode() int {
	if !p.Exited() {
		return -1
	}
	return p.cmd.ProcessState.ExitCode()
}

// Signaled returns the signal that killed the ended process, or 0.
func (p *Process) Signaled() syscall.Signal {
	if !p.Exited() {
		return 0
	}
	if ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal()
	}
	return 0
}

// Signal sends sig to the process group.
func (p *Process) Signal(sig syscall.Signal) error {
	if err := syscall.Kill(-p.Pid(), sig); err != nil {
		return fmt.Errorf("e2e: signal %s: %w", p.Name, err)
	}
	return nil
}

// ErrStillRunning reports a process group that outlived SIGKILL.
var ErrStillRunning = errors.New("e2e: process group still running")

// Stop sends SIGTERM to the process group, waits up to grace for the
// process to end, then sends SIGKILL and waits up to 10 s more. It
// returns an error wrapping ErrStillRunning when a member of the group
// is still there after that.
func (p *Process) Stop(grace time.Duration) error {
	pg := -p.Pid()
	_ = syscall.Kill(pg, syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(grace):
	}
	_ = syscall.Kill(pg, syscall.SIGKILL)
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		return fmt.Errorf("%w: %s (pid %d) did not exit", ErrStillRunning, p.Name, p.Pid())
	}
	return p.GroupGone()
}

// Kill sends SIGKILL to the process group and waits for the process, as
// Stop with no grace.
func (p *Process) Kill() error { return p.Stop(0) }

// GroupGone returns nil when no process of p's group is left, else an
// error wrapping ErrStillRunning. It polls for up to 5 s: a killed
// group's members leave when the kernel has reaped them.
func (p *Process) GroupGone() error {
	deadline := time.Now().Add(5 * time.Second)
	for {
		if err := syscall.Kill(-p.Pid(), 0); errors.Is(err, syscall.ESRCH) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%w: group %d of %s", ErrStillRunning, p.Pid(), p.Name)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// WaitExit waits until the process ended or ctx is done.
func (p *Process) WaitExit(ctx context.Context) error {
	select {
	case <-p.done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("e2e: waiting for %s to exit: %w", p.Name, ctx.Err())
	}
}

// ErrLeftover reports a Process still running when KillAll was called: a
// test started it and neither stopped it nor waited for its exit.
var ErrLeftover = errors.New("e2e: leftover process")

// KillAll kills the process group of every Process still running and
// waits for each: for TestMain's exit path and its signal handler. Every
// such process is a leak (whoever started it should have stopped it), so
// the error names each one (wrapping ErrLeftover) even when killing it
// worked, and also says when it did not.
func KillAll() error {
	live.Lock()
	procs := make([]*Process, 0, len(live.procs))
	for p := range live.procs {
		procs = append(procs, p)
	}
	live.Unlock()
	return killAll(procs)
}

// killAll is KillAll for procs.
func killAll(procs []*Process) error {
	var errs []error
	for _, p := range procs {
		err := fmt.Errorf("%w: %s (pid %d) was still running: %v", ErrLeftover, p.Name, p.Pid(), strings.Join(p.cmd.Args, " "))
		if kerr := p.Kill(); kerr != nil {
			err = fmt.Errorf("%w; killing it: %w", err, kerr)
		}
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// LogTail returns the last n lines of the process's log, for errors.
func (p *Process) LogTail(n int) string {
	data, err := os.ReadFile(p.Log)
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
