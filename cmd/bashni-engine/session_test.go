package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

// engineBinary builds the command once per test run.
func engineBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "bashni-engine-test-")
		if err != nil {
			buildErr = err
			return
		}
		builtBin = filepath.Join(dir, "bashni-engine")
		if out, err := exec.Command("go", "build", "-o", builtBin, ".").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}

// process is a running engine: send lines, read its reply lines.
type process struct {
	t     *testing.T
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string // stdout, line by line; closed at EOF
}

func startEngine(t *testing.T) *process {
	t.Helper()
	cmd := exec.Command(engineBinary(t))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{t: t, cmd: cmd, stdin: stdin, lines: make(chan string, 1<<16)}
	go func() {
		r := bufio.NewReader(stdout)
		for {
			line, err := r.ReadString('\n')
			if line != "" {
				p.lines <- strings.TrimSuffix(line, "\n")
			}
			if err != nil {
				close(p.lines)
				return
			}
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	return p
}

func (p *process) send(lines ...string) {
	p.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(p.stdin, l+"\n"); err != nil {
			p.t.Fatalf("writing %.40q: %v", l, err)
		}
	}
}

// next returns the next reply line, failing after timeout. The timeouts
// here are generous: they only stop a test that would otherwise hang on an
// engine that does not answer at all.
func (p *process) next(timeout time.Duration) string {
	p.t.Helper()
	select {
	case l, ok := <-p.lines:
		if !ok {
			p.t.Fatal("the engine closed its output")
		}
		return l
	case <-time.After(timeout):
		p.t.Fatalf("no reply within %v", timeout)
	}
	return ""
}

// until reads reply lines until one starts with prefix and returns the
// lines before it and that line.
func (p *process) until(prefix string, timeout time.Duration) (before []string, line string) {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		l := p.next(time.Until(deadline))
		if strings.HasPrefix(l, prefix) {
			return before, l
		}
		before = append(before, l)
	}
}

// noReply checks that nothing but lines starting with one of allowed
// arrives for d.
func (p *process) noReply(d time.Duration, allowed ...string) (got []string) {
	p.t.Helper()
	timer := time.After(d)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.t.Fatal("the engine closed its output")
			}
			ok = false
			for _, a := range allowed {
				ok = ok || strings.HasPrefix(l, a)
			}
			if !ok {
				p.t.Fatalf("unexpected reply %q", l)
			}
			got = append(got, l)
		case <-timer:
			return got
		}
	}
}

// exitCode waits for the engine to exit.
func (p *process) exitCode(timeout time.Duration) int {
	p.t.Helper()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		if err == nil {
			return 0
		}
		if e, ok := err.(*exec.ExitError); ok {
			return e.ExitCode()
		}
		p.t.Fatal(err)
	case <-time.After(timeout):
		p.t.Fatalf("the engine did not exit within %v", timeout)
	}
	return -1
}

// hang is how long a reply may take before a test calls the engine hung.
const hang = 20 * time.Second

// A search to depth 64 would run for days; stop ends it at once with the
// best move found so far. The latency is logged (it is speed, measured
// here only to be reported); the test asserts that stop ended the search.
func TestStopEndsSearch(t *testing.T) {
	p := startEngine(t)
	p.send("position startpos moves c3-d4 f6-e5 d4:f6 g7:e5", "legal")
	legal := strings.Fields(p.next(hang))[2:]
	var latencies []time.Duration
	for range 5 {
		p.send("go depth 64")
		p.until("info depth 3 ", hang)
		sent := time.Now()
		p.send("stop")
		_, best := p.until("bestmove ", hang)
		latencies = append(latencies, time.Since(sent))
		move := strings.TrimPrefix(best, "bestmove ")
		if !contains(legal, move) {
			t.Fatalf("bestmove %q is not among %v", move, legal)
		}
	}
	t.Logf("stop → bestmove latencies: %v", latencies)
	p.send("isready")
	if l := p.next(hang); l != "readyok" {
		t.Fatalf("after the stopped searches isready answered %q", l)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// While a search runs: isready answers once the search has ended, other
// commands answer "error busy" and change nothing, and the engine reads
// them at once.
func TestCommandsWhileSearching(t *testing.T) {
	p := startEngine(t)
	p.send("go depth 64")
	p.until("info depth 2 ", hang)
	p.send("isready", "position startpos moves c3-d4", "fen", "setoption name hash value 1")
	// Three of the four are refused while the search runs (it would run
	// for days): wait for the three refusals, however long a busy machine
	// takes to send them, then check that no fourth follows.
	var busy []string
	deadline := time.Now().Add(hang)
	for n := 0; n < 3; {
		l := p.next(time.Until(deadline))
		switch {
		case l == "error busy":
			n++
			busy = append(busy, l)
		case strings.HasPrefix(l, "info "):
		default:
			t.Fatalf("while searching, after the busy errors %q came %q", busy, l)
		}
	}
	p.noReply(300*time.Millisecond, "info ")
	p.send("stop")
	p.until("bestmove ", hang)
	if l := p.next(hang); l != "readyok" {
		t.Fatalf("after bestmove came %q, want the readyok asked for during the search", l)
	}
	p.send("fen")
	if l := p.next(hang); !strings.HasPrefix(l, "fen W:Wa1-0,c1-0,e1-0,g1-0,b2-0,d2-0,f2-0,h2-0,a3-0,c3-0,e3-0,") {
		t.Fatalf("a command refused as busy changed the position: %q", l)
	}
}

// quit during a search ends it as stop does and exits with status 0.
func TestQuitWhileSearching(t *testing.T) {
	p := startEngine(t)
	p.send("go depth 64")
	p.until("info depth 2 ", hang)
	p.send("quit")
	p.until("bestmove ", hang)
	if code := p.exitCode(hang); code != 0 {
		t.Fatalf("exit status %d after quit", code)
	}
}

// perft and divide deep enough to take minutes stop at once with "error
// stopped"; the engine then goes on.
func TestStopPerft(t *testing.T) {
	p := startEngine(t)
	for _, cmd := range []string{"perft 13", "divide 13"} {
		// The engine reads its input in order and starts the perft before
		// it reads the stop (serve.go): no pause is needed between them.
		p.send(cmd)
		sent := time.Now()
		p.send("stop")
		before, _ := p.until("error stopped", hang)
		t.Logf("%s: stopped after %v, %d lines before", cmd, time.Since(sent), len(before))
		for _, l := range before {
			if strings.HasPrefix(l, "perft ") {
				t.Fatalf("%s finished before stop: %q", cmd, l)
			}
		}
	}
	p.send("perft 3")
	if l := p.next(hang); !strings.HasPrefix(l, "perft 3 302 ") {
		t.Fatalf("perft after the stopped ones: %q", l)
	}
}

// Limits that cannot finish in any reasonable time are refused at once,
// and the engine goes on.
func TestUnreasonableLimits(t *testing.T) {
	p := startEngine(t)
	for _, cmd := range []string{
		"go movetime 1000000000",
		"go nodes 9223372036854775807",
		"perft 14",
		"divide 14",
		"perft 30",
	} {
		p.send(cmd)
		if l := p.next(hang); !strings.HasPrefix(l, "error ") {
			t.Fatalf("%q answered %q, want an error", cmd, l)
		}
	}
	p.send("isready")
	if l := p.next(hang); l != "readyok" {
		t.Fatalf("isready answered %q", l)
	}
}

// A line longer than the engine takes (16 MiB) is refused with "error line
// too long"; the engine keeps running and reads the next line.
func TestLineTooLong(t *testing.T) {
	p := startEngine(t)
	long := "position startpos moves " + strings.Repeat("c3-d4 ", 17<<20/6)
	// Written from another goroutine: the engine answers while it reads.
	go io.WriteString(p.stdin, long+"\nisready\n")
	if l := p.next(hang); l != "error line too long" {
		t.Fatalf("a %d-byte line answered %.80q", len(long), l)
	}
	if l := p.next(hang); l != "readyok" {
		t.Fatalf("after the long line isready answered %q", l)
	}
}

// Errors quote at most a short escaped prefix of what was wrong, however
// long the input.
func TestErrorsQuoteShortPrefix(t *testing.T) {
	p := startEngine(t)
	huge := strings.Repeat("z\x01", 1<<20)
	for _, cmd := range []string{
		huge,
		"position fen W:W" + huge + ":B",
		"position fen " + huge,
		"position fen W:Wa1:Bh8:H" + huge,
		"position startpos moves " + huge,
		"setoption name " + huge + " value 1",
		"go depth " + huge,
		"perft " + huge,
	} {
		p.send(cmd)
		l := p.next(hang)
		if !strings.HasPrefix(l, "error ") || len(l) > 200 || strings.Contains(l, "\x01") {
			t.Errorf("%.30q… answered %d bytes: %.200q", cmd, len(l), l)
		}
	}
}
