package main

// The seekers' process (-seekers N): the players who open and take the
// seeks run in a child process of their own, beside the load's process
// that holds the other players.
//
// Why: every real player has a device of their own. In one process with
// ten thousand simulated players, the lobby update that reaches every
// watcher at once makes thousands of reading goroutines runnable together,
// and a seeker's answer ("seated") waited its turn behind them: up to a
// hundred milliseconds of the load's own reading, counted as the server's
// pairing time. In a process of their own the seekers read only their own
// connections (they watch the lobby too, when every player does).
//
// The child connects its players and says "ready"; told "go <warm>
// <measure>" (nanoseconds) on its standard input, it pairs for warm, then
// says "measuring <unix ns>" and pairs for measure, saying "opened <seek>
// <unix ns>" for every seek it opens (the parent times the seek's arrival
// at its own watchers from it), and ends with "result <JSON>": its
// figures, which the parent adds to its own.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// seekersEnv makes the child the seekers' process; its value is the
// seekersConfig as JSON.
const seekersEnv = "BASHNI_LOAD_SEEKERS"

type seekersConfig struct {
	URLs           []string `json:"urls"`
	Players        int      `json:"players"`
	Watchers       int      `json:"watchers"`
	SeeksPerMinute int      `json:"seeksPerMinute"`
	Setups         int      `json:"setups"`
}

// histSnapshot is a histogram's counts, to pass between processes.
type histSnapshot struct {
	Buckets map[int]int64 `json:"buckets"` // ms bucket → count, the nonzero ones
	Max     int64         `json:"max"`     // ns
}

func (h *histogram) snapshot() histSnapshot {
	s := histSnapshot{Buckets: map[int]int64{}, Max: h.max.Load()}
	for i := range h.buckets {
		if n := h.buckets[i].Load(); n != 0 {
			s.Buckets[i] = n
		}
	}
	return s
}

func (h *histogram) merge(s histSnapshot) {
	for i, n := range s.Buckets {
		if i >= 0 && i < len(h.buckets) {
			h.buckets[i].Add(n)
		}
	}
	for {
		m := h.max.Load()
		if s.Max <= m || h.max.CompareAndSwap(m, s.Max) {
			return
		}
	}
}

// seekersResult is the seekers' figures for the measured time.
type seekersResult struct {
	Opened, Paired, Failures, Missed, Unpaired, Broken, Updates int64
	LastErr                                                     string
	Pairing, Visible                                            histSnapshot
}

// serveSeekers is the seekers' process.
func serveSeekers() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var cfg seekersConfig
	if err := json.Unmarshal([]byte(os.Getenv(seekersEnv)), &cfg); err != nil {
		return fmt.Errorf("the seekers' configuration: %w", err)
	}
	var out sync.Mutex // lines from many goroutines, one at a time
	say := func(format string, args ...any) {
		out.Lock()
		defer out.Unlock()
		fmt.Printf(format+"\n", args...)
	}
	l := &lobbyLoad{urls: cfg.URLs, onOpened: func(id string, sent time.Time) { say("opened %s %d", id, sent.UnixNano()) }}
	lo := lobbyOptions{players: cfg.Players, watchers: cfg.Watchers, seeksPerMinute: cfg.SeeksPerMinute}
	if err := l.connect(ctx, lo, cfg.Setups); err != nil {
		return err
	}
	say("ready")
	line, err := bufio.NewReader(os.Stdin).ReadString('\n')
	if err != nil {
		return fmt.Errorf("waiting for go: %w", err)
	}
	var warm, measure time.Duration
	if _, err := fmt.Sscanf(line, "go %d %d", &warm, &measure); err != nil {
		return fmt.Errorf("waiting for go: %q: %w", line, err)
	}
	l.phases(ctx, lo, warm, measure, func(from time.Time) { say("measuring %d", from.UnixNano()) })
	if ctx.Err() != nil {
		return ctx.Err()
	}
	lastErr, _ := l.lastErr.Load().(string)
	b, err := json.Marshal(seekersResult{
		Opened: l.opened.Load(), Paired: l.paired.Load(), Failures: l.failures.Load(), Missed: l.missed.Load(),
		Unpaired: l.unpaired.Load(), Broken: l.broken.Load(), Updates: l.updates.Load(), LastErr: lastErr,
		Pairing: l.pairing.snapshot(), Visible: l.visible.snapshot(),
	})
	if err != nil {
		return err
	}
	say("result %s", b)
	<-ctx.Done() // the parent stops the process once it has read the result
	return nil
}

// seekersChild is the parent's end of the seekers' process.
type seekersChild struct {
	*child // its process: stop ends it
	stdin  io.WriteCloser
	lines  *bufio.Scanner
}

// startSeekers starts the seekers' process and waits until its players
// are connected.
func startSeekers(cfg seekersConfig) (*seekersChild, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), seekersEnv+"="+string(b))
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the seekers' process: %w", err)
	}
	s := &seekersChild{child: &child{cmd: cmd}, stdin: stdin, lines: bufio.NewScanner(stdout)}
	s.lines.Buffer(make([]byte, 1<<16), 1<<24) // the result line holds two histograms
	if !s.lines.Scan() || s.lines.Text() != "ready" {
		s.stop()
		return nil, fmt.Errorf("the seekers' process did not start: %q %v", s.lines.Text(), s.lines.Err())
	}
	return s, nil
}

// run tells the seekers to go and follows them: the seeks they open are
// tracked for the arrivals at l's watchers, measuring is called when the
// measured time begins, and their figures are added to l's at the end.
func (s *seekersChild) run(l *lobbyLoad, warm, measure time.Duration, measuring func(from time.Time)) error {
	if _, err := fmt.Fprintf(s.stdin, "go %d %d\n", int64(warm), int64(measure)); err != nil {
		return fmt.Errorf("telling the seekers to go: %w", err)
	}
	for s.lines.Scan() {
		kind, rest, _ := strings.Cut(s.lines.Text(), " ")
		switch kind {
		case "opened":
			id, at, _ := strings.Cut(rest, " ")
			if ns, err := strconv.ParseInt(at, 10, 64); err == nil {
				l.openedAt(id, time.Unix(0, ns))
			}
		case "measuring":
			ns, err := strconv.ParseInt(rest, 10, 64)
			if err != nil {
				return fmt.Errorf("the seekers said %q", s.lines.Text())
			}
			measuring(time.Unix(0, ns))
		case "result":
			var r seekersResult
			if err := json.Unmarshal([]byte(rest), &r); err != nil {
				return fmt.Errorf("the seekers' result: %w", err)
			}
			l.opened.Add(r.Opened)
			l.paired.Add(r.Paired)
			l.failures.Add(r.Failures)
			l.missed.Add(r.Missed)
			l.unpaired.Add(r.Unpaired)
			l.broken.Add(r.Broken)
			l.updates.Add(r.Updates)
			if r.LastErr != "" {
				l.lastErr.Store(r.LastErr)
			}
			l.pairing.merge(r.Pairing)
			l.visible.merge(r.Visible)
			return nil
		}
	}
	if err := s.lines.Err(); err != nil {
		return fmt.Errorf("reading the seekers: %w", err)
	}
	return errors.New("the seekers' process ended without its result")
}

// pid is the process's, 0 without one.
func (s *seekersChild) pid() int {
	if s == nil {
		return 0
	}
	return s.cmd.Process.Pid
}

// phases pairs for warm (so that the server's caches and the database are
// warm), then resets the figures, calls measuring, and pairs for measure,
// and lets the last updates arrive.
func (l *lobbyLoad) phases(ctx context.Context, lo lobbyOptions, warm, measure time.Duration, measuring func(from time.Time)) {
	wctx, stopWarm := context.WithTimeout(ctx, warm)
	l.drive(wctx, lo, 0)
	stopWarm()
	l.resetFigures()
	from := time.Now()
	l.from.Store(from.UnixNano())
	measuring(from)
	run, stopRun := context.WithTimeout(ctx, measure)
	l.drive(run, lo, 1<<30)
	stopRun()
	if ctx.Err() != nil {
		return
	}
	// Let the last updates arrive (they come within the lobby's period).
	time.Sleep(2 * time.Second)
}

func (l *lobbyLoad) resetFigures() {
	l.pairing.reset()
	l.visible.reset()
	l.opened.Store(0)
	l.paired.Store(0)
	l.failures.Store(0)
	l.missed.Store(0)
	l.unpaired.Store(0)
	l.lastErr.Store("")
	l.updates.Store(0)
}
