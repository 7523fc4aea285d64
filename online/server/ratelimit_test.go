package server_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

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
