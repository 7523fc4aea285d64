package server_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/server"
)

// These tests hold the server to docs/ONLINE.md, point by point, mostly
// through rawConn: what a client written from the page alone would see.

// noLimits is a node without the per-address limits, which many games
// made from one test address would reach.
func noLimits(cfg server.Config) server.Config {
	cfg.CreatePerMinute, cfg.AttachPerMinute = -1, -1
	return cfg
}

// rawGame has a raw client create a game as White and a Go client join it
// as Black; White has seen the join.
func rawGame(t *testing.T, whiteURL, blackURL, create string) (*rawConn, *client.Conn, rawMsg) {
	t.Helper()
	white := helloRaw(t, whiteURL)
	seated, _ := white.ask(create)
	if seated.Type != protocol.TypeSeated {
		t.Fatalf("create answered with %s", seated.JSON)
	}
	black := dial(t, blackURL)
	if _, err := black.Join(ctxT(t), seated.Game); err != nil {
		t.Fatal(err)
	}
	for {
		if m := white.next(); m.Type == protocol.TypeUpdate && m.Update.Event == protocol.EventJoined {
			return white, black, seated
		}
	}
}

// TestFieldRefusals: a field of the wrong JSON type, a move without its ply,
// an id that is not a positive whole number, a client name with control
// characters: each is refused with bad-message, answering the request's id
// when that id is valid, naming the field in the protocol's words and never
// a Go type, and nothing is played.
func TestFieldRefusals(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st})
	white, black, _ := rawGame(t, n.url, n.url, `{"type":"create","color":"white"}`)
	tests := []struct {
		name  string
		send  string // sent with an id unless it has one
		field string
	}{
		{"move without ply", `{"type":"move","move":"c3-d4"}`, `"ply"`},
		{"move with a null ply", `{"type":"move","move":"c3-d4","ply":null}`, `"ply"`},
		{"ply a string", `{"type":"move","move":"c3-d4","ply":"0"}`, `"ply"`},
		{"ply a fraction", `{"type":"move","move":"c3-d4","ply":0.0}`, `"ply"`},
		{"move a number", `{"type":"move","move":5,"ply":0}`, `"move"`},
		{"type a number", `{"type":5}`, `"type"`},
		{"type missing", `{"move":"c3-d4","ply":0}`, `"type"`},
		{"accept a string", `{"type":"answer-draw","accept":"yes"}`, `"accept"`},
		{"protocol a string", `{"type":"hello","protocol":"1"}`, `"protocol"`},
		{"client with a bell", `{"type":"hello","protocol":1,"client":"bot\u0007"}`, `"client"`},
		{"client with a newline", `{"type":"hello","protocol":1,"client":"two\nlines"}`, `"client"`},
		{"id 0", `{"type":"ping","id":0}`, `"id"`},
		{"negative id", `{"type":"ping","id":-7}`, `"id"`},
		{"id a string", `{"type":"ping","id":"7"}`, `"id"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			white.t = t
			var m rawMsg
			if strings.Contains(tc.send, `"id"`) {
				// A bad id is no id: the refusal answers nothing.
				white.send(tc.send)
				m = white.next()
				if m.Re != 0 || strings.Contains(m.JSON, `"re"`) {
					t.Errorf("the refusal of a bad id carries re: %s", m.JSON)
				}
			} else {
				var before []rawMsg
				m, before = white.ask(tc.send)
				if len(before) != 0 {
					t.Errorf("before the answer: %v", before)
				}
			}
			refusal(t, m, protocol.ErrBadMessage)
			if !strings.Contains(m.Message, tc.field) {
				t.Errorf("%q does not name %s", m.Message, tc.field)
			}
			for _, goWord := range []string{"Go ", "json:", "struct", "unmarshal", "int64", "RawMessage"} {
				if strings.Contains(m.Message, goWord) {
					t.Errorf("%q speaks Go (%q)", m.Message, goWord)
				}
			}
		})
	}
	white.t = t
	// Nothing was played: the first move is still ply 0, the game's third
	// version (created, joined).
	m, _ := white.ask(`{"type":"move","move":"c3-d4","ply":0}`)
	if m.Type != protocol.TypeUpdate || m.Update.Ply != 1 || m.Update.Version != 3 {
		t.Fatalf("the first move after the refusals: %s", m.JSON)
	}
	waitVersion(t, black, 3)
}

// TestRefusedRequestLeavesTheGame: create, join, resume and watch leave the
// connection's game whatever their answer (docs/ONLINE.md, Client →
// server). After each refusal the connection's game commands get no-game,
// no more of the old game reaches it, and the opponent sees it gone.
func TestRefusedRequestLeavesTheGame(t *testing.T) {
	tests := []struct {
		name string
		cfg  func(server.Config) server.Config
		// refuse sends the refused request from white, whose game is
		// game, and returns the answer; n is the node.
		refuse func(t *testing.T, n *node, white *rawConn, game string) rawMsg
		code   string
	}{
		{"create with a variant the server lacks", noLimits, func(t *testing.T, n *node, white *rawConn, game string) rawMsg {
			m, _ := white.ask(`{"type":"create","variant":"chess"}`)
			return m
		}, protocol.ErrBadMessage},
		{"create with a clock of the wrong type", noLimits, func(t *testing.T, n *node, white *rawConn, game string) rawMsg {
			m, _ := white.ask(`{"type":"create","clock":300}`)
			return m
		}, protocol.ErrBadMessage},
		{"create over the address's limit", func(cfg server.Config) server.Config {
			cfg.CreatePerMinute, cfg.AttachPerMinute = 1, -1 // a burst of 10
			return cfg
		}, func(t *testing.T, n *node, white *rawConn, game string) rawMsg {
			other := dial(t, n.url)
			for range 9 { // the game itself was the first
				if _, err := other.Create(ctxT(t), client.Game{}); err != nil {
					t.Fatal(err)
				}
			}
			m, _ := white.ask(`{"type":"create"}`)
			return m
		}, protocol.ErrRateLimited},
		{"join a missing game", noLimits, func(t *testing.T, n *node, white *rawConn, game string) rawMsg {
			m, _ := white.ask(`{"type":"join","game":"ZZZZZZ"}`)
			return m
		}, protocol.ErrNotFound},
		{"join a badly formed code", noLimits, func(t *testing.T, n *node, white *rawConn, game string) rawMsg {
			m, _ := white.ask(`{"type":"join","game":"ABCDE0"}`)
			return m
		}, protocol.ErrBadMessage},
		{"join with a code of the wrong type", noLimits, func(t *testing.T, n *node, white *rawConn, game string) rawMsg {
			m, _ := white.ask(`{"type":"join","game":123456}`)
			return m
		}, protocol.ErrBadMessage},
		{"join a full game", noLimits, func(t *testing.T, n *node, white *rawConn, game string) rawMsg {
			a, b := dial(t, n.url), dial(t, n.url)
			seat, _ := pair(t, a, b, protocol.Untimed)
			m, _ := white.ask(fmt.Sprintf(`{"type":"join","game":%q}`, seat.Game))
			return m
		}, protocol.ErrGameFull},
		{"join its own game", noLimits, func(t *testing.T, n *node, white *rawConn, game string) rawMsg {
			m, _ := white.ask(fmt.Sprintf(`{"type":"join","game":%q}`, game))
			return m
		}, protocol.ErrOwnGame},
		{"join over the address's limit", func(cfg server.Config) server.Config {
			cfg.CreatePerMinute, cfg.AttachPerMinute, cfg.MessagesPerSec = -1, 1, -1 // a burst of 60
			return cfg
		}, func(t *testing.T, n *node, white *rawConn, game string) rawMsg {
			other := dial(t, n.url)
			for range 59 { // black's join was the first
				if err := other.Watch(ctxT(t), game); err != nil {
					t.Fatal(err)
				}
			}
			m, _ := white.ask(`{"type":"join","game":"ZZZZZZ"}`)
			return m
		}, protocol.ErrRateLimited},
		{"resume with a badly formed token", noLimits, func(t *testing.T, n *node, white *rawConn, game string) rawMsg {
			m, _ := white.ask(fmt.Sprintf(`{"type":"resume","game":%q,"token":"abc"}`, game))
			return m
		}, protocol.ErrBadToken},
		{"resume with a forged token", noLimits, func(t *testing.T, n *node, white *rawConn, game string) rawMsg {
			m, _ := white.ask(fmt.Sprintf(`{"type":"resume","game":%q,"token":%q}`, game, protocol.NewToken()))
			return m
		}, protocol.ErrBadToken},
		{"resume a missing game", noLimits, func(t *testing.T, n *node, white *rawConn, game string) rawMsg {
			m, _ := white.ask(fmt.Sprintf(`{"type":"resume","game":"ZZZZZZ","token":%q}`, protocol.NewToken()))
			return m
		}, protocol.ErrNotFound},
		{"watch a missing game", noLimits, func(t *testing.T, n *node, white *rawConn, game string) rawMsg {
			m, _ := white.ask(`{"type":"watch","game":"ZZZZZZ"}`)
			return m
		}, protocol.ErrNotFound},
		{"watch without a code", noLimits, func(t *testing.T, n *node, white *rawConn, game string) rawMsg {
			m, _ := white.ask(`{"type":"watch"}`)
			return m
		}, protocol.ErrBadMessage},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, _ := sqliteStore(t)
			n := startNode(t, tc.cfg(server.Config{Store: st}))
			white, black, seated := rawGame(t, n.url, n.url, `{"type":"create","color":"white"}`)
			if m, _ := white.ask(`{"type":"move","move":"c3-d4","ply":0}`); m.Type != protocol.TypeUpdate {
				t.Fatalf("the first move: %s", m.JSON)
			}
			refusal(t, tc.refuse(t, n, white, seated.Game), tc.code)

			// The refused request's connection has no game...
			for _, cmd := range []string{`{"type":"sync"}`, `{"type":"offer-draw"}`, `{"type":"move","move":"f6-g5","ply":1}`} {
				m, _ := white.ask(cmd)
				refusal(t, m, protocol.ErrNoGame)
			}
			// ...the opponent sees it gone...
			waitUntil(t, black, "white gone", func(s protocol.GameState) bool { return !s.White.Online })
			// ...and what the game does next does not reach it.
			if err := black.Move(ctxT(t), "f6-g5"); err != nil {
				t.Fatal(err)
			}
			if err := black.OfferDraw(ctxT(t)); err != nil {
				t.Fatal(err)
			}
			white.quiet("after leaving the game")
			if tc.code == protocol.ErrRateLimited {
				return // and so would a resume now be
			}
			// The seat is still White's: its token takes it back.
			m, _ := white.ask(fmt.Sprintf(`{"type":"resume","game":%q,"token":%q}`, seated.Game, seated.Token))
			if m.Type != protocol.TypeSeated {
				t.Fatalf("resuming after the refusal: %s", m.JSON)
			}
		})
	}
}

// TestCreatorCannotJoin: a connection that holds a seat of a waiting game
// cannot take its other seat (own-game); the seat stays free for the
// friend.
func TestCreatorCannotJoin(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st})
	creator := helloRaw(t, n.url)
	seated, _ := creator.ask(`{"type":"create","color":"black"}`)
	m, _ := creator.ask(fmt.Sprintf(`{"type":"join","game":%q}`, strings.ToLower(seated.Game)))
	refusal(t, m, protocol.ErrOwnGame)
	if !strings.Contains(m.Message, "resume") {
		t.Errorf("the refusal does not say what to do: %q", m.Message)
	}
	// Also after watching another game and resuming its own.
	if m, _ := creator.ask(fmt.Sprintf(`{"type":"resume","game":%q,"token":%q}`, seated.Game, seated.Token)); m.Type != protocol.TypeSeated {
		t.Fatalf("resume: %s", m.JSON)
	}
	other := dial(t, n.url)
	otherSeat, err := other.Create(ctxT(t), client.Game{})
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := creator.ask(fmt.Sprintf(`{"type":"watch","game":%q}`, otherSeat.Game)); m.Type != protocol.TypeWatching {
		t.Fatalf("watch: %s", m.JSON)
	}
	m, _ = creator.ask(fmt.Sprintf(`{"type":"join","game":%q}`, seated.Game))
	refusal(t, m, protocol.ErrOwnGame)

	friend := dial(t, n.url)
	seat, err := friend.Join(ctxT(t), seated.Game)
	if err != nil || seat.Color != protocol.White {
		t.Fatalf("the friend's join: %+v %v", seat, err)
	}
}

// twoWays runs a test on one node and on two nodes sharing PostgreSQL and
// NATS: what a client sees must not depend on which node its opponent
// reached.
func twoWays(t *testing.T, test func(t *testing.T, a, b *node)) {
	t.Run("one node", func(t *testing.T) {
		st, _ := sqliteStore(t)
		n := startNode(t, noLimits(server.Config{Store: st}))
		test(t, n, n)
	})
	t.Run("two nodes", func(t *testing.T) {
		natsURL := startNATS(t)
		a, b := startClusterNode(t, "a", natsURL), startClusterNode(t, "b", natsURL)
		test(t, a.node, b.node)
	})
}

// TestJoinArrivesAsUpdate: the creator learns of the join as docs/ONLINE.md
// shows it, whichever node the friend reached: a presence (the joiner
// online), then the update "joined" whose copy shows the joiner online —
// never a whole state unasked. A live clock without increment keeps its
// "increment":0.
func TestJoinArrivesAsUpdate(t *testing.T) {
	twoWays(t, func(t *testing.T, a, b *node) {
		creator := helloRaw(t, a.url)
		seated, before := creator.ask(`{"type":"create","color":"white","clock":{"kind":"live","initial":300,"increment":0}}`)
		if len(before) != 1 || before[0].Type != protocol.TypeState {
			t.Fatalf("before seated: %v", before)
		}
		if want := `"clock":{"kind":"live","initial":300,"increment":0}`; !strings.Contains(before[0].JSON, want) {
			t.Errorf("the state lacks %s: %s", want, before[0].JSON)
		}
		friend := dial(t, b.url)
		if _, err := friend.Join(ctxT(t), seated.Game); err != nil {
			t.Fatal(err)
		}
		if s := friend.State(); s.Status != protocol.StatusPlaying || !s.Black.Online || s.You != protocol.Black {
			t.Errorf("the joiner's state: %+v", s)
		}
		presence := creator.next()
		if presence.Type != protocol.TypePresence || presence.Seat != protocol.Black || presence.Online == nil || !*presence.Online {
			t.Fatalf("first after the join: %s, want black's presence", presence.JSON)
		}
		up := creator.next()
		if up.Type != protocol.TypeUpdate || up.Update.Event != protocol.EventJoined {
			t.Fatalf("second after the join: %s, want the update joined", up.JSON)
		}
		u := up.Update
		if u.By != protocol.Black || u.Version != 2 || u.Status != protocol.StatusPlaying || !u.Black.Seated || !u.Black.Online || !u.White.Online {
			t.Errorf("the update joined: %s", up.JSON)
		}
		if !strings.Contains(up.JSON, `"increment":0`) {
			t.Errorf("the update lacks the increment: %s", up.JSON)
		}
		if up.Re != 0 || strings.Contains(up.JSON, `"moves"`) || strings.Contains(up.JSON, `"you"`) {
			t.Errorf("the update joined carries what updates do not: %s", up.JSON)
		}
		// The game goes on in updates: a move from the other node.
		if m, _ := creator.ask(`{"type":"move","move":"c3-d4","ply":0}`); m.Type != protocol.TypeUpdate {
			t.Fatalf("move: %s", m.JSON)
		}
		waitVersion(t, friend, 3)
		if err := friend.Move(ctxT(t), "f6-g5"); err != nil {
			t.Fatal(err)
		}
		if m := creator.next(); m.Type != protocol.TypeUpdate || m.Update.Move != "f6-g5" {
			t.Fatalf("the friend's move arrived as %s", m.JSON)
		}
		creator.quiet("at the end")
	})
}

// TestSecondResume: a seat resumed by a second connection is held by that
// one; the first is told (error "replaced", answering nothing), is out of
// the game and gets none of it; the opponent never sees the seat go.
func TestSecondResume(t *testing.T) {
	twoWays(t, func(t *testing.T, a, b *node) {
		first := helloRaw(t, a.url)
		seated, _ := first.ask(`{"type":"create","color":"white"}`)
		black := dial(t, a.url)
		if _, err := black.Join(ctxT(t), seated.Game); err != nil {
			t.Fatal(err)
		}
		if m, _ := first.ask(`{"type":"move","move":"c3-d4","ply":0}`); m.Type != protocol.TypeUpdate {
			t.Fatalf("move: %s", m.JSON)
		}
		waitVersion(t, black, 3)

		second := dial(t, b.url)
		if s, err := second.Resume(ctxT(t), seated.Game, seated.Token); err != nil || s.Color != protocol.White {
			t.Fatalf("the second resume: %+v %v", s, err)
		}
		var told rawMsg
		for told.Type != protocol.TypeError {
			told = first.next()
			if told.Type == protocol.TypeUpdate || told.Type == protocol.TypeState {
				t.Fatalf("the first connection got %s", told.JSON)
			}
		}
		refusal(t, told, protocol.ErrReplaced)
		if told.Re != 0 {
			t.Errorf("the notice answers a request: %s", told.JSON)
		}
		m, _ := first.ask(`{"type":"sync"}`)
		refusal(t, m, protocol.ErrNoGame)

		if err := black.Move(ctxT(t), "f6-g5"); err != nil {
			t.Fatal(err)
		}
		waitVersion(t, second, 4)
		if err := second.Move(ctxT(t), "d4-e5"); err != nil {
			t.Fatal(err)
		}
		first.quiet("after being replaced")
		// The opponent saw White online throughout.
		waitVersion(t, black, 5)
		if err := black.Ping(ctxT(t)); err != nil {
			t.Fatal(err)
		}
		for len(black.Events()) > 0 {
			if ev := <-black.Events(); ev.Kind == client.KindPresence && !ev.Online {
				t.Errorf("the opponent saw %s go", ev.Seat)
			}
		}
		if !black.State().White.Online {
			t.Error("White shows offline")
		}
	})
}

// TestCloseCodes: the server's closes carry the codes docs/ONLINE.md names:
// 1001 for a connection silent longer than the read timeout, 1007 for a
// text message that is not UTF-8 (RFC 6455).
func TestCloseCodes(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st})
	// The idle timeout is made short: the test waits for the close, not
	// for a time.
	st2, _ := sqliteStore(t)
	idle := startNode(t, server.Config{Store: st2, ReadTimeout: 300 * time.Millisecond})
	tests := []struct {
		name string
		url  string
		send []byte // nil: send nothing, not even a hello
		want websocket.StatusCode
	}{
		{"silent", idle.url, nil, websocket.StatusGoingAway},
		{"bytes that are no UTF-8", n.url, []byte{0xff, 0xfe, '{', '}'}, websocket.StatusInvalidFramePayloadData},
		{"a string that is no UTF-8", n.url, []byte("{\"type\":\"ping\",\"note\":\"caf\xe9\"}"), websocket.StatusInvalidFramePayloadData},
		{"a cut multi-byte character", n.url, []byte("{\"type\":\"hello\",\"protocol\":1,\"client\":\"\xe2\x82\"}"), websocket.StatusInvalidFramePayloadData},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := dialRaw(t, tc.url)
			if tc.send != nil {
				c.send(`{"type":"hello","protocol":1}`)
				c.send(string(tc.send))
			}
			if got := c.closeStatus(); got != tc.want {
				t.Errorf("closed with %v, want %v", got, tc.want)
			}
		})
	}
}
