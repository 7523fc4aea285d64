package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"bashni/online/protocol"
)

// Close codes, as docs/ONLINE.md names them.
const (
	websocketGoingAway = websocket.StatusGoingAway               // 1001: shutting down, or the client was silent too long
	closeBadText       = websocket.StatusInvalidFramePayloadData // 1007: a text message that is not UTF-8 (RFC 6455)
	closeTooMany       = websocket.StatusPolicyViolation         // 1008: too many messages over the rate limit
)

const (
	// outQueue is how many messages may wait for a slow client; a client
	// that falls further behind is disconnected (it resumes and gets the
	// whole state again).
	outQueue = 64
	// limitedQueue is how many rate-limited answers may wait in the
	// outgoing queue at once. Beyond, the reader waits for the writer
	// before it reads on: a flood goes at the pace the client reads its
	// answers, and the answers never fill the queue and get the client
	// dropped as too slow before it is closed as documented.
	limitedQueue = outQueue / 8
	// maxViolations is how many rate-limited messages a connection may
	// send before it is closed.
	maxViolations = 100
	writeTimeout  = 10 * time.Second
	// heldSeats is how many games a connection remembers holding a seat
	// of, so that it cannot join them (own-game).
	heldSeats = 32
)

// conn is one client's WebSocket. Its reader goroutine handles requests in
// order; its writer goroutine sends what is queued in out.
type conn struct {
	s       *Server
	ws      *websocket.Conn
	ip      string
	out     chan outMsg
	limited chan struct{} // a place for each rate-limited answer queued in out
	ctx     context.Context
	cancel  context.CancelFunc
	limiter *rate.Limiter

	// closing takes the one close the writer sends after what is queued;
	// ending is set from then on: messages read meanwhile are not acted
	// on.
	closeOnce sync.Once
	closing   chan closeRequest
	ending    atomic.Bool
	// idle closes a connection silent for ReadTimeout; writeDue one whose
	// write has not gone out in writeTimeout. Timers reset for every
	// message, not a context each: a context with a deadline, and the
	// AfterFunc WebSocket registers for it, were a third of what the node
	// allocated per move.
	idle, writeDue *time.Timer

	// Owned by the reader goroutine.
	hello      bool
	room       *room
	seat       int8 // seat in room, or spectator
	violations int
	held       []string // games this connection held a seat of, newest last

	// act is held while the connection acts: by its reader for each
	// message, and by the lobby when it seats the connection in a game its
	// seek paired (lobby.go). gone (guarded by act) is set once the
	// connection has ended.
	act  sync.Mutex
	gone bool

	// key is the player key the connection identified with (guarded by
	// the identities' mu): it makes the seat token of the player's arena
	// games (arena.go). Kept in memory only, never stored.
	key string

	// attachedAt orders the connections holding one seat, across nodes:
	// the latest resume holds it. Guarded by the room's mu.
	attachedAt int64
}

// outMsg is a message queued for the writer.
type outMsg struct {
	b       []byte
	limited bool   // a rate-limited answer: frees its place in limited once written
	batch   *batch // a lobby push's batch: told once the message is written (lobby_sync.go)
}

type closeRequest struct {
	code   websocket.StatusCode
	reason string
}

const spectator int8 = -1

func (s *Server) serveSocket(w http.ResponseWriter, r *http.Request) {
	ip := s.clientIP(r)
	if !s.reserveSocket(w, ip) {
		return
	}
	// The handler runs until the connection ends (c.reader below).
	defer s.releaseSocket(ip)
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{
		// Seats are held by tokens sent in messages, never by cookies, so
		// a page on another origin (a static copy of the game pointed at
		// this server with ?server=) can do nothing a program could not.
		InsecureSkipVerify: true,
		CompressionMode:    websocket.CompressionDisabled,
	})
	if err != nil {
		return // Accept has answered the request
	}
	ws.SetReadLimit(protocol.MaxMessageBytes)
	ctx, cancel := context.WithCancel(s.ctx)
	c := &conn{s: s, ws: ws, ip: s.clientIP(r), out: make(chan outMsg, outQueue), limited: make(chan struct{}, limitedQueue),
		closing: make(chan closeRequest, 1), ctx: ctx, cancel: cancel, seat: spectator}
	if s.cfg.MessagesPerSec > 0 {
		c.limiter = rate.NewLimiter(rate.Limit(s.cfg.MessagesPerSec), int(2*s.cfg.MessagesPerSec))
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		ws.CloseNow()
		return
	}
	s.conns[c] = struct{}{}
	s.readers.Add(1)
	s.mu.Unlock()
	c.idle = time.AfterFunc(s.cfg.ReadTimeout, func() {
		// With a close frame, so that the client learns why (and a
		// client that reads but cannot send still gets it).
		c.close(websocketGoingAway, "no message for "+s.cfg.ReadTimeout.String()+": ping more often")
	})
	c.writeDue = time.AfterFunc(writeTimeout, c.drop)
	c.writeDue.Stop()
	// Reads and writes run without a context (so without a timer each);
	// the connection's end stops them.
	stop := context.AfterFunc(ctx, func() { ws.CloseNow() })
	defer stop()
	go c.writer()
	c.reader()
}

// readBuffers holds message buffers between reads: a connection waits for
// its next message most of its life, and a buffer each would be
// protocol.MaxMessageBytes of heap per connection.
var readBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// read reads the next message and hands its bytes to use, which must not
// keep them.
func (c *conn) read(use func(typ websocket.MessageType, data []byte)) error {
	typ, r, err := c.ws.Reader(context.Background())
	if err != nil {
		return err
	}
	buf := readBuffers.Get().(*bytes.Buffer)
	defer readBuffers.Put(buf)
	buf.Reset()
	if _, err := buf.ReadFrom(r); err != nil {
		return err
	}
	use(typ, buf.Bytes())
	return nil
}

// reader runs in the HTTP handler's goroutine until the connection ends.
func (c *conn) reader() {
	defer c.s.readers.Done()
	defer func() {
		c.act.Lock()
		c.gone = true
		c.leave()
		c.act.Unlock()
		c.s.hub.disconnected(c)
		c.s.arenas.disconnected(c)
		c.s.ids.forget(c)
		c.s.mu.Lock()
		delete(c.s.conns, c)
		c.s.mu.Unlock()
		c.cancel()
		c.idle.Stop()
		c.writeDue.Stop()
	}()
	for {
		err := c.read(func(typ websocket.MessageType, data []byte) {
			c.idle.Reset(c.s.cfg.ReadTimeout)
			c.act.Lock()
			c.received(typ, data)
			c.act.Unlock()
		})
		if err != nil {
			if websocket.CloseStatus(err) == websocket.StatusMessageTooBig {
				c.s.log.Info("closed a connection that sent too large a message", "addr", c.ip)
			}
			return
		}
		// After a close is asked for, the reader reads on (and acts on
		// nothing) until the client answers the close frame or the close
		// gives up waiting: ending now would cut the connection before the
		// writer has sent the close frame.
	}
}

// received acts on one message.
func (c *conn) received(typ websocket.MessageType, data []byte) {
	if c.ending.Load() {
		return // closing: nothing read now is acted on
	}
	if c.limiter != nil && !c.limiter.Allow() {
		c.violations++
		if c.violations > maxViolations {
			c.s.log.Info("closed a connection that sent too many messages", "addr", c.ip)
			c.close(closeTooMany, "too many messages")
			return
		}
		c.sendLimited(requestID(typ, data), protocol.Errorf(protocol.ErrRateLimited, "too many messages: at most %.0f a second", c.s.cfg.MessagesPerSec))
		return
	}
	if typ != websocket.MessageText {
		c.sendError(0, protocol.Errorf(protocol.ErrBadMessage, "messages are JSON text"))
		return
	}
	if !utf8.Valid(data) {
		// RFC 6455 §8.1: a text frame that is not UTF-8 fails the
		// connection with 1007.
		c.close(closeBadText, "a text message must be UTF-8")
		return
	}
	m, err := protocol.ParseClientMessage(data)
	if err != nil {
		if leavesGame(m.Type) {
			c.leave() // refused or not, these leave the previous game
		}
		c.sendError(m.ID, err)
		return
	}
	if err := c.handle(&m); err != nil {
		c.sendError(m.ID, err)
	}
}

// leavesGame: the requests that leave the connection's game as soon as
// they are read, whatever their answer (docs/ONLINE.md).
func leavesGame(typ string) bool {
	switch typ {
	case protocol.TypeCreate, protocol.TypeJoin, protocol.TypeResume, protocol.TypeWatch:
		return true
	}
	return false
}

// requestID is the id of a message refused unread (rate-limited), so that
// the refusal answers the client's request instead of leaving it waiting:
// only the id is decoded (a few µs for the largest message), nothing else
// is looked at or acted on. It is 0 when the message is not a JSON object
// with a valid id.
func requestID(typ websocket.MessageType, data []byte) int64 {
	if typ != websocket.MessageText {
		return 0
	}
	return protocol.RequestID(data)
}

// writer sends queued messages until the connection ends; a close asked
// for goes out after what was queued before it.
func (c *conn) writer() {
	for {
		select {
		case <-c.ctx.Done():
			return
		case m := <-c.out:
			if !c.write(m) {
				return
			}
		case req := <-c.closing:
			for drained := false; !drained; {
				select {
				case m := <-c.out:
					if !c.write(m) {
						return
					}
				default:
					drained = true
				}
			}
			// Close sends the close frame and waits (at most five
			// seconds) for the client's; the reader, reading on, sees
			// the connection end.
			c.writeDue.Reset(writeTimeout)
			c.ws.Close(req.code, req.reason)
			c.writeDue.Stop()
			c.cancel()
			return
		}
	}
}

// write sends one message; false if the connection failed.
func (c *conn) write(m outMsg) bool {
	c.writeDue.Reset(writeTimeout)
	err := c.ws.Write(context.Background(), websocket.MessageText, m.b)
	c.writeDue.Stop()
	if m.limited {
		<-c.limited
	}
	if m.batch != nil {
		m.batch.written()
	}
	if err != nil {
		c.drop()
		return false
	}
	return true
}

// send queues a message; a client too slow to take it is disconnected.
func (c *conn) send(b []byte) { c.queue(outMsg{b: b}) }

// queue reports whether the message was queued.
func (c *conn) queue(m outMsg) bool {
	select {
	case c.out <- m:
		return true
	default:
		c.s.log.Info("dropped a client too slow to read its messages", "addr", c.ip)
		c.drop()
		return false
	}
}

// sendLimited queues a rate-limited answer, first waiting (reading
// nothing meanwhile) while limitedQueue of them wait to be sent.
func (c *conn) sendLimited(re int64, err *protocol.Error) {
	select {
	case c.limited <- struct{}{}:
	case <-c.ctx.Done():
		return
	}
	c.queue(outMsg{b: encode(protocol.ServerMessage{Type: protocol.TypeError, Re: re, Code: err.Code, Message: err.Message}), limited: true})
}

func (c *conn) sendMsg(m protocol.ServerMessage) { c.send(encode(m)) }

func (c *conn) sendError(re int64, err error) {
	var pe *protocol.Error
	if !errors.As(err, &pe) {
		c.s.log.Error("request failed", "err", err)
		pe = protocol.Errorf(protocol.ErrUnavailable, "the server could not do that now: try again")
	}
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeError, Re: re, Code: pe.Code, Message: pe.Message})
}

func encode(m any) []byte {
	b, err := json.Marshal(m)
	if err != nil {
		panic(err) // protocol messages have only plain fields
	}
	return b
}

// close ends the connection with a close frame, sent by the writer after
// what is queued. A writer stuck on a client that does not read is
// dropped by writeDue.
func (c *conn) close(code websocket.StatusCode, reason string) {
	c.closeOnce.Do(func() {
		c.ending.Store(true)
		c.closing <- closeRequest{code, reason} // buffered: never waits
	})
}

// drop ends the connection at once, without a close frame.
func (c *conn) drop() {
	c.ending.Store(true)
	c.ws.CloseNow()
	c.cancel()
}

// handle acts on one valid request. Errors go back to the client.
func (c *conn) handle(m *protocol.ClientMessage) error {
	if m.Type == protocol.TypeHello {
		if m.Protocol != protocol.Version {
			return protocol.Errorf(protocol.ErrUnsupportedVersion, "this server speaks protocol %d, not %d", protocol.Version, m.Protocol)
		}
		c.hello = true
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypeWelcome, Re: m.ID, Protocol: protocol.Version, Node: c.s.cfg.Node})
		return nil
	}
	if !c.hello {
		return protocol.Errorf(protocol.ErrBadMessage, "say hello first: {\"type\":\"hello\",\"protocol\":%d}", protocol.Version)
	}
	if ok, err := c.s.ids.handle(c, m); ok {
		return err
	}
	if leavesGame(m.Type) || m.Type == protocol.TypeLeave {
		c.s.hub.unfollow(c) // watch-top ends with any other game
	}
	if protocol.IsLobby(m.Type) {
		return c.s.hub.handle(c, m)
	}
	if protocol.IsArena(m.Type) {
		return c.s.arenas.handle(c, m)
	}
	switch m.Type {
	case protocol.TypePing:
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypePong, Re: m.ID})
		return nil
	case protocol.TypeCreate:
		c.leave()
		if !c.s.createLimits.allow(c.ip) {
			return protocol.Errorf(protocol.ErrRateLimited, "too many new games from your address: wait a minute")
		}
		return c.s.create(c, m)
	case protocol.TypeJoin, protocol.TypeResume, protocol.TypeWatch:
		if !c.s.attachLimits.allow(c.ip) {
			c.leave()
			return protocol.Errorf(protocol.ErrRateLimited, "too many attempts from your address: wait a minute")
		}
		return c.attach(m)
	case protocol.TypeLeave:
		c.leave()
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypeOK, Re: m.ID})
		return nil
	}
	if c.room != nil && !c.room.has(c) {
		c.leave() // its seat was resumed by another connection
	}
	if c.room == nil {
		return protocol.Errorf(protocol.ErrNoGame, "create, join, resume or watch a game first")
	}
	if m.Type == protocol.TypeSync {
		return c.room.sync(c, m.ID)
	}
	if c.seat == spectator {
		return protocol.Errorf(protocol.ErrSpectator, "spectators watch: only the players act on the game")
	}
	return c.room.command(c, m)
}

// attach joins, resumes or watches a game, leaving the connection's game
// first whatever the answer.
func (c *conn) attach(m *protocol.ClientMessage) error {
	if m.Type == protocol.TypeJoin && slices.Contains(c.held, m.Game) {
		c.leave()
		return protocol.Errorf(protocol.ErrOwnGame, "this connection holds a seat of game %s: a player cannot take both; resume your seat with its token", m.Game)
	}
	// Acquired before leaving, so that attaching again to the game the
	// connection is in does not let the room go and load it again.
	r, err := c.s.acquire(c.ctx, m.Game)
	c.leave()
	if err != nil {
		return err
	}
	switch m.Type {
	case protocol.TypeJoin:
		err = r.join(c, m.ID)
	case protocol.TypeResume:
		err = r.resume(c, m.ID, m.Token)
	default:
		err = r.watch(c, m.ID)
	}
	if err != nil {
		c.s.release(r)
		return err
	}
	if m.Type != protocol.TypeWatch {
		c.holds(m.Game)
	}
	return nil
}

// holds remembers that the connection held a seat of the game.
func (c *conn) holds(game string) {
	if slices.Contains(c.held, game) {
		return
	}
	if len(c.held) == heldSeats {
		c.held = slices.Delete(c.held, 0, 1)
	}
	c.held = append(c.held, game)
}

// leave detaches the connection from its game, if any.
func (c *conn) leave() {
	if c.room == nil {
		return
	}
	r := c.room
	r.detach(c)
	c.room, c.seat = nil, spectator
	c.s.release(r)
}
