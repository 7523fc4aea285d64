package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

// proc is one running engine process.
type proc struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string // the engine's output lines; closed when it exits
}

var errTimeout = errors.New("no answer in time")

// startProc runs command with sh -c in its own process group.
func startProc(command string) (*proc, error) {
	cmd := exec.Command("sh", "-c", command)
	setProcessGroup(cmd)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &proc{cmd: cmd, in: in, lines: make(chan string, 256)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	return p, nil
}

func (p *proc) send(format string, args ...any) error {
	_, err := fmt.Fprintf(p.in, format+"\n", args...)
	return err
}

// until reads lines until one starts with prefix and returns it; an "error"
// line, the end of the output or the timeout is an error.
func (p *proc) until(prefix string, timeout time.Duration) (string, error) {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return "", errors.New("the engine exited")
			}
			if strings.HasPrefix(l, prefix) {
				return l, nil
			}
			if strings.HasPrefix(l, "error") {
				return "", fmt.Errorf("engine said %q", l)
			}
		case <-deadline.C:
			return "", errTimeout
		}
	}
}

// close asks the engine to quit and kills it if it does not.
func (p *proc) close() {
	p.send("quit")
	p.in.Close()
	done := make(chan struct{})
	go func() { p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		killProcessGroup(p.cmd)
		<-done
	}
}

// kill ends the engine at once (after a crash, an illegal move or a timeout).
func (p *proc) kill() {
	killProcessGroup(p.cmd)
	p.in.Close()
	go p.cmd.Wait()
}
