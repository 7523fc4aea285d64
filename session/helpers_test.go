package session

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"bashni/internal/testwait"
	"bashni/rules"
)

// firstMove is a fake engine: after delay (or at once) it answers the first
// legal move; a cancelled search answers nothing unless ignoreCancel.
type firstMove struct {
	delay        time.Duration
	ignoreCancel bool
	calls        *searchCalls // when set, counts the searches
}

// searchCalls counts the searches a fake engine began and answered.
type searchCalls struct{ begun, answered atomic.Int32 }

func (e firstMove) wait(ctx context.Context) bool {
	if e.delay == 0 {
		return true
	}
	if e.ignoreCancel {
		time.Sleep(e.delay)
		return true
	}
	select {
	case <-time.After(e.delay):
		return true
	case <-ctx.Done():
		return false
	}
}

func (e firstMove) ChooseMove(ctx context.Context, h []*rules.Position, level int) rules.Move {
	if e.calls != nil {
		e.calls.begun.Add(1)
		defer e.calls.answered.Add(1)
	}
	if !e.wait(ctx) {
		return rules.Move{}
	}
	moves := h[len(h)-1].LegalMoves(nil)
	if len(moves) == 0 {
		return rules.Move{}
	}
	return moves[0]
}

func (e firstMove) Hint(ctx context.Context, h []*rules.Position) Hint {
	return Hint{Best: e.ChooseMove(ctx, h, 0), Text: "equal"}
}

func (firstMove) NewGame() {}

// clock drives a session: a tick a millisecond, with the board ready
// unless told otherwise, keeping every event.
type clock struct {
	t      *testing.T
	s      *Session
	now    int64
	events []Event
}

func newClock(t *testing.T, s *Session) *clock { return &clock{t: t, s: s} }

// tick runs one tick.
func (c *clock) tick(ready bool) {
	c.now++
	c.s.Tick(c.now, ready)
	c.drain()
}

// drain keeps the events since the last drain.
func (c *clock) drain() []Event {
	evs := c.s.Events()
	c.events = append(c.events, evs...)
	return evs
}

// until ticks (ready) until cond holds, for at most 10 s.
func (c *clock) until(what string, cond func() bool) {
	c.t.Helper()
	testwait.Wait{
		Guard: 10 * time.Second,
		Every: 200 * time.Microsecond,
		Step:  func() { c.tick(true) },
		Failed: func() string {
			return fmt.Sprintf("ply %d, events %v", c.s.Game().Ply(), kinds(c.events))
		},
	}.For(c.t, what, cond)
}

// waitReal waits, without ticking, until cond holds, for at most a
// minute (a guard: what it waits for happens on another goroutine).
func waitReal(t *testing.T, what string, cond func() bool) {
	t.Helper()
	testwait.Wait{Every: 200 * time.Microsecond}.For(t, what, cond)
}

// count is how many events of kind k were seen.
func (c *clock) count(k EventKind) int {
	n := 0
	for _, ev := range c.events {
		if ev.Kind == k {
			n++
		}
	}
	return n
}

// last is the last event of kind k.
func (c *clock) last(k EventKind) (Event, bool) {
	for i := len(c.events) - 1; i >= 0; i-- {
		if c.events[i].Kind == k {
			return c.events[i], true
		}
	}
	return Event{}, false
}

func kinds(evs []Event) []string {
	var out []string
	for _, ev := range evs {
		out = append(out, ev.Kind.String())
	}
	return out
}

func mustNew(t *testing.T, cfg Config) *Session {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustMove(t *testing.T, p *rules.Position, text string) rules.Move {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatalf("%s in %s: %v", text, p.FEN(), err)
	}
	return m
}

// playText plays moves for the person to move.
func playText(t *testing.T, s *Session, moves ...string) {
	t.Helper()
	for _, text := range moves {
		if err := s.Play(mustMove(t, s.Game().Position(), text)); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
}

func mustFEN(t *testing.T, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(rules.Bashni, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
