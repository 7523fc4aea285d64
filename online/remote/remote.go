// Package remote is the opponent of an online game as a session.Player: the
// other seat's moves, offers and answers come from a bashni server through
// online/client, and what the person at this device does in the session is
// sent to it. The seat's token is kept in the device's storage, and a lost
// connection is dialled again and the seat resumed, so a reload, a network
// drop or a phone's sleep loses nothing.
//
// It is in three parts (docs/ARCHITECTURE.md):
//   - the link (link.go): dial, redial with a backoff, the send queue and
//     an inbox of what the server said; it decides nothing;
//   - the reconciler (reconcile.go): the server's state and ours in, the
//     session's actions and the requests to send out; it does no input or
//     output, and is tested without a server;
//   - the Player (this file): the session.Player that joins them on the
//     game loop. The connection's goroutines only queue what the server
//     says; Poll takes it where the player knows exactly which moves the
//     session holds (Observe mirrors them), so that a resumed connection's
//     whole state can be reconciled with the board.
//
// Screens import this package only: Info, Game, Clock and Seat speak the
// game's types, not the wire's. Seat tokens are in seats.go.
package remote

import (
	"context"
	"errors"
	"fmt"
	"time"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// Player is the remote side of an online game (or both sides, for a
// spectator).
type Player struct {
	server    string
	store     *storage.Store
	token     string // the seat's secret; "" for a spectator
	code      string
	local     rules.Color // the seat at this device
	spectator bool

	link *link

	// The game loop's own (Config, Observe, Poll):
	mirror *rules.Game // the session's game as Observe saw it
	r      reconciler
}

// DialTimeout bounds connecting and the first request (generous: a phone's
// page may be busy starting the game while it connects).
const DialTimeout = 30 * time.Second

// Create makes a game on server and takes the chosen seat; the token is
// kept in st (nil: not kept).
func Create(ctx context.Context, server string, g Game, st *storage.Store) (*Player, error) {
	c, err := client.Dial(ctx, server)
	if err != nil {
		return nil, err
	}
	seat, err := c.Create(ctx, g.wire())
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

// start makes the player of the seat c holds (a spectator's if none),
// keeping the seat's token.
func start(server string, c *client.Conn, seat client.Seat, st *storage.Store) (*Player, error) {
	p := &Player{server: server, store: st, token: seat.Token, code: c.State().Game}
	if seat.Token != "" {
		if err := SaveSeat(st, SeatRecord{Server: server, Game: seat.Game, Color: seat.Color, Token: seat.Token}); err != nil {
			c.Close()
			return nil, fmt.Errorf("keeping the seat's token: %w", err)
		}
		p.local = colorOf(seat.Color)
	} else {
		p.spectator = true
	}
	p.r = reconciler{spectator: p.spectator, local: p.local}
	p.link = startLink(server, c, seat.Token)
	return p, nil
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
func (p *Player) Token() string { return p.token }

// Info is the latest the server said and the connection's state.
func (p *Player) Info() Info { return infoOf(p.link.latest()) }

// Config is the session's configuration for the game as the server has it:
// the moves so far, a person at this device's seat and p at the other (p on
// both for a spectator). The caller adds hooks (autosave, archive).
func (p *Player) Config() (session.Config, error) {
	st := p.link.latest().state
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
	p.carryOut(p.r.reset(st, g.Outcome().Over()))
	return cfg, nil
}

// Desynced reports that the server's game can no longer be followed move by
// move (this seat was played elsewhere): the screen should start a new
// session from Config.
func (p *Player) Desynced() bool { return p.r.desync }

// Close leaves the game (the seat stays held by its token) and ends the
// connection.
func (p *Player) Close() { p.link.close() }

// Drop cuts the connection as a lost network would (for tests and the
// screens' "reconnect"): the player dials again and resumes.
func (p *Player) Drop() { p.link.drop() }

// OfferRematch offers (or agrees to) a rematch once the game is over.
func (p *Player) OfferRematch() { p.link.do(send{kind: sendRematch}) }

// AnswerRematch answers the opponent's rematch offer.
func (p *Player) AnswerRematch(accept bool) {
	p.link.do(send{kind: sendRematchAnswer, accept: accept})
}

// Rematch opens the agreed rematch with this seat's token (colours swap).
func (p *Player) Rematch(ctx context.Context) (*Player, error) {
	game := p.link.latest().state.RematchGame
	if game == "" || p.spectator {
		return nil, errors.New("no rematch was agreed")
	}
	c, err := client.Dial(ctx, p.server)
	if err != nil {
		return nil, err
	}
	seat, err := c.Resume(ctx, game, p.token)
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("resuming the rematch %s: %w", game, err)
	}
	return start(p.server, c, seat, p.store)
}

// carryOut sends what the reconciler decided.
func (p *Player) carryOut(sends []send) {
	for _, s := range sends {
		p.link.do(s)
	}
}

// here is the session's game as the reconciler needs it.
func (p *Player) here() here {
	h := here{moves: make([]string, 0, p.mirror.Ply()), ended: p.mirror.Outcome().Over()}
	for _, m := range p.mirror.Moves() {
		h.moves = append(h.moves, m.String())
	}
	return h
}

// --- session.Player ------------------------------------------------------

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
	switch ev.Kind {
	case session.MovePlayed:
		p.mirror.Play(ev.Move)
	case session.Undone:
		for p.mirror.Ply() > ev.Ply {
			p.mirror.Undo()
		}
	}
	p.carryOut(p.r.observe(ev))
}

// Poll returns the next thing the server said, as the remote side's action.
func (p *Player) Poll(int64) (session.Action, bool) {
	if p.mirror == nil {
		return session.Action{}, false
	}
	for {
		if len(p.r.steps) > 0 {
			s := p.r.steps[0]
			if s.action.Kind != 0 {
				p.r.steps = p.r.steps[1:]
				return s.action, true
			}
			if s.ply != p.mirror.Ply() {
				// The session has not played the previous move yet.
				return session.Action{}, false
			}
			p.r.steps = p.r.steps[1:]
			mv, err := p.mirror.Position().ParseMove(s.move)
			if err != nil {
				p.r.desync = true
				p.r.steps = nil
				return session.Action{}, false
			}
			return session.Action{Kind: session.ActMove, Move: mv, Ply: s.ply}, true
		}
		it, ok := p.link.next()
		if !ok {
			return session.Action{}, false
		}
		p.carryOut(p.r.take(it, p.link.latest().state, p.here()))
	}
}
