package server_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"bashni/online/protocol"
	"bashni/online/server"
)

// TestRateLimitedAnswersTheRequest: a message refused by the per-connection
// rate limit is answered with "rate-limited" carrying its id (so a client
// can tie the refusal to its request), exactly once, and is not acted on:
// only the messages let through make games.
func TestRateLimitedAnswersTheRequest(t *testing.T) {
	st, _ := sqliteStore(t)
	// One message a second, a burst of two: the hello and one more pass,
	// the rest of a quick burst is refused.
	n := startNode(t, server.Config{Store: st, MessagesPerSec: 1, CreatePerMinute: -1, AttachPerMinute: -1})
	ctx := ctxT(t)
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(n.url, "http")+protocol.SocketPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	read := func() protocol.ServerMessage {
		t.Helper()
		_, b, err := ws.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var m protocol.ServerMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	if err := ws.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","protocol":1,"id":1}`)); err != nil {
		t.Fatal(err)
	}
	if m := read(); m.Type != protocol.TypeWelcome || m.Re != 1 {
		t.Fatalf("hello answered with %+v", m)
	}

	const first, last = 2, 21
	for id := first; id <= last; id++ {
		msg := fmt.Sprintf(`{"type":"create","color":"white","id":%d}`, id)
		if err := ws.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
			t.Fatal(err)
		}
	}
	answers := map[int64]protocol.ServerMessage{}
	states, limited := 0, 0
	for len(answers) < last-first+1 {
		m := read()
		switch {
		case m.Type == protocol.TypeState:
			states++ // a game made (it comes before its seated answer)
			continue
		case m.Re == 0:
			t.Fatalf("a message answering no request: %+v", m)
		case m.Re < first || m.Re > last:
			t.Fatalf("an answer to a request never sent: %+v", m)
		}
		if prev, dup := answers[m.Re]; dup {
			t.Fatalf("request %d answered twice: %+v and %+v", m.Re, prev, m)
		}
		answers[m.Re] = m
		switch {
		case m.Type == protocol.TypeError && m.Code == protocol.ErrRateLimited:
			limited++
		case m.Type != protocol.TypeSeated:
			t.Errorf("request %d answered with %+v", m.Re, m)
		}
	}
	seated := len(answers) - limited
	if limited == 0 || seated == 0 {
		t.Fatalf("%d requests refused and %d let through: the limit did not work as set", limited, seated)
	}
	// Every answer comes after what its request caused: all games made are
	// in by now, one for each create let through and none for the others.
	if states != seated {
		t.Errorf("%d games made for %d creates let through (%d refused)", states, seated, limited)
	}
}

// TestFloodIsClosed: a client that floods without reading its answers, and
// reads only once the server has finished with it, finds what
// docs/ONLINE.md promises: a rate-limited answer (with its re) for each of
// the first 100 messages over the limit, and then a close frame with code
// 1008. The answers are not left to fill the outgoing queue, which would
// get the client dropped as too slow, without a close frame.
func TestFloodIsClosed(t *testing.T) {
	st, _ := sqliteStore(t)
	// One message a second, a burst of two: the hello and perhaps a ping
	// or two (on a slow machine) pass; the rest of the flood is over the
	// limit.
	n := startNode(t, server.Config{Store: st, MessagesPerSec: 1})
	c := dialRaw(t, n.url)
	const flood = 300
	c.send(`{"type":"hello","protocol":1,"id":1}`)
	for id := 2; id <= flood; id++ {
		// The server closes the connection part of the way through: the
		// rest may not be written.
		if err := c.ws.Write(c.ctx, websocket.MessageText, fmt.Appendf(nil, `{"type":"ping","id":%d}`, id)); err != nil {
			break
		}
	}
	// Not reading until the server is done with the connection: it has
	// sent all it will, the close frame last.
	for n.srv.Stats().Connections > 0 {
		select {
		case <-c.ctx.Done():
			t.Fatal("the server never let the flooding connection go")
		case <-time.After(10 * time.Millisecond):
		}
	}
	answered := map[int64]bool{}
	limited := 0
	for {
		_, b, err := c.ws.Read(c.ctx)
		if err != nil {
			if got := websocket.CloseStatus(err); got != websocket.StatusPolicyViolation {
				t.Fatalf("after %d rate-limited answers the connection ended with %v (close code %v), want close code 1008", limited, err, got)
			}
			break
		}
		var m protocol.ServerMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		if m.Re == 0 || answered[m.Re] {
			t.Fatalf("%s answers no request, or one answered already", b)
		}
		answered[m.Re] = true
		switch {
		case m.Type == protocol.TypeError && m.Code == protocol.ErrRateLimited:
			limited++
		case m.Type == protocol.TypeWelcome || m.Type == protocol.TypePong:
			// Let through: the burst, and on a slow machine a ping or two
			// as the bucket fills again.
		default:
			t.Fatalf("unexpected %s", b)
		}
	}
	if limited != 100 {
		t.Errorf("%d rate-limited answers before the close, want 100", limited)
	}
}
