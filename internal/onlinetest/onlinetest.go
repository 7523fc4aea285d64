//go:build !js

// Package onlinetest gives the tests of the game's screens a real online
// server in the test's process and two players paired on it through the
// lobby, as the players' devices would be.
package onlinetest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"bashni/internal/testwait"
	"bashni/online/remote"
	"bashni/online/server"
	"bashni/online/store"
	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// Server starts a server on a fresh SQLite file with cfg's settings, and
// with no limit on messages, games created or attached that cfg leaves at
// its default (a test is quicker than a player); wrap, if set, stands in
// front of its handler (a slow network, say). It stops when the test ends.
func Server(t *testing.T, cfg server.Config, wrap func(http.Handler) http.Handler) (*server.Server, string) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store = st
	if cfg.MessagesPerSec == 0 {
		cfg.MessagesPerSec = -1
	}
	for _, limit := range []*int{&cfg.CreatePerMinute, &cfg.AttachPerMinute} {
		if *limit == 0 {
			*limit = -1
		}
	}
	srv, err := server.New(cfg)
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	h := srv.Handler()
	if wrap != nil {
		h = wrap(h)
	}
	hs := httptest.NewServer(h)
	t.Cleanup(func() { hs.Close(); srv.Close(); st.Close() })
	return srv, hs.URL
}

// Seat is one paired player: their account, their game's connection and
// session, and the device's store.
type Seat struct {
	Account *remote.Account
	Player  *remote.Player
	Session *session.Session
	Store   *storage.Store
}

// Pair has two players find each other by quick pairing on the server at
// url (a Bashni game, the lobby's third clock) and opens the game on both:
// the seek's owner first, its taker second. They are anonymous, or named
// names (the owner's and the taker's).
func Pair(ctx context.Context, t *testing.T, url string, names ...string) [2]Seat {
	t.Helper()
	var seats [2]Seat
	var accts [2]*remote.Account
	for i := range accts {
		seats[i].Store = storage.OpenMemory()
		acct, _, err := remote.OpenAccount(ctx, seats[i].Store, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(acct.Close)
		if i < len(names) {
			if _, err := acct.SetName(ctx, names[i]); err != nil {
				t.Fatalf("naming %s: %v", names[i], err)
			}
		}
		accts[i], seats[i].Account = acct, acct
	}
	o := remote.SeekOptions{Variant: rules.Bashni, Clock: remote.LobbyClocks[2]}
	if paired, err := accts[0].QuickPair(ctx, o); err != nil || paired {
		t.Fatalf("the seek: paired %v, %v", paired, err)
	}
	if paired, err := accts[1].QuickPair(ctx, o); err != nil || !paired {
		t.Fatalf("the pairing: paired %v, %v", paired, err)
	}
	for i, acct := range accts {
		code, ok := acct.Paired()
		if !ok {
			testwait.For(t, "the pairing told to the seek's owner", func() bool { code, ok = acct.Paired(); return ok })
		}
		p, err := remote.Open(ctx, url, code, seats[i].Store)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(p.Close)
		cfg, err := p.Config()
		if err != nil {
			t.Fatal(err)
		}
		s, err := session.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		seats[i].Player, seats[i].Session = p, s
	}
	return seats
}
