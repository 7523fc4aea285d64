package remote

import (
	"context"
	"errors"
	"sync"
	"time"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/session"
)

// link is the connection to the server as the player needs it: one that
// does not end until the player closes it. A lost connection is dialled
// again with a backoff and the seat resumed; requests go out in order
// from a queue; what the server says is kept in an inbox for the game
// loop, which reads it (next) when it is ready. It decides nothing about
// the game: what to send is the reconciler's choice.
type link struct {
	server string
	code   string
	token  string // the seat's token; "" for a spectator, who watches

	ctx    context.Context
	cancel context.CancelFunc
	sends  chan func(context.Context, *client.Conn) error
	done   chan struct{}

	mu     sync.Mutex
	conn   *client.Conn
	wire   wire
	inbox  []item
	closed bool
}

// wire is the server's latest word and the connection's state.
type wire struct {
	state    protocol.GameState
	received time.Time // when state arrived (the running clock goes down from there)
	up       bool      // connected; false while dialling again
	err      error     // the last connection or refusal error
}

// item is one thing for the game loop: a client event, or a refusal of a
// move sent.
type item struct {
	ev      client.Event
	refused *refusal
}

// refusal is the server's no to the move sent for ply.
type refusal struct {
	move string
	ply  int
	err  *protocol.Error
}

// Backoff: a lost connection is dialled again after firstRedial, the wait
// doubling up to lastRedial (docs/ONLINE.md).
const (
	firstRedial = 250 * time.Millisecond
	lastRedial  = 5 * time.Second
)

// startLink takes over c, a connection whose seat (or watch) is taken:
// it reads c's events and redials when c is lost.
func startLink(server string, c *client.Conn, token string) *link {
	l := &link{server: server, code: c.State().Game, token: token,
		sends: make(chan func(context.Context, *client.Conn) error, 64), done: make(chan struct{}),
		conn: c, wire: wire{state: c.State(), received: time.Now(), up: true}}
	l.ctx, l.cancel = context.WithCancel(context.Background())
	go l.run(c)
	go l.send()
	return l
}

// latest is a copy of the server's latest word.
func (l *link) latest() wire {
	l.mu.Lock()
	defer l.mu.Unlock()
	w := l.wire
	w.state.Moves = append([]string(nil), w.state.Moves...)
	if w.state.Clocks != nil {
		cl := *w.state.Clocks
		w.state.Clocks = &cl
	}
	return w
}

// next takes the oldest thing the server said that the game loop has not
// taken.
func (l *link) next() (item, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.inbox) == 0 {
		return item{}, false
	}
	it := l.inbox[0]
	l.inbox = l.inbox[1:]
	return it, true
}

// close ends the connection for good and waits for its goroutines.
func (l *link) close() {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return
	}
	l.closed = true
	c := l.conn
	l.mu.Unlock()
	l.cancel()
	if c != nil {
		c.Close()
	}
	<-l.done
}

// drop cuts the current connection as a lost network would: run dials
// again.
func (l *link) drop() {
	l.mu.Lock()
	c := l.conn
	l.mu.Unlock()
	if c != nil {
		c.Close()
	}
}

// run reads the connection's events into the inbox and, when it is lost,
// dials again and resumes until the link is closed.
func (l *link) run(c *client.Conn) {
	defer close(l.done)
	for {
		for ev := range c.Events() {
			l.mu.Lock()
			if ev.Kind != client.KindClosed {
				l.wire.state, l.wire.received = ev.State, time.Now()
			}
			if ev.Kind == client.KindError {
				l.wire.err = ev.Err
			}
			l.inbox = append(l.inbox, item{ev: ev})
			l.mu.Unlock()
		}
		l.mu.Lock()
		// Nobody shows online while we cannot know; our own seat shows
		// online again when we are back.
		l.wire.up = false
		l.wire.state.White.Online, l.wire.state.Black.Online = false, false
		l.mu.Unlock()
		c = l.reconnect()
		if c == nil {
			return
		}
	}
}

// reconnect dials until the seat is resumed (nil once the link is closed
// or the game is gone).
func (l *link) reconnect() *client.Conn {
	wait := firstRedial
	for {
		select {
		case <-l.ctx.Done():
			return nil
		case <-time.After(wait):
		}
		wait = min(wait*2, lastRedial)
		ctx, cancel := context.WithTimeout(l.ctx, DialTimeout)
		c, err := client.Dial(ctx, l.server)
		if err == nil {
			if l.token == "" {
				err = c.Watch(ctx, l.code)
			} else {
				_, err = c.Resume(ctx, l.code, l.token)
			}
			if err != nil {
				c.Close()
			}
		}
		cancel()
		l.mu.Lock()
		if err != nil {
			l.wire.err = err
			l.mu.Unlock()
			var pe *protocol.Error
			if errors.As(err, &pe) && (pe.Code == protocol.ErrBadToken || pe.Code == protocol.ErrNotFound) {
				return nil // the game is gone: nothing to resume
			}
			continue
		}
		if l.closed {
			l.mu.Unlock()
			c.Close()
			return nil
		}
		l.conn = c
		l.wire.up, l.wire.err = true, nil
		l.wire.state, l.wire.received = c.State(), time.Now()
		// The resumed game's whole state reconciles the session.
		l.inbox = append(l.inbox, item{ev: client.Event{Kind: client.KindState, State: c.State()}})
		l.mu.Unlock()
		return c
	}
}

func (l *link) enqueue(f func(context.Context, *client.Conn) error) {
	select {
	case l.sends <- f:
	case <-l.ctx.Done():
	}
}

// send runs the requests in order on the current connection. A request
// lost with the connection is not retried: the resumed state says what the
// server has, and reconciling resends a move it lacks.
func (l *link) send() {
	for {
		select {
		case <-l.ctx.Done():
			return
		case f := <-l.sends:
			l.mu.Lock()
			c := l.conn
			l.mu.Unlock()
			ctx, cancel := context.WithTimeout(l.ctx, DialTimeout)
			err := f(ctx, c)
			cancel()
			if err != nil {
				l.mu.Lock()
				l.wire.err = err
				l.mu.Unlock()
				var pe *protocol.Error
				if errors.As(err, &pe) && pe.Code == protocol.ErrRateLimited {
					// Not read by the server: after a pause, reconciling
					// the whole game sends again a move or an offer of
					// ours the server lacks.
					go l.syncAfter(time.Second)
				}
			}
		}
	}
}

// do sends what the reconciler decided.
func (l *link) do(s send) {
	switch s.kind {
	case sendMove:
		l.move(s.move, s.ply)
	case sendOffer:
		if s.offer == session.TakebackRequested {
			l.enqueue(func(ctx context.Context, c *client.Conn) error { return c.RequestTakeback(ctx) })
			return
		}
		l.enqueue(func(ctx context.Context, c *client.Conn) error { return c.OfferDraw(ctx) })
	case sendAnswer:
		if s.offer == session.TakebackRequested {
			l.enqueue(func(ctx context.Context, c *client.Conn) error { return c.AnswerTakeback(ctx, s.accept) })
			return
		}
		l.enqueue(func(ctx context.Context, c *client.Conn) error { return c.AnswerDraw(ctx, s.accept) })
	case sendResign:
		l.enqueue(func(ctx context.Context, c *client.Conn) error { return c.Resign(ctx) })
	case sendSync:
		l.sync()
	case sendRematch:
		l.enqueue(func(ctx context.Context, c *client.Conn) error { return c.OfferRematch(ctx) })
	case sendRematchAnswer:
		l.enqueue(func(ctx context.Context, c *client.Conn) error { return c.AnswerRematch(ctx, s.accept) })
	}
}

// move sends a move meant for ply; the server's refusal comes back to the
// game loop through the inbox.
func (l *link) move(move string, ply int) {
	l.enqueue(func(ctx context.Context, c *client.Conn) error {
		err := c.MoveAt(ctx, move, ply)
		var pe *protocol.Error
		switch {
		case errors.As(err, &pe):
			l.mu.Lock()
			l.inbox = append(l.inbox, item{refused: &refusal{move: move, ply: ply, err: pe}})
			l.mu.Unlock()
		case err != nil && ctx.Err() != nil && l.ctx.Err() == nil:
			// No answer in time (a server before the rate-limited answer
			// carried the request's id left it unanswered): ask for the
			// whole game; reconciling resends the move.
			go l.sync()
		}
		return err
	})
}

// sync asks the server for the whole game (reconciled when it comes).
func (l *link) sync() {
	l.enqueue(func(ctx context.Context, c *client.Conn) error { return c.Sync(ctx) })
}

// syncAfter asks for the whole game after a pause (off the game loop).
func (l *link) syncAfter(d time.Duration) {
	select {
	case <-time.After(d):
		l.sync()
	case <-l.ctx.Done():
	}
}
