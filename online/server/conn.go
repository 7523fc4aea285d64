package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"bashni/online/protocol"
)

const (
	websocketGoingAway = websocket.StatusGoingAway
	// outQueue is how many messages may wait for a slow client; a client
	// that falls further behind is disconnected (it resumes and gets the
	// whole state again).
	outQueue = 64
	// maxViolations is how many rate-limited messages a connection may
	// send before it is closed.
	maxViolations = 100
	writeTimeout  = 10 * time.Second
)

// conn is one client's WebSocket. Its reader goroutine handles requests in
// order; its writer goroutine sends what is queued in out.
type conn struct {
	s       *Server
	ws      *websocket.Conn
	ip      string
	out     chan []byte
	ctx     context.Context
	cancel  context.CancelFunc
	limiter *rate.Limiter

	closeOnce sync.Once
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
}

const spectator int8 = -1

func (s *Server) serveSocket(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	full, closed := len(s.conns) >= s.cfg.MaxConns, s.closed
	s.mu.Unlock()
	if closed || full {
		httpError(w, http.StatusServiceUnavailable, protocol.Errorf(protocol.ErrUnavailable, "this server takes no more connections now: try again later"))
		return
	}
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
	c := &conn{s: s, ws: ws, ip: s.clientIP(r), out: make(chan []byte, outQueue), ctx: ctx, cancel: cancel, seat: spectator}
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
	c.idle = time.AfterFunc(s.cfg.ReadTimeout, c.drop)
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
		c.leave()
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
			c.received(typ, data)
		})
		if err != nil {
			if websocket.CloseStatus(err) == websocket.StatusMessageTooBig {
				c.s.log.Info("closed a connection that sent too large a message", "addr", c.ip)
			}
			return
		}
		if c.violations > maxViolations {
			c.close(websocket.StatusPolicyViolation, "too many messages")
			return
		}
	}
}

// received acts on one message.
func (c *conn) received(typ websocket.MessageType, data []byte) {
	if c.limiter != nil && !c.limiter.Allow() {
		c.violations++
		if c.violations <= maxViolations {
			c.sendError(requestID(typ, data), protocol.Errorf(protocol.ErrRateLimited, "too many messages: at most %.0f a second", c.s.cfg.MessagesPerSec))
		}
		return
	}
	var m protocol.ClientMessage
	if typ != websocket.MessageText {
		c.sendError(0, protocol.Errorf(protocol.ErrBadMessage, "messages are JSON text"))
		return
	}
	if err := json.Unmarshal(data, &m); err != nil {
		c.sendError(0, protocol.Errorf(protocol.ErrBadMessage, "not a JSON message object: %v", err))
		return
	}
	if err := m.Validate(); err != nil {
		c.sendError(m.ID, err)
		return
	}
	if err := c.handle(&m); err != nil {
		c.sendError(m.ID, err)
	}
}

// requestID is the id of a message refused unread (rate-limited), so that
// the refusal answers the client's request instead of leaving it waiting:
// only the id is decoded (a few µs for the largest message), nothing else
// is looked at or acted on. It is 0 when the message is not a JSON object
// with a positive id.
func requestID(typ websocket.MessageType, data []byte) int64 {
	if typ != websocket.MessageText {
		return 0
	}
	var m struct {
		ID int64 `json:"id"`
	}
	if json.Unmarshal(data, &m) != nil || m.ID < 0 {
		return 0
	}
	return m.ID
}

// writer sends queued messages until the connection ends.
func (c *conn) writer() {
	for {
		select {
		case <-c.ctx.Done():
			return
		case b := <-c.out:
			c.writeDue.Reset(writeTimeout)
			err := c.ws.Write(context.Background(), websocket.MessageText, b)
			c.writeDue.Stop()
			if err != nil {
				c.drop()
				return
			}
		}
	}
}

// send queues a message; a client too slow to take it is disconnected.
func (c *conn) send(b []byte) {
	select {
	case c.out <- b:
	default:
		c.s.log.Info("dropped a client too slow to read its messages", "addr", c.ip)
		c.drop()
	}
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

// close ends the connection with a close message once what is queued has
// been sent (or after a short wait).
func (c *conn) close(code websocket.StatusCode, reason string) {
	c.closeOnce.Do(func() {
		go func() {
			// Let the writer flush for a moment; Close then waits for the
			// client's answer, for at most five seconds.
			deadline := time.Now().Add(time.Second)
			for len(c.out) > 0 && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			c.ws.Close(code, reason)
			c.cancel()
		}()
	})
}

// drop ends the connection at once, without a close message.
func (c *conn) drop() {
	c.closeOnce.Do(func() {
		c.ws.CloseNow()
		c.cancel()
	})
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
	switch m.Type {
	case protocol.TypePing:
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypePong, Re: m.ID})
		return nil
	case protocol.TypeCreate:
		if !c.s.createLimits.allow(c.ip) {
			return protocol.Errorf(protocol.ErrRateLimited, "too many new games from your address: wait a minute")
		}
		return c.s.create(c, m)
	case protocol.TypeJoin, protocol.TypeResume, protocol.TypeWatch:
		if !c.s.attachLimits.allow(c.ip) {
			return protocol.Errorf(protocol.ErrRateLimited, "too many attempts from your address: wait a minute")
		}
		return c.attach(m)
	case protocol.TypeLeave:
		c.leave()
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypeOK, Re: m.ID})
		return nil
	}
	if c.room == nil {
		return protocol.Errorf(protocol.ErrNoGame, "create, join, resume or watch a game first")
	}
	if m.Type == protocol.TypeSync {
		c.room.sync(c, m.ID)
		return nil
	}
	if c.seat == spectator {
		return protocol.Errorf(protocol.ErrSpectator, "spectators watch: only the players act on the game")
	}
	return c.room.command(c, m)
}

func (c *conn) attach(m *protocol.ClientMessage) error {
	r, err := c.s.acquire(c.ctx, m.Game)
	if err != nil {
		return err
	}
	c.leave()
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
	return nil
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
