package server_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/server"
	"bashni/rules"
)

// lobbyNode is a single node on SQLite with a short grace and first-move
// time, for the lobby's tests.
func lobbyNode(t *testing.T, lc server.LobbyConfig) *node {
	t.Helper()
	st, _ := sqliteStore(t)
	if lc.Grace == 0 {
		lc.Grace = 50 * time.Millisecond
	}
	if lc.Every == 0 {
		lc.Every = 20 * time.Millisecond
	}
	return startNode(t, server.Config{Store: st, Lobby: lc})
}

var blitz = client.SeekRequest{Variant: "bashni", Clock: protocol.Blitz5}

// waitLobby reads c's events until a lobby update satisfies ok.
func waitLobby(t *testing.T, c *client.Conn, what string, ok func(*protocol.LobbyUpdate) bool) {
	t.Helper()
	waitFor(t, c, what, func(ev client.Event) bool { return ev.Kind == client.KindLobby && ok(ev.Lobby) })
}

func hasSeek(u *protocol.LobbyUpdate, id string) bool {
	for _, s := range u.Added {
		if s.ID == id {
			return true
		}
	}
	return false
}

func dropsSeek(u *protocol.LobbyUpdate, id string) bool {
	for _, r := range u.Removed {
		if r == id {
			return true
		}
	}
	return false
}

// TestSeekAndAccept: a seek shows in a watcher's lobby; taking it starts a
// game in which both players hold a seat with a working token, and the
// seek leaves the lobby.
func TestSeekAndAccept(t *testing.T) {
	n := lobbyNode(t, server.LobbyConfig{})
	ctx := ctxT(t)
	owner, taker, watcher := dial(t, n.url), dial(t, n.url), dial(t, n.url)
	l, err := watcher.Lobby(ctx)
	if err != nil || len(l.Seeks) != 0 || l.Players < 0 {
		t.Fatalf("lobby %+v %v", l, err)
	}
	sk, err := owner.Seek(ctx, client.SeekRequest{Variant: "lasca", Clock: protocol.Clock{Kind: protocol.ClockLive, Initial: 180, Increment: 2}, Color: protocol.Black})
	if err != nil {
		t.Fatal(err)
	}
	if sk.Variant != "lasca" || sk.Color != protocol.Black || sk.Rated || len(sk.ID) != protocol.SeekIDLength {
		t.Fatalf("seek %+v", sk)
	}
	waitLobby(t, watcher, "the seek's arrival", func(u *protocol.LobbyUpdate) bool { return hasSeek(u, sk.ID) })
	if l, err := taker.Lobby(ctx); err != nil || len(l.Seeks) != 1 || l.Seeks[0].ID != sk.ID || l.Seeks[0].Clock.Initial != 180 {
		t.Fatalf("lobby %+v %v", l, err)
	}
	seat, err := taker.AcceptSeek(ctx, sk.ID)
	if err != nil {
		t.Fatal(err)
	}
	if seat.Color != protocol.White || seat.Token == "" {
		t.Fatalf("taker's seat %+v", seat)
	}
	ev := waitFor(t, owner, "the owner's pairing", func(ev client.Event) bool { return ev.Kind == client.KindPaired })
	os := owner.Seat()
	if ev.Game != seat.Game || ev.Seek.ID != sk.ID || os.Color != protocol.Black || os.Token == "" || os.Token == seat.Token {
		t.Fatalf("owner's seat %+v after %+v, taker's %+v", os, ev, seat)
	}
	if st := owner.State(); st.Status != protocol.StatusPlaying || st.Variant != "lasca" || st.Clock.Initial != 180 {
		t.Fatalf("the paired game %+v", st)
	}
	waitLobby(t, watcher, "the seek's removal", func(u *protocol.LobbyUpdate) bool { return dropsSeek(u, sk.ID) })
	// The seats are real: the owner's token resumes its seat elsewhere,
	// and the game goes on.
	again := dial(t, n.url)
	if s, err := again.Resume(ctx, os.Game, os.Token); err != nil || s.Color != protocol.Black {
		t.Fatalf("resume with the paired token: %+v %v", s, err)
	}
	if err := taker.Move(ctx, rules.NewGame(rules.Lasca).LegalMoves()[0].String()); err != nil {
		t.Fatal(err)
	}
	// The game is in the playing list.
	games, err := watcher.Playing(ctx)
	if err != nil || len(games) != 1 || games[0].Game != seat.Game || games[0].Variant != "lasca" {
		t.Fatalf("playing %+v %v", games, err)
	}
	// Taken once: a second taker finds it gone.
	if _, err := dial(t, n.url).AcceptSeek(ctx, sk.ID); errCode(err) != protocol.ErrSeekGone {
		t.Fatalf("second accept: %v", err)
	}
}

func TestSeekRefusals(t *testing.T) {
	n := lobbyNode(t, server.LobbyConfig{})
	ctx := ctxT(t)
	a := dial(t, n.url)
	sk, err := a.Seek(ctx, blitz)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		do   func() error
		want string
	}{
		{"own seek", func() error { _, err := a.AcceptSeek(ctx, sk.ID); return err }, protocol.ErrOwnSeek},
		{"a second seek of the kind", func() error { _, err := a.Seek(ctx, blitz); return err }, protocol.ErrAlreadySeeking},
		{"rated without a name", func() error {
			_, err := a.Seek(ctx, client.SeekRequest{Variant: "bashni", Clock: protocol.Rapid10, Rated: true})
			return err
		}, protocol.ErrNameRequired},
		{"rated quick pairing without a name", func() error {
			_, _, _, err := a.QuickPair(ctx, client.SeekRequest{Variant: "bashni", Clock: protocol.Rapid10, Rated: true})
			return err
		}, protocol.ErrNameRequired},
		{"a range nobody unnamed is in", func() error {
			r := &protocol.RatingRange{Min: 1400, Max: 1600}
			if _, err := a.Seek(ctx, client.SeekRequest{Variant: "lasca", Clock: protocol.Blitz5, Range: r}); err != nil {
				return err
			}
			l, _ := dial(t, n.url).Lobby(ctx)
			for _, s := range l.Seeks {
				if s.Range != nil {
					_, err := dial(t, n.url).AcceptSeek(ctx, s.ID)
					return err
				}
			}
			return nil
		}, protocol.ErrOutOfRange},
		{"cancel another's seek", func() error { return dial(t, n.url).CancelSeek(ctx, sk.ID) }, protocol.ErrSeekGone},
		{"an untimed seek", func() error {
			_, err := a.Seek(ctx, client.SeekRequest{Variant: "bashni", Clock: protocol.Untimed})
			return err
		}, protocol.ErrBadMessage},
		{"no such seek", func() error { _, err := a.AcceptSeek(ctx, "ZZZZZZZZ"); return err }, protocol.ErrSeekGone},
		{"a bad seek id", func() error { _, err := a.AcceptSeek(ctx, "0000"); return err }, protocol.ErrBadMessage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := errCode(tc.do()); got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
	// Cancelled, it is gone; then a new one of the kind may be opened.
	if err := a.CancelSeek(ctx, sk.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Seek(ctx, blitz); err != nil {
		t.Fatalf("a seek after cancelling: %v", err)
	}
}

// TestSeekTakenOnce: many connections take one seek at once, again and
// again: exactly one is seated each time.
func TestSeekTakenOnce(t *testing.T) {
	n := lobbyNode(t, server.LobbyConfig{})
	takenOnce(t, []string{n.url}, 12, 5)
}

// takenOnce races takers spread over the nodes' urls for rounds seeks.
func takenOnce(t *testing.T, urls []string, takers, rounds int) {
	t.Helper()
	ctx := ctxT(t)
	conns := make([]*client.Conn, takers)
	for i := range conns {
		conns[i] = dial(t, urls[i%len(urls)])
	}
	for round := range rounds {
		owner := dial(t, urls[round%len(urls)])
		sk, err := owner.Seek(ctx, blitz)
		if err != nil {
			t.Fatal(err)
		}
		// Every taker's node must know the seek before the race.
		for _, u := range urls {
			w := dial(t, u)
			for {
				l, err := w.Lobby(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if len(l.Seeks) > 0 && l.Seeks[len(l.Seeks)-1].ID == sk.ID {
					break
				}
				waitLobby(t, w, "the seek on every node", func(u *protocol.LobbyUpdate) bool { return hasSeek(u, sk.ID) })
				break
			}
			w.Close()
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		var seated []client.Seat
		start := make(chan struct{})
		for _, c := range conns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				s, err := c.AcceptSeek(ctx, sk.ID)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					seated = append(seated, s)
				case errCode(err) != protocol.ErrSeekGone:
					t.Errorf("accept: %v", err)
				}
			}()
		}
		close(start)
		wg.Wait()
		if len(seated) != 1 {
			t.Fatalf("round %d: %d takers seated: %+v", round, len(seated), seated)
		}
		waitFor(t, owner, "the owner's pairing", func(ev client.Event) bool { return ev.Kind == client.KindPaired && ev.Game == seated[0].Game })
	}
}

// TestSeekGoesWithItsOwner: a seek whose owner disconnects leaves the
// lobby after the grace.
func TestSeekGoesWithItsOwner(t *testing.T) {
	n := lobbyNode(t, server.LobbyConfig{})
	ctx := ctxT(t)
	owner, watcher := dial(t, n.url), dial(t, n.url)
	if _, err := watcher.Lobby(ctx); err != nil {
		t.Fatal(err)
	}
	sk, err := owner.Seek(ctx, blitz)
	if err != nil {
		t.Fatal(err)
	}
	waitLobby(t, watcher, "the seek", func(u *protocol.LobbyUpdate) bool { return hasSeek(u, sk.ID) })
	owner.Close()
	waitLobby(t, watcher, "the seek's removal", func(u *protocol.LobbyUpdate) bool { return dropsSeek(u, sk.ID) })
	if _, err := watcher.AcceptSeek(ctx, sk.ID); errCode(err) != protocol.ErrSeekGone {
		t.Fatalf("accepting a departed owner's seek: %v", err)
	}
}

// TestQuickPair: the first quick pairing opens a seek, the second of the
// same kind takes it; another kind does not match.
func TestQuickPair(t *testing.T) {
	n := lobbyNode(t, server.LobbyConfig{})
	ctx := ctxT(t)
	a, b, c := dial(t, n.url), dial(t, n.url), dial(t, n.url)
	_, sk, paired, err := a.QuickPair(ctx, blitz)
	if err != nil || paired {
		t.Fatalf("first quick pairing: paired %v, %v", paired, err)
	}
	if _, _, paired, err := c.QuickPair(ctx, client.SeekRequest{Variant: "lasca", Clock: protocol.Blitz5}); err != nil || paired {
		t.Fatalf("another kind: paired %v, %v", paired, err)
	}
	seat, got, paired, err := b.QuickPair(ctx, blitz)
	if err != nil || !paired || got.ID != sk.ID {
		t.Fatalf("second quick pairing: %+v %+v %v %v", seat, got, paired, err)
	}
	waitFor(t, a, "a's pairing", func(ev client.Event) bool { return ev.Kind == client.KindPaired && ev.Game == seat.Game })
}

// TestAbortWithoutFirstMove: a paired game whose side to move does not
// move in time is aborted, with no result, and the ratings hook is told
// it does not count; a game whose players move is not.
func TestAbortWithoutFirstMove(t *testing.T) {
	finished := make(chan server.Finished, 8)
	// Long enough for White's first move to reach the server in time on a
	// busy machine, in the case where only Black is slow.
	n := lobbyNode(t, server.LobbyConfig{FirstMove: 3 * time.Second, GameOver: func(f server.Finished) { finished <- f }})
	ctx := ctxT(t)
	for _, tc := range []struct {
		name  string
		moves int // plies played before waiting
		by    string
	}{
		{"white never moves", 0, protocol.White},
		{"black never answers", 1, protocol.Black},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := dial(t, n.url), dial(t, n.url)
			sk, err := a.Seek(ctx, client.SeekRequest{Variant: "bashni", Clock: protocol.Blitz5, Color: protocol.White})
			if err != nil {
				t.Fatal(err)
			}
			seat, err := b.AcceptSeek(ctx, sk.ID)
			if err != nil {
				t.Fatal(err)
			}
			waitFor(t, a, "the pairing", func(ev client.Event) bool { return ev.Kind == client.KindPaired })
			g := newRulesGame(3)
			for range tc.moves {
				m := g.pick()
				if err := a.Move(ctx, m); err != nil {
					t.Fatal(err)
				}
				g.play(t, m)
			}
			waitUntil(t, b, "the abort", func(st protocol.GameState) bool { return st.Status == protocol.StatusOver })
			st := b.State()
			if st.Reason != protocol.ReasonAborted || st.Result != "*" || st.Ply != tc.moves {
				t.Fatalf("ended %s %s at ply %d", st.Result, st.Reason, st.Ply)
			}
			select {
			case f := <-finished:
				if f.Game != seat.Game || f.Counts || f.Reason != protocol.ReasonAborted || f.Result != "*" {
					t.Fatalf("the ratings hook was told %+v about game %s", f, seat.Game)
				}
			case <-time.After(patience):
				t.Fatal("the ratings hook was not told of the abort")
			}
		})
	}
	// A game both sides moved in counts: a resignation is rated. (On a
	// node whose first-move time no busy machine can exceed.)
	slow := lobbyNode(t, server.LobbyConfig{FirstMove: patience, GameOver: func(f server.Finished) { finished <- f }})
	a, b := dial(t, slow.url), dial(t, slow.url)
	sk, err := a.Seek(ctx, client.SeekRequest{Variant: "bashni", Clock: protocol.Blitz5, Color: protocol.White})
	if err != nil {
		t.Fatal(err)
	}
	seat, err := b.AcceptSeek(ctx, sk.ID)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, a, "the pairing", func(ev client.Event) bool { return ev.Kind == client.KindPaired })
	g := newRulesGame(4)
	playMove(t, g, a, b)
	playMove(t, g, a, b)
	if err := b.Resign(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case f := <-finished:
		if f.Game != seat.Game || !f.Counts || f.Result != "1-0" || f.Reason != protocol.ReasonResignation {
			t.Fatalf("the ratings hook was told %+v", f)
		}
	case <-time.After(patience):
		t.Fatal("the ratings hook was not told of the resignation")
	}
}

// TestVersion1ClientUnchanged: a client that only plays friends by link,
// with the version-1 messages, sees nothing of a busy lobby.
func TestVersion1ClientUnchanged(t *testing.T) {
	n := lobbyNode(t, server.LobbyConfig{})
	ctx := ctxT(t)
	watcher := dial(t, n.url)
	if _, err := watcher.Lobby(ctx); err != nil {
		t.Fatal(err)
	}
	w, b := helloRaw(t, n.url), helloRaw(t, n.url)
	seated, _ := w.ask(`{"type":"create","variant":"bashni","color":"white","clock":{"kind":"live","initial":300,"increment":3}}`)
	if seated.Type != protocol.TypeSeated {
		t.Fatalf("create: %s", seated.JSON)
	}
	// The lobby is busy meanwhile.
	if _, err := dial(t, n.url).Seek(ctx, blitz); err != nil {
		t.Fatal(err)
	}
	joined, _ := b.ask(`{"type":"join","game":"` + seated.Game + `"}`)
	if joined.Type != protocol.TypeSeated {
		t.Fatalf("join: %s", joined.JSON)
	}
	moved, before := w.ask(`{"type":"move","move":"` + newRulesGame(9).pick() + `","ply":0}`)
	if moved.Type != protocol.TypeUpdate || moved.Update.Ply != 1 {
		t.Fatalf("move: %s", moved.JSON)
	}
	for _, m := range before {
		if strings.HasPrefix(m.Type, "lobby") || m.Type == protocol.TypeSeeking {
			t.Fatalf("a friend game's client got %s", m.JSON)
		}
	}
	w.quiet("after the move")
	// A friend game is never aborted for a slow first move: it has no
	// first-move time (its created event has none).
	if strings.Contains(seated.JSON, "seek") {
		t.Fatalf("seated of a friend game: %s", seated.JSON)
	}
}

// pairOff pairs two new connections through a seek; it returns the owner
// (White) and the taker.
func pairOff(t *testing.T, url string) (*client.Conn, *client.Conn, string) {
	t.Helper()
	ctx := ctxT(t)
	a, b := dial(t, url), dial(t, url)
	sk, err := a.Seek(ctx, client.SeekRequest{Variant: "bashni", Clock: protocol.Rapid10, Color: protocol.White})
	if err != nil {
		t.Fatal(err)
	}
	seat, err := b.AcceptSeek(ctx, sk.ID)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, a, "the pairing", func(ev client.Event) bool { return ev.Kind == client.KindPaired })
	return a, b, seat.Game
}

// TestWatchTop: watch-top follows the top game, and moves on to the next
// when it ends.
func TestWatchTop(t *testing.T) {
	n := lobbyNode(t, server.LobbyConfig{})
	ctx := ctxT(t)
	tv := dial(t, n.url)
	if game, err := tv.WatchTop(ctx); err != nil || game != "" {
		t.Fatalf("watch-top with no game: %q %v", game, err)
	}
	_, _, first := pairOff(t, n.url)
	ev := waitFor(t, tv, "the first game on TV", func(ev client.Event) bool { return ev.Kind == client.KindTop })
	if ev.Game != first || tv.State().Game != first || tv.State().You != protocol.Spectator {
		t.Fatalf("TV shows %q (state %+v), want %s", ev.Game, tv.State(), first)
	}
	_, b2, second := pairOff(t, n.url)
	// Unrated players: the newest game is on top.
	if game, err := tv.WatchTop(ctx); err != nil || game != second {
		t.Fatalf("watch-top: %q %v, want %s", game, err, second)
	}
	if err := b2.Resign(ctx); err != nil {
		t.Fatal(err)
	}
	ev = waitFor(t, tv, "the next game on TV", func(ev client.Event) bool { return ev.Kind == client.KindTop })
	if ev.Game != first {
		t.Fatalf("TV moved to %s, want %s", ev.Game, first)
	}
	// Watching another game by hand stops following.
	if err := tv.Watch(ctx, second); err != nil {
		t.Fatal(err)
	}
}

// TestSeekLimits: seeks are rate-limited per address, and bounded per
// player and in all.
func TestSeekLimits(t *testing.T) {
	ctx := ctxT(t)
	n := lobbyNode(t, server.LobbyConfig{SeeksPerMinute: 1, MaxSeeks: 3})
	a, b := dial(t, n.url), dial(t, n.url)
	clocks := []protocol.Clock{protocol.Blitz5, protocol.Rapid10, {Kind: protocol.ClockCorrespondence, Days: 1}}
	for _, c := range clocks {
		if _, err := a.Seek(ctx, client.SeekRequest{Variant: "bashni", Clock: c}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := b.Seek(ctx, client.SeekRequest{Variant: "lasca", Clock: protocol.Blitz5}); errCode(err) != protocol.ErrLobbyFull {
		t.Fatalf("a seek past the server's bound: %v", err)
	}
	// The burst is 10 a minute: the rest of it goes, then the limit.
	var err error
	for range 10 {
		if _, _, _, err = b.QuickPair(ctx, client.SeekRequest{Variant: "lasca", Clock: protocol.Rapid10}); errCode(err) == protocol.ErrRateLimited {
			break
		}
	}
	if errCode(err) != protocol.ErrRateLimited {
		t.Fatalf("seeks past the rate limit: %v", err)
	}
}

// TestRatedPairing: two named players pair through a rated seek; the lobby
// shows the seeker's name and rating, the game's cards and the playing
// list the players, and the game is rated at its end.
func TestRatedPairing(t *testing.T) {
	n := lobbyNode(t, server.LobbyConfig{FirstMove: patience})
	ctx := ctxT(t)
	alice, _, aliceKey := named(t, n.url, "Alice")
	bob, _, _ := named(t, n.url, "Bob")
	nameless, _, _ := named(t, n.url, "")
	rated := client.SeekRequest{Variant: "bashni", Clock: protocol.Blitz5, Rated: true, Color: protocol.White}
	if _, err := nameless.Seek(ctx, rated); errCode(err) != protocol.ErrNameRequired {
		t.Fatalf("a rated seek by a player without a name: %v", err)
	}
	sk, err := alice.Seek(ctx, rated)
	if err != nil {
		t.Fatal(err)
	}
	if sk.Name != "Alice" || sk.Rating != 1500 || !sk.Provisional || !sk.Rated {
		t.Fatalf("Alice's seek %+v", sk)
	}
	if _, err := nameless.AcceptSeek(ctx, sk.ID); errCode(err) != protocol.ErrNameRequired {
		t.Fatalf("a player without a name takes a rated seek: %v", err)
	}
	// The same player on another connection cannot take their own seek.
	other := dial(t, n.url)
	if _, err := other.Identify(ctx, aliceKey); err != nil {
		t.Fatal(err)
	}
	if _, err := other.AcceptSeek(ctx, sk.ID); errCode(err) != protocol.ErrOwnSeek {
		t.Fatalf("Alice takes her own seek from another connection: %v", err)
	}
	seat, err := bob.AcceptSeek(ctx, sk.ID)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, alice, "Alice's pairing", func(ev client.Event) bool { return ev.Kind == client.KindPaired && ev.Game == seat.Game })
	if st := bob.State(); st.White.Name != "Alice" || st.Black.Name != "Bob" || st.White.Rating != 1500 {
		t.Fatalf("the game's cards: white %+v black %+v", st.White, st.Black)
	}
	games, err := bob.Playing(ctx)
	if err != nil || len(games) != 1 || games[0].White.Name != "Alice" || games[0].Black.Name != "Bob" || !games[0].Rated {
		t.Fatalf("playing %+v %v", games, err)
	}
	g := newRulesGame(8)
	playMove(t, g, alice, bob)
	playMove(t, g, alice, bob)
	if err := bob.Resign(ctx); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, alice, "the ratings", func(s protocol.GameState) bool { return s.Ratings != nil })
	if r := alice.State().Ratings; r.White.Change <= 0 || r.Black.Change >= 0 {
		t.Fatalf("ratings after Bob resigned: %+v", r)
	}
}
