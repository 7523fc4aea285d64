// Package client plays online games from Go: it opens a WebSocket to a
// bashni server (package online/server, protocol in docs/ONLINE.md), creates,
// joins, resumes or watches a game, sends moves, offers and answers, and
// keeps a copy of the game that it updates from the server's messages. It
// builds natively and for GOOS=js GOARCH=wasm (the browser game), and knows
// nothing of the game's screens.
//
//	c, err := client.Dial(ctx, "http://127.0.0.1:8080")
//	seat, err := c.Create(ctx, client.Game{Variant: "bashni", Color: "white", Clock: protocol.Blitz5})
//	// share seat.Game; keep seat.Token to resume after a reload
//	for ev := range c.Events() { … c.State() … }
//	err = c.Move(ctx, "c3-d4")
package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"bashni/online/protocol"
)

// Event kinds (Event.Kind).
const (
	KindState    = "state"    // the whole game arrived (after create, join, resume, watch, sync or a resync)
	KindUpdate   = "update"   // the game changed: Update says how
	KindPresence = "presence" // a seat's holder came or went
	KindError    = "error"    // the server refused something no request was waiting for
	KindClosed   = "closed"   // the connection ended (the last event)
)

// Event is something the server told this client. State is the client's
// copy of the game after it.
type Event struct {
	Kind   string
	Update *protocol.Update // KindUpdate
	Seat   string           // KindPresence
	Online bool             // KindPresence
	Err    error            // KindError, KindClosed
	State  protocol.GameState

	Lobby *protocol.LobbyUpdate // KindLobby (lobby.go)
	Seek  *protocol.Seek        // KindPaired: the seek that paired
	Game  string                // KindPaired, KindTop, KindArenaPaired: the game

	Arena   *protocol.Arena // KindArena (arena.go)
	ArenaID string          // KindArenaPaired: the arena that paired the game
}

// Seat is a held seat: keep Token (secret) to Resume the game later.
type Seat struct {
	Game  string // the game's code
	Color string // "white" or "black"
	Token string
}

// Game is what Create asks for.
type Game struct {
	Variant string         // "bashni" (default) or "lasca"
	Color   string         // "white", "black" or "random" (default)
	Clock   protocol.Clock // protocol.Untimed (default), Blitz5, Rapid10, or any
}

// Conn is one connection to a server.
type Conn struct {
	ws     socket
	node   string
	ctx    context.Context
	cancel context.CancelFunc
	nextID atomic.Int64
	events chan Event
	done   chan struct{}

	writeMu sync.Mutex

	mu      sync.Mutex
	pending map[int64]chan protocol.ServerMessage
	state   protocol.GameState
	seat    Seat
	err     error
}

// PingEvery is how often an idle connection pings the server, which closes
// connections silent for a minute.
const PingEvery = 20 * time.Second

// ErrNoHost: a server address names no host ("http:///x").
var ErrNoHost = errors.New("no host name")

// SocketURL turns a server's address (http://host:port, https://host, or
// already a ws:// or wss:// URL) into its WebSocket URL.
func SocketURL(server string) (string, error) {
	u, err := url.Parse(server)
	if err != nil {
		return "", fmt.Errorf("server address %q: %w", server, err)
	}
	switch u.Scheme {
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	case "ws", "wss":
	default:
		return "", fmt.Errorf("server address %q: want http://, https://, ws:// or wss://", server)
	}
	if u.Host == "" {
		return "", fmt.Errorf("server address %q: %w", server, ErrNoHost)
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = protocol.SocketPath
	} else if !strings.HasSuffix(u.Path, protocol.SocketPath) {
		u.Path = strings.TrimSuffix(u.Path, "/") + protocol.SocketPath
	}
	return u.String(), nil
}

// Dial connects and says hello.
func Dial(ctx context.Context, server string) (*Conn, error) {
	return dial(ctx, server, openSocket)
}

// dial connects with open (a socket of this platform) and says hello.
func dial(ctx context.Context, server string, open func(ctx context.Context, url string) (socket, error)) (*Conn, error) {
	u, err := SocketURL(server)
	if err != nil {
		return nil, err
	}
	ws, err := open(ctx, u)
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", u, err)
	}
	cctx, cancel := context.WithCancel(context.Background())
	c := &Conn{ws: ws, ctx: cctx, cancel: cancel, events: make(chan Event, 64), done: make(chan struct{}),
		pending: map[int64]chan protocol.ServerMessage{}}
	go c.read()
	go c.keepAlive()
	welcome, err := c.request(ctx, protocol.ClientMessage{Type: protocol.TypeHello, Protocol: protocol.Version, Client: "bashni-go"})
	if err != nil {
		c.Close()
		return nil, err
	}
	c.node = welcome.Node
	return c, nil
}

// Node is the name of the server node this connection reached.
func (c *Conn) Node() string { return c.node }

// Events delivers what the server says, in order; the channel closes after
// a KindClosed event. Read it steadily: when it is full the connection
// stops reading, and the server eventually drops a client that does not
// read.
func (c *Conn) Events() <-chan Event { return c.events }

// State is a copy of the client's view of its game.
func (c *Conn) State() protocol.GameState {
	c.mu.Lock()
	defer c.mu.Unlock()
	return copyState(c.state)
}

// Seat is the seat this connection holds (zero for a spectator or before a
// game).
func (c *Conn) Seat() Seat {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seat
}

// Done is closed when the connection has ended; Err then says why.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Err is why the connection ended.
func (c *Conn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Close ends the connection.
func (c *Conn) Close() error {
	err := c.ws.close()
	c.cancel()
	<-c.done
	return err
}

// Create makes a game and takes the chosen seat.
func (c *Conn) Create(ctx context.Context, g Game) (Seat, error) {
	clock := g.Clock
	return c.seatRequest(ctx, protocol.ClientMessage{Type: protocol.TypeCreate, Variant: g.Variant, Color: g.Color, Clock: &clock})
}

// Join takes the free seat of the game with that code.
func (c *Conn) Join(ctx context.Context, code string) (Seat, error) {
	return c.seatRequest(ctx, protocol.ClientMessage{Type: protocol.TypeJoin, Game: code})
}

// Resume takes back a seat held by token, after a reload or a lost
// connection.
func (c *Conn) Resume(ctx context.Context, code, token string) (Seat, error) {
	return c.seatRequest(ctx, protocol.ClientMessage{Type: protocol.TypeResume, Game: code, Token: token})
}

// Watch follows a game as a spectator.
func (c *Conn) Watch(ctx context.Context, code string) error {
	_, err := c.request(ctx, protocol.ClientMessage{Type: protocol.TypeWatch, Game: code})
	return err
}

// Leave detaches from the game (the seat stays held by its token).
func (c *Conn) Leave(ctx context.Context) error { return c.simple(ctx, protocol.TypeLeave) }

// Move plays a move (PROTOCOL.md notation) at the current ply of the
// client's copy of the game.
func (c *Conn) Move(ctx context.Context, move string) error {
	return c.MoveAt(ctx, move, c.State().Ply)
}

// MoveAt plays a move meant for the given ply; the server refuses it as
// "stale" if the game has moved on.
func (c *Conn) MoveAt(ctx context.Context, move string, ply int) error {
	_, err := c.request(ctx, protocol.ClientMessage{Type: protocol.TypeMove, Move: move, Ply: ply})
	return err
}

// Resign gives up the game.
func (c *Conn) Resign(ctx context.Context) error { return c.simple(ctx, protocol.TypeResign) }

// OfferDraw offers a draw (or accepts the opponent's standing offer).
func (c *Conn) OfferDraw(ctx context.Context) error { return c.simple(ctx, protocol.TypeOfferDraw) }

// AnswerDraw answers the opponent's draw offer.
func (c *Conn) AnswerDraw(ctx context.Context, accept bool) error {
	return c.answer(ctx, protocol.TypeAnswerDraw, accept)
}

// RequestTakeback asks to take back this player's last move.
func (c *Conn) RequestTakeback(ctx context.Context) error {
	return c.simple(ctx, protocol.TypeRequestTakeback)
}

// AnswerTakeback answers the opponent's takeback request.
func (c *Conn) AnswerTakeback(ctx context.Context, accept bool) error {
	return c.answer(ctx, protocol.TypeAnswerTakeback, accept)
}

// OfferRematch offers a rematch once the game is over (or accepts the
// opponent's). When agreed, State().RematchGame is the new game: resume it
// with the same token (colours are swapped).
func (c *Conn) OfferRematch(ctx context.Context) error {
	return c.simple(ctx, protocol.TypeOfferRematch)
}

// AnswerRematch answers the opponent's rematch offer.
func (c *Conn) AnswerRematch(ctx context.Context, accept bool) error {
	return c.answer(ctx, protocol.TypeAnswerRematch, accept)
}

// Sync asks for the whole game again.
func (c *Conn) Sync(ctx context.Context) error { return c.simple(ctx, protocol.TypeSync) }

// Ping checks that the server answers.
func (c *Conn) Ping(ctx context.Context) error { return c.simple(ctx, protocol.TypePing) }

func (c *Conn) simple(ctx context.Context, typ string) error {
	_, err := c.request(ctx, protocol.ClientMessage{Type: typ})
	return err
}

func (c *Conn) answer(ctx context.Context, typ string, accept bool) error {
	_, err := c.request(ctx, protocol.ClientMessage{Type: typ, Accept: &accept})
	return err
}

func (c *Conn) seatRequest(ctx context.Context, m protocol.ClientMessage) (Seat, error) {
	reply, err := c.request(ctx, m)
	if err != nil {
		return Seat{}, err
	}
	return Seat{Game: reply.Game, Color: reply.Seat, Token: reply.Token}, nil
}

// request sends a message and waits for the answer to it. A refusal is
// returned as a *protocol.Error.
func (c *Conn) request(ctx context.Context, m protocol.ClientMessage) (protocol.ServerMessage, error) {
	m.ID = c.nextID.Add(1)
	ch := make(chan protocol.ServerMessage, 1)
	c.mu.Lock()
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		return protocol.ServerMessage{}, err
	}
	c.pending[m.ID] = ch
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.pending, m.ID)
		c.mu.Unlock()
	}()
	if err := c.write(ctx, m); err != nil {
		return protocol.ServerMessage{}, err
	}
	select {
	case reply := <-ch:
		if reply.Type == protocol.TypeError {
			return reply, &protocol.Error{Code: reply.Code, Message: reply.Message}
		}
		return reply, nil
	case <-ctx.Done():
		return protocol.ServerMessage{}, ctx.Err()
	case <-c.done:
		return protocol.ServerMessage{}, c.Err()
	}
}

func (c *Conn) write(ctx context.Context, m protocol.ClientMessage) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if err := c.ws.write(ctx, b); err != nil {
		return fmt.Errorf("sending %s: %w", m.Type, err)
	}
	return nil
}

func (c *Conn) keepAlive() {
	t := time.NewTicker(PingEvery)
	defer t.Stop()
	for {
		select {
		case <-c.done:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
			c.write(ctx, protocol.ClientMessage{Type: protocol.TypePing})
			cancel()
		}
	}
}

func (c *Conn) read() {
	defer close(c.done)
	defer close(c.events)
	for {
		data, err := c.ws.read(c.ctx)
		if err != nil {
			if errors.Is(err, errClosedNormally) || errors.Is(err, context.Canceled) {
				err = errors.New("connection closed")
			} else {
				err = fmt.Errorf("connection lost: %w", err)
			}
			c.mu.Lock()
			c.err = err
			st := copyState(c.state)
			c.mu.Unlock()
			c.events <- Event{Kind: KindClosed, Err: err, State: st}
			return
		}
		var m protocol.ServerMessage
		if err := json.Unmarshal(data, &m); err != nil {
			c.events <- Event{Kind: KindError, Err: fmt.Errorf("the server sent a message that is not JSON: %w", err), State: c.State()}
			continue
		}
		c.handle(m)
	}
}

// handle applies a server message to the copy of the game, then hands it
// to the waiting request or to Events.
func (c *Conn) handle(m protocol.ServerMessage) {
	var ev *Event
	c.mu.Lock()
	switch m.Type {
	case protocol.TypeSeated:
		c.seat = Seat{Game: m.Game, Color: m.Seat, Token: m.Token}
	case protocol.TypeWatching:
		c.seat = Seat{}
	case protocol.TypeState:
		if m.State != nil {
			c.state = copyState(*m.State)
			ev = &Event{Kind: KindState}
		}
	case protocol.TypeUpdate:
		if m.Update != nil && m.Update.Game == c.state.Game {
			if c.apply(m.Update) {
				ev = &Event{Kind: KindUpdate, Update: m.Update}
			} else {
				go c.write(c.ctx, protocol.ClientMessage{Type: protocol.TypeSync})
			}
		}
	case protocol.TypePresence:
		if m.Online != nil && m.Game == c.state.Game {
			switch m.Seat {
			case protocol.White:
				c.state.White.Online = *m.Online
			case protocol.Black:
				c.state.Black.Online = *m.Online
			}
			ev = &Event{Kind: KindPresence, Seat: m.Seat, Online: *m.Online}
		}
	case protocol.TypeMoved:
		ev = &Event{Kind: KindMoved, Err: &protocol.Error{Code: m.Code, Message: m.Message}}
	case protocol.TypeError:
		if m.Re == 0 || c.pending[m.Re] == nil {
			ev = &Event{Kind: KindError, Err: &protocol.Error{Code: m.Code, Message: m.Message}}
		}
	}
	if lev := lobbyEvent(m); lev != nil {
		ev = lev
	}
	if aev := arenaEvent(m); aev != nil {
		ev = aev
	}
	if ch := c.pending[m.Re]; m.Re != 0 && ch != nil {
		ch <- m
	}
	if ev != nil {
		ev.State = copyState(c.state)
	}
	c.mu.Unlock()
	if ev != nil {
		c.events <- *ev
	}
}

// apply folds an update into the copy; false means the copy had fallen out
// of step (a resync is needed).
func (c *Conn) apply(u *protocol.Update) bool {
	if u.Version != c.state.Version+1 {
		return false
	}
	moves := c.state.Moves
	if u.Undo > 0 {
		if u.Undo > len(moves) {
			return false
		}
		moves = moves[:len(moves)-u.Undo]
	}
	if u.Event == protocol.EventMove {
		moves = append(moves, u.Move)
	}
	if len(moves) != u.Ply {
		return false
	}
	you := c.state.You
	c.state = u.GameState
	c.state.Moves, c.state.You = moves, you
	return true
}

func copyState(s protocol.GameState) protocol.GameState {
	s.Moves = append([]string(nil), s.Moves...)
	if s.Clocks != nil {
		cl := *s.Clocks
		s.Clocks = &cl
	}
	return s
}
