package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"bashni/online/protocol"
)

// rawConn is a client written from docs/ONLINE.md alone: JSON text frames
// in and out, nothing of package client, so that tests see the protocol
// exactly as another program's author would.
type rawConn struct {
	t   *testing.T
	ws  *websocket.Conn
	ctx context.Context
	id  int64
}

// rawMsg is a server message with its JSON text.
type rawMsg struct {
	protocol.ServerMessage
	JSON string
}

func socketURL(url string) string {
	return "ws" + strings.TrimPrefix(url, "http") + protocol.SocketPath
}

func dialRaw(t *testing.T, url string) *rawConn {
	t.Helper()
	ctx := ctxT(t)
	ws, _, err := websocket.Dial(ctx, socketURL(url), nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(1 << 20)
	t.Cleanup(func() { ws.CloseNow() })
	return &rawConn{t: t, ws: ws, ctx: ctx}
}

// helloRaw dials and says hello.
func helloRaw(t *testing.T, url string) *rawConn {
	t.Helper()
	c := dialRaw(t, url)
	if m, _ := c.ask(`{"type":"hello","protocol":1,"client":"raw test"}`); m.Type != protocol.TypeWelcome {
		t.Fatalf("hello answered with %s", m.JSON)
	}
	return c
}

func (c *rawConn) send(msg string) {
	c.t.Helper()
	if err := c.ws.Write(c.ctx, websocket.MessageText, []byte(msg)); err != nil {
		c.t.Fatalf("sending %s: %v", msg, err)
	}
}

// next reads the next message.
func (c *rawConn) next() rawMsg {
	c.t.Helper()
	_, b, err := c.ws.Read(c.ctx)
	if err != nil {
		c.t.Fatalf("reading: %v", err)
	}
	var m rawMsg
	if err := json.Unmarshal(b, &m.ServerMessage); err != nil {
		c.t.Fatalf("the server sent %s: %v", b, err)
	}
	m.JSON = string(b)
	return m
}

// ask sends msg, a JSON object, with the next id and returns the answer to
// it and every message that came before the answer.
func (c *rawConn) ask(msg string) (rawMsg, []rawMsg) {
	c.t.Helper()
	c.id++
	c.send(fmt.Sprintf(`{"id":%d,`, c.id) + strings.TrimPrefix(msg, "{"))
	return c.answer(c.id)
}

// answer reads until the message answering id.
func (c *rawConn) answer(id int64) (rawMsg, []rawMsg) {
	c.t.Helper()
	var before []rawMsg
	for {
		m := c.next()
		if m.Re == id {
			return m, before
		}
		before = append(before, m)
	}
}

// closeStatus reads until the connection ends and returns its close code
// (-1 if it ended without a close frame).
func (c *rawConn) closeStatus() websocket.StatusCode {
	c.t.Helper()
	for {
		_, _, err := c.ws.Read(c.ctx)
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				c.t.Fatal("the connection was not closed")
			}
			return websocket.CloseStatus(err)
		}
	}
}

// quiet checks that nothing of the game reaches c: a ping's pong comes
// after everything the server had queued for c, and nothing before it may
// be a state, an update or a presence.
func (c *rawConn) quiet(what string) {
	c.t.Helper()
	pong, before := c.ask(`{"type":"ping"}`)
	if pong.Type != protocol.TypePong {
		c.t.Fatalf("ping answered with %s", pong.JSON)
	}
	for _, m := range before {
		switch m.Type {
		case protocol.TypeState, protocol.TypeUpdate, protocol.TypePresence:
			c.t.Errorf("%s: %s arrived", what, m.JSON)
		}
	}
}

// refusal checks that m is an error with that code.
func refusal(t *testing.T, m rawMsg, code string) {
	t.Helper()
	if m.Type != protocol.TypeError || m.Code != code {
		t.Fatalf("got %s, want error %s", m.JSON, code)
	}
}
