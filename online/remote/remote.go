// Package remote is the opponent of an online game as a session.Player: the
// other seat's moves, offers and answers come from a bashni server through
// online/client, and what the person at this device does in the session is
// sent to it. The seat's token is kept in the device's storage, and a lost
// connection is dialled again and the seat resumed, so a reload, a network
// drop or a phone's sleep loses nothing.
//
// The connection's goroutines only queue what the server says; the
// translation into session actions happens in Poll, on the game loop, where
// the player knows exactly which moves the session holds (Observe mirrors
// them), so that a resumed connection's whole state can be reconciled with
// the board.
package remote

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// Info is what the screens show of the online game besides the board: the
// server's view of it, and the connection.
type Info struct {
	State    protocol.GameState
	Received time.Time // when State arrived (the running clock goes down from there)
	// Connected: the connection is up; false while it is dialled again.
	Connected bool
	// Err is the last connection or refusal error, for the screens to say.
	Err error
}

// ClockLeft is side's time left now, in milliseconds, and whether the game
// has a clock.
func (i Info) ClockLeft(side rules.Color, now time.Time) (int64, bool) {
	cl := i.State.Clocks
	if cl == nil {
		return 0, false
	}
	ms, seat := cl.White, protocol.White
	if side == rules.Black {
		ms, seat = cl.Black, protocol.Black
	}
	if cl.Running == seat && i.State.Status == protocol.StatusPlaying {
		ms -= now.Sub(i.Received).Milliseconds()
	}
	return max(ms, 0), true
}

// Online reports whether side's holder is connected to the server.
func (i Info) Online(side rules.Color) bool {
	if side == rules.White {
		return i.State.White.Online
	}
	return i.State.Black.Online
}

// Player is the remote side of an online game (or both sides, for a
// spectator).
type Player struct {
	server    string
	store     *storage.Store
	seat      client.Seat // zero for a spectator
	code      string
	local     rules.Color // the seat at this device
	spectator bool

	ctx    context.Context
	cancel context.CancelFunc
	sends  chan func(context.Context, *client.Conn) error
	done   chan struct{}

	mu     sync.Mutex
	conn   *client.Conn
	info   Info
	inbox  []item
	closed bool

	// The game loop's own (Begin, Observe, Poll):
	mirror *rules.Game // the session's game as Observe saw it
	offer  struct {
		kind session.EventKind // the session's open offer (0: none)
		side rules.Color
		// confirmed: the server has had it (its update came back, or it
		// was restored from the server's state).
		confirmed bool
	}
	// answer is the local side's last answer to the other side's offer,
	// and the game's version it answered (see staleAnswer).
	answer struct {
		kind    session.EventKind // DrawOffered, TakebackRequested; 0: none to watch
		accept  bool
		version int64
	}
	seen   int64 // the version of the last state or update taken
	over   bool
	steps  []step // what the session is to be told, in order
	desync bool
}

// item is one thing for Poll: a client event or a refusal of a move sent.
type item struct {
	ev      client.Event
	refused *refusal
}

type refusal struct {
	move string
	ply  int
	err  *protocol.Error
}

// step is one thing for the session: an action, or a server's move (given
// when the session's game has reached its ply, parsed on that position).
type step struct {
	action session.Action
	move   string
	ply    int
}

// DialTimeout bounds connecting and the first request (generous: a phone's
// page may be busy starting the game while it connects).
const DialTimeout = 30 * time.Second

// Create makes a game on server and takes the chosen seat; the token is
// kept in st (nil: not kept).
func Create(ctx context.Context, server string, g client.Game, st *storage.Store) (*Player, error) {
	c, err := client.Dial(ctx, server)
	if err != nil {
		return nil, err
	}
	seat, err := c.Create(ctx, g)
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("creating the game: %w", err)
	}
	return start(server, c, seat, st)
}

// Open takes this device's seat in the game with that code: resumed with the
// token kept in st, else joined; a game whose seats are both taken is
// watched.
func Open(ctx context.Context, server, code string, st *storage.Store) (*Player, error) {
	code, err := protocol.NormalizeCode(code)
	if err != nil {
		return nil, err
	}
	c, err := client.Dial(ctx, server)
	if err != nil {
		return nil, err
	}
	if rec, ok := FindSeat(st, server, code); ok {
		seat, err := c.Resume(ctx, code, rec.Token)
		if err == nil {
			return start(server, c, seat, st)
		}
		var pe *protocol.Error
		if !errors.As(err, &pe) || pe.Code != protocol.ErrBadToken {
			c.Close()
			return nil, fmt.Errorf("resuming game %s: %w", code, err)
		}
	}
	seat, err := c.Join(ctx, code)
	if err == nil {
		return start(server, c, seat, st)
	}
	var pe *protocol.Error
	if errors.As(err, &pe) && pe.Code == protocol.ErrGameFull {
		if err := c.Watch(ctx, code); err != nil {
			c.Close()
			return nil, fmt.Errorf("watching game %s: %w", code, err)
		}
		return start(server, c, client.Seat{Game: code}, st)
	}
	c.Close()
	return nil, fmt.Errorf("joining game %s: %w", code, err)
}

func start(server string, c *client.Conn, seat client.Seat, st *storage.Store) (*Player, error) {
	p := &Player{server: server, store: st, seat: seat, code: c.State().Game,
		sends: make(chan func(context.Context, *client.Conn) error, 64), done: make(chan struct{})}
	if seat.Token != "" {
		if err := SaveSeat(st, SeatRecord{Server: server, Game: seat.Game, Color: seat.Color, Token: seat.Token}); err != nil {
			c.Close()
			return nil, fmt.Errorf("keeping the seat's token: %w", err)
		}
		p.local = colorOf(seat.Color)
	} else {
		p.spectator = true
	}
	p.ctx, p.cancel = context.WithCancel(context.Background())
	p.conn = c
	p.info = Info{State: c.State(), Received: time.Now(), Connected: true}
	go p.run(c)
	go p.send()
	return p, nil
}

func colorOf(seat string) rules.Color {
	if seat == protocol.Black {
		return rules.Black
	}
	return rules.White
}

func seatOf(c rules.Color) string {
	if c == rules.Black {
		return protocol.Black
	}
	return protocol.White
}

// Code is the game's code.
func (p *Player) Code() string { return p.code }

// Server is the server's address.
func (p *Player) Server() string { return p.server }

// Spectator reports whether this device only watches.
func (p *Player) Spectator() bool { return p.spectator }

// Local is the seat at this device (meaningless for a spectator).
func (p *Player) Local() rules.Color { return p.local }

// Token is the seat's secret (empty for a spectator).
func (p *Player) Token() string { return p.seat.Token }

// Info is the latest the server said and the connection's state.
func (p *Player) Info() Info {
	p.mu.Lock()
	defer p.mu.Unlock()
	i := p.info
	i.State.Moves = append([]string(nil), i.State.Moves...)
	return i
}

// Link is the address to share: the site with ?game=CODE.
func Link(server, code string) string {
	return strings.TrimRight(server, "/") + "/?game=" + code
}

// Config is the session's configuration for the game as the server has it:
// the moves so far, a person at this device's seat and p at the other (p on
// both for a spectator). The caller adds hooks (autosave, archive).
func (p *Player) Config() (session.Config, error) {
	st := p.Info().State
	v, err := rules.ParseVariant(st.Variant)
	if err != nil {
		return session.Config{}, fmt.Errorf("game %s: %w", p.code, err)
	}
	cfg := session.Config{Variant: v, Moves: st.Moves, Ply: len(st.Moves)}
	if p.spectator {
		cfg.Players = [2]session.Player{p, p}
	} else {
		cfg.Players[p.local] = session.NewPerson()
		cfg.Players[p.local.Opponent()] = p
	}
	g := rules.NewGame(v)
	for i, mv := range st.Moves {
		if _, err := g.PlayText(mv); err != nil {
			return session.Config{}, fmt.Errorf("game %s, move %d (%s): %w", p.code, i+1, mv, err)
		}
	}
	if st.Status == protocol.StatusOver && !g.Outcome().Over() {
		if o, ok := outcomeOf(st); ok {
			g.End(o)
		}
	}
	p.mirror = g
	p.over = g.Outcome().Over()
	p.steps, p.desync = nil, false
	p.offer.kind, p.answer.kind, p.seen = 0, 0, st.Version
	if !p.spectator {
		p.syncOffers(st)
	}
	return cfg, nil
}

// Desynced reports that the server's game can no longer be followed move by
// move (this seat was played elsewhere): the screen should start a new
// session from Config.
func (p *Player) Desynced() bool { return p.desync }

// Close leaves the game (the seat stays held by its token) and ends the
// connection.
func (p *Player) Close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	c := p.conn
	p.mu.Unlock()
	p.cancel()
	if c != nil {
		c.Close()
	}
	<-p.done
}

// Drop cuts the connection as a lost network would (for tests and the
// screens' "reconnect"): the player dials again and resumes.
func (p *Player) Drop() {
	p.mu.Lock()
	c := p.conn
	p.mu.Unlock()
	if c != nil {
		c.Close()
	}
}

// OfferRematch offers (or agrees to) a rematch once the game is over.
func (p *Player) OfferRematch() {
	p.enqueue(func(ctx context.Context, c *client.Conn) error { return c.OfferRematch(ctx) })
}

// AnswerRematch answers the opponent's rematch offer.
func (p *Player) AnswerRematch(accept bool) {
	p.enqueue(func(ctx context.Context, c *client.Conn) error { return c.AnswerRematch(ctx, accept) })
}

// Rematch opens the agreed rematch with this seat's token (colours swap).
func (p *Player) Rematch(ctx context.Context) (*Player, error) {
	game := p.Info().State.RematchGame
	if game == "" || p.spectator {
		return nil, errors.New("no rematch was agreed")
	}
	c, err := client.Dial(ctx, p.server)
	if err != nil {
		return nil, err
	}
	if p.spectator {
		if err := c.Watch(ctx, game); err != nil {
			c.Close()
			return nil, err
		}
		return start(p.server, c, client.Seat{Game: game}, p.store)
	}
	seat, err := c.Resume(ctx, game, p.seat.Token)
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("resuming the rematch %s: %w", game, err)
	}
	return start(p.server, c, seat, p.store)
}

// --- the connection's goroutines ---------------------------------------------

// run reads the connection's events into the inbox and, when it is lost,
// dials again and resumes until the player is closed.
func (p *Player) run(c *client.Conn) {
	defer close(p.done)
	for {
		for ev := range c.Events() {
			p.mu.Lock()
			if ev.Kind != client.KindClosed {
				p.info.State, p.info.Received = ev.State, time.Now()
			}
			if ev.Kind == client.KindError {
				p.info.Err = ev.Err
			}
			p.inbox = append(p.inbox, item{ev: ev})
			p.mu.Unlock()
		}
		p.mu.Lock()
		p.info.Connected = false
		p.info.State.White.Online, p.info.State.Black.Online = false, false
		if p.info.State.You != "" {
			// Our own seat shows online again when we are back.
			p.setOnline(p.local, false)
		}
		p.mu.Unlock()
		c = p.reconnect()
		if c == nil {
			return
		}
	}
}

func (p *Player) setOnline(side rules.Color, on bool) {
	if side == rules.White {
		p.info.State.White.Online = on
	} else {
		p.info.State.Black.Online = on
	}
}

// reconnect dials until the seat is resumed (nil once the player is closed).
func (p *Player) reconnect() *client.Conn {
	wait := 250 * time.Millisecond
	for {
		select {
		case <-p.ctx.Done():
			return nil
		case <-time.After(wait):
		}
		wait = min(wait*2, 5*time.Second)
		ctx, cancel := context.WithTimeout(p.ctx, DialTimeout)
		c, err := client.Dial(ctx, p.server)
		if err == nil {
			if p.spectator {
				err = c.Watch(ctx, p.code)
			} else {
				_, err = c.Resume(ctx, p.code, p.seat.Token)
			}
			if err != nil {
				c.Close()
			}
		}
		cancel()
		p.mu.Lock()
		if err != nil {
			p.info.Err = err
			p.mu.Unlock()
			var pe *protocol.Error
			if errors.As(err, &pe) && (pe.Code == protocol.ErrBadToken || pe.Code == protocol.ErrNotFound) {
				return nil // the game is gone: nothing to resume
			}
			continue
		}
		if p.closed {
			p.mu.Unlock()
			c.Close()
			return nil
		}
		p.conn = c
		p.info.Connected, p.info.Err = true, nil
		p.info.State, p.info.Received = c.State(), time.Now()
		// The resumed game's whole state reconciles the session.
		p.inbox = append(p.inbox, item{ev: client.Event{Kind: client.KindState, State: c.State()}})
		p.mu.Unlock()
		return c
	}
}

func (p *Player) enqueue(f func(context.Context, *client.Conn) error) {
	select {
	case p.sends <- f:
	case <-p.ctx.Done():
	}
}

// send runs the requests in order on the current connection. A request
// lost with the connection is not retried: the resumed state says what the
// server has, and Poll resends a move it lacks.
func (p *Player) send() {
	for {
		select {
		case <-p.ctx.Done():
			return
		case f := <-p.sends:
			p.mu.Lock()
			c := p.conn
			p.mu.Unlock()
			ctx, cancel := context.WithTimeout(p.ctx, DialTimeout)
			err := f(ctx, c)
			cancel()
			if err != nil {
				p.mu.Lock()
				p.info.Err = err
				p.mu.Unlock()
				var pe *protocol.Error
				if errors.As(err, &pe) && pe.Code == protocol.ErrRateLimited {
					// Not read by the server: after a pause, reconciling
					// the whole game sends again a move or an offer of
					// ours the server lacks.
					go p.syncAfter(time.Second)
				}
			}
		}
	}
}

func (p *Player) sendMove(move string, ply int) {
	p.enqueue(func(ctx context.Context, c *client.Conn) error {
		err := c.MoveAt(ctx, move, ply)
		var pe *protocol.Error
		switch {
		case errors.As(err, &pe):
			p.mu.Lock()
			p.inbox = append(p.inbox, item{refused: &refusal{move: move, ply: ply, err: pe}})
			p.mu.Unlock()
		case err != nil && ctx.Err() != nil && p.ctx.Err() == nil:
			// No answer in time (a server before the rate-limited answer
			// carried the request's id left it unanswered): ask for the
			// whole game; reconciling resends the move.
			go p.sync()
		}
		return err
	})
}

// --- the game loop's side: session.Player ------------------------------------

// Kind is Remote.
func (p *Player) Kind() session.Kind { return session.Remote }

// Begin does nothing: the server brings the move.
func (p *Player) Begin(session.Turn) {}

// Cancel does nothing: a remote move for a withdrawn turn is refused by the
// session as stale.
func (p *Player) Cancel() {}

// Observe mirrors the session's game and sends the local side's doings.
func (p *Player) Observe(ev *session.Event) {
	if p.mirror == nil {
		return
	}
	local := !p.spectator && ev.Side == p.local
	switch ev.Kind {
	case session.MovePlayed:
		p.mirror.Play(ev.Move)
		p.offer.kind = 0
		if local {
			p.sendMove(ev.Move.String(), ev.Ply-1)
		}
	case session.Undone:
		for p.mirror.Ply() > ev.Ply {
			p.mirror.Undo()
		}
		p.offer.kind = 0
	case session.DrawOffered, session.TakebackRequested:
		// A restored offer stands on the server already.
		p.offer.kind, p.offer.side, p.offer.confirmed = ev.Kind, ev.Side, ev.Restored
		if local && !ev.Restored {
			p.sendOffer(ev.Kind)
		}
	case session.DrawDeclined:
		p.offer.kind = 0
		if local {
			p.sendAnswer(session.DrawOffered, false)
		}
	case session.TakebackAnswered:
		p.offer.kind = 0
		if local {
			p.sendAnswer(session.TakebackRequested, ev.Accept)
		}
	case session.GameOver:
		p.over = true
		if !local {
			return
		}
		switch ev.Outcome.Reason {
		case rules.Resignation:
			p.enqueue(func(ctx context.Context, c *client.Conn) error { return c.Resign(ctx) })
		case rules.Agreement:
			// Accepting the other side's offer (or offering while it stands).
			p.sendAnswer(session.DrawOffered, true)
		}
		p.offer.kind = 0
	}
}

// sendAnswer sends the local side's answer to the other side's draw offer
// or takeback request, and notes it: a state made before the server had it
// (the same version as the game answered) still shows the offer.
func (p *Player) sendAnswer(kind session.EventKind, accept bool) {
	p.answer.kind, p.answer.accept, p.answer.version = kind, accept, p.seen
	p.postAnswer(kind, accept)
}

// postAnswer sends an answer to the other side's offer.
func (p *Player) postAnswer(kind session.EventKind, accept bool) {
	if kind == session.TakebackRequested {
		p.enqueue(func(ctx context.Context, c *client.Conn) error { return c.AnswerTakeback(ctx, accept) })
		return
	}
	p.enqueue(func(ctx context.Context, c *client.Conn) error { return c.AnswerDraw(ctx, accept) })
}

// staleAnswer reports whether st is the game as it was when the local side
// answered the other side's offer that st still shows: the answer is on its
// way, or was lost with the connection. It is sent again (a copy of one
// that arrived is refused and changes nothing; a resumed connection brings
// its state twice) instead of the offer being asked again.
func (p *Player) staleAnswer(st protocol.GameState) bool {
	a := p.answer
	if a.kind == 0 || st.Version != a.version || st.Status != protocol.StatusPlaying {
		return false
	}
	them := seatOf(p.local.Opponent())
	if (a.kind == session.DrawOffered && st.DrawOffer != them) || (a.kind == session.TakebackRequested && st.Takeback != them) {
		return false
	}
	p.postAnswer(a.kind, a.accept)
	return true
}

// sendOffer sends the local side's draw offer or takeback request.
func (p *Player) sendOffer(kind session.EventKind) {
	if kind == session.TakebackRequested {
		p.enqueue(func(ctx context.Context, c *client.Conn) error { return c.RequestTakeback(ctx) })
		return
	}
	p.enqueue(func(ctx context.Context, c *client.Conn) error { return c.OfferDraw(ctx) })
}

// Poll returns the next thing the server said, as the remote side's action.
func (p *Player) Poll(int64) (session.Action, bool) {
	if p.mirror == nil {
		return session.Action{}, false
	}
	for {
		if len(p.steps) > 0 {
			s := p.steps[0]
			if s.action.Kind != 0 {
				p.steps = p.steps[1:]
				return s.action, true
			}
			if s.ply != p.mirror.Ply() {
				// The session has not played the previous move yet.
				return session.Action{}, false
			}
			p.steps = p.steps[1:]
			mv, err := p.mirror.Position().ParseMove(s.move)
			if err != nil {
				p.desync = true
				p.steps = nil
				return session.Action{}, false
			}
			return session.Action{Kind: session.ActMove, Move: mv, Ply: s.ply}, true
		}
		p.mu.Lock()
		if len(p.inbox) == 0 {
			p.mu.Unlock()
			return session.Action{}, false
		}
		it := p.inbox[0]
		p.inbox = p.inbox[1:]
		p.mu.Unlock()
		p.take(it)
	}
}

func (p *Player) act(a session.Action) { p.steps = append(p.steps, step{action: a}) }

// remoteSide reports whether a seat's name is the other side's (every seat
// is, for a spectator).
func (p *Player) remoteSide(seat string) bool {
	return p.spectator || (seat != "" && colorOf(seat) != p.local)
}

// take turns one item into steps.
func (p *Player) take(it item) {
	if r := it.refused; r != nil {
		st := p.Info().State
		if len(st.Moves) > r.ply && st.Moves[r.ply] == r.move {
			return // a resent move the server already had
		}
		if r.err.Code == protocol.ErrGameOver || r.err.Code == protocol.ErrStale {
			p.sync()
			return
		}
		if r.err.Code == protocol.ErrRateLimited {
			return // send asks for the whole game again, which resends it
		}
		// The server's code, not its English message: the screen says it.
		p.act(session.Action{Kind: session.ActRefuse, Ply: r.ply, Refusal: session.RefusalCode(r.err.Code)})
		return
	}
	ev := it.ev
	switch ev.Kind {
	case client.KindState:
		p.reconcile(ev.State)
		p.seen = ev.State.Version
	case client.KindUpdate:
		p.update(ev.Update, ev.State)
		p.seen = ev.State.Version
	case client.KindPresence:
		if p.remoteSide(ev.Seat) && !p.spectator {
			p.act(session.Action{Kind: session.ActPresence, Connected: ev.Online})
		}
	}
}

// sync asks the server for the whole game (reconciled when it comes).
func (p *Player) sync() {
	p.enqueue(func(ctx context.Context, c *client.Conn) error { return c.Sync(ctx) })
}

// syncAfter asks for the whole game after a pause (off the game loop).
func (p *Player) syncAfter(d time.Duration) {
	select {
	case <-time.After(d):
		p.sync()
	case <-p.ctx.Done():
	}
}

// known is the number of moves the session holds or will hold once the
// server's moves waiting in steps are played.
func (p *Player) known() int {
	for i := len(p.steps) - 1; i >= 0; i-- {
		if p.steps[i].action.Kind == 0 {
			return p.steps[i].ply + 1
		}
	}
	return p.mirror.Ply()
}

func (p *Player) update(u *protocol.Update, st protocol.GameState) {
	byRemote := p.remoteSide(u.By)
	watching := p.spectator
	switch u.Event {
	case protocol.EventMove:
		if byRemote {
			if p.known() != u.Ply-1 {
				p.sync()
				return
			}
			p.steps = append(p.steps, step{move: u.Move, ply: u.Ply - 1})
			return
		}
		// Our own move coming back: the session has it.
		if p.known() < u.Ply {
			p.sync()
		}
		return
	case protocol.EventDrawOffered:
		if byRemote && !watching {
			p.act(session.Action{Kind: session.ActOfferDraw})
		}
		p.confirm(session.DrawOffered, byRemote)
	case protocol.EventDrawDeclined:
		if byRemote && !watching {
			p.act(session.Action{Kind: session.ActAnswerDraw, Accept: false})
		}
	case protocol.EventTakebackRequested:
		if byRemote && !watching {
			p.act(session.Action{Kind: session.ActRequestTakeback})
		}
		p.confirm(session.TakebackRequested, byRemote)
	case protocol.EventTakebackDeclined:
		if byRemote && !watching {
			p.act(session.Action{Kind: session.ActAnswerTakeback, Accept: false})
		}
	case protocol.EventTakenBack:
		// By is the side whose move was taken back: ours means the other
		// side accepted our request; theirs, we accepted (done already).
		switch {
		case watching:
			p.sync()
		case !byRemote:
			p.act(session.Action{Kind: session.ActAnswerTakeback, Accept: true})
		}
		return
	}
	if st.Status == protocol.StatusOver && !p.over && u.Event != protocol.EventMove && u.Event != protocol.EventDrawDeclined {
		// Ended off the board: a resignation, an agreed draw, the clock, an
		// abandonment. Our own resignation or agreement is in the session.
		if o, ok := outcomeOf(st); ok && (byRemote || u.Event == protocol.EventTime || u.Event == protocol.EventAbandoned) {
			p.act(session.Action{Kind: session.ActEnd, Outcome: o})
			p.over = true
		}
	}
}

// confirm notes that the server has the local side's open offer of kind
// (its update came back).
func (p *Player) confirm(kind session.EventKind, byRemote bool) {
	if !byRemote && !p.spectator && p.offer.kind == kind && p.offer.side == p.local {
		p.offer.confirmed = true
	}
}

// reconcile brings the session to the server's whole state: moves the
// session lacks are played, a move of ours the server lacks is sent again
// (or taken back), offers and an end off the board follow.
func (p *Player) reconcile(st protocol.GameState) {
	p.steps = p.steps[:0]
	if !p.spectator && p.answer.kind == session.TakebackRequested && p.answer.accept && p.staleAnswer(st) {
		// Our acceptance of the other side's takeback, not yet carried
		// out on the server: its moves are the ones taken back here, and
		// the other side is to move (nothing of ours to send).
		return
	}
	have := p.mirror.Moves()
	k := 0
	for k < len(have) && k < len(st.Moves) && have[k].String() == st.Moves[k] {
		k++
	}
	if k < len(have) && p.takenBackAway(have, st) {
		// Our takeback request was accepted while we were away.
		p.act(session.Action{Kind: session.ActAnswerTakeback, Accept: true})
		return
	}
	if k < len(have) {
		mover := p.mirror.PositionAt(k).SideToMove()
		if !p.spectator && k == len(st.Moves) && len(have) == k+1 && mover == p.local && st.Status != protocol.StatusOver {
			// Our last move, lost with the connection or not yet arrived
			// when this state was sent: send it (again). A refusal of a
			// move the server turns out to have is ignored.
			p.sendMove(have[k].String(), k)
			return
		}
		if p.spectator || p.mirror.Outcome().Over() {
			p.desync = true
			return
		}
		p.act(session.Action{Kind: session.ActRefuse, Ply: k, Refusal: session.RefusedDiverged})
	}
	for i := k; i < len(st.Moves); i++ {
		if !p.spectator && p.moverAt(i) == p.local {
			p.desync = true
			return
		}
		p.steps = append(p.steps, step{move: st.Moves[i], ply: i})
	}
	if st.Status == protocol.StatusOver && !p.over {
		if o, ok := outcomeOf(st); ok && offBoard(o.Reason) {
			p.act(session.Action{Kind: session.ActEnd, Outcome: o})
			p.over = true
		}
	}
	if !p.spectator {
		p.syncOffers(st)
	}
}

// moverAt is the side that moves at ply i (every online game starts from
// the start position, White first).
func (p *Player) moverAt(i int) rules.Color {
	if i%2 == 1 {
		return rules.Black
	}
	return rules.White
}

// syncOffers brings the session's open offer to what stands on the server
// (either side's: after a reload the session knows none), once the moves
// queued before are played. An offer of ours the server no longer has at
// the same ply was declined while we were away if the server had it, and
// is sent again if it never reached it.
func (p *Player) syncOffers(st protocol.GameState) {
	if st.Status != protocol.StatusPlaying {
		return
	}
	if kind, by, ok := p.standing(st); ok {
		if by != p.local && p.staleAnswer(st) {
			return
		}
		// The session takes up an offer it holds already without a word.
		p.act(session.Action{Kind: session.ActRestoreOffer, Offer: kind, By: by})
		return
	}
	if p.offer.kind == 0 || len(p.steps) > 0 {
		return // none open, or moves to come that end it
	}
	switch {
	case p.offer.side != p.local:
		// The other side's, answered from another device of ours.
		p.act(session.Action{Kind: session.ActRestoreOffer})
	case !p.offer.confirmed:
		p.sendOffer(p.offer.kind)
	case p.offer.kind == session.DrawOffered:
		p.act(session.Action{Kind: session.ActAnswerDraw, Accept: false})
	default:
		p.act(session.Action{Kind: session.ActAnswerTakeback, Accept: false})
	}
}

// standing is the offer or request on the server for the session to show:
// the other side's first (the person is to answer it), a takeback request
// before a draw offer (the server can hold both).
func (p *Player) standing(st protocol.GameState) (session.EventKind, rules.Color, bool) {
	them, us := p.local.Opponent(), p.local
	switch {
	case st.Takeback == seatOf(them):
		return session.TakebackRequested, them, true
	case st.DrawOffer == seatOf(them):
		return session.DrawOffered, them, true
	case st.Takeback == seatOf(us):
		return session.TakebackRequested, us, true
	case st.DrawOffer == seatOf(us):
		return session.DrawOffered, us, true
	}
	return 0, 0, false
}

// takenBackAway reports whether the server's game is ours with our open
// takeback request carried out: our last move (and the answer to it)
// gone, nothing else changed, nothing standing.
func (p *Player) takenBackAway(have []rules.Move, st protocol.GameState) bool {
	if p.spectator || p.offer.kind != session.TakebackRequested || p.offer.side != p.local ||
		st.Status != protocol.StatusPlaying || st.Takeback != "" {
		return false
	}
	n := len(st.Moves)
	if n >= len(have) || len(have)-n > 2 || p.moverAt(n) != p.local {
		return false
	}
	for i, mv := range st.Moves {
		if have[i].String() != mv {
			return false
		}
	}
	return true
}

func offBoard(r rules.Reason) bool {
	switch r {
	case rules.Resignation, rules.Agreement, rules.TimeOut, rules.Abandonment:
		return true
	}
	return false
}

// outcomeOf is the server's result in the rules' words.
func outcomeOf(st protocol.GameState) (rules.Outcome, bool) {
	res, err := rules.ParseResult(st.Result)
	if err != nil || res == rules.Ongoing {
		return rules.Outcome{}, false
	}
	for r := rules.NoMoves; r <= rules.Abandonment; r++ {
		if r.Code() == st.Reason {
			return rules.Outcome{Result: res, Reason: r}, true
		}
	}
	return rules.Outcome{}, false
}
