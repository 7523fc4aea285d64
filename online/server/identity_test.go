package server_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/server"
)

// named dials, identifies with a fresh key and takes a name.
func named(t *testing.T, url, name string) (*client.Conn, protocol.Identity, string) {
	t.Helper()
	c := dial(t, url)
	key := protocol.NewKey()
	id, err := c.Identify(ctxT(t), key)
	if err != nil {
		t.Fatal(err)
	}
	if name != "" {
		if id, err = c.SetName(ctxT(t), name); err != nil {
			t.Fatal(err)
		}
	}
	return c, id, key
}

func TestNames(t *testing.T) {
	st, _ := sqliteStore(t)
	clock := clockwork.NewFakeClockAt(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	n := startNode(t, server.Config{Store: st, Clock: clock})
	ctx := ctxT(t)

	a := dial(t, n.url)
	if _, err := a.SetName(ctx, "Anna"); errCode(err) != protocol.ErrNotIdentified {
		t.Fatalf("a name before identifying: %v", err)
	}
	key := protocol.NewKey()
	first, err := a.Identify(ctx, key)
	if err != nil || first.Player == "" || first.Name != "" {
		t.Fatalf("identify: %+v %v", first, err)
	}
	// The same key is the same player, on any connection.
	if again, err := dial(t, n.url).Identify(ctx, key); err != nil || again.Player != first.Player {
		t.Fatalf("the same key: %+v %v", again, err)
	}
	// A player key is checked like a token; a bad one names the field.
	if _, err := a.Identify(ctx, "short"); errCode(err) != protocol.ErrBadMessage || !strings.Contains(err.Error(), "player key") {
		t.Fatalf("a bad key: %v", err)
	}
	for _, c := range []struct{ name, code string }{
		{"ab", protocol.ErrBadName},
		{"a b c", protocol.ErrBadName},
		{"Administrator", protocol.ErrBadName},
		{"MODERATOR", protocol.ErrBadName},
		{"comp-uter", protocol.ErrBadName},
		{strings.Repeat("x", 21), protocol.ErrBadName},
		{strings.Repeat("x", 200), protocol.ErrBadName},
		{"नमस्ते", protocol.ErrBadName}, // letters no font of the game draws
	} {
		if _, err := a.SetName(ctx, c.name); errCode(err) != c.code {
			t.Errorf("name %q: %v, want %s", c.name, err, c.code)
		}
	}
	id, err := a.SetName(ctx, "Иван_Петров")
	if err != nil || id.Name != "Иван_Петров" || id.RenameAfter != clock.Now().Add(30*24*time.Hour).UnixMilli() {
		t.Fatalf("set-name: %+v %v", id, err)
	}
	b, _, _ := named(t, n.url, "")
	for _, taken := range []string{"иван_петров", "ИВАН_ПЕТРОВ", "Иван_Петров"} {
		if _, err := b.SetName(ctx, taken); errCode(err) != protocol.ErrNameTaken {
			t.Errorf("%q: %v, want name-taken", taken, err)
		}
	}
	// Once a month.
	if _, err := a.SetName(ctx, "Ivan"); errCode(err) != protocol.ErrTooSoon {
		t.Fatalf("a second name at once: %v", err)
	}
	clock.Advance(30*24*time.Hour + time.Second)
	if id, err := a.SetName(ctx, "Ivan"); err != nil || id.Name != "Ivan" {
		t.Fatalf("a month later: %+v %v", id, err)
	}
	// The old name is free again.
	if _, err := b.SetName(ctx, "ИВАН_петров"); err != nil {
		t.Fatal(err)
	}
}

// TestNameAttemptsLimited: names are tried at most namePerMinute a minute
// from one address (after a burst of 10), so that nobody lists the names
// taken.
func TestNameAttemptsLimited(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st, Clock: clockwork.NewFakeClock()})
	c, _, _ := named(t, n.url, "")
	limited := false
	for i := range 20 {
		_, err := c.SetName(ctxT(t), fmt.Sprint("Probe", i))
		if errCode(err) == protocol.ErrRateLimited {
			limited = true
			break
		}
	}
	if !limited {
		t.Fatal("20 name attempts at once were all answered")
	}
}

// TestKeyNeverStored: the database holds the key's hash, never the key.
func TestKeyNeverStored(t *testing.T) {
	st, path := sqliteStore(t)
	n := startNode(t, server.Config{Store: st})
	c, id, key := named(t, n.url, "Secretive")
	tr, err := c.TransferCode(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	n.stop()
	st.Close()
	var all []byte
	files, _ := filepath.Glob(path + "*")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	if !bytes.Contains(all, []byte(id.Player)) {
		t.Fatal("the database does not hold the player at all: the test reads the wrong file")
	}
	for what, secret := range map[string]string{"key": key, "transfer code": tr.Code} {
		if bytes.Contains(all, []byte(secret)) {
			t.Errorf("the database holds the %s", what)
		}
	}
}

func TestTransfer(t *testing.T) {
	st, _ := sqliteStore(t)
	clock := clockwork.NewFakeClock()
	n := startNode(t, server.Config{Store: st, Clock: clock})
	ctx := ctxT(t)
	old, id, oldKey := named(t, n.url, "Wanderer")
	if _, err := dial(t, n.url).TransferCode(ctx); errCode(err) != protocol.ErrNotIdentified {
		t.Fatalf("a code for nobody: %v", err)
	}
	tr, err := old.TransferCode(ctx)
	if err != nil || len(tr.Code) != protocol.TransferCodeLength || tr.Expires != clock.Now().Add(10*time.Minute).UnixMilli() {
		t.Fatalf("transfer code: %+v %v", tr, err)
	}
	if link := protocol.TransferLink("https://bashni.example/play", tr.Code); link != "https://bashni.example/play?transfer="+tr.Code {
		t.Fatalf("link %s", link)
	}
	// A key in use cannot receive an identity.
	other, _, otherKey := named(t, n.url, "")
	if _, err := other.ClaimTransfer(ctx, tr.Code, otherKey); errCode(err) != protocol.ErrBadMessage {
		t.Fatalf("claimed onto a key in use: %v", err)
	}
	// The new device claims with a key of its own, the code typed loosely.
	newDev := dial(t, n.url)
	newKey := protocol.NewKey()
	loose := strings.ToLower(tr.Code[:5]) + "-" + tr.Code[5:]
	got, err := newDev.ClaimTransfer(ctx, loose, newKey)
	if err != nil || got.Player != id.Player || got.Name != "Wanderer" {
		t.Fatalf("claim: %+v %v", got, err)
	}
	// The old device is told, and can no longer act as the player.
	ev := waitFor(t, old, "the move", func(ev client.Event) bool { return ev.Kind == client.KindMoved })
	if errCode(ev.Err) != protocol.ErrKeyMoved {
		t.Fatalf("moved event: %v", ev.Err)
	}
	if _, err := old.TransferCode(ctx); errCode(err) != protocol.ErrNotIdentified {
		t.Fatalf("the old device still acts: %v", err)
	}
	if _, err := dial(t, n.url).Identify(ctx, oldKey); errCode(err) != protocol.ErrKeyMoved {
		t.Fatalf("the old key: %v", err)
	}
	// Single use.
	if _, err := dial(t, n.url).ClaimTransfer(ctx, tr.Code, protocol.NewKey()); errCode(err) != protocol.ErrBadCode {
		t.Fatalf("a code used twice: %v", err)
	}
	if again, err := dial(t, n.url).Identify(ctx, newKey); err != nil || again.Player != id.Player {
		t.Fatalf("the new key: %+v %v", again, err)
	}
	// Expiry.
	tr2, err := newDev.TransferCode(ctx)
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(10*time.Minute + time.Second)
	if _, err := dial(t, n.url).ClaimTransfer(ctx, tr2.Code, protocol.NewKey()); errCode(err) != protocol.ErrBadCode {
		t.Fatalf("an expired code: %v", err)
	}
	// A malformed code is refused as such.
	if _, err := dial(t, n.url).ClaimTransfer(ctx, "0O1I", protocol.NewKey()); errCode(err) != protocol.ErrBadCode {
		t.Fatalf("a malformed code: %v", err)
	}
}

// TestTransferAttemptsLimited: codes are guessed at most claimPerMinute a
// minute from one address.
func TestTransferAttemptsLimited(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st, Clock: clockwork.NewFakeClock()})
	c := dial(t, n.url)
	for i := range 20 {
		_, err := c.ClaimTransfer(ctxT(t), protocol.NewTransferCode(), protocol.NewKey())
		if errCode(err) == protocol.ErrRateLimited {
			return
		}
		if errCode(err) != protocol.ErrBadCode {
			t.Fatalf("guess %d: %v", i, err)
		}
	}
	t.Fatal("20 guesses at once were all answered")
}

// ratedPair seats two named players in a game and records it as a rated
// match, as the lobby does when it pairs them.
func ratedPair(t *testing.T, srv *server.Server, white, black *client.Conn, wid, bid string, rated bool) string {
	t.Helper()
	sw, _ := pair(t, white, black, protocol.Blitz5)
	if err := srv.Identities().StartMatch(ctxT(t), sw.Game, "bashni", protocol.Blitz5, rated, wid, bid); err != nil {
		t.Fatal(err)
	}
	return sw.Game
}

func overWith(t *testing.T, c *client.Conn) protocol.GameState {
	t.Helper()
	waitUntil(t, c, "the end", func(s protocol.GameState) bool { return s.Status == protocol.StatusOver })
	return c.State()
}

func TestRatedGameEnd(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st})
	ctx := ctxT(t)
	white, wid, wkey := named(t, n.url, "Alice")
	black, bid, _ := named(t, n.url, "Bob")
	game := ratedPair(t, n.srv, white, black, wid.Player, bid.Player, true)
	g := newRulesGame(21)
	for range 4 {
		playMove(t, g, white, black)
	}
	if err := black.Resign(ctx); err != nil {
		t.Fatal(err)
	}
	ws, bs := overWith(t, white), overWith(t, black)
	if ws.Ratings == nil || bs.Ratings == nil || *ws.Ratings != *bs.Ratings {
		t.Fatalf("ratings: white sees %+v, black %+v", ws.Ratings, bs.Ratings)
	}
	r := *ws.Ratings
	if r.Speed != "blitz" || r.White.Before != 1500 || r.Black.Before != 1500 || r.White.Change <= 0 || r.Black.Change != -r.White.Change ||
		r.White.After != 1500+r.White.Change || !r.White.Provisional {
		t.Fatalf("ratings %+v", r)
	}
	// A spectator arriving later sees them in the state.
	watcher := dial(t, n.url)
	if err := watcher.Watch(ctx, game); err != nil {
		t.Fatal(err)
	}
	if s := watcher.State(); s.Ratings == nil || *s.Ratings != r {
		t.Fatalf("the watcher's state: %+v", s.Ratings)
	}
	// The identity now carries the rating.
	id, err := dial(t, n.url).Identify(ctx, wkey)
	if err != nil || len(id.Ratings) != 1 || id.Ratings[0].Rating != r.White.After || id.Ratings[0].Wins != 1 {
		t.Fatalf("identity %+v %v", id, err)
	}
	prof, err := dial(t, n.url).Profile(ctx, "alice")
	if err != nil {
		t.Fatal(err)
	}
	if prof.Name != "Alice" || prof.Wins != 1 || prof.Losses != 0 || len(prof.Ratings) != 1 || len(prof.Games) != 1 {
		t.Fatalf("profile %+v", prof)
	}
	pr := prof.Ratings[0]
	if pr.Variant != "bashni" || pr.Speed != "blitz" || pr.Rating != r.White.After || !pr.Provisional || len(pr.History) != 1 || pr.History[0].Game != game {
		t.Fatalf("profile rating %+v", pr)
	}
	if gl := prof.Games[0]; gl.Game != game || gl.White != "Alice" || gl.Black != "Bob" || gl.Result != "1-0" || gl.Status != protocol.StatusOver || !gl.Rated || gl.Ratings == nil {
		t.Fatalf("profile game %+v", gl)
	}
	if _, err := dial(t, n.url).Profile(ctx, "Nobody_here"); errCode(err) != protocol.ErrNotFound {
		t.Fatalf("an unknown profile: %v", err)
	}
	// One rated game leaves both provisional: the leaderboard is empty.
	board, err := dial(t, n.url).Leaderboard(ctx, "bashni", "blitz")
	if err != nil || len(board.Players) != 0 || board.Speed != "blitz" {
		t.Fatalf("board %+v %v", board, err)
	}
	if _, err := dial(t, n.url).Leaderboard(ctx, "bashni", "lightning"); errCode(err) != protocol.ErrBadMessage {
		t.Fatalf("a bad speed: %v", err)
	}
}

// TestUnratedGameEnds: casual matches, matches with an unnamed player and
// aborted matches change no rating; a game in progress shows in the
// profile as playing.
func TestUnratedGameEnds(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st})
	ctx := ctxT(t)
	alice, aid, _ := named(t, n.url, "Alice")
	bob, bid, _ := named(t, n.url, "Bob")
	anon, xid, _ := named(t, n.url, "")
	for _, c := range []struct {
		name         string
		black        *client.Conn
		bid          string
		rated, abort bool
	}{
		{"casual", bob, bid.Player, false, false},
		{"unnamed", anon, xid.Player, true, false},
		{"aborted", bob, bid.Player, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			game := ratedPair(t, n.srv, alice, c.black, aid.Player, c.bid, c.rated)
			if c.abort {
				if ok, err := n.srv.Identities().Abort(ctx, game); !ok || err != nil {
					t.Fatalf("abort: %v %v", ok, err)
				}
			}
			if err := c.black.Resign(ctx); err != nil {
				t.Fatal(err)
			}
			if s := overWith(t, alice); s.Ratings != nil {
				t.Fatalf("ratings %+v", s.Ratings)
			}
		})
	}
	live := ratedPair(t, n.srv, alice, bob, aid.Player, bid.Player, true)
	prof, err := bob.Profile(ctx, "Bob")
	if err != nil {
		t.Fatal(err)
	}
	if len(prof.Ratings) != 0 || len(prof.Games) != 3 || len(prof.Playing) != 1 || prof.Playing[0] != live || prof.Games[0].Status != protocol.StatusPlaying {
		t.Fatalf("profile %+v", prof)
	}
	if prof.Games[1].Status != "aborted" {
		t.Fatalf("the aborted game: %+v", prof.Games[1])
	}
}

// TestVersion1Client: a client that only plays friends by link, sending
// exactly the messages of protocol 1, gets exactly the answers it had:
// nothing of players, names or ratings.
func TestVersion1Client(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st})
	a, b := helloRaw(t, n.url), helloRaw(t, n.url)
	seated, before := a.ask(`{"type":"create","variant":"bashni","color":"white","clock":{"kind":"live","initial":300,"increment":3}}`)
	if seated.Type != protocol.TypeSeated || len(before) != 1 || before[0].Type != protocol.TypeState {
		t.Fatalf("create: %s", seated.JSON)
	}
	joined, _ := b.ask(`{"type":"join","game":"` + seated.Game + `"}`)
	if joined.Type != protocol.TypeSeated {
		t.Fatalf("join: %s", joined.JSON)
	}
	moved, _ := a.ask(`{"type":"move","move":"c3-d4","ply":0}`)
	resigned, _ := b.ask(`{"type":"resign"}`)
	pong, rest := a.ask(`{"type":"ping"}`)
	msgs := append([]rawMsg{seated, joined, moved, resigned, pong}, before...)
	msgs = append(msgs, rest...)
	for _, m := range msgs {
		for _, field := range []string{`"ratings"`, `"identity"`, `"profile"`, `"name"`, `"player"`} {
			if strings.Contains(m.JSON, field) {
				t.Errorf("a version-1 client got %s: %s", field, m.JSON)
			}
		}
	}
	if resigned.Update == nil || resigned.Update.Status != protocol.StatusOver || resigned.Update.Result != "1-0" {
		t.Fatalf("resign: %s", resigned.JSON)
	}
}

// resetPlayers empties the player tables of the shared PostgreSQL.
func resetPlayers(t *testing.T) {
	t.Helper()
	db, err := sql.Open("pgx", pg.DSN)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`TRUNCATE players, moved_keys, transfers, matches, ratings, rating_history`); err != nil {
		t.Fatal(err)
	}
}

// TestRatedGameAcrossNodes: the players on two nodes (PostgreSQL + NATS)
// both see the same new ratings; profiles and leaderboards read the same
// from either node; a transfer claimed on one node tells the old device on
// the other.
func TestRatedGameAcrossNodes(t *testing.T) {
	natsURL := startNATS(t)
	a, b := startClusterNode(t, "a", natsURL), startClusterNode(t, "b", natsURL)
	resetPlayers(t)
	ctx := ctxT(t)
	white, wid, _ := named(t, a.url, "Alpha")
	black, bid, _ := named(t, b.url, "Бета")
	game := ratedPair(t, a.srv, white, black, wid.Player, bid.Player, true)
	g := newRulesGame(22)
	for range 6 {
		playMove(t, g, white, black)
	}
	if err := black.OfferDraw(ctx); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, white, "the offer", func(s protocol.GameState) bool { return s.DrawOffer == protocol.Black })
	if err := white.AnswerDraw(ctx, true); err != nil {
		t.Fatal(err)
	}
	ws, bs := overWith(t, white), overWith(t, black)
	if ws.Ratings == nil || bs.Ratings == nil || *ws.Ratings != *bs.Ratings {
		t.Fatalf("white (node a) sees %+v, black (node b) %+v", ws.Ratings, bs.Ratings)
	}
	if r := *ws.Ratings; r.White.Change != 0 || r.Black.Change != 0 || r.White.After != 1500 {
		t.Fatalf("a draw between equals: %+v", r)
	}
	pa, err := dial(t, a.url).Profile(ctx, "бета")
	if err != nil {
		t.Fatal(err)
	}
	pb, err := dial(t, b.url).Profile(ctx, "БЕТА")
	if err != nil {
		t.Fatal(err)
	}
	if pa.Draws != 1 || len(pa.Games) != 1 || pa.Games[0].Game != game || len(pa.Ratings) != 1 || pa.Ratings[0].Draws != 1 {
		t.Fatalf("profile %+v", pa)
	}
	if !sameJSON(t, pa, pb) {
		t.Fatalf("node a's profile %+v, node b's %+v", pa, pb)
	}
	// Established ratings (set directly, as many games would) make the
	// leaderboard, read the same from both nodes.
	db, err := sql.Open("pgx", pg.DSN)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE ratings SET rd = 60, rating = rating + CASE WHEN player_id = $1 THEN 40 ELSE 0 END`, bid.Player); err != nil {
		t.Fatal(err)
	}
	la, err := white.Leaderboard(ctx, "bashni", "blitz")
	if err != nil {
		t.Fatal(err)
	}
	lb, err := black.Leaderboard(ctx, "bashni", "blitz")
	if err != nil {
		t.Fatal(err)
	}
	if len(la.Players) != 2 || la.Players[0].Name != "Бета" || la.Players[0].Rating != 1540 || la.Players[1].Rank != 2 || !sameJSON(t, la, lb) {
		t.Fatalf("leaderboards %+v / %+v", la, lb)
	}
	// White moves to a new device through node b: white's connection on
	// node a is told.
	tr, err := white.TransferCode(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dial(t, b.url).ClaimTransfer(ctx, tr.Code, protocol.NewKey()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, white, "the move to another device", func(ev client.Event) bool { return ev.Kind == client.KindMoved })
}

func sameJSON(t *testing.T, a, b any) bool {
	t.Helper()
	return string(mustJSON(t, a)) == string(mustJSON(t, b))
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := jsonMarshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var jsonMarshal = json.Marshal

// TestJanitorRatesMissedEnds: a rated game whose end was stored but not
// rated (here: recorded as a match only after it ended, as after a node
// stopped between the two) is rated by the janitor.
func TestJanitorRatesMissedEnds(t *testing.T) {
	st, _ := sqliteStore(t)
	clock := clockwork.NewFakeClock()
	n := startNode(t, server.Config{Store: st, Clock: clock, JanitorEvery: time.Second})
	ctx := ctxT(t)
	white, wid, _ := named(t, n.url, "Early")
	black, bid, _ := named(t, n.url, "Late")
	sw, _ := pair(t, white, black, protocol.Rapid10)
	if err := black.Resign(ctx); err != nil {
		t.Fatal(err)
	}
	overWith(t, white)
	white.Close()
	black.Close()
	if err := n.srv.Identities().StartMatch(ctx, sw.Game, "bashni", protocol.Rapid10, true, wid.Player, bid.Player); err != nil {
		t.Fatal(err)
	}
	// Poll the store (not the server, whose lookups are rate limited),
	// moving the janitor's clock on each time.
	for {
		clock.Advance(time.Second)
		rs, err := st.Ratings(ctx, wid.Player)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) == 1 {
			if rs[0].Speed != "rapid" || rs[0].Wins != 1 {
				t.Fatalf("ratings %+v", rs)
			}
			break
		}
		select {
		case <-ctx.Done():
			t.Fatal("the janitor never rated the game")
		case <-time.After(10 * time.Millisecond):
		}
	}
	prof, err := dial(t, n.url).Profile(ctx, "Late")
	if err != nil || prof.Losses != 1 || len(prof.Games) != 1 || prof.Games[0].Ratings == nil {
		t.Fatalf("profile %+v %v", prof, err)
	}
}

// TestCardsShowPlayers: a game between identified players shows the
// seats' names and ratings (the rating the game began at) in its state
// and updates; a game by link shows none.
func TestCardsShowPlayers(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st})
	ctx := ctxT(t)
	white, wid, _ := named(t, n.url, "Kasparova")
	black, _, _ := named(t, n.url, "")
	sw, sb := pair(t, white, black, protocol.Blitz5)
	if s := white.State(); s.White.Name != "" || s.Black.Name != "" || s.White.Rating != 0 {
		t.Fatalf("a game by link shows players: %+v %+v", s.White, s.Black)
	}
	// Recorded as a match (the lobby records it before the game is
	// loaded), then loaded again: both leave, then resume.
	if err := n.srv.Identities().StartMatch(ctx, sw.Game, "bashni", protocol.Blitz5, false, wid.Player, ""); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*client.Conn{white, black} {
		if err := c.Leave(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := white.Resume(ctx, sw.Game, sw.Token); err != nil {
		t.Fatal(err)
	}
	if _, err := black.Resume(ctx, sb.Game, sb.Token); err != nil {
		t.Fatal(err)
	}
	s := black.State()
	if s.White.Name != "Kasparova" || s.White.Rating != 1500 || !s.White.Provisional || s.Black.Name != "" || s.Black.Rating != 0 {
		t.Fatalf("cards: %+v %+v", s.White, s.Black)
	}
	if err := white.Move(ctx, "c3-d4"); err != nil {
		t.Fatal(err)
	}
	waitVersion(t, black, s.Version+1)
	if s := black.State(); s.White.Name != "Kasparova" || s.White.Rating != 1500 {
		t.Fatalf("after an update: %+v", s.White)
	}
}
