package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/jonboulle/clockwork"

	"bashni/internal/testwait"
	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/server"
	"bashni/online/store"
	"bashni/rules"
)

// TestWholeGame plays a game to its end between two clients, with a
// spectator watching, and downloads the record.
func TestWholeGame(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st})
	white, black, watcher := dial(t, n.url), dial(t, n.url), dial(t, n.url)
	seat, _ := pair(t, white, black, protocol.Untimed)
	if err := watcher.Watch(ctxT(t), seat.Game); err != nil {
		t.Fatal(err)
	}
	g := newRulesGame(1)
	var played []string
	for !g.g.Outcome().Over() {
		played = append(played, playMove(t, g, white, black))
	}
	final := g.g.Outcome()
	for name, c := range map[string]*client.Conn{"white": white, "black": black, "watcher": watcher} {
		waitVersion(t, c, white.State().Version)
		s := c.State()
		if s.Status != protocol.StatusOver || s.Result != final.Result.Score() || s.Reason != final.Reason.Code() {
			t.Errorf("%s sees %s %s %s; the rules say %s %s", name, s.Status, s.Result, s.Reason, final.Result.Score(), final.Reason.Code())
		}
		if !slices.Equal(s.Moves, played) {
			t.Errorf("%s sees moves %v, played %v", name, s.Moves, played)
		}
	}
	if err := white.Move(ctxT(t), g.g.Moves()[0].String()); errCode(err) != protocol.ErrGameOver {
		t.Errorf("a move after the end: %v", err)
	}

	resp, err := http.Get(n.url + protocol.GamesPath + strings.ToLower(seat.Game) + "/record")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), "bashni-"+seat.Game+".pdn") {
		t.Fatalf("record: %s %v", resp.Status, resp.Header)
	}
	rec, err := rules.ParseRecord(string(body))
	if err != nil {
		t.Fatalf("the record does not parse: %v\n%s", err, body)
	}
	if got := rec.Game.Outcome(); got != final || rec.Game.Ply() != len(played) {
		t.Errorf("record: %v after %d plies, want %v after %d", got, rec.Game.Ply(), final, len(played))
	}

	resp, err = http.Get(n.url + protocol.GamesPath + seat.Game)
	if err != nil {
		t.Fatal(err)
	}
	var sum protocol.Summary
	json.NewDecoder(resp.Body).Decode(&sum)
	resp.Body.Close()
	if sum.Game != seat.Game || sum.Status != protocol.StatusOver || sum.Ply != len(played) || !sum.White.Seated {
		t.Errorf("summary %+v", sum)
	}
	resp, err = http.Get(n.url + protocol.GamesPath + "ZZZZZZ/record")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("record of a missing game: %s", resp.Status)
	}
}

// TestRefusals sends what must be refused and checks that each refusal has
// its code and changes nothing.
func TestRefusals(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st})
	white, black, watcher, stranger := dial(t, n.url), dial(t, n.url), dial(t, n.url), dial(t, n.url)
	seat, _ := pair(t, white, black, protocol.Untimed)
	if err := watcher.Watch(ctxT(t), seat.Game); err != nil {
		t.Fatal(err)
	}
	if err := white.Move(ctxT(t), "c3-d4"); err != nil {
		t.Fatal(err)
	}
	if err := black.MoveAt(ctxT(t), "b6-c5", 1); err != nil {
		t.Fatal(err)
	}
	waitVersion(t, white, 4) // White must capture d4:b6

	// Another game, whose token must not open the first.
	other1, other2 := dial(t, n.url), dial(t, n.url)
	otherSeat, _ := pair(t, other1, other2, protocol.Untimed)

	forged := protocol.NewToken()
	tests := []struct {
		name string
		do   func() error
		want string
	}{
		{"move out of turn", func() error { return black.Move(ctxT(t), "c5-b4") }, protocol.ErrNotYourTurn},
		{"illegal move", func() error { return white.Move(ctxT(t), "d4-d5") }, protocol.ErrIllegalMove},
		{"quiet move when a capture is compulsory", func() error { return white.Move(ctxT(t), "a3-b4") }, protocol.ErrIllegalMove},
		{"capture written as a quiet move", func() error { return white.Move(ctxT(t), "d4-b6") }, protocol.ErrIllegalMove},
		{"move for an old ply", func() error { return white.MoveAt(ctxT(t), "d4:b6", 1) }, protocol.ErrStale},
		{"spectator's move", func() error { return watcher.Move(ctxT(t), "d4:b6") }, protocol.ErrSpectator},
		{"spectator resigns", func() error { return watcher.Resign(ctxT(t)) }, protocol.ErrSpectator},
		{"forged token", func() error { _, err := stranger.Resume(ctxT(t), seat.Game, forged); return err }, protocol.ErrBadToken},
		{"another game's token", func() error { _, err := stranger.Resume(ctxT(t), seat.Game, otherSeat.Token); return err }, protocol.ErrBadToken},
		{"malformed token", func() error { _, err := stranger.Resume(ctxT(t), seat.Game, "abc"); return err }, protocol.ErrBadToken},
		{"join a full game", func() error { _, err := stranger.Join(ctxT(t), seat.Game); return err }, protocol.ErrGameFull},
		{"join a missing game", func() error { _, err := stranger.Join(ctxT(t), "ZZZZZZ"); return err }, protocol.ErrNotFound},
		{"a code with a letter no code has", func() error { _, err := stranger.Join(ctxT(t), "ABCDE0"); return err }, protocol.ErrBadMessage},
		{"move without a game", func() error { return stranger.Move(ctxT(t), "c3-d4") }, protocol.ErrNoGame},
		{"answer a draw nobody offered", func() error { return black.AnswerDraw(ctxT(t), true) }, protocol.ErrNoOffer},
		{"rematch during the game", func() error { return black.OfferRematch(ctxT(t)) }, protocol.ErrNotStarted},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.do()
			if errCode(err) != tc.want {
				t.Fatalf("got %v, want code %s", err, tc.want)
			}
			if msg := err.Error(); len(msg) < len(tc.want)+10 {
				t.Errorf("the error says too little: %q", msg)
			}
		})
	}
	// Nothing changed: the game is where it was, for everyone.
	if err := black.Sync(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*client.Conn{white, black, watcher} {
		if s := c.State(); s.Version != 4 || !slices.Equal(s.Moves, []string{"c3-d4", "b6-c5"}) {
			t.Errorf("after the refusals: version %d moves %v", s.Version, s.Moves)
		}
	}
	if s := other1.State(); s.Version != 2 || s.Ply != 0 {
		t.Errorf("the other game changed: %+v", s)
	}
}

// TestOffers plays through draw offers, takebacks, resignation and a
// rematch that swaps colours and keeps the tokens.
func TestOffers(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st})
	white, black := dial(t, n.url), dial(t, n.url)
	seatW, seatB := pair(t, white, black, protocol.Rapid10)
	ctx := ctxT(t)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(white.Move(ctx, "c3-d4"))
	must(white.RequestTakeback(ctx))
	ev := waitFor(t, black, "the takeback request", func(ev client.Event) bool {
		return ev.Kind == client.KindUpdate && ev.Update.Event == protocol.EventTakebackRequested
	})
	if ev.State.Takeback != protocol.White {
		t.Fatalf("takeback %q", ev.State.Takeback)
	}
	must(black.AnswerTakeback(ctx, true))
	waitVersion(t, white, black.State().Version)
	if s := white.State(); s.Ply != 0 || len(s.Moves) != 0 {
		t.Fatalf("after the takeback: %+v", s)
	}
	must(white.Move(ctx, "a3-b4"))
	must(black.OfferDraw(ctx))
	waitFor(t, white, "the draw offer", func(ev client.Event) bool { return ev.State.DrawOffer == protocol.Black })
	must(white.AnswerDraw(ctx, false))
	must(black.Resign(ctx))
	waitFor(t, white, "the resignation", func(ev client.Event) bool { return ev.State.Status == protocol.StatusOver })
	if s := white.State(); s.Result != "1-0" || s.Reason != protocol.ReasonResignation || s.Clocks == nil || s.Clocks.Running != "" {
		t.Fatalf("after resigning: %+v %+v", s, s.Clocks)
	}
	must(white.OfferRematch(ctx))
	waitFor(t, black, "the rematch offer", func(ev client.Event) bool { return ev.State.Rematch == protocol.White })
	must(black.AnswerRematch(ctx, true))
	waitFor(t, white, "the rematch", func(ev client.Event) bool { return ev.State.RematchGame != "" })
	next := white.State().RematchGame
	// Same tokens, colours swapped.
	s1, err := white.Resume(ctx, next, seatW.Token)
	must(err)
	s2, err := black.Resume(ctx, next, seatB.Token)
	must(err)
	if s1.Color != protocol.Black || s2.Color != protocol.White {
		t.Fatalf("rematch seats %+v %+v", s1, s2)
	}
	if s := black.State(); s.Status != protocol.StatusPlaying || s.Clock != protocol.Rapid10 || s.Ply != 0 {
		t.Fatalf("rematch %+v", s)
	}
	must(black.Move(ctx, "c3-d4"))
}

// TestResume drops a player's connection and resumes the seat with its
// token from a new one; the opponent sees them go and come back.
func TestResume(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st})
	white, black := dial(t, n.url), dial(t, n.url)
	seat, _ := pair(t, white, black, protocol.Untimed)
	g := newRulesGame(3)
	for range 6 {
		playMove(t, g, white, black)
	}
	black.Close()
	waitFor(t, white, "black leaving", func(ev client.Event) bool { return ev.Kind == client.KindPresence && !ev.Online })
	if white.State().Black.Online {
		t.Fatal("black still online")
	}
	_, blackSeat := seat, black.Seat()
	again := dial(t, n.url)
	s, err := again.Resume(ctxT(t), strings.ToLower(blackSeat.Game[:3]+"-"+blackSeat.Game[3:]), blackSeat.Token)
	if err != nil {
		t.Fatal(err)
	}
	if s.Color != protocol.Black || again.State().You != protocol.Black || again.State().Ply != 6 {
		t.Fatalf("resumed %+v, state %+v", s, again.State())
	}
	waitFor(t, white, "black back", func(ev client.Event) bool { return ev.Kind == client.KindPresence && ev.Online })
	for !g.g.Outcome().Over() && g.g.Ply() < 20 {
		playMove(t, g, white, again)
	}
	if !slices.Equal(white.State().Moves, again.State().Moves) {
		t.Fatalf("moves differ: %v / %v", white.State().Moves, again.State().Moves)
	}
}

// TestClockRunsOut lets a live clock run out with an injected clock: a
// watched game flags at once; an unwatched one is flagged by the janitor.
func TestClockRunsOut(t *testing.T) {
	st, _ := sqliteStore(t)
	clock := clockwork.NewFakeClock()
	n := startNode(t, server.Config{Store: st, Clock: clock, JanitorEvery: time.Second, AbandonAfter: time.Hour})
	white, black := dial(t, n.url), dial(t, n.url)
	pair(t, white, black, protocol.Clock{Kind: protocol.ClockLive, Initial: 60, Increment: 2})
	clock.Advance(10 * time.Second)
	if err := white.Move(ctxT(t), "c3-d4"); err != nil {
		t.Fatal(err)
	}
	if c := white.State().Clocks; c.White != 52_000 || c.Black != 60_000 || c.Running != protocol.Black {
		t.Fatalf("clocks after white's move: %+v", c)
	}
	clock.Advance(59 * time.Second)
	waitVersion(t, black, 3)
	if err := black.Move(ctxT(t), "f6-g5"); err != nil {
		t.Fatal(err)
	}
	waitVersion(t, white, 4)
	clock.Advance(52 * time.Second) // white's 52 s run out
	ev := waitFor(t, black, "white's flag", func(ev client.Event) bool {
		return ev.Kind == client.KindUpdate && ev.Update.Event == protocol.EventTime
	})
	if ev.State.Result != "0-1" || ev.State.Reason != protocol.ReasonTime || ev.Update.By != protocol.White || ev.State.Clocks.White != 0 {
		t.Fatalf("after the flag: %+v", ev.State)
	}

	// Nobody watching: the janitor finds the flag.
	before := n.srv.Stats().Connections // white's and black's, still open
	a, b := dial(t, n.url), dial(t, n.url)
	seatA, _ := pair(t, a, b, protocol.Clock{Kind: protocol.ClockLive, Initial: 30})
	a.Close()
	b.Close()
	testwait.For(t, "the server to see them go", func() bool { return n.srv.Stats().Connections == before })
	clock.Advance(31 * time.Second)
	watcher := dial(t, n.url)
	deadline := time.Now().Add(patience)
	for {
		if err := watcher.Watch(ctxT(t), seatA.Game); err != nil {
			t.Fatal(err)
		}
		if s := watcher.State(); s.Status == protocol.StatusOver {
			if s.Result != "0-1" || s.Reason != protocol.ReasonTime {
				t.Fatalf("unwatched game ended %s %s", s.Result, s.Reason)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the unwatched game's flag never fell: %+v", watcher.State())
		}
		watcher.Leave(ctxT(t))
		clock.Advance(time.Second)
		time.Sleep(50 * time.Millisecond)
	}
}

// TestAbandonment: a player gone longer than allowed, while the opponent
// stays, loses.
func TestAbandonment(t *testing.T) {
	st, _ := sqliteStore(t)
	clock := clockwork.NewFakeClock()
	n := startNode(t, server.Config{Store: st, Clock: clock, AbandonAfter: 2 * time.Minute})
	white, black := dial(t, n.url), dial(t, n.url)
	pair(t, white, black, protocol.Untimed)
	if err := white.Move(ctxT(t), "c3-d4"); err != nil {
		t.Fatal(err)
	}
	black.Close()
	waitFor(t, white, "black leaving", func(ev client.Event) bool { return ev.Kind == client.KindPresence && !ev.Online })
	clock.Advance(119 * time.Second)
	time.Sleep(50 * time.Millisecond)
	if s := white.State(); s.Status != protocol.StatusPlaying {
		t.Fatalf("abandoned early: %+v", s)
	}
	clock.Advance(time.Second)
	ev := waitFor(t, white, "the abandonment", func(ev client.Event) bool {
		return ev.Kind == client.KindUpdate && ev.Update.Event == protocol.EventAbandoned
	})
	if ev.State.Result != "1-0" || ev.State.Reason != protocol.ReasonAbandonment {
		t.Fatalf("%+v", ev.State)
	}
}

// TestRestart stops the server mid-game, starts a new one on the same
// SQLite file, and the players resume and finish the game.
func TestRestart(t *testing.T) {
	st, path := sqliteStore(t)
	n := startNode(t, server.Config{Store: st})
	white, black := dial(t, n.url), dial(t, n.url)
	seatW, seatB := pair(t, white, black, protocol.Rapid10)
	g := newRulesGame(5)
	for range 9 {
		playMove(t, g, white, black)
	}
	before := white.State()
	n.stop()
	st.Close()
	waitFor(t, white, "the server going away", func(ev client.Event) bool { return ev.Kind == client.KindClosed })

	st2, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st2.Close() })
	n2 := startNode(t, server.Config{Store: st2})
	white2, black2 := dial(t, n2.url), dial(t, n2.url)
	if _, err := white2.Resume(ctxT(t), seatW.Game, seatW.Token); err != nil {
		t.Fatal(err)
	}
	if _, err := black2.Resume(ctxT(t), seatB.Game, seatB.Token); err != nil {
		t.Fatal(err)
	}
	after := white2.State()
	if after.Version != before.Version || !slices.Equal(after.Moves, before.Moves) || after.Status != protocol.StatusPlaying {
		t.Fatalf("after the restart: %+v\nbefore: %+v", after, before)
	}
	for !g.g.Outcome().Over() {
		playMove(t, g, white2, black2)
	}
	if s := black2.State(); s.Result != g.g.Outcome().Result.Score() {
		t.Fatalf("result %s, rules say %s", s.Result, g.g.Outcome().Result.Score())
	}
}

// TestBadMessages talks to the socket directly.
func TestBadMessages(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st, CreatePerMinute: 1})
	ctx := ctxT(t)
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(n.url, "http")+protocol.SocketPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	// exchange sends a message and returns the answer to it (id n: the
	// message with re n; id 0: the next message).
	exchange := func(msg string, id int64) protocol.ServerMessage {
		t.Helper()
		if err := ws.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
			t.Fatal(err)
		}
		for {
			_, b, err := ws.Read(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var m protocol.ServerMessage
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(err)
			}
			if m.Re == id {
				return m
			}
		}
	}
	for _, tc := range []struct {
		send string
		id   int64
		code string
	}{
		{`{"type":"create","id":1}`, 1, protocol.ErrBadMessage}, // before hello
		{`{"type":"hello","protocol":99,"id":2}`, 2, protocol.ErrUnsupportedVersion},
		{`not json`, 0, protocol.ErrBadMessage},
		{`{"type":"hello","protocol":1,"id":3}`, 3, ""},
		{`{"type":"fly","id":4}`, 4, protocol.ErrBadMessage},
		{`{"type":"create","variant":"chess","id":5}`, 5, protocol.ErrBadMessage},
		{`{"type":"create","clock":{"kind":"live","initial":5},"id":6}`, 6, protocol.ErrBadMessage},
		{`{"type":"create","clock":{"kind":"correspondence","days":99},"id":7}`, 7, protocol.ErrBadMessage},
		{`{"type":"answer-draw","id":8}`, 8, protocol.ErrBadMessage},
		{`{"type":"move","move":"c3-d4; DROP TABLE games","ply":0,"id":9}`, 9, protocol.ErrIllegalMove},
	} {
		m := exchange(tc.send, tc.id)
		if m.Code != tc.code {
			t.Errorf("%s: got %+v, want code %q", tc.send, m, tc.code)
		}
	}
	// Game creation is rate limited (1 a minute, burst 10, here).
	limited := false
	for i := range 12 {
		m := exchange(`{"type":"create","id":100}`, 100)
		if m.Code == protocol.ErrRateLimited {
			limited = i >= 10
			break
		}
	}
	if !limited {
		t.Error("game creation was not rate limited after its burst of 10")
	}
	// Too large a message closes the connection with 1009.
	ws.Write(ctx, websocket.MessageText, []byte(`{"type":"ping","client":"`+strings.Repeat("x", protocol.MaxMessageBytes)+`"}`))
	_, _, err = ws.Read(ctx)
	if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
		t.Errorf("after a message too large: %v", err)
	}
}
