package server_test

import (
	"net/http"
	"testing"
	"time"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/server"
)

// namedPlayer dials a node and identifies as a new player with a name.
func namedPlayer(t *testing.T, url, name string) *client.Conn {
	t.Helper()
	c := dial(t, url)
	if _, err := c.Identify(ctxT(t), protocol.NewKey()); err != nil {
		t.Fatal(err)
	}
	if _, err := c.SetName(ctxT(t), name); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestArenaOneNode(t *testing.T) {
	st, _ := sqliteStore(t)
	cfg := arenaConfig()
	cfg.CreatePerHour = 1 // burst 2
	n := startNode(t, server.Config{Store: st, Arenas: cfg})
	ctx := ctxT(t)
	anon := dial(t, n.url)
	ann, bob, cid := namedPlayer(t, n.url, "Ann"), namedPlayer(t, n.url, "Bob"), namedPlayer(t, n.url, "Cid")

	blitz := protocol.Clock{Kind: protocol.ClockLive, Initial: 180, Increment: 2}
	refusals := []struct {
		name string
		c    *client.Conn
		do   func(*client.Conn) error
		code string
	}{
		{"create without a name", anon, func(c *client.Conn) error {
			_, err := c.CreateArena(ctx, client.ArenaRequest{Name: "x", Clock: blitz, Minutes: 30})
			return err
		}, protocol.ErrNameRequired},
		{"create without a live clock", ann, func(c *client.Conn) error {
			_, err := c.CreateArena(ctx, client.ArenaRequest{Name: "x", Clock: protocol.Clock{Kind: protocol.ClockCorrespondence, Days: 1}, Minutes: 30})
			return err
		}, protocol.ErrBadMessage},
		{"create too short", ann, func(c *client.Conn) error {
			_, err := c.CreateArena(ctx, client.ArenaRequest{Name: "x", Clock: blitz, Minutes: 5})
			return err
		}, protocol.ErrBadMessage},
		{"create starting in two days", ann, func(c *client.Conn) error {
			_, err := c.CreateArena(ctx, client.ArenaRequest{Name: "x", Clock: blitz, Minutes: 30, StartsIn: 2 * 86400})
			return err
		}, protocol.ErrBadMessage},
		{"join a bad id", ann, func(c *client.Conn) error { _, err := c.JoinArena(ctx, "K7M"); return err }, protocol.ErrBadMessage},
		{"join an unknown arena", ann, func(c *client.Conn) error { _, err := c.JoinArena(ctx, "K7MP2QAB"); return err }, protocol.ErrNotFound},
		{"berserk outside a game", ann, func(c *client.Conn) error { return c.Berserk(ctx) }, protocol.ErrNoGame},
	}
	for _, r := range refusals {
		if err := r.do(r.c); errCode(err) != r.code {
			t.Errorf("%s: %v, want %s", r.name, err, r.code)
		}
	}

	a, err := ann.CreateArena(ctx, client.ArenaRequest{Name: "Ann's blitz", Variant: "bashni", Clock: blitz, Minutes: 30, Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != "running" || a.By != "Ann" || a.Minutes != 30 || a.Ends-a.Starts != 30*60*1000 {
		t.Fatalf("created %+v", a.ArenaInfo)
	}
	if _, err := anon.JoinArena(ctx, a.ID); errCode(err) != protocol.ErrNameRequired {
		t.Fatalf("anonymous join: %v", err)
	}
	list, err := anon.Arenas(ctx)
	if err != nil || len(list) != 1 || list[0].ID != a.ID {
		t.Fatalf("arenas %+v %v", list, err)
	}
	// The burst is 2: the third arena from one address waits.
	coming, err := bob.CreateArena(ctx, client.ArenaRequest{Name: "Bob's", Clock: blitz, Minutes: 30, StartsIn: 3600})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cid.CreateArena(ctx, client.ArenaRequest{Name: "Cid's", Clock: blitz, Minutes: 30}); errCode(err) != protocol.ErrRateLimited {
		t.Fatalf("third arena: %v", err)
	}

	// Ann and Bob join and are paired.
	for _, c := range []*client.Conn{ann, bob} {
		if _, err := c.JoinArena(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []*client.Conn{ann, bob} {
		waitFor(t, c, "a pairing", func(ev client.Event) bool { return ev.Kind == client.KindArenaPaired && ev.ArenaID == a.ID })
	}
	white, black := ann, bob
	if ann.Seat().Color == protocol.Black {
		white, black = bob, ann
	}
	game := white.Seat().Game
	if black.Seat().Game != game || white.State().Arena != a.ID || white.State().Status != protocol.StatusPlaying {
		t.Fatalf("seats %+v %+v, state %+v", white.Seat(), black.Seat(), white.State())
	}
	// White goes berserk: half the clock.
	if err := white.Berserk(ctx); err != nil {
		t.Fatal(err)
	}
	if s := white.State(); len(s.Berserk) != 1 || s.Berserk[0] != protocol.White || s.Clocks.White > 90_000 || s.Clocks.Black != 180_000 {
		t.Fatalf("after berserk: %v %+v", s.Berserk, s.Clocks)
	}
	g := newRulesGame(3)
	playMove(t, g, white, black)
	if err := white.Berserk(ctx); errCode(err) != protocol.ErrAlreadyOffered {
		t.Fatalf("berserk twice: %v", err)
	}
	if err := black.RequestTakeback(ctx); errCode(err) != protocol.ErrNotArena {
		t.Fatalf("takeback: %v", err)
	}
	playMove(t, g, white, black)
	if err := black.Berserk(ctx); errCode(err) != protocol.ErrTooLate {
		t.Fatalf("berserk after moving: %v", err)
	}
	// The seat's token resumes the game from another connection.
	again := dial(t, n.url)
	if _, err := again.Resume(ctx, game, black.Seat().Token); err != nil {
		t.Fatalf("resume with the arena's token: %v", err)
	}
	again.Close()
	if _, err := black.Resume(ctx, game, black.Seat().Token); err != nil {
		t.Fatal(err)
	}
	if err := black.Resign(ctx); err != nil {
		t.Fatal(err)
	}
	// The table shows White's win (no berserk point: the game was short).
	waitFor(t, white, "the table after the game", func(ev client.Event) bool {
		return ev.Kind == client.KindArena && len(ev.Arena.Standings) == 2 && ev.Arena.Standings[0].Points == 2 &&
			ev.Arena.You != nil && ev.Arena.You.Rank == 1
	})
	// Cid comes: the next game is not the same two again.
	if _, err := cid.JoinArena(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	ev := waitFor(t, cid, "Cid's pairing", func(ev client.Event) bool { return ev.Kind == client.KindArenaPaired })
	if ev.Game == game {
		t.Fatal("paired into the old game")
	}
	// Whoever waits leaves: the table shows them paused.
	waiting := ann
	if bob.Seat().Game != ev.Game {
		waiting = bob
	}
	if err := waiting.LeaveArena(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, cid, "the pause in the table", func(ev client.Event) bool {
		if ev.Kind != client.KindArena {
			return false
		}
		for _, r := range ev.Arena.Standings {
			if r.Paused {
				return true
			}
		}
		return false
	})

	// The arena's page.
	page, err := getArena(n.url, a.ID)
	if err != nil || len(page.Standings) != 3 || page.Standings[0].Points != 2 {
		t.Fatalf("page %+v %v", page, err)
	}
	for path, want := range map[string]int{"K7MP2QAB": http.StatusNotFound, "K7M": http.StatusBadRequest} {
		resp, err := http.Get(n.url + protocol.ArenasPath + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET arena %s: %s, want %d", path, resp.Status, want)
		}
	}
	// Cid enters Bob's coming arena too.
	if _, err := cid.JoinArena(ctx, coming.ID); err != nil {
		t.Fatal(err)
	}
	// Cid's profile lists the arenas: the running one by its free name as
	// Ann typed it, no schedule code, and Cid's place out of the three who
	// entered; the coming one with its start (an hour ahead), which is all
	// a profile can say of it.
	prof, err := anon.Profile(ctx, "Cid")
	if err != nil {
		t.Fatal(err)
	}
	if len(prof.Arenas) != 2 {
		t.Fatalf("Cid's profile arenas %+v, want Ann's and Bob's", prof.Arenas)
	}
	lines := map[string]protocol.ArenaLine{}
	for _, l := range prof.Arenas {
		lines[l.ID] = l
	}
	if l := lines[a.ID]; l.Name != "Ann's blitz" || l.Sched != "" || l.Players != 3 || l.Rank < 1 || l.Rank > 3 || l.Status != "running" || l.Starts != a.Starts || l.Ends != a.Ends {
		t.Errorf("Cid's profile arena %+v, want %s \"Ann's blitz\" without a schedule, a place of 3, running from %d to %d", l, a.ID, a.Starts, a.Ends)
	}
	if l := lines[coming.ID]; l.Name != "Bob's" || l.Status != "coming" || l.Starts != coming.Starts || l.Ends != coming.Ends || l.Starts-time.Now().UnixMilli() < 3000_000 {
		t.Errorf("Cid's profile arena %+v, want %s \"Bob's\" coming, starting at %d (in an hour), ending at %d", l, coming.ID, coming.Starts, coming.Ends)
	}
}
